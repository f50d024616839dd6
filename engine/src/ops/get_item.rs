//! GetItem: read one item by key.

use super::shared::key_paths::check_key_paths;
use super::shared::read::{ReadExpressions, parse_read};
use super::{Engine, ExpressionParameters, check_table_name};
use crate::capacity::{Consumed, read_units};
use crate::error::Result;
use crate::key::key_from_request;
use crate::types::{Item, path::project};

/// A GetItem request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GetItemRequest {
    /// `TableName`.
    pub table_name: String,
    /// `Key`.
    pub key: Item,
    /// `ProjectionExpression`.
    pub projection_expression: Option<String>,
    /// `AttributesToGet`: the legacy form of a projection, of top-level
    /// names (key attributes are not added).
    pub attributes_to_get: Option<Vec<String>>,
    /// `ExpressionAttributeNames` (values are not allowed in GetItem).
    pub expression: ExpressionParameters,
    /// `ConsistentRead`.
    pub consistent_read: bool,
}

/// A GetItem response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GetItemResponse {
    /// `Item`, absent when there is no such item.
    pub item: Option<Item>,
    /// Capacity consumed: the whole item's size (a projection does not
    /// reduce it), or one unit when the item is missing.
    pub consumed: Consumed,
}

impl Engine {
    /// GetItem.
    pub fn get_item(&mut self, request: GetItemRequest) -> Result<GetItemResponse> {
        check_table_name(&request.table_name, "tableName")?;
        let projection = parse_read(
            &request.expression,
            ReadExpressions::projection(
                request.projection_expression.as_deref(),
                request.attributes_to_get.as_deref(),
            ),
        )?
        .projection;
        let table = self.table_mut_or_not_found(&request.table_name)?;
        let key = key_from_request(&table.description.key_schema, &request.key)?;
        check_key_paths(projection.iter().flatten(), &table.description)?;
        let entry = table.get(&key);
        let units = read_units(entry.map_or(0, |e| e.size), request.consistent_read);
        let item = entry.map(|e| match &projection {
            Some(paths) => project(&e.item, paths),
            None => e.item.clone(),
        });
        table.usage.add_read(None, &key.partition, units);
        let mut consumed = Consumed::new(&request.table_name);
        consumed.table = units;
        Ok(GetItemResponse { item, consumed })
    }
}
