//! The aws CLI console: `aws dynamodb …` command lines, pasted from a
//! tutorial, run against DynamoDB's API and answered with what the aws CLI
//! v2 prints.
//!
//! The life of a script:
//! 1. [`shell`] reads it as bash would — quotes, continuations, comments,
//!    variables, `$(…)` — and refuses, before anything runs, what the
//!    console does not run.

pub mod args;
pub mod aws;
pub mod call;
pub mod limits;
pub mod model;
pub mod output;
pub mod python;
pub mod session;
pub mod shell;
