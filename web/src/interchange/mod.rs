//! A playground to and from the tools' model (the `interchange` crate):
//! the formats of the aws CLI, Terraform, CloudFormation, NoSQL Workbench
//! and DynamoDB's exports, which the module of exports and imports writes
//! and reads (`interchange_host.rs`).
//!
//! - [`to_model`]: the playground as a model, for an export — the table
//!   as the engine describes it, every item, the chart's entities as
//!   facets, the patterns' requests, and the playground's own file.
//! - [`from_model`]: a model read from a file as a playground's document,
//!   which opens through the checks every link and file goes through.
//!
//! The entity chart of a model the playground did not write is made where
//! the file is read (`interchange::chart`, in the module of exports and
//! imports).

pub mod from_model;
pub mod to_model;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
