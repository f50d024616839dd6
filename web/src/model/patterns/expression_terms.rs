//! What an expression names, read from the engine's own tokens: the
//! attributes a filter tests and how (for the review's hints) and the placeholder a
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

/// How an expression tests an attribute, for the key that would serve it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    /// `a = :v`: a partition key could fix it.
    Equality,
    /// `a < :v`, `a BETWEEN …`, `begins_with(a, …)`: a sort key could
    /// range over it.
    Range,
    /// Anything else (`<>`, `contains`, `attribute_exists`, `size`…).
    Other,
}

/// The top-level attributes an expression tests and how, each once, in
/// the order they first appear; an attribute tested two ways counts as
/// its first.
pub fn tests(expression: &str, names: Option<&Json>) -> Vec<(String, Test)> {
    let tokens = tokenize(expression);
    let mut out: Vec<(String, Test)> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let kind_at = |j: Option<usize>| j.and_then(|j| tokens.get(j)).map(|t| &t.kind);
        if kind_at(i.checked_sub(1)) == Some(&TokenKind::Dot)
            || kind_at(Some(i + 1)) == Some(&TokenKind::LParen)
        {
            continue;
        }
        let Some(name) = resolved(&token.kind, names) else {
            continue;
        };
        let function = match (kind_at(i.checked_sub(2)), kind_at(i.checked_sub(1))) {
            (Some(TokenKind::Name(f)), Some(TokenKind::LParen)) => Some(f.to_ascii_lowercase()),
            _ => None,
        };
        let operator = |kind: Option<&TokenKind>| match kind {
            Some(TokenKind::Eq) => Test::Equality,
            Some(TokenKind::Lt | TokenKind::Le | TokenKind::Gt | TokenKind::Ge) => Test::Range,
            Some(TokenKind::Name(word)) if word.eq_ignore_ascii_case("BETWEEN") => Test::Range,
            _ => Test::Other,
        };
        let test = match function.as_deref() {
            Some("begins_with") => Test::Range,
            Some(_) => Test::Other,
            None => match operator(kind_at(Some(path_end(&tokens, i)))) {
                Test::Other => operator(kind_at(i.checked_sub(1)).filter(|_| i >= 2)),
                known => known,
            },
        };
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, test));
        }
    }
    out
}

/// The token after the path that starts at `i` (`a.b[2].c` is one path).
fn path_end(tokens: &[engine::expr::lexer::Token], i: usize) -> usize {
    let mut j = i + 1;
    loop {
        match tokens.get(j).map(|t| &t.kind) {
            Some(TokenKind::Dot) => j += 2,
            Some(TokenKind::LBracket) => j += 3,
            _ => return j,
        }
    }
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
    fn each_attribute_is_tested_by_equality_by_range_or_otherwise() {
        let names = json!({"#s": "orderStatus"});
        assert_eq!(
            tests(
                "#s = :open AND amount > :min AND begins_with(city, :c) AND contains(tags, :t) AND :d <= day AND a <> :b AND size(lines) > :n AND address.city = :x",
                Some(&names)
            ),
            [
                ("orderStatus".to_string(), Test::Equality),
                ("amount".to_string(), Test::Range),
                ("city".to_string(), Test::Range),
                ("tags".to_string(), Test::Other),
                ("day".to_string(), Test::Range),
                ("a".to_string(), Test::Other),
                ("lines".to_string(), Test::Other),
                ("address".to_string(), Test::Equality),
            ]
        );
        assert_eq!(
            tests("n BETWEEN :x AND :y", None),
            [("n".to_string(), Test::Range)]
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
