//! UpdateItem: change some attributes of an item, creating it if missing.

use super::shared::key_paths::check_key_paths;
use super::shared::legacy::{AttributeUpdates, UPDATE_TYPE_MISMATCH};
use super::shared::update::apply_update;
use super::shared::write::{
    ReturnValues, WriteItemResponse, charge_write, check_condition, check_item_size,
};
use super::{Engine, ExpressionParameters, check_expression_parameters, check_table_name};
use crate::capacity::Consumed;
use crate::error::{Error, Result};
use crate::expr::ast::{Condition, UpdateAction};
use crate::expr::{ExprKind, Placeholders};
use crate::key::{KeyType, key_from_request};
use crate::table::{PlannedWrite, Table, TableDescription};
use crate::types::{Item, Path, Text, path::project};

/// An UpdateItem request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UpdateItemRequest {
    /// `TableName`.
    pub table_name: String,
    /// `Key`.
    pub key: Item,
    /// `UpdateExpression`.
    pub update_expression: Option<String>,
    /// `ConditionExpression`.
    pub condition_expression: Option<String>,
    /// A condition already resolved, in place of `ConditionExpression`:
    /// `Expected` (with `ConditionalOperator`), or a PartiQL statement's WHERE.
    pub condition: Option<Condition>,
    /// `AttributeUpdates`: the legacy form of `UpdateExpression`.
    pub attribute_updates: Option<AttributeUpdates>,
    /// Update actions already resolved, in place of `UpdateExpression`: a
    /// PartiQL UPDATE's SET and REMOVE.
    pub actions: Option<Vec<UpdateAction>>,
    /// `ExpressionAttributeNames` / `ExpressionAttributeValues`.
    pub expression: ExpressionParameters,
    /// `ReturnValues`.
    pub return_values: ReturnValues,
    /// `ReturnValuesOnConditionCheckFailure` is `ALL_OLD`.
    pub return_old_on_condition_failure: bool,
    /// `ReturnItemCollectionMetrics` is `SIZE`.
    pub return_item_collection_metrics: bool,
}

/// The actions and condition of an UpdateItem-shaped request, parsed and
/// checked against each other's placeholders. A caller that runs the same
/// update many times parses it once and hands the actions over in
/// [`UpdateItemRequest::actions`].
pub fn parse_update(
    update_expression: Option<&str>,
    condition_expression: Option<&str>,
    expression: &ExpressionParameters,
) -> Result<(Vec<UpdateAction>, Option<Condition>)> {
    check_expression_parameters(
        expression,
        update_expression.is_some() || condition_expression.is_some(),
        "UpdateExpression and ConditionExpression are null",
    )?;
    let mut placeholders = Placeholders::new(expression.names.as_ref(), expression.values.as_ref());
    let actions = update_expression
        .map(|u| placeholders.update(u))
        .transpose()?
        .unwrap_or_default();
    let condition = condition_expression
        .map(|c| placeholders.condition(c, ExprKind::Condition))
        .transpose()?;
    placeholders.check_unused()?;
    Ok((actions, condition))
}

/// Refuses actions on key attributes before the item is read, with
/// DynamoDB's messages and in its order (dynalite's suite, recorded
/// against the service): any action on a table key attribute ("Cannot
/// update attribute pk. This attribute is part of the key"); a value of
/// another type than an index key's, where the expression alone tells the
/// type ("Type mismatch for Index Key …"); a path into a key attribute
/// anywhere in the actions ("Key attributes must be scalars; …").
pub(super) fn check_key_untouched(
    table: &TableDescription,
    actions: &[UpdateAction],
) -> Result<()> {
    if let Some(key) = table
        .key_schema
        .names()
        .find(|key| actions.iter().any(|a| a.path().top() == *key))
    {
        return Err(Error::invalid_parameter(format!(
            "Cannot update attribute {key}. This attribute is part of the key"
        )));
    }
    for index in &table.indexes {
        for (attribute, _) in index.key_schema.attributes() {
            let written = actions
                .iter()
                .filter(|a| a.path().is_top_level() && a.path().top() == attribute.name)
                .find_map(UpdateAction::written_type);
            if let Some(written) = written
                && KeyType::from_tag(written.tag()) != Some(attribute.key_type)
            {
                return Err(Error::invalid_parameter(format!(
                    "Type mismatch for Index Key {} Expected: {} Actual: {} IndexName: {}",
                    attribute.name,
                    attribute.key_type,
                    written.tag(),
                    index.name
                )));
            }
        }
    }
    check_key_paths(actions.iter().flat_map(UpdateAction::paths), table)
}

/// The item an update makes of `old` (or of the bare key when there is no
/// item yet), checked as it would be stored and planned as a write.
pub(super) fn updated_item(
    table: &Table,
    key_item: &Item,
    old: Option<&Item>,
    actions: &[UpdateAction],
) -> Result<PlannedWrite> {
    let new = apply_update(old.unwrap_or(key_item), actions)?;
    let size = check_item_size(
        &new,
        "Item size to update has exceeded the maximum allowed size",
    )?;
    // An update changes the attributes its actions name, and no others.
    let changed = actions.iter().map(|a| Text::from(a.path().top())).collect();
    Ok(table.plan(Some(new), Some(size))?.changing_only(changed))
}

impl Engine {
    /// UpdateItem.
    pub fn update_item(&mut self, request: UpdateItemRequest) -> Result<WriteItemResponse> {
        check_table_name(&request.table_name, "tableName")?;
        let (mut actions, mut condition) = parse_update(
            request.update_expression.as_deref(),
            request.condition_expression.as_deref(),
            &request.expression,
        )?;
        condition = condition.or(request.condition);
        let legacy = request.attribute_updates;
        if let Some(updates) = &legacy {
            actions.clone_from(&updates.actions);
        }
        if let Some(resolved) = request.actions {
            actions = resolved;
        }
        let table = self.table_mut_or_not_found(&request.table_name)?;
        let schema = &table.description.key_schema;
        let key = key_from_request(schema, &request.key)?;
        check_key_untouched(&table.description, &actions)?;
        // The item, its texts and its index entries start loading together
        // instead of one after another as the update reaches each.
        table.prefetch_writes(std::iter::once(&key));
        check_condition(
            table,
            &key,
            condition.as_ref(),
            request.return_old_on_condition_failure,
        )?;
        let old = table.get(&key).map(|e| e.item.clone());
        if old.is_none()
            && legacy
                .as_ref()
                .is_some_and(|u| u.deletes_only && !u.actions.is_empty())
        {
            // Legacy DELETEs on a missing item create nothing; the attempt
            // is charged as a write of nothing.
            let mut consumed = Consumed::new(&request.table_name);
            consumed.table = crate::capacity::write_units(0);
            table.usage.add_write(None, &key.partition, consumed.table);
            return Ok(WriteItemResponse {
                attributes: None,
                consumed,
                item_collection: None,
            });
        }
        let planned = updated_item(table, &request.key, old.as_ref(), &actions).map_err(|e| {
            match (&legacy, e) {
                // A legacy update names no operands: the stored value is
                // what does not fit.
                (Some(_), Error::Validation { message, .. })
                    if message.starts_with("An operand in the update expression") =>
                {
                    Error::validation(UPDATE_TYPE_MISMATCH)
                }
                (_, e) => e,
            }
        })?;
        // Invariant: an update always plans an item.
        let new = planned.item().cloned().unwrap_or_default();
        let effect = table.apply(&key, planned)?;
        let consumed = charge_write(table, &key, &effect);
        let item_collection = request
            .return_item_collection_metrics
            .then(|| super::item_collection_metrics(table, &key))
            .flatten();
        let updated = || -> Vec<Path> { actions.iter().map(|a| a.path().clone()).collect() };
        let attributes = match request.return_values {
            ReturnValues::None => None,
            ReturnValues::AllOld => old,
            ReturnValues::AllNew => Some(new),
            ReturnValues::UpdatedOld => old.map(|o| project(&o, &updated())),
            ReturnValues::UpdatedNew => Some(project(&new, &updated())),
        }
        .filter(|a| !a.is_empty());
        Ok(WriteItemResponse {
            attributes,
            consumed,
            item_collection,
        })
    }
}
