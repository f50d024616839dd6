//! How each [`Action`] changes the [`State`].

use std::cell::RefCell;
use std::rc::Rc;

use yew::Reducible;

use super::{Action, Built, Notice, State};
use crate::model::data::view::Position;
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::{AccessPattern, MAX_PATTERNS};
use crate::model::patterns::pattern_settings::{MAX_RATE, Settings};
use crate::model::patterns::runner::{Draft, Form};

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Select(index) if index < next.patterns.len() => {
                next.selected = index;
                next.measure_selected();
            }
            Action::Select(_) => return self,
            Action::SetReadPrice(price) if Prices::is_price(price) => {
                next.prices.read_per_million = price
            }
            Action::SetWritePrice(price) if Prices::is_price(price) => {
                next.prices.write_per_million = price
            }
            Action::SetRequestsPerMonth(n) if Prices::is_requests_per_month(n) => {
                next.prices.requests_per_month = n
            }
            Action::SetReadPrice(_) | Action::SetWritePrice(_) | Action::SetRequestsPerMonth(_) => {
                return self;
            }
            Action::OpenPattern { index, run } => {
                let Some(pattern) = next.patterns.get(index) else {
                    return self;
                };
                next.draft = Rc::new(Draft {
                    form: Form::from_request(pattern.operation, &pattern.request),
                    description: pattern.description.clone(),
                    editing: Some(index),
                    alternative: pattern.alternative.clone().unwrap_or_default(),
                    settings: Settings::of(pattern),
                });
                next.selected = index;
                next.measure_selected();
                if run {
                    next.run_now += 1;
                }
            }
            Action::NewPattern => {
                // A new pattern is held to what an efficient read is, until
                // the learner says otherwise.
                next.draft = Rc::new(Draft {
                    form: Form::blank(&next.chart.table.name),
                    settings: Settings {
                        keyed: true,
                        returns_what_it_reads: true,
                        ..Settings::default()
                    },
                    ..Draft::default()
                });
            }
            Action::EditDraft { update, value } => {
                let mut draft = (*next.draft).clone();
                update(&mut draft, value);
                next.draft = Rc::new(draft);
            }
            Action::SavePattern { index, pattern } => {
                let replacing = index.is_some_and(|i| i < next.patterns.len());
                if !replacing && next.patterns.len() >= MAX_PATTERNS {
                    next.notice = Some(Rc::new(Notice::problem(format!(
                        "A playground holds at most {MAX_PATTERNS} access patterns; remove one first."
                    ))));
                    return Rc::new(next);
                }
                match index.and_then(|i| next.patterns.get_mut(i)) {
                    Some(existing) => {
                        // A Scan filter spelled out by the example stays only
                        // while the request it stands for is unchanged.
                        let same_request = existing.operation == pattern.operation
                            && existing.request == pattern.request;
                        let scan_filter = existing.scan_filter.take().filter(|_| same_request);
                        *existing = AccessPattern {
                            scan_filter,
                            ..pattern
                        };
                    }
                    None => next.patterns.push(pattern),
                }
                next.selected = index.unwrap_or(next.patterns.len() - 1);
                next.measure_all();
                next.revision += 1;
            }
            Action::SetRate { index, rate } => {
                let valid = rate.is_finite() && (0.0..=MAX_RATE).contains(&rate);
                let Some(pattern) = next.patterns.get_mut(index).filter(|_| valid) else {
                    return self;
                };
                let had_rate = pattern.rate > 0.0;
                pattern.rate = rate;
                let typed = Settings::of(pattern).rate;
                if had_rate != (rate > 0.0) {
                    // Measured again, with (or without) where its units land.
                    next.runs[index] = next.measure_one(index, index == next.selected);
                }
                if next.draft.editing == Some(index) {
                    let mut draft = (*next.draft).clone();
                    draft.settings.rate = typed;
                    next.draft = Rc::new(draft);
                }
                next.revision += 1;
            }
            Action::RemovePattern(index) if index < next.patterns.len() => {
                next.patterns.remove(index);
                let _measured = next.runs.remove(index);
                if next.patterns.is_empty() {
                    next.selected = 0;
                } else if next.selected >= index && next.selected > 0 {
                    next.selected -= 1;
                }
                let mut draft = (*next.draft).clone();
                draft.editing = match draft.editing {
                    Some(i) if i == index => None,
                    Some(i) if i > index => Some(i - 1),
                    other => other,
                };
                next.draft = Rc::new(draft);
                next.measure_selected();
                next.revision += 1;
            }
            Action::RemovePattern(_) => return self,
            Action::EditStored(key) => next.edit_stored(key),
            Action::Change(change) => next.apply_change(change),
            Action::Run(asked) => next.apply_run(*asked),
            Action::ShowIndex(index) => {
                next.position = Rc::new(Position { index, row: 0 });
            }
            Action::Kept(playground) => next.kept = playground,
            Action::ScrolledTo(row) if row == next.position.row => return self,
            Action::ScrolledTo(row) => {
                next.position = Rc::new(Position {
                    index: next.position.index.clone(),
                    row,
                });
            }
            Action::SetHandler(handler) => {
                next.handler = handler.map(Rc::new);
                next.measure_all();
                next.revision += 1;
            }
            Action::SetChart { chart, seed } => {
                next.builds += 1;
                next.loading = None;
                next.apply_chart(chart, seed);
            }
            Action::Open {
                playground,
                context,
            } => {
                next.builds += 1;
                next.loading = None;
                match State::open(*playground) {
                    Ok(opened) => next.replace_with(opened),
                    Err(problem) => {
                        next.notice = Some(Rc::new(Notice::problem(super::sentence(
                            &context, &problem,
                        ))))
                    }
                }
            }
            Action::Refused { build, .. } if build != next.builds => return self,
            Action::Refused { problem, .. } => {
                next.loading = None;
                next.load_error = Some(problem);
                next.revision += 1;
            }
            Action::OpenRefused { build, .. } if build != next.builds => return self,
            Action::OpenRefused { problem, .. } => {
                next.loading = None;
                next.notice = Some(Rc::new(Notice::problem(problem)));
            }
            Action::Started => {
                next.builds += 1;
                return Rc::new(next);
            }
            Action::Progress { build, .. } if build != next.builds => return self,
            Action::Progress {
                stored, expected, ..
            } => {
                next.loading = Some((stored, expected));
                return Rc::new(next);
            }
            Action::Loaded { build, .. } if build != next.builds => return self,
            Action::Loaded {
                build: _,
                engine,
                built,
                item_count,
                warnings,
                measured,
                ttl_times,
            } => {
                let engine = Rc::try_unwrap(engine)
                    .map(RefCell::into_inner)
                    .unwrap_or_default();
                // The table it replaces is freed after the new one lands.
                crate::browser::drop_later(next.engine.clone());
                next.loading = None;
                match built {
                    Built::Chart { chart, seed } => {
                        next.replace_chart(chart);
                        next.seed = seed;
                        next.install(engine, item_count, warnings, measured);
                    }
                    Built::Playground(playground) => {
                        next.replace_with(State::filled_measured(
                            engine,
                            warnings,
                            *playground,
                            measured,
                        ));
                    }
                }
                if let Some(times) = ttl_times {
                    next.keep_ttl_times(times);
                }
            }
            Action::Notify(notice) => next.notice = Some(Rc::new(notice)),
            Action::Dismiss => next.notice = None,
        }
        Rc::new(next)
    }
}
