//! DescribeTable, ListTables and DeleteTable.

use super::{Engine, check_table_name};
use crate::error::constraint::{self, Rule};
use crate::error::{Error, Result};
use crate::table::{StreamViewType, TableDescription, stream_label};

/// A table's description with its current counts.
#[derive(Clone, Debug, PartialEq)]
pub struct TableSummary {
    /// The description.
    pub description: TableDescription,
    /// Items in the table.
    pub item_count: usize,
    /// Summed item sizes.
    pub size_bytes: usize,
    /// Per index, in the description's order: (entries, summed entry sizes).
    pub index_counts: Vec<(usize, usize)>,
    /// The table's latest stream: its ARN, label, view type and whether it
    /// is on.
    pub stream: Option<(String, String, StreamViewType, bool)>,
    /// The engine's clock when the summary was made.
    pub as_of: f64,
}

/// A ListTables request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListTablesRequest {
    /// `ExclusiveStartTableName`.
    pub exclusive_start_table_name: Option<String>,
    /// `Limit` (1..=100, default 100).
    pub limit: Option<i64>,
}

/// A ListTables response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListTablesResponse {
    /// `TableNames`.
    pub table_names: Vec<String>,
    /// `LastEvaluatedTableName`, when more remain.
    pub last_evaluated_table_name: Option<String>,
}

impl Engine {
    /// DescribeTable.
    pub fn describe_table(&self, table_name: &str) -> Result<TableSummary> {
        check_table_name(table_name, "tableName")?;
        let table = self
            .tables
            .get(table_name)
            .ok_or_else(|| super::table_not_found(table_name))?;
        Ok(TableSummary {
            description: table.description.clone(),
            item_count: table.items.n_items(),
            size_bytes: table.items.size_bytes(),
            index_counts: table
                .indexes
                .iter()
                .map(|i| (i.store.n_items(), i.store.size_bytes()))
                .collect(),
            stream: table.stream.as_ref().map(|stream| {
                (
                    super::streams::stream_arn(table_name, stream),
                    stream_label(stream.created_at),
                    stream.view_type,
                    stream.enabled,
                )
            }),
            as_of: self.now,
        })
    }

    /// ListTables: names in order, at most `Limit` of them.
    pub fn list_tables(&self, request: &ListTablesRequest) -> Result<ListTablesResponse> {
        let limit = request.limit.unwrap_or(100);
        const LIMIT: &[Rule] = &[Rule::AtLeast(1), Rule::AtMost(100)];
        let mut problems = Vec::new();
        if let Some(start) = &request.exclusive_start_table_name {
            problems.extend(super::table_name_problems(start, "exclusiveStartTableName"));
        }
        problems.extend(constraint::number(limit, "limit", LIMIT));
        constraint::check(problems)?;
        let names: Vec<String> = self
            .tables
            .keys()
            .filter(|n| {
                request
                    .exclusive_start_table_name
                    .as_ref()
                    .is_none_or(|s| *n > s)
            })
            .cloned()
            .collect();
        let more = names.len() > limit as usize;
        let table_names: Vec<String> = names.into_iter().take(limit as usize).collect();
        let last_evaluated_table_name = if more {
            table_names.last().cloned()
        } else {
            None
        };
        Ok(ListTablesResponse {
            table_names,
            last_evaluated_table_name,
        })
    }

    /// DeleteTable: returns the table's last description.
    pub fn delete_table(&mut self, table_name: &str) -> Result<TableSummary> {
        let summary = self.describe_table(table_name)?;
        if summary.description.deletion_protection {
            return Err(Error::validation(
                "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.",
            ));
        }
        self.tables.remove(table_name);
        Ok(summary)
    }
}
