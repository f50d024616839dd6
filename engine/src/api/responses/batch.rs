//! BatchGetItem and BatchWriteItem responses: items and capacity per table.

use serde_json::{Map, Value as Json, json};

use super::consumed_capacity;
use crate::api::attribute_value::encode_item;
use crate::capacity::{Consumed, ReturnConsumedCapacity};
use crate::ops::{BatchGetItemResponse, BatchWriteItemResponse, ItemCollectionMetrics};

/// `ConsumedCapacity` for a batch: an array, one entry per table.
pub(super) fn consumed_array(consumed: &[Consumed], mode: ReturnConsumedCapacity) -> Option<Json> {
    let entries: Vec<Json> = consumed
        .iter()
        .filter_map(|c| consumed_capacity(c, mode))
        .map(|c| serde_json::to_value(c).unwrap_or(Json::Null))
        .collect();
    (mode != ReturnConsumedCapacity::None).then_some(Json::Array(entries))
}

/// An `ItemCollectionMetrics` entry.
pub fn item_collection_metrics(metrics: &ItemCollectionMetrics) -> Json {
    json!({
        "ItemCollectionKey": encode_item(&metrics.key),
        "SizeEstimateRangeGB": metrics.size_estimate_range_gb(),
    })
}

/// A BatchGetItem response body.
pub fn batch_get_item(response: &BatchGetItemResponse, mode: ReturnConsumedCapacity) -> String {
    let responses: Map<String, Json> = response
        .responses
        .iter()
        .map(|(table, items)| (table.clone(), items.iter().map(encode_item).collect()))
        .collect();
    let unprocessed: Map<String, Json> = response
        .unprocessed
        .iter()
        .map(|(table, part)| {
            let mut out = json!({"Keys": part.keys.iter().map(encode_item).collect::<Vec<_>>()});
            if part.consistent_read {
                out["ConsistentRead"] = json!(true);
            }
            if let Some(projection) = &part.projection_expression {
                out["ProjectionExpression"] = json!(projection);
            }
            if let Some(names) = &part.expression_attribute_names {
                out["ExpressionAttributeNames"] = json!(names);
            }
            (table.clone(), out)
        })
        .collect();
    let mut out = json!({"Responses": responses, "UnprocessedKeys": unprocessed});
    if let Some(consumed) = consumed_array(&response.consumed, mode) {
        out["ConsumedCapacity"] = consumed;
    }
    out.to_string()
}

/// A BatchWriteItem response body.
pub fn batch_write_item(
    response: &BatchWriteItemResponse,
    mode: ReturnConsumedCapacity,
    with_metrics: bool,
) -> String {
    let mut out = json!({"UnprocessedItems": {}});
    if let Some(consumed) = consumed_array(&response.consumed, mode) {
        out["ConsumedCapacity"] = consumed;
    }
    if with_metrics {
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
