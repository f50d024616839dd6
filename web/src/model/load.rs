//! Loading generated items into a fresh engine a slice at a time, so the
//! page can show progress and stay responsive while a large table fills.

use engine::Engine;
use engine::api::dispatch;
use engine::ops::PutItemRequest;

use super::chart::{Chart, Warning};
use super::generate::{Generated, generate, hot_partition_warnings};

/// A table being filled.
pub struct Loader {
    engine: Engine,
    table: String,
    items: Vec<Generated>,
    next: usize,
    warnings: Vec<Warning>,
}

impl Loader {
    /// Creates the table and generates every item (not yet stored).
    pub fn new(chart: &Chart, seed: u64) -> Result<Loader, String> {
        let mut engine = Engine::new();
        let create = chart.table.create_table_request().to_string();
        dispatch(&mut engine, "CreateTable", create.as_bytes())
            .map_err(|e| format!("{}: {e}", e.short_name()))?;
        let items = generate(chart, seed).map_err(|e| e.0)?;
        let mut warnings = chart.warnings();
        warnings.extend(hot_partition_warnings(chart, &items));
        Ok(Loader {
            engine,
            table: chart.table.name.clone(),
            items,
            next: 0,
            warnings,
        })
    }

    /// Stores up to `n` more items; true when all are stored.
    pub fn step(&mut self, n: usize) -> Result<bool, String> {
        let end = (self.next + n).min(self.items.len());
        for g in &self.items[self.next..end] {
            let request = PutItemRequest {
                table_name: self.table.clone(),
                item: g.item.clone(),
                ..PutItemRequest::default()
            };
            self.engine
                .put_item(request)
                .map_err(|e| format!("{}: {e}", e.short_name()))?;
        }
        self.next = end;
        Ok(self.next == self.items.len())
    }

    /// Items stored so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.items.len())
    }

    /// The filled engine, the number of items and the design warnings.
    pub fn finish(self) -> (Engine, usize, Vec<Warning>) {
        (self.engine, self.items.len(), self.warnings)
    }
}
