//! Capacity consumed per partition key value, for the table and each index,
//! so a front end can show which partitions run hot. While a journal is
//! kept ([`Usage::keep_journal`]), every addition is also written down in
//! order, so one request's (or one run's) units per partition can be read
//! back without comparing whole maps.

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
/// index, as a journal writes them down.
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
    journal: Option<Vec<Touch>>,
}

impl Usage {
    /// Adds read units to a partition of the table (`index` `None`) or an index.
    pub fn add_read(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        self.slot(index, partition).read += units;
        self.write_down(
            index,
            partition,
            PartitionUsage {
                read: units,
                write: 0.0,
            },
        );
    }

    /// Adds write units.
    pub fn add_write(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        self.slot(index, partition).write += units;
        self.write_down(
            index,
            partition,
            PartitionUsage {
                read: 0.0,
                write: units,
            },
        );
    }

    /// Starts writing every addition down (afresh, when a journal was kept).
    pub fn keep_journal(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// What was added since [`Usage::keep_journal`], in order, and stops
    /// writing down; empty when no journal was kept.
    pub fn take_journal(&mut self) -> Vec<Touch> {
        self.journal.take().unwrap_or_default()
    }

    fn write_down(&mut self, index: Option<&str>, partition: &KeyValue, usage: PartitionUsage) {
        if let Some(journal) = &mut self.journal {
            journal.push(Touch {
                index: index.map(str::to_string),
                partition: partition.clone(),
                usage,
            });
        }
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
