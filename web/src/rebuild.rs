//! Putting new data in place: a new chart or seed for the current
//! playground ([`rebuild`]), or a whole playground opened from a link, a
//! file or a save ([`open`]). The table is created again, the items
//! generated again (and, for a playground, its hand-made changes replayed)
//! and every pattern measured again.
//!
//! A small table is built at once, inside one action. A large one is
//! built a slice at a time between frames, with the progress in the
//! header, so the page stays responsive: the items are stored a slice at a
//! time (the stream handler's backfill shown each one as it is stored), the
//! backfill's updates are made a slice at a time, each pattern is measured
//! in tasks of its own (a Query or Scan, the comparison's Scan of the whole
//! table among them, a few pages per task), and the TTL times the page
//! counts are read in one more; only when all of that is done does it
//! replace the current data. Whatever cannot be built changes nothing and
//! says why.

use crate::model::failure::Failure;
use crate::store::{Action, Built, Measurement, Store};
use engine::Engine;
use std::cell::RefCell;
use std::rc::Rc;
use yew::platform::spawn_local;

use crate::browser::next_task;
use crate::model::data::load::Loader;
use crate::model::data::write_path;
use crate::model::design::chart::Chart;
use crate::model::design::generate::Generation;
use crate::model::measure::compare::{
    Measured, PlannedRun, Run, add_answers, measure_pattern_before_scan, planned_reads,
    planned_scan_equivalent,
};
use crate::model::measure::coverage::CHECKED_UP_TO_ITEMS;
use crate::model::playground::Playground;
use crate::model::stream::backfill::Backfill;
use crate::model::stream::ttl::TtlTimes;

/// Items stored between two yields to the browser.
const SLICE: usize = 5_000;

/// How long a task reading pages of a Query or Scan may hold the thread.
const READ_TASK_MS: f64 = 25.0;

/// How often, at most, the header shows the progress of a fill.
const PROGRESS_EVERY_MS: f64 = 150.0;

/// Tables expected to hold fewer items than this are built at once.
const AT_ONCE: usize = 4 * SLICE;

/// True when a chart's table is small enough to build inside one action.
pub fn builds_at_once(chart: &Chart) -> bool {
    Generation::expected_total(chart) < AT_ONCE
}

/// Rebuilds the data for `chart` and `seed`.
pub fn rebuild(state: &Store, chart: Chart, seed: u64) {
    let refuse = |problem| Action::Refused {
        build: state.build.count,
        problem,
    };
    if let Err(problem) = chart.validate() {
        return state.dispatch(refuse(problem));
    }
    if builds_at_once(&chart) {
        return state.dispatch(Action::SetChart { chart, seed });
    }
    match Loader::new(&chart, seed) {
        Ok(loader) => fill(state, loader, Built::Chart { chart, seed }, String::new()),
        Err(problem) => state.dispatch(refuse(problem)),
    }
}

/// Opens a whole playground; `context` prefixes the reason it cannot be
/// ("This link could not be opened: ").
pub fn open(state: &Store, playground: Playground, context: &str) {
    open_noting(state, playground, context, None);
}

/// [`open`], with news to show once the playground is open.
pub fn open_noting(state: &Store, playground: Playground, context: &str, note: Option<String>) {
    let chart = &playground.chart;
    if builds_at_once(chart) || chart.validate().is_err() {
        return state.dispatch(Action::Open {
            playground: Box::new(playground),
            context: context.to_string(),
            note,
        });
    }
    match Loader::new(chart, playground.seed) {
        Ok(loader) => fill(
            state,
            loader,
            Built::Playground(Box::new(playground), note),
            context.to_string(),
        ),
        Err(problem) => state.dispatch(Action::Notify(crate::store::Notice::problem(
            crate::store::sentence(context, &problem),
        ))),
    }
}

/// Fills the table a slice at a time, then lands it.
fn fill(state: &Store, mut loader: Loader, built: Built, context: String) {
    let build = state.build.count + 1;
    state.dispatch(Action::Started);
    let current_handler = state.handler.clone();
    let state = state.clone();
    let opening = matches!(built, Built::Playground(..));
    // A chart edit says why in the editors; an opened playground in a notice.
    let refuse = move |problem: Failure| match opening {
        true => Action::OpenRefused {
            build,
            problem: Failure::refused(crate::store::sentence(&context, &problem)),
        },
        false => Action::Refused { build, problem },
    };
    spawn_local(async move {
        // What the data is built for: the playground's, or the current
        // state's with the new chart.
        let (chart, handler, edits, patterns, selected) = match &built {
            Built::Playground(p, _) => (
                &p.chart,
                p.handler.clone(),
                Some(&p.edits),
                p.patterns.clone(),
                p.selected,
            ),
            Built::Chart { chart, .. } => (
                chart,
                current_handler
                    .as_deref()
                    .map(|h| h.for_table(&chart.table)),
                None,
                state.patterns.clone(),
                state.selected,
            ),
        };
        // The stream handler's backfill is shown each item as it is stored.
        if let Some(handler) = handler.as_ref().filter(|_| chart.table.stream.is_some()) {
            match Backfill::new(handler, chart) {
                Ok(backfill) => loader.backfill_as_stored(backfill),
                Err(problem) => return state.dispatch(refuse(problem)),
            }
        }
        let mut reported = f64::NEG_INFINITY;
        loop {
            // The browser gets the thread back after every slice; the
            // header's progress is drawn again at most every so often,
            // since drawing it redraws the page that is still showing.
            let now = crate::browser::now();
            if now - reported >= PROGRESS_EVERY_MS {
                reported = now;
                let (stored, expected) = loader.progress();
                state.dispatch(Action::Progress {
                    build,
                    stored,
                    expected,
                });
            }
            next_task().await;
            match loader.step(SLICE) {
                Ok(true) => break,
                Ok(false) => {}
                Err(problem) => return state.dispatch(refuse(problem)),
            }
        }
        let backfill = match loader.take_backfill() {
            Ok(backfill) => backfill,
            Err(problem) => return state.dispatch(refuse(problem)),
        };
        let (mut engine, item_count, warnings) = loader.finish();
        next_task().await;
        if let Some(mut backfill) = backfill {
            loop {
                match backfill.step(&mut engine, SLICE) {
                    Ok(true) => break,
                    Ok(false) => next_task().await,
                    Err(problem) => return state.dispatch(refuse(problem)),
                }
            }
        }
        if let Err(problem) = write_path::after_backfill(&mut engine, chart, edits) {
            return state.dispatch(refuse(problem));
        }
        let mut runs = Vec::with_capacity(patterns.len());
        for (i, pattern) in patterns.iter().enumerate() {
            next_task().await;
            let mut measured = match planned_reads(pattern, i == selected) {
                // A read may cover much of the table: a page at a time.
                Some((plan, own)) => {
                    read_paced(&mut engine, &plan)
                        .await
                        .map(|runs| Measured::Reads {
                            runs,
                            own,
                            answers: None,
                        })
                }
                None => measure_pattern_before_scan(
                    &mut engine,
                    pattern,
                    &chart.table,
                    handler.as_ref(),
                    i == selected,
                ),
            };
            // The comparison's Scan reads the whole table, a page at a time.
            let scan = planned_scan_equivalent(pattern).filter(|_| i == selected);
            if let (Some(scan), Ok(Measured::Reads { runs, .. })) = (scan, measured.as_mut()) {
                next_task().await;
                match read_paced(&mut engine, std::slice::from_ref(&scan)).await {
                    Ok(mut scanned) => runs.append(&mut scanned),
                    Err(problem) => measured = Err(problem),
                }
            }
            if let Ok(measured) = &mut measured
                && (i == selected || item_count <= CHECKED_UP_TO_ITEMS)
            {
                add_answers(&mut engine, pattern, measured);
            }
            runs.push(measured);
        }
        // What the TTL section counts reads the whole table too.
        next_task().await;
        let ttl_times = TtlTimes::of(&engine, &chart.table);
        next_task().await;
        state.dispatch(Action::Loaded {
            build,
            engine: Rc::new(RefCell::new(engine)),
            built,
            item_count,
            warnings,
            measured: Some(Measurement {
                patterns,
                selected,
                runs,
            }),
            ttl_times: Some(ttl_times),
        });
    });
}

/// Reads each run to its last page, giving the browser the thread back
/// whenever a task has read for [`READ_TASK_MS`]: a Scan of a large table
/// is many pages.
async fn read_paced(engine: &mut Engine, plan: &[PlannedRun]) -> Result<Vec<Run>, Failure> {
    let mut runs = Vec::with_capacity(plan.len());
    let mut started = crate::browser::now();
    for planned in plan {
        let mut paged = planned.start(engine);
        while !paged.read_page(engine)? {
            if crate::browser::now() - started >= READ_TASK_MS {
                next_task().await;
                started = crate::browser::now();
            }
        }
        runs.push(paged.finish(engine));
    }
    Ok(runs)
}
