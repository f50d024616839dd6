//! Format 5 of a shared playground (frozen: format 6 adds the number of
//! items a pattern is expected to return): format 4 and the files given to the
//! aws CLI console (`console_files`), which its `file://` and `fileb://`
//! arguments read: a lesson's `item.json` travels with the playground
//! that runs it. A file is kept as text when it is UTF-8, as bytes
//! otherwise (base64 in the readable file). Links of format 5 use format
//! 2's preset dictionary. A link of format 4 opens as format 5 with no
//! files ([`From<v4::Document>`]); format 4 is frozen from here on.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use super::v1::{Edit, Entity, JsonText, Prices, ScanFilter, Table, View};
pub use super::v2::{Handler, Runner, WritePath};
pub use super::v4::{Budget, Pattern, RUNNER_FIELDS};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 5;

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

/// A file given to the aws CLI console.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
pub struct ConsoleFile {
    /// The name `file://` gives it.
    pub name: String,
    pub contents: Contents,
}

/// What a console file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "fuzzing", derive(arbitrary::Arbitrary))]
#[serde(rename_all = "lowercase")]
pub enum Contents {
    /// UTF-8 text, as almost every file a lesson gives is.
    Text(String),
    /// Anything else: bytes in a link, base64 in the readable file.
    Bytes(#[serde(with = "base64_when_readable")] Vec<u8>),
}

impl Contents {
    /// Text when `bytes` are UTF-8.
    pub fn of(bytes: Vec<u8>) -> Contents {
        match String::from_utf8(bytes) {
            Ok(text) => Contents::Text(text),
            Err(not_text) => Contents::Bytes(not_text.into_bytes()),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Contents::Text(text) => text.len(),
            Contents::Bytes(bytes) => bytes.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Contents::Text(text) => text.into_bytes(),
            Contents::Bytes(bytes) => bytes,
        }
    }
}

/// Bytes as base64 text in a readable format (the file), as they are in
/// a compact one (the link's postcard).
mod base64_when_readable {
    use base64::Engine as _;
    use base64::engine::general_purpose::STANDARD;

    use super::*;

    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(&STANDARD.encode(bytes))
        } else {
            bytes.serialize(serializer)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        if deserializer.is_human_readable() {
            let text = String::deserialize(deserializer)?;
            STANDARD
                .decode(text.as_bytes())
                .map_err(|_| serde::de::Error::custom("a file's bytes are not base64"))
        } else {
            Vec::<u8>::deserialize(deserializer)
        }
    }
}

impl From<super::v4::Document> for Document {
    fn from(old: super::v4::Document) -> Document {
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
            write_path: old.write_path,
            console_files: Vec::new(),
        }
    }
}
