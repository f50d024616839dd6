//! Ordered storage for one table or index: partitions in hash order, each
//! holding its entries in sort-key order. Items are shared (an [`Item`] is
//! a reference-counted slice), so reading never copies them and an `ALL`
//! index shares the table's items.
//!
//! A store keeps its entries one of two ways:
//! - a table's items sit in the ordered maps themselves ([`Store::for_items`]):
//!   a read finds an item, or walks a range, with nothing in between. Each
//!   item also has a small number, its slot, for its indexes to know it by;
//! - an index's entries sit in a slab, and the ordered maps hold their
//!   slot numbers ([`Store::for_index`]). An entry keeps its slot for as
//!   long as it keeps its key, so a write that changes an item without
//!   changing where it sits in an index (the common case: a non-key
//!   attribute changes) replaces the entry in its slot at once
//!   ([`Store::replace`]), instead of walking down an index partition that
//!   may hold a quarter of the table. The table remembers, per index, the
//!   slot of each item's entry. Reading an index follows one more
//!   reference per entry.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::{Bound, RangeBounds};

use either::Either;
use slab::Slab;

use crate::key::{EntryKey, PartitionKey, PrehashedBuilder};
use crate::types::Item;

/// A stored item (or index entry) and its size in bytes.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The item, or the projected index entry.
    pub item: Item,
    /// Its size by DynamoDB's formula.
    pub size: usize,
}

/// The number an entry is known by while it is stored: an index entry's
/// place in its slab, a table item's number for its indexes.
pub type Slot = u32;

/// A table item and its slot.
#[derive(Debug)]
struct StoredItem {
    entry: Entry,
    slot: Slot,
}

#[derive(Debug)]
enum Layout {
    /// Entries in the ordered maps; `slots` hands out the items' numbers.
    Direct {
        partitions: HashMap<PartitionKey, BTreeMap<EntryKey, StoredItem>, PrehashedBuilder>,
        slots: Slab<()>,
    },
    /// Entries in a slab; the ordered maps hold their slots.
    Slotted {
        partitions: HashMap<PartitionKey, BTreeMap<EntryKey, Slot>, PrehashedBuilder>,
        entries: Slab<Entry>,
    },
}

/// All partitions of a table or index: found by hash for point reads and
/// writes, walked in hash order for Scan.
#[derive(Debug)]
pub struct Store {
    layout: Layout,
    order: BTreeSet<PartitionKey>,
    n_bytes: usize,
}

impl Default for Store {
    fn default() -> Store {
        Store::for_items()
    }
}

/// One partition: its entries in sort-key order.
#[derive(Clone, Copy, Debug)]
pub struct Partition<'a>(Held<'a>);

#[derive(Clone, Copy, Debug)]
enum Held<'a> {
    Direct(&'a BTreeMap<EntryKey, StoredItem>),
    Slotted(&'a BTreeMap<EntryKey, Slot>, &'a Slab<Entry>),
}

impl<'a> Partition<'a> {
    /// Number of entries.
    pub fn len(&self) -> usize {
        match self.0 {
            Held::Direct(map) => map.len(),
            Held::Slotted(map, _) => map.len(),
        }
    }

    /// True when the partition holds nothing (never, for a stored one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One entry.
    pub fn get(&self, key: &EntryKey) -> Option<&'a Entry> {
        match self.0 {
            Held::Direct(map) => map.get(key).map(|held| &held.entry),
            Held::Slotted(map, entries) => map.get(key).map(|&slot| &entries[slot as usize]),
        }
    }

    /// The entries whose keys fall in `range`, in order.
    pub fn range<R: RangeBounds<EntryKey>>(
        &self,
        range: R,
    ) -> impl DoubleEndedIterator<Item = (&'a EntryKey, &'a Entry)> + Clone + use<'a, R> {
        match self.0 {
            Held::Direct(map) => {
                Either::Left(map.range(range).map(|(key, held)| (key, &held.entry)))
            }
            Held::Slotted(map, entries) => Either::Right(
                map.range(range)
                    .map(move |(key, &slot)| (key, &entries[slot as usize])),
            ),
        }
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
    /// A store for a table's items.
    pub fn for_items() -> Store {
        Store {
            layout: Layout::Direct {
                partitions: HashMap::default(),
                slots: Slab::new(),
            },
            order: BTreeSet::new(),
            n_bytes: 0,
        }
    }

    /// A store for an index's entries.
    pub fn for_index() -> Store {
        Store {
            layout: Layout::Slotted {
                partitions: HashMap::default(),
                entries: Slab::new(),
            },
            order: BTreeSet::new(),
            n_bytes: 0,
        }
    }

    /// Number of entries.
    pub fn n_items(&self) -> usize {
        match &self.layout {
            Layout::Direct { slots, .. } => slots.len(),
            Layout::Slotted { entries, .. } => entries.len(),
        }
    }

    /// Summed entry sizes.
    pub fn size_bytes(&self) -> usize {
        self.n_bytes
    }

    /// One partition.
    pub fn partition(&self, partition: &PartitionKey) -> Option<Partition<'_>> {
        match &self.layout {
            Layout::Direct { partitions, .. } => partitions
                .get(partition)
                .map(|map| Partition(Held::Direct(map))),
            Layout::Slotted {
                partitions,
                entries,
            } => partitions
                .get(partition)
                .map(|map| Partition(Held::Slotted(map, entries))),
        }
    }

    /// One entry.
    pub fn get(&self, partition: &PartitionKey, key: &EntryKey) -> Option<&Entry> {
        self.partition(partition)?.get(key)
    }

    /// The slot of one entry.
    pub fn slot(&self, partition: &PartitionKey, key: &EntryKey) -> Option<Slot> {
        match &self.layout {
            Layout::Direct { partitions, .. } => {
                partitions.get(partition)?.get(key).map(|held| held.slot)
            }
            Layout::Slotted { partitions, .. } => partitions.get(partition)?.get(key).copied(),
        }
    }

    /// One table item and its slot.
    pub fn get_with_slot(
        &self,
        partition: &PartitionKey,
        key: &EntryKey,
    ) -> Option<(Slot, &Entry)> {
        match &self.layout {
            Layout::Direct { partitions, .. } => partitions
                .get(partition)?
                .get(key)
                .map(|held| (held.slot, &held.entry)),
            Layout::Slotted { .. } => None,
        }
    }

    /// One index entry, by its slot.
    pub fn by_slot(&self, slot: Slot) -> Option<&Entry> {
        match &self.layout {
            Layout::Slotted { entries, .. } => entries.get(slot as usize),
            Layout::Direct { .. } => None,
        }
    }

    /// Every partition from `start` on, in storage (Scan) order.
    pub fn partitions_from(
        &self,
        start: Bound<&PartitionKey>,
    ) -> impl Iterator<Item = (&PartitionKey, Partition<'_>)> {
        self.order
            .range((start, Bound::Unbounded))
            .filter_map(|key| self.partition(key).map(|p| (key, p)))
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
        let (slot, old) = match &mut self.layout {
            Layout::Direct { partitions, slots } => {
                let map = partitions.entry(partition.clone()).or_default();
                let placed = match map.get_mut(&key) {
                    Some(held) => (held.slot, Some(std::mem::replace(&mut held.entry, entry))),
                    None => {
                        let slot = slot_number(slots.insert(()));
                        map.insert(key, StoredItem { entry, slot });
                        (slot, None)
                    }
                };
                if map.len() == 1 && placed.1.is_none() {
                    self.order.insert(partition);
                }
                placed
            }
            Layout::Slotted {
                partitions,
                entries,
            } => {
                let map = partitions.entry(partition.clone()).or_default();
                let placed = match map.get(&key) {
                    Some(&slot) => (
                        slot,
                        Some(std::mem::replace(&mut entries[slot as usize], entry)),
                    ),
                    None => {
                        let slot = slot_number(entries.insert(entry));
                        map.insert(key, slot);
                        (slot, None)
                    }
                };
                if map.len() == 1 && placed.1.is_none() {
                    self.order.insert(partition);
                }
                placed
            }
        };
        if let Some(old) = &old {
            self.n_bytes -= old.size;
        }
        (slot, old)
    }

    /// Puts `entry` in an index entry's slot, in place of the entry there
    /// (whose key it keeps), and returns that entry; or gives `entry` back
    /// when the slot holds nothing (or the store keeps a table's items).
    pub fn replace(&mut self, slot: Slot, entry: Entry) -> Result<Entry, Entry> {
        let Layout::Slotted { entries, .. } = &mut self.layout else {
            return Err(entry);
        };
        let Some(stored) = entries.get_mut(slot as usize) else {
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
        let (removed, emptied) = match &mut self.layout {
            Layout::Direct { partitions, slots } => {
                let map = partitions.get_mut(partition)?;
                let held = map.remove(key)?;
                slots.remove(held.slot as usize);
                let emptied = map.is_empty();
                if emptied {
                    partitions.remove(partition);
                }
                ((held.slot, held.entry), emptied)
            }
            Layout::Slotted {
                partitions,
                entries,
            } => {
                let map = partitions.get_mut(partition)?;
                let slot = map.remove(key)?;
                let entry = entries.remove(slot as usize);
                let emptied = map.is_empty();
                if emptied {
                    partitions.remove(partition);
                }
                ((slot, entry), emptied)
            }
        };
        if emptied {
            self.order.remove(partition);
        }
        self.n_bytes -= removed.1.size;
        Some(removed)
    }

    /// Every entry, in storage order.
    pub fn entries(&self) -> impl Iterator<Item = (&PartitionKey, &EntryKey, &Entry)> {
        self.partitions_from(Bound::Unbounded)
            .flat_map(|(p, entries)| entries.iter().map(move |(k, e)| (p, k, e)))
    }

    /// Every table item with its slot, in storage order (an index's
    /// entries with theirs).
    pub fn entries_with_slots(
        &self,
    ) -> impl Iterator<Item = (&PartitionKey, &EntryKey, Slot, &Entry)> {
        self.order.iter().flat_map(move |p| {
            let direct = match &self.layout {
                Layout::Direct { partitions, .. } => partitions.get(p),
                Layout::Slotted { .. } => None,
            };
            let slotted = match &self.layout {
                Layout::Slotted {
                    partitions,
                    entries,
                } => partitions.get(p).map(|map| (map, entries)),
                Layout::Direct { .. } => None,
            };
            let direct = direct
                .into_iter()
                .flatten()
                .map(move |(k, held)| (p, k, held.slot, &held.entry));
            let slotted = slotted.into_iter().flat_map(move |(map, entries)| {
                map.iter()
                    .map(move |(k, &slot)| (p, k, slot, &entries[slot as usize]))
            });
            direct.chain(slotted)
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

    fn entry(size: usize) -> Entry {
        Entry {
            item: Item::new(),
            size,
        }
    }

    #[test]
    fn an_entry_keeps_its_slot_until_it_is_removed() {
        for mut store in [Store::for_items(), Store::for_index()] {
            let p = PartitionKey::new(KeyValue::S("P".into()));
            let (a, none) = store.insert(p.clone(), key("a"), entry(10));
            assert!(none.is_none());
            let (b, _) = store.insert(p.clone(), key("b"), entry(20));
            assert_ne!(a, b);
            let (again, old) = store.insert(p.clone(), key("a"), entry(15));
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
        let (a, _) = store.insert(p.clone(), key("a"), entry(10));
        assert_eq!(
            store.replace(a, entry(30)).map(|old| old.size).ok(),
            Some(10)
        );
        assert_eq!(store.get(&p, &key("a")).map(|e| e.size), Some(30));
        assert_eq!(store.size_bytes(), 30);
        assert!(store.replace(a + 1, entry(5)).is_err());
        // A table's items are only ever found by key.
        let mut items = Store::for_items();
        let (slot, _) = items.insert(p.clone(), key("a"), entry(10));
        assert!(items.replace(slot, entry(5)).is_err());
    }
}
