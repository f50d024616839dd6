//! Reading one page of a Query or Scan.
//!
//! A page reads entries in order until it has evaluated `Limit` of them or
//! read 1 MB (the entry that crosses 1 MB is included, and one entry is
//! always read). Every entry read counts toward ScannedCount and the bytes
//! charged, whether or not the FilterExpression then keeps it; Count is what
//! the filter kept. When the page stopped early, LastEvaluatedKey is the key
//! of the last entry evaluated — even if nothing remains after it.
//!
//! Choices where DynamoDB's documentation is silent or unsure, following
//! the project's semantics reference:
//! - a page that reads nothing is still charged the minimum unit (0.5
//!   eventually consistent, 1 strong), as GetItem of a missing item is;
//! - on an index the 1 MB is measured on the index entries;
//! - an LSI read that needs unprojected attributes fetches each item from
//!   the table; the fetched bytes are summed and rounded once, on the table's
//!   arm of the consumed capacity (the behaviour a live-validated test pins,
//!   where the guide's example rounds each fetch separately).

use super::select::ReadShape;
use crate::capacity::{Consumed, read_units};
use crate::error::{Error, Result};
use crate::expr::ast::Condition;
use crate::expr::eval::eval_condition;
use crate::key::{EntryKey, KeySchema, KeyValue, PartitionKey, PrimaryKey, Tie};
use crate::table::{Entry, Index, IndexKind, Store, Table};
use crate::types::{Item, path::project};

pub use crate::limits::PAGE_BYTES;

/// What a Query or Scan page returns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageResponse {
    /// `Items`; `None` with `Select=COUNT`.
    pub items: Option<Vec<Item>>,
    /// `Count`: items the filter kept.
    pub count: usize,
    /// `ScannedCount`: items read.
    pub scanned_count: usize,
    /// `LastEvaluatedKey`, when the page stopped early.
    pub last_evaluated_key: Option<Item>,
    /// Capacity consumed.
    pub consumed: Consumed,
    /// What the same page costs read strongly consistent, by the same
    /// rules: `None` on a global index, which is never read so. Not in
    /// DynamoDB's response; the page compares the two without reading
    /// twice.
    pub consumed_if_strong: Option<Consumed>,
    /// Bytes read (the sizes the read units were computed from).
    pub bytes_read: usize,
}

/// How a read words its refusal of an `ExclusiveStartKey` that is not one
/// of its keys.
pub struct StartKeyRefusals<'m> {
    /// It has more or fewer attributes than the key.
    pub count: &'m str,
    /// An attribute of the key being read is missing.
    pub missing: &'m str,
    /// An attribute of the key being read has another type.
    pub mistyped: &'m str,
    /// Reading an index: a key attribute of the table is missing or has
    /// another type.
    pub table_key: &'m str,
}

/// Where a read resumes, decoded from `ExclusiveStartKey`.
#[derive(Clone, Debug, PartialEq)]
pub struct StartKey {
    /// The partition of the last entry read.
    pub partition: PartitionKey,
    /// Its position in the partition.
    pub entry: EntryKey,
}

/// The table or index a read walks.
pub(in crate::ops) struct Target<'a> {
    pub table: &'a Table,
    pub index: Option<&'a Index>,
}

impl<'a> Target<'a> {
    /// Finds the table's index by name.
    pub fn new(table: &'a Table, index_name: Option<&str>) -> Result<Target<'a>> {
        let index = match index_name {
            Some(name) => Some(table.index(name).ok_or_else(|| {
                Error::validation(format!(
                    "The table does not have the specified index: {name}"
                ))
            })?),
            None => None,
        };
        Ok(Target { table, index })
    }

    pub fn store(&self) -> &'a Store {
        self.index.map_or(&self.table.items, |i| &i.store)
    }

    pub fn key_schema(&self) -> &'a KeySchema {
        self.index.map_or(&self.table.description.key_schema, |i| {
            &i.description.key_schema
        })
    }

    pub fn is_global(&self) -> bool {
        self.index
            .is_some_and(|i| i.description.kind == IndexKind::Global)
    }

    /// The attributes of `LastEvaluatedKey` / `ExclusiveStartKey`: the
    /// index keys, then the table keys; each with its type and whether it
    /// is a partition key (of the index or the table).
    fn key_attributes(&self) -> Vec<(&'a str, crate::key::KeyType, bool)> {
        let mut out: Vec<(&'a str, crate::key::KeyType, bool)> = Vec::new();
        let mut push = |schema: &'a KeySchema| {
            for (a, is_partition) in schema.attributes() {
                match out.iter_mut().find(|(n, _, _)| *n == a.name.as_str()) {
                    Some(known) => known.2 |= is_partition,
                    None => out.push((a.name.as_str(), a.key_type, is_partition)),
                }
            }
        };
        if let Some(index) = self.index {
            push(&index.description.key_schema);
        }
        push(&self.table.description.key_schema);
        out
    }

    /// How many attributes an `ExclusiveStartKey` of this read holds.
    pub fn start_key_len(&self) -> usize {
        self.key_attributes().len()
    }

    /// Decodes an `ExclusiveStartKey`: exactly the key attributes, with the
    /// schema's types, refused in `refusals`' words, each one a key value
    /// DynamoDB would accept anywhere: not empty, within the size limits —
    /// the same messages as for a `Key` ([`crate::key::check_key_value`]).
    /// The attributes of the key being read (the index's, reading an index)
    /// are checked first, in key schema order ([`Self::check_start_key_own`]),
    /// then the table's others.
    pub fn start_key(&self, key: &Item, refusals: &StartKeyRefusals) -> Result<StartKey> {
        self.check_start_key_own(key, refusals)?;
        let refuse = |words: &str| Error::validation(words.to_string());
        for (name, key_type, is_partition) in &self.key_attributes()[self.own_key_len()..] {
            let value = key.get(name).ok_or_else(|| refuse(refusals.table_key))?;
            let value = KeyValue::from_value(value)
                .filter(|v| v.key_type() == Some(*key_type))
                .ok_or_else(|| refuse(refusals.table_key))?;
            crate::key::check_key_value(name, &value, *is_partition)?;
        }
        let bad = || refuse(refusals.table_key);
        let get = |name: &str| -> Result<KeyValue> {
            let value = key.get(name).ok_or_else(bad)?;
            KeyValue::from_value(value).ok_or_else(bad)
        };
        let table_keys = &self.table.description.key_schema;
        let table_pk = get(&table_keys.partition.name)?;
        let table_sk = table_keys.sort.as_ref().map(|s| get(&s.name)).transpose()?;
        Ok(match self.index {
            None => StartKey {
                partition: PartitionKey::new(table_pk),
                entry: EntryKey {
                    sort: table_sk,
                    tie: Tie::Min,
                },
            },
            Some(index) => {
                let schema = &index.description.key_schema;
                let values =
                    |attributes: Vec<&crate::key::KeyAttribute>| -> Result<Option<KeyValue>> {
                        let values = attributes
                            .iter()
                            .map(|a| get(&a.name))
                            .collect::<Result<_>>()?;
                        Ok(KeyValue::from_parts(values))
                    };
                let partition = values(schema.partition_attributes().collect())?.ok_or_else(bad)?;
                StartKey {
                    partition: PartitionKey::new(partition),
                    entry: EntryKey {
                        sort: values(schema.sort_attributes().collect())?,
                        tie: Tie::Base(Box::new((table_pk, table_sk))),
                    },
                }
            }
        })
    }

    /// The first of [`Self::start_key`]'s checks: the number of attributes,
    /// then those of the key being read, in key schema order.
    pub fn check_start_key_own(&self, key: &Item, refusals: &StartKeyRefusals) -> Result<()> {
        let attributes = self.key_attributes();
        let refuse = |words: &str| Error::validation(words.to_string());
        if key.len() != attributes.len() {
            return Err(refuse(refusals.count));
        }
        for (name, key_type, is_partition) in &attributes[..self.own_key_len()] {
            let value = key.get(name).ok_or_else(|| refuse(refusals.missing))?;
            let value = KeyValue::from_value(value)
                .filter(|v| v.key_type() == Some(*key_type))
                .ok_or_else(|| refuse(refusals.mistyped))?;
            crate::key::check_key_value(name, &value, *is_partition)?;
        }
        Ok(())
    }

    /// How many of [`Self::key_attributes`] belong to the key being read.
    fn own_key_len(&self) -> usize {
        match self.index {
            Some(index) => index.description.key_schema.attribute_count(),
            None => self.key_attributes().len(),
        }
    }

    /// The `LastEvaluatedKey` for an entry.
    fn last_evaluated_key(&self, partition: &PartitionKey, entry: &EntryKey) -> Item {
        let mut key = Item::new();
        let table_keys = &self.table.description.key_schema;
        let (table_pk, table_sk) = match (&entry.tie, self.index) {
            (Tie::Base(base), Some(_)) => (&base.0, base.1.as_ref()),
            _ => (&partition.value, entry.sort.as_ref()),
        };
        key.insert(table_keys.partition.name.clone(), table_pk.to_value());
        if let (Some(attribute), Some(value)) = (&table_keys.sort, table_sk) {
            key.insert(attribute.name.clone(), value.to_value());
        }
        if let Some(index) = self.index {
            let schema = &index.description.key_schema;
            let sort = entry.sort.as_ref().map_or(&[][..], KeyValue::parts);
            let values = partition.value.parts().iter().chain(sort);
            for ((attribute, _), value) in schema.attributes().zip(values) {
                key.insert(attribute.name.clone(), value.to_value());
            }
        }
        key
    }
}

/// Accumulates one page.
pub(in crate::ops) struct PageBuilder<'a> {
    target: &'a Target<'a>,
    shape: &'a ReadShape,
    filter: Option<&'a Condition>,
    limit: Option<usize>,
    consistent: bool,
    items: Vec<Item>,
    count: usize,
    scanned: usize,
    bytes: usize,
    fetched_bytes: usize,
    /// Bytes read per partition, in reading order; only counted while the
    /// table's usage journal is kept.
    partitions: Option<Vec<(KeyValue, usize)>>,
    last: Option<(PartitionKey, EntryKey)>,
    stopped_early: bool,
}

impl<'a> PageBuilder<'a> {
    pub fn new(
        target: &'a Target<'a>,
        shape: &'a ReadShape,
        filter: Option<&'a Condition>,
        limit: Option<usize>,
        consistent: bool,
    ) -> PageBuilder<'a> {
        PageBuilder {
            target,
            shape,
            filter,
            limit,
            consistent,
            items: Vec::new(),
            count: 0,
            scanned: 0,
            bytes: 0,
            fetched_bytes: 0,
            partitions: target.table.usage.is_kept().then(Vec::new),
            last: None,
            stopped_early: false,
        }
    }

    /// Reads one entry; returns false when the page is full.
    pub fn offer(&mut self, partition: &PartitionKey, key: &EntryKey, entry: &Entry) -> bool {
        self.scanned += 1;
        self.bytes += entry.size;
        if let Some(partitions) = &mut self.partitions {
            match partitions.last_mut() {
                Some((value, bytes)) if *value == partition.value => *bytes += entry.size,
                _ => partitions.push((partition.value.clone(), entry.size)),
            }
        }
        let item = if self.shape.fetch {
            self.fetch(key)
        } else {
            None
        };
        let item = item.as_ref().unwrap_or(&entry.item);
        if self.filter.is_none_or(|f| eval_condition(f, item)) {
            self.count += 1;
            if !self.shape.count_only {
                self.items.push(match &self.shape.projection {
                    Some(paths) => project(item, paths),
                    None => item.clone(),
                });
            }
        }
        let full = self.limit.is_some_and(|l| self.scanned >= l) || self.bytes >= PAGE_BYTES;
        if full {
            self.last = Some((partition.clone(), key.clone()));
            self.stopped_early = true;
        }
        !full
    }

    /// Reads entries of one partition in order, with the next few items'
    /// loads already under way; returns false when the page is full.
    pub fn offer_all<'e, I>(&mut self, partition: &PartitionKey, entries: I) -> bool
    where
        I: Iterator<Item = (&'e EntryKey, &'e Entry)> + Clone,
    {
        const LOOKAHEAD: usize = 8;
        let mut ahead = entries.clone();
        for (_, entry) in ahead.by_ref().take(LOOKAHEAD) {
            entry.item.prefetch();
        }
        for (key, entry) in entries {
            if let Some((_, next)) = ahead.next() {
                next.item.prefetch();
            }
            if !self.offer(partition, key, entry) {
                return false;
            }
        }
        true
    }

    /// The table item behind an LSI entry, charged to the table.
    fn fetch(&mut self, key: &EntryKey) -> Option<Item> {
        let Tie::Base(base) = &key.tie else {
            return None;
        };
        let primary = PrimaryKey {
            partition: base.0.clone(),
            sort: base.1.clone(),
        };
        let entry = self.target.table.get(&primary)?;
        self.fetched_bytes += entry.size;
        Some(entry.item.clone())
    }

    /// Finishes the page: the response, and the usage to record once the
    /// table may be borrowed mutably again.
    pub fn finish(self) -> (PageResponse, ReadUsage) {
        let index = self
            .target
            .index
            .map(|i| (i.description.kind, i.description.name.clone()));
        let global = self.target.is_global();
        let charge = |consistent: bool| {
            let mut consumed = Consumed::new(&self.target.table.description.name);
            let units = read_units(self.bytes, consistent);
            match &index {
                None => consumed.table = units,
                Some((kind, name)) => {
                    consumed.add_index(*kind, name, units);
                    if self.fetched_bytes > 0 {
                        consumed.table = read_units(self.fetched_bytes, consistent);
                    }
                }
            }
            consumed
        };
        let consumed = charge(self.consistent && !global);
        let consumed_if_strong = (!global).then(|| charge(true));
        // Usage counts the entries read, on the table or index read.
        let units = read_units(self.bytes, self.consistent && !global);
        let total_bytes = self.bytes.max(1) as f64;
        let usage = ReadUsage {
            index: index.as_ref().map(|(_, n)| n.clone()),
            partitions: self
                .partitions
                .iter()
                .flatten()
                .map(|(p, bytes)| (p.clone(), units * *bytes as f64 / total_bytes))
                .collect(),
        };
        let last_evaluated_key = match (&self.last, self.stopped_early) {
            (Some((p, k)), true) => Some(self.target.last_evaluated_key(p, k)),
            _ => None,
        };
        let response = PageResponse {
            items: (!self.shape.count_only).then_some(self.items),
            count: self.count,
            scanned_count: self.scanned,
            last_evaluated_key,
            consumed,
            consumed_if_strong,
            bytes_read: self.bytes,
        };
        (response, usage)
    }
}

/// Read units to record per partition, split by the bytes read in each.
pub(in crate::ops) struct ReadUsage {
    index: Option<String>,
    partitions: Vec<(KeyValue, f64)>,
}

impl ReadUsage {
    /// Records the usage on the table.
    pub fn record(self, table: &mut Table) {
        for (partition, units) in &self.partitions {
            table
                .usage
                .add_read(self.index.as_deref(), partition, *units);
        }
    }
}
