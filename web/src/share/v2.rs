//! Format 2 of a shared playground: format 1 and the write path — the
//! table's stream and time to live, the stream handler — and the runner's
//! fields for batches and transactions. Frozen, as format 1 is: nothing
//! here changes, and a link of format 1 opens as format 2 with no stream,
//! no time to live and no handler ([`From<v1::Document>`]).
//!
//! What happens on the write path during a visit — the records in the
//! change log, which ones were delivered — is not in a document: a link
//! carries the data as it is, not its history.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use super::v1::{Edit, Entity, JsonText, Pattern, Prices, Table, View};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 2;

/// A whole playground.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Document {
    pub table: Table,
    pub entities: Vec<Entity>,
    pub seed: u64,
    pub patterns: Vec<Pattern>,
    /// The pattern the comparison shows, by position.
    pub selected: u32,
    #[serde(default)]
    pub prices: Prices,
    #[serde(default)]
    pub runner: Runner,
    #[serde(default)]
    pub view: View,
    /// Items put or deleted by hand since generation, at most one per key,
    /// replayed in order on top of the generated items.
    #[serde(default)]
    pub edits: Vec<Edit>,
    #[serde(default)]
    pub write_path: WritePath,
}

/// What the runner holds, as in format 1, with [`RUNNER_FIELDS`].
pub type Runner = BTreeMap<String, String>;

/// The runner's fields: format 1's and the items of a batch or a
/// transaction.
pub const RUNNER_FIELDS: [&str; 22] = [
    "operation",
    "index",
    "key_condition",
    "filter",
    "projection",
    "names",
    "values",
    "limit",
    "select",
    "segment",
    "total_segments",
    "backward",
    "consistent",
    "key",
    "item",
    "update",
    "condition",
    "return_values",
    "description",
    "editing",
    "request_items",
    "transact_items",
];

/// The table's stream and time to live, and the handler of its stream.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
#[serde(default)]
pub struct WritePath {
    /// The stream's view type; `None` for no stream.
    pub stream: Option<String>,
    /// The time-to-live attribute; `None` for no TTL.
    pub ttl_attribute: Option<String>,
    pub handler: Option<Handler>,
}

/// A stream handler: on `event` to an item whose `when_attribute` equals
/// `when_equals`, UpdateItem `update` on the item whose key the templates
/// in `key` make from the record's image.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Handler {
    pub event: String,
    pub when_attribute: String,
    pub when_equals: String,
    pub key: Vec<(String, String)>,
    pub update: String,
    /// ExpressionAttributeValues, as typed.
    pub values: String,
    pub idempotent: bool,
}

impl From<super::v1::Document> for Document {
    fn from(old: super::v1::Document) -> Document {
        Document {
            table: old.table,
            entities: old.entities,
            seed: old.seed,
            patterns: old.patterns,
            selected: old.selected,
            prices: old.prices,
            runner: old.runner,
            view: old.view,
            edits: old.edits,
            write_path: WritePath::default(),
        }
    }
}
