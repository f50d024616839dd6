//! A snapshot's bytes: the engine's whole state ([`engine::persist`]) as
//! a header and then one frame per part, `[length: u32 LE][CRC32: u32 LE]
//! [part, postcard-encoded]` — the log's framing, with a part in place of
//! a change.
//!
//! A snapshot is written beside the log under a temporary name, synced,
//! and only then renamed into place (and the directory synced), so a
//! snapshot that has its name is whole: unlike the log's tail, any damage
//! in it is damage, and the start stops rather than guess. Reading checks
//! and decodes each part on a thread of its own while the engine takes in
//! the part before.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::sync::mpsc;

use engine::Engine;
use engine::persist::{Part, Restore};

/// The first bytes of every snapshot: what it is and its format's version.
pub const HEADER: &[u8; 16] = b"ddbplay snap v1\n";

/// A part is about a megabyte of items, or one item, record or client
/// token that is larger (a transaction's request text can reach 4 MB):
/// a frame larger than this is damage.
const MAX_FRAME: usize = 32 << 20;

/// What writing a snapshot made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub bytes: u64,
    pub parts: u64,
}

/// Writes `engine`'s state to `path` (under `path` + `.tmp` until it is
/// whole and synced).
pub fn write(engine: &Engine, path: &Path) -> Result<Written, String> {
    let temporary = path.with_extension("tmp");
    let failed = |e: std::io::Error| format!("{}: {e}", temporary.display());
    let file = File::create(&temporary).map_err(failed)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    out.write_all(HEADER).map_err(failed)?;
    let mut written = Written {
        bytes: HEADER.len() as u64,
        parts: 0,
    };
    let mut encoded = Vec::new();
    engine.snapshot(|part| {
        encoded.clear();
        encoded = postcard::to_extend(&part, std::mem::take(&mut encoded))
            .map_err(|e| format!("{}: a part could not be encoded: {e}", temporary.display()))?;
        out.write_all(&(encoded.len() as u32).to_le_bytes())
            .and_then(|()| out.write_all(&crc32fast::hash(&encoded).to_le_bytes()))
            .and_then(|()| out.write_all(&encoded))
            .map_err(failed)?;
        written.bytes += 8 + encoded.len() as u64;
        written.parts += 1;
        Ok::<(), String>(())
    })?;
    let file = out.into_inner().map_err(|e| failed(e.into_error()))?;
    file.sync_all().map_err(failed)?;
    std::fs::rename(&temporary, path).map_err(failed)?;
    if let Some(dir) = path.parent() {
        File::open(dir).and_then(|d| d.sync_all()).map_err(failed)?;
    }
    Ok(written)
}

/// A snapshot that cannot be read back.
#[derive(Debug, PartialEq)]
pub struct Damaged {
    pub offset: u64,
    pub part: u64,
    pub why: String,
}

impl Damaged {
    /// "`path` is damaged at byte N (part P): why".
    pub fn describe(&self, path: &Path) -> String {
        format!(
            "{} is damaged at byte {} (part {}): {}",
            path.display(),
            self.offset,
            self.part,
            self.why
        )
    }
}

/// Reads the snapshot at `path` back into an engine.
pub fn read(path: &Path) -> Result<Engine, Damaged> {
    let file = File::open(path).map_err(|e| Damaged {
        offset: 0,
        part: 0,
        why: e.to_string(),
    })?;
    let length = file.metadata().map(|m| m.len()).unwrap_or(0);
    let (parts, arriving) = mpsc::sync_channel::<(u64, u64, Part)>(64);
    let reader = std::thread::Builder::new()
        .name("ddbplay-snapshot-reader".into())
        .spawn(move || {
            read_parts(
                std::io::BufReader::with_capacity(1 << 20, file),
                length,
                parts,
            )
        })
        .map_err(|e| Damaged {
            offset: 0,
            part: 0,
            why: e.to_string(),
        })?;
    let mut restore = Restore::new();
    let mut refused = None;
    for (offset, number, part) in arriving.iter() {
        if let Err(why) = restore.add(part) {
            refused = Some(Damaged {
                offset,
                part: number,
                why,
            });
            break;
        }
    }
    drop(arriving);
    let read = reader.join().unwrap_or_else(|_| {
        Err(Damaged {
            offset: 0,
            part: 0,
            why: "the reader stopped".into(),
        })
    });
    if let Some(refused) = refused {
        return Err(refused);
    }
    read?;
    restore.finish().map_err(|why| Damaged {
        offset: length,
        part: 0,
        why,
    })
}

/// Reads, checks and decodes every frame of `input` (`length` bytes),
/// handing each part on with where it starts and its number.
fn read_parts(
    mut input: impl Read,
    length: u64,
    parts: mpsc::SyncSender<(u64, u64, Part)>,
) -> Result<(), Damaged> {
    let mut header = [0u8; 16];
    if input.read_exact(&mut header).is_err() || &header != HEADER {
        return Err(Damaged {
            offset: 0,
            part: 0,
            why: "it does not start as a ddbplay snapshot".into(),
        });
    }
    let (mut at, mut number) = (HEADER.len() as u64, 0);
    let mut payload = Vec::new();
    while at < length {
        number += 1;
        let damaged = |why: &str| Damaged {
            offset: at,
            part: number,
            why: why.to_string(),
        };
        let mut head = [0u8; 8];
        input
            .read_exact(&mut head)
            .map_err(|_| damaged("it is cut short"))?;
        let size = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as usize;
        let checksum = u32::from_le_bytes(head[4..].try_into().expect("4 bytes"));
        if size > MAX_FRAME || at + 8 + size as u64 > length {
            return Err(damaged(
                "its length is past the end or larger than any part",
            ));
        }
        payload.resize(size, 0);
        input
            .read_exact(&mut payload)
            .map_err(|_| damaged("it is cut short"))?;
        if crc32fast::hash(&payload) != checksum {
            return Err(damaged("its checksum does not match"));
        }
        let part: Part = postcard::from_bytes(&payload)
            .map_err(|e| damaged(&format!("it does not decode ({e})")))?;
        if parts.send((at, number, part)).is_err() {
            // The engine refused a part: that is the error to report.
            return Ok(());
        }
        at += 8 + size as u64;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine_with_items(n: usize) -> Engine {
        let mut engine = Engine::new();
        engine.set_clock(1_700_000_000.0);
        let create = r#"{"TableName":"kept","BillingMode":"PAY_PER_REQUEST",
            "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"N","AttributeType":"N"}],
            "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
            "GlobalSecondaryIndexes":[{"IndexName":"byN","KeySchema":[{"AttributeName":"N","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]}"#;
        assert_eq!(
            engine::api::handle(&mut engine, "CreateTable", create.as_bytes()).status,
            200
        );
        for i in 0..n {
            let put = format!(
                r#"{{"TableName":"kept","Item":{{"PK":{{"S":"item{i}"}},"N":{{"N":"{i}.5"}},"B":{{"B":"AAEC"}},"L":{{"L":[{{"SS":["a","b"]}},{{"M":{{"x":{{"BOOL":true}}}}}}]}}}}}}"#
            );
            assert_eq!(
                engine::api::handle(&mut engine, "PutItem", put.as_bytes()).status,
                200
            );
        }
        engine
    }

    fn scan(engine: &mut Engine, index: &str) -> String {
        let body = format!(r#"{{"TableName":"kept"{index}}}"#);
        engine::api::handle(engine, "Scan", body.as_bytes()).body
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ddbplay-snap-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_snapshot_reads_back_as_the_engine_it_was_written_from() {
        let dir = temp("roundtrip");
        let mut original = engine_with_items(500);
        let path = dir.join("snapshot-00000001");
        let written = write(&original, &path).unwrap();
        assert!(!path.with_extension("tmp").exists());
        assert_eq!(written.bytes, std::fs::metadata(&path).unwrap().len());
        let mut copy = read(&path).unwrap();
        assert_eq!(scan(&mut copy, ""), scan(&mut original, ""));
        let index = r#","IndexName":"byN""#;
        assert_eq!(scan(&mut copy, index), scan(&mut original, index));
        assert!(scan(&mut copy, "").contains(r#""Count":500"#));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn any_damage_in_a_snapshot_is_named_and_nothing_is_guessed() {
        let dir = temp("damage");
        let path = dir.join("snapshot-00000001");
        write(&engine_with_items(50), &path).unwrap();
        let whole = std::fs::read(&path).unwrap();
        let with = |bytes: &[u8]| {
            std::fs::write(&path, bytes).unwrap();
            read(&path).err().unwrap()
        };
        // The engine part is the first frame, right after the header.
        let mut flipped = whole.clone();
        flipped[16 + 8 + 2] ^= 0x10;
        assert_eq!(
            with(&flipped),
            Damaged {
                offset: 16,
                part: 1,
                why: "its checksum does not match".into()
            }
        );
        let damage = with(&whole[..whole.len() - 1]);
        assert_eq!(
            damage.why,
            "its length is past the end or larger than any part"
        );
        // Without its last frame (the end), it stops before its end.
        let last_frame = {
            let mut at = 16;
            let mut last = 16;
            while at < whole.len() {
                last = at;
                at += 8 + u32::from_le_bytes(whole[at..at + 4].try_into().unwrap()) as usize;
            }
            last
        };
        assert_eq!(with(&whole[..last_frame]).why, "it stops before its end");
        assert_eq!(
            with(b"ddbplay log v1\n\0").why,
            "it does not start as a ddbplay snapshot"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
