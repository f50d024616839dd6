//! The page's one store: the engine with the example loaded, the chart, the
//! access patterns and their measured runs, and what the learner selected.
//! Components read it and send [`Action`]s; only [`State::reduce`] changes it.
//!
//! The engine lives behind a shared cell so that a new state is cheap to
//! make; `revision` counts the changes to the data, for change detection.

use std::cell::RefCell;
use std::rc::Rc;

use engine::Engine;
use yew::Reducible;

use crate::model::chart::{Chart, Warning};
use crate::model::commerce;
use crate::model::compare::{Measured, Prices, measure};
use crate::model::load::Loader;
use crate::model::pattern::AccessPattern;
use crate::model::runner::{Form, Highlight};

/// Everything the page shows.
#[derive(Clone)]
pub struct State {
    pub engine: Rc<RefCell<Engine>>,
    pub chart: Chart,
    pub patterns: Vec<AccessPattern>,
    /// Per pattern: what measuring it found, or the error that stopped it.
    pub runs: Vec<Result<Measured, String>>,
    pub selected: usize,
    pub prices: Prices,
    pub seed: u64,
    pub item_count: usize,
    pub warnings: Vec<Warning>,
    /// Why the last change to the design was refused, if it was.
    pub load_error: Option<String>,
    /// Items stored so far, and about how many in all, while a large
    /// table fills.
    pub loading: Option<(usize, usize)>,
    /// Counts the rebuilds started, so a slower, older one cannot land
    /// after a newer one.
    pub builds: u64,
    /// What the last request run read and returned, for the data view.
    pub highlight: Rc<Highlight>,
    /// What the runner should show next: a pattern opened for editing or running.
    pub runner_preset: Rc<RunnerPreset>,
    /// The item handed to the item editor, numbered like the runner's preset.
    pub item_preset: Rc<(u64, serde_json::Value)>,
    pub revision: u64,
}

/// A request handed to the runner, numbered so the runner sees each one once.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct RunnerPreset {
    pub serial: u64,
    pub form: Form,
    /// Run it as soon as it is shown.
    pub run: bool,
    /// The access pattern being edited, by index; `None` for a new one.
    pub editing: Option<usize>,
    pub description: String,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.revision == other.revision
            && self.selected == other.selected
            && self.prices == other.prices
            && self.loading == other.loading
            && Rc::ptr_eq(&self.highlight, &other.highlight)
            && Rc::ptr_eq(&self.runner_preset, &other.runner_preset)
            && Rc::ptr_eq(&self.item_preset, &other.item_preset)
    }
}

/// What the learner can do.
#[derive(Clone, Debug)]
pub enum Action {
    /// Show the comparison of this access pattern.
    Select(usize),
    /// Change the price of a million read request units.
    SetReadPrice(f64),
    /// Change the price of a million write request units.
    SetWritePrice(f64),
    /// Change how many times a month each request is made.
    SetRequestsPerMonth(f64),
    /// Open an access pattern in the runner, to edit it or to run it.
    OpenPattern { index: usize, run: bool },
    /// Open the runner on a new, unsaved access pattern.
    NewPattern,
    /// Save an access pattern: replace the one at `index`, or add it.
    SavePattern {
        index: Option<usize>,
        pattern: AccessPattern,
    },
    /// Remove an access pattern.
    RemovePattern(usize),
    /// Open a stored item (DynamoDB JSON) in the item editor.
    EditItem(serde_json::Value),
    /// The engine's data changed (items pasted, a write run): count the
    /// items and measure every pattern again.
    DataChanged,
    /// Mark what a request read and returned.
    Highlight(Highlight),
    /// Replace the chart (table design, entities, templates) and the seed;
    /// the items are generated again. A chart that cannot be built is
    /// refused whole. (Large tables are filled elsewhere: see `rebuild`.)
    SetChart { chart: Chart, seed: u64 },
    /// A change that cannot be built: say why, change nothing (unless a
    /// newer build has started since).
    Refused { build: u64, problem: String },
    /// A table starts filling elsewhere, as build number `builds + 1`.
    Started,
    /// How far build `build` has got.
    Progress {
        build: u64,
        stored: usize,
        expected: usize,
    },
    /// A table filled elsewhere (a slice at a time) replaces the data,
    /// unless a newer build has started since.
    Loaded {
        build: u64,
        engine: Rc<RefCell<Engine>>,
        chart: Chart,
        seed: u64,
        item_count: usize,
        warnings: Vec<Warning>,
    },
}

/// The pattern compared when the page opens: a Query that reads half a
/// read unit, next to a Scan that costs hundreds of times more.
pub const FIRST_PATTERN: usize = 2;

/// The seed the page opens with.
pub const FIRST_SEED: u64 = 42;

impl State {
    /// The commerce example, loaded and measured.
    pub fn example() -> State {
        let chart = commerce::chart();
        let mut state = State {
            engine: Rc::new(RefCell::new(Engine::new())),
            patterns: commerce::patterns(),
            runs: Vec::new(),
            selected: FIRST_PATTERN,
            prices: Prices::default(),
            seed: FIRST_SEED,
            item_count: 0,
            warnings: Vec::new(),
            load_error: None,
            loading: None,
            builds: 0,
            highlight: Rc::new(Highlight::default()),
            runner_preset: Rc::new(RunnerPreset::default()),
            item_preset: Rc::new((0, serde_json::Value::Null)),
            revision: 0,
            chart,
        };
        state.load(FIRST_SEED);
        state
    }

    /// Creates the table, generates and puts the items, then measures every pattern.
    fn load(&mut self, seed: u64) {
        let chart = self.chart.clone();
        self.apply_chart(chart, seed);
    }

    /// Builds the data for `chart` and `seed`; only when that works do the
    /// chart and the data replace the current ones. Otherwise everything
    /// stays as it was and `load_error` says why.
    fn apply_chart(&mut self, chart: Chart, seed: u64) {
        let loaded = chart
            .validate()
            .and_then(|()| Loader::new(&chart, seed))
            .and_then(|mut loader| {
                while !loader.step(usize::MAX)? {}
                Ok(loader.finish())
            });
        match loaded {
            Ok((engine, items, warnings)) => {
                self.replace_chart(chart);
                self.seed = seed;
                self.install(engine, items, warnings);
            }
            Err(error) => {
                self.load_error = Some(error);
                self.revision += 1;
            }
        }
    }

    /// Puts a new chart in place. A renamed table takes its access
    /// patterns along: the page has one table, and a pattern names it.
    fn replace_chart(&mut self, chart: Chart) {
        let (old, new) = (self.chart.table.name.clone(), chart.table.name.clone());
        if old != new {
            for pattern in &mut self.patterns {
                if pattern.request.get("TableName").and_then(|t| t.as_str()) == Some(old.as_str()) {
                    pattern.request["TableName"] = serde_json::json!(new);
                }
            }
        }
        self.chart = chart;
    }

    /// Puts a filled engine in place and measures every pattern on it.
    fn install(&mut self, engine: Engine, item_count: usize, warnings: Vec<Warning>) {
        self.load_error = None;
        self.item_count = item_count;
        self.warnings = warnings;
        self.engine = Rc::new(RefCell::new(engine));
        self.measure_all();
        self.revision += 1;
    }

    /// Measures every access pattern on the current data: each one's own
    /// request, and for the selected one its Scan too.
    fn measure_all(&mut self) {
        let mut engine = self.engine.borrow_mut();
        self.runs = self
            .patterns
            .iter()
            .enumerate()
            .map(|(i, p)| measure(&mut engine, p, &self.chart.table, i == self.selected))
            .collect();
    }

    /// Measures the selected pattern with its Scan, for the comparison.
    fn measure_selected(&mut self) {
        let Some(pattern) = self.patterns.get(self.selected) else {
            return;
        };
        let measured = measure(
            &mut self.engine.borrow_mut(),
            pattern,
            &self.chart.table,
            true,
        );
        self.runs[self.selected] = measured;
    }

    /// Hands a request to the runner.
    fn preset_runner(
        &mut self,
        form: Form,
        run: bool,
        editing: Option<usize>,
        description: String,
    ) {
        self.runner_preset = Rc::new(RunnerPreset {
            serial: self.runner_preset.serial + 1,
            form,
            run,
            editing,
            description,
        });
    }
}

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
            Action::SetReadPrice(price) if price.is_finite() && price >= 0.0 => {
                next.prices.read_per_million = price
            }
            Action::SetReadPrice(_) => return self,
            Action::SetWritePrice(price) if price.is_finite() && price >= 0.0 => {
                next.prices.write_per_million = price
            }
            Action::SetWritePrice(_) => return self,
            Action::SetRequestsPerMonth(n) if n.is_finite() && n >= 0.0 => {
                next.prices.requests_per_month = n
            }
            Action::SetRequestsPerMonth(_) => return self,
            Action::OpenPattern { index, run } => {
                let Some(pattern) = next.patterns.get(index) else {
                    return self;
                };
                let form = Form::from_request(&pattern.operation, &pattern.request);
                let description = pattern.description.clone();
                next.selected = index;
                next.measure_selected();
                next.preset_runner(form, run, Some(index), description);
            }
            Action::NewPattern => {
                let form = Form::blank(&next.chart.table.name);
                next.preset_runner(form, false, None, String::new());
            }
            Action::SavePattern { index, pattern } => {
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
            Action::RemovePattern(index) if index < next.patterns.len() => {
                next.patterns.remove(index);
                let _measured = next.runs.remove(index);
                if next.patterns.is_empty() {
                    next.selected = 0;
                } else if next.selected >= index && next.selected > 0 {
                    next.selected -= 1;
                }
                next.measure_selected();
                next.revision += 1;
            }
            Action::RemovePattern(_) => return self,
            Action::EditItem(item) => next.item_preset = Rc::new((next.item_preset.0 + 1, item)),
            Action::Highlight(highlight) => next.highlight = Rc::new(highlight),
            Action::DataChanged => {
                let engine = next.engine.clone();
                next.item_count = engine
                    .borrow()
                    .table(&next.chart.table.name)
                    .map_or(0, |t| t.items.n_items());
                next.measure_all();
                next.highlight = Rc::new(Highlight::default());
                next.revision += 1;
            }
            Action::SetChart { chart, seed } => {
                next.builds += 1;
                next.loading = None;
                next.apply_chart(chart, seed);
            }
            Action::Refused { build, .. } if build != next.builds => return self,
            Action::Refused { problem, .. } => {
                next.loading = None;
                next.load_error = Some(problem);
                next.revision += 1;
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
                chart,
                seed,
                item_count,
                warnings,
            } => {
                let engine = Rc::try_unwrap(engine)
                    .map(RefCell::into_inner)
                    .unwrap_or_default();
                next.replace_chart(chart);
                next.seed = seed;
                next.loading = None;
                next.install(engine, item_count, warnings);
            }
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loaded(build: u64, chart: Chart) -> Action {
        let mut loader = Loader::new(&chart, 7).unwrap();
        while !loader.step(usize::MAX).unwrap() {}
        let (engine, item_count, warnings) = loader.finish();
        Action::Loaded {
            build,
            engine: Rc::new(RefCell::new(engine)),
            chart,
            seed: 7,
            item_count,
            warnings,
        }
    }

    #[test]
    fn an_older_build_never_lands_after_a_newer_one() {
        let state = Rc::new(State::example());
        let mut small = state.chart.clone();
        small.entities[0].count = (3, 3);
        let started = state.clone().reduce(Action::Started);
        let restarted = started.clone().reduce(Action::Started);
        assert_eq!(restarted.builds, 2);
        // Build 1 finishing late changes nothing; build 2 lands.
        let stale = restarted.clone().reduce(loaded(1, small.clone()));
        assert_eq!(stale.item_count, state.item_count);
        let fresh = restarted.reduce(loaded(2, small));
        assert!(
            fresh.item_count < state.item_count / 10,
            "{}",
            fresh.item_count
        );
        assert_eq!((fresh.seed, fresh.loading), (7, None));
    }

    #[test]
    fn renaming_the_table_takes_the_patterns_along() {
        let state = Rc::new(State::example());
        let mut chart = state.chart.clone();
        chart.table.name = "shop".into();
        let renamed = state.reduce(Action::SetChart { chart, seed: 42 });
        assert_eq!(renamed.chart.table.name, "shop");
        assert!(
            renamed
                .patterns
                .iter()
                .all(|p| p.request["TableName"] == "shop")
        );
        assert!(renamed.runs.iter().all(Result::is_ok), "{:?}", renamed.runs);
    }

    #[test]
    fn a_refused_chart_changes_nothing_and_says_why() {
        let state = Rc::new(State::example());
        let mut chart = state.chart.clone();
        chart.table.indexes[0].name = "G1".into();
        let refused = state.clone().reduce(Action::SetChart { chart, seed: 42 });
        assert_eq!(refused.chart, state.chart);
        assert_eq!(refused.item_count, state.item_count);
        let message = refused.load_error.clone().unwrap();
        assert!(message.starts_with("ValidationException: "), "{message}");
    }
}
