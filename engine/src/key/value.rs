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
/// padding. Stored keys always hold one value per key attribute; a range
/// bound may hold fewer (a prefix), and then it sits either before every
/// key that starts with them or, when [`Composite::after`] is set, after
/// every such key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Composite {
    parts: Box<[KeyValue]>,
    after: bool,
}

impl Composite {
    /// A stored key, or a bound before every key that starts with `parts`.
    pub fn new(parts: Vec<KeyValue>) -> Composite {
        Composite {
            parts: parts.into(),
            after: false,
        }
    }

    /// A bound after every key that starts with `parts`.
    pub fn after(parts: Vec<KeyValue>) -> Composite {
        Composite {
            parts: parts.into(),
            after: true,
        }
    }

    /// The values, in key schema order.
    pub fn parts(&self) -> &[KeyValue] {
        &self.parts
    }

    /// True for a bound made by [`Composite::after`].
    pub fn is_after(&self) -> bool {
        self.after
    }
}

impl Ord for Composite {
    /// Left to right; when one holds the first values of the other, a bound
    /// made by [`Composite::new`] comes before the longer key and one made
    /// by [`Composite::after`] after it (as if each ended with a value below
    /// or above every other).
    fn cmp(&self, other: &Composite) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        for (mine, theirs) in self.parts.iter().zip(other.parts.iter()) {
            match mine.cmp(theirs) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        let end = |c: &Composite, longer: bool| match (longer, c.after) {
            (true, _) => 0,
            (false, false) => -1,
            (false, true) => 1,
        };
        let (mine, theirs) = (self.parts.len(), other.parts.len());
        if mine == theirs {
            return self.after.cmp(&other.after);
        }
        end(self, mine > theirs).cmp(&end(other, theirs > mine))
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
