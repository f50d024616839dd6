//! A read run to its last page, as an application would page it, with the
//! engine's own numbers summed: items read (ScannedCount), items returned
//! (Count), bytes read, pages, read units, and which partitions the reads
//! landed on.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use engine::api::requests;
use serde_json::Value as Json;

use super::partition_load::{PartitionLoad, loads};
use super::prices::Prices;

/// Which way a run read the data: what the comparison lists, the bar
/// chart draws and the sentences name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// GetItem: one item by its full key.
    KeyLookup,
    /// A Query by its key condition alone.
    Query,
    /// The same Query with the pattern's filter.
    QueryFilter,
    /// A Scan, every item read.
    Scan,
    /// A Scan with a filter.
    ScanFilter,
    /// A PartiQL SELECT that became a Query.
    PartiqlQuery,
    /// A PartiQL SELECT that became a Scan.
    PartiqlScan,
    /// One shard's Query of a sharded partition key.
    OneShard,
    /// Every shard's Query, merged.
    ScatterGather,
}

impl Way {
    /// As the page labels it: `Query + filter`.
    pub fn label(self) -> &'static str {
        match self {
            Way::KeyLookup => Operation::GetItem.name(),
            Way::Query => Operation::Query.name(),
            Way::QueryFilter => "Query + filter",
            Way::Scan => Operation::Scan.name(),
            Way::ScanFilter => "Scan + filter",
            Way::PartiqlQuery => "Query (PartiQL)",
            Way::PartiqlScan => "Scan (PartiQL)",
            Way::OneShard => "One shard's Query",
            Way::ScatterGather => "Scatter-gather",
        }
    }

    /// True for the ways that read every item of the table or index.
    pub fn scans(self) -> bool {
        matches!(self, Way::Scan | Way::ScanFilter | Way::PartiqlScan)
    }
}

/// One way of running a pattern, summed over its pages.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// How it read.
    pub way: Way,
    pub scanned_count: usize,
    pub count: usize,
    pub bytes_read: usize,
    pub pages: usize,
    /// Read units, eventually consistent.
    pub eventual_units: f64,
    /// Read units, strongly consistent; `None` on a global index.
    pub strong_units: Option<f64>,
    /// Units by partition key value, busiest first.
    pub partitions: Vec<PartitionLoad>,
    /// Each page's own figures, in order: what the derivations show.
    pub per_page: Vec<PageFigures>,
}

/// One page's figures, as the engine reported them.
#[derive(Clone, Debug, PartialEq)]
pub struct PageFigures {
    pub scanned_count: usize,
    pub count: usize,
    pub bytes_read: usize,
    pub eventual_units: f64,
    pub strong_units: Option<f64>,
}

impl Run {
    /// As the page labels it: `Query + filter`.
    pub fn label(&self) -> &'static str {
        self.way.label()
    }

    /// A run with nothing read yet.
    pub fn empty(way: Way, with_strong: bool) -> Run {
        Run {
            way,
            scanned_count: 0,
            count: 0,
            bytes_read: 0,
            pages: 0,
            eventual_units: 0.0,
            strong_units: with_strong.then_some(0.0),
            partitions: Vec::new(),
            per_page: Vec::new(),
        }
    }

    /// The same sums without the per-partition and per-page detail: what
    /// a chart of the totals needs, cheap to copy.
    pub fn totals(&self) -> Run {
        Run {
            partitions: Vec::new(),
            per_page: Vec::new(),
            ..*self
        }
    }

    /// Adds a page's figures to the sums.
    pub fn add_page(&mut self, page: PageFigures) {
        self.pages += 1;
        self.scanned_count += page.scanned_count;
        self.count += page.count;
        self.bytes_read += page.bytes_read;
        self.eventual_units += page.eventual_units;
        self.strong_units = self.strong_units.zip(page.strong_units).map(|(a, b)| a + b);
        self.per_page.push(page);
    }

    /// Adds a whole run (one of a scatter-gather's Queries) to the sums.
    pub fn add_run(&mut self, run: Run) {
        for page in run.per_page {
            self.add_page(page);
        }
        self.partitions.extend(run.partitions);
    }

    /// Dollars per million such requests at on-demand prices (eventual reads).
    pub fn cost_per_million(&self, prices: &Prices) -> f64 {
        self.eventual_units * prices.read_per_million
    }
}

/// Runs a Query or Scan body to the last page; with `with_partitions`,
/// where its units landed too (the comparison and the throughput view ask
/// for it; the usage journal costs a little on a large Scan).
pub fn run_all_pages(
    engine: &mut Engine,
    operation: Operation,
    body: &Json,
    way: Way,
    with_partitions: bool,
) -> Result<Run, Failure> {
    let mut paged = PagedRun::start(engine, operation, body, way, with_partitions);
    while !paged.read_page(engine)? {}
    Ok(paged.finish(engine))
}

/// A Query or Scan read a page at a time, as [`run_all_pages`] reads it
/// all at once: for a caller that gives the browser the thread back
/// between pages of a read over a large table. Every page is read
/// eventually consistent and both figures are the engine's: its
/// ConsumedCapacity, and what it says the same pages cost strongly
/// consistent (an LSI's fetches from the table included in both).
///
/// While it runs with partitions, the table keeps a usage journal: no
/// other request may reach the table until [`PagedRun::finish`] (or a
/// failed page) ends it.
pub struct PagedRun {
    query: bool,
    body: Json,
    /// The table whose usage journal is kept, when partitions are asked for.
    journal: Option<String>,
    run: Run,
    finished: bool,
}

impl PagedRun {
    /// A run of `operation` (`Query` or `Scan`) with nothing read yet.
    pub fn start(
        engine: &mut Engine,
        operation: Operation,
        body: &Json,
        way: Way,
        with_partitions: bool,
    ) -> PagedRun {
        let table = body
            .get("TableName")
            .and_then(Json::as_str)
            .unwrap_or_default();
        let global = body
            .get("IndexName")
            .and_then(Json::as_str)
            .is_some_and(|index| {
                engine
                    .table(table)
                    .and_then(|t| t.index(index))
                    .is_some_and(|i| i.description.kind == engine::table::IndexKind::Global)
            });
        let journal = with_partitions.then(|| table.to_string());
        if let Some(table) = &journal {
            engine.keep_usage_journal(table);
        }
        let mut body = body.clone();
        body["ConsistentRead"] = Json::Bool(false);
        PagedRun {
            query: operation == Operation::Query,
            body,
            journal,
            run: Run::empty(way, !global),
            finished: false,
        }
    }

    /// Reads the next page; true once the last one has been read. A page
    /// the engine refuses ends the run (and its journal) with the
    /// engine's exception.
    pub fn read_page(&mut self, engine: &mut Engine) -> Result<bool, Failure> {
        if self.finished {
            return Ok(true);
        }
        let page = self.next_page(engine);
        if page.is_err() {
            self.stop_journal(engine);
        }
        let page = page?;
        self.run.add_page(PageFigures {
            scanned_count: page.scanned_count,
            count: page.count,
            bytes_read: page.bytes_read,
            eventual_units: page.consumed.total(),
            strong_units: page.consumed_if_strong.as_ref().map(|c| c.total()),
        });
        match page.last_evaluated_key {
            Some(key) => {
                self.body["ExclusiveStartKey"] = engine::api::attribute_value::encode_item(&key)
            }
            None => self.finished = true,
        }
        if !self.finished && self.run.pages >= 100_000 {
            self.stop_journal(engine);
            return Err(Failure::refused(
                "the request did not finish after 100,000 pages",
            ));
        }
        Ok(self.finished)
    }

    /// The pages read so far, summed, with where their units landed when
    /// partitions were asked for.
    pub fn finish(mut self, engine: &mut Engine) -> Run {
        if let Some(table) = self.journal.take() {
            self.run.partitions = loads(engine.take_usage_journal(&table));
        }
        self.run
    }

    fn next_page(&self, engine: &mut Engine) -> Result<engine::ops::PageResponse, Failure> {
        let bytes = self.body.to_string();
        match self.query {
            true => requests::query(bytes.as_bytes()).and_then(|(r, _)| engine.query(r)),
            false => requests::scan(bytes.as_bytes()).and_then(|(r, _)| engine.scan(r)),
        }
        .map_err(Failure::from)
    }

    fn stop_journal(&mut self, engine: &mut Engine) {
        if let Some(table) = self.journal.take() {
            engine.take_usage_journal(&table);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::api::handle;
    use serde_json::json;

    /// A table with a KEYS_ONLY local index, and ten 3 KB items in one partition.
    fn with_local_index() -> Engine {
        let mut engine = Engine::new();
        let create = json!({
            "TableName": "lsi-table", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [
                {"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                {"AttributeName": "when", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "LocalSecondaryIndexes": [{"IndexName": "byWhen",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "when", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}]
        });
        assert_eq!(
            handle(&mut engine, "CreateTable", create.to_string().as_bytes()).status,
            200
        );
        for i in 0..10 {
            let item = json!({"TableName": "lsi-table", "Item": {"pk": {"S": "p"}, "sk": {"S": format!("s{i}")},
                "when": {"S": format!("w{i}")}, "text": {"S": "x".repeat(3000)}}});
            assert_eq!(
                handle(&mut engine, "PutItem", item.to_string().as_bytes()).status,
                200
            );
        }
        engine
    }

    #[test]
    fn a_run_read_a_page_at_a_time_sums_what_the_pages_report() {
        let mut engine = with_local_index();
        // Two items a page: five pages, the last one empty-handed.
        let body = json!({"TableName": "lsi-table", "Limit": 2});
        let mut paged = PagedRun::start(&mut engine, Operation::Scan, &body, Way::Scan, true);
        let mut reads = 0;
        while !paged.read_page(&mut engine).unwrap() {
            reads += 1;
            assert!(engine.table("lsi-table").unwrap().usage.is_kept());
        }
        let run = paged.finish(&mut engine);
        assert!(!engine.table("lsi-table").unwrap().usage.is_kept());
        assert_eq!((reads + 1, run.pages, run.scanned_count), (6, 6, 10));
        assert_eq!(
            run,
            run_all_pages(&mut engine, Operation::Scan, &body, Way::Scan, true).unwrap()
        );
        // Ten 3 KB items in one partition, each page of two rounded up alone.
        assert_eq!(run.eventual_units, 5.0 * 1.0 + 0.5);
        assert_eq!(run.partitions.len(), 1);
    }

    #[test]
    fn a_refused_page_ends_the_run_and_its_usage_journal() {
        let mut engine = with_local_index();
        let body = json!({"TableName": "lsi-table", "FilterExpression": "sk = :missing"});
        let mut paged = PagedRun::start(&mut engine, Operation::Scan, &body, Way::Scan, true);
        let refused = paged.read_page(&mut engine).unwrap_err();
        assert!(
            refused.to_string().starts_with("ValidationException: "),
            "{refused}"
        );
        assert!(!engine.table("lsi-table").unwrap().usage.is_kept());
    }

    #[test]
    fn a_local_index_read_counts_what_it_fetches_from_the_table() {
        let mut engine = with_local_index();
        let body = json!({"TableName": "lsi-table", "IndexName": "byWhen", "Select": "ALL_ATTRIBUTES",
            "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "p"}},
            "ReturnConsumedCapacity": "TOTAL"});
        let run = run_all_pages(&mut engine, Operation::Query, &body, Way::Query, true).unwrap();
        let response: Json = serde_json::from_str(
            &engine::api::dispatch(&mut engine, "Query", body.to_string().as_bytes()).unwrap(),
        )
        .unwrap();
        let reported = response["ConsumedCapacity"]["CapacityUnits"]
            .as_f64()
            .unwrap();
        assert_eq!(run.eventual_units, reported);
        // The index entries alone would be half a unit; the fetched items are ten 3 KB reads.
        assert!(run.eventual_units > 4.0, "{run:?}");
        let mut strong = body.clone();
        strong["ConsistentRead"] = json!(true);
        let response: Json = serde_json::from_str(
            &engine::api::dispatch(&mut engine, "Query", strong.to_string().as_bytes()).unwrap(),
        )
        .unwrap();
        assert_eq!(
            run.strong_units,
            response["ConsumedCapacity"]["CapacityUnits"].as_f64()
        );
    }
}
