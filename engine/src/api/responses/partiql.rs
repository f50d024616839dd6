//! ExecuteStatement, BatchExecuteStatement and ExecuteTransaction
//! responses. ExecuteStatement's capacity is one object, as a Query's; a
//! batch's is an array per table, as BatchGetItem's; a transaction's is a
//! transaction's (spec `partiql-and-legacy.md` §1, §3.6).

use serde_json::{Value as Json, json};

use super::consumed_capacity;
use crate::api::attribute_value::encode_item;
use crate::api::requests::encode_token;
use crate::capacity::ReturnConsumedCapacity;
use crate::ops::{
    BatchExecuteStatementResponse, ExecuteStatementResponse, ExecuteTransactionResponse,
};

/// An ExecuteStatement response body: `Items` always, `NextToken` when a
/// SELECT stopped early (never `LastEvaluatedKey`: <https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ExecuteStatement.html>).
pub fn execute_statement(
    response: &ExecuteStatementResponse,
    mode: ReturnConsumedCapacity,
) -> String {
    let items: Vec<Json> = response.items.iter().map(encode_item).collect();
    let mut out = json!({"Items": items});
    if let Some(token) = &response.next_token {
        out["NextToken"] = json!(encode_token(token));
    }
    if let Some(consumed) = consumed_capacity(&response.consumed, mode) {
        out["ConsumedCapacity"] = serde_json::to_value(consumed).unwrap_or(Json::Null);
    }
    out.to_string()
}

/// A BatchExecuteStatement response body: one entry per statement.
pub fn batch_execute_statement(
    response: &BatchExecuteStatementResponse,
    mode: ReturnConsumedCapacity,
) -> String {
    let responses: Vec<Json> = response
        .responses
        .iter()
        .map(|outcome| {
            let mut entry = json!({});
            if let Some(table) = &outcome.table_name {
                entry["TableName"] = json!(table);
            }
            if let Some(item) = &outcome.item {
                entry["Item"] = encode_item(item);
            }
            if let Some(error) = &outcome.error {
                entry["Error"] = json!({"Code": error.code, "Message": error.message});
            }
            entry
        })
        .collect();
    let mut out = json!({"Responses": responses});
    if !response.consumed.is_empty()
        && let Some(consumed) = super::batch::consumed_array(&response.consumed, mode)
    {
        out["ConsumedCapacity"] = consumed;
    }
    out.to_string()
}

/// An ExecuteTransaction response body: per statement, `{"Item": …}` for
/// a read that found its item, `{}` otherwise.
pub fn execute_transaction(
    response: &ExecuteTransactionResponse,
    mode: ReturnConsumedCapacity,
) -> String {
    let mut out = json!({"Responses": super::transactions::item_responses(&response.responses)});
    let kind = if response.reads { "Read" } else { "Write" };
    if let Some(consumed) = super::transactions::consumed_array(&response.consumed, mode, kind) {
        out["ConsumedCapacity"] = consumed;
    }
    out.to_string()
}
