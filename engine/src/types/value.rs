//! Attribute values: the ten DynamoDB types, and items built from them.
//!
//! Equality follows DynamoDB's `=`: numbers compare numerically, sets compare
//! as sets (member order is not preserved by DynamoDB), lists and maps deeply.

use super::map::{Map, Text};
use super::number::Number;
use super::sets::same_members;

/// An item: attribute names to values, kept in name order so that every
/// response the engine writes is deterministic.
pub type Item = Map;

/// One DynamoDB attribute value.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum Value {
    /// String.
    S(Text),
    /// Number.
    N(Number),
    /// Binary (raw bytes; base64 only on the wire).
    B(Vec<u8>),
    /// Boolean.
    Bool(bool),
    /// Null (always `true` on the wire).
    Null,
    /// Map.
    M(Map),
    /// List.
    L(
        #[cfg_attr(
            feature = "persist",
            serde(deserialize_with = "super::persist::nested_list")
        )]
        Vec<Value>,
    ),
    /// String set: non-empty, unique members.
    SS(Vec<String>),
    /// Number set: non-empty, numerically unique members.
    NS(Vec<Number>),
    /// Binary set: non-empty, unique members.
    BS(Vec<Vec<u8>>),
}

/// The type of a value, named as DynamoDB names it on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    S,
    N,
    B,
    Bool,
    Null,
    M,
    L,
    SS,
    NS,
    BS,
}

impl ValueType {
    /// The wire tag: `S`, `N`, `B`, `BOOL`, `NULL`, `M`, `L`, `SS`, `NS`, `BS`.
    pub fn tag(self) -> &'static str {
        match self {
            ValueType::S => "S",
            ValueType::N => "N",
            ValueType::B => "B",
            ValueType::Bool => "BOOL",
            ValueType::Null => "NULL",
            ValueType::M => "M",
            ValueType::L => "L",
            ValueType::SS => "SS",
            ValueType::NS => "NS",
            ValueType::BS => "BS",
        }
    }

    /// Parses a wire tag (case-sensitive, as `attribute_type` requires).
    pub fn from_tag(tag: &str) -> Option<ValueType> {
        Some(match tag {
            "S" => ValueType::S,
            "N" => ValueType::N,
            "B" => ValueType::B,
            "BOOL" => ValueType::Bool,
            "NULL" => ValueType::Null,
            "M" => ValueType::M,
            "L" => ValueType::L,
            "SS" => ValueType::SS,
            "NS" => ValueType::NS,
            "BS" => ValueType::BS,
            _ => return None,
        })
    }
}

impl Value {
    /// The value's type.
    pub fn value_type(&self) -> ValueType {
        match self {
            Value::S(_) => ValueType::S,
            Value::N(_) => ValueType::N,
            Value::B(_) => ValueType::B,
            Value::Bool(_) => ValueType::Bool,
            Value::Null => ValueType::Null,
            Value::M(_) => ValueType::M,
            Value::L(_) => ValueType::L,
            Value::SS(_) => ValueType::SS,
            Value::NS(_) => ValueType::NS,
            Value::BS(_) => ValueType::BS,
        }
    }

    /// A string value.
    pub fn s(text: impl Into<Text>) -> Value {
        Value::S(text.into())
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::S(a), Value::S(b)) => a == b,
            (Value::N(a), Value::N(b)) => a == b,
            (Value::B(a), Value::B(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Null, Value::Null) => true,
            (Value::M(a), Value::M(b)) => a == b,
            (Value::L(a), Value::L(b)) => a == b,
            (Value::SS(a), Value::SS(b)) => same_members(a, b),
            (Value::NS(a), Value::NS(b)) => same_members(a, b),
            (Value::BS(a), Value::BS(b)) => same_members(a, b),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_equal_regardless_of_member_order() {
        let a = Value::SS(vec!["x".into(), "y".into()]);
        let b = Value::SS(vec!["y".into(), "x".into()]);
        assert_eq!(a, b);
        assert_ne!(a, Value::SS(vec!["x".into()]));
    }

    #[test]
    fn numbers_are_equal_numerically() {
        let one = Value::N(Number::parse("1").unwrap());
        assert_eq!(one, Value::N(Number::parse("1.00").unwrap()));
        assert_ne!(one, Value::s("1"));
    }
}
