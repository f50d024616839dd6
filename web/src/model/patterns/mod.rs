//! Access patterns: what the application needs, bound to one request.
//!
//! 1. [`pattern`] is a pattern — the learner's words, its request, and
//!    what it is held to; [`pattern_settings`] reads that budget, its
//!    request rate and its sharding from the editor's fields.
//! 2. [`runner`] builds a request from the runner's form and runs it
//!    through the gateway; a PartiQL statement goes through it too, and
//!    [`statement`] says in words what the statement became (a Query, a
//!    Scan).
//! 3. [`expression_terms`] reads what an expression names from the
//!    engine's own tokens: the attributes a filter tests, the placeholder
//!    a key condition sets the partition key to.

pub mod expression_terms;
pub mod pattern;
pub mod pattern_settings;
pub mod runner;
pub mod statement;
