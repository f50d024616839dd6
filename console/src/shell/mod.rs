//! The shell around the `aws` commands: a script read as bash would read
//! it, then expanded one command at a time.
//!
//! 1. [`parse`] reads the whole script into its [`syntax::Script`] —
//!    commands, `&&` and `||`, words as their quoted and unquoted parts,
//!    here-documents and redirections — or refuses it, by line and by
//!    name, when it holds something the console does not run (a pipe, a
//!    loop, a subshell). Nothing runs until the whole script has read.
//! 2. [`expand`] turns a command's words into its arguments just before it
//!    runs, through an [`expand::Environment`] that holds the variables,
//!    `$?`, the script's arguments and the way to run a `$(…)`.
//!
//! Running the commands is the session's ([`crate::session`]).

pub mod expand;
mod parse;
pub mod syntax;
#[cfg(test)]
mod tests;

pub use parse::{Refusal, is_name, parse};
