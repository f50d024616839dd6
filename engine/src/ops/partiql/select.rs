//! A PartiQL SELECT, read as DynamoDB reads it (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.select.html>): the plan
//! ([`crate::partiql::plan`]) picks Queries or a Scan; each read runs as
//! that request (same pages, same Limit, same capacity), and the WHERE and
//! the projection are applied to what it returns.
//!
//! Several reads share one page of at most [`DECOMPOSED_PAGE_ITEMS`]
//! evaluated items, as DynamoDB pages an IN on the partition key; the
//! NextToken says which read to go on with, and where in it.

use super::{
    ExecuteStatementRequest, ExecuteStatementResponse, Served, StatementToken, fingerprint,
};
use crate::capacity::Consumed;
use crate::error::{Error, Result};
use crate::expr::ast::CompareOp;
use crate::expr::eval::eval_condition;
use crate::key::{KeySchema, KeyValue};
use crate::ops::{ComparisonOperator, Engine, LegacyTest, QueryRequest, ScanRequest, Select};
use crate::partiql::Binder;
use crate::partiql::ast::{self, Projection};
use crate::partiql::bind::{self, project};
use crate::partiql::plan::{Access, KeyRead, Plan, SortTest, plan};
use crate::table::{IndexDescription, IndexKind};
use crate::types::Path;

/// Most items one page of several key reads evaluates.
pub const DECOMPOSED_PAGE_ITEMS: usize = 10;

/// The order a keyed SELECT reads in.
struct Order {
    /// Sort keys ascending.
    forward: bool,
    /// Partitions by value (ascending or not), or as the WHERE lists them.
    partitions: Option<bool>,
}

impl Engine {
    /// Everything DynamoDB decides about a SELECT before it reads: the
    /// table or index, the checks on what it projects and filters, the
    /// reads (Queries in order, or a Scan) and what is left to filter.
    pub(super) fn plan_select(
        &self,
        select: &ast::Select,
        binder: Binder<'_>,
        consistent_read: bool,
    ) -> Result<SelectPlan> {
        let condition = select
            .condition
            .as_ref()
            .map(|c| binder.condition(c))
            .transpose()?;
        let table_name = select.table.text.as_str();
        let table = self.table_or_not_found(table_name)?;
        let index =
            match &select.index {
                Some(name) => Some(table.description.index(&name.text).ok_or_else(|| {
                    Error::validation("The table does not have the specified index")
                })?),
                None => None,
            };
        if index.is_some_and(|i| i.key_schema.is_multi_attribute()) {
            return Err(super::batch::multi_attribute_refusal());
        }
        let global = index.is_some_and(|i| i.kind == IndexKind::Global);
        if consistent_read && global {
            return Err(Error::validation(
                "Strongly consistent read is not supported on Global Secondary Indexes",
            ));
        }
        let table_keys = &table.description.key_schema;
        let schema = index.map_or(table_keys, |i| &i.key_schema);
        let projection = match &select.projection {
            Projection::All => None,
            Projection::Paths(paths) => Some(paths.as_slice()),
        };
        let fetch = match (index, projection) {
            (Some(index), Some(paths)) => {
                let unprojected = unprojected(index, table_keys, paths.iter().map(|p| p.top()));
                if !unprojected.is_empty() && global {
                    return Err(Error::invalid_parameter(format!(
                        "Global secondary index {} does not project [{}]",
                        index.name,
                        unprojected.join(", ")
                    )));
                }
                !unprojected.is_empty()
            }
            _ => false,
        };
        let Plan { mut access, filter } = plan(condition.as_ref(), schema)?;
        if let (Some(index), Some(condition), Access::Keyed(_)) = (index, &condition, &access) {
            let unprojected = unprojected(
                index,
                table_keys,
                condition.paths().into_iter().map(|p| p.top()),
            );
            if !unprojected.is_empty() {
                return Err(Error::invalid_parameter(format!(
                    "Secondary index {} does not project one or more filter attributes: [{}]",
                    index.name,
                    unprojected.join(", ")
                )));
            }
        }
        let order = order(select, schema, &access)?;
        if let Access::Keyed(reads) = &mut access {
            order.arrange(reads);
        }
        Ok(SelectPlan {
            table_name: table_name.to_string(),
            index_name: select.index.as_ref().map(|i| i.text.clone()),
            schema: schema.clone(),
            access,
            filter,
            order,
            select: fetch.then_some(Select::AllAttributes),
            projection: projection.map(bind::projection),
            condition,
        })
    }

    pub(super) fn partiql_select(
        &mut self,
        select: &ast::Select,
        binder: Binder<'_>,
        request: &ExecuteStatementRequest,
    ) -> Result<ExecuteStatementResponse> {
        let SelectPlan {
            table_name,
            mut index_name,
            schema,
            mut access,
            mut filter,
            order,
            mut select,
            projection,
            condition,
        } = self.plan_select(
            select,
            binder,
            // A strong read of the table is allowed in place of a global index.
            request.consistent_read && !request.scan_table_instead,
        )?;
        if request.scan_table_instead {
            index_name = None;
            access = Access::Scan;
            filter = condition;
            select = None;
        }
        let fingerprint = fingerprint(&request.statement, binder.parameters());
        if let Some(token) = &request.next_token {
            if token.fingerprint != fingerprint {
                return Err(Error::validation("NextToken does not match request"));
            }
            let reads = match &access {
                Access::Keyed(reads) => reads.len(),
                Access::Scan => 1,
            };
            if token.read >= reads {
                return Err(Error::validation("Invalid NextToken"));
            }
        }
        let read = Read {
            table_name,
            index_name,
            schema,
            consistent_read: request.consistent_read,
            limit: request.limit.map(|l| l as usize),
            select,
            fingerprint,
        };
        let mut out = match access {
            Access::Scan => self.partiql_scan(&read, request.next_token.clone())?,
            Access::Keyed(reads) => {
                self.partiql_queries(&read, reads, &order, request.next_token.clone())?
            }
        };
        if let Some(filter) = &filter {
            out.items.retain(|item| eval_condition(filter, item));
        }
        if let Some(paths) = &projection {
            for item in &mut out.items {
                *item = project(item, paths);
            }
        }
        Ok(out)
    }

    fn partiql_scan(
        &mut self,
        read: &Read,
        token: Option<StatementToken>,
    ) -> Result<ExecuteStatementResponse> {
        let page = self.scan(ScanRequest {
            table_name: read.table_name.clone(),
            index_name: read.index_name.clone(),
            select: read.select,
            limit: read.limit.map(|l| l as i64),
            consistent_read: read.consistent_read,
            exclusive_start_key: token.and_then(|t| t.key),
            ..ScanRequest::default()
        })?;
        Ok(ExecuteStatementResponse {
            items: page.items.unwrap_or_default(),
            next_token: page.last_evaluated_key.map(|key| StatementToken {
                fingerprint: read.fingerprint,
                read: 0,
                key: Some(key),
            }),
            consumed: page.consumed,
            consumed_if_strong: page.consumed_if_strong,
            table_name: read.table_name.clone(),
            served: Served::Scan {
                index: read.index_name.clone(),
            },
            scanned_count: page.scanned_count,
            bytes_read: page.bytes_read,
            written_key: None,
        })
    }

    fn partiql_queries(
        &mut self,
        read: &Read,
        reads: Vec<KeyRead>,
        order: &Order,
        token: Option<StatementToken>,
    ) -> Result<ExecuteStatementResponse> {
        let (first, mut start_key) = token.map_or((0, None), |t| (t.read, t.key));
        let page_items = if reads.len() > 1 {
            Some(DECOMPOSED_PAGE_ITEMS)
        } else {
            None
        };
        let mut budget = match (read.limit, page_items) {
            (Some(l), Some(p)) => Some(l.min(p)),
            (l, p) => l.or(p),
        };
        let mut out = ExecuteStatementResponse {
            items: Vec::new(),
            next_token: None,
            consumed: Consumed::new(&read.table_name),
            consumed_if_strong: Some(Consumed::new(&read.table_name)),
            table_name: read.table_name.clone(),
            served: Served::Query {
                index: read.index_name.clone(),
                reads: reads.clone(),
            },
            scanned_count: 0,
            bytes_read: 0,
            written_key: None,
        };
        for (i, key_read) in reads.iter().enumerate().skip(first) {
            let exclusive_start_key = if i == first { start_key.take() } else { None };
            if budget == Some(0) {
                out.next_token = Some(StatementToken {
                    fingerprint: read.fingerprint,
                    read: i,
                    key: exclusive_start_key,
                });
                break;
            }
            let Some(key_conditions) = key_conditions(key_read, &read.schema) else {
                continue;
            };
            let page = self.query(QueryRequest {
                table_name: read.table_name.clone(),
                index_name: read.index_name.clone(),
                key_conditions: Some(key_conditions),
                select: read.select,
                limit: budget.map(|b| b as i64),
                scan_index_forward: Some(order.forward),
                consistent_read: read.consistent_read,
                exclusive_start_key,
                ..QueryRequest::default()
            })?;
            out.consumed.add(&page.consumed);
            out.consumed_if_strong = match (out.consumed_if_strong.take(), &page.consumed_if_strong)
            {
                (Some(mut sum), Some(strong)) => {
                    sum.add(strong);
                    Some(sum)
                }
                _ => None,
            };
            out.scanned_count += page.scanned_count;
            out.bytes_read += page.bytes_read;
            budget = budget.map(|b| b.saturating_sub(page.scanned_count));
            out.items.extend(page.items.unwrap_or_default());
            if let Some(key) = page.last_evaluated_key {
                out.next_token = Some(StatementToken {
                    fingerprint: read.fingerprint,
                    read: i,
                    key: Some(key),
                });
                break;
            }
        }
        Ok(out)
    }
}

/// A SELECT as planned: where and how it reads, and what it does with
/// what it reads.
pub(super) struct SelectPlan {
    pub table_name: String,
    pub index_name: Option<String>,
    schema: KeySchema,
    pub access: Access,
    filter: Option<crate::expr::ast::Condition>,
    /// The whole WHERE.
    condition: Option<crate::expr::ast::Condition>,
    order: Order,
    select: Option<Select>,
    projection: Option<Vec<(Path, String)>>,
}

/// What every read of one SELECT shares.
struct Read {
    table_name: String,
    index_name: Option<String>,
    schema: KeySchema,
    consistent_read: bool,
    limit: Option<usize>,
    select: Option<Select>,
    fingerprint: u64,
}

/// The attributes (top-level names, each once, in the order given) an
/// index does not carry.
fn unprojected<'a>(
    index: &IndexDescription,
    table_keys: &KeySchema,
    names: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for name in names {
        if !index.projects(table_keys, name) && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// A key read as the KeyConditions of a Query; `None` for a BETWEEN whose
/// bounds are the wrong way round, which reads nothing.
fn key_conditions(read: &KeyRead, schema: &KeySchema) -> Option<Vec<LegacyTest>> {
    let mut tests = vec![LegacyTest {
        attribute: schema.partition.name.clone(),
        operator: ComparisonOperator::Eq,
        values: vec![read.partition.clone()],
    }];
    if let (Some(sort), Some(key)) = (&read.sort, &schema.sort) {
        let (operator, values) = match sort {
            SortTest::Compare(op, v) => (
                match op {
                    CompareOp::Eq | CompareOp::Ne => ComparisonOperator::Eq,
                    CompareOp::Lt => ComparisonOperator::Lt,
                    CompareOp::Le => ComparisonOperator::Le,
                    CompareOp::Gt => ComparisonOperator::Gt,
                    CompareOp::Ge => ComparisonOperator::Ge,
                },
                vec![v.clone()],
            ),
            SortTest::Between(low, high) => {
                if KeyValue::from_value(low) > KeyValue::from_value(high) {
                    return None;
                }
                (ComparisonOperator::Between, vec![low.clone(), high.clone()])
            }
            SortTest::BeginsWith(p) => (ComparisonOperator::BeginsWith, vec![p.clone()]),
        };
        tests.push(LegacyTest {
            attribute: key.name.clone(),
            operator,
            values,
        });
    }
    Some(tests)
}

/// The ORDER BY rules (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.select.html>), and the order they ask for.
fn order(select: &ast::Select, schema: &KeySchema, access: &Access) -> Result<Order> {
    if select.order_by.is_empty() {
        return Ok(Order {
            forward: true,
            partitions: None,
        });
    }
    if select.condition.is_none() {
        return Err(Error::validation(
            "Must have WHERE clause in the statement when using ORDER BY clause.",
        ));
    }
    let mut forward = None;
    let mut partitions = None;
    for (path, descending) in &select.order_by {
        let name = path.top();
        if path.is_top_level() && name == schema.partition.name {
            partitions = Some(!descending);
        } else if path.is_top_level() && schema.sort.as_ref().is_some_and(|s| s.name == name) {
            forward = Some(!descending);
        } else {
            return Err(Error::validation(format!(
                "Attribute {name} in ORDER BY clause must be part of the primary key"
            )));
        }
    }
    let Access::Keyed(reads) = access else {
        return Err(Error::validation(
            "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.",
        ));
    };
    let first = reads.first().map(|r| &r.partition);
    if partitions.is_none() && reads.iter().any(|r| Some(&r.partition) != first) {
        return Err(Error::validation(
            "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause.",
        ));
    }
    Ok(Order {
        // DynamoDB reads an unnamed sort key newest first under ORDER BY
        // (captured against the service).
        forward: forward.unwrap_or(false),
        partitions,
    })
}

impl Order {
    /// Puts the reads in the order the SELECT returns them: partitions as
    /// ORDER BY asks (or as the WHERE lists them), and within a partition
    /// by sort key in the read's direction.
    fn arrange(&self, reads: &mut [KeyRead]) {
        let listed: Vec<Option<KeyValue>> = reads
            .iter()
            .map(|r| KeyValue::from_value(&r.partition))
            .collect();
        let first_listed =
            |v: &Option<KeyValue>| listed.iter().position(|l| l == v).unwrap_or(usize::MAX);
        let sort_value = |r: &KeyRead| match &r.sort {
            Some(SortTest::Compare(_, v) | SortTest::Between(v, _) | SortTest::BeginsWith(v)) => {
                KeyValue::from_value(v)
            }
            None => None,
        };
        reads.sort_by(|a, b| {
            let (pa, pb) = (
                KeyValue::from_value(&a.partition),
                KeyValue::from_value(&b.partition),
            );
            let by_partition = match self.partitions {
                Some(true) => pa.cmp(&pb),
                Some(false) => pb.cmp(&pa),
                None => first_listed(&pa).cmp(&first_listed(&pb)),
            };
            by_partition.then_with(|| {
                let by_sort = sort_value(a).cmp(&sort_value(b));
                if self.forward {
                    by_sort
                } else {
                    by_sort.reverse()
                }
            })
        });
    }
}
