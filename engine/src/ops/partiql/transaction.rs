//! ExecuteTransaction (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.multiplestatements.transactions.html>): up to 100 statements, all reads
//! (run as TransactGetItems) or all writes (run as TransactWriteItems, with
//! `EXISTS(SELECT …)` as a ConditionCheck), all or nothing, at a
//! transaction's capacity.
//!
//! A statement DynamoDB refuses outright (RETURNING, an index, a SELECT or
//! EXISTS that does not name one item) fails the request with its position
//! (`Validation failed in TransactStatements[i]: …`). A statement that
//! cannot run on its item (a missing table, a key that does not fit, a
//! false condition, a duplicate INSERT) cancels the transaction, with one
//! reason per statement.

use super::batch::{BatchStatementRequest, ItemRead, check_count, item_read, project_read};
use super::write::PreparedWrite;
use crate::capacity::Consumed;
use crate::error::{CancellationReason, Error, Result};
use crate::key::{key_from_request, primary_key_of};
use crate::ops::{
    ConditionCheckRequest, Engine, TransactGet, TransactWrite, TransactWriteItemsRequest,
};
use crate::partiql::Binder;
use crate::partiql::ast::Statement;
use crate::partiql::parse_counting;
use crate::types::Item;

pub use crate::limits::MAX_TRANSACTION_STATEMENTS;

/// An ExecuteTransaction request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExecuteTransactionRequest {
    /// `TransactStatements`.
    pub statements: Vec<BatchStatementRequest>,
    /// `ClientRequestToken`.
    pub client_request_token: Option<String>,
}

/// An ExecuteTransaction response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExecuteTransactionResponse {
    /// `Responses`: for reads, each item (`None`: not there); for writes,
    /// `None` for every statement.
    pub responses: Vec<Option<Item>>,
    /// Capacity, one entry per table.
    pub consumed: Vec<Consumed>,
    /// True for a transaction of reads (its capacity is read units).
    pub reads: bool,
}

fn refused(at: usize, message: impl std::fmt::Display) -> Error {
    Error::validation(format!(
        "Validation failed in TransactStatements[{at}]: {message}"
    ))
}

/// What a statement became, or why it cannot run.
enum Step {
    Read(ItemRead),
    Write(Box<TransactWrite>, bool),
    Cancelled(CancellationReason),
}

fn reason_for(error: &Error) -> CancellationReason {
    CancellationReason {
        code: super::batch::error_code(error),
        message: Some(error.to_string()),
        item: None,
    }
}

impl Engine {
    /// ExecuteTransaction.
    pub fn execute_transaction(
        &mut self,
        request: ExecuteTransactionRequest,
    ) -> Result<ExecuteTransactionResponse> {
        check_count(
            request.statements.len(),
            MAX_TRANSACTION_STATEMENTS,
            "transactStatements",
        )?;
        let mut parsed = Vec::with_capacity(request.statements.len());
        for (at, statement) in request.statements.iter().enumerate() {
            super::check_statement_length(&statement.statement, "statement")?;
            let (statement, wanted) =
                parse_counting(&statement.statement).map_err(|e| refused(at, e))?;
            parsed.push((statement, wanted));
        }
        let writes = parsed.iter().filter(|(s, _)| s.is_write()).count();
        if writes > 0 && writes < parsed.len() {
            return Err(Error::validation(
                "ExecuteTransaction API does not support both read and write operations in the same request.",
            ));
        }
        let mut steps = Vec::with_capacity(parsed.len());
        for (at, ((statement, wanted), request)) in
            parsed.iter().zip(&request.statements).enumerate()
        {
            let binder = Binder::new(&request.parameters, *wanted)?;
            steps.push(self.transaction_step(at, statement, binder, request)?);
        }
        if steps.iter().any(|s| matches!(s, Step::Cancelled(_))) {
            let reasons = steps
                .into_iter()
                .map(|s| match s {
                    Step::Cancelled(reason) => reason,
                    _ => CancellationReason::none(),
                })
                .collect();
            return Err(Error::TransactionCanceled { reasons });
        }
        if writes == 0 {
            return self.transaction_reads(steps);
        }
        let inserts: Vec<bool> = steps
            .iter()
            .map(|s| matches!(s, Step::Write(_, true)))
            .collect();
        let transact_items = steps
            .into_iter()
            .filter_map(|s| match s {
                Step::Write(write, _) => Some(*write),
                _ => None,
            })
            .collect();
        let done = self
            .transact_write_items(TransactWriteItemsRequest {
                transact_items,
                client_request_token: request.client_request_token,
            })
            .map_err(|e| match e {
                // An INSERT's key-is-new condition failing is a duplicate.
                Error::TransactionCanceled { mut reasons } => {
                    for (reason, insert) in reasons.iter_mut().zip(&inserts) {
                        if *insert && reason.code == "ConditionalCheckFailed" {
                            *reason = reason_for(&Error::DuplicateItem);
                        }
                    }
                    Error::TransactionCanceled { reasons }
                }
                other => other,
            })?;
        Ok(ExecuteTransactionResponse {
            responses: vec![None; inserts.len()],
            consumed: done.consumed,
            reads: false,
        })
    }

    fn transaction_step(
        &self,
        at: usize,
        statement: &Statement,
        binder: Binder<'_>,
        request: &BatchStatementRequest,
    ) -> Result<Step> {
        let table = &statement.table().text;
        let returning = match statement {
            Statement::Update(u) => u.returning.is_some(),
            Statement::Delete(d) => d.returning.is_some(),
            _ => false,
        };
        // The table is resolved first: a missing one cancels, whatever
        // else the statement gets wrong.
        let Ok(schema) = self.key_schema(table) else {
            return Ok(Step::Cancelled(reason_for(&Error::resource_not_found())));
        };
        if returning {
            return Err(refused(
                at,
                "RETURNING clause is not supported in ExecuteTransaction.",
            ));
        }
        let key_fault = || {
            Step::Cancelled(CancellationReason::validation(
                "The provided key element does not match the schema",
            ))
        };
        Ok(match statement {
            Statement::Select(select) => {
                if select.index.is_some() {
                    return Err(refused(
                        at,
                        "Reads on indices are not supported within transactions.",
                    ));
                }
                let read = item_read(
                    self,
                    select,
                    binder,
                    "Select statements within ExecuteTransaction must specify the primary key in the where clause.",
                )
                .map_err(|e| refused(at, e))?;
                match key_from_request(&schema, &read.key) {
                    Ok(_) => Step::Read(read),
                    Err(_) => key_fault(),
                }
            }
            Statement::Exists(select) => {
                let refusal = "EXISTS() must contain a single item read with additional condition";
                let condition = select
                    .condition
                    .as_ref()
                    .map(|c| binder.condition(c))
                    .transpose()
                    .map_err(|e| refused(at, e))?;
                let target = super::write::key_and_rest(condition, &schema)
                    .map_err(|_| refused(at, refusal))?;
                let Some(rest) = target.rest else {
                    return Err(refused(at, refusal));
                };
                if key_from_request(&schema, &target.key).is_err() {
                    return Ok(key_fault());
                }
                Step::Write(
                    Box::new(TransactWrite::ConditionCheck(ConditionCheckRequest {
                        table_name: table.clone(),
                        key: target.key,
                        condition: Some(rest),
                        return_old_on_condition_failure: request.return_old_on_condition_failure,
                        ..ConditionCheckRequest::default()
                    })),
                    false,
                )
            }
            write => {
                let prepared = match self.prepare_write(
                    write,
                    binder,
                    request.return_old_on_condition_failure,
                ) {
                    Ok(prepared) => prepared,
                    Err(e) if e.location().is_some() => return Err(refused(at, e)),
                    Err(_) => return Ok(key_fault()),
                };
                match prepared {
                    PreparedWrite::Insert(put) => match primary_key_of(&schema, &put.item) {
                        Ok(_) => Step::Write(Box::new(TransactWrite::Put(put)), true),
                        Err(e) => Step::Cancelled(reason_for(&e)),
                    },
                    PreparedWrite::Update(update) => match key_from_request(&schema, &update.key) {
                        Ok(_) => Step::Write(Box::new(TransactWrite::Update(update)), false),
                        Err(_) => key_fault(),
                    },
                    PreparedWrite::Delete(delete) => match key_from_request(&schema, &delete.key) {
                        Ok(_) => Step::Write(Box::new(TransactWrite::Delete(delete)), false),
                        Err(_) => key_fault(),
                    },
                }
            }
        })
    }

    fn transaction_reads(&mut self, steps: Vec<Step>) -> Result<ExecuteTransactionResponse> {
        let reads: Vec<ItemRead> = steps
            .into_iter()
            .filter_map(|s| match s {
                Step::Read(read) => Some(read),
                _ => None,
            })
            .collect();
        let gets = reads
            .iter()
            .map(|r| TransactGet {
                table_name: r.table_name.clone(),
                key: r.key.clone(),
                ..TransactGet::default()
            })
            .collect();
        let got = self.transact_get_items(gets)?;
        Ok(ExecuteTransactionResponse {
            responses: got
                .items
                .into_iter()
                .zip(&reads)
                .map(|(item, read)| item.map(|item| project_read(item, &read.projection)))
                .collect(),
            consumed: got.consumed,
            reads: true,
        })
    }
}
