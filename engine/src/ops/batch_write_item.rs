//! BatchWriteItem: up to 25 puts and deletes over one or more tables, in
//! one request. There are no conditions and no return values; every request
//! is checked before anything is written, so a batch DynamoDB would refuse
//! changes nothing. A request DynamoDB would leave unprocessed (throttling)
//! never happens here: `UnprocessedItems` is always empty.

use super::shared::write::{charge_write_into, check_item_size};
use super::{Engine, table_named_by};
use crate::capacity::Consumed;
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::key::{KeySchema, PrimaryKey, key_from_request, primary_key_of};
use crate::table::PlannedWrite;
use crate::types::Item;
use std::hash::{DefaultHasher, Hash, Hasher};

pub use crate::limits::MAX_BATCH_WRITES;

/// One request of a batch.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteRequest {
    /// `PutRequest.Item`.
    Put(Item),
    /// `DeleteRequest.Key`.
    Delete(Item),
}

/// A BatchWriteItem request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchWriteItemRequest {
    /// `RequestItems`: table name or ARN → its requests, in the request's
    /// order.
    pub request_items: Vec<(String, Vec<WriteRequest>)>,
}

/// A BatchWriteItem response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchWriteItemResponse {
    /// Capacity consumed, one entry per table, in the request's order.
    pub consumed: Vec<Consumed>,
    /// For tables with a local secondary index: the item collections the
    /// batch wrote to, by table.
    pub item_collections: Vec<(String, Vec<super::ItemCollectionMetrics>)>,
}

/// A checked request: the key it writes, and the write planned there.
type Keyed = (PrimaryKey, PlannedWrite);

/// A table's part of the batch, checked.
struct Planned {
    /// The `RequestItems` key as sent — the table's name or its ARN — which
    /// keys the table's item collection metrics.
    sent_as: String,
    /// The table's name.
    table: String,
    writes: Vec<Keyed>,
}

/// The key a batch put writes: like PutItem's, except that a missing or
/// mistyped key attribute is DynamoDB's plain schema mismatch here.
fn put_key(schema: &KeySchema, item: &Item) -> Result<PrimaryKey> {
    primary_key_of(schema, item).map_err(|error| {
        let typed = |attribute: &crate::key::KeyAttribute| {
            item.get(&attribute.name)
                .and_then(crate::key::KeyValue::from_value)
                .is_some_and(|k| k.key_type() == Some(attribute.key_type))
        };
        if std::iter::once(&schema.partition)
            .chain(schema.sort.iter())
            .all(typed)
        {
            error
        } else {
            Error::validation("The provided key element does not match the schema")
        }
    })
}

/// A hash of a key, for finding a repeated key among a batch's.
fn key_hash(key: &PrimaryKey) -> u64 {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    hasher.finish()
}

impl Engine {
    /// BatchWriteItem.
    pub fn batch_write_item(
        &mut self,
        request: BatchWriteItemRequest,
    ) -> Result<BatchWriteItemResponse> {
        check_request_items(&request.request_items)?;
        // Every put's size, in request order, checked before anything else.
        let mut sizes = Vec::with_capacity(MAX_BATCH_WRITES);
        for (_, writes) in &request.request_items {
            for write in writes {
                if let WriteRequest::Put(item) = write {
                    sizes.push(check_item_size(
                        item,
                        "Item size has exceeded the maximum allowed size",
                    )?);
                }
            }
        }
        let mut sizes = sizes.into_iter();
        // Every table, key and index key is checked before the first write.
        let mut planned: Vec<Planned> = Vec::new();
        for (sent_as, writes) in request.request_items {
            let table_name = table_named_by(&sent_as)?.to_string();
            let table = self.table_or_not_found(&table_name)?;
            // A table named twice, once by name and once by ARN, is one
            // table: a key written in both parts is the same key twice.
            let earlier: Vec<&PrimaryKey> = planned
                .iter()
                .filter(|p| p.table == table_name)
                .flat_map(|p| p.writes.iter().map(|(k, _)| k))
                .collect();
            let schema = &table.description.key_schema;
            let mut keyed: Vec<Keyed> = Vec::with_capacity(writes.len());
            // The hashes of `keyed`'s keys: two keys are compared whole
            // only when their hashes match.
            let mut hashes: Vec<u64> = Vec::with_capacity(writes.len());
            // What earlier requests of the batch add to each item collection.
            let mut growth: Vec<(crate::key::KeyValue, i64)> = Vec::new();
            for write in writes {
                let (key, planned) = match write {
                    WriteRequest::Put(item) => {
                        let key = put_key(schema, &item)?;
                        (key, table.plan(Some(item), sizes.next())?)
                    }
                    WriteRequest::Delete(key) => {
                        (key_from_request(schema, &key)?, table.plan(None, None)?)
                    }
                };
                let new = planned.item();
                let hash = key_hash(&key);
                let repeated = hashes
                    .iter()
                    .zip(&keyed)
                    .any(|(h, (k, _))| *h == hash && *k == key);
                if repeated || earlier.contains(&&key) {
                    return Err(Error::validation(
                        "Provided list of item keys contains duplicates",
                    ));
                }
                if table.has_local_index() {
                    let at = growth.iter().position(|(p, _)| *p == key.partition);
                    let pending = at.map_or(0, |i| growth[i].1);
                    table.check_collection_limit_after(&key, new, pending)?;
                    let added = table.collection_growth(&key, new);
                    match at {
                        Some(i) => growth[i].1 += added,
                        None => growth.push((key.partition.clone(), added)),
                    }
                }
                keyed.push((key, planned));
                hashes.push(hash);
            }
            planned.push(Planned {
                sent_as,
                table: table_name,
                writes: keyed,
            });
        }
        let mut response = BatchWriteItemResponse::default();
        for Planned {
            sent_as,
            table: table_name,
            writes,
        } in planned
        {
            let table = self.table_mut_or_not_found(&table_name)?;
            table.prefetch_writes(writes.iter().map(|(key, _)| key));
            let mut consumed = Consumed::new(&table_name);
            let mut collections = Vec::new();
            for (key, planned) in writes {
                let effect = table.apply(&key, planned)?;
                charge_write_into(&mut consumed, table, &key, &effect, 1.0);
                if let Some(metrics) = super::item_collection_metrics(table, &key) {
                    collections.push(metrics);
                }
            }
            response.consumed.push(consumed);
            if !collections.is_empty() {
                response.item_collections.push((sent_as, collections));
            }
        }
        Ok(response)
    }
}

/// The request-level constraints DynamoDB checks first, each with its
/// message: table names, and between 1 and 25 requests per table and in all.
fn check_request_items(items: &[(String, Vec<WriteRequest>)]) -> Result<()> {
    let counts: Vec<(&str, usize)> = items
        .iter()
        .map(|(name, writes)| (name.as_str(), writes.len()))
        .collect();
    constraint::check(request_item_problems(&counts))?;
    let total: usize = items.iter().map(|(_, writes)| writes.len()).sum();
    if total > MAX_BATCH_WRITES {
        return Err(Error::validation(
            "Too many items requested for the BatchWriteItem call",
        ));
    }
    Ok(())
}

/// How many writes one table's list holds, as the map's constraint lists it.
const WRITES_PER_TABLE: &[Rule] = &[Rule::LengthAtMost(MAX_BATCH_WRITES), Rule::LengthAtLeast(1)];

/// What breaks the constraints on `RequestItems` itself — its tables'
/// names and how many writes each holds — one problem a line as DynamoDB
/// lists them (the request's decoder adds its own).
pub fn request_item_problems(items: &[(&str, usize)]) -> Vec<Violation> {
    if items.is_empty() {
        return vec![Violation::new("{}", "requestItems", Rule::LengthAtLeast(1))];
    }
    let mut problems = Vec::new();
    // The request as DynamoDB prints it, made only when a problem needs it.
    let shown = || {
        super::request_map_text(
            items
                .iter()
                .map(|(name, writes)| (*name, *writes, "WriteRequest")),
        )
    };
    if items
        .iter()
        .any(|(name, _)| super::request_items_key_breaks(name))
    {
        problems.push(Violation::new(
            shown(),
            "requestItems",
            Rule::MapKeys(constraint::TABLE_NAME_AS_MAP_KEY),
        ));
    }
    if items
        .iter()
        .any(|(_, writes)| *writes == 0 || *writes > MAX_BATCH_WRITES)
    {
        problems.push(Violation::new(
            shown(),
            "requestItems",
            Rule::MapValues(WRITES_PER_TABLE),
        ));
    }
    problems
}
