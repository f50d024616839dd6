//! Paths of one projection or update that overlap or conflict.
//!
//! Two paths *overlap* when one is a prefix of the other or they are equal
//! (`a` and `a.b`); they *conflict* when, at the first step where they
//! differ, one takes a map key and the other a list index (`a.b` and
//! `a[1]`). DynamoDB reports an overlap anywhere before a conflict
//! anywhere: `b[1], b.a, #a.b, a` is refused for `[a, b]` and `[a]`.
//!
//! The paths are taken in written order, each against those before it, and
//! the first pair found is named with the earlier path first. Each path is
//! walked once through a tree of the paths before it, so the check is linear
//! in the expression's length however many paths it names.

use std::collections::HashMap;

use super::ExprKind;
use crate::error::{Error, Result};
use crate::types::{Path, PathElement};

/// A step shared by one or more earlier paths.
#[derive(Default)]
struct Node {
    /// The first path that reached this step.
    first: usize,
    /// The first path that ended here.
    ended: Option<usize>,
    /// The first path that went on from here by a map key, and by an index.
    first_by_key: Option<usize>,
    first_by_index: Option<usize>,
}

/// Refuses the first overlapping pair, else the first conflicting pair.
pub(super) fn check(paths: &[Path], kind: ExprKind) -> Result<()> {
    let mut nodes = vec![Node::default()];
    let mut children: HashMap<(usize, &PathElement), usize> = HashMap::new();
    let mut conflict: Option<(usize, usize)> = None;
    for (k, path) in paths.iter().enumerate() {
        let mut overlaps_with: Option<usize> = None;
        let mut conflicts_with: Option<usize> = None;
        let mut at = Some(0);
        for element in &path.elements {
            let Some(node) = at.map(|n| &nodes[n]) else {
                break;
            };
            overlaps_with = earliest(overlaps_with, node.ended);
            let other_kind = match element {
                PathElement::Attr(_) => node.first_by_index,
                PathElement::Index(_) => node.first_by_key,
            };
            conflicts_with = earliest(conflicts_with, other_kind);
            at = at.and_then(|n| children.get(&(n, element)).copied());
        }
        if let Some(end) = at {
            // Every earlier path through the last step equals or extends this one.
            overlaps_with = earliest(overlaps_with, Some(nodes[end].first));
        }
        if let Some(i) = overlaps_with {
            return Err(refusal(kind, "overlap", &paths[i], path));
        }
        if conflict.is_none() {
            conflict = conflicts_with.map(|i| (i, k));
        }
        insert(&mut nodes, &mut children, path, k);
    }
    match conflict {
        Some((i, k)) => Err(refusal(kind, "conflict", &paths[i], &paths[k])),
        None => Ok(()),
    }
}

fn earliest(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn insert<'p>(
    nodes: &mut Vec<Node>,
    children: &mut HashMap<(usize, &'p PathElement), usize>,
    path: &'p Path,
    k: usize,
) {
    let mut at = 0;
    for element in &path.elements {
        let node = &mut nodes[at];
        match element {
            PathElement::Attr(_) => node.first_by_key.get_or_insert(k),
            PathElement::Index(_) => node.first_by_index.get_or_insert(k),
        };
        let next = nodes.len();
        at = *children.entry((at, element)).or_insert(next);
        if at == next {
            nodes.push(Node {
                first: k,
                ..Node::default()
            });
        }
    }
    nodes[at].ended.get_or_insert(k);
}

fn refusal(kind: ExprKind, problem: &str, one: &Path, two: &Path) -> Error {
    Error::validation(format!(
        "Invalid {}: Two document paths {problem} with each other; must remove or rewrite one of these paths; path one: {one}, path two: {two}",
        kind.parameter()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(steps: &[&str]) -> Path {
        let elements = steps
            .iter()
            .map(|step| match step.parse::<usize>() {
                Ok(i) => PathElement::Index(i),
                Err(_) => PathElement::Attr((*step).into()),
            })
            .collect();
        Path { elements }
    }

    fn answer(paths: &[&[&str]]) -> String {
        let paths: Vec<Path> = paths.iter().map(|p| path(p)).collect();
        match check(&paths, ExprKind::Projection) {
            Ok(()) => "ok".into(),
            Err(e) => e.to_string().split("paths; ").nth(1).unwrap_or("").into(),
        }
    }

    #[test]
    fn an_overlap_anywhere_is_reported_before_a_conflict() {
        assert_eq!(
            answer(&[&["b", "1"], &["b", "a"], &["a", "b"], &["a"]]),
            "path one: [a, b], path two: [a]"
        );
    }

    #[test]
    fn the_first_later_path_names_the_pair_with_the_earliest_partner() {
        assert_eq!(
            answer(&[&["x"], &["a", "b"], &["a", "c"], &["a"]]),
            "path one: [a, b], path two: [a]"
        );
        assert_eq!(answer(&[&["a"], &["a"]]), "path one: [a], path two: [a]");
        assert_eq!(
            answer(&[&["a", "b", "c"], &["a", "b"]]),
            "path one: [a, b, c], path two: [a, b]"
        );
    }

    #[test]
    fn a_key_and_an_index_on_the_same_value_conflict() {
        assert_eq!(
            answer(&[&["d", "1"], &["d", "b"], &["c", "1", "a"]]),
            "path one: [d, [1]], path two: [d, b]"
        );
        assert_eq!(
            answer(&[&["a", "b"], &["a", "c"], &["a", "1", "2"], &["b"]]),
            "path one: [a, b], path two: [a, [1], [2]]"
        );
    }

    #[test]
    fn siblings_and_different_indexes_are_fine() {
        assert_eq!(
            answer(&[&["a", "b"], &["a", "c"], &["l", "0"], &["l", "1"]]),
            "ok"
        );
    }

    #[test]
    fn thousands_of_paths_are_checked_in_one_pass() {
        let names: Vec<String> = (0..5000).map(|i| format!("n{i}")).collect();
        let paths: Vec<Path> = names.iter().map(|n| path(&["top", n])).collect();
        assert!(check(&paths, ExprKind::Projection).is_ok());
    }
}
