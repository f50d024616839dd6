//! Links and files that carry a whole playground.
//!
//! 1. [`open::capture`] writes what the learner made into a [`Document`]
//!    (the current format, [`v7`]); [`open::open`] reads one back through
//!    the checks typed input goes through.
//! 2. [`encode_link`] turns a document into a URL fragment,
//!    `play=7.<payload>`: the format number, then the document in postcard
//!    (a compact serde format: no field names, numbers as varints),
//!    compressed with raw DEFLATE (miniz_oxide, level 10) — since format 2
//!    with the example as a preset dictionary (`deflate.rs`) — in unpadded
//!    base64url so it sits in a URL unescaped. Measured on the commerce
//!    example of format 1 (`link_sizes` in the tests): JSON alone was
//!    5.8 KB; JSON compressed and in base64 2.1 KB; postcard compressed and
//!    in base64 1.9 KB. The example of format 2, with its write path and
//!    twelve patterns, would be 2.6 KB that way; with the dictionary, any
//!    playground close to the example is far under the 2 KB a link should
//!    stay within. The fragment never reaches a server.
//! 3. [`encode_file`] writes the same document as readable JSON, for a
//!    `.ddbplay.json` file: what the page offers when a link would be
//!    longer than [`LONG_LINK_BYTES`].
//! 4. [`decode_link`] and [`decode_file`] read them back. Both treat their
//!    input as a stranger's: sizes are checked before anything is
//!    allocated for them, nothing panics, and every failure names what is
//!    wrong in words a learner can act on.
//!
//! Every format stays readable forever: a link from an older format opens
//! as it did, and one from a newer format says so instead of opening wrong.

pub mod bounds;
mod deflate;
pub mod open;
pub mod v1;
pub mod v2;
pub mod v3;
pub mod v4;
pub mod v5;
pub mod v6;
pub mod v7;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

pub use v7::{Document, VERSION};

/// The fragment parameter that holds a playground.
pub const LINK_PARAMETER: &str = "play";

/// Links longer than this are offered as a file instead.
pub const LONG_LINK_BYTES: usize = 16 * 1024;

pub use crate::limits::MAX_FRAGMENT_BYTES;

pub use crate::limits::{MAX_DOCUMENT_BYTES, MAX_JSON_DEPTH};

/// What the readable file says it is.
const FILE_FORMAT: &str = "ddbplay playground";

/// DEFLATE's strongest level in miniz_oxide (format 1's links; the tests
/// make such links).
#[cfg(test)]
const LEVEL: u8 = 10;

/// Why a link or a file could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ShareError {
    /// Longer than [`MAX_FRAGMENT_BYTES`] (a link) or [`MAX_DOCUMENT_BYTES`] (a file).
    TooLong { bytes: usize, limit: usize },
    /// The format number is not a number.
    NoVersion,
    /// Made by a newer version of the page.
    Newer { version: u32 },
    /// Not base64url text.
    NotBase64,
    /// The compressed data does not unpack.
    Damaged,
    /// Unpacks to more than [`MAX_DOCUMENT_BYTES`].
    TooBig,
    /// The document does not read as the format says.
    Unreadable(String),
    /// The document reads, but what it holds is refused.
    Refused(String),
}

impl std::fmt::Display for ShareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShareError::TooLong { bytes, limit } => write!(
                f,
                "it is {} long, and the page reads at most {}",
                size_text(*bytes),
                size_text(*limit)
            ),
            ShareError::NoVersion => f.write_str("it does not say which format it is in"),
            ShareError::Newer { version } => write!(
                f,
                "it was made by a newer version of ddbplay (format {version}; this page reads format {} and older). Open it in the newest ddbplay",
                VERSION
            ),
            ShareError::NotBase64 => f.write_str(
                "it is damaged: it is not the text a link holds (was it cut short or changed?)",
            ),
            ShareError::Damaged => {
                f.write_str("it is damaged: its data does not unpack (was it cut short?)")
            }
            ShareError::TooBig => write!(
                f,
                "it unpacks to more than {}, more than a playground holds",
                size_text(MAX_DOCUMENT_BYTES)
            ),
            ShareError::Unreadable(why) => write!(f, "it is damaged: {why}"),
            ShareError::Refused(why) => f.write_str(why),
        }
    }
}

fn size_text(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

/// The fragment (without `#`) that carries `document`.
pub fn encode_link(document: &Document) -> Result<String, ShareError> {
    let packed =
        postcard::to_allocvec(document).map_err(|e| ShareError::Unreadable(e.to_string()))?;
    if packed.len() > MAX_DOCUMENT_BYTES {
        return Err(ShareError::TooBig);
    }
    Ok(format!(
        "{LINK_PARAMETER}={VERSION}.{}",
        URL_SAFE_NO_PAD.encode(deflate::deflate(&packed))
    ))
}

/// The value of a fragment parameter: fragments are `&`-separated
/// `name=value` pairs (`play=7.…&panels=runner`).
pub fn fragment_parameter<'a>(fragment: &'a str, name: &str) -> Option<&'a str> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
}

/// The playground parameter of a fragment, if it has one.
pub fn link_parameter(fragment: &str) -> Option<&str> {
    fragment_parameter(fragment, LINK_PARAMETER)
}

/// Reads the value of a fragment's `play` parameter (`1.<payload>`).
pub fn decode_link(value: &str) -> Result<Document, ShareError> {
    if value.len() > MAX_FRAGMENT_BYTES {
        return Err(ShareError::TooLong {
            bytes: value.len(),
            limit: MAX_FRAGMENT_BYTES,
        });
    }
    let (version, payload) = value.split_once('.').ok_or(ShareError::NoVersion)?;
    let version: u32 = version.parse().map_err(|_| ShareError::NoVersion)?;
    if version > VERSION {
        return Err(ShareError::Newer { version });
    }
    let compressed = URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| ShareError::NotBase64)?;
    if version <= v1::VERSION {
        let packed =
            miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_DOCUMENT_BYTES)
                .map_err(|e| match e.status {
                    miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooBig,
                    _ => ShareError::Damaged,
                })?;
        return read_packed::<v1::Document>(&packed).map(|d| from_v2(v2::Document::from(d)));
    }
    let packed = deflate::inflate(&compressed, MAX_DOCUMENT_BYTES).map_err(|e| match e {
        deflate::InflateError::TooBig => ShareError::TooBig,
        deflate::InflateError::Damaged => ShareError::Damaged,
    })?;
    if version == v2::VERSION {
        read_packed::<v2::Document>(&packed)
            .and_then(|d| check_runner_fields(d, 2, &v2::RUNNER_FIELDS))
            .map(from_v2)
    } else if version == v3::VERSION {
        read_packed::<v3::Document>(&packed)
            .and_then(|d| check_runner_fields(d, 3, &v3::RUNNER_FIELDS))
            .map(from_v3)
    } else if version == v4::VERSION {
        read_packed::<v4::Document>(&packed)
            .and_then(|d| check_runner_fields(d, 4, &v4::RUNNER_FIELDS))
            .map(Document::from)
    } else if version == v5::VERSION {
        read_packed::<v5::Document>(&packed)
            .and_then(|d| check_runner_fields(d, 5, &v5::RUNNER_FIELDS))
            .map(Document::from)
    } else if version == v6::VERSION {
        read_packed::<v6::Document>(&packed)
            .and_then(|d| check_runner_fields(d, 6, &v6::RUNNER_FIELDS))
            .map(Document::from)
    } else {
        read_packed::<Document>(&packed)
    }
}

/// A document of format 2 in the current format.
pub fn from_v2(document: v2::Document) -> Document {
    from_v3(v3::Document::from(document))
}

/// A document of format 3 in the current format.
pub fn from_v3(document: v3::Document) -> Document {
    Document::from(v4::Document::from(document))
}

/// A document of an older format holds only the runner fields that format had.
fn check_runner_fields<D: HasRunner>(
    document: D,
    format: u32,
    fields: &[&str],
) -> Result<D, ShareError> {
    if let Some(field) = document
        .runner()
        .keys()
        .find(|k| !fields.contains(&k.as_str()))
    {
        return Err(ShareError::Unreadable(format!(
            "its runner has a field \"{field}\", which format {format} does not have"
        )));
    }
    Ok(document)
}

/// A document with the runner's fields.
trait HasRunner {
    fn runner(&self) -> &v2::Runner;
}

impl HasRunner for v2::Document {
    fn runner(&self) -> &v2::Runner {
        &self.runner
    }
}

impl HasRunner for v3::Document {
    fn runner(&self) -> &v2::Runner {
        &self.runner
    }
}

impl HasRunner for v4::Document {
    fn runner(&self) -> &v2::Runner {
        &self.runner
    }
}

impl HasRunner for v5::Document {
    fn runner(&self) -> &v2::Runner {
        &self.runner
    }
}

impl HasRunner for v6::Document {
    fn runner(&self) -> &v2::Runner {
        &self.runner
    }
}

/// A document of one format from its postcard bytes, all of them.
fn read_packed<T: serde::de::DeserializeOwned>(packed: &[u8]) -> Result<T, ShareError> {
    let (document, rest) = postcard::take_from_bytes::<T>(packed)
        .map_err(|e| ShareError::Unreadable(format!("its playground does not read ({e})")))?;
    if !rest.is_empty() {
        return Err(ShareError::Unreadable(
            "its playground has data after its end".into(),
        ));
    }
    Ok(document)
}

/// The readable file for `document`. Its numbers (the prices) read back
/// exactly when they were typed as decimals, as the page's fields take
/// them; links carry any number's exact bits.
pub fn encode_file(document: &Document) -> String {
    let file = serde_json::json!({
        "format": FILE_FORMAT,
        "version": VERSION,
        "playground": document,
    });
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Why JSON text could not be read: `what` it then is not, with the
/// reader's reason, or that it nests past [`MAX_JSON_DEPTH`] (the reader
/// stops there, and "not JSON" would be wrong).
fn json_error(what: &str, error: &serde_json::Error) -> String {
    if error.to_string().starts_with("recursion limit exceeded") {
        format!("it nests more than {MAX_JSON_DEPTH} levels deep")
    } else {
        format!("{what} ({error})")
    }
}

/// Reads a `.ddbplay.json` file.
pub fn decode_file(text: &str) -> Result<Document, ShareError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(ShareError::TooLong {
            bytes: text.len(),
            limit: MAX_DOCUMENT_BYTES,
        });
    }
    #[derive(serde::Deserialize)]
    struct Envelope {
        format: String,
        version: u32,
        playground: serde_json::Value,
    }
    let envelope: Envelope = serde_json::from_str(text).map_err(|e| {
        ShareError::Unreadable(json_error("it is not a ddbplay playground file", &e))
    })?;
    if envelope.format != FILE_FORMAT {
        return Err(ShareError::Unreadable(format!(
            "it says it is \"{}\", not a {FILE_FORMAT}",
            envelope.format
        )));
    }
    if envelope.version > VERSION {
        return Err(ShareError::Newer {
            version: envelope.version,
        });
    }
    let unreadable = |e: serde_json::Error| {
        ShareError::Unreadable(format!("its playground does not read ({e})"))
    };
    if envelope.version <= v1::VERSION {
        serde_json::from_value::<v1::Document>(envelope.playground)
            .map(|d| from_v2(v2::Document::from(d)))
            .map_err(unreadable)
    } else if envelope.version == v2::VERSION {
        serde_json::from_value::<v2::Document>(envelope.playground)
            .map_err(unreadable)
            .and_then(|d| check_runner_fields(d, 2, &v2::RUNNER_FIELDS))
            .map(from_v2)
    } else if envelope.version == v3::VERSION {
        serde_json::from_value::<v3::Document>(envelope.playground)
            .map_err(unreadable)
            .and_then(|d| check_runner_fields(d, 3, &v3::RUNNER_FIELDS))
            .map(from_v3)
    } else if envelope.version == v4::VERSION {
        serde_json::from_value::<v4::Document>(envelope.playground)
            .map_err(unreadable)
            .and_then(|d| check_runner_fields(d, 4, &v4::RUNNER_FIELDS))
            .map(Document::from)
    } else if envelope.version == v5::VERSION {
        serde_json::from_value::<v5::Document>(envelope.playground)
            .map_err(unreadable)
            .and_then(|d| check_runner_fields(d, 5, &v5::RUNNER_FIELDS))
            .map(Document::from)
    } else if envelope.version == v6::VERSION {
        serde_json::from_value::<v6::Document>(envelope.playground)
            .map_err(unreadable)
            .and_then(|d| check_runner_fields(d, 6, &v6::RUNNER_FIELDS))
            .map(Document::from)
    } else {
        serde_json::from_value(envelope.playground).map_err(unreadable)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) mod hostile;
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod hostile_corpus;
#[cfg(test)]
mod pinned;
mod properties;
