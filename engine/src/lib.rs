//! ddbplay's storage engine: DynamoDB's data model, expressions and capacity
//! accounting, in memory, with DynamoDB's own errors.
//!
//! The life of a request:
//! 1. [`api::handle`] takes an operation name and a JSON body in DynamoDB's
//!    wire format and decodes it into a typed request ([`api`]), turning
//!    attribute values into [`types::Value`]s;
//! 2. the operation in [`ops`] validates it — expressions through [`expr`],
//!    keys through [`key`] — before touching any data;
//! 3. it reads or writes the table's [`table::Table`] storage, which keeps
//!    every secondary index in step with each write;
//! 4. [`capacity`] turns the bytes read or written into consumed capacity
//!    units, exactly as DynamoDB reports them;
//! 5. the typed response is encoded back to DynamoDB's JSON.
//!
//! Nothing here depends on a browser or an operating system: the same crate
//! runs natively behind `ddbplay serve` and compiled to wasm in the page.

pub mod api;
pub mod capacity;
pub mod error;
pub mod expr;
pub mod key;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod layering_tests;
pub mod limits;
pub mod ops;
pub mod partiql;
#[cfg(feature = "persist")]
pub mod persist;
pub mod table;
pub mod types;

pub use api::handle;
pub use error::{Error, Result};
pub use ops::Engine;
