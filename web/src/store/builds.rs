//! How new data comes in: a chart or a playground built at once, or
//! filled elsewhere a slice at a time and landing when it is done. Every
//! build is numbered; what an older build brings after a newer one has
//! started changes nothing, so the last thing the learner asked for wins.

use std::cell::RefCell;
use std::rc::Rc;

use engine::Engine;

use super::{Built, Measurement, Notice, State};
use crate::model::design::chart::{Chart, Warning};
use crate::model::explain::changes::what_changed;
use crate::model::failure::Failure;
use crate::model::playground::Playground;
use crate::model::stream::ttl::TtlTimes;

impl State {
    /// Builds the data for a new chart and seed at once.
    #[inline(never)]
    pub(super) fn set_chart(&mut self, chart: Chart, seed: u64) {
        self.build.count += 1;
        self.build.loading = None;
        self.apply_chart(chart, seed);
    }

    /// Opens a small playground at once; one that cannot be opened says
    /// why, after `context`, and changes nothing else.
    #[inline(never)]
    pub(super) fn open_now(&mut self, playground: Playground, context: &str, note: Option<String>) {
        self.build.count += 1;
        self.build.loading = None;
        match State::open(playground) {
            Ok(opened) => {
                self.replace_with(opened);
                self.page.notice = note.map(|note| Rc::new(Notice::news(note)));
            }
            Err(problem) => {
                self.page.notice =
                    Some(Rc::new(Notice::problem(super::sentence(context, &problem))))
            }
        }
    }

    /// Undoes the last edit (`back`) or redoes the last undone: opens the
    /// playground kept for it, built again as a link is, and keeps the
    /// current one for the way back. What the step moved is said as an
    /// edit's is.
    #[inline(never)]
    pub(super) fn step(&mut self, back: bool) -> bool {
        let before = self.figures();
        let mut history = self.page.history.clone();
        let Some(target) = history.step(back, self.playground()) else {
            return false;
        };
        self.page.history = history;
        let said = self.page.changes_said;
        self.open_now((*target).clone(), if back { "Undo" } else { "Redo" }, None);
        self.page.changed = Some(Rc::new(what_changed(&before, &self.figures())));
        self.page.changes_said = said + 1;
        true
    }

    /// True when `build` is the latest one started.
    fn is_current(&self, build: u64) -> bool {
        build == self.build.count
    }

    /// A change built elsewhere was refused: `build.refused` says why.
    #[inline(never)]
    pub(super) fn refused(&mut self, build: u64, problem: Failure) -> bool {
        if !self.is_current(build) {
            return false;
        }
        self.build.loading = None;
        self.build.refused = Some(problem);
        true
    }

    /// A playground filled elsewhere was refused: a notice says why.
    #[inline(never)]
    pub(super) fn open_refused(&mut self, build: u64, problem: Failure) -> bool {
        if !self.is_current(build) {
            return false;
        }
        self.build.loading = None;
        self.page.notice = Some(Rc::new(Notice::problem(problem)));
        true
    }

    /// How far the current build has got.
    #[inline(never)]
    pub(super) fn progress(&mut self, build: u64, stored: usize, expected: usize) -> bool {
        if !self.is_current(build) {
            return false;
        }
        self.build.loading = Some((stored, expected));
        true
    }

    /// The data of the current build lands, with what was measured and
    /// read while it was built.
    #[inline(never)]
    pub(super) fn land(
        &mut self,
        engine: Rc<RefCell<Engine>>,
        built: Built,
        item_count: usize,
        warnings: Vec<Warning>,
        measured: Option<Measurement>,
        ttl_times: Option<TtlTimes>,
    ) {
        let engine = Rc::try_unwrap(engine)
            .map(RefCell::into_inner)
            .unwrap_or_default();
        // The table it replaces is freed after the new one lands.
        crate::browser::drop_later(self.engine.clone());
        self.build.loading = None;
        match built {
            Built::Chart { chart, seed } => {
                self.replace_chart(chart);
                self.seed = seed;
                self.install(engine, item_count, warnings, measured);
            }
            Built::Playground(playground, note) => {
                self.replace_with(State::filled_measured(
                    engine,
                    warnings,
                    *playground,
                    measured,
                ));
                self.page.notice = note.map(|note| Rc::new(Notice::news(note)));
            }
        }
        if let Some(times) = ttl_times {
            self.keep_ttl_times(times);
        }
    }
}
