//! The legacy (pre-expression) parameters on the wire, and the checks
//! DynamoDB makes on them before anything else, in its order
//! (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LegacyConditionalParameters.html>):
//! 1. their enum fields (`ConditionalOperator`, each `ComparisonOperator`,
//!    each `AttributeUpdates` action), with the request's other field
//!    constraints;
//! 2. a legacy parameter beside an expression parameter;
//! 3. `ConditionalOperator` without two or more conditions to combine;
//! 4. then each entry's values and structure.
//!
//! What they mean is [`crate::ops`]'s (`ops::legacy`).

use serde_json::Value as Json;

use crate::api::attribute_value::decode_value;
use crate::error::constraint::{Checked, Rule, Violation};
use crate::error::{Error, Result};
use crate::expr::ast::Condition;
use crate::ops::{
    AttributeUpdates, COMPARISON_OPERATORS, ComparisonOperator, LegacyTest, UpdateKind,
    attribute_update, combine,
};

/// Which of `ExpressionAttributeNames` and `ExpressionAttributeValues` a
/// request has.
#[derive(Clone, Copy)]
pub(super) struct Placeholders {
    pub names: bool,
    pub values: bool,
}

impl Placeholders {
    /// What a request's `ExpressionAttributeNames` and
    /// `ExpressionAttributeValues` members hold (a `null` is no member).
    pub fn given<N>(names: &Option<N>, values: &Option<Json>) -> Placeholders {
        Placeholders {
            names: names.is_some(),
            values: values.as_ref().is_some_and(|v| !v.is_null()),
        }
    }
}

/// Refuses legacy parameters beside expression parameters, naming both
/// kinds present in the API's fixed order, as DynamoDB does; then
/// placeholders without an expression to use them: names without any
/// expression, values without one that takes values (a projection takes
/// none) — "ExpressionAttributeValues can only be specified when using
/// expressions: FilterExpression and KeyConditionExpression are null".
/// Both before any value of the request is read (dynalite's suite,
/// recorded against the service).
pub(super) fn check_mixing(
    non_expression: &[(&str, bool)],
    expression: &[(&str, bool)],
    placeholders: Placeholders,
) -> Result<()> {
    check_legacy_beside_expressions(non_expression, expression)?;
    if placeholders.names && !expression.iter().any(|(_, here)| *here) {
        return Err(Error::validation(
            "ExpressionAttributeNames can only be specified when using expressions",
        ));
    }
    let taking_values: Vec<&(&str, bool)> = expression
        .iter()
        .filter(|(name, _)| *name != "ProjectionExpression")
        .collect();
    if placeholders.values
        && !taking_values.is_empty()
        && !taking_values.iter().any(|(_, here)| *here)
    {
        let names: Vec<&str> = taking_values.iter().map(|(name, _)| *name).collect();
        let verb = if names.len() > 1 { "are" } else { "is" };
        return Err(Error::validation(format!(
            "ExpressionAttributeValues can only be specified when using expressions: {} {verb} null",
            names.join(" and ")
        )));
    }
    Ok(())
}

fn check_legacy_beside_expressions(
    non_expression: &[(&str, bool)],
    expression: &[(&str, bool)],
) -> Result<()> {
    let present = |list: &[(&str, bool)]| -> Vec<String> {
        list.iter()
            .filter(|(_, here)| *here)
            .map(|(name, _)| name.to_string())
            .collect()
    };
    let (legacy, modern) = (present(non_expression), present(expression));
    if legacy.is_empty() || modern.is_empty() {
        return Ok(());
    }
    Err(Error::validation(format!(
        "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {{{}}} Expression parameters: {{{}}}",
        legacy.join(", "),
        modern.join(", ")
    )))
}

/// `ConditionalOperator`: `Some(true)` for OR, `Some(false)` for AND.
pub(super) fn conditional_operator(json: Option<&Json>) -> Result<Option<bool>> {
    match json {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(op)) if op == "OR" => Ok(Some(true)),
        Some(Json::String(op)) if op == "AND" => Ok(Some(false)),
        Some(other) => {
            let shown = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_string);
            Err(Violation::new(shown, "conditionalOperator", Rule::OneOf("OR, AND")).into())
        }
    }
}

/// The rules of `ConditionalOperator`: it combines two or more conditions
/// of the map it applies to (`entries`: their number, `None` without one).
pub(super) fn check_conditional_operator(
    operator: Option<bool>,
    entries: Option<usize>,
) -> Result<()> {
    match (operator, entries) {
        (None, _) => Ok(()),
        (Some(_), None | Some(0)) => Err(Error::validation(
            "ConditionalOperator cannot be used without Filter or Expected",
        )),
        (Some(_), Some(1)) => Err(Error::validation(
            "ConditionalOperator can only be used when Filter or Expected has two or more elements",
        )),
        (Some(_), Some(_)) => Ok(()),
    }
}

/// The entries of a condition map, by name (in name order: the order the
/// JSON object is read in).
fn entries<'a>(json: &'a Json, parameter: &str) -> Result<Vec<(&'a String, &'a Json)>> {
    match json {
        Json::Object(map) => Ok(map.iter().collect()),
        _ => Err(Error::Serialization(format!(
            "Unexpected token received from parser: {parameter} must be a map"
        ))),
    }
}

/// The number of entries of a condition map, `None` when it is absent.
pub(super) fn count(json: Option<&Json>) -> Option<usize> {
    match json? {
        Json::Object(map) => Some(map.len()),
        Json::Null => None,
        _ => Some(0),
    }
}

/// Checks every entry's `ComparisonOperator` against the enum (step 1):
/// `parameter` is the map's name as DynamoDB writes it in paths
/// (`queryFilter`, `scanFilter`, `keyConditions`, `expected`); `required`
/// when the operator may not be left out (filters and key conditions).
/// Every entry's `ComparisonOperator` breach (missing where `required`, or
/// not one of the operators), to list with the request's other
/// constraints.
pub(super) fn operator_problems(
    json: Option<&Json>,
    parameter: &str,
    required: bool,
) -> Vec<Violation> {
    let Some(Json::Object(map)) = json else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, entry) in map {
        let at = format!("{parameter}.{name}.member.comparisonOperator");
        match entry.get("ComparisonOperator") {
            None | Some(Json::Null) if required => out.push(Violation::missing(at)),
            None | Some(Json::Null) => {}
            Some(op) => {
                if op
                    .as_str()
                    .and_then(ComparisonOperator::from_name)
                    .is_none()
                {
                    let shown = op.as_str().map_or_else(|| op.to_string(), str::to_string);
                    out.push(Violation::new(shown, at, COMPARISON_OPERATORS));
                }
            }
        }
    }
    out
}

/// `ConditionalOperator`'s breach, if it has one.
pub(super) fn conditional_operator_problem(json: Option<&Json>) -> Option<Violation> {
    match conditional_operator(json) {
        Err(Error::Validation { .. }) => {
            let other = json?;
            let shown = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_string);
            Some(Violation::new(
                shown,
                "conditionalOperator",
                Rule::OneOf("OR, AND"),
            ))
        }
        _ => None,
    }
}

pub(super) fn check_operators(json: Option<&Json>, parameter: &str, required: bool) -> Result<()> {
    let Some(Json::Object(map)) = json else {
        return Ok(());
    };
    for (name, entry) in map {
        let at = format!("{parameter}.{name}.member.comparisonOperator");
        match entry.get("ComparisonOperator") {
            None | Some(Json::Null) if required => {
                return Err(Violation::missing(at).into());
            }
            None | Some(Json::Null) => {}
            Some(op) => {
                let known = op.as_str().and_then(ComparisonOperator::from_name);
                if known.is_none() {
                    let shown = op.as_str().map_or_else(|| op.to_string(), str::to_string);
                    return Err(Violation::new(shown, at, COMPARISON_OPERATORS).into());
                }
            }
        }
    }
    Ok(())
}

/// An entry's `AttributeValueList`, each value decoded.
fn value_list(entry: &Json) -> Result<Option<Vec<crate::types::Value>>> {
    match entry.get("AttributeValueList") {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Array(values)) => values
            .iter()
            .map(|v| decode_value(v, 0))
            .collect::<Result<Vec<_>>>()
            .map(Some),
        Some(_) => Err(Error::Serialization(
            "Unexpected token received from parser: AttributeValueList must be a list".into(),
        )),
    }
}

fn operator_of(entry: &Json) -> Option<ComparisonOperator> {
    entry
        .get("ComparisonOperator")
        .and_then(Json::as_str)
        .and_then(ComparisonOperator::from_name)
}

/// A filter or key-condition map (`QueryFilter`, `ScanFilter`,
/// `KeyConditions`), each entry decoded and checked (step 4).
pub(super) fn tests(json: &Json, parameter: &str) -> Result<Vec<LegacyTest>> {
    let mut out = Vec::new();
    for (name, entry) in entries(json, parameter)? {
        let values = value_list(entry)?.unwrap_or_default();
        // Invariant: the operators were checked in step 1.
        let Some(operator) = operator_of(entry) else {
            continue;
        };
        let test = LegacyTest {
            attribute: name.clone(),
            operator,
            values,
        };
        test.check()?;
        out.push(test);
    }
    Ok(out)
}

/// A filter map as one condition (`None` when empty), its entries combined
/// by `ConditionalOperator`.
pub(super) fn filter(json: &Json, parameter: &str, or: Option<bool>) -> Result<Option<Condition>> {
    let conditions = tests(json, parameter)?
        .iter()
        .map(LegacyTest::condition)
        .collect();
    Ok(combine(conditions, or.unwrap_or(false)))
}

/// `Expected` as one condition (`None` when empty). Each entry is an
/// operator and its values, `{Value}` or `{Exists: true, Value}` (equal to
/// the value), or `{Exists: false}` (absent); the structure errors are
/// DynamoDB's, in dynalite's order.
pub(super) fn expected(json: &Json, or: Option<bool>) -> Result<Option<Condition>> {
    let mut conditions = Vec::new();
    for (name, entry) in entries(json, "Expected")? {
        let value = match entry.get("Value") {
            None | Some(Json::Null) => None,
            Some(v) => Some(decode_value(v, 0)?),
        };
        let list = value_list(entry)?;
        let exists = entry.get("Exists").and_then(Json::as_bool);
        let operator = operator_of(entry);
        let problem = |detail: &str| {
            Err(Error::invalid_parameter(format!(
                "{detail} for Attribute: {name}"
            )))
        };
        let test = match (operator, exists, value, list) {
            (Some(_), _, Some(_), Some(_)) | (None, _, Some(_), Some(_)) => {
                return problem("Value and AttributeValueList cannot be used together");
            }
            (Some(_), Some(_), _, _) => {
                return problem("Exists and ComparisonOperator cannot be used together");
            }
            (None, _, None, Some(_)) => {
                return problem("AttributeValueList can only be used with a ComparisonOperator");
            }
            (Some(operator), None, None, None) => {
                if !matches!(
                    operator,
                    ComparisonOperator::Null | ComparisonOperator::NotNull
                ) {
                    return Err(Error::invalid_parameter(format!(
                        "Value or AttributeValueList must be used with ComparisonOperator: {} for Attribute: {name}",
                        operator.name()
                    )));
                }
                LegacyTest {
                    attribute: name.clone(),
                    operator,
                    values: Vec::new(),
                }
            }
            (Some(operator), None, value, list) => LegacyTest {
                attribute: name.clone(),
                operator,
                values: list.unwrap_or_else(|| value.into_iter().collect()),
            },
            (None, Some(false), Some(_), None) => {
                return problem("Value cannot be used when Exists is false");
            }
            (None, Some(false), None, None) => LegacyTest {
                attribute: name.clone(),
                operator: ComparisonOperator::Null,
                values: Vec::new(),
            },
            (None, Some(true), None, None) => {
                return problem("Value must be provided when Exists is true");
            }
            (None, None, None, None) => {
                return problem("Value must be provided when Exists is null");
            }
            (None, _, Some(value), None) => LegacyTest {
                attribute: name.clone(),
                operator: ComparisonOperator::Eq,
                values: vec![value],
            },
        };
        test.check()?;
        conditions.push(test.condition());
    }
    Ok(combine(conditions, or.unwrap_or(false)))
}

fn update_kind(action: Option<&Json>) -> Option<UpdateKind> {
    match action {
        None | Some(Json::Null) => Some(UpdateKind::Put),
        Some(Json::String(a)) if a == "PUT" => Some(UpdateKind::Put),
        Some(Json::String(a)) if a == "ADD" => Some(UpdateKind::Add),
        Some(Json::String(a)) if a == "DELETE" => Some(UpdateKind::Delete),
        Some(_) => None,
    }
}

/// Checks every `AttributeUpdates` action against the enum (step 1).
pub(super) fn check_update_actions(json: Option<&Json>) -> Result<()> {
    let Some(Json::Object(map)) = json else {
        return Ok(());
    };
    for (name, entry) in map {
        let action = entry.get("Action");
        if update_kind(action).is_none() {
            let shown = action.and_then(Json::as_str).map_or_else(
                || action.map(Json::to_string).unwrap_or_default(),
                str::to_string,
            );
            return Err(Violation::new(
                shown,
                format!("attributeUpdates.{name}.member.action"),
                Rule::OneOf("ADD, PUT, DELETE"),
            )
            .into());
        }
    }
    Ok(())
}

/// `AttributeUpdates` as update actions (step 4).
pub(super) fn attribute_updates(json: &Json) -> Result<AttributeUpdates> {
    let mut updates = AttributeUpdates {
        actions: Vec::new(),
        deletes_only: true,
    };
    for (name, entry) in entries(json, "AttributeUpdates")? {
        // Invariant: the actions were checked in step 1.
        let kind = update_kind(entry.get("Action")).unwrap_or(UpdateKind::Put);
        let value = match entry.get("Value") {
            None | Some(Json::Null) => None,
            Some(v) => Some(decode_value(v, 0)?),
        };
        updates.deletes_only &= kind == UpdateKind::Delete;
        updates.actions.push(attribute_update(name, kind, value)?);
    }
    Ok(updates)
}

/// `AttributesToGet`: at least one name, no name twice.
/// `AttributesToGet`'s constraint: at least one name, checked with the
/// request's other constraints.
pub(super) fn attributes_to_get_length(json: Option<&Json>) -> Checked<()> {
    match json {
        Some(Json::Array(names)) if names.is_empty() => Err(Violation::new(
            "[]",
            "attributesToGet",
            Rule::LengthAtLeast(1),
        )),
        _ => Ok(()),
    }
}

pub(super) fn attributes_to_get(json: Option<Json>) -> Result<Option<Vec<String>>> {
    let names = match json {
        None | Some(Json::Null) => return Ok(None),
        Some(Json::Array(names)) => names,
        Some(_) => {
            return Err(Error::Serialization(
                "Unexpected token received from parser: AttributesToGet must be a list".into(),
            ));
        }
    };
    if names.is_empty() {
        return Err(Violation::new("[]", "attributesToGet", Rule::LengthAtLeast(1)).into());
    }
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let Json::String(name) = name else {
            return Err(Error::Serialization(
                "Unexpected token received from parser: AttributesToGet must hold strings".into(),
            ));
        };
        if out.contains(&name) {
            return Err(Error::invalid_parameter(format!(
                "Duplicate value in attribute name: {name}"
            )));
        }
        out.push(name);
    }
    Ok(Some(out))
}
