//! What a check runs for each access pattern: the requests the page
//! measures it with, taken from the page's own model so the check and the
//! page measure the same thing.
//!
//! - A Query pattern: the Query by its key condition alone and, when it
//!   has a filter, with it; a sharded one, one shard's Query and every
//!   shard's; then the Scan + filter that answers the same without keys.
//! - A GetItem: itself, and that Scan. A Scan: itself.
//! - A PartiQL SELECT: the statement, paged by its NextToken.
//! - A write (PutItem, UpdateItem, DeleteItem, TransactWriteItems): the
//!   write, with the items it writes read first and put back after, as
//!   the page undoes a measured write.
//!
//! Reads run eventually consistent and, except on a global secondary
//! index, strongly consistent too. Every request names the check's own
//! table instead of the playground's.

use engine::api::Operation;
use serde_json::Value as Json;
use web::model::data::multi_item::written_keys;
use web::model::design::chart::TableDesign;
use web::model::measure::compare::{planned_reads, planned_scan_equivalent};
use web::model::measure::reads::Way;
use web::model::measure::sharding::{shard_queries, shard_write};
use web::model::patterns::pattern::AccessPattern;

/// One pattern's part of a check.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternPlan {
    pub description: String,
    pub operation: Operation,
    pub steps: Steps,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Steps {
    /// The ways a read is measured.
    Reads(Vec<ReadProbe>),
    /// A write, with the keys of the items it writes (to read first and
    /// put back after).
    Write { request: Json, keys: Vec<Json> },
    /// Why the pattern is not checked.
    NotChecked(String),
}

/// One way of reading: its requests (a scatter-gather has one per shard),
/// each run to its last page and summed.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadProbe {
    /// As the page labels it: `Query + filter`.
    pub way: &'static str,
    pub operation: Operation,
    pub requests: Vec<Json>,
    /// Whether it is read strongly consistent too.
    pub strong: bool,
}

/// The plan for every pattern, each request naming `table_name`.
pub fn plan(patterns: &[AccessPattern], table: &TableDesign, table_name: &str) -> Vec<PatternPlan> {
    patterns
        .iter()
        .map(|pattern| {
            let steps = match steps_of(pattern, table) {
                Ok(steps) => rename(steps, &table.name, table_name),
                Err(why) => Steps::NotChecked(why),
            };
            PatternPlan {
                description: pattern.description.clone(),
                operation: pattern.operation,
                steps,
            }
        })
        .collect()
}

fn steps_of(pattern: &AccessPattern, table: &TableDesign) -> Result<Steps, String> {
    let strong = |body: &Json| {
        let index = body.get("IndexName").and_then(Json::as_str);
        index.is_none_or(|name| table.indexes.iter().any(|i| i.name == name && !i.global))
    };
    let probe = |way: Way, operation, requests: Vec<Json>| ReadProbe {
        way: way.label(),
        operation,
        strong: requests.first().is_some_and(strong),
        requests,
    };
    let operation = pattern.operation;
    let request = &pattern.request;
    let mut probes = Vec::new();
    match operation {
        Operation::Query | Operation::Scan if pattern.shards.is_none() => {
            let (planned, _) = planned_reads(pattern, false).ok_or("no read to plan")?;
            for run in planned {
                probes.push(probe(run.way, run.operation, vec![run.body]));
            }
        }
        Operation::Query => {
            let shards = pattern.shards.unwrap_or(1);
            let queries = shard_queries(request, table, shards).map_err(|f| f.to_string())?;
            probes.push(probe(Way::OneShard, operation, vec![queries[0].clone()]));
            probes.push(probe(Way::ScatterGather, operation, queries));
        }
        Operation::GetItem => probes.push(probe(Way::KeyLookup, operation, vec![request.clone()])),
        Operation::ExecuteStatement => {
            let statement = request["Statement"].as_str().unwrap_or_default();
            if !statement
                .trim_start()
                .to_ascii_uppercase()
                .starts_with("SELECT")
            {
                return Err(
                    "a PartiQL write is not checked: what it changes cannot be put back exactly"
                        .into(),
                );
            }
            probes.push(ReadProbe {
                way: "PartiQL",
                operation,
                requests: vec![request.clone()],
                strong: !statement.contains("\"."),
            });
        }
        write if write.is_single_write() || write == Operation::TransactWriteItems => {
            let request = match pattern.shards {
                Some(_) => shard_write(write, request, table, 0).map_err(|f| f.to_string())?,
                None => request.clone(),
            };
            let keys = written_keys(write, &request, table);
            return Ok(Steps::Write { request, keys });
        }
        other => return Err(format!("{other} is not an operation a pattern can use")),
    }
    if let Some(scan) = planned_scan_equivalent(pattern) {
        probes.push(probe(scan.way, scan.operation, vec![scan.body]));
    }
    Ok(Steps::Reads(probes))
}

fn rename(steps: Steps, from: &str, to: &str) -> Steps {
    match steps {
        Steps::Reads(probes) => Steps::Reads(
            probes
                .into_iter()
                .map(|p| ReadProbe {
                    requests: p
                        .requests
                        .into_iter()
                        .map(|r| renamed(r, from, to))
                        .collect(),
                    ..p
                })
                .collect(),
        ),
        Steps::Write { request, keys } => Steps::Write {
            request: renamed(request, from, to),
            keys,
        },
        not => not,
    }
}

/// `body` with every `TableName` that is `from` made `to`, and `from` as
/// a PartiQL statement's table (quoted or not) made `"to"`.
pub fn renamed(mut body: Json, from: &str, to: &str) -> Json {
    match &mut body {
        Json::Object(members) => {
            for (name, value) in members.iter_mut() {
                match (name.as_str(), value.as_str()) {
                    ("TableName", Some(table)) if table == from => *value = Json::from(to),
                    ("Statement", Some(statement)) => {
                        *value = Json::from(statement_renamed(statement, from, to));
                    }
                    _ => *value = renamed(value.take(), from, to),
                }
            }
        }
        Json::Array(values) => {
            for value in values.iter_mut() {
                *value = renamed(value.take(), from, to);
            }
        }
        _ => {}
    }
    body
}

fn statement_renamed(statement: &str, from: &str, to: &str) -> String {
    let quoted = format!("\"{from}\"");
    if statement.contains(&quoted) {
        return statement.replace(&quoted, &format!("\"{to}\""));
    }
    // An unquoted name is a whole word after FROM, INTO or UPDATE.
    let words: Vec<&str> = statement.split(' ').collect();
    let mut out = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let after_keyword = i > 0
            && ["FROM", "INTO", "UPDATE"].contains(&words[i - 1].to_ascii_uppercase().as_str());
        match word.strip_prefix(from) {
            Some(rest) if after_keyword && (rest.is_empty() || rest.starts_with('.')) => {
                out.push(format!("\"{to}\"{rest}"));
            }
            _ => out.push(word.to_string()),
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_commerce_example_is_checked_the_way_the_page_measures_it() {
        let playground = web::model::gallery::commerce::playground();
        let plans = plan(
            &playground.patterns,
            &playground.chart.table,
            "ddbplay-check-x",
        );
        let ways: Vec<String> = plans
            .iter()
            .map(|p| match &p.steps {
                Steps::Reads(probes) => probes
                    .iter()
                    .map(|r| format!("{}{}", r.way, if r.strong { "+strong" } else { "" }))
                    .collect::<Vec<_>>()
                    .join(", "),
                Steps::Write { keys, .. } => format!("write of {} items", keys.len()),
                Steps::NotChecked(why) => why.clone(),
            })
            .collect();
        assert_eq!(
            ways,
            [
                "GetItem+strong, Scan + filter+strong",
                "Query+strong, Scan + filter+strong",
                "Query+strong, Scan + filter+strong",
                "Query, Scan + filter+strong",
                "Query, Scan + filter+strong",
                "Query, Scan + filter+strong",
                "Query, Scan + filter+strong",
                "Query+strong, Query + filter+strong, Scan + filter+strong",
                "Scan + filter+strong",
                "write of 1 items",
                "write of 5 items",
                "write of 5 items",
                "GetItem+strong, Scan + filter+strong",
            ]
        );
        let Steps::Reads(probes) = &plans[1].steps else {
            panic!("a read")
        };
        assert_eq!(probes[0].requests[0]["TableName"], "ddbplay-check-x");
    }

    #[test]
    fn a_statement_names_the_checks_table_quoted_or_not() {
        let body = json!({"Statement": "SELECT * FROM shop.GSI1 WHERE PK = ?"});
        assert_eq!(
            renamed(body, "shop", "ddbplay-check-1")["Statement"],
            "SELECT * FROM \"ddbplay-check-1\".GSI1 WHERE PK = ?"
        );
        let body = json!({"Statement": "SELECT * FROM \"commerce-main\" WHERE PK = 'c1'"});
        assert_eq!(
            renamed(body, "commerce-main", "ddbplay-check-1")["Statement"],
            "SELECT * FROM \"ddbplay-check-1\" WHERE PK = 'c1'"
        );
    }
}
