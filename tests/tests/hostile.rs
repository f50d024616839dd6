//! Requests a stranger might send to hold the engine: statements nested
//! as deep as 8,192 characters allow, literals past DynamoDB's 32 levels,
//! and sets of tens of thousands of members checked, added and removed.
//! Each gets DynamoDB's answer (or the engine's guard, where DynamoDB
//! documents none) in bounded time, and the table is left as it was when
//! the request is refused.

#[cfg(not(target_arch = "wasm32"))]
use std::time::{Duration, Instant};

use ddbplay_tests::{Db, s};
use engine::limits::MAX_PARSE_DEPTH;
use engine::partiql::parser::{NOT_WELL_FORMED, TOO_DEEP};
use serde_json::{Value as Json, json};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// Far more than any of these takes when it is linear or O(n log n) in a
/// debug build, far less than an O(n²) check over 40,000 members takes.
#[cfg(not(target_arch = "wasm32"))]
const QUICK: Duration = Duration::from_secs(3);

fn db() -> Db {
    let mut db = Db::new();
    db.simple_table("hostile", false);
    db.put("hostile", json!({"pk": s("a"), "n": {"N": "1"}}));
    db
}

fn statement(db: &mut Db, statement: &str) -> Result<Json, String> {
    db.call("ExecuteStatement", json!({ "Statement": statement }))
        .map_err(|e| e.message)
}

fn members(count: usize, from: usize) -> Vec<Json> {
    (from..from + count)
        .map(|i| json!(format!("m{i}")))
        .collect()
}

/// Runs `run`, held to [`QUICK`] natively (wasm32 has no clock here).
fn timed<T>(what: &str, run: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = what;
        run()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let started = Instant::now();
        let out = run();
        assert!(
            started.elapsed() < QUICK,
            "{what} took {:?}",
            started.elapsed()
        );
        out
    }
}

#[test]
fn a_statement_nested_past_the_parsers_depth_is_refused_at_once() {
    let mut db = db();
    let too_deep = format!("{NOT_WELL_FORMED}{TOO_DEEP}");
    for depth in [MAX_PARSE_DEPTH + 1, 4_000] {
        let parens = format!(
            "SELECT * FROM hostile WHERE {}n = 1{}",
            "(".repeat(depth),
            ")".repeat(depth)
        );
        assert_eq!(statement(&mut db, &parens).unwrap_err(), too_deep);
    }
    let ors = format!(
        "SELECT * FROM hostile WHERE {}",
        vec!["n = 1"; MAX_PARSE_DEPTH + 2].join(" OR ")
    );
    assert_eq!(statement(&mut db, &ors).unwrap_err(), too_deep);
}

/// At the deepest nesting the parser follows, the whole request — parse,
/// bind, plan, evaluate — still runs. (Natively only: a debug build's
/// frames are about five times a release build's, and the wasm tests run
/// a debug build in a 1 MB stack; the page's release build is held to it
/// by its own browser test.)
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_statement_at_the_parsers_depth_runs_to_the_end() {
    let mut db = db();
    // The AND and the comparison's operand take a level each.
    let depth = MAX_PARSE_DEPTH - 3;
    let parens = format!(
        "SELECT * FROM hostile WHERE pk = 'a' AND {}n = 1{}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let answer = statement(&mut db, &parens).unwrap();
    assert_eq!(answer["Items"].as_array().unwrap().len(), 1);
    let ors = format!(
        "SELECT * FROM hostile WHERE {}",
        vec!["n = 1"; MAX_PARSE_DEPTH - 2].join(" OR ")
    );
    assert_eq!(statement(&mut db, &ors).unwrap()["Items"][0]["pk"], s("a"));
}

#[test]
fn a_literal_nested_past_32_levels_is_refused_and_writes_nothing() {
    let mut db = db();
    let deep = format!(
        "INSERT INTO hostile VALUE {{'pk': 'b', 'l': {}1{}}}",
        "[".repeat(40),
        "]".repeat(40)
    );
    assert_eq!(
        statement(&mut db, &deep).unwrap_err(),
        format!(
            "Nesting Levels have exceeded supported limits under root.l{}",
            "[0]".repeat(32)
        )
    );
    let item = db.ok(
        "GetItem",
        json!({"TableName": "hostile", "Key": {"pk": s("b")}}),
    );
    assert_eq!(item.get("Item"), None);
}

#[test]
fn a_set_of_40000_members_is_checked_for_duplicates_in_bounded_time() {
    let mut db = db();
    let mut set = members(40_000, 0);
    timed("a PutItem of 40,000 distinct members", || {
        db.ok(
            "PutItem",
            json!({"TableName": "hostile", "Item": {"pk": s("set"), "ss": {"SS": set}}}),
        )
    });
    set.push(json!("m0"));
    let refused = timed("a PutItem with one duplicate in 40,001", || {
        db.err(
            "PutItem",
            json!({"TableName": "hostile", "Item": {"pk": s("dup"), "ss": {"SS": set}}}),
        )
    });
    assert!(
        refused.message.ends_with("contains duplicates."),
        "{}",
        refused.message
    );
}

#[test]
fn add_and_delete_of_20000_members_on_a_20000_member_set_are_bounded() {
    let mut db = db();
    db.ok(
        "PutItem",
        json!({"TableName": "hostile", "Item": {"pk": s("set"), "ss": {"SS": members(20_000, 0)}}}),
    );
    let update = |db: &mut Db, expression: &str, set: Vec<Json>| {
        db.ok(
            "UpdateItem",
            json!({
                "TableName": "hostile",
                "Key": {"pk": s("set")},
                "UpdateExpression": expression,
                "ExpressionAttributeValues": {":m": {"SS": set}},
                "ReturnValues": "UPDATED_NEW"
            }),
        )
    };
    let added = timed("ADD of 20,000 members, half of them new", || {
        update(&mut db, "ADD ss :m", members(20_000, 10_000))
    });
    assert_eq!(
        added["Attributes"]["ss"]["SS"].as_array().unwrap().len(),
        30_000
    );
    let left = timed("DELETE of 20,000 members", || {
        update(&mut db, "DELETE ss :m", members(20_000, 0))
    });
    let left = left["Attributes"]["ss"]["SS"].as_array().unwrap().clone();
    assert_eq!(left.len(), 10_000);
    assert_eq!(left[0], json!("m20000"));
}
