//! Format 4 of a shared playground (frozen: format 5 adds the console's
//! files): format 3 and the design review —
//! each access pattern's expectations (`budget`), its request rate in
//! requests per second (`rate`, for the throughput view) and its write
//! sharding (`shards`), and the runner's fields for them. Links of format 4
//! use format 2's preset dictionary. A link of format 3 opens as format 4
//! with no expectations, no rates and no sharding ([`From<v3::Document>`]).

use serde::{Deserialize, Serialize};

pub use super::v1::{Edit, Entity, JsonText, Prices, ScanFilter, Table, View};
pub use super::v2::{Handler, Runner, WritePath};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 4;

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

/// An access pattern: format 3's, with its expectations, rate and sharding.
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
    #[serde(default)]
    pub budget: Budget,
    /// Requests per second; 0 when not given.
    #[serde(default)]
    pub rate: f64,
    #[serde(default)]
    pub shards: Option<u32>,
}

/// What the design review expects of a pattern.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Budget {
    /// Served by GetItem or Query, never a Scan.
    #[serde(default)]
    pub keyed: bool,
    /// At most this many units a request.
    #[serde(default)]
    pub max_units: Option<f64>,
    /// Count equal to ScannedCount.
    #[serde(default)]
    pub returns_what_it_reads: bool,
}

/// The runner's fields: format 3's, and the expectations, rate and
/// sharding of the pattern being edited.
pub const RUNNER_FIELDS: [&str; 30] = [
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
    "keyed",
    "max_units",
    "returns_what_it_reads",
    "rate",
    "shards",
];

impl From<super::v3::Document> for Document {
    fn from(old: super::v3::Document) -> Document {
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
                    alternative: p.alternative,
                    budget: Budget::default(),
                    rate: 0.0,
                    shards: None,
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
