//! The aws CLI console: `aws dynamodb …` command lines, pasted from a
//! tutorial, run against DynamoDB's API and answered with what the aws CLI
//! v2 prints. The page's console panel and `ddbplay run` are this crate.
//!
//! The life of a script:
//! 1. [`shell`] reads it as bash would — quotes, continuations, comments,
//!    variables, `$(…)`, here-documents — and refuses, before anything
//!    runs, what the console does not run (pipes, loops, other programs);
//! 2. a [`session::Session`] runs it command by command, as `set -e`
//!    would, keeping the shell's variables, `$?` and its files;
//! 3. each `aws` command ([`aws`]) is read as the CLI reads it — global
//!    options, the operation's options from DynamoDB's service model
//!    ([`model`]), shorthand and JSON values ([`args`]) — checked as
//!    botocore checks it, sent to a [`call::service::Service`] (the engine,
//!    or an endpoint), followed page by page, and its answer read back by
//!    the model;
//! 4. [`output`] prints the answer as the CLI does: JSON in the model's
//!    member order, text, table or YAML, through `--query`; a failure is
//!    written with the CLI's error line and exit status.
//!
//! The values the CLI holds are Python's, with Python's `repr`, `json` and
//! float formatting ([`python`]): its messages and outputs are made of them.
//! Every input is bounded where it enters ([`limits`]).

pub mod args;
pub mod aws;
pub mod call;
pub mod limits;
pub mod model;
pub mod output;
pub mod python;
pub mod session;
pub mod shell;

/// The labs the page offers as one-click samples.
pub mod labs {
    /// The commerce lab: one table for a shop, GSI1 overloaded, a sparse
    /// GSI2 added to the live table, an order fulfilled out of it.
    pub const COMMERCE: &str = include_str!("../labs/commerce.sh");
}
