//! Python as the aws CLI is written in it: its values ([`value::Value`]),
//! how it writes a float ([`float`]), its `json` module ([`json`]) and
//! the YAML reader of `--cli-input-yaml` ([`yaml`]). The
//! CLI's messages and outputs are Python's `str`, `repr` and `json.dumps`
//! of these, so the console keeps the same values to print the same text.

pub mod float;
pub mod json;
pub mod value;
pub mod yaml;

pub use value::{Dict, Value};
