//! Keys: key schemas, key values and the order items are stored in.
//!
//! A key is one partition (HASH) attribute and at most one sort (RANGE)
//! attribute — except in a global secondary index, whose key may be made of
//! up to four of each ([`KeySchema::is_multi_attribute`]). Such a key is
//! stored as one [`KeyValue::Composite`] per partition and per sort key, so
//! storage, paging and parallel-scan segments work on one value each.
//!
//! Two orders live here and nowhere else:
//! - the sort-key order inside a partition: `S` by UTF-8 bytes, `B` by
//!   unsigned bytes, `N` numerically, and a composite key left to right,
//!   each value by its own type ([`KeyValue`]'s `Ord`);
//! - the order of partitions, which is by a fixed hash of the partition key
//!   ([`PartitionKey`]). That is the order Scan walks: stable while the table
//!   does not change, and deliberately unrelated to insertion or key order,
//!   because DynamoDB promises no Scan order either.

mod extract;
mod value;

pub use extract::{check_key_value, index_key_of, key_from_request, primary_key_of};
pub use value::{Composite, KeyType, KeyValue};

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

/// A key schema: a partition key and an optional sort key, each of one
/// attribute — or, in a global secondary index, of up to four.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct KeySchema {
    /// The partition (HASH) key; the first of a multi-attribute one.
    pub partition: KeyAttribute,
    /// The sort (RANGE) key, if any; the first of a multi-attribute one.
    pub sort: Option<KeyAttribute>,
    /// A multi-attribute partition key's further attributes, in order.
    /// (Snapshots carry them in a part of their own, [`crate::persist`].)
    #[cfg_attr(feature = "persist", serde(skip))]
    pub more_partition: Vec<KeyAttribute>,
    /// A multi-attribute sort key's further attributes, in order (only
    /// with a [`KeySchema::sort`]).
    #[cfg_attr(feature = "persist", serde(skip))]
    pub more_sort: Vec<KeyAttribute>,
}

impl KeySchema {
    /// A key of one partition attribute and at most one sort attribute.
    pub fn simple(partition: KeyAttribute, sort: Option<KeyAttribute>) -> KeySchema {
        KeySchema {
            partition,
            sort,
            more_partition: Vec::new(),
            more_sort: Vec::new(),
        }
    }

    /// The partition key's attributes, in order.
    pub fn partition_attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        std::iter::once(&self.partition).chain(&self.more_partition)
    }

    /// The sort key's attributes, in order (none without a sort key).
    pub fn sort_attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.sort.iter().chain(&self.more_sort)
    }

    /// Every key attribute with whether it is a partition one: the
    /// partition key's first, in key schema order.
    pub fn attributes(&self) -> impl Iterator<Item = (&KeyAttribute, bool)> {
        self.partition_attributes()
            .map(|a| (a, true))
            .chain(self.sort_attributes().map(|a| (a, false)))
    }

    /// True when the partition or the sort key has more than one
    /// attribute: a multi-attribute key, which only a global secondary
    /// index can have and which some rules (Query's messages, PartiQL)
    /// treat apart.
    pub fn is_multi_attribute(&self) -> bool {
        !self.more_partition.is_empty() || !self.more_sort.is_empty()
    }

    /// How many attributes the key has.
    pub fn attribute_count(&self) -> usize {
        1 + self.more_partition.len() + usize::from(self.sort.is_some()) + self.more_sort.len()
    }

    /// The key attribute names, partition key first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.attributes().map(|(a, _)| a.name.as_str())
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

    fn composite(parts: &[&str]) -> KeyValue {
        KeyValue::Composite(Composite::new(
            parts.iter().map(|p| KeyValue::S((*p).into())).collect(),
        ))
    }

    fn after(parts: &[&str]) -> KeyValue {
        KeyValue::Composite(Composite::after(
            parts.iter().map(|p| KeyValue::S((*p).into())).collect(),
        ))
    }

    #[test]
    fn composite_keys_order_left_to_right_each_value_by_its_type() {
        let mixed = |number: &str, text: &str| {
            KeyValue::Composite(Composite::new(vec![
                KeyValue::N(Number::parse(number).unwrap()),
                KeyValue::S(text.into()),
            ]))
        };
        assert!(
            mixed("9", "z") < mixed("10", "a"),
            "numbers need no padding"
        );
        assert!(mixed("2", "a") < mixed("2", "b"));
        assert_eq!(mixed("1.0", "a"), mixed("1", "a"));
        assert_eq!(
            mixed("1.0", "a").stable_hash(),
            mixed("1", "a").stable_hash()
        );
    }

    #[test]
    fn a_prefix_bound_sits_before_or_after_every_key_that_starts_with_it() {
        let keys = [
            composite(&["T", "draft", "c"]),
            composite(&["T", "live", "a"]),
        ];
        for key in &keys {
            assert!(composite(&["T"]) < *key && *key < after(&["T"]));
        }
        assert!(after(&["T", "draft"]) < keys[1]);
        assert!(keys[0] < after(&["T", "draft"]));
        assert!(after(&["S"]) < composite(&["T"]));
        assert!(composite(&["T", "live", "a"]) < after(&["T", "live", "a"]));
        // A bound of as many values as a stored key: before it, or after.
        let before = KeyValue::Composite(Composite::before(
            ["T", "live", "a"]
                .iter()
                .map(|p| KeyValue::S((*p).into()))
                .collect(),
        ));
        assert!(before < composite(&["T", "live", "a"]));
        assert!(composite(&["T", "draft", "c"]) < before);
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
