//! Filling a fresh engine with generated items a slice at a time, so the
//! page can show progress and stay responsive while a large table fills:
//! each step generates the next items and puts them.

use engine::Engine;
use engine::api::dispatch;
use engine::ops::PutItemRequest;

use super::chart::{Chart, Warning};
use super::generate::Generation;
use super::hot_partitions::HotPartitions;

/// A table being filled.
pub struct Loader {
    engine: Engine,
    table: String,
    generation: Generation,
    hot: HotPartitions,
    stored: usize,
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
