//! DeleteItem: remove one item by key (a missing item is not an error).

use super::shared::write::{
    ReturnValues, WriteItemResponse, charge_write, check_condition, parse_condition_only,
};
use super::{Engine, ExpressionParameters, check_table_name};
use crate::error::Result;
use crate::expr::ast::Condition;
use crate::key::key_from_request;
use crate::types::Item;

/// A DeleteItem request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeleteItemRequest {
    /// `TableName`.
    pub table_name: String,
    /// `Key`.
    pub key: Item,
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
    /// DeleteItem.
    pub fn delete_item(&mut self, request: DeleteItemRequest) -> Result<WriteItemResponse> {
        check_table_name(&request.table_name, "tableName")?;
        request.return_values.check_old_only()?;
        let condition =
            parse_condition_only(&request.expression, request.condition_expression.as_deref())?
                .or(request.condition);
        let table = self.table_mut_or_not_found(&request.table_name)?;
        let key = key_from_request(&table.description.key_schema, &request.key)?;
        // The item, its texts and its index entries start loading together.
        table.prefetch_writes(std::iter::once(&key));
        check_condition(
            table,
            &key,
            condition.as_ref(),
            request.return_old_on_condition_failure,
        )?;
        let effect = table.write(&key, None)?;
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
