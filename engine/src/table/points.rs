//! A table's point index: every item's slot by a hash of its full primary
//! key, so that a read or write of one item finds it with one probe of a
//! hash table instead of a partition lookup and a walk down that
//! partition's B-tree (whose keys, compared on the way, are further cache
//! misses on a large table).
//!
//! A point holds 32 bits of the key's hash and the item's slot; a hash
//! that matches is confirmed against the item's own key attributes, so two
//! keys whose hashes collide are still told apart. The hash is internal:
//! it decides nothing a request can see (Scan order is the partitions'
//! [`PartitionKey`] order).

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use slab::Slab;
use xxhash_rust::xxh3::{Xxh3, xxh3_64};

use super::store::{Entry, Slot};
use crate::key::{EntryKey, KeyValue, PartitionKey};
use crate::types::{Text, Value};

/// The names of a table's key attributes, which every stored item holds.
#[derive(Clone, Debug, Default)]
pub struct KeyNames {
    /// The partition key attribute.
    pub partition: Text,
    /// The sort key attribute, when the table has one.
    pub sort: Option<Text>,
}

/// One item's place: part of its key's hash, and its slot.
#[derive(Clone, Copy, Debug)]
struct Point {
    hash: u32,
    slot: Slot,
}

/// A key no stored item has, and its hash: where [`Points::insert`] puts it.
#[derive(Clone, Copy, Debug)]
pub struct Vacant(u32);

/// Every item's slot by its full key.
#[derive(Debug, Default)]
pub struct Points {
    names: KeyNames,
    table: HashTable<Point>,
}

/// The 32 bits of a full key's hash a point keeps.
fn point_hash(partition: &PartitionKey, key: &EntryKey) -> u32 {
    let sort = match &key.sort {
        None => 0,
        Some(KeyValue::S(s)) => xxh3_64(s.as_bytes()),
        Some(KeyValue::B(b)) => xxh3_64(b) ^ 0x4242,
        Some(number) => {
            let mut hasher = Xxh3::new();
            number.hash(&mut hasher);
            hasher.finish()
        }
    };
    let mixed = (partition.hash ^ sort.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 32) as u32
}

/// The hash the table places a point by: its 32 bits in both halves (the
/// table takes a bucket from the low bits and a tag from the top ones).
fn table_hash(hash: u32) -> u64 {
    u64::from(hash) << 32 | u64::from(hash)
}

/// True when `value` is the key value `key`.
fn is_key(value: Option<&Value>, key: &KeyValue) -> bool {
    match (value, key) {
        (Some(Value::S(value)), KeyValue::S(key)) => value == key,
        (Some(Value::N(value)), KeyValue::N(key)) => value == key,
        (Some(Value::B(value)), KeyValue::B(key)) => value == key,
        _ => false,
    }
}

impl Points {
    /// An empty index for a table with these key attributes.
    pub fn new(names: KeyNames) -> Points {
        Points {
            names,
            table: HashTable::new(),
        }
    }

    /// True when the stored `entry` has this key.
    fn holds(&self, entry: &Entry, partition: &PartitionKey, key: &EntryKey) -> bool {
        let item = &entry.item;
        is_key(item.get(&self.names.partition), &partition.value)
            && match (&self.names.sort, &key.sort) {
                (Some(name), Some(sort)) => is_key(item.get(name), sort),
                (None, None) => true,
                _ => false,
            }
    }

    /// The slot of the item with this key.
    pub fn find(
        &self,
        entries: &Slab<Entry>,
        partition: &PartitionKey,
        key: &EntryKey,
    ) -> Option<Slot> {
        self.locate(entries, partition, key).ok()
    }

    /// The slot of the item with this key, or where a new item with it
    /// goes ([`Points::insert`]), its hash worked out once for both.
    pub fn locate(
        &self,
        entries: &Slab<Entry>,
        partition: &PartitionKey,
        key: &EntryKey,
    ) -> Result<Slot, Vacant> {
        let hash = point_hash(partition, key);
        self.table
            .find(table_hash(hash), |point| {
                point.hash == hash
                    && entries
                        .get(point.slot as usize)
                        .is_some_and(|entry| self.holds(entry, partition, key))
            })
            .map(|point| point.slot)
            .ok_or(Vacant(hash))
    }

    /// The slot of the first item whose hash matches this key's, without
    /// reading any item to confirm it: where to start loading memory ahead
    /// of a [`Points::find`] that will.
    pub fn candidate(&self, partition: &PartitionKey, key: &EntryKey) -> Option<Slot> {
        let hash = point_hash(partition, key);
        self.table
            .find(table_hash(hash), |point| point.hash == hash)
            .map(|point| point.slot)
    }

    /// Records the slot of a new item, whose key [`Points::locate`] found vacant.
    pub fn insert(&mut self, Vacant(hash): Vacant, slot: Slot) {
        self.table
            .insert_unique(table_hash(hash), Point { hash, slot }, |point| {
                table_hash(point.hash)
            });
    }

    /// Forgets the item in `slot`, which has this key.
    pub fn remove(&mut self, partition: &PartitionKey, key: &EntryKey, slot: Slot) {
        let hash = point_hash(partition, key);
        if let Ok(found) = self
            .table
            .find_entry(table_hash(hash), |point| point.slot == slot)
        {
            found.remove();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::Tie;
    use crate::types::{Item, Number};

    fn names() -> KeyNames {
        KeyNames {
            partition: "PK".into(),
            sort: Some("SK".into()),
        }
    }

    fn stored(pk: &str, sk: KeyValue) -> (PartitionKey, EntryKey, Entry) {
        let item: Item = [("PK", Value::s(pk)), ("SK", sk.to_value())]
            .into_iter()
            .collect();
        (
            PartitionKey::new(KeyValue::S(pk.into())),
            EntryKey {
                sort: Some(sk),
                tie: Tie::Min,
            },
            Entry { item, size: 1 },
        )
    }

    #[test]
    fn an_item_is_found_by_its_full_key_and_forgotten_when_removed() {
        let mut points = Points::new(names());
        let mut entries = Slab::new();
        let keys = [
            stored("A", KeyValue::S("1".into())),
            stored("A", KeyValue::N(Number::from_i64(1))),
            stored("B", KeyValue::S("1".into())),
            stored("B", KeyValue::B(b"1".to_vec())),
        ];
        for (partition, key, entry) in &keys {
            let vacant = points.locate(&entries, partition, key).unwrap_err();
            let slot = entries.insert(entry.clone()) as Slot;
            points.insert(vacant, slot);
        }
        for (slot, (partition, key, _)) in keys.iter().enumerate() {
            assert_eq!(points.find(&entries, partition, key), Some(slot as Slot));
        }
        let (partition, key, _) = stored("A", KeyValue::S("2".into()));
        assert_eq!(points.find(&entries, &partition, &key), None);
        let (partition, key, _) = &keys[1];
        points.remove(partition, key, 1);
        entries.remove(1);
        assert_eq!(points.find(&entries, partition, key), None);
        assert_eq!(points.find(&entries, &keys[0].0, &keys[0].1), Some(0));
    }

    #[test]
    fn keys_whose_hashes_collide_are_told_apart_by_the_items() {
        // 32 bits of hash: among a few hundred thousand keys, two share one.
        let partition = PartitionKey::new(KeyValue::S("P".into()));
        let mut seen = std::collections::HashMap::new();
        let (first, second) = (0..1_000_000)
            .find_map(|i| {
                let key = EntryKey {
                    sort: Some(KeyValue::S(format!("{i}").into())),
                    tie: Tie::Min,
                };
                seen.insert(point_hash(&partition, &key), i)
                    .map(|earlier| (earlier, i))
            })
            .expect("a collision");
        let mut points = Points::new(names());
        let mut entries = Slab::new();
        let keys = [first, second].map(|i| stored("P", KeyValue::S(format!("{i}").into())));
        assert_eq!(
            point_hash(&keys[0].0, &keys[0].1),
            point_hash(&keys[1].0, &keys[1].1)
        );
        for (partition, key, entry) in &keys {
            let vacant = points.locate(&entries, partition, key).unwrap_err();
            let slot = entries.insert(entry.clone()) as Slot;
            points.insert(vacant, slot);
        }
        for (slot, (partition, key, _)) in keys.iter().enumerate() {
            assert_eq!(points.find(&entries, partition, key), Some(slot as Slot));
        }
        points.remove(&keys[0].0, &keys[0].1, 0);
        entries.remove(0);
        assert_eq!(points.find(&entries, &keys[0].0, &keys[0].1), None);
        assert_eq!(points.find(&entries, &keys[1].0, &keys[1].1), Some(1));
    }
}
