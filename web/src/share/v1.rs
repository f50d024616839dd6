//! Format 1 of a shared playground. Frozen: a link made with this format
//! must open the same way in every later release, so nothing here changes —
//! not a field, not its order, not a default. A new format gets a module of
//! its own and a conversion from this one.
//!
//! The document holds what the learner made, never derived data: the table
//! design, the entity chart (attributes as the text the learner types, key
//! templates as written), the seed, the access patterns, what is selected
//! and typed in the runner, where the data view stands, and the items
//! changed by hand since generation. Generated items are not in it: the
//! chart and the seed make them again, item for item.
//!
//! JSON values inside (requests, items) travel as JSON text in the compact
//! encoding and as plain JSON in the human-readable file ([`JsonText`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value as Json;

/// The format's number, as written in links and files.
pub const VERSION: u32 = 1;

/// A whole playground.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
}

/// The table design.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub name: String,
    pub partition_key: Key,
    pub sort_key: Option<Key>,
    #[serde(default)]
    pub indexes: Vec<Index>,
}

/// A key attribute and its type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Key {
    pub name: String,
    #[serde(rename = "type")]
    pub key_type: KeyType,
}

/// The three types a key attribute can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeyType {
    S,
    N,
    B,
}

/// A secondary index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Index {
    pub name: String,
    pub global: bool,
    pub partition_key: Key,
    pub sort_key: Option<Key>,
    pub projection: Projection,
}

/// What an index's entries carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Projection {
    KeysOnly,
    Include(Vec<String>),
    All,
}

/// One entity of the chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub name: String,
    pub parent: Option<String>,
    /// How many to generate, low and high: per parent item, or in all.
    pub count: (u32, u32),
    /// One `name: kind` per line, as typed in the entity editor.
    pub attributes: String,
    /// Key attribute name and template, in key-attribute order.
    pub keys: Vec<(String, String)>,
}

/// An access pattern.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pattern {
    pub description: String,
    pub operation: String,
    pub request: JsonText,
    #[serde(default)]
    pub scan_filter: Option<ScanFilter>,
}

/// The Scan filter a pattern is compared with, when spelled out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScanFilter {
    pub expression: String,
    pub names: Option<JsonText>,
    pub values: JsonText,
}

/// On-demand prices and the request rate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prices {
    pub read_per_million: f64,
    pub write_per_million: f64,
    pub requests_per_month: f64,
}

impl Default for Prices {
    /// Frozen with the format: what a file without prices means.
    fn default() -> Prices {
        Prices {
            read_per_million: 0.125,
            write_per_million: 0.625,
            requests_per_month: 1_000_000.0,
        }
    }
}

/// What is typed in the request runner: field name → text, only the
/// fields that hold something. The names, fixed with the format:
/// [`RUNNER_FIELDS`]; `backward` and `consistent` hold `true` when ticked,
/// `editing` the position of the pattern being edited.
pub type Runner = BTreeMap<String, String>;

/// The runner's fields, as named in [`Runner`].
pub const RUNNER_FIELDS: [&str; 20] = [
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
];

/// Where the data view stands.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct View {
    /// The index shown; `None` for the table.
    pub index: Option<String>,
    /// The row at the top of the view, counting collection headers.
    pub row: u32,
}

/// A change made by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Edit {
    /// The item as it now stands (DynamoDB JSON).
    Put(JsonText),
    /// The table key of an item that is gone (DynamoDB JSON).
    Delete(JsonText),
}

/// A JSON value: text in the compact encoding (whose binary formats cannot
/// carry a self-describing value), plain JSON in the readable file. Text
/// that does not read as JSON is kept with the reason, so the page can say
/// which part of the playground it was in.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonText(Result<Json, String>);

impl JsonText {
    /// A value to write.
    pub fn new(value: Json) -> JsonText {
        JsonText(Ok(value))
    }

    /// The value read, or why the text is not JSON.
    pub fn into_value(self) -> Result<Json, String> {
        self.0
    }

    /// How many bytes the value is as JSON text, if at most `limit`:
    /// counted as it is written, and given up past the limit.
    pub fn encoded_len(&self, limit: usize) -> Option<usize> {
        struct Counter {
            written: usize,
            limit: usize,
        }
        impl std::io::Write for Counter {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.written += bytes.len();
                if self.written > self.limit {
                    return Err(std::io::Error::other("past the limit"));
                }
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let Ok(value) = &self.0 else {
            return Some(0);
        };
        let mut counter = Counter { written: 0, limit };
        serde_json::to_writer(&mut counter, value).ok()?;
        Some(counter.written)
    }
}

impl Serialize for JsonText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.0.as_ref().unwrap_or(&Json::Null);
        if serializer.is_human_readable() {
            value.serialize(serializer)
        } else {
            serializer.serialize_str(&value.to_string())
        }
    }
}

impl<'de> Deserialize<'de> for JsonText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<JsonText, D::Error> {
        if deserializer.is_human_readable() {
            Json::deserialize(deserializer).map(JsonText::new)
        } else {
            let text = String::deserialize(deserializer)?;
            Ok(JsonText(
                serde_json::from_str(&text).map_err(|e| format!("it is not JSON ({e})")),
            ))
        }
    }
}
