//! Ordered storage for one table or index: partitions in hash order, each
//! holding its entries in sort-key order. Items are shared (an [`Item`] is
//! a reference-counted slice), so reading never copies them and an `ALL`
//! index shares the table's items.
//!
//! Entries sit in a slab, and each partition's ordered map holds their slot
//! numbers. An entry keeps its slot for as long as it keeps its key:
//! - a table's store ([`Store::for_items`]) also keeps a point index
//!   ([`Points`]) from each item's full key to its slot, so that a read or
//!   write of one item finds it with one hash probe, and a write replacing
//!   an item puts the new one in the old one's slot without touching the
//!   partition's ordered map at all. The item's slot is also how its
//!   indexes know it;
//! - an index's store ([`Store::for_index`]) has no point index (index
//!   keys need not be unique): the table remembers, per index, the slot of
//!   each item's entry, so a write that changes an item without changing
//!   where it sits in an index (the common case: a non-key attribute
//!   changes) replaces the entry in its slot at once ([`Store::replace`]),
//!   instead of walking down an index partition that may hold a quarter of
//!   the table.
//!
//! Reading a range follows one reference per entry, from the ordered map
//! into the slab.

use std::collections::BTreeMap;
use std::ops::{Bound, RangeBounds};

use slab::Slab;

use super::points::{KeyNames, Points};
use crate::key::{EntryKey, PartitionKey};
use crate::types::Item;

/// A stored item (or index entry) and its size in bytes.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The item, or the projected index entry.
    pub item: Item,
    /// Its size by DynamoDB's formula.
    pub size: usize,
}

/// The number an entry is known by while it is stored: its place in its
/// store's slab.
pub type Slot = u32;

/// All partitions of a table or index, in storage (hash) order: walked in
/// that order by Scan, found by key (hash first) by Query and by index
/// writes; a table's items are found by key through its point index.
#[derive(Debug)]
pub struct Store {
    partitions: BTreeMap<PartitionKey, BTreeMap<EntryKey, Slot>>,
    entries: Slab<Entry>,
    /// A table's items by their full key; `None` for an index.
    points: Option<Points>,
    n_bytes: usize,
}

impl Default for Store {
    fn default() -> Store {
        Store::for_items(KeyNames::default())
    }
}

/// One partition: its entries in sort-key order.
#[derive(Clone, Copy, Debug)]
pub struct Partition<'a> {
    map: &'a BTreeMap<EntryKey, Slot>,
    entries: &'a Slab<Entry>,
}

impl<'a> Partition<'a> {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when the partition holds nothing (never, for a stored one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One entry.
    pub fn get(&self, key: &EntryKey) -> Option<&'a Entry> {
        self.map.get(key).map(|&slot| &self.entries[slot as usize])
    }

    /// The entries whose keys fall in `range`, in order.
    pub fn range<R: RangeBounds<EntryKey>>(
        &self,
        range: R,
    ) -> impl DoubleEndedIterator<Item = (&'a EntryKey, &'a Entry)> + Clone + use<'a, R> {
        let entries = self.entries;
        self.map
            .range(range)
            .map(move |(key, &slot)| (key, &entries[slot as usize]))
    }

    /// Every entry, in order.
    pub fn iter(
        &self,
    ) -> impl DoubleEndedIterator<Item = (&'a EntryKey, &'a Entry)> + Clone + use<'a> {
        self.range::<(Bound<EntryKey>, Bound<EntryKey>)>((Bound::Unbounded, Bound::Unbounded))
    }

    /// Every entry's value, in order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &'a Entry> + Clone + use<'a> {
        self.iter().map(|(_, entry)| entry)
    }
}

impl Store {
    /// A store for the items of a table with these key attributes.
    pub fn for_items(names: KeyNames) -> Store {
        Store {
            points: Some(Points::new(names)),
            ..Store::for_index()
        }
    }

    /// A store for an index's entries.
    pub fn for_index() -> Store {
        Store {
            partitions: BTreeMap::new(),
            entries: Slab::new(),
            points: None,
            n_bytes: 0,
        }
    }

    /// Number of entries.
    pub fn n_items(&self) -> usize {
        self.entries.len()
    }

    /// Summed entry sizes.
    pub fn size_bytes(&self) -> usize {
        self.n_bytes
    }

    /// One partition.
    pub fn partition(&self, partition: &PartitionKey) -> Option<Partition<'_>> {
        self.partitions.get(partition).map(|map| Partition {
            map,
            entries: &self.entries,
        })
    }

    /// One entry.
    pub fn get(&self, partition: &PartitionKey, key: &EntryKey) -> Option<&Entry> {
        self.get_with_slot(partition, key).map(|(_, entry)| entry)
    }

    /// The slot of one entry.
    pub fn slot(&self, partition: &PartitionKey, key: &EntryKey) -> Option<Slot> {
        match &self.points {
            Some(points) => points.find(&self.entries, partition, key),
            None => self.partitions.get(partition)?.get(key).copied(),
        }
    }

    /// One entry and its slot.
    pub fn get_with_slot(
        &self,
        partition: &PartitionKey,
        key: &EntryKey,
    ) -> Option<(Slot, &Entry)> {
        let slot = self.slot(partition, key)?;
        Some((slot, &self.entries[slot as usize]))
    }

    /// The slot a table item with this key most likely has, found without
    /// reading any item (so without waiting for one to load): for starting
    /// to load it early. `None` for an index, or when no item can have the key.
    pub fn likely_slot(&self, partition: &PartitionKey, key: &EntryKey) -> Option<Slot> {
        self.points.as_ref()?.candidate(partition, key)
    }

    /// One entry, by its slot.
    pub fn by_slot(&self, slot: Slot) -> Option<&Entry> {
        self.entries.get(slot as usize)
    }

    /// Every partition from `start` on, in storage (Scan) order.
    pub fn partitions_from(
        &self,
        start: Bound<&PartitionKey>,
    ) -> impl Iterator<Item = (&PartitionKey, Partition<'_>)> {
        self.partitions
            .range::<PartitionKey, _>((start, Bound::Unbounded))
            .map(|(key, map)| {
                let entries = &self.entries;
                (key, Partition { map, entries })
            })
    }

    /// Inserts or replaces an entry: its slot, and the entry it replaced.
    /// A replaced entry's slot is kept.
    pub fn insert(
        &mut self,
        partition: PartitionKey,
        key: EntryKey,
        entry: Entry,
    ) -> (Slot, Option<Entry>) {
        self.n_bytes += entry.size;
        // Found: its slot; not found: where its point goes (a table's).
        let stored = match &self.points {
            Some(points) => points.locate(&self.entries, &partition, &key).map_err(Some),
            None => self
                .partitions
                .get(&partition)
                .and_then(|map| map.get(&key).copied())
                .ok_or(None),
        };
        let vacant = match stored {
            Ok(slot) => {
                let old = std::mem::replace(&mut self.entries[slot as usize], entry);
                self.n_bytes -= old.size;
                return (slot, Some(old));
            }
            Err(vacant) => vacant,
        };
        let slot = slot_number(self.entries.insert(entry));
        if let (Some(points), Some(vacant)) = (&mut self.points, vacant) {
            points.insert(vacant, slot);
        }
        self.partitions
            .entry(partition)
            .or_default()
            .insert(key, slot);
        (slot, None)
    }

    /// Puts `entry` in an index entry's slot, in place of the entry there
    /// (whose key it keeps), and returns that entry; or gives `entry` back
    /// when the slot holds nothing (or the store keeps a table's items,
    /// which are only ever replaced by key).
    pub fn replace(&mut self, slot: Slot, entry: Entry) -> Result<Entry, Entry> {
        if self.points.is_some() {
            return Err(entry);
        }
        let Some(stored) = self.entries.get_mut(slot as usize) else {
            return Err(entry);
        };
        self.n_bytes += entry.size;
        let old = std::mem::replace(stored, entry);
        self.n_bytes -= old.size;
        Ok(old)
    }

    /// Removes an entry, dropping its partition when it empties: its
    /// slot (free again) and the entry.
    pub fn remove(&mut self, partition: &PartitionKey, key: &EntryKey) -> Option<(Slot, Entry)> {
        let map = self.partitions.get_mut(partition)?;
        let slot = map.remove(key)?;
        if map.is_empty() {
            self.partitions.remove(partition);
        }
        if let Some(points) = &mut self.points {
            points.remove(partition, key, slot);
        }
        let entry = self.entries.remove(slot as usize);
        self.n_bytes -= entry.size;
        Some((slot, entry))
    }

    /// Every entry, in storage order.
    pub fn entries(&self) -> impl Iterator<Item = (&PartitionKey, &EntryKey, &Entry)> {
        self.entries_with_slots().map(|(p, k, _, e)| (p, k, e))
    }

    /// Every entry, in no particular order: the cheapest way to visit all
    /// of a store (in the order the entries sit in memory, without walking
    /// the ordered maps), for counting and summing.
    pub fn entries_in_any_order(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().map(|(_, entry)| entry)
    }

    /// Every entry with its slot, in storage order.
    pub fn entries_with_slots(
        &self,
    ) -> impl Iterator<Item = (&PartitionKey, &EntryKey, Slot, &Entry)> {
        self.partitions.iter().flat_map(move |(p, map)| {
            map.iter()
                .map(move |(k, &slot)| (p, k, slot, &self.entries[slot as usize]))
        })
    }
}

/// A slab's position as a slot.
fn slot_number(position: usize) -> Slot {
    // Invariant: DynamoDB's own limits keep a store far below 2^32 entries
    // here; the page refuses charts over 250,000 items.
    Slot::try_from(position).expect("fewer than 2^32 entries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{KeyValue, Tie};

    fn key(sort: &str) -> EntryKey {
        EntryKey {
            sort: Some(KeyValue::S(sort.into())),
            tie: Tie::Min,
        }
    }

    /// An item in partition `P` with sort key `sort`, as a table stores it.
    fn entry(sort: &str, size: usize) -> Entry {
        let item: Item = [
            ("PK", crate::types::Value::s("P")),
            ("SK", crate::types::Value::s(sort)),
        ]
        .into_iter()
        .collect();
        Entry { item, size }
    }

    fn names() -> KeyNames {
        KeyNames {
            partition: "PK".into(),
            sort: Some("SK".into()),
        }
    }

    #[test]
    fn an_entry_keeps_its_slot_until_it_is_removed() {
        for mut store in [Store::for_items(names()), Store::for_index()] {
            let p = PartitionKey::new(KeyValue::S("P".into()));
            let (a, none) = store.insert(p.clone(), key("a"), entry("a", 10));
            assert!(none.is_none());
            let (b, _) = store.insert(p.clone(), key("b"), entry("b", 20));
            assert_ne!(a, b);
            let (again, old) = store.insert(p.clone(), key("a"), entry("a", 15));
            assert_eq!((again, old.map(|e| e.size)), (a, Some(10)));
            assert_eq!(store.slot(&p, &key("b")), Some(b));
            assert_eq!((store.n_items(), store.size_bytes()), (2, 35));
            let slots: Vec<Slot> = store.entries_with_slots().map(|(_, _, s, _)| s).collect();
            assert_eq!(slots, [a, b]);
            assert_eq!(
                store.remove(&p, &key("a")).map(|(s, e)| (s, e.size)),
                Some((a, 15))
            );
            assert_eq!(store.remove(&p, &key("b")).map(|(_, e)| e.size), Some(20));
            assert!(store.partition(&p).is_none());
            assert_eq!(store.partitions_from(Bound::Unbounded).count(), 0);
            assert_eq!((store.n_items(), store.size_bytes()), (0, 0));
        }
    }

    #[test]
    fn an_index_entry_is_replaced_in_its_slot() {
        let mut store = Store::for_index();
        let p = PartitionKey::new(KeyValue::S("P".into()));
        let (a, _) = store.insert(p.clone(), key("a"), entry("a", 10));
        assert_eq!(
            store.replace(a, entry("a", 30)).map(|old| old.size).ok(),
            Some(10)
        );
        assert_eq!(store.get(&p, &key("a")).map(|e| e.size), Some(30));
        assert_eq!(store.size_bytes(), 30);
        assert!(store.replace(a + 1, entry("a", 5)).is_err());
        // A table's items are only ever found by key.
        let mut items = Store::for_items(names());
        let (slot, _) = items.insert(p.clone(), key("a"), entry("a", 10));
        assert!(items.replace(slot, entry("a", 5)).is_err());
    }
}
