//! The log's bytes: a header, then one record per change, each
//! `[payload length: u32 LE][CRC32 of the payload: u32 LE][payload]`.
//! A payload is a kind byte, the server's clock when the change was made
//! (f64 LE, seconds since 1970), and for a request its operation's name
//! (u16 LE length, UTF-8) and its JSON body as it arrived.
//!
//! Reading tells a crash from damage: a crash can only leave the last
//! record short or half-written (the log is only ever appended to), so a
//! bad record at the very end is a torn tail, ignored; a bad record with
//! whole records after it is damage, and nothing is guessed.

/// The first bytes of every log: what it is and its format's version.
pub const HEADER: &[u8; 16] = b"ddbplay log v1\n\0";

/// A record's payload is at most DynamoDB's largest request or the
/// largest playground file, and a little.
pub const MAX_PAYLOAD: usize =
    if engine::limits::MAX_REQUEST_BYTES > web::limits::MAX_DOCUMENT_BYTES {
        engine::limits::MAX_REQUEST_BYTES
    } else {
        web::limits::MAX_DOCUMENT_BYTES
    } + 1024;

const KIND_REQUEST: u8 = 1;
const KIND_EXPIRE: u8 = 2;
const KIND_LOAD: u8 = 3;

/// One change, as the server made it.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// A request DynamoDB's API answered with 200, replayed as it came.
    Request {
        clock: f64,
        operation: String,
        body: Vec<u8>,
    },
    /// A sweep that deleted items whose time to live had passed.
    Expire { clock: f64 },
    /// The playground the server was started with (`--load`), as a
    /// `.ddbplay.json` file's text: only ever the first record.
    Load { clock: f64, document: String },
}

impl Entry {
    /// The record: length, checksum, payload.
    pub fn encode(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        match self {
            Entry::Request {
                clock,
                operation,
                body,
            } => {
                payload.push(KIND_REQUEST);
                payload.extend_from_slice(&clock.to_le_bytes());
                payload.extend_from_slice(&(operation.len() as u16).to_le_bytes());
                payload.extend_from_slice(operation.as_bytes());
                payload.extend_from_slice(body);
            }
            Entry::Expire { clock } => {
                payload.push(KIND_EXPIRE);
                payload.extend_from_slice(&clock.to_le_bytes());
            }
            Entry::Load { clock, document } => {
                payload.push(KIND_LOAD);
                payload.extend_from_slice(&clock.to_le_bytes());
                payload.extend_from_slice(document.as_bytes());
            }
        }
        let mut record = Vec::with_capacity(payload.len() + 8);
        record.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        record.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        record.extend_from_slice(&payload);
        record
    }

    fn decode(payload: &[u8]) -> Option<Entry> {
        let (&kind, rest) = payload.split_first()?;
        let clock = f64::from_le_bytes(rest.get(..8)?.try_into().ok()?);
        let rest = &rest[8..];
        match kind {
            KIND_EXPIRE if rest.is_empty() => Some(Entry::Expire { clock }),
            KIND_LOAD => Some(Entry::Load {
                clock,
                document: std::str::from_utf8(rest).ok()?.to_string(),
            }),
            KIND_REQUEST => {
                let length = u16::from_le_bytes(rest.get(..2)?.try_into().ok()?) as usize;
                let operation = std::str::from_utf8(rest.get(2..2 + length)?).ok()?;
                Some(Entry::Request {
                    clock,
                    operation: operation.to_string(),
                    body: rest[2 + length..].to_vec(),
                })
            }
            _ => None,
        }
    }
}

/// What reading a log found (the tests read whole logs in memory).
#[cfg(test)]
#[derive(Debug, PartialEq)]
pub struct Read {
    pub entries: Vec<Entry>,
    /// The length of the whole records: where the next one is appended.
    pub whole: usize,
    /// A torn or damaged last record: where it starts, and what is wrong.
    pub torn: Option<(usize, &'static str)>,
}

/// A log that cannot be read without guessing.
#[derive(Debug, PartialEq)]
pub struct Damaged {
    pub offset: usize,
    pub record: usize,
    pub why: &'static str,
}

/// Reads a log's bytes (header included).
#[cfg(test)]
pub fn read(bytes: &[u8]) -> Result<Read, Damaged> {
    let mut entries = Vec::new();
    let (whole, torn) = read_from(bytes, bytes.len(), |entry| entries.push(entry))?;
    Ok(Read {
        entries,
        whole,
        torn,
    })
}

/// Reads a log of `length` bytes from `input` record by record, handing
/// each whole record to `each` as it is read: a log larger than memory is
/// never held whole. Returns where the whole records end and the torn
/// last record, if any.
#[allow(clippy::type_complexity)]
pub fn read_from(
    mut input: impl std::io::Read,
    length: usize,
    mut each: impl FnMut(Entry),
) -> Result<(usize, Option<(usize, &'static str)>), Damaged> {
    let damaged = |offset, record, why| Damaged {
        offset,
        record,
        why,
    };
    let mut header = [0u8; 16];
    if length < HEADER.len() || input.read_exact(&mut header).is_err() || &header != HEADER {
        return Err(damaged(0, 0, "it does not start as a ddbplay log"));
    }
    let mut at = HEADER.len();
    let mut records = 0;
    let mut payload = Vec::new();
    while at < length {
        let mut head = [0u8; 8];
        if at + 8 > length || input.read_exact(&mut head).is_err() {
            return Ok((at, Some((at, "its length and checksum are cut short"))));
        }
        let size = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as usize;
        let checksum = u32::from_le_bytes(head[4..].try_into().expect("4 bytes"));
        let end = at + 8 + size;
        if size > MAX_PAYLOAD && end < length {
            return Err(damaged(
                at,
                records + 1,
                "its length is larger than any request, and bytes follow it",
            ));
        }
        if end > length {
            return Ok((at, Some((at, "it is cut short"))));
        }
        payload.resize(size, 0);
        if input.read_exact(&mut payload).is_err() {
            return Ok((at, Some((at, "it is cut short"))));
        }
        let entry = (crc32fast::hash(&payload) == checksum)
            .then(|| Entry::decode(&payload))
            .flatten();
        match entry {
            Some(entry) => each(entry),
            None if end == length => return Ok((at, Some((at, "its checksum does not match")))),
            None => {
                return Err(damaged(
                    at,
                    records + 1,
                    "its checksum does not match, and whole records follow it",
                ));
            }
        }
        records += 1;
        at = end;
    }
    Ok((at, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(entries: &[Entry]) -> Vec<u8> {
        let mut bytes = HEADER.to_vec();
        for e in entries {
            bytes.extend(e.encode());
        }
        bytes
    }

    fn put(n: u8) -> Entry {
        Entry::Request {
            clock: 1_700_000_000.5,
            operation: "PutItem".into(),
            body: format!(r#"{{"TableName":"t","Item":{{"PK":{{"S":"{n}"}}}}}}"#).into_bytes(),
        }
    }

    #[test]
    fn every_entry_reads_back_as_it_was_written() {
        let entries = vec![
            Entry::Load {
                clock: 1.0,
                document: "{\"format\": 1}".into(),
            },
            put(1),
            Entry::Expire { clock: 5.25 },
            put(2),
        ];
        let bytes = log(&entries);
        assert_eq!(
            read(&bytes).unwrap(),
            Read {
                entries,
                whole: bytes.len(),
                torn: None
            }
        );
    }

    #[test]
    fn a_last_record_cut_anywhere_is_a_torn_tail_and_the_rest_is_kept() {
        let whole = log(&[put(1), put(2)]);
        let first_end = log(&[put(1)]).len();
        for cut in first_end + 1..whole.len() {
            let read = read(&whole[..cut]).unwrap();
            assert_eq!(read.entries, vec![put(1)], "cut at {cut}");
            assert_eq!(read.whole, first_end);
            assert_eq!(read.torn.map(|t| t.0), Some(first_end));
        }
    }

    #[test]
    fn a_damaged_last_record_is_torn_but_damage_before_whole_records_stops() {
        let mut bytes = log(&[put(1), put(2)]);
        let last = bytes.len() - 3;
        bytes[last] ^= 0x40;
        let read = read(&bytes).unwrap();
        assert_eq!(read.entries, vec![put(1)]);
        assert_eq!(read.torn.unwrap().1, "its checksum does not match");

        let mut bytes = log(&[put(1), put(2)]);
        bytes[HEADER.len() + 12] ^= 0x40;
        assert_eq!(
            super::read(&bytes).unwrap_err(),
            Damaged {
                offset: 16,
                record: 1,
                why: "its checksum does not match, and whole records follow it"
            }
        );
        assert_eq!(
            super::read(b"not a log at all").unwrap_err().why,
            "it does not start as a ddbplay log"
        );
    }
}
