//! What the page is about, without the page. Everything here runs natively
//! too, where most of it is tested; the store and the components above it
//! only draw it and send it the learner's edits.
//!
//! Read it bottom up, the way the layers stand (`layering_tests.rs` holds
//! each group to importing only the groups below it):
//!
//! 1. [`gateway`] is the one door to the engine: a request body in, the
//!    response JSON or a [`failure::Failure`] out, the one error type
//!    the page passes around and shows. [`format`](mod@format) writes
//!    numbers and values as the page prints them.
//! 2. [`design`]: the entity chart — the table, its indexes, each entity's
//!    attributes, generators and key templates — and the items it
//!    generates, seeded, the same on every machine.
//! 3. [`stream`]: what a change to the table sets off — the stream handler
//!    that keeps an aggregate, its backfill over data already there, the
//!    change log, and time to live.
//! 4. [`data`]: the items in the table — filled from the chart a slice at
//!    a time, changed by hand (typed, pasted, edited), and read back as
//!    item collections for the data view.
//! 5. [`patterns`]: the access patterns — what the application needs, in
//!    the learner's words, bound to one request — and the runner's form
//!    that builds a request from fields.
//! 6. [`measure`]: each pattern run on the data as DynamoDB runs it, to its
//!    last page: what it read, returned and cost, where its units landed,
//!    the comparison's Query + filter and Scan, write sharding, and the
//!    throughput each partition takes at the patterns' rates.
//! 7. [`explain`]: the words and the review made from those numbers — the
//!    step-by-step derivation of each figure, the sentences under a run,
//!    and the design review of every pattern against its budget.
//! 8. [`playground`] is a whole playground as the learner made it, the
//!    unit that links, files and saved work carry; [`gallery`] holds every
//!    example, the shop the page opens with among them.
//!
//! A new feature names its group before it is written
//! (`docs/architecture.md` keeps the map): exports and imports of whole
//! playgrounds (Terraform, CloudFormation, NoSQL Workbench) are a group
//! `interchange` beside the gallery at the top; a console that runs
//! `aws dynamodb …` lines is a crate of its own over the engine's API,
//! shared with the command line.

pub mod data;
pub mod design;
pub mod explain;
pub mod failure;
pub mod format;
pub mod gallery;
pub mod gateway;
pub mod measure;
pub mod patterns;
pub mod playground;
pub mod stream;

#[cfg(test)]
mod answers_tests;
#[cfg(test)]
mod design_tests;
#[cfg(test)]
mod fixtures;
mod fuzz_tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod layering_tests;
