//! Properties of the write path for any sequence of writes: single-item
//! writes, batches, transactions and time to live's deletions, some of them
//! refused or cancelled. After every step each secondary index (keys only,
//! some attributes, or everything; a key of one attribute or several)
//! holds exactly the entries that rebuilding it from the table would give,
//! and a refused batch or a cancelled transaction has changed nothing at
//! all.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use ddbplay_tests::{Db, n, s};
use proptest::prelude::*;
use serde_json::{Value as Json, json};

const PKS: [&str; 3] = ["a", "b", "c"];
const SKS: [&str; 3] = ["1", "2", "3"];

fn db() -> Db {
    let mut db = Db::new();
    db.ok(
        "CreateTable",
        json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                        {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "l", "AttributeType": "N"},
                                        {"AttributeName": "w", "AttributeType": "S"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
               "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                   "Projection": {"ProjectionType": "KEYS_ONLY"}},
                   {"IndexName": "everything", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                   "Projection": {"ProjectionType": "ALL"}},
                   {"IndexName": "multi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "l", "KeyType": "RANGE"}, {"AttributeName": "w", "KeyType": "RANGE"}],
                   "Projection": {"ProjectionType": "KEYS_ONLY"}}],
               "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "l", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["note"]}}]}),
    );
    db.ok(
        "UpdateTimeToLive",
        json!({"TableName": "tbl", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "l"}}),
    );
    db
}

/// An item of the small key space, with or without each index's key.
fn item() -> impl Strategy<Value = Json> {
    (
        0..PKS.len(),
        0..SKS.len(),
        prop::option::of(prop::sample::select(vec!["x", "y"])),
        prop::option::of(0i64..3),
        prop::option::of("[a-z]{0,3}"),
        prop::option::of(prop::sample::select(vec!["p", "q"])),
    )
        .prop_map(|(p, k, g, l, note, w)| {
            let mut item = json!({"pk": s(PKS[p]), "sk": s(SKS[k])});
            if let Some(g) = g {
                item["g"] = s(g);
            }
            if let Some(l) = l {
                item["l"] = n(&l.to_string());
            }
            if let Some(note) = note.filter(|t| !t.is_empty()) {
                item["note"] = s(&note);
            }
            if let Some(w) = w {
                item["w"] = s(w);
            }
            item
        })
}

fn key() -> impl Strategy<Value = Json> {
    (0..PKS.len(), 0..SKS.len()).prop_map(|(p, k)| json!({"pk": s(PKS[p]), "sk": s(SKS[k])}))
}

/// One write of any kind; `bool` is whether its condition is likely to fail.
#[derive(Clone, Debug)]
enum Step {
    Put(Json, bool),
    Update(Json, u8, bool),
    Delete(Json, bool),
    Batch(Vec<(bool, Json)>),
    Transact(Vec<(u8, Json, bool)>),
    /// Time to live deletes the items whose `l` is at or before this time.
    Expire(i64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (item(), any::<bool>()).prop_map(|(i, c)| Step::Put(i, c)),
        (key(), 0u8..4, any::<bool>()).prop_map(|(k, u, c)| Step::Update(k, u, c)),
        (key(), any::<bool>()).prop_map(|(k, c)| Step::Delete(k, c)),
        prop::collection::vec((any::<bool>(), item()), 1..5).prop_map(Step::Batch),
        prop::collection::vec((0u8..4, item(), any::<bool>()), 1..5).prop_map(Step::Transact),
        (0i64..3).prop_map(Step::Expire),
    ]
}

/// The update expressions a step can use: move into, out of or within indexes.
fn update(kind: u8) -> (&'static str, Json) {
    match kind {
        0 => ("SET g = :x", json!({":x": s("y")})),
        1 => ("REMOVE g, l", json!(null)),
        2 => (
            "SET l = :two, note = :n, w = :n",
            json!({":two": n("2"), ":n": s("z")}),
        ),
        _ => ("SET v = :one", json!({":one": n("1")})),
    }
}

fn condition(fails: bool) -> &'static str {
    if fails {
        "attribute_exists(nothing_has_this)"
    } else {
        "attribute_not_exists(nothing_has_this)"
    }
}

fn run(db: &mut Db, step: &Step) -> Result<Json, ddbplay_tests::ApiError> {
    let with_values = |mut body: Json, values: Json| {
        if !values.is_null() {
            body["ExpressionAttributeValues"] = values;
        }
        body
    };
    match step {
        Step::Put(item, fails) => db.call(
            "PutItem",
            json!({"TableName": "tbl", "Item": item, "ConditionExpression": condition(*fails)}),
        ),
        Step::Update(key, kind, fails) => {
            let (expression, values) = update(*kind);
            let body = json!({"TableName": "tbl", "Key": key, "UpdateExpression": expression, "ConditionExpression": condition(*fails)});
            db.call("UpdateItem", with_values(body, values))
        }
        Step::Delete(key, fails) => db.call(
            "DeleteItem",
            json!({"TableName": "tbl", "Key": key, "ConditionExpression": condition(*fails)}),
        ),
        Step::Batch(writes) => {
            let requests: Vec<Json> = writes
                .iter()
                .map(|(put, item)| match put {
                    true => json!({"PutRequest": {"Item": item}}),
                    false => {
                        json!({"DeleteRequest": {"Key": {"pk": item["pk"], "sk": item["sk"]}}})
                    }
                })
                .collect();
            db.call("BatchWriteItem", json!({"RequestItems": {"tbl": requests}}))
        }
        Step::Transact(actions) => {
            let items: Vec<Json> = actions
                .iter()
                .map(|(kind, item, fails)| {
                    let key = json!({"pk": item["pk"], "sk": item["sk"]});
                    let cond = condition(*fails);
                    match kind {
                        0 => json!({"Put": {"TableName": "tbl", "Item": item, "ConditionExpression": cond}}),
                        1 => {
                            let (expression, values) = update(item["sk"]["S"].as_str().map_or(0, |s| s.as_bytes()[0] % 4));
                            json!({"Update": with_values(json!({"TableName": "tbl", "Key": key, "UpdateExpression": expression, "ConditionExpression": cond}), values)})
                        }
                        2 => json!({"Delete": {"TableName": "tbl", "Key": key, "ConditionExpression": cond}}),
                        _ => json!({"ConditionCheck": {"TableName": "tbl", "Key": key, "ConditionExpression": cond}}),
                    }
                })
                .collect();
            db.call("TransactWriteItems", json!({"TransactItems": items}))
        }
        Step::Expire(at) => {
            let deleted = db.engine_mut().expire_items(*at as f64);
            Ok(json!({"deleted": deleted}))
        }
    }
}

/// Every item of the table, as a set of JSON texts.
fn table(db: &mut Db) -> BTreeSet<String> {
    items(db, json!({"TableName": "tbl"}))
}

fn items(db: &mut Db, scan: Json) -> BTreeSet<String> {
    db.ok("Scan", scan)["Items"]
        .as_array()
        .unwrap()
        .iter()
        .map(Json::to_string)
        .collect()
}

/// What an index would hold if it were built from the table now.
fn rebuilt(db: &mut Db, keys: &[&str], projected: &[&str]) -> BTreeSet<String> {
    db.ok("Scan", json!({"TableName": "tbl"}))["Items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| keys.iter().all(|k| item.get(*k).is_some()))
        .map(|item| {
            let entry: serde_json::Map<String, Json> = item
                .as_object()
                .unwrap()
                .iter()
                .filter(|(name, _)| {
                    ["pk", "sk"].contains(&name.as_str())
                        || keys.contains(&name.as_str())
                        || projected.contains(&name.as_str())
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            Json::Object(entry).to_string()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn indexes_stay_equal_to_a_rebuild_and_refused_writes_change_nothing(steps in prop::collection::vec(step(), 1..25)) {
        let mut db = db();
        for step in &steps {
            let before = table(&mut db);
            let outcome = run(&mut db, step);
            if matches!(step, Step::Batch(_) | Step::Transact(_)) && outcome.is_err() {
                prop_assert_eq!(&table(&mut db), &before, "{:?} was refused yet changed the table", step);
            }
            prop_assert_eq!(
                items(&mut db, json!({"TableName": "tbl", "IndexName": "byG"})),
                rebuilt(&mut db, &["g"], &[]),
                "GSI after {:?}", step
            );
            prop_assert_eq!(
                items(&mut db, json!({"TableName": "tbl", "IndexName": "everything"})),
                items(&mut db, json!({"TableName": "tbl", "FilterExpression": "attribute_exists(g)"})),
                "GSI projecting everything after {:?}", step
            );
            prop_assert_eq!(
                items(&mut db, json!({"TableName": "tbl", "IndexName": "multi"})),
                rebuilt(&mut db, &["g", "pk", "l", "w"], &[]),
                "multi-attribute GSI after {:?}", step
            );
            prop_assert_eq!(
                items(&mut db, json!({"TableName": "tbl", "IndexName": "byL"})),
                rebuilt(&mut db, &["l"], &["note"]),
                "LSI after {:?}", step
            );
        }
    }
}
