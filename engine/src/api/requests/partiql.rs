//! ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. The
//! parameter values are decoded (and refused with the item-value messages)
//! before the statement is parsed, as DynamoDB does; the NextToken is
//! decoded here from its wire form ([`encode_token`]).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use super::transactions::check_client_request_token;
use super::{parse_body, required, return_consumed_capacity, return_old_on_failure};
use crate::api::attribute_value::{decode_item, decode_value, encode_item};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::ops::{
    BatchStatementRequest, ExecuteStatementRequest, ExecuteTransactionRequest, StatementToken,
};
use crate::types::Value;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct StatementWire {
    statement: Option<String>,
    parameters: Option<Vec<Json>>,
    consistent_read: Option<bool>,
    limit: Option<i64>,
    next_token: Option<String>,
    return_consumed_capacity: Option<String>,
    return_values_on_condition_check_failure: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct MemberWire {
    statement: Option<String>,
    parameters: Option<Vec<Json>>,
    consistent_read: Option<bool>,
    return_values_on_condition_check_failure: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct BatchWire {
    statements: Option<Vec<MemberWire>>,
    return_consumed_capacity: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TransactionWire {
    transact_statements: Option<Vec<MemberWire>>,
    client_request_token: Option<String>,
    return_consumed_capacity: Option<String>,
}

/// `Parameters`: at least one value when given, each a valid attribute value.
fn parameters(json: Option<Vec<Json>>, field: &str) -> Result<Vec<Value>> {
    let Some(list) = json else {
        return Ok(Vec::new());
    };
    if list.is_empty() {
        return Err(Violation::new("[]", field, Rule::LengthAtLeast(1)).into());
    }
    list.iter().map(|v| decode_value(v, 1)).collect()
}

fn member(wire: MemberWire, field: &str) -> Result<BatchStatementRequest> {
    Ok(BatchStatementRequest {
        statement: required(wire.statement, &format!("{field}.member.statement"))?,
        parameters: parameters(wire.parameters, &format!("{field}.member.parameters"))?,
        consistent_read: wire.consistent_read.unwrap_or(false),
        return_old_on_condition_failure: return_old_on_failure(
            wire.return_values_on_condition_check_failure.as_deref(),
        )?,
    })
}

/// ExecuteStatement.
pub fn execute_statement(body: &[u8]) -> Result<(ExecuteStatementRequest, ReturnConsumedCapacity)> {
    let wire: StatementWire = parse_body(body)?;
    let capacity = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    let return_old =
        return_old_on_failure(wire.return_values_on_condition_check_failure.as_deref())?;
    let statement = required(wire.statement, "statement")?;
    if let Some(token) = &wire.next_token {
        const TOKEN: &[Rule] = &[Rule::LengthAtLeast(1), Rule::LengthAtMost(32_768)];
        constraint::check(constraint::length(
            token.chars().count(),
            token,
            "nextToken",
            TOKEN,
        ))?;
    }
    let parameters = parameters(wire.parameters, "parameters")?;
    let next_token = wire.next_token.as_deref().map(decode_token).transpose()?;
    Ok((
        ExecuteStatementRequest {
            statement,
            parameters,
            consistent_read: wire.consistent_read.unwrap_or(false),
            limit: wire.limit,
            next_token,
            return_old_on_condition_failure: return_old,
            scan_table_instead: false,
        },
        capacity,
    ))
}

/// BatchExecuteStatement.
pub fn batch_execute_statement(
    body: &[u8],
) -> Result<(Vec<BatchStatementRequest>, ReturnConsumedCapacity)> {
    let wire: BatchWire = parse_body(body)?;
    let capacity = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    let statements = required(wire.statements, "statements")?
        .into_iter()
        .map(|m| member(m, "statements"))
        .collect::<Result<Vec<_>>>()?;
    Ok((statements, capacity))
}

/// ExecuteTransaction.
pub fn execute_transaction(
    body: &[u8],
) -> Result<(ExecuteTransactionRequest, ReturnConsumedCapacity)> {
    let wire: TransactionWire = parse_body(body)?;
    let capacity = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    check_client_request_token(wire.client_request_token.as_deref())?;
    let statements = required(wire.transact_statements, "transactStatements")?
        .into_iter()
        .map(|m| member(m, "transactStatements"))
        .collect::<Result<Vec<_>>>()?;
    Ok((
        ExecuteTransactionRequest {
            statements,
            client_request_token: wire.client_request_token,
        },
        capacity,
    ))
}

/// A NextToken as the wire carries it: base64url of a small JSON object
/// (the statement's fingerprint, the read, the key in DynamoDB JSON).
/// Opaque to clients; decoded only by [`decode_token`].
pub fn encode_token(token: &StatementToken) -> String {
    let mut json = json!({"f": token.fingerprint.to_string(), "r": token.read});
    if let Some(key) = &token.key {
        json["k"] = encode_item(key);
    }
    URL_SAFE_NO_PAD.encode(json.to_string())
}

/// The token [`encode_token`] made, or DynamoDB's `Invalid NextToken`.
pub fn decode_token(text: &str) -> Result<StatementToken> {
    let invalid = || Error::validation("Invalid NextToken");
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| invalid())?;
    let json: Json = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
    let fingerprint = json["f"]
        .as_str()
        .and_then(|f| f.parse().ok())
        .ok_or_else(invalid)?;
    let read = json["r"].as_u64().ok_or_else(invalid)? as usize;
    let key = match json.get("k") {
        None => None,
        Some(k) => Some(decode_item(k).map_err(|_| invalid())?),
    };
    Ok(StatementToken {
        fingerprint,
        read,
        key,
    })
}
