//! The DynamoDB Streams API (`X-Amz-Target: DynamoDBStreams_20120810.<Op>`):
//! ListStreams, DescribeStream, GetShardIterator and GetRecords, decoded
//! and answered in the shapes boto3's `dynamodbstreams` client expects.

use serde::Deserialize;
use serde_json::{Value as Json, json};

use super::attribute_value::encode_item;
use super::requests::parse_body;
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::ops::{Engine, IteratorStart, sequence_text};
use crate::table::StreamRecord;

/// The target prefix of the Streams API.
pub const TARGET_PREFIX: &str = "DynamoDBStreams_20120810.";

/// The operations of the Streams API.
pub const OPERATIONS: [&str; 4] = [
    "ListStreams",
    "DescribeStream",
    "GetShardIterator",
    "GetRecords",
];

fn required<T>(value: Option<T>, field: &str) -> Result<T> {
    value.ok_or_else(|| Violation::missing(field).into())
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct StreamsWire {
    table_name: Option<String>,
    stream_arn: Option<String>,
    shard_id: Option<String>,
    shard_iterator_type: Option<String>,
    sequence_number: Option<String>,
    shard_iterator: Option<String>,
    limit: Option<i64>,
    exclusive_start_stream_arn: Option<String>,
    exclusive_start_shard_id: Option<String>,
    shard_filter: Option<ShardFilterWire>,
}

/// DescribeStream's `ShardFilter`: the children of one shard.
#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ShardFilterWire {
    #[serde(rename = "Type")]
    kind: Option<String>,
    shard_id: Option<String>,
}

/// `Limit` of ListStreams and DescribeStream: 1 to 100, 100 when absent.
const LIMIT: &[Rule] = &[Rule::AtLeast(1), Rule::AtMost(100)];

fn limit(given: Option<i64>) -> Result<usize> {
    let limit = given.unwrap_or(100);
    constraint::check(constraint::number(limit, "limit", LIMIT))?;
    Ok(limit as usize)
}

/// One page of `all` after `start` (by position; a start not among them
/// reads as a place in their order), at most `limit` long, and the last
/// one's name when more remain.
fn page<T>(
    all: Vec<T>,
    name: impl Fn(&T) -> &str,
    start: Option<&str>,
    limit: usize,
) -> (Vec<T>, Option<String>) {
    let after: Vec<T> = match start {
        None => all,
        Some(start) => match all.iter().position(|t| name(t) == start) {
            Some(at) => all.into_iter().skip(at + 1).collect(),
            None => all.into_iter().filter(|t| name(t) > start).collect(),
        },
    };
    let more = after.len() > limit;
    let page: Vec<T> = after.into_iter().take(limit).collect();
    let last = more
        .then(|| page.last().map(|t| name(t).to_string()))
        .flatten();
    (page, last)
}

/// A stream ARN's length, as the Streams API model declares it.
const STREAM_ARN: &[Rule] = &[Rule::LengthAtLeast(37), Rule::LengthAtMost(1024)];
/// A shard id's length.
const SHARD_ID: &[Rule] = &[Rule::LengthAtLeast(28), Rule::LengthAtMost(65)];
/// A sequence number's length.
const SEQUENCE_NUMBER: &[Rule] = &[Rule::LengthAtLeast(21), Rule::LengthAtMost(40)];
/// A shard iterator's length.
const SHARD_ITERATOR: &[Rule] = &[Rule::LengthAtLeast(1), Rule::LengthAtMost(2048)];
/// `GetRecords`'s `Limit`.
const RECORDS_LIMIT: &[Rule] = &[Rule::AtLeast(1), Rule::AtMost(1000)];
/// `ShardIteratorType`'s members, as its refusal lists them.
const ITERATOR_TYPES: Rule =
    Rule::OneOf("AFTER_SEQUENCE_NUMBER, LATEST, AT_SEQUENCE_NUMBER, TRIM_HORIZON");
const ITERATOR_KINDS: [&str; 4] = [
    "AFTER_SEQUENCE_NUMBER",
    "LATEST",
    "AT_SEQUENCE_NUMBER",
    "TRIM_HORIZON",
];

/// The request's own constraints, as the Streams API model declares them
/// (required members, lengths, ranges, enumerations), reported together
/// before the operation runs, as DynamoDB reports a request's constraints.
fn constraints(operation: &str, wire: &StreamsWire) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut text = |value: Option<&String>, at: &str, rules: &[Rule], needed: bool| match value {
        // An enumeration is checked against its members, lengths by size.
        Some(value) if rules == [ITERATOR_TYPES] && !ITERATOR_KINDS.contains(&value.as_str()) => {
            out.push(Violation::new(value, at, ITERATOR_TYPES))
        }
        Some(value) => out.extend(constraint::text(value, at, rules)),
        None if needed => out.push(Violation::missing(at)),
        None => {}
    };
    match operation {
        "ListStreams" => {
            text(
                wire.table_name.as_ref(),
                "tableName",
                constraint::TABLE_NAME,
                false,
            );
            text(
                wire.exclusive_start_stream_arn.as_ref(),
                "exclusiveStartStreamArn",
                STREAM_ARN,
                false,
            );
        }
        "DescribeStream" => {
            text(wire.stream_arn.as_ref(), "streamArn", STREAM_ARN, true);
            text(
                wire.exclusive_start_shard_id.as_ref(),
                "exclusiveStartShardId",
                SHARD_ID,
                false,
            );
            if let Some(filter) = &wire.shard_filter {
                text(
                    filter.shard_id.as_ref(),
                    "shardFilter.shardId",
                    SHARD_ID,
                    false,
                );
            }
        }
        "GetShardIterator" => {
            text(wire.stream_arn.as_ref(), "streamArn", STREAM_ARN, true);
            text(wire.shard_id.as_ref(), "shardId", SHARD_ID, true);
            text(
                wire.shard_iterator_type.as_ref(),
                "shardIteratorType",
                &[ITERATOR_TYPES],
                true,
            );
            text(
                wire.sequence_number.as_ref(),
                "sequenceNumber",
                SEQUENCE_NUMBER,
                false,
            );
        }
        "GetRecords" => {
            text(
                wire.shard_iterator.as_ref(),
                "shardIterator",
                SHARD_ITERATOR,
                true,
            );
            if let Some(limit) = wire.limit {
                out.extend(constraint::number(limit, "limit", RECORDS_LIMIT));
            }
        }
        _ => {}
    }
    if matches!(operation, "ListStreams" | "DescribeStream")
        && let Some(limit) = wire.limit
    {
        out.extend(constraint::number(limit, "limit", LIMIT));
    }
    out
}

/// Runs one Streams operation on a JSON body.
pub fn dispatch(engine: &mut Engine, operation: &str, body: &[u8]) -> Result<String> {
    let wire: StreamsWire = parse_body(body)?;
    constraint::check(constraints(operation, &wire))?;
    Ok(match operation {
        "ListStreams" => {
            let limit = limit(wire.limit)?;
            let streams = engine.list_streams(wire.table_name.as_deref())?;
            let (streams, last) = page(
                streams,
                |s| s.arn.as_str(),
                wire.exclusive_start_stream_arn.as_deref(),
                limit,
            );
            let list: Vec<Json> = streams
                .iter()
                .map(|s| json!({"StreamArn": s.arn, "TableName": s.table_name, "StreamLabel": s.label}))
                .collect();
            let mut out = json!({"Streams": list});
            if let Some(last) = last {
                out["LastEvaluatedStreamArn"] = json!(last);
            }
            out.to_string()
        }
        "DescribeStream" => {
            let arn = required(wire.stream_arn, "streamArn")?;
            let limit = limit(wire.limit)?;
            let children_of = match wire.shard_filter {
                None => None,
                Some(filter) => {
                    let kind = required(filter.kind, "shardFilter.type")?;
                    if kind != "CHILD_SHARDS" {
                        return Err(Violation::new(
                            &kind,
                            "shardFilter.type",
                            Rule::OneOf("CHILD_SHARDS"),
                        )
                        .into());
                    }
                    Some(required(filter.shard_id, "shardFilter.shardId")?)
                }
            };
            let d = engine.describe_stream(&arn)?;
            let mut range = json!({"StartingSequenceNumber": sequence_text(d.sequence_range.0)});
            if let Some(last) = d.sequence_range.1 {
                range["EndingSequenceNumber"] = json!(sequence_text(last));
            }
            let mut key_schema =
                vec![json!({"AttributeName": d.key_schema.partition.name, "KeyType": "HASH"})];
            if let Some(sort) = &d.key_schema.sort {
                key_schema.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
            }
            // A stream here has one shard, which never splits: it is no
            // shard's child, and a page after it is empty.
            let shards = if children_of.is_some() {
                Vec::new()
            } else {
                vec![(d.shard_id.clone(), range)]
            };
            let (shards, last) = page(
                shards,
                |(id, _)| id.as_str(),
                wire.exclusive_start_shard_id.as_deref(),
                limit,
            );
            let shards: Vec<Json> = shards
                .into_iter()
                .map(|(id, range)| json!({"ShardId": id, "SequenceNumberRange": range}))
                .collect();
            let mut description = json!({
                "StreamArn": d.summary.arn,
                "StreamLabel": d.summary.label,
                "StreamStatus": if d.enabled { "ENABLED" } else { "DISABLED" },
                "StreamViewType": d.view_type.name(),
                "CreationRequestDateTime": d.created_at,
                "TableName": d.summary.table_name,
                "KeySchema": key_schema,
                "Shards": shards,
            });
            if let Some(last) = last {
                description["LastEvaluatedShardId"] = json!(last);
            }
            json!({"StreamDescription": description}).to_string()
        }
        "GetShardIterator" => {
            let arn = required(wire.stream_arn, "streamArn")?;
            let shard = required(wire.shard_id, "shardId")?;
            let kind = required(wire.shard_iterator_type, "shardIteratorType")?;
            let sequence = || -> Result<u64> {
                let text = wire.sequence_number.as_deref().ok_or_else(|| {
                    Error::validation(format!(
                        "Must specify a sequence number for iterator type {kind}"
                    ))
                })?;
                text.parse()
                    .map_err(|_| Error::validation(format!("Invalid SequenceNumber: {text}")))
            };
            let start = match kind.as_str() {
                "TRIM_HORIZON" => IteratorStart::TrimHorizon,
                "LATEST" => IteratorStart::Latest,
                "AT_SEQUENCE_NUMBER" => IteratorStart::AtSequence(sequence()?),
                "AFTER_SEQUENCE_NUMBER" => IteratorStart::AfterSequence(sequence()?),
                other => {
                    return Err(Violation::new(
                        other,
                        "shardIteratorType",
                        Rule::OneOf(
                            "AFTER_SEQUENCE_NUMBER, LATEST, AT_SEQUENCE_NUMBER, TRIM_HORIZON",
                        ),
                    )
                    .into());
                }
            };
            let iterator = engine.get_shard_iterator(&arn, &shard, start)?;
            json!({"ShardIterator": iterator}).to_string()
        }
        "GetRecords" => {
            let iterator = required(wire.shard_iterator, "shardIterator")?;
            let limit = wire.limit.map(|l| usize::try_from(l).unwrap_or(0));
            let page = engine.get_records(&iterator, limit)?;
            let records: Vec<Json> = page
                .records
                .iter()
                .map(|r| record(r, &page.table_name, page.view_type.name()))
                .collect();
            let mut out = json!({"Records": records});
            if let Some(next) = page.next_iterator {
                out["NextShardIterator"] = json!(next);
            }
            out.to_string()
        }
        _ => return Err(Error::UnknownOperation),
    })
}

/// One record, as GetRecords returns it.
fn record(r: &StreamRecord, table: &str, view_type: &str) -> Json {
    let event_id = format!(
        "{:032x}",
        xxhash_rust::xxh3::xxh3_128(format!("{table}/{}", r.sequence).as_bytes())
    );
    let mut dynamodb = json!({
        "ApproximateCreationDateTime": r.created_at.floor(),
        "Keys": encode_item(&r.keys),
        "SequenceNumber": sequence_text(r.sequence),
        "SizeBytes": r.size_bytes,
        "StreamViewType": view_type,
    });
    if let Some(new) = &r.new_image {
        dynamodb["NewImage"] = encode_item(new);
    }
    if let Some(old) = &r.old_image {
        dynamodb["OldImage"] = encode_item(old);
    }
    let mut out = json!({
        "eventID": event_id,
        "eventName": r.event_name.name(),
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "local",
        "dynamodb": dynamodb,
    });
    if r.by_service {
        out["userIdentity"] = json!({"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"});
    }
    out
}
