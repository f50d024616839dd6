//! Where a request's units land: read and write units per partition key
//! value, on the table and on each index, from the engine's own usage
//! journal ([`Engine::with_usage_journal`]). The comparison's heat strip and
//! the throughput view both read them.

use engine::Engine;
use engine::table::Touch;

use crate::model::format::key_text;

/// Units one request (or one run of pages) consumed on one partition key
/// value of the table (`index` `None`) or of an index.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionLoad {
    pub index: Option<String>,
    /// The partition key value, as the data view shows it.
    pub partition: String,
    pub read: f64,
    pub write: f64,
}

/// Runs `f` and returns its result with the units it consumed on `table`,
/// per partition: see [`loads`].
pub fn measured<R>(
    engine: &mut Engine,
    table: &str,
    f: impl FnOnce(&mut Engine) -> R,
) -> (R, Vec<PartitionLoad>) {
    let (out, journal) = engine.with_usage_journal(table, f);
    (out, loads(journal))
}

/// A journal (one entry per partition of the table or an index) as the
/// page shows it, busiest first (reads and writes together), then by
/// where and which value.
pub fn loads(journal: Vec<Touch>) -> Vec<PartitionLoad> {
    let mut out: Vec<PartitionLoad> = journal
        .into_iter()
        .map(|touch| PartitionLoad {
            index: touch.index,
            partition: key_text(&touch.partition),
            read: touch.usage.read,
            write: touch.usage.write,
        })
        .collect();
    out.sort_unstable_by(|a, b| {
        (b.read + b.write)
            .total_cmp(&(a.read + a.write))
            .then_with(|| a.index.cmp(&b.index))
            .then_with(|| a.partition.cmp(&b.partition))
    });
    out
}

/// The read units of the `most` busiest partition key values, and how
/// many were read in all: what the heat strip draws for one run (a run
/// reads one table or one index).
pub fn read_units(loads: &[PartitionLoad], most: usize) -> (Vec<(String, f64)>, usize) {
    let read = loads.iter().filter(|l| l.read > 0.0);
    let total = read.clone().count();
    let busiest = read
        .take(most)
        .map(|l| (l.partition.clone(), l.read))
        .collect();
    (busiest, total)
}
