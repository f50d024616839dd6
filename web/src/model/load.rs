//! Filling a fresh engine with generated items a slice at a time, so the
//! page can show progress and stay responsive while a large table fills:
//! each step generates the next items and puts them.

use engine::Engine;
use engine::api::dispatch;
use engine::ops::PutItemRequest;

use super::chart::{Chart, Warning};
use super::chart_edit::MAX_ITEMS;
use super::generate::Generation;
use super::hot_partitions::HotPartitions;

/// Most bytes of items a table may be filled with: the page keeps them all
/// in memory. A chart's expected size is checked before it is generated
/// ([`Chart::validate`]); this bounds what the random counts and lengths
/// actually make, whatever the chart and the seed.
pub const MAX_ITEM_BYTES_IN_ALL: usize = 256 * 1024 * 1024;

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
}

impl Loader {
    /// Creates the table and gets ready to generate.
    pub fn new(chart: &Chart, seed: u64) -> Result<Loader, String> {
        let mut engine = Engine::new();
        let create = chart.table.create_table_request().to_string();
        dispatch(&mut engine, "CreateTable", create.as_bytes())
            .map_err(|e| format!("{}: {e}", e.short_name()))?;
        Ok(Loader {
            engine,
            table: chart.table.name.clone(),
            generation: Generation::new(chart, seed).map_err(|e| e.0)?,
            hot: HotPartitions::new(chart),
            stored: 0,
            stored_bytes: 0,
            expected: Generation::expected_total(chart),
            warnings: chart.warnings(),
        })
    }

    /// Generates and stores up to `n` more items; true when all are stored.
    pub fn step(&mut self, n: usize) -> Result<bool, String> {
        for _ in 0..n {
            let Some(generated) = self.generation.next() else {
                return Ok(true);
            };
            let generated = generated.map_err(|e| e.0)?;
            self.hot.add(&generated);
            self.stored_bytes += engine::types::item_size(&generated.item);
            if self.stored >= MAX_ITEMS || self.stored_bytes > MAX_ITEM_BYTES_IN_ALL {
                return Err(format!(
                    "This chart generated more than {} items ({} MB); the page holds at most {MAX_ITEMS} items and {} MB. Lower a count or a number of words.",
                    self.stored,
                    self.stored_bytes / (1024 * 1024),
                    MAX_ITEM_BYTES_IN_ALL / (1024 * 1024)
                ));
            }
            let request = PutItemRequest {
                table_name: self.table.clone(),
                item: generated.item,
                ..PutItemRequest::default()
            };
            self.engine
                .put_item(request)
                .map_err(|e| format!("{}: {e}", e.short_name()))?;
            self.stored += 1;
        }
        Ok(false)
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
