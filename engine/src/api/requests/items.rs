//! PutItem, DeleteItem, UpdateItem and GetItem: one item, by key.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use super::{
    expression_parameters, no_legacy, parse_body, required, return_consumed_capacity,
    return_item_collection_metrics, return_old_on_failure, return_values,
};
use crate::api::attribute_value::decode_item;
use crate::capacity::ReturnConsumedCapacity;
use crate::error::Result;
use crate::ops::{
    DeleteItemRequest, ExpressionParameters, GetItemRequest, PutItemRequest, ReturnValues,
    UpdateItemRequest,
};

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemWriteWire {
    table_name: Option<String>,
    item: Option<Json>,
    key: Option<Json>,
    condition_expression: Option<String>,
    update_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    expression_attribute_values: Option<Json>,
    return_values: Option<String>,
    return_consumed_capacity: Option<String>,
    return_values_on_condition_check_failure: Option<String>,
    return_item_collection_metrics: Option<String>,
    expected: Option<Json>,
    attribute_updates: Option<Json>,
    conditional_operator: Option<Json>,
}

/// What PutItem, DeleteItem and UpdateItem share, decoded.
struct ItemWrite {
    wire: ItemWriteWire,
    table_name: String,
    expression: ExpressionParameters,
    return_values: ReturnValues,
    return_old_on_condition_failure: bool,
    return_item_collection_metrics: bool,
    capacity: ReturnConsumedCapacity,
}

fn item_write(body: &[u8]) -> Result<ItemWrite> {
    let mut wire: ItemWriteWire = parse_body(body)?;
    no_legacy(&[
        ("Expected", wire.expected.is_some()),
        ("AttributeUpdates", wire.attribute_updates.is_some()),
        ("ConditionalOperator", wire.conditional_operator.is_some()),
    ])?;
    Ok(ItemWrite {
        capacity: return_consumed_capacity(wire.return_consumed_capacity.as_deref())?,
        table_name: required(wire.table_name.take(), "tableName")?,
        expression: expression_parameters(
            wire.expression_attribute_names.take(),
            wire.expression_attribute_values.take(),
        )?,
        return_values: return_values(wire.return_values.as_deref())?,
        return_old_on_condition_failure: return_old_on_failure(
            wire.return_values_on_condition_check_failure.as_deref(),
        )?,
        return_item_collection_metrics: return_item_collection_metrics(
            wire.return_item_collection_metrics.as_deref(),
        )?,
        wire,
    })
}

/// PutItem.
pub fn put_item(body: &[u8]) -> Result<(PutItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body)?;
    let request = PutItemRequest {
        item: decode_item(&required(w.wire.item, "item")?)?,
        table_name: w.table_name,
        condition_expression: w.wire.condition_expression,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
        return_item_collection_metrics: w.return_item_collection_metrics,
    };
    Ok((request, w.capacity))
}

/// DeleteItem.
pub fn delete_item(body: &[u8]) -> Result<(DeleteItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body)?;
    let request = DeleteItemRequest {
        key: decode_item(&required(w.wire.key, "key")?)?,
        table_name: w.table_name,
        condition_expression: w.wire.condition_expression,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
        return_item_collection_metrics: w.return_item_collection_metrics,
    };
    Ok((request, w.capacity))
}

/// UpdateItem.
pub fn update_item(body: &[u8]) -> Result<(UpdateItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body)?;
    let request = UpdateItemRequest {
        key: decode_item(&required(w.wire.key, "key")?)?,
        table_name: w.table_name,
        update_expression: w.wire.update_expression,
        condition_expression: w.wire.condition_expression,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
        return_item_collection_metrics: w.return_item_collection_metrics,
    };
    Ok((request, w.capacity))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GetItemWire {
    table_name: Option<String>,
    key: Option<Json>,
    projection_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    expression_attribute_values: Option<Json>,
    consistent_read: Option<bool>,
    return_consumed_capacity: Option<String>,
    attributes_to_get: Option<Json>,
}

/// GetItem.
pub fn get_item(body: &[u8]) -> Result<(GetItemRequest, ReturnConsumedCapacity)> {
    let wire: GetItemWire = parse_body(body)?;
    no_legacy(&[("AttributesToGet", wire.attributes_to_get.is_some())])?;
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    let table_name = required(wire.table_name, "tableName")?;
    let key = decode_item(&required(wire.key, "key")?)?;
    Ok((
        GetItemRequest {
            table_name,
            key,
            projection_expression: wire.projection_expression,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            consistent_read: wire.consistent_read.unwrap_or(false),
        },
        rcc,
    ))
}
