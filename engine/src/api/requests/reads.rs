//! Query and Scan.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use super::{
    expression_parameters, no_legacy, parse_body, required, return_consumed_capacity, select,
    start_key,
};
use crate::capacity::ReturnConsumedCapacity;
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

fn read_wire(body: &[u8]) -> Result<(ReadWire, ReturnConsumedCapacity)> {
    let wire: ReadWire = parse_body(body)?;
    no_legacy(&[
        ("KeyConditions", wire.key_conditions.is_some()),
        ("QueryFilter", wire.query_filter.is_some()),
        ("ScanFilter", wire.scan_filter.is_some()),
        ("AttributesToGet", wire.attributes_to_get.is_some()),
        ("ConditionalOperator", wire.conditional_operator.is_some()),
    ])?;
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    Ok((wire, rcc))
}

/// Query.
pub fn query(body: &[u8]) -> Result<(QueryRequest, ReturnConsumedCapacity)> {
    let (wire, rcc) = read_wire(body)?;
    Ok((
        QueryRequest {
            table_name: required(wire.table_name, "tableName")?,
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
            exclusive_start_key: start_key(wire.exclusive_start_key)?,
        },
        rcc,
    ))
}

/// Scan.
pub fn scan(body: &[u8]) -> Result<(ScanRequest, ReturnConsumedCapacity)> {
    let (wire, rcc) = read_wire(body)?;
    Ok((
        ScanRequest {
            table_name: required(wire.table_name, "tableName")?,
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
            exclusive_start_key: start_key(wire.exclusive_start_key)?,
            segment: wire.segment,
            total_segments: wire.total_segments,
        },
        rcc,
    ))
}
