//! Item collections: on a table with a local secondary index, every item
//! with one partition key value, together with their entries in the local
//! indexes. Writes to such tables can report the collection they wrote to
//! (`ReturnItemCollectionMetrics=SIZE`).

use crate::key::{PartitionKey, PrimaryKey};
use crate::table::{IndexKind, Table};
use crate::types::Item;

/// What a write reports about the item collection it wrote to.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemCollectionMetrics {
    /// `ItemCollectionKey`: the partition key attribute and its value.
    pub key: Item,
    /// The collection's size in bytes: its items and their local index entries.
    pub size_bytes: usize,
}

/// Bytes in a gigabyte, as DynamoDB counts them for item collections.
const GIGABYTE: f64 = 1024.0 * 1024.0 * 1024.0;

impl ItemCollectionMetrics {
    /// `SizeEstimateRangeGB`: DynamoDB gives a lower and an upper bound a
    /// gigabyte apart, the collection's size lying between them; its exact
    /// rounding is not documented, so the engine brackets the size by the
    /// whole gigabytes below and above it.
    pub fn size_estimate_range_gb(&self) -> [f64; 2] {
        let lower = (self.size_bytes as f64 / GIGABYTE).floor();
        [lower, lower + 1.0]
    }
}

/// The bytes of the item collection with this partition key: the table's
/// items and the entries of every local index.
pub fn collection_size(table: &Table, partition: &PartitionKey) -> usize {
    let items: usize = table
        .items
        .partition(partition)
        .map_or(0, |p| p.values().map(|e| e.size).sum());
    let local: usize = table
        .indexes
        .iter()
        .filter(|i| i.description.kind == IndexKind::Local)
        .filter_map(|i| i.store.partition(partition))
        .map(|p| p.values().map(|e| e.size).sum::<usize>())
        .sum();
    items + local
}

/// The metrics of the collection a write to `key` touched, for tables with
/// a local secondary index (`None` for the others, which have none).
pub fn item_collection_metrics(table: &Table, key: &PrimaryKey) -> Option<ItemCollectionMetrics> {
    let has_local = table
        .description
        .indexes
        .iter()
        .any(|i| i.kind == IndexKind::Local);
    if !has_local {
        return None;
    }
    let name = table.description.key_schema.partition.name.as_str();
    let size_bytes = collection_size(table, &PartitionKey::new(key.partition.clone()));
    Some(ItemCollectionMetrics {
        key: [(name, key.partition.to_value())].into_iter().collect(),
        size_bytes,
    })
}
