//! Expressions after name and value resolution: what the engine evaluates.

pub use super::syntax::CompareOp;
use crate::types::{Path, Value, ValueType};

/// A resolved operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// The value at a document path.
    Path(Path),
    /// A literal from ExpressionAttributeValues.
    Value(Value),
    /// `size(path)`, or `size(:value)` of a value that has a size.
    Size(Box<Operand>),
    /// `if_not_exists(path, value)` (update expressions only).
    IfNotExists(Path, Box<Operand>),
    /// `list_append(a, b)` (update expressions only).
    ListAppend(Box<Operand>, Box<Operand>),
    /// `a + b` (update expressions only).
    Plus(Box<Operand>, Box<Operand>),
    /// `a - b` (update expressions only).
    Minus(Box<Operand>, Box<Operand>),
}

/// A resolved condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// `a op b`.
    Compare(CompareOp, Operand, Operand),
    /// `a BETWEEN low AND high`.
    Between(Operand, Operand, Operand),
    /// `a IN (…)`.
    In(Operand, Vec<Operand>),
    /// `attribute_exists(path)`.
    Exists(Path),
    /// `attribute_not_exists(path)`.
    NotExists(Path),
    /// `attribute_type(path, :t)`.
    AttributeType(Path, ValueType),
    /// `begins_with(a, b)`.
    BeginsWith(Operand, Operand),
    /// `contains(a, b)`.
    Contains(Operand, Operand),
    /// `a AND b`.
    And(Box<Condition>, Box<Condition>),
    /// `a OR b`.
    Or(Box<Condition>, Box<Condition>),
    /// `NOT a`.
    Not(Box<Condition>),
}

/// A resolved update action.
#[derive(Clone, Debug, PartialEq)]
pub enum UpdateAction {
    /// `SET path = value`.
    Set(Path, Operand),
    /// `REMOVE path`.
    Remove(Path),
    /// `ADD path value`.
    Add(Path, Value),
    /// `DELETE path value`.
    Delete(Path, Value),
}

impl UpdateAction {
    /// The path the action writes.
    pub fn path(&self) -> &Path {
        match self {
            UpdateAction::Set(p, _)
            | UpdateAction::Remove(p)
            | UpdateAction::Add(p, _)
            | UpdateAction::Delete(p, _) => p,
        }
    }

    /// Every document path the action names: the one it writes, then the
    /// ones its value reads.
    pub fn paths(&self) -> Vec<&Path> {
        let mut out = vec![self.path()];
        if let UpdateAction::Set(_, operand) = self {
            operand.collect_paths(&mut out);
        }
        out
    }

    /// The type of what the action writes, where the expression alone
    /// tells it (a value, arithmetic, `list_append`, `size`); `None` for a
    /// copy of another attribute or a removal.
    pub fn written_type(&self) -> Option<ValueType> {
        match self {
            UpdateAction::Set(_, operand) => operand.static_type(),
            UpdateAction::Add(_, value) | UpdateAction::Delete(_, value) => {
                Some(value.value_type())
            }
            UpdateAction::Remove(_) => None,
        }
    }
}

impl Condition {
    /// Every document path the condition reads.
    pub fn paths(&self) -> Vec<&Path> {
        let mut out = Vec::new();
        self.collect_paths(&mut out);
        out
    }

    fn collect_paths<'a>(&'a self, out: &mut Vec<&'a Path>) {
        match self {
            Condition::Compare(_, a, b)
            | Condition::BeginsWith(a, b)
            | Condition::Contains(a, b) => {
                a.collect_paths(out);
                b.collect_paths(out);
            }
            Condition::Between(a, b, c) => {
                a.collect_paths(out);
                b.collect_paths(out);
                c.collect_paths(out);
            }
            Condition::In(a, list) => {
                a.collect_paths(out);
                list.iter().for_each(|o| o.collect_paths(out));
            }
            Condition::Exists(p) | Condition::NotExists(p) | Condition::AttributeType(p, _) => {
                out.push(p)
            }
            Condition::And(a, b) | Condition::Or(a, b) => {
                a.collect_paths(out);
                b.collect_paths(out);
            }
            Condition::Not(a) => a.collect_paths(out),
        }
    }
}

impl Operand {
    /// The operand's type where the expression alone tells it.
    fn static_type(&self) -> Option<ValueType> {
        match self {
            Operand::Value(value) => Some(value.value_type()),
            Operand::Plus(..) | Operand::Minus(..) | Operand::Size(_) => Some(ValueType::N),
            Operand::ListAppend(..) => Some(ValueType::L),
            Operand::IfNotExists(_, value) => value.static_type(),
            Operand::Path(_) => None,
        }
    }

    fn collect_paths<'a>(&'a self, out: &mut Vec<&'a Path>) {
        match self {
            Operand::Path(p) => out.push(p),
            Operand::Size(of) => of.collect_paths(out),
            Operand::Value(_) => {}
            Operand::IfNotExists(p, v) => {
                out.push(p);
                v.collect_paths(out);
            }
            Operand::ListAppend(a, b) | Operand::Plus(a, b) | Operand::Minus(a, b) => {
                a.collect_paths(out);
                b.collect_paths(out);
            }
        }
    }
}
