//! Capacity consumed per partition key value, for the table and each index,
//! so a front end can show which partitions run hot.

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

/// Per-partition usage of one table or index at a moment.
#[derive(Clone, Debug, Default)]
pub struct UsageSnapshot(ByPartition);

/// Usage of a table and of its indexes (by index name).
#[derive(Debug, Default)]
pub struct Usage {
    table: ByPartition,
    indexes: BTreeMap<String, ByPartition>,
}

impl Usage {
    /// Adds read units to a partition of the table (`index` `None`) or an index.
    pub fn add_read(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        self.slot(index, partition).read += units;
    }

    /// Adds write units.
    pub fn add_write(&mut self, index: Option<&str>, partition: &KeyValue, units: f64) {
        self.slot(index, partition).write += units;
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

    /// The usage of the table or an index as it stands, to compare with
    /// later through [`Usage::reads_since`].
    pub fn snapshot(&self, index: Option<&str>) -> UsageSnapshot {
        UsageSnapshot(self.target(index).cloned().unwrap_or_default())
    }

    /// Read units per partition since `before`, busiest first: what one
    /// request (or a run of pages) read where.
    pub fn reads_since(&self, index: Option<&str>, before: &UsageSnapshot) -> Vec<(KeyValue, f64)> {
        let mut rows: Vec<(KeyValue, f64)> = self
            .target(index)
            .into_iter()
            .flat_map(|m| m.iter())
            .filter_map(|(key, now)| {
                let earlier = before.0.get(key).map_or(0.0, |u| u.read);
                let read = now.read - earlier;
                (read > 1e-9).then(|| (key.value.clone(), read))
            })
            .collect();
        rows.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
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
