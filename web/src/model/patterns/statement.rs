//! What a PartiQL statement becomes, in words: the lesson of PartiQL is
//! that the same SELECT is a cheap Query when its WHERE fixes the
//! partition key and a full Scan when it does not, with nothing in the
//! syntax to say which. The engine plans the statement
//! ([`engine::Engine::explain_statement`]); this module says the plan the
//! way the page shows it.

use engine::Engine;
use engine::ops::Served;
use engine::partiql::plan::{KeyRead, SortTest};
use engine::types::Value;
use serde_json::Value as Json;

use super::pattern::ServedBy;
use crate::model::design::chart::TableDesign;

/// Most key reads spelled out one by one; more are summed up.
const SHOWN_READS: usize = 3;

/// A statement's plan, as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// "Query on GSI1, key condition GSI1PK = 'STATUS#PENDING'".
    pub text: String,
    /// True when it reads the whole table or index.
    pub scan: bool,
    /// The index it reads, if any.
    pub index: Option<String>,
}

impl Explanation {
    /// How the pattern list says it: "Query on GSI1 (PartiQL)".
    pub fn served_by(&self) -> ServedBy {
        if self.scan {
            ServedBy::Scan(self.index.clone())
        } else {
            ServedBy::Query(self.index.clone())
        }
    }
}

/// A value as a PartiQL literal: `'text'`, `12.5`, or a note for a binary.
fn literal(value: &Value) -> String {
    match value {
        Value::S(text) => format!("'{}'", text.replace('\'', "''")),
        Value::N(number) => number.to_string(),
        Value::B(_) => "(a binary)".into(),
        other => format!("{other:?}"),
    }
}

fn key_condition(read: &KeyRead, partition: &str, sort: Option<&str>) -> String {
    let mut text = format!("{partition} = {}", literal(&read.partition));
    if let (Some(test), Some(sort)) = (&read.sort, sort) {
        let condition = match test {
            SortTest::Compare(op, v) => format!("{sort} {} {}", op.symbol(), literal(v)),
            SortTest::Between(lo, hi) => {
                format!("{sort} BETWEEN {} AND {}", literal(lo), literal(hi))
            }
            SortTest::BeginsWith(p) => format!("begins_with({sort}, {})", literal(p)),
        };
        text.push_str(" AND ");
        text.push_str(&condition);
    }
    text
}

/// Says what a plan is, with the key names of `table`'s design.
pub fn describe(served: &Served, table: &TableDesign) -> Explanation {
    let target = |index: &Option<String>| match index {
        Some(name) => format!("index {name}"),
        None => "the table".to_string(),
    };
    let keys = |index: &Option<String>| -> (String, Option<String>) {
        let design = index
            .as_ref()
            .and_then(|name| table.indexes.iter().find(|i| &i.name == name));
        match design {
            Some(i) => (
                i.partition_key.name.clone(),
                i.sort_key.as_ref().map(|k| k.name.clone()),
            ),
            None => (
                table.partition_key.name.clone(),
                table.sort_key.as_ref().map(|k| k.name.clone()),
            ),
        }
    };
    let (text, scan) = match served {
        Served::Query { index, reads } => {
            let (partition, sort) = keys(index);
            let on = index.as_deref().unwrap_or("the table");
            let conditions: Vec<String> = reads
                .iter()
                .take(SHOWN_READS)
                .map(|r| key_condition(r, &partition, sort.as_deref()))
                .collect();
            let text = match reads.len() {
                0 => format!("Query on {on}, reading nothing"),
                1 => format!("Query on {on}, key condition {}", conditions[0]),
                n => {
                    let more = if n > SHOWN_READS {
                        format!("; and {} more", n - SHOWN_READS)
                    } else {
                        String::new()
                    };
                    format!(
                        "{n} Queries on {on}, one per key: {}{more}. They share pages of at most 10 items.",
                        conditions.join("; ")
                    )
                }
            };
            (text, false)
        }
        Served::Scan { index } => {
            let (partition, _) = keys(index);
            (
                format!(
                    "Scan of {}: this SELECT does not fix the partition key ({partition} = … or IN […] in every branch of its WHERE), so every item is read and the WHERE only filters",
                    target(index)
                ),
                true,
            )
        }
        Served::Insert => (
            "PutItem, on condition that the key is new: INSERT never replaces an item".into(),
            false,
        ),
        Served::Update => (
            "UpdateItem of one item by its key, on condition that it exists: UPDATE never creates one".into(),
            false,
        ),
        Served::Delete => ("DeleteItem of one item by its key".into(), false),
    };
    let index = match served {
        Served::Query { index, .. } | Served::Scan { index } => index.clone(),
        _ => None,
    };
    Explanation { text, scan, index }
}

/// The plan of a request body for ExecuteStatement, or `None` when the
/// statement does not get as far as a plan (its error says why).
pub fn explain(engine: &Engine, request: &Json, table: &TableDesign) -> Option<Explanation> {
    let statement = request.get("Statement")?.as_str()?;
    let parameters = match request.get("Parameters") {
        None => Vec::new(),
        Some(Json::Array(list)) => list
            .iter()
            .map(|v| engine::api::attribute_value::decode_value(v, 1).ok())
            .collect::<Option<Vec<_>>>()?,
        Some(_) => return None,
    };
    let served = engine.explain_statement(statement, &parameters).ok()?;
    Some(describe(&served, table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;
    use serde_json::json;

    fn explained(statement: &str) -> Explanation {
        let state = Opened::example();
        let engine = state.engine.borrow();
        explain(
            &engine,
            &json!({"Statement": statement}),
            &state.chart.table,
        )
        .unwrap()
    }

    #[test]
    fn a_select_that_fixes_the_partition_key_is_a_query_with_its_key_condition() {
        let got = explained(
            r#"SELECT * FROM "commerce-main" WHERE PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')"#,
        );
        assert_eq!(
            got.text,
            "Query on the table, key condition PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')"
        );
        assert!(!got.scan);
        let on_index =
            explained(r#"SELECT * FROM "commerce-main"."GSI1" WHERE GSI1PK = 'STATUS#PENDING'"#);
        assert_eq!(
            on_index.text,
            "Query on GSI1, key condition GSI1PK = 'STATUS#PENDING'"
        );
    }

    #[test]
    fn a_select_that_does_not_is_a_scan_and_says_so() {
        let got = explained(r#"SELECT * FROM "commerce-main" WHERE orderStatus = 'PENDING'"#);
        assert!(got.scan);
        assert!(
            got.text
                .starts_with("Scan of the table: this SELECT does not fix the partition key (PK")
        );
    }

    #[test]
    fn several_keys_are_several_queries() {
        let got = explained(
            r#"SELECT * FROM "commerce-main" WHERE PK IN ['CUST#c1', 'CUST#c2', 'CUST#c3', 'CUST#c4']"#,
        );
        assert!(
            got.text
                .starts_with("4 Queries on the table, one per key: PK = 'CUST#c1'; "),
            "{}",
            got.text
        );
        assert!(got.text.contains("and 1 more"));
    }
}
