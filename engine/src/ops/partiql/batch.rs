//! BatchExecuteStatement (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.multiplestatements.batching.html>): up to 25 statements, all reads
//! or all writes, each succeeding or failing alone. A read must name one
//! item by its whole primary key and is a GetItem; a write runs as it
//! would in ExecuteStatement. A member's failure is its entry's `Error`,
//! never the request's; only the request's own faults (the count, mixing
//! reads with writes, two members on one item) fail it whole.

use super::check_statement_length;
use crate::capacity::{Consumed, write_units};
use crate::error::constraint::{Rule, Violation};
use crate::error::{Error, Result};
use crate::key::{KeySchema, key_from_request, primary_key_of};
use crate::ops::shared::update::apply_update;
use crate::ops::{Engine, GetItemRequest};
use crate::partiql::Binder;
use crate::partiql::ast::{self, Projection, Statement};
use crate::partiql::bind::{project, projection};
use crate::partiql::parse_counting;
use crate::types::{Item, Value, item_size};

use super::write::{PreparedWrite, key_and_rest};

pub use crate::limits::MAX_BATCH_STATEMENTS;

/// One statement of a batch or a transaction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchStatementRequest {
    /// `Statement`.
    pub statement: String,
    /// `Parameters`.
    pub parameters: Vec<Value>,
    /// `ConsistentRead` (reads in a batch only).
    pub consistent_read: bool,
    /// `ReturnValuesOnConditionCheckFailure=ALL_OLD`. Accepted in a batch
    /// but inert there, as in DynamoDB (<https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchExecuteStatement.html>).
    pub return_old_on_condition_failure: bool,
}

/// Why one member of a batch failed.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchStatementError {
    /// `Code`: `ValidationError`, `ConditionalCheckFailed`, …
    pub code: &'static str,
    /// `Message`.
    pub message: String,
}

/// What one member of a batch answered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchStatementOutcome {
    /// `TableName`: given when the statement ran.
    pub table_name: Option<String>,
    /// `Item`: a read's item, or what a RETURNING asked for.
    pub item: Option<Item>,
    /// `Error`.
    pub error: Option<BatchStatementError>,
}

/// A BatchExecuteStatement response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchExecuteStatementResponse {
    /// `Responses`, in statement order.
    pub responses: Vec<BatchStatementOutcome>,
    /// Capacity, one entry per table in order of first use; empty when
    /// every member failed.
    pub consumed: Vec<Consumed>,
}

/// The batch's code for an engine error.
pub fn error_code(error: &Error) -> &'static str {
    match error {
        Error::Validation { .. } | Error::Serialization(_) => "ValidationError",
        Error::ConditionalCheckFailed { .. } => "ConditionalCheckFailed",
        Error::ResourceNotFound(_) | Error::TableNotFound(_) => "ResourceNotFound",
        Error::DuplicateItem => "DuplicateItem",
        Error::ItemCollectionSizeLimitExceeded => "ItemCollectionSizeLimitExceeded",
        Error::TransactionCanceled { .. } => "TransactionConflict",
        _ => "InternalServerError",
    }
}

fn failed(error: &Error, table_name: Option<String>) -> BatchStatementOutcome {
    BatchStatementOutcome {
        table_name,
        item: None,
        error: Some(BatchStatementError {
            code: error_code(error),
            message: error.to_string(),
        }),
    }
}

/// The count of a batch's or a transaction's statements, checked.
pub(super) fn check_count(n: usize, max: usize, field: &str) -> Result<()> {
    if n == 0 {
        return Err(Violation::new("[]", field, Rule::LengthAtLeast(1)).into());
    }
    if n > max {
        // DynamoDB leaves a list this long out of the message.
        return Err(Violation::unshown(field, Rule::LengthAtMost(max)).into());
    }
    Ok(())
}

/// A read that names one item: its table, key and projection.
pub(super) struct ItemRead {
    pub table_name: String,
    pub key: Item,
    pub projection: Option<Vec<(crate::types::Path, String)>>,
}

/// A SELECT that must name one item by its whole primary key and nothing
/// else; `refusal` is the message when it does not.
/// DynamoDB's answer to a statement that reads a multi-attribute index.
pub(super) fn multi_attribute_refusal() -> Error {
    Error::validation(
        "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys.",
    )
}

pub(super) fn item_read(
    engine: &Engine,
    select: &ast::Select,
    binder: Binder<'_>,
    refusal: &str,
) -> Result<ItemRead> {
    let condition = select
        .condition
        .as_ref()
        .map(|c| binder.condition(c))
        .transpose()?;
    let schema = engine.key_schema(&select.table.text)?;
    if let Some(index) = &select.index {
        let multi_attribute = engine
            .tables
            .get(&select.table.text)
            .and_then(|table| table.description.index(&index.text))
            .is_some_and(|index| index.key_schema.is_multi_attribute());
        if multi_attribute {
            return Err(multi_attribute_refusal());
        }
        return Err(Error::validation(refusal));
    }
    let condition = condition.map(|c| one_value_in_as_equality(c, &schema));
    let target = key_and_rest(condition, &schema).map_err(|_| Error::validation(refusal))?;
    if target.rest.is_some() {
        return Err(Error::validation(refusal));
    }
    Ok(ItemRead {
        table_name: select.table.text.clone(),
        key: target.key,
        projection: match &select.projection {
            Projection::All => None,
            Projection::Paths(paths) => Some(projection(paths)),
        },
    })
}

/// `k IN [v]` on a key attribute reads as `k = v`.
fn one_value_in_as_equality(
    condition: crate::expr::ast::Condition,
    schema: &KeySchema,
) -> crate::expr::ast::Condition {
    use crate::expr::ast::{CompareOp, Condition, Operand};
    match condition {
        Condition::And(a, b) => Condition::And(
            Box::new(one_value_in_as_equality(*a, schema)),
            Box::new(one_value_in_as_equality(*b, schema)),
        ),
        Condition::In(Operand::Path(path), mut list)
            if list.len() == 1 && path.is_top_level() && schema.contains(path.top()) =>
        {
            Condition::Compare(CompareOp::Eq, Operand::Path(path), list.remove(0))
        }
        other => other,
    }
}

/// The key attributes of an item, in key-schema order, to tell two
/// members on one item apart from members on two.
fn key_values(schema: &KeySchema, item: &Item) -> Vec<Option<Value>> {
    schema.names().map(|n| item.get(n).cloned()).collect()
}

/// The projection of a read, as its PartiQL names.
pub(super) fn project_read(
    item: Item,
    projection: &Option<Vec<(crate::types::Path, String)>>,
) -> Item {
    match projection {
        None => item,
        Some(paths) => project(&item, paths),
    }
}

/// A member, ready to run.
enum Member {
    Read(ItemRead, bool),
    Write(Box<PreparedWrite>),
}

fn add_consumed(list: &mut Vec<Consumed>, consumed: &Consumed) {
    match list
        .iter_mut()
        .find(|c| c.table_name == consumed.table_name)
    {
        Some(existing) => existing.add(consumed),
        None => list.push(consumed.clone()),
    }
}

impl Engine {
    pub(super) fn key_schema(&self, table: &str) -> Result<KeySchema> {
        Ok(self
            .table_or_not_found(table)?
            .description
            .key_schema
            .clone())
    }

    /// BatchExecuteStatement.
    pub fn batch_execute_statement(
        &mut self,
        statements: Vec<BatchStatementRequest>,
    ) -> Result<BatchExecuteStatementResponse> {
        check_count(statements.len(), MAX_BATCH_STATEMENTS, "statements")?;
        for statement in &statements {
            check_statement_length(&statement.statement, "statement")?;
        }
        let parsed: Vec<Result<(Statement, usize)>> = statements
            .iter()
            .map(|s| parse_counting(&s.statement))
            .collect();
        let writes = parsed
            .iter()
            .flatten()
            .filter(|(s, _)| s.is_write())
            .count();
        let reads = parsed.iter().flatten().count() - writes;
        if writes > 0 && reads > 0 {
            return Err(Error::validation(
                "Read and write requests together in the same batch is not supported.",
            ));
        }
        // Each member checked, and the item it names, before any runs.
        let mut members: Vec<std::result::Result<Member, BatchStatementOutcome>> = Vec::new();
        let mut named: Vec<(String, Vec<Option<Value>>)> = Vec::new();
        for (request, parsed) in statements.iter().zip(parsed) {
            let member = parsed
                .and_then(|(statement, wanted)| {
                    let binder = Binder::new(&request.parameters, wanted)?;
                    match statement {
                        Statement::Select(select) => item_read(
                            self,
                            &select,
                            binder,
                            "Select statements within BatchExecuteStatement must specify the primary key in the where clause.",
                        )
                        .map(|read| Member::Read(read, request.consistent_read)),
                        write => self
                            .prepare_write(&write, binder, false)
                            .map(|w| Member::Write(Box::new(w))),
                    }
                })
                .map_err(|e| failed(&e, None));
            if let Ok(member) = &member
                && let Some((table, key)) = self.member_item(member)
            {
                if named.contains(&(table.clone(), key.clone())) {
                    return Err(Error::validation(
                        "Provided list of item keys contains duplicates",
                    ));
                }
                named.push((table, key));
            }
            members.push(member);
        }
        let mut response = BatchExecuteStatementResponse::default();
        let mut any_succeeded = false;
        for member in members {
            let outcome = match member {
                Err(outcome) => outcome,
                Ok(Member::Read(read, consistent_read)) => {
                    match self.get_item(GetItemRequest {
                        table_name: read.table_name.clone(),
                        key: read.key.clone(),
                        consistent_read,
                        ..GetItemRequest::default()
                    }) {
                        Ok(got) => {
                            any_succeeded = true;
                            add_consumed(&mut response.consumed, &got.consumed);
                            BatchStatementOutcome {
                                table_name: Some(read.table_name.clone()),
                                item: got.item.map(|item| project_read(item, &read.projection)),
                                error: None,
                            }
                        }
                        Err(e) => failed(&e, Some(read.table_name)),
                    }
                }
                Ok(Member::Write(write)) => {
                    let outcome = self.run_batch_write(*write, &mut response.consumed);
                    any_succeeded |= outcome.error.is_none();
                    outcome
                }
            };
            response.responses.push(outcome);
        }
        if !any_succeeded {
            response.consumed.clear();
        }
        Ok(response)
    }

    /// The table and key a member names.
    fn member_item(&self, member: &Member) -> Option<(String, Vec<Option<Value>>)> {
        let (table, key) = match member {
            Member::Read(read, _) => (read.table_name.as_str(), &read.key),
            Member::Write(write) => match write.as_ref() {
                PreparedWrite::Insert(r) => (r.table_name.as_str(), &r.item),
                PreparedWrite::Update(r) => (r.table_name.as_str(), &r.key),
                PreparedWrite::Delete(r) => (r.table_name.as_str(), &r.key),
            },
        };
        let schema = self.key_schema(table).ok()?;
        Some((table.to_string(), key_values(&schema, key)))
    }

    /// One write member, run as ExecuteStatement runs it. One that fails on
    /// its item (a condition, a duplicate key) is still charged the write
    /// units of the larger of the stored and the attempted item, on no arm
    /// (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.multiplestatements.batching.html>); its error names the table, as DynamoDB's does for
    /// statements that ran.
    fn run_batch_write(
        &mut self,
        write: PreparedWrite,
        consumed: &mut Vec<Consumed>,
    ) -> BatchStatementOutcome {
        let table_name = write.table_name().to_string();
        let attempted = self.attempted_size(&write);
        match self.run_write(write) {
            Ok(done) => {
                add_consumed(consumed, &done.consumed);
                BatchStatementOutcome {
                    table_name: Some(table_name),
                    item: done.items.into_iter().next(),
                    error: None,
                }
            }
            Err(e) => {
                if matches!(
                    e,
                    Error::ConditionalCheckFailed { .. } | Error::DuplicateItem
                ) && let Some(bytes) = attempted
                {
                    let mut charge = Consumed::new(&table_name);
                    charge.unattributed = write_units(bytes);
                    add_consumed(consumed, &charge);
                }
                failed(&e, Some(table_name))
            }
        }
    }

    /// The larger of the stored item's size and the size of the item the
    /// write would store.
    fn attempted_size(&self, write: &PreparedWrite) -> Option<usize> {
        let table = self.table_or_not_found(write.table_name()).ok()?;
        let schema = &table.description.key_schema;
        let (key, attempted) = match write {
            PreparedWrite::Insert(r) => (primary_key_of(schema, &r.item).ok()?, item_size(&r.item)),
            PreparedWrite::Update(r) => {
                let key = key_from_request(schema, &r.key).ok()?;
                let old = table.get(&key).map(|e| &e.item);
                let actions = r.actions.as_deref().unwrap_or_default();
                let new = apply_update(old.unwrap_or(&r.key), actions).ok()?;
                (key, item_size(&new))
            }
            PreparedWrite::Delete(r) => (key_from_request(schema, &r.key).ok()?, 0),
        };
        let stored = table.get(&key).map_or(0, |e| e.size);
        Some(stored.max(attempted))
    }
}
