//! How each [`Action`] changes the [`State`]: the one place a state
//! becomes the next one. The work is done by the state's methods, grouped
//! by what they change — [`patterns`](super::patterns),
//! [`changes`](super::changes) to the data, [`builds`](super::builds) of
//! new data; an action that changes nothing (a stale index, a price out
//! of bounds, an older build) returns the same state, so nothing redraws.
//!
//! Those methods are never inlined here (`#[inline(never)]`): the page's
//! build splits its code by what a first visit runs (`xtask/src/split.rs`),
//! and a reducer holding every action's work would take all of it into the
//! first module with the first action.

use std::rc::Rc;

use yew::Reducible;

use super::{Action, Built, State};
use crate::model::data::view::Position;
use crate::model::explain::changes::what_changed;
use crate::model::measure::prices::Prices;

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        // An edit is followed by what it did to the patterns' numbers; a
        // run only when it moved some (a read moves none).
        let edit = edit_kind(&action);
        let before = edit.map(|_| self.figures());
        let changed = match action {
            Action::Select(index) => next.select(index),
            Action::Step { back } => next.step(back),
            Action::SetReadPrice(price) => {
                let valid = Prices::is_price(price);
                if valid {
                    next.prices.read_per_million = price;
                }
                valid
            }
            Action::SetWritePrice(price) => {
                let valid = Prices::is_price(price);
                if valid {
                    next.prices.write_per_million = price;
                }
                valid
            }
            Action::SetRequestsPerMonth(n) => {
                let valid = Prices::is_requests_per_month(n);
                if valid {
                    next.prices.requests_per_month = n;
                }
                valid
            }
            Action::OpenPattern { index, run } => next.open_pattern(index, run),
            Action::NewPattern => {
                next.new_pattern();
                true
            }
            Action::EditDraft { update, value } => {
                next.edit_draft(update, value);
                true
            }
            Action::SavePattern { index, pattern } => {
                next.save_pattern(index, pattern);
                true
            }
            Action::SetRate { index, rate } => next.set_rate(index, rate),
            Action::RemovePattern(index) => next.remove_pattern(index),
            Action::EditStored(key) => {
                next.edit_stored(key);
                true
            }
            Action::Change(change) => {
                next.apply_change(change);
                true
            }
            Action::Run(asked) => {
                next.apply_run(*asked);
                true
            }
            Action::ShowIndex(index) => {
                next.position = Rc::new(Position { index, row: 0 });
                true
            }
            Action::ScrolledTo(row) => {
                let moved = row != next.position.row;
                if moved {
                    let index = next.position.index.clone();
                    next.position = Rc::new(Position { index, row });
                }
                moved
            }
            Action::Kept(playground) => {
                next.page.kept = playground;
                true
            }
            Action::SetHandler(handler) => {
                next.set_handler(handler);
                true
            }
            Action::SetChart { chart, seed } => {
                next.set_chart(chart, seed);
                true
            }
            Action::Open {
                playground,
                context,
                note,
            } => {
                next.open_now(*playground, &context, note);
                true
            }
            Action::Refused { build, problem } => next.refused(build, problem),
            Action::OpenRefused { build, problem } => next.open_refused(build, problem),
            Action::Started => {
                next.build.count += 1;
                true
            }
            Action::Progress {
                build,
                stored,
                expected,
            } => next.progress(build, stored, expected),
            Action::Loaded { build, .. } if build != next.build.count => false,
            Action::Loaded {
                build: _,
                engine,
                built,
                item_count,
                warnings,
                measured,
                ttl_times,
            } => {
                next.land(engine, built, item_count, warnings, measured, ttl_times);
                true
            }
            Action::Console(action) => next.console(action),
            Action::Notify(notice) => {
                next.page.notice = Some(Rc::new(notice));
                true
            }
            Action::Dismiss => {
                next.page.notice = None;
                true
            }
        };
        if changed {
            if edit == Some(Edit::Made) {
                next.page.history.record(self.playground());
            }
            if let (Some(before), Some(kind)) = (before, edit) {
                let what = what_changed(&before, &next.figures());
                if kind == Edit::Made || !what.moved.is_empty() {
                    next.page.changed = Some(Rc::new(what));
                    next.page.changes_said += 1;
                }
            }
            next.generation = self.generation + 1;
            Rc::new(next)
        } else {
            self
        }
    }
}

/// How an action bears on the line that says what a change did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    /// An edit of the chart, the design, a pattern or the data: always
    /// said, even when nothing moved.
    Made,
    /// A request run from the runner: said when it moved something.
    Run,
}

fn edit_kind(action: &Action) -> Option<Edit> {
    match action {
        Action::SavePattern { .. }
        | Action::RemovePattern(_)
        | Action::SetRate { .. }
        | Action::Change(_)
        | Action::SetHandler(_)
        | Action::SetChart { .. }
        | Action::Loaded {
            built: Built::Chart { .. },
            ..
        } => Some(Edit::Made),
        Action::Run(_) => Some(Edit::Run),
        _ => None,
    }
}
