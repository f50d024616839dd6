//! PutItem: store a whole item, replacing any item with the same key.

use super::shared::write::{
    ReturnValues, WriteItemResponse, charge_write, check_condition, check_item_size,
    parse_condition_only,
};
use super::{Engine, ExpressionParameters, check_table_name};
use crate::error::Result;
use crate::expr::ast::Condition;
use crate::key::primary_key_of;
use crate::types::Item;

/// A PutItem request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PutItemRequest {
    /// `TableName`.
    pub table_name: String,
    /// `Item`.
    pub item: Item,
    /// `ConditionExpression`.
    pub condition_expression: Option<String>,
    /// A condition already resolved, in place of `ConditionExpression`:
    /// `Expected` (with `ConditionalOperator`), or a PartiQL statement's WHERE.
    pub condition: Option<Condition>,
    /// `ExpressionAttributeNames` / `ExpressionAttributeValues`.
    pub expression: ExpressionParameters,
    /// `ReturnValues`: `NONE` or `ALL_OLD`.
    pub return_values: ReturnValues,
    /// `ReturnValuesOnConditionCheckFailure` is `ALL_OLD`.
    pub return_old_on_condition_failure: bool,
    /// `ReturnItemCollectionMetrics` is `SIZE`.
    pub return_item_collection_metrics: bool,
}

impl Engine {
    /// PutItem.
    pub fn put_item(&mut self, request: PutItemRequest) -> Result<WriteItemResponse> {
        check_table_name(&request.table_name, "tableName")?;
        request.return_values.check_old_only()?;
        let condition =
            parse_condition_only(&request.expression, request.condition_expression.as_deref())?
                .or(request.condition);
        let table = self.table_mut_or_not_found(&request.table_name)?;
        let key = primary_key_of(&table.description.key_schema, &request.item)?;
        // The item it replaces starts loading while the new one is sized and planned.
        table.prefetch_writes(std::iter::once(&key));
        let size = check_item_size(
            &request.item,
            "Item size has exceeded the maximum allowed size",
        )?;
        let planned = table.plan(Some(request.item), Some(size))?;
        check_condition(
            table,
            &key,
            condition.as_ref(),
            request.return_old_on_condition_failure,
        )?;
        let effect = table.apply(&key, planned)?;
        let consumed = charge_write(table, &key, &effect);
        let item_collection = request
            .return_item_collection_metrics
            .then(|| super::item_collection_metrics(table, &key))
            .flatten();
        let attributes = match request.return_values {
            ReturnValues::AllOld => effect.old,
            _ => None,
        };
        Ok(WriteItemResponse {
            attributes,
            consumed,
            item_collection,
        })
    }
}
