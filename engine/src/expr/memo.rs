//! Parsed expressions, remembered. A client sends the same few expression
//! texts again and again — an application has a handful of access
//! patterns — so each text is parsed once per thread and its syntax tree
//! shared by every request that sends it. Parsing is a pure function of
//! the text (and, for conditions, of which parameter it came from), so
//! remembering changes no result; only trees that parsed are kept, and a
//! text that does not parse is parsed again each time, to report its error.
//! Resolution (`#names`, `:values`) still happens per request.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::thread::LocalKey;

use xxhash_rust::xxh3::Xxh3DefaultBuilder;

use super::ExprKind;
use super::parser;
use super::syntax::{Condition, RawPath, Update};
use crate::error::Result;

/// Most texts remembered of each kind; past it the memo starts again.
const REMEMBERED: usize = 256;

/// Per parameter (conditions) or per kind, trees by text.
type Trees<T> = RefCell<[HashMap<Box<str>, Rc<T>, Xxh3DefaultBuilder>; KINDS]>;

/// How many kinds of expression there are (see [`ExprKind`]).
const KINDS: usize = 5;

fn kind_index(kind: ExprKind) -> usize {
    match kind {
        ExprKind::KeyCondition => 0,
        ExprKind::Filter => 1,
        ExprKind::Condition => 2,
        ExprKind::Projection => 3,
        ExprKind::Update => 4,
    }
}

thread_local! {
    static CONDITIONS: Trees<Condition> = RefCell::default();
    static PROJECTIONS: Trees<Vec<RawPath>> = RefCell::default();
    static UPDATES: Trees<Update> = RefCell::default();
}

fn remembered<T>(
    trees: &'static LocalKey<Trees<T>>,
    kind: ExprKind,
    source: &str,
    parse: impl FnOnce() -> Result<T>,
) -> Result<Rc<T>> {
    let at = kind_index(kind);
    if let Some(tree) = trees.with(|t| t.borrow()[at].get(source).cloned()) {
        return Ok(tree);
    }
    let tree = Rc::new(parse()?);
    trees.with(|t| {
        let trees = &mut t.borrow_mut()[at];
        if trees.len() >= REMEMBERED {
            trees.clear();
        }
        trees.insert(source.into(), tree.clone());
    });
    Ok(tree)
}

/// [`parser::parse_condition`], remembered.
pub fn parse_condition(source: &str, kind: ExprKind) -> Result<Rc<Condition>> {
    remembered(&CONDITIONS, kind, source, || {
        parser::parse_condition(source, kind)
    })
}

/// [`parser::parse_projection`], remembered.
pub fn parse_projection(source: &str) -> Result<Rc<Vec<RawPath>>> {
    remembered(&PROJECTIONS, ExprKind::Projection, source, || {
        parser::parse_projection(source)
    })
}

/// [`parser::parse_update`], remembered.
pub fn parse_update(source: &str) -> Result<Rc<Update>> {
    remembered(&UPDATES, ExprKind::Update, source, || {
        parser::parse_update(source)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_parsed_once_and_its_errors_every_time() {
        let first = parse_update("SET a = :v").unwrap();
        let again = parse_update("SET a = :v").unwrap();
        assert!(Rc::ptr_eq(&first, &again));
        let broken = "SET a = ";
        assert_eq!(
            parse_update(broken).unwrap_err().to_string(),
            parser::parse_update(broken).unwrap_err().to_string()
        );
        // The same text is a different tree for another parameter.
        let filter = parse_condition("a = :v", ExprKind::Filter).unwrap();
        let key = parse_condition("a = :v", ExprKind::KeyCondition).unwrap();
        assert!(!Rc::ptr_eq(&filter, &key));
    }
}
