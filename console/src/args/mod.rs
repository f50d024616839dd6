//! An `aws` command line read as the aws CLI reads it: its options
//! ([`argparse`]) and the shorthand of their values ([`shorthand`]).

pub mod argparse;
mod difflib;
pub mod shorthand;

/// The commands close to a misspelt one, as the CLI suggests them.
pub fn close_matches(word: &str, choices: &[String]) -> Vec<String> {
    difflib::close_matches(word, choices, 3, 0.8)
}
