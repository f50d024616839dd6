//! The constraints of a request's shape — required members, lengths,
//! ranges, patterns, enumerations — as DynamoDB's front end checks them
//! before any operation sees the request, and the one way their breaches
//! are worded:
//!
//! `Value 'x' at 'transactItems.1.member.put.tableName' failed to satisfy
//! constraint: Member must have length greater than or equal to 3`
//!
//! one such clause per breach, all of a request's together in one
//! ValidationException: `1 validation error detected: …` or
//! `3 validation errors detected: …; …; …`. A breach is data (a
//! [`Violation`]: the value shown, the member's path, the [`Rule`]) until
//! [`check`] words it, so a breach inside a member (a transaction's
//! action) takes its path by [`Violation::within`] instead of by editing
//! a message.

use std::fmt;

use super::{Error, Result};

/// A member's value, or the constraint it breaks.
pub type Checked<T> = std::result::Result<T, Violation>;

/// What a member must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `Member must not be null`.
    NotNull,
    /// `Member must satisfy enum value set: [A, B]`, listed in DynamoDB's
    /// order, which is not always the documentation's.
    OneOf(&'static str),
    /// `Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+`,
    /// the pattern of table and index names.
    NameCharacters,
    /// `Member must have length greater than or equal to N`.
    LengthAtLeast(usize),
    /// `Member must have length less than or equal to N`.
    LengthAtMost(usize),
    /// `Member must have value greater than or equal to N`.
    AtLeast(i64),
    /// `Member must have value less than or equal to N`.
    AtMost(i64),
    /// `Map keys must satisfy constraint: [rule, rule]`.
    MapKeys(&'static [Rule]),
    /// `Map value must satisfy constraint: [rule, rule]`.
    MapValues(&'static [Rule]),
    /// `Member must satisfy constraint: [rule, rule]`: the rules every
    /// member of a list keeps.
    Members(&'static [Rule]),
}

/// The pattern a table or index name must match.
pub const NAME_PATTERN: &str = "[a-zA-Z0-9_.-]+";

/// A table or index name's rules, in the order DynamoDB names them when
/// a name breaks several (dynalite's suite, recorded against the
/// service: `''` breaks the pattern first, then the length).
pub const TABLE_NAME: &[Rule] = &[
    Rule::NameCharacters,
    Rule::LengthAtLeast(3),
    Rule::LengthAtMost(255),
];

/// The same rules as a map's keys' constraint lists them, longest first.
pub const TABLE_NAME_AS_MAP_KEY: &[Rule] = &[
    Rule::LengthAtMost(255),
    Rule::LengthAtLeast(3),
    Rule::NameCharacters,
];

/// Rules as DynamoDB lists them inside a map's constraint: `[a, b]`.
fn listed(rules: &[Rule]) -> String {
    let rules: Vec<String> = rules.iter().map(ToString::to_string).collect();
    format!("[{}]", rules.join(", "))
}

impl Rule {
    /// Whether a text member of `value` keeps this rule. Lengths count
    /// bytes; a rule about numbers or maps holds for any text.
    pub fn holds_for_text(&self, value: &str) -> bool {
        match self {
            Rule::NameCharacters => {
                !value.is_empty()
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-')
            }
            Rule::LengthAtLeast(n) => value.len() >= *n,
            Rule::LengthAtMost(n) => value.len() <= *n,
            _ => true,
        }
    }

    /// Whether a number member of `value` keeps this rule.
    pub fn holds_for_number(&self, value: i64) -> bool {
        match self {
            Rule::AtLeast(n) => value >= *n,
            Rule::AtMost(n) => value <= *n,
            _ => true,
        }
    }
}

/// Each of `rules` the text `value` at `at` breaks, in the rules' order.
pub fn text(value: &str, at: &str, rules: &[Rule]) -> Vec<Violation> {
    rules
        .iter()
        .filter(|rule| !rule.holds_for_text(value))
        .map(|rule| Violation::new(value, at, rule.clone()))
        .collect()
}

/// Each length rule of `rules` a list of `len` members at `at`, shown as
/// `shown`, breaks, in the rules' order.
pub fn length(len: usize, shown: &str, at: &str, rules: &[Rule]) -> Vec<Violation> {
    rules
        .iter()
        .filter(|rule| match rule {
            Rule::LengthAtLeast(n) => len < *n,
            Rule::LengthAtMost(n) => len > *n,
            _ => false,
        })
        .map(|rule| Violation::new(shown, at, rule.clone()))
        .collect()
}

/// Each of `rules` the number `value` at `at` breaks, in the rules' order.
pub fn number(value: i64, at: &str, rules: &[Rule]) -> Vec<Violation> {
    rules
        .iter()
        .filter(|rule| !rule.holds_for_number(value))
        .map(|rule| Violation::new(value, at, rule.clone()))
        .collect()
}

/// An enumeration's members: each name with the value it stands for, and
/// the list as DynamoDB's message prints it.
pub struct Choice<T: 'static> {
    pub values: &'static [(&'static str, T)],
    pub listed: &'static str,
}

impl<T: Copy> Choice<T> {
    /// The value named `text` at `at`, or the breach of the enumeration.
    pub fn of(&self, text: &str, at: &str) -> Checked<T> {
        self.values
            .iter()
            .find(|(name, _)| *name == text)
            .map(|(_, value)| *value)
            .ok_or_else(|| Violation::new(text, at, Rule::OneOf(self.listed)))
    }

    /// As [`Choice::of`], for a member that may be absent.
    pub fn of_optional(&self, text: Option<&str>, at: &str) -> Checked<Option<T>> {
        text.map(|text| self.of(text, at)).transpose()
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::NotNull => f.write_str("Member must not be null"),
            Rule::OneOf(listed) => write!(f, "Member must satisfy enum value set: [{listed}]"),
            Rule::NameCharacters => write!(
                f,
                "Member must satisfy regular expression pattern: {NAME_PATTERN}"
            ),
            Rule::LengthAtLeast(n) => {
                write!(f, "Member must have length greater than or equal to {n}")
            }
            Rule::LengthAtMost(n) => write!(f, "Member must have length less than or equal to {n}"),
            Rule::AtLeast(n) => write!(f, "Member must have value greater than or equal to {n}"),
            Rule::AtMost(n) => write!(f, "Member must have value less than or equal to {n}"),
            Rule::MapKeys(rules) => {
                write!(f, "Map keys must satisfy constraint: {}", listed(rules))
            }
            Rule::MapValues(rules) => {
                write!(f, "Map value must satisfy constraint: {}", listed(rules))
            }
            Rule::Members(rules) => {
                write!(f, "Member must satisfy constraint: {}", listed(rules))
            }
        }
    }
}

/// How the message shows the offending value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// `Value null at …`: the member is missing.
    Null,
    /// `Value 'x' at …`.
    Text(String),
    /// `Value at …`: DynamoDB leaves the value out (a list too long to print).
    Omitted,
}

/// One breached constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub value: Shown,
    /// The member's path from the request's top, in DynamoDB's spelling:
    /// `tableName`, `globalSecondaryIndexes.1.member.indexName`.
    pub at: String,
    pub rule: Rule,
}

impl Violation {
    /// `value` at `at` breaks `rule`.
    pub fn new(value: impl fmt::Display, at: impl Into<String>, rule: Rule) -> Violation {
        Violation {
            value: Shown::Text(value.to_string()),
            at: at.into(),
            rule,
        }
    }

    /// The required member `at` is missing.
    pub fn missing(at: impl Into<String>) -> Violation {
        Violation {
            value: Shown::Null,
            at: at.into(),
            rule: Rule::NotNull,
        }
    }

    /// The member `at`, its value left out, breaks `rule`.
    pub fn unshown(at: impl Into<String>, rule: Rule) -> Violation {
        Violation {
            value: Shown::Omitted,
            at: at.into(),
            rule,
        }
    }

    /// The same breach inside the member at `path` (`transactItems.1.member.put`).
    pub fn within(mut self, path: &str) -> Violation {
        if !path.is_empty() {
            self.at = format!("{path}.{}", self.at);
        }
        self
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Shown::Null => f.write_str("Value null")?,
            Shown::Text(text) => write!(f, "Value '{text}'")?,
            Shown::Omitted => f.write_str("Value")?,
        }
        write!(
            f,
            " at '{}' failed to satisfy constraint: {}",
            self.at, self.rule
        )
    }
}

/// Every breach of a request, as the one ValidationException DynamoDB
/// sends; nothing when there is none.
pub fn check(violations: Vec<Violation>) -> Result<()> {
    match violations.len() {
        0 => Ok(()),
        _ => Err(error(violations)),
    }
}

/// At most this many breaches are listed; DynamoDB stops collecting there.
pub const MOST_LISTED: usize = 10;

/// The ValidationException for one or more breaches (the first
/// [`MOST_LISTED`] of them).
pub fn error(violations: Vec<Violation>) -> Error {
    let clauses: Vec<String> = violations
        .iter()
        .take(MOST_LISTED)
        .map(ToString::to_string)
        .collect();
    match clauses.len() {
        1 => Error::validation(format!("1 validation error detected: {}", clauses[0])),
        n => Error::validation(format!(
            "{n} validation errors detected: {}",
            clauses.join("; ")
        )),
    }
}

impl From<Violation> for Error {
    fn from(violation: Violation) -> Error {
        error(vec![violation])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_breach_is_worded_as_dynamodb_words_it() {
        let e = Error::from(Violation::missing("tableName"));
        assert_eq!(
            e.to_string(),
            "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null"
        );
        let e = Error::from(Violation::new("x", "limit", Rule::AtLeast(1)));
        assert_eq!(
            e.to_string(),
            "1 validation error detected: Value 'x' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"
        );
        let e = Error::from(Violation::unshown("statements", Rule::LengthAtMost(25)));
        assert_eq!(
            e.to_string(),
            "1 validation error detected: Value at 'statements' failed to satisfy constraint: Member must have length less than or equal to 25"
        );
    }

    #[test]
    fn several_breaches_are_counted_and_joined_in_order() {
        let e = check(vec![
            Violation::new("a", "tableName", Rule::NameCharacters),
            Violation::new("PUT", "select", Rule::OneOf("COUNT, ALL_ATTRIBUTES"))
                .within("transactItems.1.member"),
        ])
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "2 validation errors detected: Value 'a' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; \
             Value 'PUT' at 'transactItems.1.member.select' failed to satisfy constraint: Member must satisfy enum value set: [COUNT, ALL_ATTRIBUTES]"
        );
        assert!(check(Vec::new()).is_ok());
    }
}
