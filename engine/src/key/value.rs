//! Key values: the scalar values a key attribute may hold.

use std::fmt;

use xxhash_rust::xxh3::xxh3_64;

use crate::types::{Number, Text, Value, ValueType};

/// The type of a key attribute (`ScalarAttributeType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum KeyType {
    /// String.
    S,
    /// Number.
    N,
    /// Binary.
    B,
}

impl KeyType {
    /// Every key type, in DynamoDB's order.
    pub const ALL: [KeyType; 3] = [KeyType::S, KeyType::N, KeyType::B];

    /// The wire name.
    pub fn tag(self) -> &'static str {
        match self {
            KeyType::S => "S",
            KeyType::N => "N",
            KeyType::B => "B",
        }
    }

    /// Parses `S`, `N` or `B`.
    pub fn from_tag(tag: &str) -> Option<KeyType> {
        match tag {
            "S" => Some(KeyType::S),
            "N" => Some(KeyType::N),
            "B" => Some(KeyType::B),
            _ => None,
        }
    }

    /// The matching value type.
    pub fn value_type(self) -> ValueType {
        match self {
            KeyType::S => ValueType::S,
            KeyType::N => ValueType::N,
            KeyType::B => ValueType::B,
        }
    }
}

impl fmt::Display for KeyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A key attribute's value. Its `Ord` is DynamoDB's sort-key order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyValue {
    /// Ordered by UTF-8 bytes (what `str`'s `Ord` does).
    S(Text),
    /// Ordered numerically.
    N(Number),
    /// Ordered by unsigned bytes.
    B(Vec<u8>),
}

impl KeyValue {
    /// The key value of a scalar attribute value, if it is one.
    pub fn from_value(value: &Value) -> Option<KeyValue> {
        match value {
            Value::S(s) => Some(KeyValue::S(s.clone())),
            Value::N(n) => Some(KeyValue::N(n.clone())),
            Value::B(b) => Some(KeyValue::B(b.clone())),
            _ => None,
        }
    }

    /// Back to an attribute value.
    pub fn to_value(&self) -> Value {
        match self {
            KeyValue::S(s) => Value::S(s.clone()),
            KeyValue::N(n) => Value::N(n.clone()),
            KeyValue::B(b) => Value::B(b.clone()),
        }
    }

    /// The type.
    pub fn key_type(&self) -> KeyType {
        match self {
            KeyValue::S(_) => KeyType::S,
            KeyValue::N(_) => KeyType::N,
            KeyValue::B(_) => KeyType::B,
        }
    }

    /// Bytes counted against the key length limits: UTF-8 bytes for `S`,
    /// raw bytes for `B`; numbers are bounded by the number rules instead.
    pub fn limit_bytes(&self) -> usize {
        match self {
            KeyValue::S(s) => s.len(),
            KeyValue::N(_) => 0,
            KeyValue::B(b) => b.len(),
        }
    }

    /// A hash that never changes between runs, builds or platforms.
    pub fn stable_hash(&self) -> u64 {
        match self {
            KeyValue::S(s) => xxh3_64(s.as_bytes()) ^ 0x5353,
            KeyValue::N(n) => xxh3_64(n.to_string().as_bytes()) ^ 0x4e4e,
            KeyValue::B(b) => xxh3_64(b) ^ 0x4242,
        }
    }
}
