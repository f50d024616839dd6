//! A table: its description, its ordered storage, one store per secondary
//! index kept in step with every write, and per-partition usage.

mod description;
mod points;
mod store;
mod stream;
mod usage;

pub use description::{
    BillingMode, IndexDescription, IndexKind, PointInTimeRecovery, Projection, TableClass,
    TableDescription, Throughput, TimeToLive,
};
pub use store::{Entry, Partition, Slot, Store};
pub use stream::{
    EventName, RETENTION_SECONDS, Stream, StreamRecord, StreamViewType, stream_label,
};
pub use usage::{PartitionUsage, Touch, Usage};

use std::collections::BTreeMap;

use crate::error::Result;
use crate::key::{EntryKey, KeyValue, PartitionKey, PrimaryKey, Tie, index_key_of};
use crate::types::{Item, Text, item_size, prefetch};
use points::KeyNames;

/// Where a table item's entry sits inside an index partition: the index
/// sort key, then the table key to keep entries with equal index keys apart.
fn index_entry_key(key: &PrimaryKey, sort: Option<KeyValue>) -> EntryKey {
    EntryKey {
        sort,
        tie: Tie::Base(Box::new((key.partition.clone(), key.sort.clone()))),
    }
}

/// A secondary index and its entries.
#[derive(Debug)]
pub struct Index {
    /// What the index is.
    pub description: IndexDescription,
    /// Its entries.
    pub store: Store,
    /// By the slot of a table item, the slot of its entry here
    /// ([`NO_SLOT`] when it has none): how a write finds the entry it
    /// replaces without looking it up by key.
    slot_of: Vec<Slot>,
}

/// No entry in the index.
const NO_SLOT: Slot = Slot::MAX;

impl Index {
    fn new(description: IndexDescription) -> Index {
        Index {
            description,
            store: Store::for_index(),
            slot_of: Vec::new(),
        }
    }

    /// The slot of the entry the table item in `item_slot` has here.
    fn entry_slot(&self, item_slot: Slot) -> Option<Slot> {
        self.slot_of
            .get(item_slot as usize)
            .copied()
            .filter(|&s| s != NO_SLOT)
    }

    /// Records (or, with `None`, forgets) the entry of the table item in
    /// `item_slot`.
    fn set_entry_slot(&mut self, item_slot: Slot, entry: Option<Slot>) {
        let at = item_slot as usize;
        if at >= self.slot_of.len() {
            if entry.is_none() {
                return;
            }
            self.slot_of.resize(at + 1, NO_SLOT);
        }
        self.slot_of[at] = entry.unwrap_or(NO_SLOT);
    }
}

/// A table and everything it holds.
#[derive(Debug)]
pub struct Table {
    /// What the table is.
    pub description: TableDescription,
    /// The items, by primary key.
    pub items: Store,
    /// Secondary indexes, in the description's order.
    pub indexes: Vec<Index>,
    /// Capacity consumed per partition key value, per table and index.
    pub usage: Usage,
    /// The table's stream, if one was ever enabled.
    pub stream: Option<Stream>,
    /// The table's time-to-live setting, if it was ever set.
    pub ttl: Option<TimeToLive>,
    /// Its tags, by key.
    pub tags: BTreeMap<String, String>,
    /// Its point-in-time recovery setting, if it was ever set.
    pub point_in_time_recovery: Option<PointInTimeRecovery>,
    /// Most bytes in one item collection (items and local index entries
    /// with one partition key value) on a table with a local index.
    pub item_collection_limit: u64,
    /// The engine's clock, in epoch seconds: when the changes being made
    /// happen, for the stream.
    pub clock: f64,
    /// The keys of the items written since a front end asked to be told
    /// (see [`Table::keep_write_journal`]); `None` when nobody asked, so a
    /// write pays nothing for it.
    written: Option<Vec<PrimaryKey>>,
}

/// What a write did to one secondary index, by entry sizes: what
/// [`crate::capacity`] prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexChange {
    /// The item is in the index neither before nor after.
    Untouched,
    /// The item entered the index.
    Entered { new: usize },
    /// The item left the index.
    Left { old: usize },
    /// Same index key, but projected attributes changed.
    Changed { old: usize, new: usize },
    /// Same index key and identical entry.
    Unchanged,
    /// The index key changed: a delete and a put.
    Moved { old: usize, new: usize },
}

/// What one write did.
#[derive(Debug)]
pub struct WriteEffect {
    /// The item before the write.
    pub old: Option<Item>,
    /// Size of the item before the write (0 when there was none).
    pub old_size: usize,
    /// Size of the item after the write (0 when it was deleted).
    pub new_size: usize,
    /// What happened to each index, in the description's order.
    pub index_changes: Vec<IndexChange>,
    /// Per index, the index partition the write touched (the new entry's,
    /// else the old one's), for per-partition usage.
    pub index_partitions: Vec<Option<KeyValue>>,
}

pub use crate::limits::MAX_ITEM_COLLECTION_BYTES;

/// Where an item sits in the table's own store.
pub fn table_position(key: &PrimaryKey) -> (PartitionKey, EntryKey) {
    (
        PartitionKey::new(key.partition.clone()),
        EntryKey {
            sort: key.sort.clone(),
            tie: Tie::Min,
        },
    )
}

/// The names of a table's key attributes, for its point index.
fn key_names(schema: &crate::key::KeySchema) -> KeyNames {
    KeyNames {
        partition: schema.partition.name.as_str().into(),
        sort: schema.sort.as_ref().map(|sort| sort.name.as_str().into()),
    }
}

/// A write worked out and checked by [`Table::plan`], not yet made.
#[derive(Debug)]
pub struct PlannedWrite {
    new: Option<Item>,
    new_size: usize,
    /// Per index, the entry the new item makes there (empty for a delete).
    entries: Vec<Option<IndexEntry>>,
    /// When known, the only top-level attributes the new item may have
    /// differently from the item it replaces (an update's paths); a write
    /// that names them saves comparing whole items and looking up index
    /// keys it cannot have changed.
    changed: Option<Vec<Text>>,
}

impl PlannedWrite {
    /// The item the write stores (`None`: a delete).
    pub fn item(&self) -> Option<&Item> {
        self.new.as_ref()
    }

    /// Says that the new item differs from the one it replaces (if any) in
    /// these top-level attributes at most.
    pub fn changing_only(mut self, attributes: Vec<Text>) -> PlannedWrite {
        self.changed = Some(attributes);
        self
    }
}

/// A planned index entry: where it goes and what it holds.
#[derive(Debug)]
struct IndexEntry {
    partition: PartitionKey,
    /// The index sort key; the entry's place in its partition is made of it
    /// (and the table key) only when the entry has to be put there.
    sort: Option<KeyValue>,
    entry: Entry,
}

impl Table {
    /// An empty table.
    pub fn new(description: TableDescription) -> Table {
        let items = Store::for_items(key_names(&description.key_schema));
        let indexes = description
            .indexes
            .iter()
            .cloned()
            .map(Index::new)
            .collect();
        Table {
            description,
            items,
            indexes,
            usage: Usage::default(),
            stream: None,
            ttl: None,
            tags: BTreeMap::new(),
            point_in_time_recovery: None,
            item_collection_limit: MAX_ITEM_COLLECTION_BYTES,
            clock: 0.0,
            written: None,
        }
    }

    /// Starts noting the key of every item written, whatever writes it (a
    /// write, a batch, a transaction, a statement, time to live).
    pub fn keep_write_journal(&mut self) {
        self.written.get_or_insert_with(Vec::new);
    }

    /// The keys written since [`Table::keep_write_journal`], in order, and
    /// stops noting them.
    pub fn take_write_journal(&mut self) -> Vec<PrimaryKey> {
        self.written.take().unwrap_or_default()
    }

    /// The stored item with this key.
    pub fn get(&self, key: &PrimaryKey) -> Option<&Entry> {
        let (partition, entry_key) = table_position(key);
        self.items.get(&partition, &entry_key)
    }

    /// Starts loading the items writes at `keys` will replace, so that a
    /// write, or a batch or a transaction (which knows all its keys before
    /// it writes), has those loads overlap instead of waiting for one after
    /// another: the texts of an item a write copies or frees, say, are
    /// each reached through a reference count whose update waits for it.
    /// A hint that changes nothing, in three rounds, each starting every
    /// key's next load before the first of them is needed: the items' most
    /// likely slots (one probe of the point index each, no item read); the
    /// items themselves and their cells of the indexes' slot tables; then,
    /// those having arrived, what they point to — the items' long texts
    /// and their index entries.
    pub fn prefetch_writes<'k>(&self, keys: impl IntoIterator<Item = &'k PrimaryKey>) {
        let slots: Vec<Slot> = keys
            .into_iter()
            .filter_map(|key| {
                let (partition, entry_key) = table_position(key);
                self.items.likely_slot(&partition, &entry_key)
            })
            .collect();
        let found: Vec<(Slot, &Entry)> = slots
            .into_iter()
            .filter_map(|slot| {
                let entry = self.items.by_slot(slot)?;
                entry.item.prefetch();
                for index in &self.indexes {
                    prefetch(index.slot_of.as_ptr().wrapping_add(slot as usize));
                }
                Some((slot, entry))
            })
            .collect();
        for (slot, entry) in found {
            entry.item.prefetch_texts();
            for index in &self.indexes {
                if let Some(stored) = index.entry_slot(slot).and_then(|s| index.store.by_slot(s)) {
                    prefetch(stored);
                }
            }
        }
    }

    /// The index with this name.
    pub fn index(&self, name: &str) -> Option<&Index> {
        self.indexes.iter().find(|i| i.description.name == name)
    }

    /// The entry `item` makes in `index`, if it has the index's keys.
    /// `item_size` is the item's own size, the entry's when the index
    /// projects everything.
    fn plan_index_entry(
        &self,
        index: &IndexDescription,
        item: &Item,
        item_size_known: Option<usize>,
    ) -> Result<Option<IndexEntry>> {
        let Some((partition, sort)) = index_key_of(&index.key_schema, &index.name, item)? else {
            return Ok(None);
        };
        let (projected, size) = match (&index.projection, item_size_known) {
            (Projection::All, Some(size)) => (item.clone(), size),
            (Projection::All, None) => (item.clone(), item_size(item)),
            _ => {
                let projected = index.project(&self.description.key_schema, item);
                let size = item_size(&projected);
                (projected, size)
            }
        };
        Ok(Some(IndexEntry {
            partition: PartitionKey::new(partition),
            sort,
            entry: Entry {
                item: projected,
                size,
            },
        }))
    }

    /// Checks that an item may be stored: every index key it has must be of
    /// the right type and not empty. Nothing changes. (A write checks the
    /// same when it is planned.)
    pub fn check_index_keys(&self, item: &Item) -> Result<()> {
        for index in &self.description.indexes {
            index_key_of(&index.key_schema, &index.name, item)?;
        }
        Ok(())
    }

    /// The key attributes of the item at `key`, as an item.
    pub fn key_item(&self, key: &PrimaryKey) -> Item {
        let schema = &self.description.key_schema;
        std::iter::once((schema.partition.name.as_str(), key.partition.to_value()))
            .chain(
                schema
                    .sort
                    .iter()
                    .zip(key.sort.iter())
                    .map(|(attribute, value)| (attribute.name.as_str(), value.to_value())),
            )
            .collect()
    }

    /// Writes (`Some`) or deletes (`None`) the item at `key`, keeping every
    /// index and the stream in step. All validation happens before anything
    /// changes, so a failed write leaves the table as it was.
    pub fn write(&mut self, key: &PrimaryKey, new: Option<Item>) -> Result<WriteEffect> {
        self.write_by(key, new, false)
    }

    /// The bytes an item takes in its item collection: its own size and its
    /// entries in every local index.
    fn collection_bytes(&self, item: &Item) -> usize {
        let local: usize = self
            .description
            .indexes
            .iter()
            .filter(|i| i.kind == IndexKind::Local)
            .filter_map(|i| self.plan_index_entry(i, item, None).ok().flatten())
            .map(|e| e.entry.size)
            .sum();
        item_size(item) + local
    }

    /// True when the table has a local secondary index, so item
    /// collections are limited.
    pub fn has_local_index(&self) -> bool {
        self.description
            .indexes
            .iter()
            .any(|i| i.kind == IndexKind::Local)
    }

    /// The bytes of the item collection with this partition key value: its
    /// items and their local index entries.
    pub fn collection_size(&self, partition: &KeyValue) -> usize {
        let partition = PartitionKey::new(partition.clone());
        let sum = |p: Option<Partition>| p.map_or(0, |p| p.values().map(|e| e.size).sum());
        sum(self.items.partition(&partition))
            + self
                .indexes
                .iter()
                .filter(|i| i.description.kind == IndexKind::Local)
                .map(|i| sum(i.store.partition(&partition)))
                .sum::<usize>()
    }

    /// How many bytes a write of `new` at `key` adds to its item
    /// collection (negative when it shrinks it).
    pub fn collection_growth(&self, key: &PrimaryKey, new: Option<&Item>) -> i64 {
        let old = self.get(key).map_or(0, |e| self.collection_bytes(&e.item));
        let new = new.map_or(0, |item| self.collection_bytes(item));
        new as i64 - old as i64
    }

    /// Refuses a write that would grow an item collection past its limit
    /// (tables with a local secondary index only). `pending` is what earlier
    /// writes of the same request add to the same collection.
    pub fn check_collection_limit_after(
        &self,
        key: &PrimaryKey,
        new: Option<&Item>,
        pending: i64,
    ) -> Result<()> {
        if !self.has_local_index() {
            return Ok(());
        }
        let growth = self.collection_growth(key, new);
        if growth <= 0 {
            return Ok(());
        }
        let size = self.collection_size(&key.partition) as i64 + pending + growth;
        if size > self.item_collection_limit as i64 {
            return Err(crate::error::Error::ItemCollectionSizeLimitExceeded);
        }
        Ok(())
    }

    /// [`Table::check_collection_limit_after`] for a write on its own.
    pub fn check_collection_limit(&self, key: &PrimaryKey, new: Option<&Item>) -> Result<()> {
        self.check_collection_limit_after(key, new, 0)
    }

    /// Like [`Table::write`]; `by_service` marks the stream record as the
    /// service's own (a TTL deletion).
    pub fn write_by(
        &mut self,
        key: &PrimaryKey,
        new: Option<Item>,
        by_service: bool,
    ) -> Result<WriteEffect> {
        let planned = self.plan(new, None)?;
        self.apply_by(key, planned, by_service)
    }

    /// Works out the entry `new` makes in every index, checking every
    /// index key it has (of the right type, not empty); `None` plans a
    /// delete. Nothing changes: [`Table::apply`] makes the write.
    /// `size_known` is the item's size when the caller has it already.
    pub fn plan(&self, new: Option<Item>, size_known: Option<usize>) -> Result<PlannedWrite> {
        let new_size = match (&new, size_known) {
            (Some(_), Some(size)) => size,
            (Some(item), None) => item_size(item),
            (None, _) => 0,
        };
        let mut entries = Vec::with_capacity(self.indexes.len());
        if let Some(item) = &new {
            for index in &self.description.indexes {
                entries.push(self.plan_index_entry(index, item, Some(new_size))?);
            }
        }
        Ok(PlannedWrite {
            new,
            new_size,
            entries,
            changed: None,
        })
    }

    /// Makes a planned write, unless it would grow an item collection past
    /// its limit: every index and the stream kept in step.
    pub fn apply(&mut self, key: &PrimaryKey, planned: PlannedWrite) -> Result<WriteEffect> {
        self.apply_by(key, planned, false)
    }

    fn apply_by(
        &mut self,
        key: &PrimaryKey,
        planned: PlannedWrite,
        by_service: bool,
    ) -> Result<WriteEffect> {
        let PlannedWrite {
            new,
            new_size,
            mut entries,
            changed,
        } = planned;
        self.check_collection_limit(key, new.as_ref())?;
        if let Some(written) = &mut self.written {
            written.push(key.clone());
        }
        entries.resize_with(self.indexes.len(), || None);
        let planned = entries;
        let (partition, entry_key) = table_position(key);
        let stored = new.clone();
        let (item_slot, old) = match new {
            Some(item) => {
                let entry = Entry {
                    item,
                    size: new_size,
                };
                self.items.insert(partition, entry_key, entry)
            }
            None => match self.items.remove(&partition, &entry_key) {
                Some((slot, old)) => (slot, Some(old)),
                None => (NO_SLOT, None),
            },
        };
        // Compared once: whether the write changed the item at all decides
        // both whether an ALL index's entry changed and whether the stream
        // records anything.
        // (Equal items have equal sizes, so a size that changed settles it;
        // when the write names what it may have changed, only that is compared.)
        let same_item = match (&old, &stored, &changed) {
            (Some(old), Some(new), _) if old.size != new_size => false,
            (Some(old), Some(new), Some(changed)) => {
                changed.iter().all(|a| old.item.get(a) == new.get(a))
            }
            (Some(old), Some(new), None) => old.item == *new,
            _ => false,
        };
        let mut index_changes = Vec::with_capacity(self.indexes.len());
        let mut index_partitions = Vec::with_capacity(self.indexes.len());
        for (i, plan) in planned.into_iter().enumerate() {
            let index = &mut self.indexes[i];
            let description = &index.description;
            // An index key the write cannot have changed is the planned one.
            let key_kept = changed
                .as_ref()
                .is_some_and(|changed| !changed.iter().any(|a| description.key_schema.contains(a)));
            let old_key = match (&old, &plan) {
                (None, _) => None,
                (Some(_), Some(p)) if key_kept => Some((p.partition.value.clone(), p.sort.clone())),
                (Some(_), None) if key_kept => None,
                // Invariant: the stored item passed the same checks when it was written.
                (Some(old), _) => {
                    index_key_of(&description.key_schema, &description.name, &old.item)
                        .ok()
                        .flatten()
                }
            };
            index_partitions.push(match (&plan, &old_key) {
                (Some(p), _) => Some(p.partition.value.clone()),
                (None, Some((partition, _))) => Some(partition.clone()),
                (None, None) => None,
            });
            let projects_all = description.projection == Projection::All;
            let old_slot = old_key.as_ref().and_then(|_| index.entry_slot(item_slot));
            let change = match (old_key, plan) {
                (None, None) => IndexChange::Untouched,
                (None, Some(p)) => {
                    let new = p.entry.size;
                    let (slot, _) =
                        index
                            .store
                            .insert(p.partition, index_entry_key(key, p.sort), p.entry);
                    index.set_entry_slot(item_slot, Some(slot));
                    IndexChange::Entered { new }
                }
                (Some((partition, sort)), None) => {
                    let removed = index
                        .store
                        .remove(&PartitionKey::new(partition), &index_entry_key(key, sort));
                    index.set_entry_slot(item_slot, None);
                    IndexChange::Left {
                        old: removed.map_or(0, |(_, e)| e.size),
                    }
                }
                (Some((partition, sort)), Some(p))
                    if p.partition.value == partition && p.sort == sort =>
                {
                    // The entry stays where it is: replaced in its slot.
                    let new_size = p.entry.size;
                    let new_item = p.entry.item.clone();
                    let in_place = match old_slot {
                        Some(slot) => index.store.replace(slot, p.entry),
                        None => Err(p.entry),
                    };
                    let replaced = match in_place {
                        Ok(replaced) => Some(replaced),
                        // Invariant: an item in the index has its entry's
                        // slot recorded; looked up by key all the same.
                        Err(entry) => {
                            let entry_key = index_entry_key(key, p.sort);
                            let (slot, replaced) =
                                index.store.insert(p.partition, entry_key, entry);
                            index.set_entry_slot(item_slot, Some(slot));
                            replaced
                        }
                    };
                    match replaced {
                        Some(_) if projects_all && same_item => IndexChange::Unchanged,
                        Some(replaced) if !projects_all && replaced.item == new_item => {
                            IndexChange::Unchanged
                        }
                        replaced => IndexChange::Changed {
                            old: replaced.map_or(0, |e| e.size),
                            new: new_size,
                        },
                    }
                }
                (Some((partition, sort)), Some(p)) => {
                    let removed = index
                        .store
                        .remove(&PartitionKey::new(partition), &index_entry_key(key, sort));
                    let new_size = p.entry.size;
                    let (slot, _) =
                        index
                            .store
                            .insert(p.partition, index_entry_key(key, p.sort), p.entry);
                    index.set_entry_slot(item_slot, Some(slot));
                    IndexChange::Moved {
                        old: removed.map_or(0, |(_, e)| e.size),
                        new: new_size,
                    }
                }
            };
            index_changes.push(change);
        }
        // A deleted item's slot may be reused by the next item stored.
        if stored.is_none() && item_slot != NO_SLOT {
            for index in &mut self.indexes {
                index.set_entry_slot(item_slot, None);
            }
        }
        debug_assert!(self.slots_agree(key, item_slot), "index slots of {key:?}");
        let (old, old_size) = match old {
            Some(entry) => (Some(entry.item), entry.size),
            None => (None, 0),
        };
        if self.stream.as_ref().is_some_and(|s| s.enabled) && !same_item {
            let keys = self.key_item(key);
            let now = self.clock;
            if let Some(stream) = &mut self.stream {
                let sizes = (old_size, new_size);
                stream.record(keys, old.as_ref(), stored.as_ref(), sizes, now, by_service);
            }
        }
        Ok(WriteEffect {
            old,
            old_size,
            new_size,
            index_changes,
            index_partitions,
        })
    }

    /// True when every index's recorded slot for the item at `key` holds
    /// that item's entry: a check the tests' debug builds make after
    /// every write.
    fn slots_agree(&self, key: &PrimaryKey, item_slot: Slot) -> bool {
        let Some(item) = self.get(key) else {
            return true;
        };
        self.indexes.iter().all(|index| {
            let description = &index.description;
            let expected = index_key_of(&description.key_schema, &description.name, &item.item)
                .ok()
                .flatten()
                .and_then(|(partition, sort)| {
                    index
                        .store
                        .slot(&PartitionKey::new(partition), &index_entry_key(key, sort))
                });
            match (expected, index.entry_slot(item_slot)) {
                (Some(slot), Some(recorded)) => slot == recorded,
                (None, _) => true,
                (Some(_), None) => false,
            }
        })
    }

    /// Adds a global secondary index and fills it from the items already in
    /// the table. As in DynamoDB's backfill, an item whose key attribute has
    /// the wrong type (or is empty) is left out of the index rather than
    /// failing the update; it is what DynamoDB calls an index key violation.
    pub fn add_index(&mut self, description: IndexDescription) {
        let mut index = Index::new(description.clone());
        for (partition, entry_key, item_slot, entry) in self.items.entries_with_slots() {
            let key = PrimaryKey {
                partition: partition.value.clone(),
                sort: entry_key.sort.clone(),
            };
            if let Ok(Some(p)) = self.plan_index_entry(&description, &entry.item, Some(entry.size))
            {
                let (slot, _) =
                    index
                        .store
                        .insert(p.partition, index_entry_key(&key, p.sort), p.entry);
                index.set_entry_slot(item_slot, Some(slot));
            }
        }
        self.description.indexes.push(description);
        self.indexes.push(index);
    }

    /// Copies the description's index settings (throughput) to the index
    /// stores after an UpdateTable changed them.
    pub fn sync_index_descriptions(&mut self) {
        for index in &mut self.indexes {
            if let Some(d) = self.description.index(&index.description.name) {
                index.description = d.clone();
            }
        }
    }

    /// Drops a secondary index and its entries.
    pub fn remove_index(&mut self, name: &str) {
        self.description.indexes.retain(|i| i.name != name);
        self.indexes.retain(|i| i.description.name != name);
        self.usage.forget(name);
    }
}
