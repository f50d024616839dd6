//! NoSQL Workbench's data model JSON: the table, its global indexes, its
//! entity types as facets (each with the key aliases Workbench shows over
//! the table's keys) and its items, written as version 3.0 ([`write`](mod@write))
//! and read from versions 1.0, 2.0 and 3.0 ([`read`](mod@read)).
//!
//! What Workbench has no field for travels in fields named as DynamoDB's
//! API names them, which Workbench passes over: a table's
//! `LocalSecondaryIndexes`, `StreamSpecification`,
//! `TimeToLiveSpecification`, `PointInTimeRecoverySpecification`,
//! `Tags`, `TableClass` and `DeletionProtectionEnabled`, and an index's
//! own `ProvisionedThroughput` and the full `KeySchema` of an index keyed
//! on several attributes (whose `KeyAttributes` give only the first of
//! each kind; the others' types are in `NonKeyAttributes`).
//! A facet also carries the playground's own description of the entity
//! type (`DdbplayEntity`), and the table the playground's whole file
//! (`DdbplayPlayground`), with a digest of the `TableData` written beside
//! it: a model the playground wrote opens as the very playground, unless
//! its items were changed since — then the chart is made again from the
//! facets and the items.

pub mod read;
pub mod write;

pub use read::read;
pub use write::write;

/// The field a facet carries the playground's entity type in.
pub const ENTITY_FIELD: &str = "DdbplayEntity";
/// The field a table carries the playground's file in.
pub const PLAYGROUND_FIELD: &str = "DdbplayPlayground";

/// The digest of a model's `TableData` as JSON: xxh3, in hex.
pub fn digest(table_data: &serde_json::Value) -> String {
    format!(
        "{:016x}",
        xxhash_rust::xxh3::xxh3_64(table_data.to_string().as_bytes())
    )
}
