//! PutItem, DeleteItem, UpdateItem and GetItem: one item, by key.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use super::{
    Constraints, expression_parameters, legacy, parse_body, required, return_consumed_capacity,
    return_item_collection_metrics, return_old_on_failure, return_values,
};
use crate::api::attribute_value::{RawItem, decode_item, decode_raw_item};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::Result;
use crate::expr::ast::Condition;
use crate::ops::{
    AttributeUpdates, DeleteItemRequest, ExpressionParameters, GetItemRequest, PutItemRequest,
    ReturnValues, UpdateItemRequest,
};
use crate::types::Item;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemWriteWire {
    table_name: Option<String>,
    /// PutItem's item and the others' key, each kept as its text.
    item: Option<RawItem>,
    key: Option<RawItem>,
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
    /// `Expected`, as a condition.
    expected: Option<Condition>,
    /// `AttributeUpdates` (UpdateItem only).
    attribute_updates: Option<AttributeUpdates>,
    /// `Item` (PutItem) or `Key` (DeleteItem, UpdateItem), decoded.
    item_or_key: Item,
}

/// Which write: they take different legacy parameters.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Write {
    Put,
    Delete,
    Update,
}

/// A write whose request constraints have been collected, the rest of its
/// checks still to come: what a transaction holds for each action until
/// the constraints of all of them have been reported together.
pub(super) struct PendingWrite {
    write: ItemWrite,
    kind: Write,
}

fn item_write(body: &[u8], kind: Write) -> Result<ItemWrite> {
    let mut constraints = Constraints::default();
    let pending = pending_write(body, kind, &mut constraints)?;
    constraints.finish()?;
    pending.checked()
}

/// Decodes a write and collects its request constraints into
/// `constraints`, in DynamoDB's order (dynalite's suite, recorded against
/// the service).
pub(super) fn pending_write(
    body: &[u8],
    write: Write,
    constraints: &mut Constraints,
) -> Result<PendingWrite> {
    let mut wire: ItemWriteWire = parse_body(body)?;
    if write != Write::Update {
        wire.attribute_updates = None;
    }
    let capacity = constraints
        .choice(return_consumed_capacity(
            wire.return_consumed_capacity.as_deref(),
        ))
        .unwrap_or_default();
    let table_name = constraints.table_name(wire.table_name.take(), "tableName");
    if write == Write::Put {
        constraints.required(wire.item.as_ref(), "item");
    }
    let return_values = constraints
        .choice(return_values(wire.return_values.as_deref()))
        .unwrap_or_default();
    let return_item_collection_metrics = constraints
        .choice(return_item_collection_metrics(
            wire.return_item_collection_metrics.as_deref(),
        ))
        .unwrap_or(false);
    let return_old_on_condition_failure = constraints
        .choice(return_old_on_failure(
            wire.return_values_on_condition_check_failure.as_deref(),
        ))
        .unwrap_or(false);
    if write != Write::Put {
        constraints.required(wire.key.as_ref(), "key");
    }
    Ok(PendingWrite {
        write: ItemWrite {
            capacity,
            table_name: table_name.unwrap_or_default(),
            expression: ExpressionParameters::default(),
            return_values,
            return_old_on_condition_failure,
            return_item_collection_metrics,
            expected: None,
            attribute_updates: None,
            item_or_key: Item::default(),
            wire,
        },
        kind: write,
    })
}

impl PendingWrite {
    /// Its `ConditionExpression`, if it has one.
    pub(super) fn condition_expression(&self) -> Option<&String> {
        self.write.wire.condition_expression.as_ref()
    }

    /// The checks after the request constraints, in DynamoDB's order.
    fn checked(self) -> Result<ItemWrite> {
        let PendingWrite { write: mut w, kind } = self;
        let wire = &mut w.wire;
        let or = legacy::conditional_operator(wire.conditional_operator.as_ref())?;
        legacy::check_operators(wire.expected.as_ref(), "expected", false)?;
        legacy::check_update_actions(wire.attribute_updates.as_ref())?;
        // 2. Legacy and expression parameters together.
        legacy::check_mixing(
            &[
                ("AttributeUpdates", wire.attribute_updates.is_some()),
                ("Expected", wire.expected.is_some()),
                ("ConditionalOperator", wire.conditional_operator.is_some()),
            ],
            &[
                ("UpdateExpression", wire.update_expression.is_some()),
                ("ConditionExpression", wire.condition_expression.is_some()),
            ][usize::from(kind != Write::Update)..],
            legacy::Placeholders::given(
                &wire.expression_attribute_names,
                &wire.expression_attribute_values,
            ),
        )?;
        // 3. What ConditionalOperator combines.
        legacy::check_conditional_operator(or, legacy::count(wire.expected.as_ref()))?;
        // 4. The values, in DynamoDB's order (dynalite's suite, recorded
        // against the service): the item or the key, PutItem's and
        // DeleteItem's ReturnValues, AttributeUpdates, Expected, then the
        // expression values.
        let item_or_key = match kind {
            Write::Put => decode_raw_item(&required(wire.item.take(), "item")?)?,
            Write::Delete | Write::Update => decode_raw_item(&required(wire.key.take(), "key")?)?,
        };
        if kind != Write::Update {
            w.return_values.check_old_only()?;
        }
        let attribute_updates = match wire.attribute_updates.take() {
            Some(json) => Some(legacy::attribute_updates(&json)?),
            None => None,
        };
        let expected = match wire.expected.take() {
            Some(json) => legacy::expected(&json, or)?,
            None => None,
        };
        let expression = expression_parameters(
            wire.expression_attribute_names.take(),
            wire.expression_attribute_values.take(),
        )?;
        w.expression = expression;
        w.expected = expected;
        w.attribute_updates = attribute_updates;
        w.item_or_key = item_or_key;
        Ok(w)
    }

    /// The checked write, as the request its kind makes.
    pub(super) fn request(self) -> Result<PendingRequest> {
        Ok(match self.kind {
            Write::Put => PendingRequest::Put(put_request(self.checked()?)?),
            Write::Delete => PendingRequest::Delete(delete_request(self.checked()?)?),
            Write::Update => PendingRequest::Update(update_request(self.checked()?)?),
        })
    }
}

/// What a [`PendingWrite`] becomes once checked.
pub(super) enum PendingRequest {
    Put(PutItemRequest),
    Delete(DeleteItemRequest),
    Update(UpdateItemRequest),
}

/// PutItem.
pub fn put_item(body: &[u8]) -> Result<(PutItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body, Write::Put)?;
    let capacity = w.capacity;
    Ok((put_request(w)?, capacity))
}

fn put_request(w: ItemWrite) -> Result<PutItemRequest> {
    Ok(PutItemRequest {
        item: w.item_or_key,
        table_name: w.table_name,
        condition_expression: w.wire.condition_expression,
        condition: w.expected,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
        return_item_collection_metrics: w.return_item_collection_metrics,
    })
}

/// DeleteItem.
pub fn delete_item(body: &[u8]) -> Result<(DeleteItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body, Write::Delete)?;
    let capacity = w.capacity;
    Ok((delete_request(w)?, capacity))
}

fn delete_request(w: ItemWrite) -> Result<DeleteItemRequest> {
    Ok(DeleteItemRequest {
        key: w.item_or_key,
        table_name: w.table_name,
        condition_expression: w.wire.condition_expression,
        condition: w.expected,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
        return_item_collection_metrics: w.return_item_collection_metrics,
    })
}

/// UpdateItem.
pub fn update_item(body: &[u8]) -> Result<(UpdateItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body, Write::Update)?;
    let capacity = w.capacity;
    Ok((update_request(w)?, capacity))
}

fn update_request(w: ItemWrite) -> Result<UpdateItemRequest> {
    Ok(UpdateItemRequest {
        key: w.item_or_key,
        table_name: w.table_name,
        update_expression: w.wire.update_expression,
        attribute_updates: w.attribute_updates,
        actions: None,
        condition_expression: w.wire.condition_expression,
        condition: w.expected,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
        return_item_collection_metrics: w.return_item_collection_metrics,
    })
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
    let mut constraints = Constraints::default();
    let rcc = constraints
        .choice(return_consumed_capacity(
            wire.return_consumed_capacity.as_deref(),
        ))
        .unwrap_or_default();
    let table_name = constraints.table_name(wire.table_name, "tableName");
    constraints.required(wire.key.as_ref(), "key");
    constraints.choice(legacy::attributes_to_get_length(
        wire.attributes_to_get.as_ref(),
    ));
    constraints.finish()?;
    let table_name = table_name.unwrap_or_default();
    legacy::check_mixing(
        &[("AttributesToGet", wire.attributes_to_get.is_some())],
        &[("ProjectionExpression", wire.projection_expression.is_some())],
        legacy::Placeholders {
            names: wire.expression_attribute_names.is_some(),
            values: false,
        },
    )?;
    let key = decode_item(&required(wire.key, "key")?)?;
    let attributes_to_get = legacy::attributes_to_get(wire.attributes_to_get)?;
    Ok((
        GetItemRequest {
            table_name,
            key,
            projection_expression: wire.projection_expression,
            attributes_to_get,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            consistent_read: wire.consistent_read.unwrap_or(false),
        },
        rcc,
    ))
}
