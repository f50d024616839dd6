//! Capacity consumed per partition key value, for the table and each index,
//! so a front end can show which partitions run hot. While a journal is
//! kept ([`Usage::keep_journal`]), every addition is also summed in a second
//! usage of its own, so one request's (or one run's) units per partition
//! can be read back without comparing whole maps.

use std::collections::{BTreeMap, HashMap};

use crate::key::{KeyValue, PartitionKey, PrehashedBuilder};

/// Usage by partition, found by the partition key's fixed hash (computed
/// once per write, not hashed again by the map).
type ByPartition = HashMap<PartitionKey, PartitionUsage, PrehashedBuilder>;

/// Units consumed in one partition.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PartitionUsage {
    /// Read units.
    pub read: f64,
    /// Write units.
    pub write: f64,
}

/// Units added to one partition of the table (`index` `None`) or of an
/// index while a journal was kept, summed.
#[derive(Clone, Debug, PartialEq)]
pub struct Touch {
    pub index: Option<String>,
    pub partition: KeyValue,
    pub usage: PartitionUsage,
}

/// Usage of a table and of its indexes (by index name).
#[derive(Debug, Default)]
pub struct Usage {
    table: ByPartition,
    indexes: BTreeMap<String, ByPartition>,
    journal: Option<Box<Usage>>,
}

impl Usage {
    /// Adds read units to a partition of the table (`index` `None`) or an index.
    pub fn add_read(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        self.slot(index, partition).read += units;
        if let Some(journal) = &mut self.journal {
            journal.slot(index, partition).read += units;
        }
    }

    /// Adds write units.
    pub fn add_write(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        self.slot(index, partition).write += units;
        if let Some(journal) = &mut self.journal {
            journal.slot(index, partition).write += units;
        }
    }

    /// Starts summing every addition on its own too (afresh, when a
    /// journal was kept).
    pub fn keep_journal(&mut self) {
        self.journal = Some(Box::default());
    }

    /// What was added since [`Usage::keep_journal`], one entry per
    /// partition of the table and of each index, and stops keeping it;
    /// empty when no journal was kept.
    pub fn take_journal(&mut self) -> Vec<Touch> {
        let Some(journal) = self.journal.take() else {
            return Vec::new();
        };
        let Usage { table, indexes, .. } = *journal;
        let on = |index: Option<String>, map: ByPartition| {
            map.into_iter().map(move |(key, usage)| Touch {
                index: index.clone(),
                partition: key.value,
                usage,
            })
        };
        on(None, table)
            .chain(
                indexes
                    .into_iter()
                    .flat_map(|(name, map)| on(Some(name), map)),
            )
            .collect()
    }

    fn slot(&mut self, index: Option<&str>, partition: &KeyValue) -> &mut PartitionUsage {
        let target = match index {
            None => &mut self.table,
            Some(name) => {
                if !self.indexes.contains_key(name) {
                    self.indexes.insert(name.to_string(), HashMap::default());
                }
                // Invariant: inserted just above when missing.
                self.indexes.get_mut(name).expect("index usage exists")
            }
        };
        target
            .entry(PartitionKey::new(partition.clone()))
            .or_default()
    }

    fn target(&self, index: Option<&str>) -> Option<&ByPartition> {
        match index {
            None => Some(&self.table),
            Some(name) => self.indexes.get(name),
        }
    }

    /// Per-partition usage of the table or an index, hottest first.
    pub fn partitions(&self, index: Option<&str>) -> Vec<(KeyValue, PartitionUsage)> {
        let mut rows: Vec<(KeyValue, PartitionUsage)> = self
            .target(index)
            .map(|m| m.iter().map(|(k, u)| (k.value.clone(), *u)).collect())
            .unwrap_or_default();
        rows.sort_by(|a, b| {
            (b.1.read + b.1.write)
                .total_cmp(&(a.1.read + a.1.write))
                .then_with(|| a.0.cmp(&b.0))
        });
        rows
    }

    /// Forgets an index's usage (when it is dropped) or, with `None`, everything.
    pub fn forget(&mut self, index: Option<&str>) {
        match index {
            Some(name) => {
                self.indexes.remove(name);
            }
            None => {
                self.table.clear();
                self.indexes.clear();
            }
        }
    }
}
