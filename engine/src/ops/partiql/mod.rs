//! ExecuteStatement: one PartiQL statement, run as the request DynamoDB
//! turns it into, so that it reads, writes, costs and fails as that
//! request does (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.html>).
//!
//! - A SELECT ([`select`]) becomes one Query per partition it fixes, or a
//!   Scan of the whole table or index when it fixes none; the response
//!   says which ([`Served`]), for the page to show.
//! - INSERT, UPDATE and DELETE ([`write`]) become PutItem, UpdateItem and
//!   DeleteItem on the item their WHERE (or VALUE) names, with the
//!   conditions that make INSERT refuse an existing key and UPDATE a
//!   missing item.
//!
//! BatchExecuteStatement and ExecuteTransaction ([`batch`],
//! [`transaction`]) run statements the same way.

mod batch;
mod select;
mod transaction;
mod write;

pub use batch::{
    BatchExecuteStatementResponse, BatchStatementError, BatchStatementOutcome,
    BatchStatementRequest, MAX_BATCH_STATEMENTS,
};
pub use transaction::{
    ExecuteTransactionRequest, ExecuteTransactionResponse, MAX_TRANSACTION_STATEMENTS,
};

use super::Engine;
use crate::capacity::Consumed;
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::partiql::ast::Statement;
use crate::partiql::plan::{Access, KeyRead};
use crate::partiql::{Binder, parse_counting};
use crate::types::{Item, Value};

/// DynamoDB's message for EXISTS outside a transaction's writes.
pub const EXISTS_IN_TRANSACTIONS_ONLY: &str =
    "EXISTS can only be used in ExecuteTransaction write requests.";

pub use crate::limits::MAX_STATEMENT_CHARS;

/// An ExecuteStatement request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExecuteStatementRequest {
    /// `Statement`.
    pub statement: String,
    /// `Parameters`, bound to the `?`s in order.
    pub parameters: Vec<Value>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
    /// `Limit`: items evaluated, as a Query's or Scan's Limit.
    pub limit: Option<i64>,
    /// `NextToken`, decoded.
    pub next_token: Option<StatementToken>,
    /// `ReturnValuesOnConditionCheckFailure=ALL_OLD`.
    pub return_old_on_condition_failure: bool,
    /// Not a DynamoDB parameter: the page's what-if, which reads a SELECT
    /// as a Scan of its whole table with its WHERE as the filter — what
    /// DynamoDB does when the WHERE does not fix the partition key — to
    /// compare a keyed SELECT with the Scan it avoids.
    pub scan_table_instead: bool,
}

/// Where a SELECT resumes. On the wire it is opaque text; here, the
/// statement it belongs to (a fingerprint of its text and parameters), the
/// read it stopped in and that read's last evaluated key.
#[derive(Clone, Debug, PartialEq)]
pub struct StatementToken {
    /// [`fingerprint`] of the statement and parameters.
    pub fingerprint: u64,
    /// Which of the SELECT's reads to go on with.
    pub read: usize,
    /// Where in that read (`None`: from its start).
    pub key: Option<Item>,
}

/// How DynamoDB served a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Served {
    /// One Query per read, on the table or the named index.
    Query {
        index: Option<String>,
        reads: Vec<KeyRead>,
    },
    /// A Scan of the whole table or index: the WHERE does not fix the
    /// partition key.
    Scan { index: Option<String> },
    /// A PutItem that refuses an existing key.
    Insert,
    /// An UpdateItem of an item that must exist.
    Update,
    /// A DeleteItem.
    Delete,
}

/// An ExecuteStatement response.
#[derive(Clone, Debug, PartialEq)]
pub struct ExecuteStatementResponse {
    /// `Items`: what a SELECT found, or what RETURNING asked for.
    pub items: Vec<Item>,
    /// `NextToken`, when a SELECT stopped early.
    pub next_token: Option<StatementToken>,
    /// Capacity consumed.
    pub consumed: Consumed,
    /// What a SELECT's reads cost strongly consistent (see
    /// [`crate::ops::PageResponse::consumed_if_strong`]); `None` on a
    /// global index and for writes.
    pub consumed_if_strong: Option<Consumed>,
    /// The table the statement named.
    pub table_name: String,
    /// What the statement became.
    pub served: Served,
    /// Items the reads evaluated (a Query's or Scan's ScannedCount).
    pub scanned_count: usize,
    /// Bytes the reads' units were computed from.
    pub bytes_read: usize,
    /// A write's item, by its primary key.
    pub written_key: Option<Item>,
}

/// A fingerprint of a statement and its parameters, which a NextToken
/// carries so that it is refused with another statement.
pub fn fingerprint(statement: &str, parameters: &[Value]) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(statement.as_bytes());
    for parameter in parameters {
        hasher.update(format!("\u{0}{parameter:?}").as_bytes());
    }
    hasher.digest()
}

/// The request-level checks of ExecuteStatement, before the statement is
/// parsed.
fn check_request(request: &ExecuteStatementRequest) -> Result<()> {
    if let Some(limit) = request.limit
        && limit < 1
    {
        return Err(Violation::new(limit, "limit", Rule::AtLeast(1)).into());
    }
    check_statement_length(&request.statement, "statement")
}

/// A statement's length: 1 to 8,192 characters.
pub fn check_statement_length(statement: &str, field: &str) -> Result<()> {
    let chars = statement.chars().count();
    const STATEMENT: &[Rule] = &[
        Rule::LengthAtLeast(1),
        Rule::LengthAtMost(MAX_STATEMENT_CHARS),
    ];
    constraint::check(constraint::length(chars, statement, field, STATEMENT))
}

impl Engine {
    /// What a statement would become, without running it: for the page to
    /// say "Query on GSI1 …" or "Scan of the whole table" beside the
    /// editor. Fails as ExecuteStatement would, before reading.
    pub fn explain_statement(&self, statement: &str, parameters: &[Value]) -> Result<Served> {
        check_statement_length(statement, "statement")?;
        let (statement, wanted) = parse_counting(statement)?;
        let binder = Binder::new(parameters, wanted)?;
        match &statement {
            Statement::Select(select) => {
                let plan = self.plan_select(select, binder, false)?;
                Ok(match plan.access {
                    Access::Scan => Served::Scan {
                        index: plan.index_name,
                    },
                    Access::Keyed(reads) => Served::Query {
                        index: plan.index_name,
                        reads,
                    },
                })
            }
            write => self
                .prepare_write(write, binder, false)
                .map(|prepared| prepared.served()),
        }
    }

    /// ExecuteStatement.
    pub fn execute_statement(
        &mut self,
        request: ExecuteStatementRequest,
    ) -> Result<ExecuteStatementResponse> {
        check_request(&request)?;
        let (statement, wanted) = parse_counting(&request.statement)?;
        let binder = Binder::new(&request.parameters, wanted)?;
        if statement.is_write() && request.next_token.is_some() {
            return Err(Error::validation("Invalid NextToken"));
        }
        match &statement {
            Statement::Select(select) => self.partiql_select(select, binder, &request),
            write => {
                let prepared =
                    self.prepare_write(write, binder, request.return_old_on_condition_failure)?;
                self.run_write(prepared)
            }
        }
    }
}
