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

/// A key attribute's value, or the values of a multi-attribute key. Its
/// `Ord` is DynamoDB's sort-key order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyValue {
    /// Ordered by UTF-8 bytes (what `str`'s `Ord` does).
    S(Text),
    /// Ordered numerically.
    N(Number),
    /// Ordered by unsigned bytes.
    B(Vec<u8>),
    /// The values of a multi-attribute partition or sort key of a global
    /// secondary index, in key schema order.
    Composite(Composite),
}

/// The values of a key made of several attributes, compared left to right,
/// each by its own type's order — so numbers sort numerically with no
/// padding. Stored keys always hold one value per key attribute. A range
/// bound may hold fewer (a prefix) or as many, and sits either before
/// every key that starts with its values ([`Composite::before`]) or after
/// every one ([`Composite::after`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Composite {
    parts: Box<[KeyValue]>,
    edge: Edge,
}

/// Where a composite value sits among the keys that start with its values:
/// as if it ended with a value below every value (`Before`), with nothing
/// (`Exact`: a stored key, which sorts before its own extensions), or with
/// a value above every value (`After`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Edge {
    Before,
    Exact,
    After,
}

impl Composite {
    /// A stored key (or a bound that is one).
    pub fn new(parts: Vec<KeyValue>) -> Composite {
        Composite {
            parts: parts.into(),
            edge: Edge::Exact,
        }
    }

    /// A bound before every key that starts with `parts`, equal ones too.
    pub fn before(parts: Vec<KeyValue>) -> Composite {
        Composite {
            parts: parts.into(),
            edge: Edge::Before,
        }
    }

    /// A bound after every key that starts with `parts`, equal ones too.
    pub fn after(parts: Vec<KeyValue>) -> Composite {
        Composite {
            parts: parts.into(),
            edge: Edge::After,
        }
    }

    /// The values, in key schema order.
    pub fn parts(&self) -> &[KeyValue] {
        &self.parts
    }
}

impl Ord for Composite {
    /// Left to right; where one runs out of values first, its edge meets
    /// the other's next value (`Before` and `Exact` below any value,
    /// `After` above), and where both do, their edges meet.
    fn cmp(&self, other: &Composite) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        for (mine, theirs) in self.parts.iter().zip(other.parts.iter()) {
            match mine.cmp(theirs) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        let below_any = |edge: Edge| match edge {
            Edge::Before | Edge::Exact => Ordering::Less,
            Edge::After => Ordering::Greater,
        };
        match self.parts.len().cmp(&other.parts.len()) {
            Ordering::Equal => self.edge.cmp(&other.edge),
            Ordering::Less => below_any(self.edge),
            Ordering::Greater => below_any(other.edge).reverse(),
        }
    }
}

impl PartialOrd for Composite {
    fn partial_cmp(&self, other: &Composite) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
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

    /// Back to an attribute value; a composite key becomes the list of its
    /// values (each value of it goes back to its own attribute through
    /// [`KeyValue::parts`]).
    pub fn to_value(&self) -> Value {
        match self {
            KeyValue::S(s) => Value::S(s.clone()),
            KeyValue::N(n) => Value::N(n.clone()),
            KeyValue::B(b) => Value::B(b.clone()),
            KeyValue::Composite(c) => Value::L(c.parts().iter().map(KeyValue::to_value).collect()),
        }
    }

    /// The key made of `values` in key schema order: one value is itself,
    /// several a composite; none is no key.
    pub fn from_parts(mut values: Vec<KeyValue>) -> Option<KeyValue> {
        match values.len() {
            0 | 1 => values.pop(),
            _ => Some(KeyValue::Composite(Composite::new(values))),
        }
    }

    /// The values of a key in key schema order: itself alone, or the parts
    /// of a composite key.
    pub fn parts(&self) -> &[KeyValue] {
        match self {
            KeyValue::Composite(c) => c.parts(),
            scalar => std::slice::from_ref(scalar),
        }
    }

    /// The type of a one-attribute key value; `None` for a composite one.
    pub fn key_type(&self) -> Option<KeyType> {
        match self {
            KeyValue::S(_) => Some(KeyType::S),
            KeyValue::N(_) => Some(KeyType::N),
            KeyValue::B(_) => Some(KeyType::B),
            KeyValue::Composite(_) => None,
        }
    }

    /// Bytes counted against the key length limits: UTF-8 bytes for `S`,
    /// raw bytes for `B` (numbers are bounded by the number rules
    /// instead), summed over a composite key's values.
    pub fn limit_bytes(&self) -> usize {
        match self {
            KeyValue::S(s) => s.len(),
            KeyValue::N(_) => 0,
            KeyValue::B(b) => b.len(),
            KeyValue::Composite(c) => c.parts().iter().map(KeyValue::limit_bytes).sum(),
        }
    }

    /// A hash that never changes between runs, builds or platforms; a
    /// composite key's is made of its values' hashes, in order.
    pub fn stable_hash(&self) -> u64 {
        match self {
            KeyValue::S(s) => xxh3_64(s.as_bytes()) ^ 0x5353,
            KeyValue::N(n) => xxh3_64(n.to_string().as_bytes()) ^ 0x4e4e,
            KeyValue::B(b) => xxh3_64(b) ^ 0x4242,
            KeyValue::Composite(c) => {
                let hashes: Vec<u8> = c
                    .parts()
                    .iter()
                    .flat_map(|part| part.stable_hash().to_le_bytes())
                    .collect();
                xxh3_64(&hashes) ^ 0x4343
            }
        }
    }
}
