//! Python as the aws CLI is written in it: its values ([`value::Value`]),
//! how it writes a float ([`float`]), and its `json` module ([`json`]). The
//! CLI's messages and outputs are Python's `str`, `repr` and `json.dumps`
//! of these, so the console keeps the same values to print the same text.

pub mod float;
pub mod json;
pub mod value;

pub use value::{Dict, Value};
