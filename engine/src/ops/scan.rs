//! Scan: every item of a table or index, in storage order (partitions by
//! hash, items by sort key), one page at a time; optionally one segment of a
//! parallel scan.

use std::ops::Bound;

use super::shared::key_paths::check_key_paths;
use super::shared::page::{PageBuilder, PageResponse, StartKeyRefusals, Target};
use super::shared::read::{ParsedRead, ReadExpressions, parse_read};
use super::shared::select::{
    Select, check_all_attributes_projected, check_select_parameters, read_shape,
};
use super::{Engine, ExpressionParameters, check_table_name};
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::expr::ast::Condition;
use crate::key::{KeyValue, PartitionKey};
use crate::types::Item;

pub use crate::limits::MAX_TOTAL_SEGMENTS;

/// A Scan request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScanRequest {
    /// `TableName`.
    pub table_name: String,
    /// `IndexName`.
    pub index_name: Option<String>,
    /// `FilterExpression`.
    pub filter_expression: Option<String>,
    /// `ProjectionExpression`.
    pub projection_expression: Option<String>,
    /// `ExpressionAttributeNames` / `ExpressionAttributeValues`.
    pub expression: ExpressionParameters,
    /// `Select`.
    pub select: Option<Select>,
    /// `Limit`.
    pub limit: Option<i64>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
    /// `ExclusiveStartKey`.
    pub exclusive_start_key: Option<Item>,
    /// `Segment`.
    pub segment: Option<i64>,
    /// `TotalSegments`.
    pub total_segments: Option<i64>,
    /// `ScanFilter` (with `ConditionalOperator`), as a condition: the legacy
    /// form of `FilterExpression`.
    pub scan_filter: Option<Condition>,
    /// `AttributesToGet`: the legacy form of a projection.
    pub attributes_to_get: Option<Vec<String>>,
}

fn check_segments(segment: Option<i64>, total: Option<i64>) -> Result<Option<(u32, u32)>> {
    match (segment, total) {
        (None, None) => Ok(None),
        (Some(_), None) => Err(Error::validation(
            "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
        )),
        (None, Some(_)) => Err(Error::validation(
            "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
        )),
        (Some(segment), Some(total)) => {
            const SEGMENT: &[Rule] = &[Rule::AtLeast(0)];
            const TOTAL_SEGMENTS: &[Rule] = &[Rule::AtLeast(1), Rule::AtMost(MAX_TOTAL_SEGMENTS)];
            let mut problems = constraint::number(segment, "segment", SEGMENT);
            problems.extend(constraint::number(total, "totalSegments", TOTAL_SEGMENTS));
            constraint::check(problems)?;
            if segment >= total {
                return Err(Error::validation(format!(
                    "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: {segment} is not less than TotalSegments: {total}"
                )));
            }
            Ok(Some((segment as u32, total as u32)))
        }
    }
}

/// The first possible partition key of a hash value: used to start a
/// segment. `S("")` is the smallest key value of all.
fn first_with_hash(hash: u64) -> PartitionKey {
    PartitionKey {
        hash,
        value: KeyValue::S(crate::types::Text::default()),
    }
}

/// How a Scan of a table refuses a starting key: in one message (dynalite's
/// suite, recorded against the service).
const TABLE_START_KEY: StartKeyRefusals = StartKeyRefusals {
    count: TABLE_KEY_MISMATCH,
    missing: TABLE_KEY_MISMATCH,
    mistyped: TABLE_KEY_MISMATCH,
    table_key: TABLE_KEY_MISMATCH,
};

/// How a Scan of an index refuses one.
const INDEX_START_KEY: StartKeyRefusals = StartKeyRefusals {
    count: "The provided starting key is invalid",
    missing: "The provided starting key is invalid",
    mistyped: "The provided key element does not match the schema",
    table_key: TABLE_KEY_MISMATCH,
};

const TABLE_KEY_MISMATCH: &str =
    "The provided starting key is invalid: The provided key element does not match the schema";

impl Engine {
    /// Scan.
    pub fn scan(&mut self, request: ScanRequest) -> Result<PageResponse> {
        check_table_name(&request.table_name, "tableName")?;
        if let Some(limit) = request.limit
            && limit < 1
        {
            return Err(Violation::new(limit, "limit", Rule::AtLeast(1)).into());
        }
        let segments = check_segments(request.segment, request.total_segments)?;
        check_select_parameters(
            request.select,
            request.projection_expression.is_some(),
            request.attributes_to_get.is_some(),
            false,
        )?;
        let ParsedRead {
            filter, projection, ..
        } = parse_read(
            &request.expression,
            ReadExpressions {
                filter: request.filter_expression.as_deref(),
                projection: request.projection_expression.as_deref(),
                attributes_to_get: request.attributes_to_get.as_deref(),
                null_expressions: "FilterExpression is null",
                ..ReadExpressions::default()
            },
        )?;
        let filter = filter.or(request.scan_filter);

        let table = self.table_or_not_found(&request.table_name)?;
        let target = Target::new(table, request.index_name.as_deref())?;
        if request.consistent_read && target.is_global() {
            return Err(Error::validation(
                "Consistent reads are not supported on global secondary indexes",
            ));
        }
        let start = match &request.exclusive_start_key {
            Some(esk) => {
                let refusals = match target.index {
                    Some(_) => &INDEX_START_KEY,
                    None => &TABLE_START_KEY,
                };
                // Of an index, DynamoDB checks the index's key attributes,
                // then ALL_ATTRIBUTES against its projection, then the
                // table's key attributes (recorded against the service).
                if let (Some(index), Some(select)) = (target.index, request.select) {
                    target.check_start_key_own(esk, refusals)?;
                    check_all_attributes_projected(select, &index.description)?;
                }
                let start = target.start_key(esk, refusals)?;
                if let Some((segment, total)) = segments
                    && start.partition.segment(total) != segment
                {
                    return Err(Error::validation(format!(
                        "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: {total} Segment: {segment}"
                    )));
                }
                Some(start)
            }
            None => None,
        };
        check_key_paths(projection.iter().flatten(), &table.description)?;
        if let Some(filter) = &filter {
            check_key_paths(filter.paths(), &table.description)?;
        }
        let shape = read_shape(
            request.select,
            projection,
            filter.as_ref(),
            target.index.map(|i| &i.description),
            &table.description.key_schema,
            "Scanning",
        )?;
        let segment_start = segments.map(|(segment, total)| {
            // The lowest hash in the segment: ceil(segment × 2^64 / total).
            let low = (u128::from(segment) << 64).div_ceil(u128::from(total));
            first_with_hash(low.min(u128::from(u64::MAX)) as u64)
        });
        let limit = request.limit.map(|l| l as usize);
        let mut page = PageBuilder::new(
            &target,
            &shape,
            filter.as_ref(),
            limit,
            request.consistent_read,
        );
        let first = match (&start, &segment_start) {
            (Some(s), _) => Bound::Included(&s.partition),
            (None, Some(p)) => Bound::Included(p),
            (None, None) => Bound::Unbounded,
        };
        for (partition_key, partition) in target.store().partitions_from(first) {
            if let Some((segment, total)) = segments
                && partition_key.segment(total) != segment
            {
                break;
            }
            let from = match &start {
                Some(s) if s.partition == *partition_key => Bound::Excluded(s.entry.clone()),
                _ => Bound::Unbounded,
            };
            if !page.offer_all(partition_key, partition.range((from, Bound::Unbounded))) {
                break;
            }
        }
        let (response, usage) = page.finish();
        if let Some(table) = self.tables.get_mut(&request.table_name) {
            usage.record(table);
        }
        Ok(response)
    }
}
