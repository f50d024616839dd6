//! Format 7 of a shared playground: format 6 with global secondary indexes
//! whose partition and sort keys may have several attributes (up to four
//! each: [`Index::more_partition`], [`Index::more_sort`]). A link or file of
//! format 6 opens as format 7 with every index keyed on one attribute of
//! each kind ([`From<v6::Document>`]); format 6 is frozen from here on.

use serde::{Deserialize, Serialize};

pub use super::v1::{Edit, Entity, JsonText, Prices, ScanFilter, View};
use super::v1::{Key, Projection};
pub use super::v2::{Handler, Runner, WritePath};
pub use super::v5::{ConsoleFile, Contents};
pub use super::v6::{Budget, Pattern, RUNNER_FIELDS};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 7;

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

/// The table design: format 1's, with format 7's indexes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Table {
    pub name: String,
    pub partition_key: Key,
    pub sort_key: Option<Key>,
    #[serde(default)]
    pub indexes: Vec<Index>,
}

/// A secondary index: format 1's, and a multi-attribute key's further
/// attributes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Index {
    pub name: String,
    pub global: bool,
    pub partition_key: Key,
    pub sort_key: Option<Key>,
    /// The partition key's attributes after the first, in order.
    #[serde(default)]
    pub more_partition: Vec<Key>,
    /// The sort key's attributes after the first, in order.
    #[serde(default)]
    pub more_sort: Vec<Key>,
    pub projection: Projection,
}

impl From<super::v1::Table> for Table {
    fn from(old: super::v1::Table) -> Table {
        Table {
            name: old.name,
            partition_key: old.partition_key,
            sort_key: old.sort_key,
            indexes: old
                .indexes
                .into_iter()
                .map(|i| Index {
                    name: i.name,
                    global: i.global,
                    partition_key: i.partition_key,
                    sort_key: i.sort_key,
                    more_partition: Vec::new(),
                    more_sort: Vec::new(),
                    projection: i.projection,
                })
                .collect(),
        }
    }
}

impl From<super::v6::Document> for Document {
    fn from(old: super::v6::Document) -> Document {
        Document {
            table: Table::from(old.table),
            entities: old.entities,
            seed: old.seed,
            patterns: old.patterns,
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

impl From<super::v5::Document> for Document {
    fn from(old: super::v5::Document) -> Document {
        Document::from(super::v6::Document::from(old))
    }
}

impl From<super::v4::Document> for Document {
    fn from(old: super::v4::Document) -> Document {
        Document::from(super::v6::Document::from(old))
    }
}

/// A table of format 7 as format 1 wrote it: its indexes keyed on their
/// first attributes only (what the tests that write links of older formats
/// need).
#[cfg(test)]
impl From<Table> for super::v1::Table {
    fn from(table: Table) -> super::v1::Table {
        super::v1::Table {
            name: table.name,
            partition_key: table.partition_key,
            sort_key: table.sort_key,
            indexes: table
                .indexes
                .into_iter()
                .map(|i| super::v1::Index {
                    name: i.name,
                    global: i.global,
                    partition_key: i.partition_key,
                    sort_key: i.sort_key,
                    projection: i.projection,
                })
                .collect(),
        }
    }
}
