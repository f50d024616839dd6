//! Filling a fresh engine with generated items a slice at a time, so the
//! page can show progress and stay responsive while a large table fills:
//! each step generates the next items and puts them. A stream handler's
//! backfill can be shown each item as it is stored, while it is still in
//! the processor's cache, instead of walking the full table afterwards.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::{Operation, call};
use engine::ops::{PutItemRequest, ReturnValues};

use crate::model::design::chart::{Chart, Warning};
use crate::model::design::chart_edit::MAX_ITEMS;
use crate::model::design::generate::Generation;
use crate::model::design::hot_partitions::HotPartitions;
use crate::model::stream::backfill::Backfill;

pub use crate::limits::MAX_ITEM_BYTES_IN_ALL;

/// A table being filled.
pub struct Loader {
    engine: Engine,
    table: String,
    generation: Generation,
    hot: HotPartitions,
    stored: usize,
    stored_bytes: usize,
    expected: usize,
    warnings: Vec<Warning>,
    backfill: Option<Backfill>,
    /// True when a stored item replaced one stored before (two generated
    /// items with one key): the images the backfill was shown are then
    /// not the table's, and it takes the table in again once it is full.
    replaced: bool,
}

impl Loader {
    /// Creates the table and gets ready to generate.
    pub fn new(chart: &Chart, seed: u64) -> Result<Loader, Failure> {
        let mut engine = Engine::new();
        let create = chart.table.create_table_request().to_string();
        call(&mut engine, Operation::CreateTable, create.as_bytes())?;
        Ok(Loader {
            engine,
            table: chart.table.name.clone(),
            generation: Generation::new(chart, seed).map_err(|e| Failure::refused(e.0))?,
            hot: HotPartitions::new(chart),
            stored: 0,
            stored_bytes: 0,
            expected: Generation::expected_total(chart),
            warnings: chart.warnings(),
            backfill: None,
            replaced: false,
        })
    }

    /// Generates and stores up to `n` more items; true when all are stored.
    pub fn step(&mut self, n: usize) -> Result<bool, Failure> {
        for _ in 0..n {
            let Some(generated) = self.generation.next() else {
                return Ok(true);
            };
            let generated = generated.map_err(|e| Failure::refused(e.0))?;
            self.hot.add(&generated);
            self.stored_bytes += engine::types::item_size(&generated.item);
            if self.stored >= MAX_ITEMS || self.stored_bytes > MAX_ITEM_BYTES_IN_ALL {
                return Err(Failure::refused(format!(
                    "This chart generated more than {} items ({} MB); the page holds at most {MAX_ITEMS} items and {} MB. Lower a count or a number of words.",
                    self.stored,
                    self.stored_bytes / (1024 * 1024),
                    MAX_ITEM_BYTES_IN_ALL / (1024 * 1024)
                )));
            }
            if let Some(backfill) = self.backfill.as_mut().filter(|_| !self.replaced) {
                backfill.observe(&generated.item)?;
            }
            let request = PutItemRequest {
                table_name: self.table.clone(),
                item: generated.item,
                return_values: match self.backfill {
                    Some(_) => ReturnValues::AllOld,
                    None => ReturnValues::None,
                },
                ..PutItemRequest::default()
            };
            let put = self.engine.put_item(request)?;
            self.replaced |= put.attributes.is_some();
            self.stored += 1;
        }
        Ok(false)
    }

    /// Shows `backfill` every item from now on as it is stored (before
    /// the first step, so that it sees them all).
    pub fn backfill_as_stored(&mut self, backfill: Backfill) {
        self.backfill = Some(backfill);
    }

    /// The backfill, having taken in every item of the table as it is
    /// (again, from the table, if an item replaced another).
    pub fn take_backfill(&mut self) -> Result<Option<Backfill>, Failure> {
        let Some(mut backfill) = self.backfill.take() else {
            return Ok(None);
        };
        if self.replaced {
            backfill.forget_images();
            backfill.observe_table(&self.engine)?;
        }
        Ok(Some(backfill))
    }

    /// Items stored so far, and about how many there will be in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.stored, self.expected.max(self.stored))
    }

    /// The filled engine, the number of items and the design warnings.
    pub fn finish(mut self) -> (Engine, usize, Vec<Warning>) {
        self.warnings.extend(self.hot.warnings());
        (self.engine, self.stored, self.warnings)
    }
}
