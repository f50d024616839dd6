//! Evaluating resolved conditions against an item.
//!
//! DynamoDB's comparison rules: both sides must have the same type or the
//! comparison is false (never an error at this stage); numbers compare
//! numerically, strings and binaries bytewise; `=` and `<>` work on every
//! type, sets regardless of order. A missing attribute makes every
//! comparison false except `<>`, which is true.

use std::borrow::Cow;
use std::cmp::Ordering;

use super::ast::{CompareOp, Condition, Operand};
use crate::types::{Item, Number, Value};

/// The order of two scalar values of the same type, `None` otherwise.
pub fn compare_values(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::N(x), Value::N(y)) => Some(x.cmp(y)),
        (Value::S(x), Value::S(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::B(x), Value::B(y)) => Some(x.cmp(y)),
        _ => None,
    }
}

/// True when the condition holds for the item.
pub fn eval_condition(condition: &Condition, item: &Item) -> bool {
    match condition {
        Condition::Compare(op, a, b) => compare(*op, eval_operand(a, item), eval_operand(b, item)),
        Condition::Between(a, low, high) => {
            let (Some(v), Some(lo), Some(hi)) = (
                eval_operand(a, item),
                eval_operand(low, item),
                eval_operand(high, item),
            ) else {
                return false;
            };
            matches!(
                compare_values(&v, &lo),
                Some(Ordering::Greater | Ordering::Equal)
            ) && matches!(
                compare_values(&v, &hi),
                Some(Ordering::Less | Ordering::Equal)
            )
        }
        Condition::In(a, list) => {
            let Some(v) = eval_operand(a, item) else {
                return false;
            };
            list.iter()
                .any(|o| eval_operand(o, item).is_some_and(|x| *x == *v))
        }
        Condition::Exists(path) => path.get(item).is_some(),
        Condition::NotExists(path) => path.get(item).is_none(),
        Condition::AttributeType(path, t) => path.get(item).is_some_and(|v| v.value_type() == *t),
        Condition::BeginsWith(a, b) => match (eval_operand(a, item), eval_operand(b, item)) {
            (Some(v), Some(prefix)) => match (&*v, &*prefix) {
                (Value::S(s), Value::S(p)) => s.starts_with(p.as_str()),
                (Value::B(s), Value::B(p)) => s.starts_with(p),
                _ => false,
            },
            _ => false,
        },
        Condition::Contains(a, b) => match (eval_operand(a, item), eval_operand(b, item)) {
            (Some(v), Some(needle)) => contains(&v, &needle),
            _ => false,
        },
        Condition::And(a, b) => eval_condition(a, item) && eval_condition(b, item),
        Condition::Or(a, b) => eval_condition(a, item) || eval_condition(b, item),
        Condition::Not(a) => !eval_condition(a, item),
    }
}

fn compare(op: CompareOp, a: Option<Cow<'_, Value>>, b: Option<Cow<'_, Value>>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return op == CompareOp::Ne;
    };
    match op {
        CompareOp::Eq => *a == *b,
        CompareOp::Ne => *a != *b,
        _ => match compare_values(&a, &b) {
            None => false,
            Some(ordering) => match op {
                CompareOp::Lt => ordering == Ordering::Less,
                CompareOp::Le => ordering != Ordering::Greater,
                CompareOp::Gt => ordering == Ordering::Greater,
                _ => ordering != Ordering::Less,
            },
        },
    }
}

fn contains(haystack: &Value, needle: &Value) -> bool {
    match (haystack, needle) {
        (Value::S(s), Value::S(n)) => s.contains(n.as_str()),
        (Value::B(s), Value::B(n)) => n.is_empty() || s.windows(n.len()).any(|w| w == n.as_slice()),
        (Value::SS(set), Value::S(n)) => set.iter().any(|m| m.as_str() == n.as_str()),
        (Value::NS(set), Value::N(n)) => set.contains(n),
        (Value::BS(set), Value::B(n)) => set.contains(n),
        (Value::L(list), n) => list.contains(n),
        _ => false,
    }
}

/// The value of an operand for an item; `None` when a path is missing or a
/// function has no result (e.g. `size` of a number).
pub fn eval_operand<'a>(operand: &'a Operand, item: &'a Item) -> Option<Cow<'a, Value>> {
    match operand {
        Operand::Path(path) => path.get(item).map(Cow::Borrowed),
        Operand::Value(value) => Some(Cow::Borrowed(value)),
        Operand::Size(of) => {
            let size = match &*eval_operand(of, item)? {
                // Strings count UTF-16 code units, as DynamoDB's size() does.
                Value::S(s) => s.encode_utf16().count(),
                Value::B(b) => b.len(),
                Value::SS(set) => set.len(),
                Value::NS(set) => set.len(),
                Value::BS(set) => set.len(),
                Value::L(list) => list.len(),
                Value::M(map) => map.len(),
                Value::N(_) | Value::Bool(_) | Value::Null => return None,
            };
            Some(Cow::Owned(Value::N(Number::from_i64(size as i64))))
        }
        // Update-only operands are evaluated by the update module.
        Operand::IfNotExists(..)
        | Operand::ListAppend(..)
        | Operand::Plus(..)
        | Operand::Minus(..) => None,
    }
}
