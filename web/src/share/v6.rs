//! Format 6 of a shared playground: format 5 and the number of items an
//! access pattern is expected to return (`budget.expected_items`), with
//! the runner's field for it. Links of format 6 use format 2's preset
//! dictionary. A link of format 5 opens as format 6 with no expected
//! counts ([`From<v5::Document>`]). Format 6 is frozen: format 7 follows
//! ([`super::v7`]).

use serde::{Deserialize, Serialize};

pub use super::v1::{Edit, Entity, JsonText, Prices, ScanFilter, Table, View};
pub use super::v2::{Handler, Runner, WritePath};
pub use super::v5::{ConsoleFile, Contents};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 6;

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
    /// The aws CLI console's files, by name.
    #[serde(default)]
    pub console_files: Vec<ConsoleFile>,
}

/// An access pattern: format 4's, with format 6's expectations.
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
    /// Returns exactly this many items on the playground's data.
    #[serde(default)]
    pub expected_items: Option<u32>,
}

/// The runner's fields: format 4's, and the expected count of the
/// pattern being edited.
pub const RUNNER_FIELDS: [&str; 31] = {
    let mut fields = [""; 31];
    let mut i = 0;
    while i < super::v4::RUNNER_FIELDS.len() {
        fields[i] = super::v4::RUNNER_FIELDS[i];
        i += 1;
    }
    fields[30] = "expected_items";
    fields
};

impl From<super::v4::Pattern> for Pattern {
    fn from(old: super::v4::Pattern) -> Pattern {
        Pattern {
            description: old.description,
            operation: old.operation,
            request: old.request,
            scan_filter: old.scan_filter,
            alternative: old.alternative,
            budget: Budget {
                keyed: old.budget.keyed,
                max_units: old.budget.max_units,
                returns_what_it_reads: old.budget.returns_what_it_reads,
                expected_items: None,
            },
            rate: old.rate,
            shards: old.shards,
        }
    }
}

impl From<super::v5::Document> for Document {
    fn from(old: super::v5::Document) -> Document {
        Document {
            table: old.table,
            entities: old.entities,
            seed: old.seed,
            patterns: old.patterns.into_iter().map(Pattern::from).collect(),
            selected: old.selected,
            prices: old.prices,
            runner: old.runner,
            view: old.view,
            edits: old.edits,
            write_path: old.write_path,
            console_files: old.console_files,
        }
    }
}

impl From<super::v4::Document> for Document {
    fn from(old: super::v4::Document) -> Document {
        Document::from(super::v5::Document::from(old))
    }
}
