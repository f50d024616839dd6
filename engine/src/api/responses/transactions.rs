//! TransactWriteItems and TransactGetItems responses. Their capacity is an
//! array, one entry per table, and unlike every other operation's it
//! carries `ReadCapacityUnits` or `WriteCapacityUnits` beside
//! `CapacityUnits` at every level (<https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ConsumedCapacity.html>).

use serde_json::{Map, Value as Json, json};

use super::batch::item_collection_metrics;
use crate::api::attribute_value::encode_item;
use crate::capacity::{Consumed, ReturnConsumedCapacity};
use crate::ops::{TransactGetItemsResponse, TransactWriteItemsResponse};

/// `{"CapacityUnits": u, "<kind>CapacityUnits": u}`.
fn units(value: f64, kind: &str) -> Json {
    let mut out = Map::new();
    out.insert("CapacityUnits".into(), json!(value));
    out.insert(format!("{kind}CapacityUnits"), json!(value));
    Json::Object(out)
}

/// One table's entry; `kind` is `Read` or `Write`.
fn entry(consumed: &Consumed, mode: ReturnConsumedCapacity, kind: &str) -> Json {
    let mut out = units(consumed.total(), kind);
    out["TableName"] = json!(consumed.table_name.as_str());
    if mode == ReturnConsumedCapacity::Indexes {
        out["Table"] = units(consumed.table, kind);
        for (field, arms) in [
            ("GlobalSecondaryIndexes", &consumed.global_indexes),
            ("LocalSecondaryIndexes", &consumed.local_indexes),
        ] {
            if !arms.is_empty() {
                let map: Map<String, Json> = arms
                    .iter()
                    .map(|(name, value)| (name.to_string(), units(value, kind)))
                    .collect();
                out[field] = Json::Object(map);
            }
        }
    }
    out
}

pub(super) fn consumed_array(
    consumed: &[Consumed],
    mode: ReturnConsumedCapacity,
    kind: &str,
) -> Option<Json> {
    (mode != ReturnConsumedCapacity::None)
        .then(|| Json::Array(consumed.iter().map(|c| entry(c, mode, kind)).collect()))
}

/// A TransactWriteItems response body. A repeated request (same token)
/// reports the read units of the items it names.
pub fn transact_write_items(
    response: &TransactWriteItemsResponse,
    mode: ReturnConsumedCapacity,
    with_metrics: bool,
) -> String {
    let mut out = json!({});
    let kind = if response.replayed { "Read" } else { "Write" };
    if let Some(consumed) = consumed_array(&response.consumed, mode, kind) {
        out["ConsumedCapacity"] = consumed;
    }
    if with_metrics && !response.item_collections.is_empty() {
        let metrics: Map<String, Json> = response
            .item_collections
            .iter()
            .map(|(table, list)| {
                (
                    table.clone(),
                    list.iter().map(item_collection_metrics).collect(),
                )
            })
            .collect();
        out["ItemCollectionMetrics"] = Json::Object(metrics);
    }
    out.to_string()
}

/// A transaction's `Responses`: `{"Item": …}` for an item found, `{}`
/// otherwise, in order.
pub(super) fn item_responses(items: &[Option<crate::types::Item>]) -> Vec<Json> {
    items
        .iter()
        .map(|item| match item {
            Some(item) => json!({"Item": encode_item(item)}),
            None => json!({}),
        })
        .collect()
}

/// A TransactGetItems response body: one response per Get, in order.
pub fn transact_get_items(
    response: &TransactGetItemsResponse,
    mode: ReturnConsumedCapacity,
) -> String {
    let mut out = json!({"Responses": item_responses(&response.items)});
    if let Some(consumed) = consumed_array(&response.consumed, mode, "Read") {
        out["ConsumedCapacity"] = consumed;
    }
    out.to_string()
}
