//! The write requests the write-path benchmarks and `write_loop` make on
//! the commerce-shaped table of orders.

use std::collections::BTreeMap;

use engine::Engine;
use engine::ops::{
    ConditionCheckRequest, DeleteItemRequest, ExpressionParameters, StreamSpecification,
    TransactWrite, TransactWriteItemsRequest, UpdateItemRequest, UpdateTableRequest,
};
use engine::types::{Item, Value};

use super::{ITEMS, indexed_item, key, number, put};

pub fn values(pairs: Vec<(&str, Value)>) -> ExpressionParameters {
    ExpressionParameters {
        names: Some(BTreeMap::from([("#l".to_string(), "lines".to_string())]))
            .filter(|_| pairs.iter().any(|(k, _)| *k != ":pk")),
        values: Some(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()),
    }
}

/// Order `i` with one attribute changed (its line count is set to `n`), so
/// that a put replacing it changes the item, and the GSI1 entry that
/// projects it, as a real write would.
pub fn changed_order(i: usize, n: i64) -> Item {
    let mut item = indexed_item(i);
    item.insert("lines", number(n));
    item
}

/// A well-spread walk over the loaded orders.
pub struct Walk {
    at: usize,
    items: usize,
}

impl Walk {
    /// A walk from `at` over the benchmarks' million orders.
    pub fn from(at: usize) -> Walk {
        Walk::over(at, ITEMS)
    }

    /// A walk from `at` over the first `items` orders.
    pub fn over(at: usize, items: usize) -> Walk {
        Walk { at, items }
    }

    pub fn next(&mut self) -> usize {
        self.at = (self.at + 7919) % self.items;
        self.at
    }
}

/// Ten actions on ten different orders: what placing an order with its
/// lines, stock decrements and a customer check looks like in size.
pub fn ten_actions(walk: &mut Walk, n: &mut i64) -> (TransactWriteItemsRequest, usize) {
    let mut picked: Vec<usize> = Vec::with_capacity(10);
    while picked.len() < 10 {
        let i = walk.next();
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    let exists = || Some("attribute_exists(PK)".to_string());
    let mut actions: Vec<TransactWrite> = picked[..4]
        .iter()
        .map(|&i| {
            *n += 1;
            TransactWrite::Put(put("orders", changed_order(i, *n)))
        })
        .collect();
    actions.extend(picked[4..8].iter().map(|&i| {
        TransactWrite::Update(UpdateItemRequest {
            table_name: "orders".into(),
            key: key(i),
            update_expression: Some("ADD #l :one".into()),
            condition_expression: exists(),
            expression: values(vec![(":one", number(1))]),
            ..UpdateItemRequest::default()
        })
    }));
    actions.push(TransactWrite::Delete(DeleteItemRequest {
        table_name: "orders".into(),
        key: key(picked[8]),
        condition_expression: exists(),
        ..DeleteItemRequest::default()
    }));
    actions.push(TransactWrite::ConditionCheck(ConditionCheckRequest {
        table_name: "orders".into(),
        key: key(picked[9]),
        condition_expression: exists(),
        ..ConditionCheckRequest::default()
    }));
    let request = TransactWriteItemsRequest {
        transact_items: actions,
        client_request_token: None,
    };
    (request, picked[8])
}

/// Turns the orders table's stream on (NEW_AND_OLD_IMAGES) or off.
pub fn set_stream(engine: &mut Engine, enabled: bool) {
    engine
        .update_table(UpdateTableRequest {
            table_name: "orders".into(),
            stream_specification: Some(StreamSpecification {
                enabled,
                view_type: enabled.then(|| "NEW_AND_OLD_IMAGES".into()),
            }),
            ..UpdateTableRequest::default()
        })
        .unwrap();
}
