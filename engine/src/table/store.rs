//! Ordered storage for one table or index: partitions in hash order, each an
//! ordered map from entry key to entry. Items are shared (an [`Item`] is a
//! reference-counted slice), so reading never copies them and an `ALL`
//! index shares the table's items.

use std::collections::{BTreeMap, BTreeSet, HashMap};

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

/// One partition: entries ordered by sort key.
pub type Partition = BTreeMap<EntryKey, Entry>;

/// All partitions of a table or index: found by hash for point reads and
/// writes, walked in hash order for Scan.
#[derive(Default, Debug)]
pub struct Store {
    partitions: HashMap<PartitionKey, Partition, PrehashedBuilder>,
    order: BTreeSet<PartitionKey>,
    n_items: usize,
    n_bytes: usize,
}

impl Store {
    /// Number of entries.
    pub fn n_items(&self) -> usize {
        self.n_items
    }

    /// Summed entry sizes.
    pub fn size_bytes(&self) -> usize {
        self.n_bytes
    }

    /// One entry.
    pub fn get(&self, partition: &PartitionKey, key: &EntryKey) -> Option<&Entry> {
        self.partitions.get(partition)?.get(key)
    }

    /// One partition.
    pub fn partition(&self, partition: &PartitionKey) -> Option<&Partition> {
        self.partitions.get(partition)
    }

    /// Every partition from `start` on, in storage (Scan) order.
    pub fn partitions_from(
        &self,
        start: std::ops::Bound<&PartitionKey>,
    ) -> impl Iterator<Item = (&PartitionKey, &Partition)> {
        self.order
            .range((start, std::ops::Bound::Unbounded))
            .filter_map(|key| self.partitions.get(key).map(|p| (key, p)))
    }

    /// Inserts or replaces an entry, returning the one it replaced.
    pub fn insert(
        &mut self,
        partition: PartitionKey,
        key: EntryKey,
        entry: Entry,
    ) -> Option<Entry> {
        self.n_bytes += entry.size;
        let entries = match self.partitions.get_mut(&partition) {
            Some(entries) => entries,
            None => {
                self.order.insert(partition.clone());
                self.partitions.entry(partition).or_default()
            }
        };
        let old = entries.insert(key, entry);
        if let Some(old) = &old {
            self.n_bytes -= old.size;
        } else {
            self.n_items += 1;
        }
        old
    }

    /// Removes an entry, dropping its partition when it empties.
    pub fn remove(&mut self, partition: &PartitionKey, key: &EntryKey) -> Option<Entry> {
        let entries = self.partitions.get_mut(partition)?;
        let old = entries.remove(key)?;
        if entries.is_empty() {
            self.partitions.remove(partition);
            self.order.remove(partition);
        }
        self.n_items -= 1;
        self.n_bytes -= old.size;
        Some(old)
    }

    /// Every entry, in storage order.
    pub fn entries(&self) -> impl Iterator<Item = (&PartitionKey, &EntryKey, &Entry)> {
        self.partitions_from(std::ops::Bound::Unbounded)
            .flat_map(|(p, entries)| entries.iter().map(move |(k, e)| (p, k, e)))
    }
}
