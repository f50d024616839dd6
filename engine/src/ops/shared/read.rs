//! What every read does before it touches a table, written once for
//! Query, Scan, GetItem, BatchGetItem and TransactGetItems:
//!
//! 1. `ExpressionAttributeNames` and `ExpressionAttributeValues` are
//!    refused when empty, or when the read has no expression to use them;
//! 2. its expressions are parsed against one set of placeholders, in
//!    DynamoDB's order — key condition, filter, projection — so the first
//!    bad one is the one reported;
//! 3. every placeholder must have been used;
//! 4. `AttributesToGet`, the projection's legacy form, stands in for a
//!    missing `ProjectionExpression`.

use super::legacy;
use crate::error::Result;
use crate::expr::ast::Condition;
use crate::expr::{ExprKind, Placeholders};
use crate::ops::{ExpressionParameters, check_expression_parameters};
use crate::types::Path;

/// A read's expressions as the request wrote them.
#[derive(Clone, Copy, Default)]
pub(in crate::ops) struct ReadExpressions<'a> {
    /// `KeyConditionExpression` (Query only).
    pub key_condition: Option<&'a str>,
    /// `FilterExpression` (Query and Scan).
    pub filter: Option<&'a str>,
    /// `ProjectionExpression`.
    pub projection: Option<&'a str>,
    /// `AttributesToGet`, used when there is no projection expression.
    pub attributes_to_get: Option<&'a [String]>,
    /// What the refusal of unused values names as missing:
    /// `FilterExpression is null`, `ProjectionExpression is null`, …
    pub null_expressions: &'a str,
}

impl<'a> ReadExpressions<'a> {
    /// A read of whole items by key: a projection at most.
    pub fn projection(
        projection: Option<&'a str>,
        attributes_to_get: Option<&'a [String]>,
    ) -> ReadExpressions<'a> {
        ReadExpressions {
            projection,
            attributes_to_get,
            null_expressions: "ProjectionExpression is null",
            ..ReadExpressions::default()
        }
    }
}

/// A read's expressions, parsed and resolved.
pub(in crate::ops) struct ParsedRead {
    pub key_condition: Option<Condition>,
    pub filter: Option<Condition>,
    /// The paths to return; `None` returns whole items.
    pub projection: Option<Vec<Path>>,
}

/// Steps 1 to 4 of a read.
pub(in crate::ops) fn parse_read(
    parameters: &ExpressionParameters,
    expressions: ReadExpressions<'_>,
) -> Result<ParsedRead> {
    let any_expression = expressions.key_condition.is_some()
        || expressions.filter.is_some()
        || expressions.projection.is_some();
    check_expression_parameters(parameters, any_expression, expressions.null_expressions)?;
    let mut placeholders = Placeholders::new(parameters.names.as_ref(), parameters.values.as_ref());
    let key_condition = expressions
        .key_condition
        .map(|text| placeholders.condition(text, ExprKind::KeyCondition))
        .transpose()?;
    let filter = expressions
        .filter
        .map(|text| placeholders.condition(text, ExprKind::Filter))
        .transpose()?;
    let projection = expressions
        .projection
        .map(|text| placeholders.projection(text))
        .transpose()?;
    placeholders.check_unused()?;
    Ok(ParsedRead {
        key_condition,
        filter,
        projection: projection.or_else(|| legacy::paths(expressions.attributes_to_get)),
    })
}
