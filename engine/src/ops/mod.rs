//! The operations, one file each, on an [`Engine`] that holds the tables;
//! what several of them share (the write's checks and capacity, a page of
//! a read, projections, item collections, the legacy parameters) is in
//! `shared/`.
//!
//! Every operation validates its whole request before it changes anything:
//! a request either succeeds completely or fails with DynamoDB's error and
//! leaves every table as it was.

mod account;
mod backups;
mod batch_get_item;
mod batch_write_item;
mod create_table;
mod delete_item;
mod get_item;
mod partiql;
mod put_item;
mod query;
mod scan;
mod shared;
mod streams;
mod tables;
mod tags;
mod transact_get_items;
mod transact_write_items;
mod ttl;
mod update_item;
mod update_table;

pub use crate::table::TimeToLive;
pub use account::{DEFAULT_ENDPOINT, DEFAULT_LIMITS, ENDPOINT_CACHE_MINUTES, Limits};
pub use backups::{
    ContinuousBackups, MAX_RECOVERY_PERIOD_DAYS, PointInTimeRecoverySpecification,
    RESTORE_LAG_SECONDS,
};
pub use batch_get_item::{
    BatchGetItemRequest, BatchGetItemResponse, KeysAndAttributes, MAX_BATCH_GET_BYTES,
    MAX_BATCH_GETS, table_names_problem,
};
pub use batch_write_item::{
    BatchWriteItemRequest, BatchWriteItemResponse, MAX_BATCH_WRITES, WriteRequest,
    request_item_problems,
};
pub use create_table::{CreateTableRequest, IndexRequest, create_table_problems};
pub use delete_item::DeleteItemRequest;
pub use get_item::{GetItemRequest, GetItemResponse};
pub use partiql::{
    BatchExecuteStatementResponse, BatchStatementError, BatchStatementOutcome,
    BatchStatementRequest, ExecuteStatementRequest, ExecuteStatementResponse,
    ExecuteTransactionRequest, ExecuteTransactionResponse, MAX_BATCH_STATEMENTS,
    MAX_STATEMENT_CHARS, MAX_TRANSACTION_STATEMENTS, Served, StatementToken, fingerprint,
};
pub use put_item::PutItemRequest;
pub use query::QueryRequest;
pub use scan::ScanRequest;
use shared::item_collections::item_collection_metrics;
pub use shared::item_collections::{ItemCollectionMetrics, collection_size};
pub use shared::legacy::{
    AttributeUpdates, COMPARISON_OPERATORS, ComparisonOperator, LegacyTest, UpdateKind,
    attribute_update, combine,
};
pub use shared::page::{PageResponse, StartKey};
pub use shared::select::Select;
pub use shared::write::{ReturnValues, WriteItemResponse};
pub use streams::{
    IteratorStart, MAX_GET_RECORDS, RecordsPage, StreamDescription, StreamSpecification,
    StreamSummary, sequence_text, shard_id, stream_arn,
};
pub use tables::{ListTablesRequest, ListTablesResponse, TableSummary};
pub use tags::{
    MAX_TAGS, TABLE_ARN_PREFIX, Tag, is_table_arn, table_name_from_arn, table_named_by,
};
pub use transact_get_items::{TransactGet, TransactGetItemsResponse};
pub use transact_write_items::{
    ConditionCheckRequest, IDEMPOTENCY_WINDOW_SECONDS, MAX_TRANSACT_ITEMS, TokenUse, TransactWrite,
    TransactWriteItemsRequest, TransactWriteItemsResponse,
};
pub use ttl::{TTL_CHANGE_INTERVAL_SECONDS, TimeToLiveSpecification};
pub use update_item::{UpdateItemRequest, parse_update};
pub use update_table::{GsiUpdate, UpdateTableRequest};

use std::collections::BTreeMap;

use crate::error::constraint::{self, Violation};
use crate::error::{Error, Result};
use crate::table::Table;
use crate::types::Value;

/// `ExpressionAttributeNames` and `ExpressionAttributeValues` of a request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExpressionParameters {
    /// `#name` → attribute name.
    pub names: Option<BTreeMap<String, String>>,
    /// `:value` → value.
    pub values: Option<BTreeMap<String, Value>>,
}

/// The engine: every table, by name.
#[derive(Debug, Default)]
pub struct Engine {
    pub(crate) tables: BTreeMap<String, Table>,
    /// Seconds since the epoch; supplied by the host so the engine needs no clock.
    pub(crate) now: f64,
    /// The `ClientRequestToken`s of recent transactions.
    pub(crate) tokens: BTreeMap<String, TokenUse>,
    /// The item collection limit new tables get (10 GB but in tests).
    pub(crate) item_collection_limit: Option<u64>,
    /// The address the engine is served on, for DescribeEndpoints.
    endpoint: Option<String>,
}

impl Engine {
    /// An engine with no tables.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// An engine whose new tables' item collections are limited to `bytes`
    /// instead of DynamoDB's 10 GB: for tests of the limit only, which no
    /// request can change.
    #[cfg(feature = "test-limits")]
    pub fn with_item_collection_limit(bytes: u64) -> Engine {
        Engine {
            item_collection_limit: Some(bytes),
            ..Engine::default()
        }
    }

    /// Sets the engine's clock, in seconds since the epoch: when tables are
    /// created, when stream records are made, how old a client token is.
    /// Time is an input, so the page and the tests stay deterministic.
    pub fn set_clock(&mut self, seconds_since_epoch: f64) {
        self.now = seconds_since_epoch;
        for table in self.tables.values_mut() {
            table.clock = seconds_since_epoch;
        }
    }

    /// The engine's clock, in seconds since the epoch.
    pub fn clock(&self) -> f64 {
        self.now
    }

    /// A table by name.
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.get(name)
    }

    /// Runs `f` and returns, with its result, the units it consumed on
    /// `table` partition by partition, in order (the table's and its
    /// indexes'): how one request, or a run of them, spreads its load.
    pub fn with_usage_journal<R>(
        &mut self,
        table: &str,
        f: impl FnOnce(&mut Engine) -> R,
    ) -> (R, Vec<crate::table::Touch>) {
        self.keep_usage_journal(table);
        let out = f(self);
        (out, self.take_usage_journal(table))
    }

    /// Starts summing the units consumed on `table`, partition by
    /// partition, until [`Engine::take_usage_journal`]: for a run of
    /// requests made a few at a time (afresh, when a journal was kept).
    pub fn keep_usage_journal(&mut self, table: &str) {
        if let Some(t) = self.tables.get_mut(table) {
            t.usage.keep_journal();
        }
    }

    /// The units consumed on `table` since [`Engine::keep_usage_journal`],
    /// partition by partition (the table's and its indexes'), and stops
    /// summing them; empty when no journal was kept.
    pub fn take_usage_journal(&mut self, table: &str) -> Vec<crate::table::Touch> {
        self.tables
            .get_mut(table)
            .map(|t| t.usage.take_journal())
            .unwrap_or_default()
    }

    /// Starts noting the key of every item written to `table`, however it
    /// is written: for a front end to learn what a run of requests changed.
    pub fn keep_write_journal(&mut self, table: &str) {
        if let Some(t) = self.tables.get_mut(table) {
            t.keep_write_journal();
        }
    }

    /// The keys of the items written to `table` since
    /// [`Engine::keep_write_journal`], in order (as items of the key
    /// attributes alone), and stops noting them; empty when no journal was
    /// kept or the table is gone.
    pub fn take_write_journal(&mut self, table: &str) -> Vec<crate::types::Item> {
        let Some(t) = self.tables.get_mut(table) else {
            return Vec::new();
        };
        let keys = t.take_write_journal();
        keys.iter().map(|key| t.key_item(key)).collect()
    }

    fn table_or_not_found(&self, name: &str) -> Result<&Table> {
        self.tables.get(name).ok_or_else(Error::resource_not_found)
    }

    /// The table, or the not-found error of the operations that name it
    /// (DescribeTable, DeleteTable, UpdateTable, DescribeTimeToLive):
    /// "Requested resource not found: Table: x not found".
    fn named_table_mut(&mut self, name: &str) -> Result<&mut Table> {
        self.tables
            .get_mut(name)
            .ok_or_else(|| table_not_found(name))
    }

    fn table_mut_or_not_found(&mut self, name: &str) -> Result<&mut Table> {
        self.tables
            .get_mut(name)
            .ok_or_else(Error::resource_not_found)
    }

    /// Every table name, in order.
    pub fn table_names(&self) -> impl Iterator<Item = &str> {
        self.tables.keys().map(String::as_str)
    }
}

/// The not-found error of the operations that name a table.
fn table_not_found(name: &str) -> Error {
    Error::ResourceNotFound(format!(
        "Requested resource not found: Table: {name} not found"
    ))
}

/// Checks the parts of a request both maps share: not empty, and only given
/// when an expression uses them. `null_expressions` ends DynamoDB's message,
/// e.g. `ConditionExpression is null`.
pub(in crate::ops) fn check_expression_parameters(
    parameters: &ExpressionParameters,
    any_expression: bool,
    null_expressions: &str,
) -> Result<()> {
    if let Some(names) = &parameters.names {
        if names.is_empty() {
            return Err(Error::validation(
                "ExpressionAttributeNames must not be empty",
            ));
        }
        if !any_expression {
            return Err(Error::validation(
                "ExpressionAttributeNames can only be specified when using expressions",
            ));
        }
    }
    if let Some(values) = &parameters.values {
        if values.is_empty() {
            return Err(Error::validation(
                "ExpressionAttributeValues must not be empty",
            ));
        }
        if !any_expression {
            return Err(Error::validation(format!(
                "ExpressionAttributeValues can only be specified when using expressions: {null_expressions}"
            )));
        }
    }
    Ok(())
}

/// Validates a table name the way DynamoDB's request validation does.
fn check_table_name(name: &str, field: &str) -> Result<()> {
    constraint::check(table_name_problems(name, field))
}

/// What is wrong with a table or index name, one breach each, at the
/// request path DynamoDB names (`tableName`,
/// `globalSecondaryIndexes.1.member.indexName`).
pub(crate) fn table_name_problems(name: &str, field: &str) -> Vec<Violation> {
    constraint::text(name, field, constraint::TABLE_NAME)
}

/// Whether a `RequestItems` key breaks its rules: a table's name is held
/// to a name's rules, a table's ARN only to its length (whether it names a
/// table here is asked when the table is looked up).
fn request_items_key_breaks(key: &str) -> bool {
    if is_table_arn(key) {
        key.len() > crate::limits::MAX_TABLE_ARN_BYTES
    } else {
        !table_name_problems(key, "").is_empty()
    }
}

/// A request map as DynamoDB's validation messages print it (Java's map
/// text): `{orders=[com.amazonaws.dynamodb.v20120810.WriteRequest@5a1f2b3c]}`.
/// DynamoDB prints each member's identity hash, which no other program can
/// know; the engine prints a stable one made from the member's place.
fn request_map_text<'a>(tables: impl Iterator<Item = (&'a str, usize, &'static str)>) -> String {
    let members: Vec<String> = tables
        .map(|(name, n, kind)| {
            let list: Vec<String> = (0..n)
                .map(|i| {
                    let hash = xxhash_rust::xxh3::xxh3_64(format!("{name}/{i}").as_bytes()) as u32;
                    format!("com.amazonaws.dynamodb.v20120810.{kind}@{hash:08x}")
                })
                .collect();
            format!("{name}=[{}]", list.join(", "))
        })
        .collect();
    format!("{{{}}}", members.join(", "))
}
