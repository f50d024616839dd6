//! A key condition on a multi-attribute key (a global secondary index with
//! several partition or sort key attributes).
//!
//! Every partition key attribute takes `=`; the sort key attributes are
//! used left to right with no gap, `=` on each but the last one named, and
//! on that one any sort-key comparison, `BETWEEN` or `begins_with`. Clauses
//! may come in any order. DynamoDB checks, in this order (captured in
//! 2026): the number of clauses against the key's attributes; an equality
//! on every partition key attribute (named together, even when the
//! partition key has one attribute); the values' types, in the order
//! written; a clause on an attribute outside the key; and the sort key's
//! prefix rule.
//!
//! The condition becomes one partition value (a composite one when the
//! partition key has several attributes) and one range over the stored
//! composite sort values, [`Composite`]'s bounds doing the work: the sort
//! values that start with the equalities, cut by the last clause.

use super::{KeyCondition, Simple, SimpleKind, SortCondition, flatten, key_value, simple};
use crate::error::{Error, Result};
use crate::expr::ast::{CompareOp, Condition};
use crate::key::{Composite, KeyAttribute, KeySchema, KeyValue};
use crate::types::{Value, ValueType};

/// Checks a resolved key condition against a multi-attribute key schema.
pub fn analyze_multi_attribute(condition: &Condition, schema: &KeySchema) -> Result<KeyCondition> {
    super::check_shape(condition)?;
    let mut parts = Vec::new();
    flatten(condition, &mut parts);
    if parts.len() > schema.attribute_count() {
        return Err(Error::validation(format!(
            "The number of query conditions ({}) exceeds the number of key attributes defined in the schema ({})",
            parts.len(),
            schema.attribute_count()
        )));
    }
    let clauses = parts.into_iter().map(simple).collect::<Result<Vec<_>>>()?;
    if clauses.iter().any(|c| !c.path.is_top_level()) {
        return Err(Error::validation(
            "KeyConditionExpressions cannot have conditions on nested attributes",
        ));
    }
    for (at, clause) in clauses.iter().enumerate() {
        if clauses[..at]
            .iter()
            .any(|c| c.path.top() == clause.path.top())
        {
            return Err(Error::validation(
                "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key",
            ));
        }
    }
    let clause_on = |name: &str| clauses.iter().find(|c| c.path.top() == name);
    let is_equality = |c: Option<&Simple>| {
        matches!(
            c.map(|c| &c.kind),
            Some(SimpleKind::Compare(CompareOp::Eq, _))
        )
    };
    let unequal: Vec<&str> = schema
        .partition_attributes()
        .filter(|a| !is_equality(clause_on(&a.name)))
        .map(|a| a.name.as_str())
        .collect();
    if !unequal.is_empty() {
        return Err(Error::validation(format!(
            "HASH key attributes {} must have equality conditions specified in the query",
            unequal.join(", ")
        )));
    }
    for clause in &clauses {
        if let Some((attribute, _)) = schema
            .attributes()
            .find(|(a, _)| a.name == clause.path.top())
        {
            check_types(clause, attribute)?;
        }
    }
    let sort: Vec<&KeyAttribute> = schema.sort_attributes().collect();
    if let Some(stray) = clauses.iter().find(|c| !schema.contains(c.path.top())) {
        let missed = sort
            .iter()
            .find(|a| clause_on(&a.name).is_none())
            .map_or(stray.path.top(), |a| a.name.as_str());
        return Err(Error::validation(format!(
            "Query condition missed key schema element: {missed}"
        )));
    }
    let last = sort.iter().rposition(|a| clause_on(&a.name).is_some());
    if let Some(last) = last {
        let unequal: Vec<&str> = sort[..last]
            .iter()
            .filter(|a| !is_equality(clause_on(&a.name)))
            .map(|a| a.name.as_str())
            .collect();
        if !unequal.is_empty() {
            return Err(Error::validation(format!(
                "RANGE key attributes {} must have equality conditions specified in the query because a condition is present on key attribute {}",
                unequal.join(", "),
                sort[last].name
            )));
        }
    }
    let equal_value = |attribute: &KeyAttribute| -> Result<KeyValue> {
        match clause_on(&attribute.name).map(|c| &c.kind) {
            Some(SimpleKind::Compare(CompareOp::Eq, value)) => key_value(value, attribute.key_type),
            // Invariant: every partition key attribute and every sort key
            // attribute before the last one named has `=`, checked above.
            _ => Err(Error::validation("Query key condition not supported")),
        }
    };
    let partition_values = schema
        .partition_attributes()
        .map(equal_value)
        .collect::<Result<Vec<_>>>()?;
    let mut by_attribute: Vec<(String, SortCondition)> = schema
        .partition_attributes()
        .zip(&partition_values)
        .map(|(a, value)| (a.name.clone(), SortCondition::Eq(value.clone())))
        .collect();
    let partition = KeyValue::from_parts(partition_values)
        // Invariant: a key has at least one partition key attribute.
        .ok_or_else(|| Error::validation("Query key condition not supported"))?;
    let sort_condition = match last {
        None => None,
        Some(last) => {
            let prefix = sort[..last]
                .iter()
                .map(|a| equal_value(a))
                .collect::<Result<Vec<_>>>()?;
            let attribute = sort[last];
            // Invariant: the last sort key attribute named has a clause.
            let clause = clause_on(&attribute.name)
                .ok_or_else(|| Error::validation("Query key condition not supported"))?;
            let condition = super::sort_condition(clause, attribute.key_type)?;
            for (a, value) in sort[..last].iter().zip(&prefix) {
                by_attribute.push((a.name.clone(), SortCondition::Eq(value.clone())));
            }
            by_attribute.push((attribute.name.clone(), condition.clone()));
            Some(if sort.len() == 1 {
                condition
            } else {
                within_prefix(prefix, condition)
            })
        }
    };
    Ok(KeyCondition {
        partition,
        sort: sort_condition,
        by_attribute,
    })
}

/// The range of stored composite sort values that start with `prefix` and
/// whose next value meets `last`.
fn within_prefix(prefix: Vec<KeyValue>, last: SortCondition) -> SortCondition {
    let with = |value: KeyValue| {
        let mut parts = prefix.clone();
        parts.push(value);
        parts
    };
    let before = |parts: Vec<KeyValue>| KeyValue::Composite(Composite::before(parts));
    let after = |parts: Vec<KeyValue>| KeyValue::Composite(Composite::after(parts));
    match last {
        SortCondition::Eq(v) => SortCondition::Between(before(with(v.clone())), after(with(v))),
        SortCondition::Lt(v) => SortCondition::Between(before(prefix.clone()), before(with(v))),
        SortCondition::Le(v) => SortCondition::Between(before(prefix.clone()), after(with(v))),
        SortCondition::Gt(v) => SortCondition::Between(after(with(v)), after(prefix.clone())),
        SortCondition::Ge(v) => SortCondition::Between(before(with(v)), after(prefix.clone())),
        SortCondition::Between(low, high) => {
            SortCondition::Between(before(with(low)), after(with(high)))
        }
        // Read from the first key at or after the prefix; `begins_with`
        // itself ends the range.
        SortCondition::BeginsWith(p) => SortCondition::BeginsWith(before(with(p))),
    }
}

/// The value types a clause compares its key attribute with, checked as
/// DynamoDB does: an ordering with a value no key can hold names the
/// operator; any other value of the wrong type is a schema mismatch.
fn check_types(clause: &Simple, attribute: &KeyAttribute) -> Result<()> {
    let (operator, values): (&str, Vec<&Value>) = match &clause.kind {
        SimpleKind::Compare(op, v) => (op.symbol(), vec![v]),
        SimpleKind::Between(low, high) => ("BETWEEN", vec![low, high]),
        SimpleKind::BeginsWith(v) => ("begins_with", vec![v]),
    };
    let is_ordering = !matches!(clause.kind, SimpleKind::Compare(CompareOp::Eq, _));
    for value in values {
        let value_type = value.value_type();
        let scalar = matches!(value_type, ValueType::S | ValueType::N | ValueType::B);
        if is_ordering && !scalar {
            return Err(Error::validation(format!(
                "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: {operator}, operand type: {}",
                value_type.tag()
            )));
        }
        key_value(value, attribute.key_type)?;
    }
    Ok(())
}
