//! Running a pattern's plan on one side of a check, and what it found:
//! each read paged to its end as an application pages it, with
//! `ReturnConsumedCapacity: INDEXES`, and Count, ScannedCount, pages and
//! capacity summed; each write run once and undone.

use std::collections::BTreeMap;

use engine::api::Operation;
use serde::Serialize;
use serde_json::{Value as Json, json};

use super::dynamo::{ApiError, Dynamo};
use super::plan::{PatternPlan, ReadProbe, Steps};

/// At most this many pages of one read: a check of a playground reads
/// far fewer; an endpoint that never stops paging is stopped.
const MAX_PAGES: u64 = 100_000;

/// What one request (paged to its end) found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    pub pages: u64,
    /// Items returned; for a write, `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Items read (Query and Scan only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scanned_count: Option<u64>,
    /// ConsumedCapacity's CapacityUnits, summed; `None` when the endpoint
    /// reported none.
    pub capacity_units: Option<f64>,
    /// Its Table part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_units: Option<f64>,
    /// Its GlobalSecondaryIndexes and LocalSecondaryIndexes parts.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub index_units: BTreeMap<String, f64>,
}

/// A request's figures, or DynamoDB's error for it.
pub type Outcome = Result<Figures, ApiError>;

/// One way of a pattern, measured.
#[derive(Clone, Debug, PartialEq)]
pub struct WayFound {
    pub way: &'static str,
    pub eventual: Outcome,
    /// Strongly consistent, where the way can be.
    pub strong: Option<Outcome>,
}

/// What a pattern's plan found on one side.
#[derive(Clone, Debug, PartialEq)]
pub enum PatternFound {
    Ways(Vec<WayFound>),
    NotChecked(String),
}

/// Runs a pattern's plan on `side`. Only an interruption stops it: any
/// other error is what that way found.
pub fn run(side: &mut dyn Dynamo, plan: &PatternPlan) -> Result<PatternFound, ApiError> {
    let ways = match &plan.steps {
        Steps::NotChecked(why) => return Ok(PatternFound::NotChecked(why.clone())),
        Steps::Reads(probes) => probes
            .iter()
            .map(|probe| {
                let eventual = read(side, probe, false);
                let strong = probe.strong.then(|| read(side, probe, true));
                WayFound {
                    way: probe.way,
                    eventual,
                    strong,
                }
            })
            .collect(),
        Steps::Write { request, keys } => vec![WayFound {
            way: plan.operation.name(),
            eventual: write(side, plan.operation, request, keys),
            strong: None,
        }],
    };
    if side.interrupted() {
        return Err(super::remote::interruption());
    }
    Ok(PatternFound::Ways(ways))
}

fn read(side: &mut dyn Dynamo, probe: &ReadProbe, strong: bool) -> Outcome {
    let mut figures = Figures::empty(true);
    for request in &probe.requests {
        let mut body = request.clone();
        body["ReturnConsumedCapacity"] = json!("INDEXES");
        if strong {
            body["ConsistentRead"] = json!(true);
        }
        loop {
            if side.interrupted() {
                return Err(super::remote::interruption());
            }
            let answer = side.call(probe.operation, &body)?;
            figures.add(&answer, probe.operation);
            let next = match probe.operation {
                Operation::ExecuteStatement => ("NextToken", answer.get("NextToken")),
                _ => ("ExclusiveStartKey", answer.get("LastEvaluatedKey")),
            };
            match next {
                (member, Some(value)) if !value.is_null() && figures.pages < MAX_PAGES => {
                    body[member] = value.clone();
                }
                _ => break,
            }
        }
    }
    Ok(figures)
}

/// Runs a write after reading the items it writes, then puts them back
/// as they were (or deletes them): the next pattern sees the data as it
/// was. A write DynamoDB refuses changes nothing.
fn write(side: &mut dyn Dynamo, operation: Operation, request: &Json, keys: &[Json]) -> Outcome {
    let table = written_table(request);
    let mut before = Vec::with_capacity(keys.len());
    for key in keys {
        let answer = side.call(
            Operation::GetItem,
            &json!({"TableName": table, "Key": key, "ConsistentRead": true}),
        )?;
        before.push((key, answer.get("Item").cloned()));
    }
    let mut body = request.clone();
    body["ReturnConsumedCapacity"] = json!("INDEXES");
    let answer = side.call(operation, &body)?;
    let mut figures = Figures::empty(false);
    figures.add(&answer, operation);
    for (key, item) in before {
        let _ = match item {
            Some(item) => side.call(
                Operation::PutItem,
                &json!({"TableName": table, "Item": item}),
            ),
            None => side.call(
                Operation::DeleteItem,
                &json!({"TableName": table, "Key": key}),
            ),
        }?;
    }
    Ok(figures)
}

/// The table a write names (a transaction's first action's).
fn written_table(request: &Json) -> Json {
    if let Some(table) = request.get("TableName") {
        return table.clone();
    }
    request["TransactItems"][0]
        .as_object()
        .and_then(|action| action.values().next())
        .map_or(Json::Null, |a| a["TableName"].clone())
}

impl Figures {
    fn empty(counts: bool) -> Figures {
        Figures {
            pages: 0,
            count: counts.then_some(0),
            scanned_count: None,
            capacity_units: None,
            table_units: None,
            index_units: BTreeMap::new(),
        }
    }

    /// Adds one answer: its counts and every ConsumedCapacity in it.
    fn add(&mut self, answer: &Json, operation: Operation) {
        self.pages += 1;
        let count = match operation {
            Operation::GetItem => answer.get("Item").map_or(0, |_| 1),
            Operation::ExecuteStatement => answer["Items"].as_array().map_or(0, |i| i.len() as u64),
            _ => answer["Count"].as_u64().unwrap_or(0),
        };
        if let Some(total) = &mut self.count {
            *total += count;
        }
        if let Some(scanned) = answer.get("ScannedCount").and_then(Json::as_u64) {
            *self.scanned_count.get_or_insert(0) += scanned;
        }
        let consumed: Vec<&Json> = match &answer["ConsumedCapacity"] {
            Json::Array(list) => list.iter().collect(),
            Json::Null => Vec::new(),
            one => vec![one],
        };
        for c in consumed {
            let add = |slot: &mut Option<f64>, value: &Json| {
                if let Some(units) = value.as_f64() {
                    *slot.get_or_insert(0.0) += units;
                }
            };
            add(&mut self.capacity_units, &c["CapacityUnits"]);
            add(&mut self.table_units, &c["Table"]["CapacityUnits"]);
            for kind in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
                for (name, units) in c[kind].as_object().into_iter().flatten() {
                    if let Some(units) = units["CapacityUnits"].as_f64() {
                        *self.index_units.entry(name.clone()).or_insert(0.0) += units;
                    }
                }
            }
        }
    }
}
