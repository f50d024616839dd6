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

use crate::model::failure::Failure;
use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value as Json;

/// The format's number, as written in links and files.
pub const VERSION: u32 = 1;

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
}

/// The table design.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Table {
    pub name: String,
    pub partition_key: Key,
    pub sort_key: Option<Key>,
    #[serde(default)]
    pub indexes: Vec<Index>,
}

/// A key attribute and its type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Key {
    pub name: String,
    #[serde(rename = "type")]
    pub key_type: KeyType,
}

/// The three types a key attribute can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub enum KeyType {
    S,
    N,
    B,
}

/// A secondary index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Index {
    pub name: String,
    pub global: bool,
    pub partition_key: Key,
    pub sort_key: Option<Key>,
    pub projection: Projection,
}

/// What an index's entries carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub enum Projection {
    KeysOnly,
    Include(Vec<String>),
    All,
}

/// One entity of the chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
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
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct Pattern {
    pub description: String,
    pub operation: String,
    pub request: JsonText,
    #[serde(default)]
    pub scan_filter: Option<ScanFilter>,
}

/// The Scan filter a pattern is compared with, when spelled out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct ScanFilter {
    pub expression: String,
    pub names: Option<JsonText>,
    pub values: JsonText,
}

/// On-demand prices and the request rate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
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
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
#[serde(default)]
pub struct View {
    /// The index shown; `None` for the table.
    pub index: Option<String>,
    /// The row at the top of the view, counting collection headers.
    pub row: u32,
}

/// A change made by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
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
pub struct JsonText(Result<Json, Failure>);

impl JsonText {
    /// A value to write.
    pub fn new(value: Json) -> JsonText {
        JsonText(Ok(value))
    }

    /// The value read, or why the text is not JSON.
    pub fn into_value(self) -> Result<Json, Failure> {
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
            Ok(JsonText(serde_json::from_str(&text).map_err(|e| {
                Failure::refused(super::json_error("it is not JSON", &e))
            })))
        }
    }
}

/// Any JSON, shaped like what a playground's requests and items hold:
/// objects keyed mostly by DynamoDB's own field names and type tags, with
/// texts that are often expressions, keys or statements, nested at most a
/// few levels (and now and then very deep). For the fuzz targets.
#[cfg(feature = "fuzzing")]
impl<'a> arbitrary::Arbitrary<'a> for JsonText {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<JsonText> {
        Ok(JsonText::new(fuzz_json::value(u, 0)?))
    }
}

#[cfg(feature = "fuzzing")]
mod fuzz_json {
    use arbitrary::{Result, Unstructured};
    use serde_json::{Map, Value as Json};

    const NAMES: &[&str] = &[
        "TableName",
        "IndexName",
        "Key",
        "Item",
        "KeyConditionExpression",
        "FilterExpression",
        "ProjectionExpression",
        "ConditionExpression",
        "UpdateExpression",
        "ExpressionAttributeNames",
        "ExpressionAttributeValues",
        "Limit",
        "Select",
        "ScanIndexForward",
        "ConsistentRead",
        "ExclusiveStartKey",
        "Segment",
        "TotalSegments",
        "ReturnValues",
        "TransactItems",
        "Put",
        "Update",
        "Delete",
        "ConditionCheck",
        "RequestItems",
        "PutRequest",
        "DeleteRequest",
        "Keys",
        "Statement",
        "Parameters",
        "S",
        "N",
        "B",
        "BOOL",
        "NULL",
        "M",
        "L",
        "SS",
        "NS",
        "BS",
        "PK",
        "SK",
        "GSI1PK",
        ":v",
        ":pk",
        "#n",
        "entityType",
        "commerce-main",
    ];
    const TEXTS: &[&str] = &[
        "commerce-main",
        "PK = :pk",
        "PK = :pk AND begins_with(SK, :v)",
        "#n > :v",
        "SET #n = :v",
        "ADD n :v",
        "attribute_exists(PK)",
        "CUST#c11",
        "PROFILE",
        "ORDER#",
        "1",
        "-0.5",
        "1e126",
        "SELECT * FROM \"commerce-main\" WHERE PK = 'CUST#c11'",
        "GSI1",
        "ALL_NEW",
        "COUNT",
        "AAEC",
    ];

    fn text(u: &mut Unstructured) -> Result<String> {
        Ok(match u.int_in_range(0..=3)? {
            0 => u.arbitrary()?,
            1 => (*u.choose(TEXTS)?).to_string(),
            2 => u.choose(TEXTS)?.repeat(usize::from(u.arbitrary::<u8>()?)),
            _ => (*u.choose(NAMES)?).to_string(),
        })
    }

    pub fn value(u: &mut Unstructured, depth: usize) -> Result<Json> {
        let deep = depth >= 4;
        Ok(match u.int_in_range(0..=if deep { 4 } else { 8 })? {
            0 => Json::Null,
            1 => Json::Bool(u.arbitrary()?),
            2 => Json::from(u.arbitrary::<i64>()?),
            3 => serde_json::Number::from_f64(u.arbitrary()?).map_or(Json::Null, Json::Number),
            4 => Json::String(text(u)?),
            5 | 6 => {
                let mut map = Map::new();
                for _ in 0..u.int_in_range(0..=4)? {
                    let key = match u.ratio(3, 4)? {
                        true => (*u.choose(NAMES)?).to_string(),
                        false => u.arbitrary()?,
                    };
                    map.insert(key, value(u, depth + 1)?);
                }
                Json::Object(map)
            }
            7 => {
                let n = u.int_in_range(0..=4)?;
                Json::Array((0..n).map(|_| value(u, depth + 1)).collect::<Result<_>>()?)
            }
            // A value nested far deeper than a request should be (within
            // serde_json's own limit of 128 when it is read back).
            _ => {
                let mut nested = Json::String(text(u)?);
                for _ in 0..u.int_in_range(0..=200)? {
                    nested = Json::Array(vec![nested]);
                }
                nested
            }
        })
    }
}
