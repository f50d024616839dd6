//! DynamoDB Streams: turning a table's stream on and off, and reading it
//! the way DynamoDB Streams clients do — ListStreams, DescribeStream,
//! GetShardIterator and GetRecords. Each stream has one shard, open while
//! the stream is enabled.
//!
//! Where DynamoDB's behaviour is not documented, the engine's choice is
//! written here: a stream turned off and on again starts afresh (the old
//! one's records are not kept); shard iterators are opaque base64 text that
//! expires after 15 minutes of the engine's clock.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use super::Engine;
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::table::{Stream, StreamRecord, StreamViewType, Table, stream_label};

/// The account and region every ARN names.
use super::tags::TABLE_ARN_PREFIX as ARN_PREFIX;

/// How long a shard iterator may be used, in seconds.
pub const ITERATOR_LIFETIME_SECONDS: f64 = 15.0 * 60.0;

pub use crate::limits::MAX_GET_RECORDS;

/// `StreamSpecification` of CreateTable and UpdateTable.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StreamSpecification {
    /// `StreamEnabled`.
    pub enabled: bool,
    /// `StreamViewType`.
    pub view_type: Option<String>,
}

impl StreamSpecification {
    /// The view type of an enabled stream, `None` for a disabled one.
    pub fn view_type(&self) -> Result<Option<StreamViewType>> {
        let view = match &self.view_type {
            None => None,
            Some(name) => Some(StreamViewType::from_name(name).ok_or_else(|| {
                Violation::new(
                    name,
                    "streamSpecification.streamViewType",
                    Rule::OneOf("NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY"),
                )
            })?),
        };
        match (self.enabled, view) {
            (true, None) => Err(Error::invalid_parameter(
                "StreamViewType is required when StreamEnabled is true",
            )),
            (true, view) => Ok(view),
            (false, _) => Ok(None),
        }
    }
}

/// Checks that a table's stream can be turned on (`Some`) or off (`None`).
pub(super) fn check_stream_change(table: &Table, view: Option<StreamViewType>) -> Result<()> {
    let enabled = table.stream.as_ref().is_some_and(|s| s.enabled);
    let name = &table.description.name;
    match (view, enabled) {
        (Some(_), true) => Err(Error::validation(format!(
            "Table already has an enabled stream: TableName: {name}"
        ))),
        (None, false) => Err(Error::validation(format!(
            "Table has no stream to disable: TableName: {name}"
        ))),
        _ => Ok(()),
    }
}

/// Turns a table's stream on (a new stream) or off (it keeps its records).
pub(super) fn apply_stream_change(table: &mut Table, view: Option<StreamViewType>, now: f64) {
    match view {
        Some(view) => table.stream = Some(Stream::new(view, now)),
        None => {
            if let Some(stream) = &mut table.stream {
                stream.enabled = false;
            }
        }
    }
}

/// A stream's ARN.
pub fn stream_arn(table: &str, stream: &Stream) -> String {
    format!(
        "{ARN_PREFIX}{table}/stream/{}",
        stream_label(stream.created_at)
    )
}

/// The one shard's id: when the stream began, and a mark of its table.
pub fn shard_id(table: &str, stream: &Stream) -> String {
    let millis = (stream.created_at * 1000.0).round().max(0.0) as u64;
    let mark = xxhash_rust::xxh3::xxh3_64(table.as_bytes()) as u32;
    format!("shardId-{millis:020}-{mark:08x}")
}

/// A sequence number as DynamoDB Streams writes it: a decimal string that
/// sorts as it counts.
pub fn sequence_text(sequence: u64) -> String {
    format!("{sequence:021}")
}

/// One stream, as ListStreams lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamSummary {
    pub arn: String,
    pub table_name: String,
    pub label: String,
}

/// A stream, as DescribeStream describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamDescription {
    pub summary: StreamSummary,
    pub view_type: StreamViewType,
    pub enabled: bool,
    pub created_at: f64,
    pub shard_id: String,
    /// First and (once the stream is off) last sequence numbers of the shard.
    pub sequence_range: (u64, Option<u64>),
    pub key_schema: crate::key::KeySchema,
}

/// Where to start reading (`ShardIteratorType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IteratorStart {
    TrimHorizon,
    Latest,
    AtSequence(u64),
    AfterSequence(u64),
}

/// What GetRecords read.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordsPage {
    pub records: Vec<StreamRecord>,
    pub table_name: String,
    pub view_type: StreamViewType,
    /// Where to go on; `None` once a closed shard is read to its end.
    pub next_iterator: Option<String>,
}

impl Engine {
    /// Runs `f`, then forgets the stream records the writes in it made: for
    /// a front end that tries a write to measure it and undoes it, so that
    /// neither the write nor its undoing shows in any stream.
    pub fn without_stream_records<R>(&mut self, f: impl FnOnce(&mut Engine) -> R) -> R {
        let marks: Vec<(String, u64)> = self
            .tables
            .iter()
            .filter_map(|(name, t)| t.stream.as_ref().map(|s| (name.clone(), s.next_sequence())))
            .collect();
        let out = f(self);
        for (name, first) in marks {
            if let Some(stream) = self.tables.get_mut(&name).and_then(|t| t.stream.as_mut()) {
                stream.forget_from(first);
            }
        }
        out
    }

    /// The table and stream an ARN names.
    fn stream_of(&self, arn: &str) -> Result<(&Table, &Stream)> {
        let not_found = || {
            Error::ResourceNotFound(format!(
                "Requested resource not found: Stream: {arn} not found"
            ))
        };
        let rest = arn.strip_prefix(ARN_PREFIX).ok_or_else(not_found)?;
        let (table_name, label) = rest.split_once("/stream/").ok_or_else(not_found)?;
        let table = self.table(table_name).ok_or_else(not_found)?;
        let stream = table.stream.as_ref().ok_or_else(not_found)?;
        if stream_label(stream.created_at) != label {
            return Err(not_found());
        }
        Ok((table, stream))
    }

    /// ListStreams: every stream, or the one of `table_name`.
    pub fn list_streams(&self, table_name: Option<&str>) -> Result<Vec<StreamSummary>> {
        if let Some(name) = table_name
            && self.table(name).is_none()
        {
            return Err(Error::resource_not_found());
        }
        Ok(self
            .table_names()
            .filter(|name| table_name.is_none_or(|t| t == *name))
            .filter_map(|name| {
                let table = self.table(name)?;
                let stream = table.stream.as_ref()?;
                Some(StreamSummary {
                    arn: stream_arn(name, stream),
                    table_name: name.to_string(),
                    label: stream_label(stream.created_at),
                })
            })
            .collect())
    }

    /// DescribeStream.
    pub fn describe_stream(&self, arn: &str) -> Result<StreamDescription> {
        let (table, stream) = self.stream_of(arn)?;
        let name = &table.description.name;
        let last = stream.next_sequence() - 1;
        Ok(StreamDescription {
            summary: StreamSummary {
                arn: stream_arn(name, stream),
                table_name: name.clone(),
                label: stream_label(stream.created_at),
            },
            view_type: stream.view_type,
            enabled: stream.enabled,
            created_at: stream.created_at,
            shard_id: shard_id(name, stream),
            sequence_range: (
                stream
                    .records
                    .front()
                    .map_or(stream.next_sequence(), |r| r.sequence),
                (!stream.enabled).then_some(last),
            ),
            key_schema: table.description.key_schema.clone(),
        })
    }

    /// GetShardIterator.
    pub fn get_shard_iterator(
        &self,
        arn: &str,
        shard: &str,
        start: IteratorStart,
    ) -> Result<String> {
        let (table, stream) = self.stream_of(arn)?;
        if shard != shard_id(&table.description.name, stream) {
            return Err(Error::ResourceNotFound(format!(
                "Requested resource not found: Shard does not exist: {shard}"
            )));
        }
        let oldest = stream
            .records
            .front()
            .map_or(stream.next_sequence(), |r| r.sequence);
        let position = match start {
            IteratorStart::TrimHorizon => oldest,
            IteratorStart::Latest => stream.next_sequence(),
            IteratorStart::AtSequence(n) | IteratorStart::AfterSequence(n) => {
                if n < oldest || n >= stream.next_sequence() {
                    return Err(Error::TrimmedDataAccess(format!(
                        "The operation attempted to read past the oldest stream record in a shard, or the sequence number {} is not in the shard",
                        sequence_text(n)
                    )));
                }
                if matches!(start, IteratorStart::AtSequence(_)) {
                    n
                } else {
                    n + 1
                }
            }
        };
        Ok(iterator(arn, shard, position, self.now))
    }

    /// GetRecords: from where the iterator points, at most `limit` records.
    pub fn get_records(&self, iterator_text: &str, limit: Option<usize>) -> Result<RecordsPage> {
        let limit = limit.unwrap_or(MAX_GET_RECORDS);
        const LIMIT: &[Rule] = &[Rule::AtLeast(1), Rule::AtMost(MAX_GET_RECORDS as i64)];
        let shown = i64::try_from(limit).unwrap_or(i64::MAX);
        constraint::check(constraint::number(shown, "limit", LIMIT))?;
        let (arn, shard, position, issued) = parse_iterator(iterator_text)?;
        if self.now - issued > ITERATOR_LIFETIME_SECONDS {
            return Err(Error::ExpiredIterator(
                "Iterator expired. The iterator was created more than 15 minutes ago.".into(),
            ));
        }
        let (table, stream) = self.stream_of(&arn)?;
        let oldest = stream
            .records
            .front()
            .map_or(stream.next_sequence(), |r| r.sequence);
        if position < oldest {
            return Err(Error::TrimmedDataAccess(
                "The operation attempted to read past the oldest stream record in a shard".into(),
            ));
        }
        let records: Vec<StreamRecord> = stream
            .records
            .iter()
            .filter(|r| r.sequence >= position)
            .take(limit)
            .cloned()
            .collect();
        let next = records.last().map_or(position, |r| r.sequence + 1);
        let exhausted = !stream.enabled && next >= stream.next_sequence();
        Ok(RecordsPage {
            records,
            table_name: table.description.name.clone(),
            view_type: stream.view_type,
            next_iterator: (!exhausted).then(|| iterator(&arn, &shard, next, self.now)),
        })
    }
}

fn iterator(arn: &str, shard: &str, position: u64, issued: f64) -> String {
    STANDARD.encode(format!("{arn}|{shard}|{position}|{issued}"))
}

fn parse_iterator(text: &str) -> Result<(String, String, u64, f64)> {
    let invalid = || Error::validation("Invalid ShardIterator");
    let decoded = STANDARD.decode(text).map_err(|_| invalid())?;
    let decoded = String::from_utf8(decoded).map_err(|_| invalid())?;
    let mut parts = decoded.split('|');
    let (Some(arn), Some(shard), Some(position), Some(issued), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return Err(invalid());
    };
    Ok((
        arn.to_string(),
        shard.to_string(),
        position.parse().map_err(|_| invalid())?,
        issued.parse().map_err(|_| invalid())?,
    ))
}
