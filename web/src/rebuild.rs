//! Putting a new chart or seed in place: the table is created again, the
//! items generated again and every pattern measured again.
//!
//! A small table is rebuilt at once, inside one action. A large one is
//! filled a slice at a time between frames, with the progress in the
//! header, so the page stays responsive; only when it is full does it
//! replace the current data. A chart that cannot be built changes nothing
//! and says why.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

use crate::model::chart::Chart;
use crate::model::generate::Generation;
use crate::model::load::Loader;
use crate::store::{Action, State};

/// Items stored between two yields to the browser.
const SLICE: usize = 5_000;

/// Tables expected to hold fewer items than this are rebuilt at once.
const AT_ONCE: usize = 4 * SLICE;

/// Rebuilds the data for `chart` and `seed`.
pub fn rebuild(state: &UseReducerHandle<State>, chart: Chart, seed: u64) {
    if let Err(problem) = chart.validate() {
        state.dispatch(Action::Refused {
            build: state.builds,
            problem,
        });
        return;
    }
    if Generation::expected_total(&chart) < AT_ONCE {
        state.dispatch(Action::SetChart { chart, seed });
        return;
    }
    let mut loader = match Loader::new(&chart, seed) {
        Ok(loader) => loader,
        Err(problem) => {
            return state.dispatch(Action::Refused {
                build: state.builds,
                problem,
            });
        }
    };
    let build = state.builds + 1;
    state.dispatch(Action::Started);
    let state = state.clone();
    spawn_local(async move {
        loop {
            let (stored, expected) = loader.progress();
            state.dispatch(Action::Progress {
                build,
                stored,
                expected,
            });
            sleep(Duration::ZERO).await;
            match loader.step(SLICE) {
                Ok(true) => break,
                Ok(false) => {}
                Err(problem) => return state.dispatch(Action::Refused { build, problem }),
            }
        }
        let (engine, item_count, warnings) = loader.finish();
        state.dispatch(Action::Loaded {
            build,
            engine: Rc::new(RefCell::new(engine)),
            chart,
            seed,
            item_count,
            warnings,
        });
    });
}
