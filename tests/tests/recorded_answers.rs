//! DynamoDB's answers to malformed requests, as dynalite's test suite
//! recorded them against the service: 6,253 requests to 17 operations —
//! members of the wrong JSON type, missing and out-of-range parameters,
//! several mistakes in one request, bad expressions — each with the
//! exception and the message DynamoDB answered (`tests/recorded/`, where
//! the README tells where they come from).
//!
//! Every case must be answered as recorded, except those listed in
//! `tests/recorded/deviations.tsv` with the reason the engine answers
//! otherwise: the service has changed its answer since, as a later capture
//! shows; the engine does not answer so yet; or it answers otherwise on
//! purpose. A listed case that is answered as recorded fails the test too,
//! so the list only shrinks.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use ddbplay_tests::Db;
use serde_json::{Value as Json, json};

const SUITE: &str = include_str!("../recorded/dynalite-suite.jsonl");
const DEVIATIONS: &str = include_str!("../recorded/deviations.tsv");

/// The suite's five tables, as its helpers create them.
fn tables() -> Db {
    let mut db = Db::new();
    let throughput = json!({"ReadCapacityUnits": 10, "WriteCapacityUnits": 5});
    let s = |name: &str| json!({"AttributeName": name, "AttributeType": "S"});
    let hash = |name: &str| json!({"AttributeName": name, "KeyType": "HASH"});
    let range = |name: &str| json!({"AttributeName": name, "KeyType": "RANGE"});
    for table in [
        json!({"TableName": "__dynalite_test_1", "AttributeDefinitions": [s("a")],
            "KeySchema": [hash("a")], "ProvisionedThroughput": throughput}),
        json!({"TableName": "__dynalite_test_2",
            "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "N"}],
            "KeySchema": [hash("a")], "BillingMode": "PAY_PER_REQUEST"}),
        json!({"TableName": "__dynalite_test_3",
            "AttributeDefinitions": [s("a"), s("b"), s("c"), s("d")],
            "KeySchema": [hash("a"), range("b")], "ProvisionedThroughput": throughput,
            "LocalSecondaryIndexes": [
                {"IndexName": "index1", "KeySchema": [hash("a"), range("c")],
                    "Projection": {"ProjectionType": "ALL"}},
                {"IndexName": "index2", "KeySchema": [hash("a"), range("d")],
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["c"]}}],
            "GlobalSecondaryIndexes": [
                {"IndexName": "index3", "KeySchema": [hash("c")], "ProvisionedThroughput": throughput,
                    "Projection": {"ProjectionType": "ALL"}},
                {"IndexName": "index4", "KeySchema": [hash("c"), range("d")],
                    "ProvisionedThroughput": throughput,
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["e"]}}]}),
        json!({"TableName": "__dynalite_test_4",
            "AttributeDefinitions": [s("a"), {"AttributeName": "b", "AttributeType": "N"}],
            "KeySchema": [hash("a"), range("b")], "ProvisionedThroughput": throughput}),
        json!({"TableName": "__dynalite_test_5",
            "AttributeDefinitions": [s("a"), {"AttributeName": "b", "AttributeType": "B"}],
            "KeySchema": [hash("a"), range("b")], "ProvisionedThroughput": throughput}),
    ] {
        db.ok("CreateTable", table);
    }
    db
}

/// Whether `message` is the recorded one: the text itself, a pattern
/// (`{"regex": …}`), or several validation errors in any order
/// (`{"all_of": […]}`, under DynamoDB's "N validation errors detected: ").
fn matches(recorded: &Json, message: &str) -> bool {
    match recorded {
        Json::String(text) => message == text,
        Json::Object(o) if o.contains_key("regex") => {
            regex::Regex::new(o["regex"].as_str().expect("pattern"))
                .expect("a valid pattern")
                .is_match(message)
        }
        Json::Object(o) => {
            let parts = o["all_of"].as_array().expect("all_of");
            let plural = if parts.len() == 1 { "" } else { "s" };
            let prefix = format!("{} validation error{plural} detected: ", parts.len());
            let Some(listed) = message.strip_prefix(&prefix) else {
                return false;
            };
            let errors: Vec<&str> = listed.split("; ").collect();
            parts
                .iter()
                .all(|part| errors.iter().any(|error| matches(part, error)))
        }
        _ => panic!("a recorded message of another form: {recorded}"),
    }
}

#[test]
fn every_recorded_answer_is_dynamodbs_or_a_listed_deviation() {
    let deviations: BTreeMap<u64, &str> = DEVIATIONS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let (id, reason) = line.split_once('\t').expect("id<TAB>reason");
            assert!(
                ["changed: ", "not yet: ", "kept: "]
                    .iter()
                    .any(|kind| reason.starts_with(kind)),
                "deviation {id} gives no reason of a known kind: {reason}"
            );
            (id.parse().expect("a case id"), reason)
        })
        .collect();
    let mut db = tables();
    let mut wrong = Vec::new();
    let mut fixed = Vec::new();
    let mut cases = 0;
    for line in SUITE.lines() {
        let case: Json = serde_json::from_str(line).expect("a case");
        cases += 1;
        let id = case["id"].as_u64().expect("id");
        let target = case["target"].as_str().expect("target");
        let answer = db.call_raw(target, case["data"].to_string().as_bytes());
        let right = match &answer {
            Ok(_) => false,
            Err(error) => {
                error.kind == case["exception"] && matches(&case["message"], &error.message)
            }
        };
        match (right, deviations.contains_key(&id)) {
            (false, false) => wrong.push(format!(
                "#{id} {target} {}\n   sent:     {}\n   recorded: {} {}\n   answered: {:?}",
                case["test"], case["data"], case["exception"], case["message"], answer
            )),
            (true, true) => fixed.push(id),
            _ => {}
        }
    }
    assert_eq!(cases, 6_253, "the suite's size");
    assert!(
        wrong.is_empty(),
        "{} recorded answers differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "answered as recorded now, so no longer deviations: {fixed:?}"
    );
    // The README states the counts; they must be these.
    let readme = include_str!("../../README.md").replace('\n', " ");
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let thousands = |n: usize| match n {
        1000.. => format!("{},{:03}", n / 1000, n % 1000),
        _ => n.to_string(),
    };
    let stated = format!(
        "{} are answered as recorded, and the other {}",
        thousands(cases - deviations.len()),
        deviations.len()
    );
    assert!(
        readme.contains(&stated),
        "README.md should say \"{stated}\""
    );
}
