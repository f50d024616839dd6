//! What a change did: the numbers of every access pattern before and after
//! it — items returned and read, units a request, whether it passes its
//! review — and the ones that moved, in words, for the line the page shows
//! where the change was made:
//!
//! "PENDING orders placed in July: 3 → 0 returned, now fails its review ·
//! Fulfil an order: 4 → 5 WCU · 1 broken".
//!
//! Patterns are matched by their description, so adding or removing one
//! does not make every later one look changed.

use crate::model::failure::Failure;
use crate::model::format::{thousands, units};
use crate::model::measure::compare::Measured;
use crate::model::patterns::pattern::AccessPattern;

use super::review::Verdict;

/// One pattern's numbers, as the pattern list shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub description: String,
    /// Items returned and read, for a read.
    pub returned: Option<usize>,
    pub read: Option<usize>,
    /// Units a request and their name (`RCU`, `WCU`).
    pub units: Option<(f64, &'static str)>,
    /// Passing its review: `None` when it has no budget.
    pub passes: Option<bool>,
    /// It does not run on the data.
    pub fails: bool,
}

/// Every pattern's figures.
pub fn figures(
    patterns: &[AccessPattern],
    runs: &[Result<Measured, Failure>],
    verdicts: &[Verdict],
) -> Vec<Figures> {
    patterns
        .iter()
        .zip(runs)
        .enumerate()
        .map(|(i, (pattern, measured))| {
            let mut figures = Figures {
                description: pattern.description.clone(),
                returned: None,
                read: None,
                units: None,
                passes: match verdicts.get(i) {
                    Some(Verdict::Within(_)) => Some(true),
                    Some(Verdict::Over(_)) => Some(false),
                    _ => None,
                },
                fails: measured.is_err(),
            };
            match measured {
                Ok(Measured::Write(cost)) => figures.units = Some((cost.total(), "WCU")),
                Ok(Measured::Transaction(cost)) => figures.units = Some((cost.total(), "WCU")),
                Ok(measured) => {
                    if let Some((runs, own)) = measured.reads() {
                        let run = &runs[own];
                        figures.returned = Some(run.count);
                        figures.read = Some(run.scanned_count);
                        figures.units = Some((run.eventual_units, "RCU"));
                    }
                }
                Err(_) => {}
            }
            figures
        })
        .collect()
}

/// A pattern whose numbers moved, and how, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Moved {
    /// Its place in the patterns after the change.
    pub pattern: usize,
    pub text: String,
}

/// What moved, and how many patterns a change fixed and broke.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WhatChanged {
    pub moved: Vec<Moved>,
    pub fixed: usize,
    pub broken: usize,
}

impl WhatChanged {
    /// "1 fixed, 1 broken", or "" when the review did not change.
    pub fn tally(&self) -> String {
        let mut parts = Vec::new();
        if self.fixed > 0 {
            parts.push(format!("{} fixed", self.fixed));
        }
        if self.broken > 0 {
            parts.push(format!("{} broken", self.broken));
        }
        parts.join(", ")
    }

    /// The whole line: every move and the tally, or that nothing moved.
    pub fn sentence(&self) -> String {
        if self.moved.is_empty() {
            return "No pattern's numbers moved.".into();
        }
        let mut parts: Vec<String> = self.moved.iter().map(|m| m.text.clone()).collect();
        let tally = self.tally();
        if !tally.is_empty() {
            parts.push(tally);
        }
        parts.join(" · ")
    }
}

/// What moved between `before` and `after`.
pub fn what_changed(before: &[Figures], after: &[Figures]) -> WhatChanged {
    let mut changed = WhatChanged::default();
    for (i, now) in after.iter().enumerate() {
        let Some(then) = before.iter().find(|b| b.description == now.description) else {
            continue;
        };
        let mut parts = Vec::new();
        let count = |a: Option<usize>, b: Option<usize>, what: &str| match (a, b) {
            (Some(a), Some(b)) if a != b => {
                Some(format!("{} → {} {what}", thousands(a), thousands(b)))
            }
            _ => None,
        };
        parts.extend(count(then.returned, now.returned, "returned"));
        parts.extend(count(then.read, now.read, "read"));
        if let (Some((a, name)), Some((b, _))) = (then.units, now.units)
            && (a - b).abs() > 1e-9
        {
            parts.push(format!("{} → {} {name}", units(a), units(b)));
        }
        match (then.fails, now.fails) {
            (false, true) => parts.push("now fails to run".into()),
            (true, false) => parts.push("runs again".into()),
            _ => {}
        }
        match (then.passes, now.passes) {
            (Some(true), Some(false)) => {
                changed.broken += 1;
                parts.push("now fails its review".into());
            }
            (Some(false), Some(true)) => {
                changed.fixed += 1;
                parts.push("now passes its review".into());
            }
            _ => {}
        }
        if !parts.is_empty() {
            changed.moved.push(Moved {
                pattern: i,
                text: format!("{}: {}", now.description, parts.join(", ")),
            });
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(description: &str, returned: usize, read: usize, rcu: f64, passes: bool) -> Figures {
        Figures {
            description: description.into(),
            returned: Some(returned),
            read: Some(read),
            units: Some((rcu, "RCU")),
            passes: Some(passes),
            fails: false,
        }
    }

    #[test]
    fn the_numbers_that_moved_are_listed_with_the_fixed_and_broken_tally() {
        let write = |wcu: f64, passes| Figures {
            description: "Fulfil an order".into(),
            returned: None,
            read: None,
            units: Some((wcu, "WCU")),
            passes: Some(passes),
            fails: false,
        };
        let before = [
            read("July", 3, 3, 0.5, true),
            write(4.0, true),
            read("Books", 5, 9, 1.0, false),
        ];
        let after = [
            read("July", 0, 0, 0.5, false),
            write(5.0, false),
            read("Books", 5, 5, 0.5, true),
        ];
        let changed = what_changed(&before, &after);
        assert_eq!(
            changed.sentence(),
            "July: 3 → 0 returned, 3 → 0 read, now fails its review · Fulfil an order: 4 → 5 WCU, now fails its review · Books: 9 → 5 read, 1 → 0.5 RCU, now passes its review · 1 fixed, 2 broken"
        );
        assert_eq!(
            changed.moved.iter().map(|m| m.pattern).collect::<Vec<_>>(),
            [0, 1, 2]
        );
    }

    #[test]
    fn a_pattern_added_before_others_does_not_make_them_look_changed() {
        let before = [read("July", 3, 3, 0.5, true)];
        let after = [read("New", 1, 1, 0.5, true), read("July", 3, 3, 0.5, true)];
        let changed = what_changed(&before, &after);
        assert_eq!(changed.moved, []);
        assert_eq!(changed.sentence(), "No pattern's numbers moved.");
    }
}
