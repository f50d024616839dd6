//! Terraform's `aws_dynamodb_table` (the hashicorp/aws provider): the
//! table written as a resource ([`write`](mod@write)) and read back from one
//! ([`read`](mod@read)). Items are not part of the resource in either direction.

pub mod read;
pub mod write;

pub use read::read;
pub use write::{KeyStyle, resource};
