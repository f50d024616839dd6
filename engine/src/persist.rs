//! An engine's whole state as a sequence of parts, and back: what a
//! server that keeps its tables writes as a snapshot, so that a restart
//! reads the state instead of replaying every request ever made.
//!
//! What is kept is what no request could recompute: the engine's clock,
//! the client tokens of recent transactions, and for each table its
//! description, items, stream (with its records and next sequence number),
//! time to live, tags and point-in-time recovery setting. Secondary
//! indexes are not kept: restoring writes every item through the table,
//! which builds each index entry as any write does, so an index always
//! equals its rebuild. Per-partition usage is not kept either: it is
//! counted only while a front end watches, and nobody watches a snapshot.
//!
//! Parts are small (about [`PART_BYTES`] of items or records each, or one
//! item or record alone when it is larger), so a reader can check and
//! decode one part while the engine takes in the one before, and a damaged
//! part costs nothing but itself to detect. [`Restore`] accepts parts only
//! in the order [`Engine::snapshot`] makes them and checks every count; an
//! item that breaks its table's rules is refused, not stored.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use crate::key::{KeyAttribute, primary_key_of};
use crate::limits::{MAX_INDEX_PARTITION_ATTRIBUTES, MAX_INDEX_SORT_ATTRIBUTES};
use crate::ops::{Engine, TokenUse};
use crate::table::{
    PointInTimeRecovery, Stream, StreamRecord, StreamViewType, Table, TableDescription, TimeToLive,
};
use crate::types::Item;

/// About how many bytes of items or stream records one part carries.
pub const PART_BYTES: usize = 1 << 20;

/// One piece of an engine's state.
#[derive(Debug, Serialize, Deserialize)]
pub enum Part {
    /// Always first: the engine's clock and how many tables follow.
    Engine {
        clock: f64,
        item_collection_limit: Option<u64>,
        tables: u64,
        tokens: u64,
    },
    /// Client tokens of recent transactions, and what each was used for.
    Tokens(Vec<(String, TokenUse)>),
    /// A table, before its items and stream records.
    Table(Box<TableHead>),
    /// Items of the table last begun.
    Items(Vec<Item>),
    /// Stream records of the table last begun, oldest first.
    StreamRecords(Vec<StreamRecord>),
    /// Always last.
    End,
    /// Right after a table's part, when some of its global indexes have a
    /// multi-attribute key: their further key attributes, which the table's
    /// part leaves out (as a key schema's own encoding does), so that a
    /// snapshot of tables without such an index reads as it always did.
    /// (This variant comes last for the same reason.)
    MultiAttributeKeys(Vec<MultiAttributeKey>),
}

/// One global index's further key attributes (see [`KeySchema`]).
///
/// [`KeySchema`]: crate::key::KeySchema
#[derive(Debug, Serialize, Deserialize)]
pub struct MultiAttributeKey {
    pub index: String,
    pub more_partition: Vec<KeyAttribute>,
    pub more_sort: Vec<KeyAttribute>,
}

/// A table without its items and stream records, and how many of each
/// follow.
#[derive(Debug, Serialize, Deserialize)]
pub struct TableHead {
    pub description: TableDescription,
    pub stream: Option<StreamHead>,
    pub ttl: Option<TimeToLive>,
    pub tags: BTreeMap<String, String>,
    pub point_in_time_recovery: Option<PointInTimeRecovery>,
    pub item_collection_limit: u64,
    pub clock: f64,
    pub items: u64,
    pub stream_records: u64,
}

/// A stream without its records.
#[derive(Debug, Serialize, Deserialize)]
pub struct StreamHead {
    pub view_type: StreamViewType,
    pub created_at: f64,
    pub enabled: bool,
    pub next_sequence: u64,
}

/// The latest time a snapshot may hold: the end of year 9999, as far as
/// DynamoDB's dates go.
const LAST_TIME: f64 = 253_402_300_799.0;

/// `value` if it is a time a table can have (seconds since 1970, up to
/// year 9999), else an error naming `what`.
fn time(what: &str, value: f64) -> Result<f64, String> {
    if value.is_finite() && (0.0..=LAST_TIME).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{what} is not a time ({value})"))
    }
}

/// Every time a table's head holds, checked.
fn check_times(head: &TableHead) -> Result<(), String> {
    let d = &head.description;
    time("a table's clock", head.clock)?;
    time("a table's creation", d.created_at)?;
    if let Some(t) = d.last_update_to_pay_per_request {
        time("a table's last change to on-demand", t)?;
    }
    let throughputs = std::iter::once(match &d.billing_mode {
        crate::table::BillingMode::Provisioned(t) => Some(t),
        crate::table::BillingMode::PayPerRequest => None,
    })
    .chain(d.indexes.iter().map(|i| i.throughput.as_ref()))
    .flatten();
    for t in throughputs {
        for at in [t.last_increase, t.last_decrease].into_iter().flatten() {
            time("a change of provisioned throughput", at)?;
        }
    }
    if let Some(ttl) = &head.ttl {
        time("a time to live change", ttl.changed_at)?;
    }
    if let Some(pitr) = &head.point_in_time_recovery {
        time("point-in-time recovery's start", pitr.enabled_at)?;
    }
    if let Some(stream) = &head.stream {
        time("a stream's creation", stream.created_at)?;
    }
    Ok(())
}

/// Cuts a sequence into parts of about [`PART_BYTES`] by `size`.
fn in_parts<'a, T: Clone + 'a, E>(
    all: impl Iterator<Item = &'a T>,
    size: impl Fn(&T) -> usize,
    wrap: impl Fn(Vec<T>) -> Part,
    each: &mut impl FnMut(Part) -> Result<(), E>,
) -> Result<(), E> {
    let (mut part, mut bytes) = (Vec::new(), 0);
    for one in all {
        bytes += size(one);
        part.push(one.clone());
        if bytes >= PART_BYTES {
            each(wrap(std::mem::take(&mut part)))?;
            bytes = 0;
        }
    }
    if !part.is_empty() {
        each(wrap(part))?;
    }
    Ok(())
}

impl Engine {
    /// Hands the engine's state to `each`, part by part, in the order
    /// [`Restore`] takes them back; stops at the first error `each` returns.
    pub fn snapshot<E>(&self, mut each: impl FnMut(Part) -> Result<(), E>) -> Result<(), E> {
        each(Part::Engine {
            clock: self.now,
            item_collection_limit: self.item_collection_limit,
            tables: self.tables.len() as u64,
            tokens: self.tokens.len() as u64,
        })?;
        let tokens: Vec<(String, TokenUse)> = self
            .tokens
            .iter()
            .map(|(token, used)| (token.clone(), used.clone()))
            .collect();
        in_parts(
            tokens.iter(),
            |(token, used)| token.len() + used.request.len(),
            Part::Tokens,
            &mut each,
        )?;
        for table in self.tables.values() {
            let records = table.stream.as_ref().map_or(0, |s| s.records.len());
            let mut description = table.description.clone();
            for index in &mut description.indexes {
                index.key_schema.more_partition.clear();
                index.key_schema.more_sort.clear();
            }
            each(Part::Table(Box::new(TableHead {
                description,
                stream: table.stream.as_ref().map(|s| StreamHead {
                    view_type: s.view_type,
                    created_at: s.created_at,
                    enabled: s.enabled,
                    next_sequence: s.next_sequence(),
                }),
                ttl: table.ttl.clone(),
                tags: table.tags.clone(),
                point_in_time_recovery: table.point_in_time_recovery.clone(),
                item_collection_limit: table.item_collection_limit,
                clock: table.clock,
                items: table.items.n_items() as u64,
                stream_records: records as u64,
            })))?;
            let multi_attribute: Vec<MultiAttributeKey> = table
                .description
                .indexes
                .iter()
                .filter(|index| index.key_schema.is_multi_attribute())
                .map(|index| MultiAttributeKey {
                    index: index.name.clone(),
                    more_partition: index.key_schema.more_partition.clone(),
                    more_sort: index.key_schema.more_sort.clone(),
                })
                .collect();
            if !multi_attribute.is_empty() {
                each(Part::MultiAttributeKeys(multi_attribute))?;
            }
            let items: Vec<&crate::table::Entry> =
                table.items.entries().map(|(_, _, entry)| entry).collect();
            in_parts(
                items.iter().map(|entry| &entry.item),
                crate::types::item_size,
                Part::Items,
                &mut each,
            )?;
            if let Some(stream) = &table.stream {
                in_parts(
                    stream.records.iter(),
                    |record| record.size_bytes,
                    Part::StreamRecords,
                    &mut each,
                )?;
            }
        }
        each(Part::End)
    }
}

/// Gives an index of an empty table being restored its further key
/// attributes, checked as CreateTable would have.
fn add_key_attributes(table: &mut Table, key: MultiAttributeKey) -> Result<(), String> {
    let at = table
        .description
        .indexes
        .iter()
        .position(|i| i.name == key.index && i.kind == crate::table::IndexKind::Global)
        .ok_or_else(|| format!("key attributes for no global index ({})", key.index))?;
    let schema = &table.description.indexes[at].key_schema;
    if key.more_partition.len() >= MAX_INDEX_PARTITION_ATTRIBUTES
        || key.more_sort.len() >= MAX_INDEX_SORT_ATTRIBUTES
        || (schema.sort.is_none() && !key.more_sort.is_empty())
        || schema.is_multi_attribute()
    {
        return Err(format!("index {} has a key it cannot have", key.index));
    }
    for description in [
        &mut table.description.indexes[at],
        &mut table.indexes[at].description,
    ] {
        description.key_schema.more_partition = key.more_partition.clone();
        description.key_schema.more_sort = key.more_sort.clone();
    }
    Ok(())
}

/// A table being restored, and what is still to come for it.
struct Restoring {
    table: Table,
    stream: Option<StreamHead>,
    records: VecDeque<StreamRecord>,
    items_left: u64,
    records_left: u64,
}

/// An engine built back from the parts of [`Engine::snapshot`], in order.
pub struct Restore {
    engine: Option<Engine>,
    tables_left: u64,
    tokens_left: u64,
    table: Option<Restoring>,
    ended: bool,
}

impl Default for Restore {
    fn default() -> Restore {
        Restore::new()
    }
}

impl Restore {
    /// Nothing restored yet.
    pub fn new() -> Restore {
        Restore {
            engine: None,
            tables_left: 0,
            tokens_left: 0,
            table: None,
            ended: false,
        }
    }

    /// Takes the next part; an error names what was out of place or wrong.
    pub fn add(&mut self, part: Part) -> Result<(), String> {
        if self.ended {
            return Err("a part follows the end".into());
        }
        let Some(engine) = self.engine.as_mut() else {
            let Part::Engine {
                clock,
                item_collection_limit,
                tables,
                tokens,
            } = part
            else {
                return Err("it does not begin with the engine".into());
            };
            let mut engine = Engine::new();
            engine.now = time("the engine's clock", clock)?;
            engine.item_collection_limit = item_collection_limit;
            self.engine = Some(engine);
            self.tables_left = tables;
            self.tokens_left = tokens;
            return Ok(());
        };
        match part {
            Part::Engine { .. } => Err("a second engine part".into()),
            Part::Tokens(tokens) => {
                if self.table.is_some() || tokens.len() as u64 > self.tokens_left {
                    return Err("client tokens out of place".into());
                }
                self.tokens_left -= tokens.len() as u64;
                for (_, used) in &tokens {
                    time("a client token's use", used.at)?;
                }
                engine.tokens.extend(tokens);
                Ok(())
            }
            Part::Table(head) => {
                if self.tokens_left > 0 {
                    return Err(format!("{} client tokens missing", self.tokens_left));
                }
                self.finish_table()?;
                if self.tables_left == 0 {
                    return Err("more tables than the engine part counts".into());
                }
                self.tables_left -= 1;
                let head = *head;
                check_times(&head)?;
                let mut table = Table::new(head.description);
                table.ttl = head.ttl;
                table.tags = head.tags;
                table.point_in_time_recovery = head.point_in_time_recovery;
                table.item_collection_limit = head.item_collection_limit;
                table.clock = head.clock;
                if head.stream.is_none() && head.stream_records > 0 {
                    return Err("stream records for a table without a stream".into());
                }
                self.table = Some(Restoring {
                    table,
                    stream: head.stream,
                    records: VecDeque::new(),
                    items_left: head.items,
                    records_left: head.stream_records,
                });
                Ok(())
            }
            Part::Items(items) => {
                let Some(restoring) = self.table.as_mut() else {
                    return Err("items before any table".into());
                };
                if items.len() as u64 > restoring.items_left {
                    return Err("more items than the table part counts".into());
                }
                restoring.items_left -= items.len() as u64;
                let table = &mut restoring.table;
                for item in items {
                    let key = primary_key_of(&table.description.key_schema, &item)
                        .and_then(|key| table.write(&key, Some(item)).map(|_| ()));
                    if let Err(error) = key {
                        return Err(format!(
                            "an item of table {} is refused: {}",
                            table.description.name, error
                        ));
                    }
                }
                Ok(())
            }
            Part::StreamRecords(records) => {
                let Some(restoring) = self.table.as_mut() else {
                    return Err("stream records before any table".into());
                };
                if records.len() as u64 > restoring.records_left {
                    return Err("more stream records than the table part counts".into());
                }
                restoring.records_left -= records.len() as u64;
                for record in &records {
                    time("a stream record's creation", record.created_at)?;
                }
                restoring.records.extend(records);
                Ok(())
            }
            Part::MultiAttributeKeys(keys) => {
                let Some(restoring) = self.table.as_mut() else {
                    return Err("index keys before any table".into());
                };
                if restoring.table.items.n_items() > 0 {
                    return Err("index keys after the table's items".into());
                }
                keys.into_iter()
                    .try_for_each(|key| add_key_attributes(&mut restoring.table, key))
            }
            Part::End => {
                self.finish_table()?;
                if self.tables_left > 0 || self.tokens_left > 0 {
                    return Err(format!(
                        "it ends {} tables and {} client tokens short",
                        self.tables_left, self.tokens_left
                    ));
                }
                self.ended = true;
                Ok(())
            }
        }
    }

    /// Puts the table being restored into the engine, once all its parts came.
    fn finish_table(&mut self) -> Result<(), String> {
        let Some(mut restoring) = self.table.take() else {
            return Ok(());
        };
        let name = restoring.table.description.name.clone();
        if restoring.items_left > 0 || restoring.records_left > 0 {
            return Err(format!(
                "table {name} is {} items and {} stream records short",
                restoring.items_left, restoring.records_left
            ));
        }
        if let Some(head) = restoring.stream {
            restoring.table.stream = Some(Stream::restored(
                head.view_type,
                head.created_at,
                head.enabled,
                restoring.records,
                head.next_sequence,
            )?);
        }
        let engine = self.engine.as_mut().expect("an engine before any table");
        if engine
            .tables
            .insert(name.clone(), restoring.table)
            .is_some()
        {
            return Err(format!("table {name} comes twice"));
        }
        Ok(())
    }

    /// The engine, once the last part came.
    pub fn finish(self) -> Result<Engine, String> {
        match (self.ended, self.engine) {
            (true, Some(engine)) => Ok(engine),
            _ => Err("it stops before its end".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::handle;

    fn call(engine: &mut Engine, operation: &str, body: &str) -> String {
        let response = handle(engine, operation, body.as_bytes());
        let text = response.body;
        assert_eq!(response.status, 200, "{operation}: {text}");
        text
    }

    fn snapshot(engine: &Engine) -> Vec<Part> {
        let mut parts = Vec::new();
        engine
            .snapshot(|part| {
                parts.push(part);
                Ok::<(), ()>(())
            })
            .unwrap();
        parts
    }

    fn restored(engine: &Engine) -> Result<Engine, String> {
        let mut restore = Restore::new();
        for part in snapshot(engine) {
            restore.add(part)?;
        }
        restore.finish()
    }

    /// A table with a GSI, an LSI, a stream, TTL, tags, PITR and a
    /// transaction's token.
    fn busy_engine() -> Engine {
        let mut engine = Engine::new();
        engine.set_clock(1_700_000_000.0);
        call(
            &mut engine,
            "CreateTable",
            r#"{"TableName":"ttt","BillingMode":"PAY_PER_REQUEST",
            "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
              {"AttributeName":"G","AttributeType":"S"},{"AttributeName":"L","AttributeType":"N"}],
            "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
            "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"G","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}},
              {"IndexName":"multi","KeySchema":[{"AttributeName":"G","KeyType":"HASH"},{"AttributeName":"L","KeyType":"RANGE"},{"AttributeName":"SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
            "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"L","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
            "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"},
            "Tags":[{"Key":"team","Value":"blue"}]}"#,
        );
        call(
            &mut engine,
            "UpdateTimeToLive",
            r#"{"TableName":"ttt","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}}"#,
        );
        call(
            &mut engine,
            "UpdateContinuousBackups",
            r#"{"TableName":"ttt","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}}"#,
        );
        for i in 0..300 {
            engine.set_clock(1_700_000_001.0 + f64::from(i));
            call(
                &mut engine,
                "PutItem",
                &format!(
                    r#"{{"TableName":"ttt","Item":{{"PK":{{"S":"p{}"}},"SK":{{"S":"s{i}"}},"G":{{"S":"g{}"}},"L":{{"N":"{i}.50"}},
                    "pad":{{"S":"{}"}},"deep":{{"M":{{"l":{{"L":[{{"NS":["1","2.5"]}},{{"BS":["AQ=="]}},{{"NULL":true}}]}}}}}}}}}}"#,
                    i % 7,
                    i % 3,
                    "x".repeat(5000)
                ),
            );
        }
        call(
            &mut engine,
            "TransactWriteItems",
            r#"{"ClientRequestToken":"tok-1","TransactItems":[{"Delete":{"TableName":"ttt","Key":{"PK":{"S":"p0"},"SK":{"S":"s0"}}}}]}"#,
        );
        engine
    }

    /// Everything a client can see of the engine, as its answers' text.
    fn seen(engine: &mut Engine) -> Vec<String> {
        let mut seen = vec![
            call(engine, "DescribeTable", r#"{"TableName":"ttt"}"#),
            call(engine, "DescribeTimeToLive", r#"{"TableName":"ttt"}"#),
            call(
                engine,
                "DescribeContinuousBackups",
                r#"{"TableName":"ttt"}"#,
            ),
            call(
                engine,
                "Scan",
                r#"{"TableName":"ttt","ReturnConsumedCapacity":"INDEXES"}"#,
            ),
            call(engine, "Scan", r#"{"TableName":"ttt","IndexName":"gsi"}"#),
            call(engine, "Scan", r#"{"TableName":"ttt","IndexName":"lsi"}"#),
            call(
                engine,
                "Query",
                r#"{"TableName":"ttt","IndexName":"multi","KeyConditionExpression":"G = :g AND L < :l",
                "ExpressionAttributeValues":{":g":{"S":"g1"},":l":{"N":"100"}},"Limit":5}"#,
            ),
        ];
        let described: serde_json::Value = serde_json::from_str(&seen[0]).unwrap();
        let table_arn = described["Table"]["TableArn"].as_str().unwrap().to_string();
        seen.push(call(
            engine,
            "ListTagsOfResource",
            &format!(r#"{{"ResourceArn":"{table_arn}"}}"#),
        ));
        let stream = call(engine, "DynamoDBStreams_20120810.ListStreams", "{}");
        seen.push(stream.clone());
        let arn: serde_json::Value = serde_json::from_str(&stream).unwrap();
        let arn = arn["Streams"][0]["StreamArn"].as_str().unwrap().to_string();
        let shards = call(
            engine,
            "DynamoDBStreams_20120810.DescribeStream",
            &format!(r#"{{"StreamArn":"{arn}"}}"#),
        );
        seen.push(shards.clone());
        let shards: serde_json::Value = serde_json::from_str(&shards).unwrap();
        let shard = shards["StreamDescription"]["Shards"][0]["ShardId"]
            .as_str()
            .unwrap();
        let iterator = call(
            engine,
            "DynamoDBStreams_20120810.GetShardIterator",
            &format!(
                r#"{{"StreamArn":"{arn}","ShardId":"{shard}","ShardIteratorType":"TRIM_HORIZON"}}"#
            ),
        );
        let iterator: serde_json::Value = serde_json::from_str(&iterator).unwrap();
        seen.push(call(
            engine,
            "DynamoDBStreams_20120810.GetRecords",
            &format!(
                r#"{{"ShardIterator":"{}","Limit":1000}}"#,
                iterator["ShardIterator"].as_str().unwrap()
            ),
        ));
        seen
    }

    #[test]
    fn a_restored_engine_answers_every_request_as_the_original() {
        let mut original = busy_engine();
        let mut copy = restored(&original).unwrap();
        assert_eq!(copy.clock(), 1_700_000_300.0);
        assert_eq!(seen(&mut copy), seen(&mut original));
        // The token is remembered: the same transaction again is a repeat,
        // another with the same token an idempotency error, on both.
        let again = r#"{"ClientRequestToken":"tok-1","TransactItems":[{"Delete":{"TableName":"ttt","Key":{"PK":{"S":"p0"},"SK":{"S":"s0"}}}}]}"#;
        let other = r#"{"ClientRequestToken":"tok-1","TransactItems":[{"Delete":{"TableName":"ttt","Key":{"PK":{"S":"p1"},"SK":{"S":"s1"}}}}]}"#;
        for engine in [&mut original, &mut copy] {
            assert_eq!(
                handle(engine, "TransactWriteItems", again.as_bytes()).status,
                200
            );
            let refused = handle(engine, "TransactWriteItems", other.as_bytes());
            assert_eq!(refused.status, 400);
            assert!(
                refused.body.contains("IdempotentParameterMismatch"),
                "{}",
                refused.body
            );
        }
        // New stream records carry on the sequence numbers.
        let put = r#"{"TableName":"ttt","Item":{"PK":{"S":"new"},"SK":{"S":"1"},"G":{"S":"g"}}}"#;
        for engine in [&mut original, &mut copy] {
            call(engine, "PutItem", put);
        }
        assert_eq!(seen(&mut copy), seen(&mut original));
    }

    #[test]
    fn only_a_table_with_a_multi_attribute_index_adds_a_part_for_its_keys() {
        let parts = snapshot(&busy_engine());
        let keys: Vec<&Vec<MultiAttributeKey>> = parts
            .iter()
            .filter_map(|part| match part {
                Part::MultiAttributeKeys(keys) => Some(keys),
                _ => None,
            })
            .collect();
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0][0].index, "multi");
        assert_eq!(keys[0][0].more_sort[0].name, "SK");
        let mut plain = Engine::new();
        call(
            &mut plain,
            "CreateTable",
            r#"{"TableName":"ppp","BillingMode":"PAY_PER_REQUEST",
            "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"G","AttributeType":"S"}],
            "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
            "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"G","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]}"#,
        );
        let kinds: Vec<&str> = snapshot(&plain)
            .iter()
            .map(|part| match part {
                Part::Engine { .. } => "engine",
                Part::Table(_) => "table",
                Part::End => "end",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["engine", "table", "end"]);
    }

    #[test]
    fn index_keys_after_the_items_are_refused() {
        let mut parts = snapshot(&busy_engine());
        let at = parts
            .iter()
            .position(|p| matches!(p, Part::MultiAttributeKeys(_)))
            .unwrap();
        let keys = parts.remove(at);
        let items = parts
            .iter()
            .position(|p| matches!(p, Part::Items(_)))
            .unwrap();
        parts.insert(items + 1, keys);
        let mut restore = Restore::new();
        let refused = parts.into_iter().try_for_each(|part| restore.add(part));
        assert_eq!(
            refused,
            Err("index keys after the table's items".to_string())
        );
    }

    #[test]
    fn items_and_records_come_in_parts_of_about_a_megabyte() {
        let parts = snapshot(&busy_engine());
        let kinds: Vec<String> = parts
            .iter()
            .map(|part| match part {
                Part::Engine { tables, tokens, .. } => format!("engine {tables} {tokens}"),
                Part::Tokens(t) => format!("tokens {}", t.len()),
                Part::Table(head) => format!("table {} {}", head.items, head.stream_records),
                Part::Items(items) => format!("items {}", items.len()),
                Part::StreamRecords(r) => format!("records {}", r.len()),
                Part::MultiAttributeKeys(k) => format!("index keys {}", k.len()),
                Part::End => "end".into(),
            })
            .collect();
        // 299 items of about 5,040 bytes: a part closes on the item that
        // takes it to 1,048,576 bytes, the 208th; the stream's 301 records
        // (300 puts with a new image, a delete with an old one) likewise.
        assert_eq!(
            kinds,
            [
                "engine 1 1",
                "tokens 1",
                "table 299 301",
                "index keys 1",
                "items 208",
                "items 91",
                "records 208",
                "records 93"
            ]
            .iter()
            .map(|s| s.to_string())
            .chain(["end".to_string()])
            .collect::<Vec<_>>()
        );
    }

    #[test]
    fn parts_out_of_order_or_missing_are_refused_by_name() {
        let parts = || snapshot(&busy_engine());
        let refusal = |parts: Vec<Part>| {
            let mut restore = Restore::new();
            for part in parts {
                restore.add(part)?;
            }
            restore.finish().map(|_| ())
        };
        let mut without_first_items = parts();
        without_first_items.remove(4);
        assert_eq!(
            refusal(without_first_items).unwrap_err(),
            "table ttt is 208 items and 0 stream records short"
        );
        let mut cut = parts();
        cut.pop();
        assert_eq!(refusal(cut).unwrap_err(), "it stops before its end");
        let mut doubled = parts();
        doubled.insert(1, Part::End);
        assert_eq!(
            refusal(doubled).unwrap_err(),
            "it ends 1 tables and 1 client tokens short"
        );
        assert_eq!(
            refusal(vec![Part::End]).unwrap_err(),
            "it does not begin with the engine"
        );
    }

    #[test]
    fn an_item_missing_its_key_is_refused_not_stored() {
        let mut parts = snapshot(&busy_engine());
        let Part::Items(items) = &mut parts[4] else {
            panic!("items fifth, after the index keys")
        };
        items[5].remove("SK");
        let mut restore = Restore::new();
        let refused = parts.into_iter().try_for_each(|part| restore.add(part));
        assert_eq!(
            refused.unwrap_err(),
            "an item of table ttt is refused: One or more parameter values were invalid: Missing the key SK in the item"
        );
    }
}
