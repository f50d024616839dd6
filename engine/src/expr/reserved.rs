//! DynamoDB's 573 reserved words. A bare name in any expression that matches
//! one, in any letter case, must be written through a `#alias` instead.

use std::collections::HashSet;
use std::sync::OnceLock;

const WORDS: &str = include_str!("reserved-words.txt");

fn words() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| {
        WORDS
            .lines()
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect()
    })
}

/// True when `name` is a reserved word (case-insensitive).
pub fn is_reserved(name: &str) -> bool {
    name.len() <= 32 && words().contains(name.to_ascii_uppercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_all_573_words() {
        assert_eq!(words().len(), 573);
    }

    #[test]
    fn matches_in_any_case() {
        assert!(is_reserved("status"));
        assert!(is_reserved("Name"));
        assert!(is_reserved("DATA"));
        assert!(!is_reserved("customerId"));
        assert!(!is_reserved("PK"));
    }
}
