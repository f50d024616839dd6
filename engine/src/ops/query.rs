//! Query: the items of one partition of a table or index, in sort-key order,
//! narrowed by a sort-key condition, then filtered and projected.

use std::ops::Bound;

use super::shared::key_paths::check_key_paths;
use super::shared::legacy::LegacyTest;
use super::shared::page::{PageBuilder, PageResponse, StartKey, StartKeyRefusals, Target};
use super::shared::read::{ParsedRead, ReadExpressions, parse_read};
use super::shared::select::{Select, check_select_parameters, read_shape};
use super::{Engine, ExpressionParameters, check_table_name};
use crate::error::constraint::{Rule, Violation};
use crate::error::{Error, Result, Span};
use crate::expr::ast::Condition;
use crate::expr::keycond::{KeyCondition, SortCondition, analyze, check_shape};
use crate::key::{EntryKey, KeySchema, KeyValue, PartitionKey, Tie};
use crate::table::Table;
use crate::types::{Item, Path};

/// A Query request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QueryRequest {
    /// `TableName`.
    pub table_name: String,
    /// `IndexName`.
    pub index_name: Option<String>,
    /// `KeyConditionExpression`.
    pub key_condition_expression: Option<String>,
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
    /// `ScanIndexForward` (default true).
    pub scan_index_forward: Option<bool>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
    /// `ExclusiveStartKey`.
    pub exclusive_start_key: Option<Item>,
    /// `KeyConditions`: the legacy form of `KeyConditionExpression`.
    pub key_conditions: Option<Vec<LegacyTest>>,
    /// `QueryFilter` (with `ConditionalOperator`), as a condition.
    pub query_filter: Option<Condition>,
    /// `AttributesToGet`: the legacy form of a projection.
    pub attributes_to_get: Option<Vec<String>>,
}

fn lower(v: &KeyValue, inclusive: bool) -> Bound<EntryKey> {
    let at = |tie| EntryKey {
        sort: Some(v.clone()),
        tie,
    };
    if inclusive {
        Bound::Included(at(Tie::Min))
    } else {
        Bound::Excluded(at(Tie::Max))
    }
}

fn upper(v: &KeyValue, inclusive: bool) -> Bound<EntryKey> {
    let at = |tie| EntryKey {
        sort: Some(v.clone()),
        tie,
    };
    if inclusive {
        Bound::Included(at(Tie::Max))
    } else {
        Bound::Excluded(at(Tie::Min))
    }
}

/// The entry-key range a sort condition selects. `begins_with` is bounded
/// below by its prefix; entries past the prefix are cut off while reading.
fn bounds(sort: Option<&SortCondition>) -> (Bound<EntryKey>, Bound<EntryKey>) {
    match sort {
        None => (Bound::Unbounded, Bound::Unbounded),
        Some(SortCondition::Eq(v)) => (lower(v, true), upper(v, true)),
        Some(SortCondition::Lt(v)) => (Bound::Unbounded, upper(v, false)),
        Some(SortCondition::Le(v)) => (Bound::Unbounded, upper(v, true)),
        Some(SortCondition::Gt(v)) => (lower(v, false), Bound::Unbounded),
        Some(SortCondition::Ge(v)) => (lower(v, true), Bound::Unbounded),
        Some(SortCondition::Between(lo, hi)) => (lower(lo, true), upper(hi, true)),
        Some(SortCondition::BeginsWith(v)) => (lower(v, true), Bound::Unbounded),
    }
}

/// How a Query refuses a starting key (dynalite's suite, recorded against
/// the service).
const QUERY_START_KEY: StartKeyRefusals = StartKeyRefusals {
    count: "The provided starting key is invalid",
    missing: "The provided starting key is invalid",
    mistyped: "The provided key element does not match the schema",
    table_key: "The provided starting key is invalid: The provided key element does not match the schema",
};

/// A Query worked out before it reads.
struct Plan<'a> {
    table: &'a Table,
    target: Target<'a>,
    /// Where the read resumes, from `ExclusiveStartKey`.
    start: Option<StartKey>,
    key_condition: KeyCondition,
    filter: Option<Condition>,
    projection: Option<Vec<Path>>,
}

impl Engine {
    /// Which partition and sort-key range a Query reads, as [`Engine::query`]
    /// works it out before reading: the key schema of the table or index
    /// it reads and its validated key condition, or the error the Query
    /// would answer. A page uses it to say why an item is not among a
    /// Query's results.
    pub fn query_key_condition(&self, request: &QueryRequest) -> Result<(KeySchema, KeyCondition)> {
        let plan = self.plan_query(request)?;
        Ok((plan.target.key_schema().clone(), plan.key_condition))
    }

    /// Steps of a Query before it reads: its expressions parsed, its table
    /// or index found, its key condition checked against that key schema.
    fn plan_query(&self, request: &QueryRequest) -> Result<Plan<'_>> {
        let key_condition_text = request.key_condition_expression.as_deref();
        if key_condition_text.is_none() && request.key_conditions.is_none() {
            return Err(Error::validation(
                "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
            ));
        }
        let ParsedRead {
            key_condition,
            filter,
            projection,
        } = parse_read(
            &request.expression,
            ReadExpressions {
                key_condition: key_condition_text,
                filter: request.filter_expression.as_deref(),
                projection: request.projection_expression.as_deref(),
                attributes_to_get: request.attributes_to_get.as_deref(),
                null_expressions: "FilterExpression and KeyConditionExpression are null",
            },
        )?;

        let whole = Span::new(0, key_condition_text.map_or(0, str::len));
        if let Some(condition) = &key_condition {
            check_shape(condition).map_err(|e| e.or_at("KeyConditionExpression", whole))?;
        }
        let table = self.table_or_not_found(&request.table_name)?;
        let target = Target::new(table, request.index_name.as_deref())?;
        if request.consistent_read && target.is_global() {
            return Err(Error::validation(
                "Consistent reads are not supported on global secondary indexes",
            ));
        }
        // The starting key's attributes are checked before the key
        // condition is held against the key schema, attribute by attribute
        // as DynamoDB goes (dynalite's suite, recorded against the
        // service): a well-formed partition key in the starting key and
        // none in the condition is the condition's mistake.
        let schema = target.key_schema();
        if let Some(esk) = &request.exclusive_start_key
            && !schema.is_multi_attribute()
            && esk.len() == target.start_key_len()
        {
            let partition = &schema.partition;
            let piece_fits = esk
                .get(partition.name.as_str())
                .and_then(KeyValue::from_value)
                .is_some_and(|v| v.key_type() == Some(partition.key_type));
            let named = match (&key_condition, &request.key_conditions) {
                (Some(condition), _) => condition.paths().iter().any(|p| p.top() == partition.name),
                (None, Some(tests)) => tests.iter().any(|t| t.attribute == partition.name),
                (None, None) => true,
            };
            if piece_fits && !named {
                return Err(Error::validation(format!(
                    "Query condition missed key schema element: {}",
                    partition.name
                )));
            }
        }
        let start = request
            .exclusive_start_key
            .as_ref()
            .map(|esk| target.start_key(esk, &QUERY_START_KEY))
            .transpose()?;
        let key_condition = match (key_condition, &request.key_conditions) {
            (Some(condition), _) => {
                analyze(&condition, schema).map_err(|e| e.or_at("KeyConditionExpression", whole))?
            }
            (None, Some(tests)) => analyze(
                &super::shared::legacy::key_condition(tests, schema)?,
                schema,
            )?,
            // Invariant: one of the two was required above.
            (None, None) => return Err(Error::validation("Query key condition not supported")),
        };
        Ok(Plan {
            table,
            target,
            start,
            key_condition,
            filter,
            projection,
        })
    }

    /// Query.
    pub fn query(&mut self, request: QueryRequest) -> Result<PageResponse> {
        check_table_name(&request.table_name, "tableName")?;
        if request.limit.is_some_and(|l| l < 1) {
            return Err(Violation::unshown("Limit", Rule::AtLeast(1)).into());
        }
        check_select_parameters(
            request.select,
            request.projection_expression.is_some(),
            request.attributes_to_get.is_some(),
            true,
        )?;
        let Plan {
            table,
            target,
            start,
            key_condition,
            filter,
            projection,
        } = self.plan_query(&request)?;
        let schema = target.key_schema();
        check_key_paths(projection.iter().flatten(), &table.description)?;
        if let Some(filter) = &request.query_filter
            && let Some(path) = filter
                .paths()
                .into_iter()
                .find(|p| schema.contains(p.top()))
        {
            return Err(Error::validation(format!(
                "QueryFilter can only contain non-primary key attributes: Primary key attribute: {}",
                path.top()
            )));
        }
        let filter = filter.or(request.query_filter);
        if let Some(filter) = &filter
            && let Some(path) = filter
                .paths()
                .into_iter()
                .find(|p| schema.contains(p.top()))
        {
            let filter_text = request.filter_expression.as_deref().unwrap_or_default();
            return Err(Error::validation(format!(
                "Filter Expression can only contain non-primary key attributes: Primary key attribute: {}",
                path.top()
            ))
            .or_at("FilterExpression", Span::new(0, filter_text.len())));
        }
        let shape = read_shape(
            request.select,
            projection,
            filter.as_ref(),
            target.index.map(|i| &i.description),
            &table.description.key_schema,
            "Querying",
        )?;
        if let Some(filter) = &filter {
            check_key_paths(filter.paths(), &table.description)?;
        }
        let partition_key = PartitionKey::new(key_condition.partition.clone());
        let (mut low, mut high) = bounds(key_condition.sort.as_ref());
        let forward = request.scan_index_forward.unwrap_or(true);
        if let Some(start) = start {
            // With a condition on the sort key, the starting key's sort key
            // is held against it first; a partition that is not the
            // queried one then gets DynamoDB's "at most one row" answer
            // (recorded suite).
            match (&key_condition.sort, &start.entry.sort) {
                (Some(condition), Some(sort)) => {
                    if !condition.matches(sort) {
                        return Err(Error::validation(
                            "The provided starting key does not match the range key predicate",
                        ));
                    }
                    if start.partition != partition_key {
                        return Err(Error::validation(
                            "The query can return at most one row and cannot be restarted",
                        ));
                    }
                }
                _ if start.partition != partition_key => {
                    return Err(Error::validation(
                        "The provided starting key is outside query boundaries based on provided conditions",
                    ));
                }
                _ => {}
            }
            if forward {
                low = Bound::Excluded(start.entry);
            } else {
                high = Bound::Excluded(start.entry);
            }
        }
        let limit = request.limit.map(|l| l as usize);
        let mut page = PageBuilder::new(
            &target,
            &shape,
            filter.as_ref(),
            limit,
            request.consistent_read,
        );
        if let Some(partition) = target.store().partition(&partition_key)
            && range_is_valid(&low, &high)
        {
            let in_range = |k: &EntryKey| match (&key_condition.sort, &k.sort) {
                (Some(condition @ SortCondition::BeginsWith(_)), Some(sort)) => {
                    condition.matches(sort)
                }
                _ => true,
            };
            let entries = partition.range((low, high));
            if forward {
                page.offer_all(&partition_key, entries.take_while(|(k, _)| in_range(k)));
            } else {
                let mut entries = entries.rev().peekable();
                // Past the end of a begins_with range, skip down to its last entry.
                while entries.next_if(|(k, _)| !in_range(k)).is_some() {}
                page.offer_all(&partition_key, entries.take_while(|(k, _)| in_range(k)));
            }
        }
        let (response, usage) = page.finish();
        let table_name = request.table_name;
        if let Some(table) = self.tables.get_mut(&table_name) {
            usage.record(table);
        }
        Ok(response)
    }
}

/// `BTreeMap::range` panics when the start is after the end (or both are
/// the same excluded key); such a range is simply empty.
pub(super) fn range_is_valid(low: &Bound<EntryKey>, high: &Bound<EntryKey>) -> bool {
    match (low, high) {
        (Bound::Included(a), Bound::Included(b)) => a <= b,
        (Bound::Included(a), Bound::Excluded(b))
        | (Bound::Excluded(a), Bound::Included(b))
        | (Bound::Excluded(a), Bound::Excluded(b)) => a < b,
        _ => true,
    }
}
