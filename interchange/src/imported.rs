//! What reading a file gives: one table's model, the names of every table
//! the file holds (so that another can be chosen), and notes on what the
//! file says that the model does not keep.

use serde::{Deserialize, Serialize};

use crate::limits::MAX_TABLES;
use crate::model::Model;
use crate::refusal::{Refusal, refuse};

/// A file read whole.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Imported {
    /// The chosen table — the first, unless another was asked for.
    pub model: Model,
    /// Every table of the file, by name, in the file's order.
    pub tables: Vec<String>,
    /// What was read but is not kept, one sentence each.
    pub notes: Vec<String>,
}

/// The position of the table to read among `names`: the one named
/// `choice`, else the first. A file without tables, with too many, or
/// without the one asked for is refused.
pub fn choose(names: &[String], choice: Option<&str>, kind: &str) -> Result<usize, Refusal> {
    if names.is_empty() {
        return refuse(format!("the file holds no {kind}"));
    }
    if names.len() > MAX_TABLES {
        return refuse(format!(
            "the file holds {} tables; at most {MAX_TABLES} are read",
            names.len()
        ));
    }
    match choice {
        None => Ok(0),
        Some(choice) => match names.iter().position(|n| n == choice) {
            Some(at) => Ok(at),
            None => refuse(format!(
                "the file has no table {choice}; it has {}",
                names.join(", ")
            )),
        },
    }
}
