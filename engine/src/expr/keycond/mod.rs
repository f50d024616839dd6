//! KeyConditionExpression: which partition, and which sort-key range.
//!
//! A key condition is parsed like any condition; its shape is checked
//! before the table is looked up (`shape.rs`), then it is checked against
//! the queried key schema: equality on the partition key, and at most one of
//! `=`, `<`, `<=`, `>`, `>=`, `BETWEEN` or `begins_with` on the sort key,
//! joined by `AND`, with values of the key's type. A multi-attribute key
//! has rules of its own (`multi.rs`).

mod multi;
mod shape;

pub use shape::check_shape;

use super::ast::{CompareOp, Condition, Operand};
use crate::error::{Error, Result};
use crate::key::{KeySchema, KeyType, KeyValue};
use crate::types::{Path, Value};

/// The range a Query reads inside one partition.
#[derive(Clone, Debug, PartialEq)]
pub enum SortCondition {
    /// `sk = v`.
    Eq(KeyValue),
    /// `sk < v`.
    Lt(KeyValue),
    /// `sk <= v`.
    Le(KeyValue),
    /// `sk > v`.
    Gt(KeyValue),
    /// `sk >= v`.
    Ge(KeyValue),
    /// `sk BETWEEN low AND high`.
    Between(KeyValue, KeyValue),
    /// `begins_with(sk, prefix)`.
    BeginsWith(KeyValue),
}

impl SortCondition {
    /// True when a sort-key value satisfies the condition.
    pub fn matches(&self, value: &KeyValue) -> bool {
        match self {
            SortCondition::Eq(v) => value == v,
            SortCondition::Lt(v) => value < v,
            SortCondition::Le(v) => value <= v,
            SortCondition::Gt(v) => value > v,
            SortCondition::Ge(v) => value >= v,
            SortCondition::Between(lo, hi) => lo <= value && value <= hi,
            SortCondition::BeginsWith(prefix) => begins_with(value, prefix),
        }
    }
}

/// `begins_with` on a sort key value; on a composite one, the prefix holds
/// the values before the one it tests, which must be equal.
fn begins_with(value: &KeyValue, prefix: &KeyValue) -> bool {
    match (value, prefix) {
        (KeyValue::S(s), KeyValue::S(p)) => s.starts_with(p.as_str()),
        (KeyValue::B(s), KeyValue::B(p)) => s.starts_with(p),
        (KeyValue::Composite(value), KeyValue::Composite(prefix)) => {
            let (value, prefix) = (value.parts(), prefix.parts());
            match prefix.split_last() {
                Some((last, before)) => {
                    value.len() > before.len()
                        && value[..before.len()] == *before
                        && begins_with(&value[before.len()], last)
                }
                None => true,
            }
        }
        _ => false,
    }
}

/// A validated key condition.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyCondition {
    /// The partition to read (a composite value on a multi-attribute
    /// partition key).
    pub partition: KeyValue,
    /// The sort-key range, if any (over composite values on a
    /// multi-attribute sort key).
    pub sort: Option<SortCondition>,
    /// Each key attribute the condition names, in key schema order, with
    /// what it asks of that attribute's value (`Eq` for the partition key's).
    pub by_attribute: Vec<(String, SortCondition)>,
}

fn invalid_operator(name: &str) -> Error {
    Error::validation(format!(
        "Invalid operator used in KeyConditionExpression: {name}"
    ))
}

fn flatten<'a>(c: &'a Condition, out: &mut Vec<&'a Condition>) {
    match c {
        Condition::And(a, b) => {
            flatten(a, out);
            flatten(b, out);
        }
        other => out.push(other),
    }
}

/// One simple condition: the key path it is on, and how it constrains it.
struct Simple<'a> {
    path: &'a Path,
    kind: SimpleKind<'a>,
}

enum SimpleKind<'a> {
    Compare(CompareOp, &'a Value),
    Between(&'a Value, &'a Value),
    BeginsWith(&'a Value),
}

impl<'a> SimpleKind<'a> {
    /// The values the clause compares the key with.
    fn values(&self) -> Vec<&'a Value> {
        match *self {
            SimpleKind::Compare(_, v) | SimpleKind::BeginsWith(v) => vec![v],
            SimpleKind::Between(low, high) => vec![low, high],
        }
    }
}

fn simple(c: &Condition) -> Result<Simple<'_>> {
    let unsupported = || Error::validation("Query key condition not supported");
    match c {
        Condition::Compare(op, Operand::Path(p), Operand::Value(v)) => Ok(Simple {
            path: p,
            kind: SimpleKind::Compare(*op, v),
        }),
        Condition::Compare(op, Operand::Value(v), Operand::Path(p)) => Ok(Simple {
            path: p,
            kind: SimpleKind::Compare(op.mirrored(), v),
        }),
        Condition::Between(Operand::Path(p), Operand::Value(lo), Operand::Value(hi)) => {
            Ok(Simple {
                path: p,
                kind: SimpleKind::Between(lo, hi),
            })
        }
        Condition::BeginsWith(Operand::Path(p), Operand::Value(v)) => Ok(Simple {
            path: p,
            kind: SimpleKind::BeginsWith(v),
        }),
        _ => Err(unsupported()),
    }
}

/// Checks a resolved key condition against the key schema being queried.
pub fn analyze(condition: &Condition, schema: &KeySchema) -> Result<KeyCondition> {
    if schema.is_multi_attribute() {
        return multi::analyze_multi_attribute(condition, schema);
    }
    check_shape(condition)?;
    let mut parts = Vec::new();
    flatten(condition, &mut parts);
    let key_count = 1 + usize::from(schema.sort.is_some());
    if parts.len() > 2 || (parts.len() > key_count && parts.len() > 1 && key_count == 2) {
        return Err(Error::validation(format!(
            "The number of query conditions ({}) exceeds the number of key attributes defined in the schema ({key_count})",
            parts.len()
        )));
    }
    let simples = parts.into_iter().map(simple).collect::<Result<Vec<_>>>()?;
    if simples.iter().any(|s| !s.path.is_top_level()) {
        return Err(Error::validation(
            "KeyConditionExpressions cannot have conditions on nested attributes",
        ));
    }
    if simples.len() == 2 && simples[0].path == simples[1].path {
        return Err(Error::validation(
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key",
        ));
    }
    if key_count == 1 && simples.len() == 2 {
        // Two clauses on a key of one attribute (dynalite's suite).
        return Err(Error::validation("Query key condition not supported"));
    }
    let partition_name = schema.partition.name.as_str();
    let Some(pk) = simples.iter().find(|s| s.path.top() == partition_name) else {
        return Err(Error::validation(format!(
            "Query condition missed key schema element: {partition_name}"
        )));
    };
    // The values' type is held against the key's before the operator.
    for value in pk.kind.values() {
        key_value(value, schema.partition.key_type)?;
    }
    let SimpleKind::Compare(CompareOp::Eq, pk_value) = pk.kind else {
        return Err(Error::validation("Query key condition not supported"));
    };
    let partition = key_value(pk_value, schema.partition.key_type)?;
    let other = simples.iter().find(|s| s.path.top() != partition_name);
    let sort = match (other, &schema.sort) {
        (None, _) => None,
        (Some(_), None) => return Err(Error::validation("Query key condition not supported")),
        (Some(s), Some(sort_key)) if s.path.top() != sort_key.name => {
            return Err(Error::validation(format!(
                "Query condition missed key schema element: {}",
                sort_key.name
            )));
        }
        (Some(s), Some(sort_key)) => Some(sort_condition(s, sort_key.key_type)?),
    };
    let by_attribute = std::iter::once((
        partition_name.to_string(),
        SortCondition::Eq(partition.clone()),
    ))
    .chain(
        schema
            .sort
            .iter()
            .zip(&sort)
            .map(|(a, c)| (a.name.clone(), c.clone())),
    )
    .collect();
    Ok(KeyCondition {
        partition,
        sort,
        by_attribute,
    })
}

/// What one clause asks of a sort key attribute of type `key_type`.
fn sort_condition(clause: &Simple, key_type: KeyType) -> Result<SortCondition> {
    Ok(match clause.kind {
        SimpleKind::Compare(op, v) => {
            let v = key_value(v, key_type)?;
            match op {
                CompareOp::Eq => SortCondition::Eq(v),
                CompareOp::Lt => SortCondition::Lt(v),
                CompareOp::Le => SortCondition::Le(v),
                CompareOp::Gt => SortCondition::Gt(v),
                CompareOp::Ge => SortCondition::Ge(v),
                CompareOp::Ne => return Err(invalid_operator("<>")),
            }
        }
        SimpleKind::Between(lo, hi) => {
            SortCondition::Between(key_value(lo, key_type)?, key_value(hi, key_type)?)
        }
        SimpleKind::BeginsWith(v) => {
            if matches!(v, Value::N(_)) || key_type == KeyType::N {
                return Err(Error::validation(format!(
                    "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: {}",
                    v.value_type().tag()
                )));
            }
            SortCondition::BeginsWith(key_value(v, key_type)?)
        }
    })
}

fn key_value(value: &Value, expected: KeyType) -> Result<KeyValue> {
    KeyValue::from_value(value)
        .filter(|k| k.key_type() == Some(expected))
        .ok_or_else(|| {
            Error::invalid_parameter("Condition parameter type does not match schema type")
        })
}
