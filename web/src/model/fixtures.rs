//! What the model's tests stand on: a playground opened as the page opens
//! one — its data built from the chart and the seed with the hand-made
//! changes replayed, every pattern measured, the selected one with its
//! Scan — without the store above the model.

use crate::model::failure::Failure;
use std::cell::RefCell;
use std::rc::Rc;

use engine::Engine;

use crate::model::data::write_path;
use crate::model::design::chart::{Chart, Warning};
use crate::model::gallery::commerce;
use crate::model::measure::compare::{Measured, add_answers, measure_pattern};
use crate::model::measure::coverage::CHECKED_UP_TO_ITEMS;
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::AccessPattern;
use crate::model::playground::Playground;
use crate::model::stream::stream_handler::StreamHandler;

/// A playground with its data built and its patterns measured.
pub struct Opened {
    pub engine: RefCell<Engine>,
    pub chart: Chart,
    pub patterns: Vec<AccessPattern>,
    pub selected: usize,
    pub prices: Prices,
    pub handler: Option<Rc<StreamHandler>>,
    /// What the chart and the data warn of.
    pub warnings: Vec<Warning>,
    /// Items in the table.
    pub item_count: usize,
    /// Each pattern measured; the selected one with its Scan.
    pub runs: Vec<Result<Measured, Failure>>,
}

impl Opened {
    /// The shop the page opens with.
    pub fn example() -> Opened {
        Opened::open(commerce::playground()).expect("the example opens")
    }

    /// `playground` opened, or why it cannot be.
    pub fn open(playground: Playground) -> Result<Opened, Failure> {
        playground.chart.validate()?;
        let (mut engine, _, warnings) = write_path::build(
            &playground.chart,
            playground.seed,
            playground.handler.as_ref(),
            Some(&playground.edits),
        )?;
        let item_count = engine
            .table(&playground.chart.table.name)
            .map_or(0, |t| t.items.n_items());
        let runs = playground
            .patterns
            .iter()
            .enumerate()
            .map(|(i, pattern)| {
                let compared = i == playground.selected;
                let mut measured = measure_pattern(
                    &mut engine,
                    pattern,
                    &playground.chart.table,
                    playground.handler.as_ref(),
                    compared,
                );
                if let Ok(measured) = &mut measured
                    && (compared || item_count <= CHECKED_UP_TO_ITEMS)
                {
                    add_answers(&mut engine, pattern, measured);
                }
                measured
            })
            .collect();
        Ok(Opened {
            engine: RefCell::new(engine),
            chart: playground.chart,
            patterns: playground.patterns,
            selected: playground.selected,
            prices: playground.prices,
            handler: playground.handler.map(Rc::new),
            warnings,
            item_count,
            runs,
        })
    }
}
