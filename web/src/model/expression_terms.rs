//! What an expression names, read from the engine's own tokens: the
//! attributes a filter tests (for the review's hints) and the placeholder a
//! key condition sets the partition key to (for sharded Queries).

use engine::expr::lexer::{TokenKind, tokenize};
use serde_json::Value as Json;

/// Words of the expression grammar that are not attribute names.
const KEYWORDS: [&str; 5] = ["AND", "OR", "NOT", "BETWEEN", "IN"];

/// An attribute name as written: bare, or through `#alias` in `names`.
fn resolved(kind: &TokenKind, names: Option<&Json>) -> Option<String> {
    match kind {
        TokenKind::Name(name) if !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(name)) => {
            Some(name.clone())
        }
        TokenKind::NameRef(alias) => names?.get(alias).and_then(Json::as_str).map(str::to_string),
        _ => None,
    }
}

/// The top-level attributes an expression tests, each once, in the order
/// they first appear (`size(a)` tests `a`; `a.b` tests `a`).
pub fn attributes_tested(expression: &str, names: Option<&Json>) -> Vec<String> {
    let tokens = tokenize(expression);
    let mut out: Vec<String> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let after_dot = i > 0 && tokens[i - 1].kind == TokenKind::Dot;
        let is_function = tokens
            .get(i + 1)
            .is_some_and(|next| next.kind == TokenKind::LParen);
        if after_dot || is_function {
            continue;
        }
        if let Some(name) = resolved(&token.kind, names)
            && !out.contains(&name)
        {
            out.push(name);
        }
    }
    out
}

/// The placeholder an expression sets `attribute` equal to (`PK = :p`,
/// `:p = #pk`), if it does.
pub fn equality_placeholder(
    expression: &str,
    names: Option<&Json>,
    attribute: &str,
) -> Option<String> {
    let tokens = tokenize(expression);
    tokens.windows(3).find_map(|w| {
        if w[1].kind != TokenKind::Eq {
            return None;
        }
        let names_attribute = |t: &TokenKind| resolved(t, names).as_deref() == Some(attribute);
        match (&w[0].kind, &w[2].kind) {
            (left, TokenKind::ValueRef(value)) if names_attribute(left) => Some(value.clone()),
            (TokenKind::ValueRef(value), right) if names_attribute(right) => Some(value.clone()),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_filter_tests_the_attributes_it_names_through_aliases_and_functions() {
        let names = json!({"#s": "orderStatus"});
        assert_eq!(
            attributes_tested(
                "#s = :open AND size(lines) > :n AND NOT begins_with(address.city, :c)",
                Some(&names)
            ),
            ["orderStatus", "lines", "address"]
        );
        assert_eq!(
            attributes_tested("a BETWEEN :x AND :y OR a IN (:p)", None),
            ["a"]
        );
    }

    #[test]
    fn the_partition_key_placeholder_is_found_on_either_side_of_the_equals_sign() {
        let names = json!({"#pk": "PK"});
        assert_eq!(
            equality_placeholder("PK = :event AND begins_with(SK, :v)", None, "PK").as_deref(),
            Some(":event")
        );
        assert_eq!(
            equality_placeholder(":e = #pk AND SK >= :v", Some(&names), "PK").as_deref(),
            Some(":e")
        );
        assert_eq!(equality_placeholder("SK = :v", None, "PK"), None);
        assert_eq!(equality_placeholder("PK <= :v", None, "PK"), None);
    }
}
