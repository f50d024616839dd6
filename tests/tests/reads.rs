//! Query and Scan: ranges, order, Select, projections, Limit and paging.

use ddbplay_tests::{Db, n, s, strings};
use serde_json::{Value as Json, json};

fn db() -> Db {
    let mut db = Db::new();
    db.ok("CreateTable", json!({"TableName": "events", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
            {"AttributeName": "kind", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "by-kind", "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["label"]}}]}));
    for i in 1..=10 {
        let mut item = json!({"pk": s("dev#1"), "sk": n(&i.to_string()), "label": s(&format!("e{i}")), "secret": s("x")});
        if i % 3 == 0 {
            item["kind"] = s("alarm");
        }
        db.put("events", item);
    }
    db
}

fn query(db: &mut Db, condition: &str, values: Json, extra: Json) -> Json {
    let mut body = json!({"TableName": "events", "KeyConditionExpression": condition, "ExpressionAttributeValues": values});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    db.ok("Query", body)
}

fn sort_keys(r: &Json) -> Vec<u64> {
    r["Items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sk"]["N"].as_str().unwrap().parse().unwrap())
        .collect()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn every_sort_key_operator_selects_its_range() {
    let mut db = db();
    let cases: [(&str, Json, Vec<u64>); 6] = [
        (
            "pk = :p AND sk = :a",
            json!({":p": s("dev#1"), ":a": n("4")}),
            vec![4],
        ),
        (
            "pk = :p AND sk < :a",
            json!({":p": s("dev#1"), ":a": n("3")}),
            vec![1, 2],
        ),
        (
            "pk = :p AND sk <= :a",
            json!({":p": s("dev#1"), ":a": n("3")}),
            vec![1, 2, 3],
        ),
        (
            ":a < sk AND pk = :p",
            json!({":p": s("dev#1"), ":a": n("8")}),
            vec![9, 10],
        ),
        (
            "pk = :p AND sk >= :a",
            json!({":p": s("dev#1"), ":a": n("9")}),
            vec![9, 10],
        ),
        (
            "(pk = :p) AND (sk BETWEEN :a AND :b)",
            json!({":p": s("dev#1"), ":a": n("4"), ":b": n("6")}),
            vec![4, 5, 6],
        ),
    ];
    for (condition, values, expected) in cases {
        assert_eq!(
            sort_keys(&query(&mut db, condition, values, json!({}))),
            expected,
            "{condition}"
        );
    }
    let backwards = query(
        &mut db,
        "pk = :p AND sk > :a",
        json!({":p": s("dev#1"), ":a": n("7")}),
        json!({"ScanIndexForward": false}),
    );
    assert_eq!(sort_keys(&backwards), [10, 9, 8]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn begins_with_reads_only_the_prefix_in_both_directions() {
    let mut db = Db::new();
    db.simple_table("prefix", true);
    for sk in ["A#1", "B#1", "B#2", "B#3", "C#1"] {
        db.put("prefix", json!({"pk": s("p"), "sk": s(sk)}));
    }
    for forward in [true, false] {
        let r = db.ok("Query", json!({"TableName": "prefix", "KeyConditionExpression": "pk = :p AND begins_with(sk, :b)",
            "ExpressionAttributeValues": {":p": s("p"), ":b": s("B#")}, "ScanIndexForward": forward}));
        let mut expected = vec!["B#1", "B#2", "B#3"];
        if !forward {
            expected.reverse();
        }
        assert_eq!(strings(&r, "sk"), expected);
        assert_eq!(r["ScannedCount"], json!(3));
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn limit_counts_items_evaluated_not_returned() {
    let mut db = db();
    let r = query(
        &mut db,
        "pk = :p",
        json!({":p": s("dev#1"), ":k": s("alarm")}),
        json!({"Limit": 2, "FilterExpression": "kind = :k"}),
    );
    assert_eq!(
        (r["Count"].as_u64(), r["ScannedCount"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(
        r["LastEvaluatedKey"],
        json!({"pk": s("dev#1"), "sk": n("2")})
    );
    // A page that stops exactly at the end still has a LastEvaluatedKey; the next one is empty.
    let last = query(
        &mut db,
        "pk = :p AND sk >= :a",
        json!({":p": s("dev#1"), ":a": n("9")}),
        json!({"Limit": 2}),
    );
    assert!(last.get("LastEvaluatedKey").is_some());
    let after = query(
        &mut db,
        "pk = :p AND sk >= :a",
        json!({":p": s("dev#1"), ":a": n("9")}),
        json!({"Limit": 2, "ExclusiveStartKey": last["LastEvaluatedKey"].clone()}),
    );
    assert_eq!(after["Count"], json!(0));
    assert!(after.get("LastEvaluatedKey").is_none());
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn select_and_projection_shape_the_items() {
    let mut db = db();
    let count = query(
        &mut db,
        "pk = :p",
        json!({":p": s("dev#1")}),
        json!({"Select": "COUNT"}),
    );
    assert_eq!(count, json!({"Count": 10, "ScannedCount": 10}));
    let projected = query(
        &mut db,
        "pk = :p AND sk = :one",
        json!({":p": s("dev#1"), ":one": n("1")}),
        json!({"ProjectionExpression": "label"}),
    );
    assert_eq!(projected["Items"], json!([{"label": s("e1")}]));
    let index = db.ok(
        "Query",
        json!({"TableName": "events", "IndexName": "by-kind", "KeyConditionExpression": "kind = :k",
        "ExpressionAttributeValues": {":k": s("alarm")}}),
    );
    // INCLUDE: keys plus label, never the unprojected secret.
    assert_eq!(
        index["Items"][0],
        json!({"pk": s("dev#1"), "sk": n("3"), "kind": s("alarm"), "label": s("e3")})
    );
    assert_eq!(index["Count"], json!(3));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn index_paging_keys_carry_index_and_table_keys() {
    let mut db = db();
    let r = db.ok(
        "Query",
        json!({"TableName": "events", "IndexName": "by-kind", "KeyConditionExpression": "kind = :k",
        "ExpressionAttributeValues": {":k": s("alarm")}, "Limit": 1}),
    );
    assert_eq!(
        r["LastEvaluatedKey"],
        json!({"kind": s("alarm"), "pk": s("dev#1"), "sk": n("3")})
    );
    let scan = db.ok(
        "Scan",
        json!({"TableName": "events", "IndexName": "by-kind", "Limit": 1}),
    );
    assert_eq!(scan["LastEvaluatedKey"].as_object().unwrap().len(), 3);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn filters_follow_dynamodb_comparison_rules() {
    let mut db = Db::new();
    db.simple_table("rules", false);
    db.put("rules", json!({"pk": s("1"), "n": n("10"), "t": s("10"), "l": {"L": [s("a"), n("1")]}, "m": {"M": {"x": n("1")}}, "b": {"B": "AQID"}}));
    let count = |db: &mut Db, filter: &str, values: Json| -> u64 {
        let mut body = json!({"TableName": "rules", "FilterExpression": filter});
        if values.as_object().is_some_and(|v| !v.is_empty()) {
            body["ExpressionAttributeValues"] = values;
        }
        db.ok("Scan", body)["Count"].as_u64().unwrap()
    };
    assert_eq!(
        count(&mut db, "n = :v", json!({":v": n("10.0")})),
        1,
        "numbers compare numerically"
    );
    assert_eq!(
        count(&mut db, "t = :v", json!({":v": n("10")})),
        0,
        "different types are never equal"
    );
    assert_eq!(
        count(&mut db, "t < :v", json!({":v": s("9")})),
        1,
        "strings compare by bytes"
    );
    assert_eq!(
        count(&mut db, "absent <> :v", json!({":v": n("1")})),
        1,
        "a missing attribute is <> anything"
    );
    assert_eq!(
        count(&mut db, "absent = :v OR absent < :v", json!({":v": n("1")})),
        0
    );
    assert_eq!(
        count(
            &mut db,
            "n IN (:a, :b)",
            json!({":a": n("3"), ":b": n("10")})
        ),
        1
    );
    assert_eq!(count(&mut db, "contains(l, :v)", json!({":v": n("1")})), 1);
    assert_eq!(
        count(
            &mut db,
            "size(l) = :two AND size(t) = :two AND size(m) = :one",
            json!({":two": n("2"), ":one": n("1")})
        ),
        1
    );
    assert_eq!(
        count(
            &mut db,
            "attribute_type(m, :m) AND attribute_exists(m.x) AND attribute_not_exists(m.y)",
            json!({":m": s("M")})
        ),
        1
    );
    assert_eq!(
        count(&mut db, "begins_with(b, :p)", json!({":p": {"B": "AQI="}})),
        1
    );
    assert_eq!(
        count(
            &mut db,
            "NOT n > :v OR n = :v AND t = :x",
            json!({":v": n("5"), ":x": s("no")})
        ),
        0,
        "AND binds tighter than OR"
    );
    assert_eq!(
        count(
            &mut db,
            "(NOT n > :v OR n = :v) AND t = :x",
            json!({":v": n("10"), ":x": s("10")})
        ),
        1
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn scan_pages_stop_after_one_megabyte() {
    let mut db = Db::new();
    db.simple_table("big", false);
    let body = "x".repeat(100_000);
    for i in 0..25 {
        db.put(
            "big",
            json!({"pk": s(&format!("{i:02}")), "body": s(&body)}),
        );
    }
    let first = db.ok(
        "Scan",
        json!({"TableName": "big", "Select": "COUNT", "ReturnConsumedCapacity": "TOTAL"}),
    );
    // 100,007 bytes each: the 11th item takes the page past 1 MB and is the last read.
    assert_eq!(first["ScannedCount"], json!(11));
    assert!(first.get("LastEvaluatedKey").is_some());
    // ceil(1,100,077 / 4,096) = 269 units, halved.
    assert_eq!(first["ConsumedCapacity"]["CapacityUnits"], json!(134.5));
}
