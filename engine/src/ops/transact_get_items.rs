//! TransactGetItems: up to 100 items by key, read together as one
//! consistent snapshot. Each item costs twice the strongly consistent read
//! units of its size, a missing one 2 (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-capacity-handling>); responses come back in
//! request order, `{}` for a missing item.

use std::collections::BTreeMap;

use super::shared::read::{ReadExpressions, parse_read};
use super::transact_write_items::check_action_count;
use super::{Engine, ExpressionParameters, check_table_name};
use crate::capacity::{Consumed, read_units};
use crate::error::{CancellationReason, Error, Result};
use crate::key::key_from_request;
use crate::types::{Item, path::project};

/// One Get of a TransactGetItems.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TransactGet {
    /// `TableName`.
    pub table_name: String,
    /// `Key`.
    pub key: Item,
    /// `ProjectionExpression`.
    pub projection_expression: Option<String>,
    /// `ExpressionAttributeNames`.
    pub expression_attribute_names: Option<BTreeMap<String, String>>,
}

/// A TransactGetItems response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TransactGetItemsResponse {
    /// `Responses`: one per Get, in order; `None` for a missing item.
    pub items: Vec<Option<Item>>,
    /// Capacity consumed, one entry per table, in the order tables first appear.
    pub consumed: Vec<Consumed>,
}

impl Engine {
    /// TransactGetItems.
    pub fn transact_get_items(
        &mut self,
        gets: Vec<TransactGet>,
    ) -> Result<TransactGetItemsResponse> {
        check_action_count(gets.len(), "TransactGetItem")?;
        let mut planned = Vec::with_capacity(gets.len());
        let mut reasons = Vec::with_capacity(gets.len());
        for get in &gets {
            check_table_name(&get.table_name, "tableName")?;
            let parameters = ExpressionParameters {
                names: get.expression_attribute_names.clone(),
                values: None,
            };
            let projection = parse_read(
                &parameters,
                ReadExpressions::projection(get.projection_expression.as_deref(), None),
            )?
            .projection;
            let table = self.table_or_not_found(&get.table_name)?;
            // A key that does not fit the table cancels the read, with the
            // reason on the Get that carried it.
            match key_from_request(&table.description.key_schema, &get.key) {
                Ok(key) => {
                    reasons.push(CancellationReason::none());
                    planned.push(Some((key, projection)));
                }
                Err(e) => {
                    reasons.push(CancellationReason::validation(e.to_string()));
                    planned.push(None);
                }
            }
        }
        if reasons.iter().any(|r| r.code != "None") {
            return Err(Error::TransactionCanceled { reasons });
        }
        let mut response = TransactGetItemsResponse::default();
        for (get, plan) in gets.iter().zip(planned) {
            let Some((key, projection)) = plan else {
                continue;
            };
            let table = self.table_mut_or_not_found(&get.table_name)?;
            let entry = table.get(&key);
            let units = 2.0 * read_units(entry.map_or(0, |e| e.size), true);
            response.items.push(entry.map(|e| match &projection {
                Some(paths) => project(&e.item, paths),
                None => e.item.clone(),
            }));
            table.usage.add_read(None, &key.partition, units);
            match response
                .consumed
                .iter_mut()
                .find(|c| c.table_name == get.table_name)
            {
                Some(consumed) => consumed.table += units,
                None => {
                    let mut consumed = Consumed::new(&get.table_name);
                    consumed.table = units;
                    response.consumed.push(consumed);
                }
            }
        }
        Ok(response)
    }
}
