//! How the access patterns and the runner's draft change: a pattern
//! selected, opened in the runner, saved, given a rate or removed. Each
//! returns whether anything changed (a stale index changes nothing).

use std::rc::Rc;

use super::{Notice, State};
use crate::model::patterns::pattern::{AccessPattern, MAX_PATTERNS};
use crate::model::patterns::pattern_settings::{MAX_RATE, Settings};
use crate::model::patterns::runner::{Draft, Form};

impl State {
    /// Shows the comparison of the pattern at `index`.
    #[inline(never)]
    pub(super) fn select(&mut self, index: usize) -> bool {
        if index >= self.patterns.len() {
            return false;
        }
        self.selected = index;
        self.measure_selected();
        true
    }

    /// Opens the pattern at `index` in the runner, and runs it when `run`.
    #[inline(never)]
    pub(super) fn open_pattern(&mut self, index: usize, run: bool) -> bool {
        let Some(pattern) = self.patterns.get(index) else {
            return false;
        };
        self.runner.draft = Rc::new(Draft {
            form: Form::from_request(pattern.operation, &pattern.request),
            description: pattern.description.clone(),
            editing: Some(index),
            alternative: pattern.alternative.clone().unwrap_or_default(),
            settings: Settings::of(pattern),
        });
        self.select(index);
        if run {
            self.runner.run_now += 1;
        }
        true
    }

    /// Opens the runner on a new pattern, held to what an efficient read
    /// is until the learner says otherwise.
    #[inline(never)]
    pub(super) fn new_pattern(&mut self) {
        self.runner.draft = Rc::new(Draft {
            form: Form::blank(&self.chart.table.name),
            settings: Settings {
                keyed: true,
                returns_what_it_reads: true,
                ..Settings::default()
            },
            ..Draft::default()
        });
    }

    /// Puts `value` in the draft's field that `update` names.
    #[inline(never)]
    pub(super) fn edit_draft(&mut self, update: fn(&mut Draft, String), value: String) {
        let mut draft = (*self.runner.draft).clone();
        update(&mut draft, value);
        self.runner.draft = Rc::new(draft);
    }

    /// Replaces the pattern at `index` with `pattern`, or adds it; a full
    /// list refuses a new one with a notice.
    #[inline(never)]
    pub(super) fn save_pattern(&mut self, index: Option<usize>, pattern: AccessPattern) {
        let replacing = index.is_some_and(|i| i < self.patterns.len());
        if !replacing && self.patterns.len() >= MAX_PATTERNS {
            self.page.notice = Some(Rc::new(Notice::problem(format!(
                "A playground holds at most {MAX_PATTERNS} access patterns; remove one first."
            ))));
            return;
        }
        match index.and_then(|i| self.patterns.get_mut(i)) {
            Some(existing) => {
                // A Scan filter spelled out by the example stays only
                // while the request it stands for is unchanged.
                let same_request =
                    existing.operation == pattern.operation && existing.request == pattern.request;
                let scan_filter = existing.scan_filter.take().filter(|_| same_request);
                *existing = AccessPattern {
                    scan_filter,
                    ..pattern
                };
            }
            None => self.patterns.push(pattern),
        }
        self.selected = index.unwrap_or(self.patterns.len() - 1);
        self.measure_all();
        self.revision += 1;
    }

    /// Gives the pattern at `index` a request rate (requests a second; 0
    /// for none); a rate out of bounds changes nothing.
    #[inline(never)]
    pub(super) fn set_rate(&mut self, index: usize, rate: f64) -> bool {
        let valid = rate.is_finite() && (0.0..=MAX_RATE).contains(&rate);
        let Some(pattern) = self.patterns.get_mut(index).filter(|_| valid) else {
            return false;
        };
        let had_rate = pattern.rate > 0.0;
        pattern.rate = rate;
        let typed = Settings::of(pattern).rate;
        if had_rate != (rate > 0.0) {
            // Measured again, with (or without) where its units land.
            self.runs[index] = self.measure_one(index, index == self.selected);
        }
        if self.runner.draft.editing == Some(index) {
            let mut draft = (*self.runner.draft).clone();
            draft.settings.rate = typed;
            self.runner.draft = Rc::new(draft);
        }
        self.revision += 1;
        true
    }

    /// Removes the pattern at `index`; the selection and the runner's
    /// draft follow the patterns after it.
    #[inline(never)]
    pub(super) fn remove_pattern(&mut self, index: usize) -> bool {
        if index >= self.patterns.len() {
            return false;
        }
        self.patterns.remove(index);
        let _measured = self.runs.remove(index);
        if self.patterns.is_empty() {
            self.selected = 0;
        } else if self.selected >= index && self.selected > 0 {
            self.selected -= 1;
        }
        let mut draft = (*self.runner.draft).clone();
        draft.editing = match draft.editing {
            Some(i) if i == index => None,
            Some(i) if i > index => Some(i - 1),
            other => other,
        };
        self.runner.draft = Rc::new(draft);
        self.measure_selected();
        self.revision += 1;
        true
    }
}
