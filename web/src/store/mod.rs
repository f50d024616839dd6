//! The page's one store: the engine holding the data, the chart, the
//! access patterns and their measured runs, what the learner selected and
//! typed, and the items changed by hand. Components read it and send
//! [`Action`]s; only [`State::reduce`](yew::Reducible::reduce) changes it.
//! A change to the data made in a panel is an [`Action::Change`] (and a
//! request run from the runner an [`Action::Run`]): `changes.rs` runs it on
//! the engine and leaves the panel its [`Reply`].
//!
//! The engine lives behind a shared cell so that a new state is cheap to
//! make. Two states are equal when they are the same step (the reducer
//! makes a new one for every change); `revision` counts the changes that
//! what is worked out from the data keys on.
//! A whole [`Playground`] goes in with [`State::open`] and comes out with
//! [`State::playground`]: that is how links, files and saved playgrounds
//! travel.

mod builds;
mod changes;
mod console;
pub mod history;
mod parts;
mod patterns;
mod reduce;
#[cfg(test)]
mod tests;

pub use changes::{Asker, Change, Reply};
pub use console::{ConsoleAction, ConsolePart, Entry, MAX_CONSOLE_FILE_BYTES};
pub use parts::{BuildPart, PagePart, RunnerPart, StreamPart};

use crate::model::failure::Failure;
use std::cell::RefCell;
use std::rc::Rc;

use engine::Engine;
use serde_json::Value as Json;

use crate::model::data::edits::Edits;
use crate::model::data::load::Loader;
use crate::model::data::multi_item::{retarget, table_names};
use crate::model::data::view::Position;
use crate::model::data::write_path;
use crate::model::design::chart::{Chart, Warning};
use crate::model::explain::changes::{Figures, figures};
use crate::model::explain::review::{Verdict, review_at_rates};
use crate::model::gallery::commerce;
use crate::model::measure::compare::{Measured, add_answers, measure_pattern};
use crate::model::measure::coverage::CHECKED_UP_TO_ITEMS;
use crate::model::measure::prices::Prices;
use crate::model::measure::request_run::RunAsked;
use crate::model::measure::throughput::{PartitionRate, throughput};
use crate::model::patterns::pattern::AccessPattern;
use crate::model::patterns::runner::{Draft, Highlight};
use crate::model::playground::Playground;
use crate::model::stream::stream_handler::StreamHandler;
use crate::model::stream::ttl::TtlTimes;

/// The store as components hold it: the state to draw, and `dispatch`
/// to send an action.
pub type Store = yew::UseReducerHandle<State>;

/// Everything the page shows: the playground — the engine with its data,
/// the chart, the patterns and what they measure — and beside it the
/// runner's, the stream's, the builds' and the page's own parts.
#[derive(Clone)]
pub struct State {
    pub engine: Rc<RefCell<Engine>>,
    pub chart: Chart,
    pub patterns: Vec<AccessPattern>,
    /// Per pattern: what measuring it found, or the error that stopped it.
    pub runs: Vec<Result<Measured, Failure>>,
    pub selected: usize,
    pub prices: Prices,
    pub seed: u64,
    pub item_count: usize,
    pub warnings: Vec<Warning>,
    /// Where the data view stands.
    pub position: Rc<Position>,
    /// Items changed by hand since generation.
    pub edits: Rc<Edits>,
    /// What the table's stream feeds.
    pub handler: Option<Rc<StreamHandler>>,
    /// The runner's draft and its last run.
    pub runner: RunnerPart,
    /// How far the stream has been fed to the handler.
    pub stream: StreamPart,
    /// New data being built.
    pub build: BuildPart,
    /// The page around the playground: its notice, its answers, what it
    /// opened and kept.
    pub page: PagePart,
    /// The aws CLI console: its shell, transcript, history and files.
    pub console: ConsolePart,
    /// The throughput and the design review of the current runs, worked
    /// out once per change: see [`State::review`].
    derived: Rc<RefCell<Option<Derived>>>,
    /// The TTL times of the data, read once per change: see
    /// [`State::ttl_times`].
    ttl_times: Rc<RefCell<Option<TtlTimesAt>>>,
    /// Counts the changes to what the review, the throughput and saving
    /// read: the data, the patterns and their rates, the stream handler.
    pub revision: u64,
    /// Counts the states the reducer has made: see [`State`]'s `PartialEq`.
    generation: u64,
}

/// TTL times and the revision of the data they were read from.
type TtlTimesAt = (u64, Rc<TtlTimes>);

/// What the throughput view and the design review show, and the change
/// (revision and selected pattern) it was worked out for.
struct Derived {
    at: (u64, usize),
    rates: Rc<Vec<PartitionRate>>,
    verdicts: Rc<Vec<Verdict>>,
}

/// A message about the page itself, shown above everything else.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    /// A problem (shown as an alert) rather than news.
    pub problem: bool,
    /// Offer to download the playground as a file.
    pub offer_download: bool,
    /// Another tab saved the playground on the screen: ask which to keep.
    pub conflict: bool,
}

/// `context` and `why` as one sentence with one full stop, whatever `why`
/// ends with: "This link could not be opened: it is damaged."
pub fn sentence(context: &str, why: &dyn std::fmt::Display) -> String {
    let why = why.to_string();
    format!("{context}{}.", why.trim_end().trim_end_matches('.'))
}

/// The most characters a notice shows: DynamoDB's message for a set with
/// a duplicate lists every member, which a hostile link makes 40,000 long.
pub const NOTICE_CHARS: usize = 1_000;

/// `text`, or its start and end around " … " when it is longer than
/// [`NOTICE_CHARS`].
pub fn clipped(text: String) -> String {
    let chars = text.chars().count();
    if chars <= NOTICE_CHARS {
        return text;
    }
    let (head, tail) = (NOTICE_CHARS * 2 / 3, NOTICE_CHARS / 3);
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(chars - tail).collect();
    format!("{start} … {end}")
}

impl Notice {
    /// Something went wrong.
    pub fn problem(text: impl std::fmt::Display) -> Notice {
        Notice {
            text: clipped(text.to_string()),
            problem: true,
            offer_download: false,
            conflict: false,
        }
    }

    /// Work the browser did not keep: offer the download.
    pub fn not_kept(text: impl std::fmt::Display) -> Notice {
        Notice {
            offer_download: true,
            ..Notice::problem(text)
        }
    }

    /// Another tab saved the playground on the screen.
    pub fn conflict(text: impl std::fmt::Display) -> Notice {
        Notice {
            conflict: true,
            ..Notice::problem(text)
        }
    }

    /// Something the learner should know.
    pub fn news(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            problem: false,
            offer_download: false,
            conflict: false,
        }
    }
}

/// Two states are equal when they are the same step of the page: the
/// reducer makes a new one (a new `generation`) for every action that
/// changes anything, and hands back the same one for an action that
/// changes nothing. So a component redraws after every change, by
/// construction, and never after a non-change.
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.generation == other.generation
    }
}

/// What a table filled a slice at a time brings when it lands.
#[derive(Clone, Debug)]
pub enum Built {
    /// A new chart or seed for the current playground.
    Chart { chart: Chart, seed: u64 },
    /// A whole playground, opened from a link, a file or a save, and the
    /// news to show once it is open (what an import left out).
    Playground(Box<Playground>, Option<String>),
}

/// What the learner can do.
#[derive(Clone, Debug)]
pub enum Action {
    /// Show the comparison of this access pattern.
    Select(usize),
    /// Undo the last edit (`back`), or redo the last one undone.
    Step { back: bool },
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
    /// A field of the runner changed: `update` puts `value` in its place.
    EditDraft {
        update: fn(&mut Draft, String),
        value: String,
    },
    /// Save an access pattern: replace the one at `index`, or add it.
    SavePattern {
        index: Option<usize>,
        pattern: AccessPattern,
    },
    /// Remove an access pattern.
    RemovePattern(usize),
    /// Give an access pattern a request rate (requests a second; 0 for none).
    SetRate { index: usize, rate: f64 },
    /// Open the stored item with this table key (DynamoDB JSON) in the
    /// item editor.
    EditStored(Json),
    /// A change to the data made by hand in a panel: the reducer runs it,
    /// records the keys it touched, measures every pattern again and
    /// leaves its [`Reply`] for the panel.
    Change(Change),
    /// Run the runner's request (a read, a write, a batch, a transaction
    /// or a statement): what it did waits in [`RunnerPart::last_run`].
    Run(Box<RunAsked>),
    /// A new stream handler (or none).
    SetHandler(Option<StreamHandler>),
    /// Show the table (`None`) or an index in the data view.
    ShowIndex(Option<String>),
    /// The data view was scrolled to this row.
    ScrolledTo(usize),
    /// The playground on the screen was saved as this.
    Kept(Rc<Playground>),
    /// Replace the chart (table design, entities, templates) and the seed;
    /// the items are generated again. A chart that cannot be built is
    /// refused whole. (Large tables are filled elsewhere: see `rebuild`.)
    SetChart { chart: Chart, seed: u64 },
    /// Replace the whole playground at once (a small one; large ones are
    /// filled elsewhere). One that cannot be opened changes nothing and
    /// says why, prefixed with `context`.
    Open {
        playground: Box<Playground>,
        context: String,
        /// News to show once it is open (what an import left out).
        note: Option<String>,
    },
    /// A change that cannot be built: say why, change nothing (unless a
    /// newer build has started since).
    Refused { build: u64, problem: Failure },
    /// A playground filled elsewhere that cannot be built: say why in a
    /// notice, change nothing (unless a newer build has started since).
    OpenRefused { build: u64, problem: Failure },
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
        built: Built,
        item_count: usize,
        warnings: Vec<Warning>,
        /// The patterns, measured on the new data while it was built.
        measured: Option<Measurement>,
        /// The new data's TTL times, read while it was built.
        ttl_times: Option<TtlTimes>,
    },
    /// Something done in the aws CLI console: a script run on the engine
    /// (what it wrote recorded as changes by hand), a file kept or
    /// forgotten.
    Console(ConsoleAction),
    /// Show a message about the page itself.
    Notify(Notice),
    /// Put the message away.
    Dismiss,
}

/// Every pattern measured on data built elsewhere, and what was measured
/// (to tell whether it still holds when the data lands).
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    pub patterns: Vec<AccessPattern>,
    pub selected: usize,
    pub runs: Vec<Result<Measured, Failure>>,
}

impl State {
    /// The commerce example, loaded and measured.
    pub fn example() -> State {
        // Invariant: the example's chart and data are valid (tested).
        State::open(commerce::playground()).expect("the example opens")
    }

    /// Builds a playground's data — generated from the chart and the seed,
    /// with the hand-made changes replayed — and measures every pattern.
    /// A playground that cannot be built is refused with the reason.
    pub fn open(playground: Playground) -> Result<State, Failure> {
        playground.chart.validate()?;
        let (engine, _, warnings) = write_path::build(
            &playground.chart,
            playground.seed,
            playground.handler.as_ref(),
            Some(&playground.edits),
        )?;
        Ok(State::filled(engine, warnings, playground))
    }

    /// A large playground's design on its table still empty, to show while
    /// the table fills: what the learner opened, at once, instead of
    /// another playground.
    pub fn before_filling(playground: &Playground) -> Result<State, Failure> {
        playground.chart.validate()?;
        let (engine, _, warnings) = Loader::new(&playground.chart, playground.seed)?.finish();
        Ok(State::filled(engine, warnings, playground.clone()))
    }

    /// A state around a filled engine: every pattern measured on it.
    pub fn filled(engine: Engine, warnings: Vec<Warning>, playground: Playground) -> State {
        State::filled_measured(engine, warnings, playground, None)
    }

    /// The same, with the measurements made while the data was built.
    pub fn filled_measured(
        engine: Engine,
        warnings: Vec<Warning>,
        playground: Playground,
        measured: Option<Measurement>,
    ) -> State {
        let kept = Rc::new(playground.clone());
        let Playground {
            chart,
            seed,
            patterns,
            selected,
            prices,
            draft,
            position,
            edits,
            handler,
            console_files,
        } = playground;
        let mut state = State {
            engine: Rc::new(RefCell::new(engine)),
            chart,
            patterns,
            runs: Vec::new(),
            selected,
            prices,
            seed,
            item_count: 0,
            warnings,
            position: Rc::new(position),
            edits: Rc::new(edits),
            handler: handler.map(Rc::new),
            runner: RunnerPart {
                draft: Rc::new(draft),
                ..RunnerPart::default()
            },
            stream: StreamPart::default(),
            build: BuildPart::default(),
            page: PagePart::opening(kept),
            console: ConsolePart {
                files: Rc::new(console_files),
                ..ConsolePart::default()
            },
            derived: Rc::default(),
            ttl_times: Rc::default(),
            revision: 0,
            generation: 0,
        };
        state.count_items();
        state.take_measured(measured);
        state
    }

    /// The partitions' loads at the patterns' rates and every pattern's
    /// verdict, worked out once for each change the page sees (the runs
    /// change only with the revision or the selected pattern, as the
    /// components' change detection already relies on), however many
    /// panels ask.
    pub fn review(&self) -> (Rc<Vec<PartitionRate>>, Rc<Vec<Verdict>>) {
        let at = (self.revision, self.selected);
        let mut derived = self.derived.borrow_mut();
        if let Some(d) = derived.as_ref().filter(|d| d.at == at) {
            return (d.rates.clone(), d.verdicts.clone());
        }
        let rates = Rc::new(throughput(&self.patterns, &self.runs, &self.chart.table));
        let verdicts = Rc::new(review_at_rates(
            &self.patterns,
            &self.runs,
            &self.chart,
            &rates,
        ));
        *derived = Some(Derived {
            at,
            rates: rates.clone(),
            verdicts: verdicts.clone(),
        });
        (rates, verdicts)
    }

    /// Every pattern's numbers and whether it passes its review: what a
    /// change is said to have moved ([`crate::model::explain::changes`]).
    pub fn figures(&self) -> Vec<Figures> {
        let (_, verdicts) = self.review();
        figures(&self.patterns, &self.runs, &verdicts)
    }

    /// The times the table's items hold in its TTL attribute, read off the
    /// data once for each change the page sees (the revision changes with
    /// every change to the data), however many renders ask.
    pub fn ttl_times(&self) -> Rc<TtlTimes> {
        let mut cached = self.ttl_times.borrow_mut();
        match cached.as_ref().filter(|(at, _)| *at == self.revision) {
            Some((_, times)) => times.clone(),
            None => {
                let times = Rc::new(TtlTimes::of(&self.engine.borrow(), &self.chart.table));
                *cached = Some((self.revision, times.clone()));
                times
            }
        }
    }

    /// Takes the TTL times of the current data, read while it was built.
    fn keep_ttl_times(&mut self, times: TtlTimes) {
        self.ttl_times = Rc::new(RefCell::new(Some((self.revision, Rc::new(times)))));
    }

    /// True when the learner changed the playground since it was opened or
    /// last saved. Where the data view stands is not a change of its own
    /// (the view scrolls to what a request read), though it is saved with
    /// the next one.
    pub fn has_changes(&self) -> bool {
        let mut now = self.playground();
        now.position = self.page.kept.position.clone();
        now != *self.page.kept
    }

    /// The playground, its table as the engine describes it and every
    /// item, as the tools' model an export writes.
    pub fn tools_model(&self) -> Result<interchange::model::Model, Failure> {
        crate::interchange::to_model::model_of(&mut self.engine.borrow_mut(), &self.playground())
    }

    /// The playground as the learner made it, without the data.
    pub fn playground(&self) -> Playground {
        Playground {
            chart: self.chart.clone(),
            seed: self.seed,
            patterns: self.patterns.clone(),
            selected: self.selected,
            prices: self.prices,
            draft: (*self.runner.draft).clone(),
            position: (*self.position).clone(),
            edits: (*self.edits).clone(),
            handler: self.handler.as_deref().cloned(),
            console_files: (*self.console.files).clone(),
        }
    }

    /// A number that changes whenever anything [`State::playground`]
    /// returns changes: what autosaving watches.
    pub fn playground_version(&self) -> (u64, usize, u64, usize, usize) {
        let prices = self.prices.read_per_million.to_bits()
            ^ self.prices.write_per_million.to_bits().rotate_left(21)
            ^ self.prices.requests_per_month.to_bits().rotate_left(42);
        (
            self.revision,
            self.selected,
            prices,
            Rc::as_ptr(&self.runner.draft) as usize,
            Rc::as_ptr(&self.position) as usize,
        )
    }

    fn count_items(&mut self) {
        self.item_count = self
            .engine
            .borrow()
            .table(&self.chart.table.name)
            .map_or(0, |t| t.items.n_items());
    }

    /// Builds the data for `chart` and `seed`; only when that works do the
    /// chart and the data replace the current ones. Otherwise everything
    /// stays as it was and `build.refused` says why.
    fn apply_chart(&mut self, chart: Chart, seed: u64) {
        let handler = self.handler.as_deref().map(|h| h.for_table(&chart.table));
        let loaded = chart
            .validate()
            .and_then(|()| write_path::build(&chart, seed, handler.as_ref(), None));
        match loaded {
            Ok((engine, items, warnings)) => {
                self.replace_chart(chart);
                self.seed = seed;
                self.install(engine, items, warnings, None);
            }
            Err(error) => self.build.refused = Some(error),
        }
    }

    /// Puts a new chart in place. A renamed table takes its access
    /// patterns and the runner along: the page has one table, and a
    /// pattern names it. Renamed key attributes take the stream handler's
    /// key along.
    fn replace_chart(&mut self, chart: Chart) {
        let (old, new) = (self.chart.table.name.clone(), chart.table.name.clone());
        if old != new {
            for pattern in &mut self.patterns {
                if table_names(pattern.operation, &pattern.request).contains(&old) {
                    retarget(pattern.operation, &mut pattern.request, &new);
                }
            }
            let mut draft = (*self.runner.draft).clone();
            draft.form.table = new;
            self.runner.draft = Rc::new(draft);
        }
        if let Some(index) = &self.position.index
            && !chart.table.indexes.iter().any(|i| &i.name == index)
        {
            self.position = Rc::new(Position::default());
        }
        if let Some(handler) = &self.handler {
            self.handler = Some(Rc::new(handler.for_table(&chart.table)));
        }
        self.chart = chart;
    }

    /// Puts a freshly generated engine in place (no hand-made changes on
    /// it yet) and measures every pattern on it.
    fn install(
        &mut self,
        engine: Engine,
        item_count: usize,
        warnings: Vec<Warning>,
        measured: Option<Measurement>,
    ) {
        self.build.refused = None;
        self.item_count = item_count;
        self.warnings = warnings;
        self.engine = Rc::new(RefCell::new(engine));
        self.edits = Rc::new(Edits::default());
        self.stream.delivered = 0;
        self.stream.log = Rc::new(Vec::new());
        self.runner.highlight = Rc::new(Highlight::default());
        self.take_measured(measured);
        self.revision += 1;
    }

    /// Replaces everything with a playground whose data is built, keeping
    /// the counters that must only grow.
    fn replace_with(&mut self, mut opened: State) {
        opened.build.count = self.build.count;
        opened.runner.run_now = self.runner.run_now;
        opened.page.opened = self.page.opened + 1;
        opened.revision = self.revision + 1;
        opened.page.item_preset = self.page.item_preset.clone();
        opened.page.reply = self.page.reply.clone();
        opened.page.history = self.page.history.clone();
        // The console is the learner's terminal: it stays as it was, but
        // for the files, which belong to the playground.
        let files = opened.console.files.clone();
        opened.console = ConsolePart {
            files,
            ..self.console.clone()
        };
        *self = opened;
    }

    /// Measures every access pattern on the current data: each one's own
    /// request, and for the selected one its Scan too.
    fn measure_all(&mut self) {
        self.runs = (0..self.patterns.len())
            .map(|i| self.measure_one(i, i == self.selected))
            .collect();
    }

    /// Measures the selected pattern with its Scan, for the comparison.
    fn measure_selected(&mut self) {
        if self.selected < self.patterns.len() {
            self.runs[self.selected] = self.measure_one(self.selected, true);
        }
    }

    /// Measures one pattern.
    /// Measures one pattern, and whether it still answers its question
    /// when the table is small enough to check after every change (or
    /// the pattern is the one compared, whose Scan is read anyway).
    fn measure_one(&self, i: usize, with_scan: bool) -> Result<Measured, Failure> {
        let engine = &mut self.engine.borrow_mut();
        let mut measured = measure_pattern(
            engine,
            &self.patterns[i],
            &self.chart.table,
            self.handler.as_deref(),
            with_scan,
        );
        if let Ok(measured) = &mut measured
            && (with_scan || self.item_count <= CHECKED_UP_TO_ITEMS)
        {
            add_answers(engine, &self.patterns[i], measured);
        }
        measured
    }

    /// Takes measurements made while the data was built, when they are of
    /// the patterns there are now; otherwise measures again.
    fn take_measured(&mut self, measured: Option<Measurement>) {
        match measured {
            Some(m) if m.patterns == self.patterns && m.selected == self.selected => {
                self.runs = m.runs;
            }
            _ => self.measure_all(),
        }
    }
}
