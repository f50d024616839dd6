//! PartiQL, the SQL-like language of ExecuteStatement,
//! BatchExecuteStatement and ExecuteTransaction.
//!
//! The life of a statement:
//! 1. [`lexer`] splits the text into tokens with byte spans;
//! 2. [`parser`] builds an [`ast::Statement`]: a SELECT, INSERT, UPDATE or
//!    DELETE, literals already values and `?` parameters numbered;
//! 3. the operations ([`crate::ops`]) bind the parameters, decide how
//!    DynamoDB serves it — a SELECT whose WHERE fixes the partition key by
//!    equality (or IN) is a Query, any other a Scan of the whole table or
//!    index — and run it as the equivalent request, so it reads, costs and
//!    fails as that request does.

pub mod ast;
pub mod bind;
pub mod lexer;
pub mod parser;
pub mod plan;

pub use bind::Binder;

pub use parser::{parse, parse_counting};
