//! DynamoDB's request shapes (serde) and their conversion into the engine's
//! typed requests, one file per family of operations. Attribute values are
//! decoded here, so that a malformed value is reported with DynamoDB's
//! message before the operation runs. This file holds what every family
//! shares: reading a body, required fields, enumerations, placeholders.

mod backups;
mod batch;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod batch_in_one_pass;
mod items;
mod legacy;
#[cfg(test)]
pub(crate) mod members_read;
mod partiql;
mod reads;
mod table_arn;
mod tables;
mod tags;
mod transactions;
mod ttl;

pub use backups::update_continuous_backups;
pub use batch::{batch_get_item, batch_write_item};
pub use items::{delete_item, get_item, put_item, update_item};
pub use partiql::{
    batch_execute_statement, decode_token, encode_token, execute_statement, execute_transaction,
};
pub use reads::{query, scan};
pub use tables::{create_table, list_tables, table_name, update_table};
pub use tags::{list_tags_of_resource, tag_resource, untag_resource};
pub use transactions::{transact_get_items, transact_write_items};
pub use ttl::update_time_to_live;

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde_json::Value as Json;

use super::attribute_value::{decode_item, decode_value};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::constraint::{self, Checked, Choice, Violation};
use crate::error::{Error, Result};
use crate::ops::{ExpressionParameters, ReturnValues, Select};
use crate::types::Item;

/// Parses a JSON body into a request shape; any mismatch is a SerializationException.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T> {
    #[cfg(test)]
    members_read::note::<T>();
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        body
    };
    // Read as text when it is UTF-8, natively, as the shapes' check reads it.
    #[cfg(not(target_arch = "wasm32"))]
    if let Ok(text) = std::str::from_utf8(body) {
        return serde_json::from_str(text).map_err(|e| Error::Serialization(e.to_string()));
    }
    serde_json::from_slice(body).map_err(|e| Error::Serialization(e.to_string()))
}

/// A body of an operation that takes no parameters: any JSON object.
pub fn no_parameters(body: &[u8]) -> Result<()> {
    parse_body::<serde_json::Map<String, Json>>(body).map(|_| ())
}

/// A required member, or its breach.
pub(super) fn required<T>(value: Option<T>, field: &str) -> Checked<T> {
    value.ok_or_else(|| Violation::missing(field))
}

/// The request's own constraints (required fields, enumerations, name
/// patterns), collected as DynamoDB collects them and reported together
/// in one ValidationException — "3 validation errors detected: …; …" —
/// before any other check. Fields are checked in the order DynamoDB lists
/// them, which each operation's decoding follows.
///
/// A request that holds requests (a transaction's actions) collects its
/// members' breaches into the same list, each member named by its path
/// from the top (`transactItems.1.member.put.tableName`): see
/// [`Constraints::within`].
#[derive(Default)]
pub(super) struct Constraints {
    breaches: Vec<Violation>,
    /// The first refusal that is not a constraint breach (a `TableName`
    /// given as an ARN that names no table here), answered if the
    /// request breaks no constraint.
    refusal: Option<Error>,
    /// The path of the member being checked; empty at the top.
    at: String,
}

impl Constraints {
    /// Runs `check` on the member at `path` (`transactItems.1.member.put`).
    pub fn within<R>(&mut self, path: &str, check: impl FnOnce(&mut Constraints) -> R) -> R {
        let inner = match self.at.is_empty() {
            true => path.to_string(),
            false => format!("{}.{path}", self.at),
        };
        let outer = std::mem::replace(&mut self.at, inner);
        let result = check(self);
        self.at = outer;
        result
    }

    /// A required field: `None` (and a breach) when it is missing.
    pub fn required<T>(&mut self, value: Option<T>, field: &str) -> Option<T> {
        self.choice(required(value, field))
    }

    /// A table name: required, and DynamoDB's pattern and lengths; or
    /// the table's ARN, which becomes the name.
    pub fn table_name(&mut self, value: Option<String>, field: &str) -> Option<String> {
        let name = self.required(value, field)?;
        if table_arn::is_arn(&name) {
            return Some(self.table_arn(name, field));
        }
        for breach in crate::ops::table_name_problems(&name, field) {
            self.breaches.push(breach.within(&self.at));
        }
        Some(name)
    }

    /// The name of the table `arn` names; the ARN itself, with its breach
    /// or refusal noted, where it names none.
    fn table_arn(&mut self, arn: String, field: &str) -> String {
        let too_long = table_arn::length_breach(&arn, field);
        if !too_long.is_empty() {
            for breach in too_long {
                self.violation(breach);
            }
            return arn;
        }
        match crate::ops::table_name_from_arn(&arn) {
            Ok(name) => name.to_string(),
            Err(refusal) => {
                self.refusal.get_or_insert(refusal);
                arn
            }
        }
    }

    /// A text member's breaches of `rules`, if it has any.
    pub fn text(&mut self, value: &str, field: &str, rules: &[constraint::Rule]) {
        for breach in constraint::text(value, field, rules) {
            self.breaches.push(breach.within(&self.at));
        }
    }

    /// A breach found by the caller.
    pub fn violation(&mut self, breach: Violation) {
        self.breaches.push(breach.within(&self.at));
    }

    /// A checked member: the value, or `None` and its breach.
    pub fn choice<T>(&mut self, checked: Checked<T>) -> Option<T> {
        match checked {
            Ok(value) => Some(value),
            Err(breach) => {
                self.breaches.push(breach.within(&self.at));
                None
            }
        }
    }

    /// Every breach found, as one error.
    pub fn finish(self) -> Result<()> {
        constraint::check(self.breaches)?;
        self.refusal.map_or(Ok(()), Err)
    }

    /// Every breach found, as one error, listed by top-level field in the
    /// order of `fields` (case aside; a field not named goes last), each
    /// field's breaches in the order they were found. Where the order in
    /// which an operation is decoded is not the order DynamoDB lists, this
    /// decides which ten of more than ten are named.
    pub fn finish_listed_by(mut self, fields: &[&str]) -> Result<()> {
        self.breaches.sort_by_key(|breach| {
            let top = breach.at.split('.').next().unwrap_or_default();
            fields
                .iter()
                .position(|field| field.eq_ignore_ascii_case(top))
                .unwrap_or(fields.len())
        });
        self.finish()
    }
}

/// `ReturnItemCollectionMetrics`: `SIZE` asks for them.
pub fn return_item_collection_metrics(value: Option<&str>) -> Checked<bool> {
    const CHOICE: Choice<bool> = Choice {
        values: &[("SIZE", true), ("NONE", false)],
        listed: "SIZE, NONE",
    };
    Ok(CHOICE
        .of_optional(value, "returnItemCollectionMetrics")?
        .unwrap_or(false))
}

/// Decodes `ReturnConsumedCapacity`.
pub fn return_consumed_capacity(value: Option<&str>) -> Checked<ReturnConsumedCapacity> {
    const CHOICE: Choice<ReturnConsumedCapacity> = Choice {
        values: &[
            ("NONE", ReturnConsumedCapacity::None),
            ("TOTAL", ReturnConsumedCapacity::Total),
            ("INDEXES", ReturnConsumedCapacity::Indexes),
        ],
        listed: "INDEXES, TOTAL, NONE",
    };
    Ok(CHOICE
        .of_optional(value, "returnConsumedCapacity")?
        .unwrap_or_default())
}

pub(super) fn return_values(value: Option<&str>) -> Checked<ReturnValues> {
    const CHOICE: Choice<ReturnValues> = Choice {
        values: &[
            ("NONE", ReturnValues::None),
            ("ALL_OLD", ReturnValues::AllOld),
            ("UPDATED_OLD", ReturnValues::UpdatedOld),
            ("ALL_NEW", ReturnValues::AllNew),
            ("UPDATED_NEW", ReturnValues::UpdatedNew),
        ],
        listed: "ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW",
    };
    Ok(CHOICE
        .of_optional(value, "returnValues")?
        .unwrap_or_default())
}

pub(super) fn return_old_on_failure(value: Option<&str>) -> Checked<bool> {
    const CHOICE: Choice<bool> = Choice {
        values: &[("ALL_OLD", true), ("NONE", false)],
        listed: "ALL_OLD, NONE",
    };
    Ok(CHOICE
        .of_optional(value, "returnValuesOnConditionCheckFailure")?
        .unwrap_or(false))
}

pub(super) fn select(value: Option<&str>) -> Checked<Option<Select>> {
    const CHOICE: Choice<Select> = Choice {
        values: &[
            ("SPECIFIC_ATTRIBUTES", Select::SpecificAttributes),
            ("COUNT", Select::Count),
            ("ALL_ATTRIBUTES", Select::AllAttributes),
            ("ALL_PROJECTED_ATTRIBUTES", Select::AllProjectedAttributes),
        ],
        listed: "SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES",
    };
    CHOICE.of_optional(value, "select")
}

pub(super) fn placeholder_key_ok(key: &str, sigil: char) -> bool {
    key.len() > 1
        && key.len() <= 255
        && key.starts_with(sigil)
        && key[1..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `ExpressionAttributeNames`' keys: each `#` and a word.
pub(super) fn check_name_keys(names: Option<&BTreeMap<String, String>>) -> Result<()> {
    match names.and_then(|names| names.keys().find(|k| !placeholder_key_ok(k, '#'))) {
        Some(bad) => Err(Error::validation(format!(
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"{bad}\""
        ))),
        None => Ok(()),
    }
}

pub(super) fn expression_parameters(
    names: Option<BTreeMap<String, String>>,
    values: Option<Json>,
) -> Result<ExpressionParameters> {
    check_name_keys(names.as_ref())?;
    let values = match values {
        None | Some(Json::Null) => None,
        Some(Json::Object(map)) => {
            // Every key is read before any value (dynalite's suite).
            if let Some(bad) = map.keys().find(|key| !placeholder_key_ok(key, ':')) {
                return Err(Error::validation(format!(
                    "ExpressionAttributeValues contains invalid key: Syntax error; key: \"{bad}\""
                )));
            }
            let mut out = BTreeMap::new();
            for (key, json) in map {
                let value = decode_value(&json, 1).map_err(|e| match e {
                    Error::Validation { message, .. } => Error::validation(format!(
                        "ExpressionAttributeValues contains invalid value: {message} for key {key}"
                    )),
                    other => other,
                })?;
                out.insert(key, value);
            }
            Some(out)
        }
        Some(_) => {
            return Err(Error::Serialization(
                "Unexpected token received from parser: ExpressionAttributeValues must be a map"
                    .into(),
            ));
        }
    };
    Ok(ExpressionParameters { names, values })
}

pub(super) fn optional_item(json: Option<Json>) -> Result<Option<Item>> {
    match json {
        None | Some(Json::Null) => Ok(None),
        Some(json) => decode_item(&json).map(Some),
    }
}

/// `ExclusiveStartKey`'s values. DynamoDB prefixes what is wrong with one
/// by "The provided starting key is invalid: ", except for the refusals of
/// numbers and sets, which it gives bare (dynalite's suite, recorded
/// against the service).
pub(super) fn start_key(json: Option<Json>) -> Result<Option<Item>> {
    const BARE: [&str; 5] = [
        "contains duplicates",
        "number set",
        "numeric value",
        "significant digits",
        "number with magnitude",
    ];
    optional_item(json).map_err(|e| match e {
        Error::Validation { message, .. } if BARE.iter().any(|m| message.contains(m)) => {
            Error::validation(message)
        }
        Error::Validation { message, .. } => {
            Error::validation(format!("The provided starting key is invalid: {message}"))
        }
        other => other,
    })
}
