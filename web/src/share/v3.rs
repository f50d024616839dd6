//! Format 3 of a shared playground: format 2 and the runner's PartiQL —
//! ExecuteStatement as its operation, with the `statement` and its
//! `parameters` among the runner's fields. The document reads as format
//! 2's does (the same postcard shape, the same preset dictionary); only
//! the runner's fields grow, so a link of format 2 opens as format 3 as
//! it is. Frozen from here on, as formats 1 and 2 are.

pub use super::v2::{Document, Handler, Runner, WritePath};

/// The format's number, as written in links and files.
pub const VERSION: u32 = 3;

/// The runner's fields: format 2's, and a PartiQL statement with its
/// parameters.
pub const RUNNER_FIELDS: [&str; 24] = [
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
];
