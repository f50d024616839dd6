//! A read run to its last page, as an application would page it, with the
//! engine's own numbers summed: items read (ScannedCount), items returned
//! (Count), bytes read, pages, read units, and which partitions the reads
//! landed on.

use engine::Engine;
use engine::api::requests;
use serde_json::Value as Json;

use super::partition_load::{PartitionLoad, measured};
use super::prices::Prices;

/// One way of running a pattern, summed over its pages.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// `Query`, `Query + filter` or `Scan + filter`.
    pub label: &'static str,
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
    /// A run with nothing read yet.
    pub fn empty(label: &'static str, with_strong: bool) -> Run {
        Run {
            label,
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
    operation: &str,
    body: &Json,
    label: &'static str,
    with_partitions: bool,
) -> Result<Run, String> {
    let global = body
        .get("IndexName")
        .and_then(Json::as_str)
        .zip(body.get("TableName").and_then(Json::as_str))
        .is_some_and(|(index, table)| {
            engine
                .table(table)
                .and_then(|t| t.index(index))
                .is_some_and(|i| i.description.kind == engine::table::IndexKind::Global)
        });
    let table = body
        .get("TableName")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let mut run = if with_partitions {
        let (run, partitions) = measured(engine, table, |engine| {
            all_pages(engine, operation, body, !global)
        });
        let mut run = run?;
        run.partitions = partitions;
        run
    } else {
        all_pages(engine, operation, body, !global)?
    };
    run.label = label;
    Ok(run)
}

/// Every page of a Query or Scan, read eventually consistent, summed. Both
/// figures are the engine's: its ConsumedCapacity, and what it says the
/// same pages cost strongly consistent (an LSI's fetches from the table
/// included in both).
fn all_pages(
    engine: &mut Engine,
    operation: &str,
    body: &Json,
    with_strong: bool,
) -> Result<Run, String> {
    let mut body = body.clone();
    body["ConsistentRead"] = Json::Bool(false);
    let mut run = Run::empty("", with_strong);
    loop {
        let bytes = body.to_string();
        let page = match operation {
            "Query" => requests::query(bytes.as_bytes()).and_then(|(r, _)| engine.query(r)),
            _ => requests::scan(bytes.as_bytes()).and_then(|(r, _)| engine.scan(r)),
        }
        .map_err(|e| failure(&e))?;
        run.add_page(PageFigures {
            scanned_count: page.scanned_count,
            count: page.count,
            bytes_read: page.bytes_read,
            eventual_units: page.consumed.total(),
            strong_units: page.consumed_if_strong.as_ref().map(|c| c.total()),
        });
        match page.last_evaluated_key {
            Some(key) => {
                body["ExclusiveStartKey"] = engine::api::attribute_value::encode_item(&key)
            }
            None => return Ok(run),
        }
        if run.pages > 100_000 {
            return Err("the request did not finish after 100,000 pages".into());
        }
    }
}

/// DynamoDB's exception and message: "ValidationException: Invalid …".
pub fn failure(error: &engine::Error) -> String {
    format!("{}: {error}", error.short_name())
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
    fn a_local_index_read_counts_what_it_fetches_from_the_table() {
        let mut engine = with_local_index();
        let body = json!({"TableName": "lsi-table", "IndexName": "byWhen", "Select": "ALL_ATTRIBUTES",
            "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "p"}},
            "ReturnConsumedCapacity": "TOTAL"});
        let run = run_all_pages(&mut engine, "Query", &body, "Query", true).unwrap();
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
