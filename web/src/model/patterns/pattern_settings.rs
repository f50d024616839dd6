//! The pattern editor's fields for what a pattern is held to and how often
//! it runs: its expectations (never a Scan, at most N units, returns what
//! it reads, returns N items), its request rate and its write sharding —
//! as typed, and as a
//! pattern carries them once checked.

use crate::model::failure::Failure;
use engine::api::Operation;

use super::pattern::{AccessPattern, Budget};
use crate::limits::MAX_UNITS_BUDGET;
use crate::limits::{MAX_ITEMS, MAX_SHARDS};

pub use crate::limits::MAX_RATE;

/// The fields as typed in the pattern editor.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    pub keyed: bool,
    pub returns_what_it_reads: bool,
    /// At most this many units a request; empty for no ceiling.
    pub max_units: String,
    /// The items a read returns; empty for no expectation.
    pub expected_items: String,
    /// Requests per second; empty for none.
    pub rate: String,
    /// Shards; empty for none.
    pub shards: String,
}

/// A number as a text field shows it: no separators, no trailing `.0`.
pub fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        n.to_string()
    }
}

impl Settings {
    /// The fields for a saved pattern.
    pub fn of(pattern: &AccessPattern) -> Settings {
        Settings {
            keyed: pattern.budget.keyed,
            returns_what_it_reads: pattern.budget.returns_what_it_reads,
            max_units: pattern
                .budget
                .max_units
                .map(number_text)
                .unwrap_or_default(),
            expected_items: pattern
                .budget
                .expected_items
                .map(|n| n.to_string())
                .unwrap_or_default(),
            rate: if pattern.rate > 0.0 {
                number_text(pattern.rate)
            } else {
                String::new()
            },
            shards: pattern.shards.map(|n| n.to_string()).unwrap_or_default(),
        }
    }

    /// The pattern with these settings, or what is wrong with them.
    pub fn apply(&self, mut pattern: AccessPattern) -> Result<AccessPattern, Failure> {
        let number = |text: &str, what: &str| -> Result<Option<f64>, Failure> {
            let text = text.trim().replace(',', "");
            if text.is_empty() {
                return Ok(None);
            }
            text.parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n >= 0.0)
                .map(Some)
                .ok_or_else(|| {
                    Failure::refused(format!("{what} is a number of 0 or more, not \"{text}\"."))
                })
        };
        let budget = Budget {
            keyed: self.keyed,
            max_units: number(&self.max_units, "The most units a request")?,
            returns_what_it_reads: self.returns_what_it_reads,
            expected_items: match self.expected_items.trim().replace(',', "").as_str() {
                "" => None,
                text => Some(text.parse::<u32>().map_err(|_| {
                    Failure::refused(format!(
                        "Items it returns is a whole number from 0 to {}, not \"{text}\".",
                        crate::model::format::thousands(MAX_ITEMS)
                    ))
                })?),
            },
        };
        let rate = number(&self.rate, "Requests per second")?.unwrap_or(0.0);
        let shards = match self.shards.trim() {
            "" => None,
            text => Some(text.parse::<u32>().map_err(|_| {
                Failure::refused(format!(
                    "Shards is a whole number from 2 to {MAX_SHARDS}, not \"{text}\"."
                ))
            })?),
        };
        check_settings(pattern.operation, &budget, rate, shards)?;
        pattern.budget = budget;
        pattern.rate = rate;
        pattern.shards = shards;
        Ok(pattern)
    }
}

/// Refuses settings a pattern cannot have, from the editor or a link.
pub fn check_settings(
    operation: Operation,
    budget: &Budget,
    rate: f64,
    shards: Option<u32>,
) -> Result<(), Failure> {
    if !(rate.is_finite() && (0.0..=MAX_RATE).contains(&rate)) {
        return Err(Failure::refused(format!(
            "Requests per second is from 0 to {}.",
            crate::model::format::thousands(MAX_RATE as usize)
        )));
    }
    if budget
        .max_units
        .is_some_and(|u| !(u.is_finite() && (0.0..=MAX_UNITS_BUDGET).contains(&u)))
    {
        return Err(Failure::refused(format!(
            "The most units a request is a number from 0 to {}.",
            crate::model::format::thousands(MAX_UNITS_BUDGET as usize)
        )));
    }
    if let Some(items) = budget.expected_items {
        if items as usize > MAX_ITEMS {
            return Err(Failure::refused(format!(
                "Items it returns is a whole number from 0 to {}.",
                crate::model::format::thousands(MAX_ITEMS)
            )));
        }
        if operation.is_write() {
            return Err(Failure::refused(format!(
                "Only a read returns items, not {operation}: leave Items it returns empty."
            )));
        }
    }
    if let Some(n) = shards {
        if !(2..=MAX_SHARDS).contains(&n) {
            return Err(Failure::refused(format!(
                "Shards is a whole number from 2 to {MAX_SHARDS}."
            )));
        }
        if !matches!(
            operation,
            Operation::Query | Operation::PutItem | Operation::UpdateItem | Operation::DeleteItem
        ) {
            return Err(Failure::refused(format!(
                "Only a Query (read from every shard) or a write by key (to one shard) can be sharded, not {operation}."
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn query() -> AccessPattern {
        AccessPattern::new("Votes", Operation::Query, json!({"TableName": "t"}))
    }

    #[test]
    fn typed_settings_go_onto_the_pattern_and_come_back_as_typed() {
        let typed = Settings {
            keyed: true,
            returns_what_it_reads: false,
            max_units: "2.5".into(),
            expected_items: "3".into(),
            rate: "1,500".into(),
            shards: "10".into(),
        };
        let pattern = typed.apply(query()).unwrap();
        assert_eq!(
            pattern.budget,
            Budget::default().at_most(2.5).keyed().returning(3)
        );
        assert_eq!((pattern.rate, pattern.shards), (1500.0, Some(10)));
        assert_eq!(
            Settings::of(&pattern),
            Settings {
                rate: "1500".into(),
                ..typed
            }
        );
    }

    #[test]
    fn settings_a_pattern_cannot_have_are_refused_in_words() {
        let with = |f: fn(&mut Settings)| {
            let mut s = Settings::default();
            f(&mut s);
            s.apply(query()).unwrap_err()
        };
        assert!(
            with(|s| s.rate = "-3".into())
                .to_string()
                .contains("0 or more")
        );
        assert!(
            with(|s| s.rate = "2000000".into())
                .to_string()
                .contains("from 0 to 1,000,000")
        );
        assert!(
            with(|s| s.max_units = "lots".into())
                .to_string()
                .contains("not \"lots\"")
        );
        assert_eq!(
            with(|s| s.expected_items = "2.5".into()).to_string(),
            "Items it returns is a whole number from 0 to 250,000, not \"2.5\"."
        );
        assert_eq!(
            with(|s| s.expected_items = "300,000".into()).to_string(),
            "Items it returns is a whole number from 0 to 250,000."
        );
        let put = AccessPattern::new("New order", Operation::PutItem, json!({"TableName": "t"}));
        let expecting = Settings {
            expected_items: "1".into(),
            ..Settings::default()
        };
        assert_eq!(
            expecting.apply(put).unwrap_err().to_string(),
            "Only a read returns items, not PutItem: leave Items it returns empty."
        );
        assert!(
            with(|s| s.shards = "1".into())
                .to_string()
                .contains("from 2 to 100")
        );
        assert!(
            with(|s| s.shards = "2.5".into())
                .to_string()
                .contains("whole number")
        );
        let scan = AccessPattern::new("All", Operation::Scan, json!({"TableName": "t"}));
        let sharded = Settings {
            shards: "4".into(),
            ..Settings::default()
        };
        assert!(
            sharded
                .apply(scan)
                .unwrap_err()
                .to_string()
                .contains("not Scan")
        );
    }
}
