//! CloudFormation's `AWS::DynamoDB::Table`: the table written as a
//! template in YAML or JSON ([`write`](mod@write)) and read back from one ([`read`](mod@read)).
//! Its properties are CreateTable's input with a few differences of
//! spelling (no `StreamEnabled`; time to live and point-in-time recovery
//! given at creation), which both directions map.

mod document;
pub mod read;
pub mod write;

pub use read::read;
pub use write::{json, logical_id, yaml};
