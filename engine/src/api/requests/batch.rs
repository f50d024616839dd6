//! BatchGetItem and BatchWriteItem: many items, over one or more tables.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use super::{legacy, parse_body, return_consumed_capacity, return_item_collection_metrics};
use crate::api::attribute_value::{RawItem, decode_item, decode_raw_item};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::constraint::{self, Violation};
use crate::error::{Error, Result};
use crate::ops::{
    BatchGetItemRequest, BatchWriteItemRequest, KeysAndAttributes, WriteRequest,
    request_item_problems, table_names_problem,
};

/// A JSON object, its members in the order the request gives them.
fn members(json: Json, field: &str) -> Result<Vec<(String, Json)>> {
    match json {
        Json::Object(map) => Ok(map.into_iter().collect()),
        _ => Err(Error::Serialization(format!(
            "Unexpected token received from parser: {field} must be a map"
        ))),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct KeysAndAttributesWire {
    keys: Option<Vec<Json>>,
    consistent_read: Option<bool>,
    projection_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    attributes_to_get: Option<Json>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct BatchGetWire {
    request_items: Option<Json>,
    return_consumed_capacity: Option<String>,
}

/// BatchGetItem.
pub fn batch_get_item(body: &[u8]) -> Result<(BatchGetItemRequest, ReturnConsumedCapacity)> {
    let wire: BatchGetWire = parse_body(body)?;
    let mut problems = Vec::new();
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref()).unwrap_or_else(
        |breach| {
            problems.push(breach);
            ReturnConsumedCapacity::None
        },
    );
    let Some(items) = wire.request_items else {
        problems.push(Violation::missing("requestItems"));
        return Err(constraint::error(problems));
    };
    // The constraints first, all together: the enumeration above, each
    // table's missing keys, the tables' names.
    let mut parts = Vec::new();
    for (table, json) in members(items, "RequestItems")? {
        let part: KeysAndAttributesWire =
            serde_json::from_value(json).map_err(|e| Error::Serialization(e.to_string()))?;
        if part.keys.is_none() {
            problems.push(Violation::missing(format!(
                "requestItems.{table}.member.keys"
            )));
        }
        parts.push((table, part));
    }
    if !problems.is_empty() {
        let names: Vec<&str> = parts.iter().map(|(table, _)| table.as_str()).collect();
        problems.extend(table_names_problem(&names));
        constraint::check(problems)?;
    }
    let mut request_items = Vec::new();
    for (table, part) in parts {
        legacy::check_mixing(
            &[("AttributesToGet", part.attributes_to_get.is_some())],
            &[("ProjectionExpression", part.projection_expression.is_some())],
            legacy::Placeholders {
                names: part.expression_attribute_names.is_some(),
                values: false,
            },
        )?;
        super::check_name_keys(part.expression_attribute_names.as_ref())?;
        let keys = part
            .keys
            .unwrap_or_default()
            .iter()
            .map(decode_item)
            .collect::<Result<Vec<_>>>()?;
        let attributes_to_get = legacy::attributes_to_get(part.attributes_to_get)?;
        request_items.push((
            table,
            KeysAndAttributes {
                keys,
                consistent_read: part.consistent_read.unwrap_or(false),
                projection_expression: part.projection_expression,
                expression_attribute_names: part.expression_attribute_names,
                attributes_to_get,
            },
        ));
    }
    Ok((BatchGetItemRequest { request_items }, rcc))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct WriteRequestWire {
    put_request: Option<ItemWire>,
    delete_request: Option<KeyWire>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemWire {
    item: Option<RawItem>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct KeyWire {
    key: Option<RawItem>,
}

/// The request read in one pass, each item kept as its text: the shapes
/// were checked before ([`crate::api::shapes`]), and the items are decoded
/// straight from their text ([`decode_raw_item`]).
#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct BatchWriteWire {
    /// By table name, in name order (of two entries for one table, the later).
    request_items: Option<BTreeMap<String, Vec<WriteRequestWire>>>,
    return_consumed_capacity: Option<String>,
    return_item_collection_metrics: Option<String>,
}

/// BatchWriteItem, with whether item collection metrics were asked for.
/// Every constraint the request breaks is listed in one message, in
/// DynamoDB's order: the enumerations, then `RequestItems`.
pub fn batch_write_item(
    body: &[u8],
) -> Result<(BatchWriteItemRequest, ReturnConsumedCapacity, bool)> {
    let wire: BatchWriteWire = parse_body(body)?;
    let mut problems = Vec::new();
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref()).unwrap_or_else(
        |breach| {
            problems.push(breach);
            ReturnConsumedCapacity::None
        },
    );
    let metrics = return_item_collection_metrics(wire.return_item_collection_metrics.as_deref())
        .unwrap_or_else(|breach| {
            problems.push(breach);
            false
        });
    let Some(items) = wire.request_items else {
        problems.push(Violation::missing("requestItems"));
        return Err(constraint::error(problems));
    };
    // The constraints first, all together: the enumerations above, each
    // request's missing item or key, the tables' names and counts.
    let mut tables = Vec::new();
    for (table, list) in items {
        for (n, write) in list.iter().enumerate() {
            let at = format!("requestItems.{table}.member.{}.member", n + 1);
            if let Some(delete) = &write.delete_request
                && delete.key.is_none()
            {
                problems.push(Violation::missing(format!("{at}.deleteRequest.key")));
            }
            if let Some(put) = &write.put_request
                && put.item.is_none()
            {
                problems.push(Violation::missing(format!("{at}.putRequest.item")));
            }
        }
        tables.push((table, list));
    }
    if !problems.is_empty() {
        let counts: Vec<(&str, usize)> = tables
            .iter()
            .map(|(table, list)| (table.as_str(), list.len()))
            .collect();
        problems.extend(request_item_problems(&counts));
        constraint::check(problems)?;
    }
    // Then each request: exactly one kind, its item or key decoded.
    let mut request_items = Vec::with_capacity(tables.len());
    for (table, list) in tables {
        let mut writes = Vec::with_capacity(list.len());
        for write in list {
            writes.push(match (write.put_request, write.delete_request) {
                (Some(ItemWire { item: Some(item) }), None) => {
                    WriteRequest::Put(decode_raw_item(&item)?)
                }
                (None, Some(KeyWire { key: Some(key) })) => {
                    WriteRequest::Delete(decode_raw_item(&key)?)
                }
                _ => {
                    return Err(Error::validation(
                        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
                    ));
                }
            });
        }
        request_items.push((table, writes));
    }
    Ok((BatchWriteItemRequest { request_items }, rcc, metrics))
}
