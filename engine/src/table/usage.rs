//! Capacity consumed per partition key value, for the table and each index,
//! so a front end can show where a request's load lands and which
//! partitions run hot. Units are summed only while a journal is kept
//! ([`Usage::keep_journal`]) around the requests being watched, and read
//! back once ([`Usage::take_journal`]).

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

/// Usage of a table and of its indexes, summed while a journal is kept.
/// Nothing is counted otherwise: a write or read nobody is watching pays
/// nothing for it.
#[derive(Debug, Default)]
pub struct Usage {
    journal: Option<Box<Sums>>,
}

/// Units per partition of the table and of each index (by index name).
#[derive(Debug, Default)]
struct Sums {
    table: ByPartition,
    indexes: BTreeMap<String, ByPartition>,
}

impl Usage {
    /// True while a journal is kept, so additions are counted.
    pub fn is_kept(&self) -> bool {
        self.journal.is_some()
    }

    /// Adds read units to a partition of the table (`index` `None`) or an
    /// index, when a journal is kept.
    pub fn add_read(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        if let Some(journal) = &mut self.journal {
            journal.slot(index, partition).read += units;
        }
    }

    /// Adds write units, when a journal is kept.
    pub fn add_write(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        if let Some(journal) = &mut self.journal {
            journal.slot(index, partition).write += units;
        }
    }

    /// Starts summing every addition (afresh, when a journal was kept).
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
        let Sums { table, indexes } = *journal;
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

    /// Forgets an index's usage (when it is dropped).
    pub fn forget(&mut self, index: &str) {
        if let Some(journal) = &mut self.journal {
            journal.indexes.remove(index);
        }
    }
}

impl Sums {
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
}
