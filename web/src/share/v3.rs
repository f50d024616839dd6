//! Format 3 of a shared playground: format 2 and PartiQL — access
//! patterns written as a SELECT (`ExecuteStatement`), each with the keyed
//! SELECT it may be compared with (`alternative`), and the runner's
//! PartiQL fields (`statement`, its `parameters`, and the `alternative` of
//! the pattern it edits). Links of format 3 use format 2's preset
//! dictionary. Frozen from here on, as formats 1 and 2 are: a link of
//! format 2 opens as format 3 with no alternatives
//! ([`From<v2::Document>`]).

use serde::{Deserialize, Serialize};

pub use super::v1::{Edit, Entity, JsonText, Prices, ScanFilter, Table, View};
pub use super::v2::{Handler, Runner, WritePath};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 3;

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

/// An access pattern: format 1's, and the SELECT a PartiQL pattern that
/// is a Scan is compared with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Pattern {
    pub description: String,
    pub operation: String,
    pub request: JsonText,
    #[serde(default)]
    pub scan_filter: Option<ScanFilter>,
    #[serde(default)]
    pub alternative: Option<String>,
}

/// The runner's fields: format 2's, and a PartiQL statement with its
/// parameters and the alternative of the pattern being edited.
pub const RUNNER_FIELDS: [&str; 25] = [
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
    "statement",
    "parameters",
    "alternative",
];

impl From<super::v2::Document> for Document {
    fn from(old: super::v2::Document) -> Document {
        Document {
            table: old.table,
            entities: old.entities,
            seed: old.seed,
            patterns: old
                .patterns
                .into_iter()
                .map(|p| Pattern {
                    description: p.description,
                    operation: p.operation,
                    request: p.request,
                    scan_filter: p.scan_filter,
                    alternative: None,
                })
                .collect(),
            selected: old.selected,
            prices: old.prices,
            runner: old.runner,
            view: old.view,
            edits: old.edits,
            write_path: old.write_path,
        }
    }
}
