//! Write sharding as a property of an access pattern: the partition key's
//! value takes a suffix `#0` … `#N-1`, so one hot key's load spreads over N
//! keys (and N partitions' worth of throughput).
//!
//! - A write picks one shard at random: its cost is measured on shard `#0`
//!   (every shard's item is the same size) and, at a request rate, each
//!   shard takes an N-th of the writes.
//! - A Query reads every shard — the scatter-gather: N Queries, one per
//!   suffix, each paged to its end and charged on its own (at least half a
//!   unit each), their items merged in sort-key order as the application
//!   would merge them. The partition key is found where the key condition
//!   sets it equal to a placeholder (`PK = :event`); its value must be a
//!   string.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use engine::api::attribute_value::{decode_item, encode_item};
use engine::api::requests;
use engine::key::KeyValue;
use serde_json::Value as Json;

use super::reads::{Run, Way, run_all_pages};
use crate::model::design::chart::TableDesign;
use crate::model::patterns::expression_terms::equality_placeholder;

pub use crate::limits::MAX_SHARDS;

/// `base#shard`.
pub fn shard_key(base: &str, shard: u32) -> String {
    format!("{base}#{shard}")
}

/// The partition key attribute a request reads: the table's, or its index's.
fn partition_attribute<'t>(request: &Json, table: &'t TableDesign) -> Result<&'t str, Failure> {
    match request.get("IndexName").and_then(Json::as_str) {
        None => Ok(&table.partition_key.name),
        Some(name) => table
            .indexes
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.partition_key.name.as_str())
            .ok_or_else(|| Failure::refused(format!("The table has no index {name}."))),
    }
}

/// The placeholder a sharded Query sets its partition key to, and the
/// value before any shard suffix.
fn sharded_partition(request: &Json, table: &TableDesign) -> Result<(String, String), Failure> {
    let attribute = partition_attribute(request, table)?;
    let condition = request
        .get("KeyConditionExpression")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let placeholder =
        equality_placeholder(condition, request.get("ExpressionAttributeNames"), attribute)
            .ok_or_else(|| Failure::refused(format!("A sharded Query sets the partition key {attribute} equal to a value: {attribute} = :value.")))?;
    let base = request["ExpressionAttributeValues"][&placeholder]["S"]
        .as_str()
        .ok_or_else(|| {
            Failure::refused(format!(
                "A sharded Query's partition key value ({placeholder}) is a string."
            ))
        })?
        .to_string();
    Ok((placeholder, base))
}

/// The N Queries of a sharded Query, shard `#0` first.
pub fn shard_queries(
    request: &Json,
    table: &TableDesign,
    shards: u32,
) -> Result<Vec<Json>, Failure> {
    let (placeholder, base) = sharded_partition(request, table)?;
    Ok((0..shards)
        .map(|shard| {
            let mut query = request.clone();
            query["ExpressionAttributeValues"][&placeholder] =
                serde_json::json!({ "S": shard_key(&base, shard) });
            query
        })
        .collect())
}

/// A write with its partition key value on shard `shard` (a PutItem's
/// item, or the key of an UpdateItem or DeleteItem).
pub fn shard_write(
    operation: Operation,
    request: &Json,
    table: &TableDesign,
    shard: u32,
) -> Result<Json, Failure> {
    let field = if operation == Operation::PutItem {
        "Item"
    } else {
        "Key"
    };
    let attribute = &table.partition_key.name;
    let base = request[field][attribute]["S"].as_str().ok_or_else(|| {
        Failure::refused(format!(
            "A sharded write's partition key value ({attribute}) is a string."
        ))
    })?;
    let mut write = request.clone();
    write[field][attribute] = serde_json::json!({ "S": shard_key(base, shard) });
    Ok(write)
}

/// Costs the scatter-gather: every shard's Query to its last page, summed
/// into one run (units, items, bytes, pages and partitions).
pub fn scatter_gather(
    engine: &mut Engine,
    request: &Json,
    table: &TableDesign,
    shards: u32,
    with_partitions: bool,
) -> Result<Run, Failure> {
    let mut total = Run::empty(Way::ScatterGather, true);
    for query in &shard_queries(request, table, shards)? {
        total.add_run(run_all_pages(
            engine,
            Operation::Query,
            query,
            Way::Query,
            with_partitions,
        )?);
    }
    Ok(total)
}

/// What the scatter-gather returns: every shard's items, merged in
/// sort-key order (descending when the Query reads backwards; equal sort
/// keys in shard order), as the application merges them.
pub fn gather(
    engine: &mut Engine,
    request: &Json,
    table: &TableDesign,
    shards: u32,
) -> Result<Vec<Json>, Failure> {
    let sort = sort_attribute(request, table);
    let mut items: Vec<(Option<KeyValue>, Json)> = Vec::new();
    for query in &shard_queries(request, table, shards)? {
        items.extend(
            returned(engine, query)?
                .into_iter()
                .map(|item| (sort_value(&item, sort), item)),
        );
    }
    let forward = request
        .get("ScanIndexForward")
        .and_then(Json::as_bool)
        .unwrap_or(true);
    // A stable sort keeps shard order among equal sort keys.
    items.sort_by(|a, b| {
        if forward {
            a.0.cmp(&b.0)
        } else {
            b.0.cmp(&a.0)
        }
    });
    Ok(items.into_iter().map(|(_, item)| item).collect())
}

/// The sort key attribute of what the request reads, if it has one.
fn sort_attribute<'t>(request: &Json, table: &'t TableDesign) -> Option<&'t str> {
    match request.get("IndexName").and_then(Json::as_str) {
        None => table.sort_key.as_ref().map(|k| k.name.as_str()),
        Some(name) => table
            .indexes
            .iter()
            .find(|i| i.name == name)?
            .sort_key
            .as_ref()
            .map(|k| k.name.as_str()),
    }
}

fn sort_value(item: &Json, attribute: Option<&str>) -> Option<KeyValue> {
    let value = decode_item(&serde_json::json!({ "v": item.get(attribute?)? })).ok()?;
    KeyValue::from_value(value.get("v")?)
}

/// Every item a Query returns, page after page (DynamoDB JSON).
fn returned(engine: &mut Engine, query: &Json) -> Result<Vec<Json>, Failure> {
    let mut body = query.clone();
    let mut items = Vec::new();
    loop {
        let page =
            requests::query(body.to_string().as_bytes()).and_then(|(r, _)| engine.query(r))?;
        items.extend(page.items.unwrap_or_default().iter().map(encode_item));
        match page.last_evaluated_key {
            Some(key) => body["ExclusiveStartKey"] = encode_item(&key),
            None => return Ok(items),
        }
    }
}

/// The scatter-gather as the runner shows it: the merged items with their
/// summed counts and units, in the shape of a Query's response (assembled
/// the way an application assembles it, which no single DynamoDB response
/// is), and a sentence saying so.
pub fn gathered_response(
    engine: &mut Engine,
    request: &Json,
    table: &TableDesign,
    shards: u32,
) -> Result<(Json, String), Failure> {
    let (_, base) = sharded_partition(request, table)?;
    let run = scatter_gather(engine, request, table, shards, false)?;
    let items = gather(engine, request, table, shards)?;
    let sentence = format!(
        "{shards} Queries, one per shard ({} … {}), each paged to its end and charged on its own: {} items merged by sort key, as the application merges them, for {} RCU in all.",
        shard_key(&base, 0),
        shard_key(&base, shards - 1),
        crate::model::format::thousands(run.count),
        crate::model::format::units(run.eventual_units)
    );
    let response = serde_json::json!({
        "Items": items,
        "Count": run.count,
        "ScannedCount": run.scanned_count,
        "ConsumedCapacity": {"TableName": request["TableName"], "CapacityUnits": run.eventual_units},
    });
    Ok((response, sentence))
}
