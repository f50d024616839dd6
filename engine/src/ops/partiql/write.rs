//! PartiQL INSERT, UPDATE and DELETE (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.insert.html>, `ql-reference.update.html`, `ql-reference.delete.html`), each run as the
//! single-item write it is, so its capacity is that write's exactly:
//! - INSERT is a PutItem on condition that the key is new; an existing key
//!   is DuplicateItemException, never an overwrite;
//! - UPDATE is an UpdateItem of the item the WHERE's key equalities name,
//!   on condition that it exists and that the rest of the WHERE holds: a
//!   missing item fails the condition and nothing is created;
//! - DELETE is a DeleteItem on condition that the item is missing or the
//!   rest of the WHERE holds: deleting a missing item succeeds.

use super::{ExecuteStatementResponse, Served};
use crate::error::{Error, Result};
use crate::expr::ast::{CompareOp, Condition, Operand};
use crate::key::KeySchema;
use crate::ops::{DeleteItemRequest, Engine, PutItemRequest, ReturnValues, UpdateItemRequest};
use crate::partiql::Binder;
use crate::partiql::ast::{self, Name, Returning};
use crate::partiql::parser::PARAMETER;
use crate::types::{Item, Path, Value};

/// DynamoDB's message for an UPDATE or DELETE without its whole key.
pub const KEY_EQUALITIES_REQUIRED: &str =
    "Where clause does not contain a mandatory equality on all key attributes";

/// The item a write statement names, and the rest of its WHERE.
pub(crate) struct Target {
    pub key: Item,
    pub rest: Option<Condition>,
}

/// Splits a WHERE into the key equalities (every table key attribute, by
/// `=` at the top level of an AND) and the conditions left over.
pub(crate) fn key_and_rest(condition: Option<Condition>, schema: &KeySchema) -> Result<Target> {
    let mut conjuncts = Vec::new();
    if let Some(condition) = condition {
        flatten_and(condition, &mut conjuncts);
    }
    let mut key = Item::new();
    let mut rest: Vec<Condition> = Vec::new();
    for condition in conjuncts {
        match key_equality(&condition, schema) {
            Some((name, value)) => match key.get(name) {
                Some(seen) if seen != value => {
                    return Err(Error::validation(format!(
                        "Multiple conditions on same key {name}. Only single item Update/Insert/Delete are supported"
                    )));
                }
                Some(_) => {}
                None => {
                    key.insert(name, value.clone());
                }
            },
            None => rest.push(condition),
        }
    }
    if schema.names().any(|name| !key.contains_key(name)) {
        return Err(Error::validation(KEY_EQUALITIES_REQUIRED));
    }
    let rest = rest
        .into_iter()
        .reduce(|a, b| Condition::And(Box::new(a), Box::new(b)));
    Ok(Target { key, rest })
}

fn flatten_and(condition: Condition, out: &mut Vec<Condition>) {
    match condition {
        Condition::And(a, b) => {
            flatten_and(*a, out);
            flatten_and(*b, out);
        }
        other => out.push(other),
    }
}

/// `key = value` (either way round) on one of the schema's attributes.
fn key_equality<'a>(condition: &'a Condition, schema: &KeySchema) -> Option<(&'a str, &'a Value)> {
    let Condition::Compare(CompareOp::Eq, a, b) = condition else {
        return None;
    };
    let (path, value) = match (a, b) {
        (Operand::Path(p), Operand::Value(v)) | (Operand::Value(v), Operand::Path(p)) => (p, v),
        _ => return None,
    };
    (path.is_top_level() && schema.contains(path.top())).then(|| (path.top(), value))
}

/// An UPDATE or DELETE names a table, never an index.
fn check_no_index(index: &Option<Name>) -> Result<()> {
    match index {
        Some(name) => Err(Error::at(
            "This operation is not supported on an index",
            PARAMETER,
            name.span,
        )),
        None => Ok(()),
    }
}

fn return_values(returning: Option<(Returning, crate::error::Span)>) -> ReturnValues {
    match returning.map(|(r, _)| r) {
        None => ReturnValues::None,
        Some(Returning::AllOld) => ReturnValues::AllOld,
        Some(Returning::ModifiedOld) => ReturnValues::UpdatedOld,
        Some(Returning::AllNew) => ReturnValues::AllNew,
        Some(Returning::ModifiedNew) => ReturnValues::UpdatedNew,
    }
}

/// `attribute_exists(pk)`: the item is there.
fn exists(schema: &KeySchema) -> Condition {
    Condition::Exists(Path::attribute(schema.partition.name.as_str()))
}

/// `attribute_not_exists(pk)`: the item is not there.
fn missing(schema: &KeySchema) -> Condition {
    Condition::NotExists(Path::attribute(schema.partition.name.as_str()))
}

/// A write statement as the single-item request it becomes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PreparedWrite {
    Insert(PutItemRequest),
    Update(UpdateItemRequest),
    Delete(DeleteItemRequest),
}

impl PreparedWrite {
    pub fn table_name(&self) -> &str {
        match self {
            PreparedWrite::Insert(r) => &r.table_name,
            PreparedWrite::Update(r) => &r.table_name,
            PreparedWrite::Delete(r) => &r.table_name,
        }
    }

    pub fn served(&self) -> Served {
        match self {
            PreparedWrite::Insert(_) => Served::Insert,
            PreparedWrite::Update(_) => Served::Update,
            PreparedWrite::Delete(_) => Served::Delete,
        }
    }
}

impl Engine {
    /// The request a write statement becomes, checked as DynamoDB checks
    /// it before anything runs.
    pub(crate) fn prepare_write(
        &self,
        statement: &ast::Statement,
        binder: Binder<'_>,
        return_old_on_condition_failure: bool,
    ) -> Result<PreparedWrite> {
        match statement {
            ast::Statement::Insert(insert) => self
                .insert_request(insert, binder)
                .map(PreparedWrite::Insert),
            ast::Statement::Update(update) => self
                .update_request(update, binder, return_old_on_condition_failure)
                .map(PreparedWrite::Update),
            ast::Statement::Delete(delete) => self
                .delete_request(delete, binder, return_old_on_condition_failure)
                .map(PreparedWrite::Delete),
            _ => Err(Error::validation(super::EXISTS_IN_TRANSACTIONS_ONLY)),
        }
    }

    /// Runs a prepared write: what RETURNING asked for, and its capacity.
    pub(crate) fn run_write(&mut self, write: PreparedWrite) -> Result<ExecuteStatementResponse> {
        let table_name = write.table_name().to_string();
        let served = write.served();
        let written_key = match &write {
            PreparedWrite::Insert(r) => self.key_schema(&table_name).ok().map(|schema| {
                schema
                    .names()
                    .filter_map(|n| r.item.get(n).map(|v| (n, v.clone())))
                    .collect()
            }),
            PreparedWrite::Update(r) => Some(r.key.clone()),
            PreparedWrite::Delete(r) => Some(r.key.clone()),
        };
        let (item, consumed) = match write {
            PreparedWrite::Insert(request) => {
                let response = self.put_item(request).map_err(|e| match e {
                    Error::ConditionalCheckFailed { .. } => Error::DuplicateItem,
                    other => other,
                })?;
                (None, response.consumed)
            }
            PreparedWrite::Update(request) => {
                let response = self.update_item(request)?;
                (response.attributes, response.consumed)
            }
            PreparedWrite::Delete(request) => {
                let response = self.delete_item(request)?;
                (response.attributes, response.consumed)
            }
        };
        Ok(ExecuteStatementResponse {
            items: item.into_iter().collect(),
            next_token: None,
            consumed,
            consumed_if_strong: None,
            table_name,
            served,
            scanned_count: 0,
            bytes_read: 0,
            written_key,
        })
    }

    /// The request an INSERT becomes.
    fn insert_request(&self, insert: &ast::Insert, binder: Binder<'_>) -> Result<PutItemRequest> {
        if insert.index.is_some() {
            let at = insert.table.span;
            return Err(Error::at(
                format!(
                    "FROM clause may only contain a single table name in data manipulation statements at 1:{}:{}",
                    at.start + 1,
                    at.end - at.start
                ),
                PARAMETER,
                at,
            ));
        }
        let item = binder.item(&insert.value)?;
        let schema = self.key_schema(&insert.table.text)?;
        Ok(PutItemRequest {
            table_name: insert.table.text.clone(),
            item,
            condition: Some(missing(&schema)),
            ..PutItemRequest::default()
        })
    }

    /// The request an UPDATE becomes.
    fn update_request(
        &self,
        update: &ast::Update,
        binder: Binder<'_>,
        return_old_on_condition_failure: bool,
    ) -> Result<UpdateItemRequest> {
        check_no_index(&update.index)?;
        let actions = binder.changes(&update.changes)?;
        let condition = update
            .condition
            .as_ref()
            .map(|c| binder.condition(c))
            .transpose()?;
        let schema = self.key_schema(&update.table.text)?;
        let Target { key, rest } = key_and_rest(condition, &schema)?;
        let condition = match rest {
            Some(rest) => Condition::And(Box::new(exists(&schema)), Box::new(rest)),
            None => exists(&schema),
        };
        Ok(UpdateItemRequest {
            table_name: update.table.text.clone(),
            key,
            actions: Some(actions),
            condition: Some(condition),
            return_values: return_values(update.returning),
            return_old_on_condition_failure,
            ..UpdateItemRequest::default()
        })
    }

    /// The request a DELETE becomes.
    fn delete_request(
        &self,
        delete: &ast::Delete,
        binder: Binder<'_>,
        return_old_on_condition_failure: bool,
    ) -> Result<DeleteItemRequest> {
        check_no_index(&delete.index)?;
        let condition = delete
            .condition
            .as_ref()
            .map(|c| binder.condition(c))
            .transpose()?;
        let schema = self.key_schema(&delete.table.text)?;
        let Target { key, rest } = key_and_rest(condition, &schema)?;
        Ok(DeleteItemRequest {
            table_name: delete.table.text.clone(),
            key,
            condition: rest.map(|rest| Condition::Or(Box::new(missing(&schema)), Box::new(rest))),
            return_values: return_values(delete.returning),
            return_old_on_condition_failure,
            ..DeleteItemRequest::default()
        })
    }
}
