//! Keys: key schemas, key values and the order items are stored in.
//!
//! Two orders live here and nowhere else:
//! - the sort-key order inside a partition: `S` by UTF-8 bytes, `B` by
//!   unsigned bytes, `N` numerically ([`KeyValue`]'s `Ord`);
//! - the order of partitions, which is by a fixed hash of the partition key
//!   ([`PartitionKey`]). That is the order Scan walks: stable while the table
//!   does not change, and deliberately unrelated to insertion or key order,
//!   because DynamoDB promises no Scan order either.

mod extract;
mod value;

pub use extract::{check_key_value, index_key_of, key_from_request, primary_key_of};
pub use value::{KeyType, KeyValue};

use std::cmp::Ordering;

/// One key attribute: its name and scalar type.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct KeyAttribute {
    /// The attribute name.
    pub name: String,
    /// Its type: `S`, `N` or `B`.
    pub key_type: KeyType,
}

/// A key schema: a partition key and an optional sort key.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct KeySchema {
    /// The partition (HASH) key.
    pub partition: KeyAttribute,
    /// The sort (RANGE) key, if any.
    pub sort: Option<KeyAttribute>,
}

impl KeySchema {
    /// The key attribute names, partition key first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.partition.name.as_str())
            .chain(self.sort.iter().map(|s| s.name.as_str()))
    }

    /// True when `name` is one of the key attributes.
    pub fn contains(&self, name: &str) -> bool {
        self.names().any(|n| n == name)
    }
}

/// A partition key placed in storage order: by hash, then by value. It
/// hashes as its precomputed hash (see [`PrehashedBuilder`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartitionKey {
    /// The fixed hash of the key value; decides Scan order and parallel-scan segments.
    pub hash: u64,
    /// The partition key value.
    pub value: KeyValue,
}

impl PartitionKey {
    /// Places a partition key value.
    pub fn new(value: KeyValue) -> PartitionKey {
        PartitionKey {
            hash: value.stable_hash(),
            value,
        }
    }

    /// The parallel-scan segment this partition falls in: segments split the
    /// hash space into equal, contiguous slices.
    pub fn segment(&self, total_segments: u32) -> u32 {
        ((u128::from(self.hash) * u128::from(total_segments)) >> 64) as u32
    }
}

impl std::hash::Hash for PartitionKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A hasher for keys that carry their own hash: it passes the hash through.
#[derive(Default)]
pub struct PrehashedHasher(u64);

impl std::hash::Hasher for PrehashedHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*byte);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Builds [`PrehashedHasher`]s.
pub type PrehashedBuilder = std::hash::BuildHasherDefault<PrehashedHasher>;

impl Ord for PartitionKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.hash
            .cmp(&other.hash)
            .then_with(|| self.value.cmp(&other.value))
    }
}

impl PartialOrd for PartitionKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// How entries with the same sort key are told apart. Table entries are unique
/// by sort key ([`Tie::Min`]); index entries may share index keys, and then
/// the table's primary key orders them. `Min` and `Max` also serve as range
/// bounds around one sort-key value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tie {
    /// Before every entry with this sort key (and the only tie of a table entry).
    Min,
    /// An index entry: the table's partition and sort key (boxed, so that
    /// table entries, which never use it, stay small).
    Base(Box<(KeyValue, Option<KeyValue>)>),
    /// After every entry with this sort key.
    Max,
}

/// An entry's position inside its partition.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct EntryKey {
    /// The sort key (table or index); `None` in a table or index without one.
    pub sort: Option<KeyValue>,
    /// The tie-breaker.
    pub tie: Tie,
}

/// A full primary key of a table item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimaryKey {
    /// Partition key value.
    pub partition: KeyValue,
    /// Sort key value, when the table has one.
    pub sort: Option<KeyValue>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Number;

    #[test]
    fn string_sort_keys_order_by_utf8_bytes() {
        let mut keys = vec!["a", "ITEM#1", "META", "Z", "¿", "ab", "10", "9"];
        keys.sort_by_key(|k| KeyValue::S((*k).into()));
        assert_eq!(keys, ["10", "9", "ITEM#1", "META", "Z", "a", "ab", "¿"]);
    }

    #[test]
    fn binary_sort_keys_order_by_unsigned_bytes() {
        assert!(KeyValue::B(vec![0x7f]) < KeyValue::B(vec![0x80]));
        assert!(KeyValue::B(vec![1]) < KeyValue::B(vec![1, 0]));
    }

    #[test]
    fn number_sort_keys_order_numerically() {
        let n = |t: &str| KeyValue::N(Number::parse(t).unwrap());
        assert!(n("9") < n("10"));
        assert!(n("-1") < n("0.5"));
    }

    #[test]
    fn ties_sit_between_min_and_max() {
        let key = |tie| EntryKey {
            sort: Some(KeyValue::S("x".into())),
            tie,
        };
        let base = key(Tie::Base(Box::new((KeyValue::S("p".into()), None))));
        assert!(key(Tie::Min) < base && base < key(Tie::Max));
    }

    #[test]
    fn segments_cover_the_hash_space() {
        let low = PartitionKey {
            hash: 0,
            value: KeyValue::S("a".into()),
        };
        let high = PartitionKey {
            hash: u64::MAX,
            value: KeyValue::S("a".into()),
        };
        assert_eq!(low.segment(4), 0);
        assert_eq!(high.segment(4), 3);
        assert_eq!(high.segment(1), 0);
    }
}
