//! Query and Scan.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use super::{
    Constraints, expression_parameters, legacy, parse_body, return_consumed_capacity, select,
    start_key,
};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::constraint::{self, Rule, Violation};
use crate::limits::MAX_TOTAL_SEGMENTS;

/// `Segment`'s range.
const SEGMENT: &[Rule] = &[Rule::AtLeast(0)];
/// `TotalSegments`' range.
const TOTAL_SEGMENTS: &[Rule] = &[Rule::AtLeast(1), Rule::AtMost(MAX_TOTAL_SEGMENTS)];
use crate::error::Result;
use crate::ops::{QueryRequest, ScanRequest};

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ReadWire {
    table_name: Option<String>,
    index_name: Option<String>,
    key_condition_expression: Option<String>,
    filter_expression: Option<String>,
    projection_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    expression_attribute_values: Option<Json>,
    select: Option<String>,
    limit: Option<i64>,
    scan_index_forward: Option<bool>,
    consistent_read: Option<bool>,
    exclusive_start_key: Option<Json>,
    segment: Option<i64>,
    total_segments: Option<i64>,
    return_consumed_capacity: Option<String>,
    key_conditions: Option<Json>,
    query_filter: Option<Json>,
    scan_filter: Option<Json>,
    attributes_to_get: Option<Json>,
    conditional_operator: Option<Json>,
}

/// Which read: they take different legacy parameters.
#[derive(Clone, Copy, PartialEq)]
enum Read {
    Query,
    Scan,
}

/// The order in which DynamoDB lists a Query's breaches of its fields'
/// constraints: the one that picks, of more than ten, the ten DynamoDB
/// names in the answers recorded against it (dynalite's suite), and the
/// order of dynalite's declarations.
const QUERY_FIELDS: &[&str] = &[
    "select",
    "indexName",
    "returnConsumedCapacity",
    "queryFilter",
    "tableName",
    "conditionalOperator",
    "attributesToGet",
    "limit",
    "keyConditions",
];

/// A Scan's order, as [`QUERY_FIELDS`] is a Query's.
const SCAN_FIELDS: &[&str] = &[
    "select",
    "indexName",
    "totalSegments",
    "returnConsumedCapacity",
    "tableName",
    "conditionalOperator",
    "scanFilter",
    "segment",
    "limit",
    "attributesToGet",
];

/// A read's parameters checked in DynamoDB's order, and its legacy
/// parameters decoded.
struct Checked {
    wire: ReadWire,
    exclusive_start_key: Option<crate::types::Item>,
    capacity: ReturnConsumedCapacity,
    table_name: String,
    filter: Option<crate::expr::ast::Condition>,
    key_conditions: Option<Vec<crate::ops::LegacyTest>>,
    attributes_to_get: Option<Vec<String>>,
}

fn read_wire(body: &[u8], read: Read) -> Result<Checked> {
    let mut wire: ReadWire = parse_body(body)?;
    let (filter_name, filter_parameter) = match read {
        Read::Query => {
            wire.scan_filter = None;
            ("QueryFilter", "queryFilter")
        }
        Read::Scan => {
            wire.query_filter = None;
            wire.key_conditions = None;
            ("ScanFilter", "scanFilter")
        }
    };
    let legacy_filter = match read {
        Read::Query => wire.query_filter.take(),
        Read::Scan => wire.scan_filter.take(),
    };
    // 1. The fields' own constraints, reported together.
    let mut constraints = Constraints::default();
    let capacity = constraints
        .choice(return_consumed_capacity(
            wire.return_consumed_capacity.as_deref(),
        ))
        .unwrap_or_default();
    let table_name = constraints.table_name(wire.table_name.take(), "tableName");
    if let Some(index) = &wire.index_name {
        constraints.text(index, "indexName", crate::error::constraint::TABLE_NAME);
    }
    constraints.choice(select(wire.select.as_deref()));
    constraints.choice(legacy::attributes_to_get_length(
        wire.attributes_to_get.as_ref(),
    ));
    // The numbers' ranges (a Query names its Limit unshown, as captured;
    // a Scan shows it), the operators' names: listed with the rest.
    if let Some(limit) = wire.limit.filter(|limit| *limit < 1) {
        constraints.violation(match read {
            Read::Query => Violation::unshown("Limit", Rule::AtLeast(1)),
            Read::Scan => Violation::new(limit, "limit", Rule::AtLeast(1)),
        });
    }
    if read == Read::Scan {
        for (value, at, rules) in [
            (wire.segment, "segment", SEGMENT),
            (wire.total_segments, "totalSegments", TOTAL_SEGMENTS),
        ] {
            if let Some(value) = value {
                for breach in constraint::number(value, at, rules) {
                    constraints.violation(breach);
                }
            }
        }
    }
    if let Some(breach) = legacy::conditional_operator_problem(wire.conditional_operator.as_ref()) {
        constraints.violation(breach);
    }
    for breach in legacy::operator_problems(legacy_filter.as_ref(), filter_parameter, true)
        .into_iter()
        .chain(legacy::operator_problems(
            wire.key_conditions.as_ref(),
            "keyConditions",
            true,
        ))
    {
        constraints.violation(breach);
    }
    constraints.finish_listed_by(match read {
        Read::Query => QUERY_FIELDS,
        Read::Scan => SCAN_FIELDS,
    })?;
    let table_name = table_name.unwrap_or_default();
    let or = legacy::conditional_operator(wire.conditional_operator.as_ref())?;
    legacy::check_operators(legacy_filter.as_ref(), filter_parameter, true)?;
    legacy::check_operators(wire.key_conditions.as_ref(), "keyConditions", true)?;
    // 2. Legacy and expression parameters together. KeyConditions counts
    // only against KeyConditionExpression.
    let key_conditions_mixed =
        wire.key_conditions.is_some() && wire.key_condition_expression.is_some();
    let expressions = [
        ("ProjectionExpression", wire.projection_expression.is_some()),
        ("FilterExpression", wire.filter_expression.is_some()),
        (
            "KeyConditionExpression",
            wire.key_condition_expression.is_some(),
        ),
    ];
    let takes = match read {
        Read::Query => &expressions[..],
        Read::Scan => &expressions[..2],
    };
    legacy::check_mixing(
        &[
            ("AttributesToGet", wire.attributes_to_get.is_some()),
            (filter_name, legacy_filter.is_some()),
            ("ConditionalOperator", wire.conditional_operator.is_some()),
            ("KeyConditions", key_conditions_mixed),
        ],
        takes,
        legacy::Placeholders::given(
            &wire.expression_attribute_names,
            &wire.expression_attribute_values,
        ),
    )?;
    // 3. What ConditionalOperator combines: the filter, never the key.
    legacy::check_conditional_operator(or, legacy::count(legacy_filter.as_ref()))?;
    // 4. The values, in DynamoDB's order: the filter's conditions and the
    // attribute names, the starting key, the key conditions.
    // (A Scan reads its attribute names before its filter.)
    let mut attributes_to_get = None;
    if read == Read::Scan {
        attributes_to_get = legacy::attributes_to_get(wire.attributes_to_get.take())?;
    }
    let filter = match &legacy_filter {
        Some(json) => legacy::filter(json, filter_name, or)?,
        None => None,
    };
    if read == Read::Query {
        attributes_to_get = legacy::attributes_to_get(wire.attributes_to_get.take())?;
    }
    let exclusive_start_key = start_key(wire.exclusive_start_key.take())?;
    let key_conditions = match wire.key_conditions.take() {
        Some(json) => Some(legacy::tests(&json, "KeyConditions")?),
        None => None,
    };
    Ok(Checked {
        wire,
        exclusive_start_key,
        capacity,
        table_name,
        filter,
        key_conditions,
        attributes_to_get,
    })
}

/// Query.
pub fn query(body: &[u8]) -> Result<(QueryRequest, ReturnConsumedCapacity)> {
    let Checked {
        wire,
        exclusive_start_key,
        capacity,
        table_name,
        filter,
        key_conditions,
        attributes_to_get,
    } = read_wire(body, Read::Query)?;
    Ok((
        QueryRequest {
            table_name,
            select: select(wire.select.as_deref())?,
            index_name: wire.index_name,
            key_condition_expression: wire.key_condition_expression,
            filter_expression: wire.filter_expression,
            projection_expression: wire.projection_expression,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            limit: wire.limit,
            scan_index_forward: wire.scan_index_forward,
            consistent_read: wire.consistent_read.unwrap_or(false),
            exclusive_start_key,
            key_conditions,
            query_filter: filter,
            attributes_to_get,
        },
        capacity,
    ))
}

/// Scan.
pub fn scan(body: &[u8]) -> Result<(ScanRequest, ReturnConsumedCapacity)> {
    let Checked {
        wire,
        exclusive_start_key,
        capacity,
        table_name,
        filter,
        attributes_to_get,
        ..
    } = read_wire(body, Read::Scan)?;
    Ok((
        ScanRequest {
            table_name,
            select: select(wire.select.as_deref())?,
            index_name: wire.index_name,
            filter_expression: wire.filter_expression,
            projection_expression: wire.projection_expression,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            limit: wire.limit,
            consistent_read: wire.consistent_read.unwrap_or(false),
            exclusive_start_key,
            segment: wire.segment,
            total_segments: wire.total_segments,
            scan_filter: filter,
            attributes_to_get,
        },
        capacity,
    ))
}
