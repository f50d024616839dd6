//! TransactWriteItems and TransactGetItems. Each action is decoded exactly
//! as the single-item operation it mirrors would be (a Put as PutItem, a
//! ConditionCheck as a DeleteItem that writes nothing), so it is checked
//! the same way.

use serde::Deserialize;
use serde_json::Value as Json;

use super::items::{PendingRequest, Write, pending_write};
use super::{Constraints, parse_body, return_consumed_capacity, return_item_collection_metrics};
use crate::api::attribute_value::decode_item;
use crate::capacity::ReturnConsumedCapacity;
use crate::error::constraint::{self, Checked, Rule};
use crate::error::{Error, Result};
use crate::ops::{ConditionCheckRequest, TransactGet, TransactWrite, TransactWriteItemsRequest};

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ActionWire {
    put: Option<Json>,
    update: Option<Json>,
    delete: Option<Json>,
    condition_check: Option<Json>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TransactWriteWire {
    transact_items: Option<Vec<ActionWire>>,
    client_request_token: Option<String>,
    return_consumed_capacity: Option<String>,
    return_item_collection_metrics: Option<String>,
}

/// What an action that names no kind, or more than one, is told.
const NO_ACTION: &str =
    "The action or operation requested is invalid. Verify that the action is typed correctly.";

/// `ClientRequestToken`: 1 to 36 characters.
pub(super) fn check_client_request_token(token: Option<&str>) -> Checked<()> {
    const TOKEN: &[Rule] = &[Rule::LengthAtLeast(1), Rule::LengthAtMost(36)];
    match token.map(|token| constraint::text(token, "clientRequestToken", TOKEN)) {
        Some(breaches) if !breaches.is_empty() => Err(breaches[0].clone()),
        _ => Ok(()),
    }
}

/// TransactWriteItems, with whether item collection metrics were asked for.
///
/// The request's constraints and its actions' (each at its path,
/// `transactItems.N.member.put.tableName`) are reported together, before
/// any action's other checks.
pub fn transact_write_items(
    body: &[u8],
) -> Result<(TransactWriteItemsRequest, ReturnConsumedCapacity, bool)> {
    let wire: TransactWriteWire = parse_body(body)?;
    let mut constraints = Constraints::default();
    let rcc = constraints
        .choice(return_consumed_capacity(
            wire.return_consumed_capacity.as_deref(),
        ))
        .unwrap_or_default();
    let metrics = constraints
        .choice(return_item_collection_metrics(
            wire.return_item_collection_metrics.as_deref(),
        ))
        .unwrap_or(false);
    constraints.choice(check_client_request_token(
        wire.client_request_token.as_deref(),
    ));
    let actions = constraints
        .required(wire.transact_items, "transactItems")
        .unwrap_or_default();
    let mut pending = Vec::with_capacity(actions.len());
    for (n, action) in actions.into_iter().enumerate() {
        let (kind, member, json) = match action {
            ActionWire {
                put: Some(put),
                update: None,
                delete: None,
                condition_check: None,
            } => (Write::Put, "put", put),
            ActionWire {
                put: None,
                update: Some(update),
                delete: None,
                condition_check: None,
            } => (Write::Update, "update", update),
            ActionWire {
                put: None,
                update: None,
                delete: Some(delete),
                condition_check: None,
            } => (Write::Delete, "delete", delete),
            ActionWire {
                put: None,
                update: None,
                delete: None,
                condition_check: Some(check),
            } => (Write::Delete, "conditionCheck", check),
            _ => return Err(Error::validation(NO_ACTION)),
        };
        let is_check = member == "conditionCheck";
        let path = format!("transactItems.{}.member.{member}", n + 1);
        let action = constraints.within(&path, |constraints| {
            let action = pending_write(json.to_string().as_bytes(), kind, constraints)?;
            if is_check {
                constraints.required(action.condition_expression(), "conditionExpression");
            }
            Ok::<_, Error>(action)
        })?;
        pending.push((is_check, action));
    }
    constraints.finish()?;
    let mut actions = Vec::with_capacity(pending.len());
    for (is_check, action) in pending {
        actions.push(match action.request()? {
            PendingRequest::Put(put) => TransactWrite::Put(put),
            PendingRequest::Update(update) => TransactWrite::Update(update),
            PendingRequest::Delete(check) if is_check => {
                TransactWrite::ConditionCheck(ConditionCheckRequest {
                    table_name: check.table_name,
                    key: check.key,
                    condition_expression: check.condition_expression,
                    expression: check.expression,
                    return_old_on_condition_failure: check.return_old_on_condition_failure,
                    condition: None,
                })
            }
            PendingRequest::Delete(delete) => TransactWrite::Delete(delete),
        });
    }
    Ok((
        TransactWriteItemsRequest {
            transact_items: actions,
            client_request_token: wire.client_request_token,
        },
        rcc,
        metrics,
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GetWire {
    table_name: Option<String>,
    key: Option<Json>,
    projection_expression: Option<String>,
    expression_attribute_names: Option<std::collections::BTreeMap<String, String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GetActionWire {
    get: Option<GetWire>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TransactGetWire {
    transact_items: Option<Vec<GetActionWire>>,
    return_consumed_capacity: Option<String>,
}

/// TransactGetItems: its constraints and its Gets' reported together, as
/// for TransactWriteItems.
pub fn transact_get_items(body: &[u8]) -> Result<(Vec<TransactGet>, ReturnConsumedCapacity)> {
    let wire: TransactGetWire = parse_body(body)?;
    let mut constraints = Constraints::default();
    let rcc = constraints
        .choice(return_consumed_capacity(
            wire.return_consumed_capacity.as_deref(),
        ))
        .unwrap_or_default();
    let actions = constraints
        .required(wire.transact_items, "transactItems")
        .unwrap_or_default();
    let mut checked = Vec::with_capacity(actions.len());
    for (n, action) in actions.into_iter().enumerate() {
        let path = format!("transactItems.{}.member", n + 1);
        let get = constraints.within(&path, |constraints| {
            let get = constraints.required(action.get, "get")?;
            constraints.within("get", |constraints| {
                let table_name = constraints.table_name(get.table_name, "tableName");
                let key = constraints.required(get.key, "key");
                Some((
                    table_name?,
                    key?,
                    get.projection_expression,
                    get.expression_attribute_names,
                ))
            })
        });
        checked.push(get);
    }
    constraints.finish()?;
    let mut gets = Vec::with_capacity(checked.len());
    for (table_name, key, projection_expression, expression_attribute_names) in
        checked.into_iter().flatten()
    {
        gets.push(TransactGet {
            table_name,
            key: decode_item(&key)?,
            projection_expression,
            expression_attribute_names,
        });
    }
    Ok((gets, rcc))
}
