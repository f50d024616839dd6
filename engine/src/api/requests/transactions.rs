//! TransactWriteItems and TransactGetItems. Each action is decoded exactly
//! as the single-item operation it mirrors would be (a Put as PutItem, a
//! ConditionCheck as a DeleteItem that writes nothing), so it is checked
//! the same way.

use serde::Deserialize;
use serde_json::Value as Json;

use super::{
    delete_item, parse_body, put_item, required, return_consumed_capacity,
    return_item_collection_metrics, update_item,
};
use crate::api::attribute_value::decode_item;
use crate::capacity::ReturnConsumedCapacity;
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
pub(super) fn check_client_request_token(token: Option<&str>) -> Result<()> {
    match token {
        Some(token) if token.is_empty() || token.len() > 36 => Err(Error::validation(format!(
            "1 validation error detected: Value '{token}' at 'clientRequestToken' failed to satisfy constraint: Member must have length {}",
            if token.is_empty() {
                "greater than or equal to 1"
            } else {
                "less than or equal to 36"
            }
        ))),
        _ => Ok(()),
    }
}

/// TransactWriteItems, with whether item collection metrics were asked for.
pub fn transact_write_items(
    body: &[u8],
) -> Result<(TransactWriteItemsRequest, ReturnConsumedCapacity, bool)> {
    let wire: TransactWriteWire = parse_body(body)?;
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    let metrics = return_item_collection_metrics(wire.return_item_collection_metrics.as_deref())?;
    check_client_request_token(wire.client_request_token.as_deref())?;
    let mut actions = Vec::new();
    for action in required(wire.transact_items, "transactItems")? {
        let bytes = |json: Json| json.to_string().into_bytes();
        actions.push(match action {
            ActionWire {
                put: Some(put),
                update: None,
                delete: None,
                condition_check: None,
            } => TransactWrite::Put(put_item(&bytes(put))?.0),
            ActionWire {
                put: None,
                update: Some(update),
                delete: None,
                condition_check: None,
            } => TransactWrite::Update(update_item(&bytes(update))?.0),
            ActionWire {
                put: None,
                update: None,
                delete: Some(delete),
                condition_check: None,
            } => TransactWrite::Delete(delete_item(&bytes(delete))?.0),
            ActionWire {
                put: None,
                update: None,
                delete: None,
                condition_check: Some(check),
            } => {
                let (as_delete, _) = delete_item(&bytes(check))?;
                TransactWrite::ConditionCheck(ConditionCheckRequest {
                    table_name: as_delete.table_name,
                    key: as_delete.key,
                    condition_expression: as_delete.condition_expression,
                    expression: as_delete.expression,
                    return_old_on_condition_failure: as_delete.return_old_on_condition_failure,
                    condition: None,
                })
            }
            _ => return Err(Error::validation(NO_ACTION)),
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

/// TransactGetItems.
pub fn transact_get_items(body: &[u8]) -> Result<(Vec<TransactGet>, ReturnConsumedCapacity)> {
    let wire: TransactGetWire = parse_body(body)?;
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    let mut gets = Vec::new();
    for (n, action) in required(wire.transact_items, "transactItems")?
        .into_iter()
        .enumerate()
    {
        let at = format!("transactItems.{}.member.get", n + 1);
        let get = required(action.get, &at)?;
        gets.push(TransactGet {
            table_name: required(get.table_name, &format!("{at}.tableName"))?,
            key: decode_item(&required(get.key, &format!("{at}.key"))?)?,
            projection_expression: get.projection_expression,
            expression_attribute_names: get.expression_attribute_names,
        });
    }
    Ok((gets, rcc))
}
