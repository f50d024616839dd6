//! Properties of a Query on a global index keyed on several attributes, for
//! any items and any condition: a valid key condition returns exactly the
//! items a filter over the table keeps, in the index's order (the sort key
//! attributes left to right, each by its type, then the table's key), in
//! either direction and across pages; every invalid shape is refused.

#![cfg(not(target_arch = "wasm32"))]

use std::cmp::Ordering;

use ddbplay_tests::{Db, n, s};
use proptest::prelude::*;
use serde_json::{Value as Json, json};

/// The index: partition key `h` (S) and `g` (N); sort key `a` (N), `b` (S).
fn db() -> Db {
    let mut db = Db::new();
    let key = |name: &str, kind: &str| json!({"AttributeName": name, "KeyType": kind});
    let attribute = |name: &str, t: &str| json!({"AttributeName": name, "AttributeType": t});
    db.ok(
        "CreateTable",
        json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [attribute("pk", "S"), attribute("h", "S"), attribute("g", "N"),
                                        attribute("a", "N"), attribute("b", "S")],
               "KeySchema": [key("pk", "HASH")],
               "GlobalSecondaryIndexes": [{"IndexName": "multi",
                   "KeySchema": [key("h", "HASH"), key("g", "HASH"), key("a", "RANGE"), key("b", "RANGE")],
                   "Projection": {"ProjectionType": "ALL"}}]}),
    );
    db
}

/// Numbers of `a`, written in several ways (1 and 1.0 are one number).
const NUMBERS: [&str; 7] = ["-10", "0.5", "1", "1.0", "2", "10", "9"];
/// Strings of `b`: prefixes of each other, and bytes past ASCII.
const STRINGS: [&str; 5] = ["x", "xy", "y", "Z", "é"];

/// One item: its key, and each index attribute or none.
#[derive(Clone, Debug)]
struct Row {
    pk: usize,
    h: Option<&'static str>,
    g: Option<i64>,
    a: Option<&'static str>,
    b: Option<&'static str>,
}

fn row() -> impl Strategy<Value = Row> {
    (
        0usize..40,
        prop::option::weighted(0.9, prop::sample::select(vec!["p", "q"])),
        prop::option::weighted(0.9, 1i64..3),
        prop::option::weighted(0.9, prop::sample::select(NUMBERS.to_vec())),
        prop::option::weighted(0.9, prop::sample::select(STRINGS.to_vec())),
    )
        .prop_map(|(pk, h, g, a, b)| Row { pk, h, g, a, b })
}

impl Row {
    fn item(&self) -> Json {
        let mut item = json!({"pk": s(&format!("k{:02}", self.pk))});
        if let Some(h) = self.h {
            item["h"] = s(h);
        }
        if let Some(g) = self.g {
            item["g"] = n(&g.to_string());
        }
        if let Some(a) = self.a {
            item["a"] = n(a);
        }
        if let Some(b) = self.b {
            item["b"] = s(b);
        }
        item
    }
}

/// The comparison on the last sort key attribute a condition names.
#[derive(Clone, Debug)]
enum Last {
    Eq(usize),
    Lt(usize),
    Le(usize),
    Gt(usize),
    Ge(usize),
    Between(usize, usize),
    BeginsWith(usize),
}

/// A valid condition: the partition, then `a` alone, or `a` with `=` and
/// then `b`, or neither.
#[derive(Clone, Debug)]
struct Valid {
    h: &'static str,
    g: i64,
    /// `None`: no sort key condition; `Some((None, last))`: `last` on `a`;
    /// `Some((Some(a), last))`: `a = a` and `last` on `b`.
    sort: Option<(Option<usize>, Last)>,
    forward: bool,
    limit: Option<i64>,
}

fn last(on_string: bool) -> impl Strategy<Value = Last> {
    let count = if on_string {
        STRINGS.len()
    } else {
        NUMBERS.len()
    };
    let index = move || 0..count;
    let mut options = vec![
        index().prop_map(Last::Eq).boxed(),
        index().prop_map(Last::Lt).boxed(),
        index().prop_map(Last::Le).boxed(),
        index().prop_map(Last::Gt).boxed(),
        index().prop_map(Last::Ge).boxed(),
        // BETWEEN's bounds in order (DynamoDB refuses a lower bound above
        // the upper one).
        (index(), index())
            .prop_map(move |(x, y)| {
                let above = if on_string {
                    STRINGS[x].as_bytes() > STRINGS[y].as_bytes()
                } else {
                    number(NUMBERS[x]) > number(NUMBERS[y])
                };
                if above {
                    Last::Between(y, x)
                } else {
                    Last::Between(x, y)
                }
            })
            .boxed(),
    ];
    if on_string {
        options.push(index().prop_map(Last::BeginsWith).boxed());
    }
    prop::strategy::Union::new(options)
}

fn valid() -> impl Strategy<Value = Valid> {
    let sort = prop_oneof![
        Just(None),
        last(false).prop_map(|l| Some((None, l))),
        (0..NUMBERS.len(), last(true)).prop_map(|(a, l)| Some((Some(a), l))),
    ];
    (
        prop::sample::select(vec!["p", "q"]),
        1i64..3,
        sort,
        any::<bool>(),
        prop::option::of(1i64..5),
    )
        .prop_map(|(h, g, sort, forward, limit)| Valid {
            h,
            g,
            sort,
            forward,
            limit,
        })
}

impl Valid {
    /// The KeyConditionExpression and its values.
    fn condition(&self) -> (String, Json) {
        let mut clauses = vec!["g = :g".to_string(), "h = :h".to_string()];
        let mut values = json!({":h": s(self.h), ":g": n(&self.g.to_string())});
        if let Some((prefix, last)) = &self.sort {
            let (name, value): (&str, fn(usize) -> Json) = match prefix {
                None => ("a", |i| n(NUMBERS[i])),
                Some(a) => {
                    clauses.push("a = :pa".into());
                    values[":pa"] = n(NUMBERS[*a]);
                    ("b", |i| s(STRINGS[i]))
                }
            };
            let mut one = |op: &str, i: usize| {
                values[":v"] = value(i);
                clauses.push(format!("{name} {op} :v"));
            };
            match last {
                Last::Eq(i) => one("=", *i),
                Last::Lt(i) => one("<", *i),
                Last::Le(i) => one("<=", *i),
                Last::Gt(i) => one(">", *i),
                Last::Ge(i) => one(">=", *i),
                Last::Between(x, y) => {
                    values[":x"] = value(*x);
                    values[":y"] = value(*y);
                    clauses.push(format!("{name} BETWEEN :x AND :y"));
                }
                Last::BeginsWith(i) => {
                    values[":v"] = value(*i);
                    clauses.push(format!("begins_with({name}, :v)"));
                }
            }
        }
        (clauses.join(" AND "), values)
    }

    /// True when the condition keeps `row` (which is in the index).
    fn keeps(&self, row: &Row) -> bool {
        if row.h != Some(self.h) || row.g != Some(self.g) {
            return false;
        }
        let (a, b) = (number(row.a.unwrap()), row.b.unwrap());
        match &self.sort {
            None => true,
            Some((None, last)) => {
                holds(last, &|i| number(NUMBERS[i]).cmp(&a).reverse(), &|_| false)
            }
            Some((Some(pa), last)) => {
                number(NUMBERS[*pa]) == a
                    && holds(last, &|i| b.as_bytes().cmp(STRINGS[i].as_bytes()), &|i| {
                        b.starts_with(STRINGS[i])
                    })
            }
        }
    }
}

/// Whether a value meets `last`, given how it compares with each
/// operand (`cmp(i)`: the value against operand `i`).
fn holds(last: &Last, cmp: &dyn Fn(usize) -> Ordering, begins: &dyn Fn(usize) -> bool) -> bool {
    match *last {
        Last::Eq(i) => cmp(i) == Ordering::Equal,
        Last::Lt(i) => cmp(i) == Ordering::Less,
        Last::Le(i) => cmp(i) != Ordering::Greater,
        Last::Gt(i) => cmp(i) == Ordering::Greater,
        Last::Ge(i) => cmp(i) != Ordering::Less,
        Last::Between(x, y) => cmp(x) != Ordering::Less && cmp(y) != Ordering::Greater,
        Last::BeginsWith(i) => begins(i),
    }
}

/// A number of `NUMBERS` as an exact value in tenths.
fn number(text: &str) -> i64 {
    let value: f64 = text.parse().unwrap();
    (value * 10.0).round() as i64
}

/// Every page of a Query, its items' `pk` in order.
fn query_all(db: &mut Db, valid: &Valid) -> Result<Vec<String>, String> {
    let (condition, values) = valid.condition();
    let mut out = Vec::new();
    let mut start: Option<Json> = None;
    loop {
        let mut request = json!({"TableName": "tbl", "IndexName": "multi",
            "KeyConditionExpression": condition, "ExpressionAttributeValues": values,
            "ScanIndexForward": valid.forward});
        if let Some(limit) = valid.limit {
            request["Limit"] = json!(limit);
        }
        if let Some(start) = start.take() {
            request["ExclusiveStartKey"] = start;
        }
        let page = db.call("Query", request).map_err(|e| e.message)?;
        for item in page["Items"].as_array().unwrap() {
            out.push(item["pk"]["S"].as_str().unwrap().to_string());
        }
        match page.get("LastEvaluatedKey") {
            Some(key) => start = Some(key.clone()),
            None => return Ok(out),
        }
    }
}

/// What the Query must return: the rows in the index the condition keeps,
/// by `a` numerically, then `b` by bytes, then the table key.
fn expected(rows: &[Row], valid: &Valid) -> Vec<String> {
    let mut last_write: std::collections::BTreeMap<usize, &Row> = Default::default();
    for row in rows {
        last_write.insert(row.pk, row);
    }
    let mut kept: Vec<&Row> = last_write
        .into_values()
        .filter(|r| r.h.is_some() && r.g.is_some() && r.a.is_some() && r.b.is_some())
        .filter(|r| valid.keeps(r))
        .collect();
    kept.sort_by(|x, y| {
        number(x.a.unwrap())
            .cmp(&number(y.a.unwrap()))
            .then_with(|| x.b.unwrap().as_bytes().cmp(y.b.unwrap().as_bytes()))
            .then_with(|| x.pk.cmp(&y.pk))
    });
    let mut keys: Vec<String> = kept.iter().map(|r| format!("k{:02}", r.pk)).collect();
    if !valid.forward {
        keys.reverse();
    }
    keys
}

/// A condition DynamoDB refuses, and the start of its message.
fn invalid() -> impl Strategy<Value = (&'static str, &'static str)> {
    prop::sample::select(vec![
        (
            "h = :h AND a = :a",
            "HASH key attributes g must have equality conditions",
        ),
        (
            "g = :g AND a > :a",
            "HASH key attributes h must have equality conditions",
        ),
        (
            "h = :h AND g > :g",
            "HASH key attributes g must have equality conditions",
        ),
        (
            "h = :h AND g = :g AND b = :b",
            "RANGE key attributes a must have equality conditions specified in the query because a condition is present on key attribute b",
        ),
        (
            "h = :h AND g = :g AND a > :a AND b = :b",
            "RANGE key attributes a must have equality conditions specified in the query because a condition is present on key attribute b",
        ),
        (
            "h = :h AND g = :g AND x = :b",
            "Query condition missed key schema element: a",
        ),
        (
            "h = :h AND g = :g AND a = :a OR b = :b",
            "Invalid operator used in KeyConditionExpression: OR",
        ),
        (
            "h = :h AND g = :g AND a = :a AND b = :b AND x = :x",
            "The number of query conditions (5) exceeds the number of key attributes defined in the schema (4)",
        ),
        (
            "h = :h AND g = :g AND begins_with(a, :a)",
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        ),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_query_returns_what_a_filter_over_the_table_keeps_in_the_index_order(
        rows in prop::collection::vec(row(), 0..40),
        conditions in prop::collection::vec(valid(), 1..6),
    ) {
        let mut db = db();
        for row in &rows {
            db.put("tbl", row.item());
        }
        for valid in &conditions {
            let answered = query_all(&mut db, valid);
            prop_assert_eq!(answered, Ok(expected(&rows, valid)), "{:?}", valid);
        }
    }

    #[test]
    fn every_invalid_shape_is_refused_with_dynamodbs_message((condition, message) in invalid()) {
        let mut db = db();
        let names = ["h", "g", "a", "b", "x"];
        let mut values = serde_json::Map::new();
        for name in names {
            let placeholder = format!(":{name}");
            if condition.contains(&placeholder) {
                let value = if name == "g" || name == "a" { n("1") } else { s("v") };
                values.insert(placeholder, value);
            }
        }
        let refused = db.validation(
            "Query",
            json!({"TableName": "tbl", "IndexName": "multi", "KeyConditionExpression": condition,
                   "ExpressionAttributeValues": values}),
        );
        prop_assert!(refused.starts_with(message), "{condition}: {refused}");
    }
}
