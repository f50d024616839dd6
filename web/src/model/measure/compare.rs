//! Measuring an access pattern on the current data.
//!
//! A read pattern runs as itself and, for the comparison, the other ways
//! that answer the same need: a Query without its filter, a Query with its
//! FilterExpression, and a Scan whose filter says the same thing without
//! keys (a GetItem is compared with such a Scan too). Each is paged to the
//! end, as an application would, and the engine's own numbers are summed:
//! items read (ScannedCount), items returned (Count), bytes read, pages and
//! read units — eventually consistent and, where DynamoDB allows it,
//! strongly consistent. A write pattern is measured by [`measure_write`].
//! The sentences that explain the numbers are in [`crate::model::explain::sentences`].

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use engine::api::requests;
use engine::capacity::read_units;
use serde_json::Value as Json;

use super::coverage::{Coverage, coverage};
use super::reads::Way;
pub use super::reads::{PageFigures, PagedRun, Run, run_all_pages};
use super::sharding::{scatter_gather, shard_queries, shard_write};
use super::statement_runs::{StatementMeasure, measure_statement};
use super::transaction_cost::{TransactionCost, aggregate_cost, measure_transaction};
use super::write_cost::{WriteCost, measure_write};
use crate::model::design::chart::TableDesign;
use crate::model::patterns::pattern::{AccessPattern, prune_placeholders};
use crate::model::stream::stream_handler::StreamHandler;

/// What measuring a pattern found.
#[derive(Clone, Debug, PartialEq)]
pub enum Measured {
    /// A read, run each way it can be; `own` is the run that is the
    /// pattern's own request; `answers`, when it was checked, what it
    /// returns against what the Scan that asks the same finds.
    Reads {
        runs: Vec<Run>,
        own: usize,
        answers: Option<Box<Coverage>>,
    },
    /// A write, and what it costs.
    Write(WriteCost),
    /// A transaction, and what it costs or why it is cancelled.
    Transaction(TransactionCost),
    /// A PartiQL SELECT, run like a read, and what it became.
    Statement(StatementMeasure),
}

impl Measured {
    /// The read runs and which is the pattern's own, for a read or a
    /// statement.
    pub fn reads(&self) -> Option<(&[Run], usize)> {
        match self {
            Measured::Reads { runs, own, .. } => Some((runs, *own)),
            Measured::Statement(m) => Some((&m.runs, m.own)),
            _ => None,
        }
    }
}

/// Measures a pattern: a GetItem or Query (a Query with a filter also
/// without its filter) and, when `with_scan`, the Scan that answers the same
/// without keys; a Scan alone; or a write's units. The pattern list needs
/// only the pattern's own request; the comparison needs the Scan too.
pub fn measure(
    engine: &mut Engine,
    pattern: &AccessPattern,
    table: &TableDesign,
    with_scan: bool,
) -> Result<Measured, Failure> {
    let mut measured = measure_before_scan(engine, pattern, table, with_scan)?;
    if with_scan {
        add_scan_equivalent(engine, pattern, &mut measured)?;
    }
    Ok(measured)
}

/// [`measure`] up to the comparison's Scan, which [`add_scan_equivalent`]
/// adds: a large table measures the two in tasks of their own, each a full
/// read of the table at worst. `for_comparison` places the runs' units on
/// their partitions, as the comparison shows them (a PartiQL statement is
/// measured whole here, its Scan included).
pub fn measure_before_scan(
    engine: &mut Engine,
    pattern: &AccessPattern,
    table: &TableDesign,
    for_comparison: bool,
) -> Result<Measured, Failure> {
    if let Some((plan, own)) = planned_reads(pattern, for_comparison) {
        let runs = plan
            .iter()
            .map(|p| p.run(engine))
            .collect::<Result<_, _>>()?;
        return Ok(Measured::Reads {
            runs,
            own,
            answers: None,
        });
    }
    let request = &pattern.request;
    let partitions = measures_partitions(pattern, for_comparison);
    let mut runs = Vec::new();
    let mut own = 0;
    match pattern.operation {
        Operation::GetItem => runs.push(get_item(engine, request)?),
        Operation::Query => {
            let shards = pattern.shards.unwrap_or(1);
            let first = shard_queries(request, table, shards)?.remove(0);
            runs.push(run_all_pages(
                engine,
                Operation::Query,
                &first,
                Way::OneShard,
                partitions,
            )?);
            runs.push(scatter_gather(engine, request, table, shards, partitions)?);
            own = 1;
        }
        write if write.is_single_write() => {
            let request = match pattern.shards {
                Some(_) => &shard_write(write, request, table, 0)?,
                None => request,
            };
            return measure_write(engine, write, request, table).map(Measured::Write);
        }
        Operation::TransactWriteItems => {
            return measure_transaction(engine, request, table).map(Measured::Transaction);
        }
        Operation::ExecuteStatement => {
            return measure_statement(engine, pattern, table, for_comparison, partitions)
                .map(Measured::Statement);
        }
        other => {
            return Err(Failure::refused(format!(
                "{other} is not an operation an access pattern can use."
            )));
        }
    }
    Ok(Measured::Reads {
        runs,
        own,
        answers: None,
    })
}

/// One Query or Scan of a pattern's measurement, to be read to its last
/// page: at once ([`PlannedRun::run`]), or a page at a time by a caller
/// that gives the browser the thread back between pages.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedRun {
    /// `Query` or `Scan`.
    pub operation: Operation,
    pub body: Json,
    pub way: Way,
    /// Whether to place its units on their partitions.
    pub partitions: bool,
}

impl PlannedRun {
    /// Starts reading it, a page at a time.
    pub fn start(&self, engine: &mut Engine) -> PagedRun {
        PagedRun::start(
            engine,
            self.operation,
            &self.body,
            self.way,
            self.partitions,
        )
    }

    /// Reads it to its last page at once.
    pub fn run(&self, engine: &mut Engine) -> Result<Run, Failure> {
        run_all_pages(
            engine,
            self.operation,
            &self.body,
            self.way,
            self.partitions,
        )
    }
}

/// The runs that measure a Query or Scan pattern (not a sharded one), and
/// which is the pattern's own: a Query without its filter and, when it has
/// one, with it; a Scan alone. `None` for any other pattern.
pub fn planned_reads(
    pattern: &AccessPattern,
    for_comparison: bool,
) -> Option<(Vec<PlannedRun>, usize)> {
    let request = &pattern.request;
    let partitions = measures_partitions(pattern, for_comparison);
    let planned = |operation, body: &Json, way| PlannedRun {
        operation,
        body: body.clone(),
        way,
        partitions,
    };
    match pattern.operation {
        Operation::Query if pattern.shards.is_none() => {
            let mut key_only = request.clone();
            let filter = key_only
                .as_object_mut()
                .and_then(|o| o.remove("FilterExpression"));
            prune_placeholders(&mut key_only);
            let mut plan = vec![planned(Operation::Query, &key_only, Way::Query)];
            if filter.is_some() {
                plan.push(planned(Operation::Query, request, Way::QueryFilter));
            }
            let own = plan.len() - 1;
            Some((plan, own))
        }
        Operation::Scan => {
            let way = if request.get("FilterExpression").is_some() {
                Way::ScanFilter
            } else {
                Way::Scan
            };
            Some((vec![planned(Operation::Scan, request, way)], 0))
        }
        _ => None,
    }
}

/// Whether a pattern's runs place their units on their partitions: for
/// the comparison's heat strip, and for the throughput view of a pattern
/// with a rate.
fn measures_partitions(pattern: &AccessPattern, for_comparison: bool) -> bool {
    for_comparison || pattern.rate > 0.0
}

/// The Scan that answers a read pattern's need without keys, its units
/// placed on their partitions, when the pattern has one.
pub fn planned_scan_equivalent(pattern: &AccessPattern) -> Option<PlannedRun> {
    pattern.scan_equivalent().map(|body| PlannedRun {
        operation: Operation::Scan,
        body,
        way: Way::ScanFilter,
        partitions: true,
    })
}

/// Adds to a read's runs the Scan that answers the same need without keys,
/// when the pattern has one, its units placed on their partitions.
pub fn add_scan_equivalent(
    engine: &mut Engine,
    pattern: &AccessPattern,
    measured: &mut Measured,
) -> Result<(), Failure> {
    if let (Measured::Reads { runs, .. }, Some(scan)) = (measured, planned_scan_equivalent(pattern))
    {
        runs.push(scan.run(engine)?);
    }
    Ok(())
}

/// Adds to a read's measurement whether it still answers its question:
/// what it returns against what the Scan that asks the same finds
/// ([`super::coverage`]). A check that cannot run leaves it unchecked: the
/// comparison shows the same Scan's own error.
pub fn add_answers(engine: &mut Engine, pattern: &AccessPattern, measured: &mut Measured) {
    if let Measured::Reads { answers, .. } = measured {
        *answers = coverage(engine, pattern).ok().flatten().map(Box::new);
    }
}

/// A GetItem as a run: one item read (or none), its size, its units.
fn get_item(engine: &mut Engine, request: &Json) -> Result<Run, Failure> {
    let (parsed, _) = requests::get_item(request.to_string().as_bytes())?;
    let response = engine.get_item(parsed)?;
    let found = usize::from(response.item.is_some());
    let bytes = response
        .item
        .as_ref()
        .map_or(0, engine::types::size::item_size);
    // A missing item still costs the minimum: half a unit, or one if strong.
    let mut run = Run::empty(Way::KeyLookup, true);
    run.add_page(PageFigures {
        scanned_count: found,
        count: found,
        bytes_read: bytes,
        eventual_units: read_units(bytes, false),
        strong_units: Some(read_units(bytes, true)),
    });
    Ok(run)
}

/// Measures a pattern on `engine`; a transaction the stream handler
/// counts is also priced with the aggregate kept either way.
pub fn measure_pattern(
    engine: &mut Engine,
    pattern: &AccessPattern,
    table: &TableDesign,
    handler: Option<&StreamHandler>,
    with_scan: bool,
) -> Result<Measured, Failure> {
    let measured = measure(engine, pattern, table, with_scan);
    with_aggregate(engine, pattern, table, handler, measured)
}

/// [`measure_pattern`] up to the comparison's Scan ([`add_scan_equivalent`]
/// adds it), for a large table to measure the two in tasks of their own.
pub fn measure_pattern_before_scan(
    engine: &mut Engine,
    pattern: &AccessPattern,
    table: &TableDesign,
    handler: Option<&StreamHandler>,
    for_comparison: bool,
) -> Result<Measured, Failure> {
    let measured = measure_before_scan(engine, pattern, table, for_comparison);
    with_aggregate(engine, pattern, table, handler, measured)
}

/// A measured transaction the stream handler counts, priced with the
/// aggregate kept either way too.
fn with_aggregate(
    engine: &mut Engine,
    pattern: &AccessPattern,
    table: &TableDesign,
    handler: Option<&StreamHandler>,
    mut measured: Result<Measured, Failure>,
) -> Result<Measured, Failure> {
    if let (Ok(Measured::Transaction(cost)), Some(handler)) = (&mut measured, handler)
        && cost.cancelled.is_none()
        && table.stream.is_some()
    {
        cost.aggregate = aggregate_cost(engine, &pattern.request, table, handler);
    }
    measured
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::explain::sentences::explain;
    use crate::model::{design::generate::generate, gallery::commerce};
    use engine::api::handle;

    fn loaded() -> Engine {
        let chart = commerce::chart();
        let mut engine = Engine::new();
        let create = chart.table.create_table_request().to_string();
        assert_eq!(
            handle(&mut engine, "CreateTable", create.as_bytes()).status,
            200
        );
        for g in generate(&chart, 42).unwrap() {
            let body = serde_json::json!({"TableName": chart.table.name, "Item": engine::api::attribute_value::encode_item(&g.item)});
            let response = handle(&mut engine, "PutItem", body.to_string().as_bytes());
            assert_eq!(response.status, 200, "{}", response.body);
        }
        engine
    }

    #[test]
    fn a_scan_reads_the_whole_table_to_return_what_a_query_reads() {
        let mut engine = loaded();
        let patterns = commerce::patterns();
        let orders = &patterns[1];
        let Measured::Reads { runs, .. } =
            measure(&mut engine, orders, &commerce::chart().table, true).unwrap()
        else {
            panic!("a read")
        };
        let (query, scan) = (&runs[0], runs.last().unwrap());
        assert_eq!(query.count, scan.count);
        assert_eq!(query.scanned_count, query.count);
        assert!(scan.scanned_count > 20 * query.scanned_count, "{runs:?}");
        assert!(
            scan.eventual_units > 20.0 * query.eventual_units,
            "{runs:?}"
        );
        assert!(explain(query).starts_with("Query read "));
        // A Query lands on one partition; the Scan on every one of them.
        assert_eq!(query.partitions.len(), 1);
        assert!(scan.partitions.len() > 40, "{}", scan.partitions.len());
        let spread: f64 = scan.partitions.iter().map(|l| l.read).sum();
        assert!((spread - scan.eventual_units).abs() < 1e-6);
    }

    #[test]
    fn every_example_pattern_runs_and_its_scan_agrees() {
        let mut engine = loaded();
        for pattern in commerce::patterns() {
            let measured = measure(&mut engine, &pattern, &commerce::chart().table, true)
                .unwrap_or_else(|e| panic!("{}: {e}", pattern.description));
            let Measured::Reads { runs, .. } = measured else {
                continue;
            };
            if runs.len() < 2 {
                continue;
            }
            let scan = runs.last().unwrap();
            let before_scan = &runs[runs.len() - 2];
            assert_eq!(before_scan.count, scan.count, "{}", pattern.description);
        }
    }

    #[test]
    fn a_key_lookup_reads_one_item_and_a_scan_reads_them_all() {
        let mut engine = loaded();
        let profile = &commerce::patterns()[0];
        let Measured::Reads { runs, own, .. } =
            measure(&mut engine, profile, &commerce::chart().table, true).unwrap()
        else {
            panic!("a read")
        };
        assert_eq!((own, runs.len()), (0, 2));
        assert_eq!(
            (runs[0].label(), runs[0].count, runs[0].scanned_count),
            ("GetItem", 1, 1)
        );
        assert_eq!(
            (runs[0].eventual_units, runs[0].strong_units),
            (0.5, Some(1.0))
        );
        assert_eq!(runs[1].count, 1);
        assert!(runs[1].scanned_count > 500, "{runs:?}");
        assert!(
            explain(&runs[0]).starts_with("GetItem read 1 item ("),
            "{}",
            explain(&runs[0])
        );
    }

    #[test]
    fn a_write_is_measured_on_every_index_it_touches_and_undone() {
        let mut engine = loaded();
        let table = commerce::chart().table;
        let fulfil = commerce::patterns()
            .into_iter()
            .find(|p| p.description == commerce::FULFIL)
            .unwrap();
        let open_orders = |engine: &mut Engine| {
            let body = serde_json::json!({"TableName": "commerce-main", "IndexName": "GSI2", "Select": "COUNT"});
            handle(engine, "Scan", body.to_string().as_bytes()).body
        };
        let before = open_orders(&mut engine);
        for _ in 0..2 {
            let Measured::Write(cost) = measure(&mut engine, &fulfil, &table, true).unwrap() else {
                panic!("a write")
            };
            // The order moves within GSI1 (its key changes: a delete and a
            // put) and leaves GSI2 (a delete).
            assert_eq!(cost.table_units, 1.0, "{cost:?}");
            assert_eq!(
                cost.index_units,
                vec![("GSI1".to_string(), 2.0), ("GSI2".to_string(), 1.0)]
            );
            assert_eq!(cost.total(), 4.0);
            assert!(
                cost.explain().starts_with("UpdateItem changes an item of "),
                "{}",
                cost.explain()
            );
            assert!(
                cost.explain()
                    .ends_with("plus 2 on GSI1, 1 on GSI2: 4 WCU in all."),
                "{}",
                cost.explain()
            );
            // Measuring left the data as it was: the order is still open.
            assert_eq!(open_orders(&mut engine), before);
        }
        // Once the order has shipped for real, the condition fails: nothing
        // is written, and the attempt is still charged on the item's size.
        let request = fulfil.request.to_string();
        assert_eq!(
            handle(&mut engine, "UpdateItem", request.as_bytes()).status,
            200
        );
        let Measured::Write(failed) = measure(&mut engine, &fulfil, &table, true).unwrap() else {
            panic!("a write")
        };
        assert_eq!(
            failed.condition_failed.as_deref(),
            Some("The conditional request failed")
        );
        assert_eq!((failed.table_units, failed.index_units.len()), (1.0, 0));
        assert!(
            failed
                .explain()
                .contains("yet DynamoDB charges 1 WCU for the attempt and does not report it"),
            "{}",
            failed.explain()
        );
    }
}
