//! Consumed capacity exactly as DynamoDB reports it, on the worked examples
//! DynamoDB's documentation and conformance captures give.

use ddbplay_tests::{Db, n, s};
use engine::key::KeyValue;
use serde_json::{Value as Json, json};

fn units(response: &Json) -> f64 {
    response["ConsumedCapacity"]["CapacityUnits"]
        .as_f64()
        .unwrap()
}

fn hash_table(db: &mut Db, name: &str, key: &str) {
    db.ok(
        "CreateTable",
        json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": key, "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": key, "KeyType": "HASH"}]}),
    );
}

/// `{a: S, b: S, c: N 12.3456, d: B(2), e: BS}` whose total is `1024 + extra` bytes.
fn sized_item(extra: usize) -> Json {
    let a = "x".repeat(100);
    let b = "y".repeat(909 + extra);
    json!({"a": s(&a), "b": s(&b), "c": n("12.3456"), "d": {"B": "AAE="}, "e": {"BS": ["AAE=", "AQ==", "Ag=="]}})
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_write_unit_covers_exactly_1024_bytes() {
    let mut db = Db::new();
    hash_table(&mut db, "sizes", "a");
    let at = db.ok(
        "PutItem",
        json!({"TableName": "sizes", "Item": sized_item(0), "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(units(&at), 1.0);
    let over = db.ok(
        "PutItem",
        json!({"TableName": "sizes", "Item": sized_item(1), "ReturnConsumedCapacity": "TOTAL"}),
    );
    // 1025 bytes now, and the old item was 1024: the larger decides.
    assert_eq!(units(&over), 2.0);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_read_unit_covers_exactly_4096_bytes() {
    let mut db = Db::new();
    hash_table(&mut db, "sizes", "k");
    // "k" + "a" (2 bytes) + "v" + value: 4096 and 4097 bytes in all.
    db.put("sizes", json!({"k": s("a"), "v": s(&"z".repeat(4093))}));
    db.put("sizes", json!({"k": s("b"), "v": s(&"z".repeat(4094))}));
    let get = |db: &mut Db, key: &str, consistent: bool| {
        units(&db.ok(
            "GetItem",
            json!({"TableName": "sizes", "Key": {"k": s(key)},
            "ConsistentRead": consistent, "ReturnConsumedCapacity": "TOTAL"}),
        ))
    };
    assert_eq!(get(&mut db, "a", true), 1.0);
    assert_eq!(get(&mut db, "b", true), 2.0);
    assert_eq!(get(&mut db, "b", false), 1.0);
    assert_eq!(get(&mut db, "missing", false), 0.5);
    assert_eq!(get(&mut db, "missing", true), 1.0);
    // A projection does not reduce what GetItem reads.
    let projected = db.ok(
        "GetItem",
        json!({"TableName": "sizes", "Key": {"k": s("b")}, "ConsistentRead": true,
        "ProjectionExpression": "k", "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(units(&projected), 2.0);
    assert_eq!(projected["Item"], json!({"k": s("b")}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn overwriting_a_large_item_with_a_tiny_one_costs_the_large_one() {
    let mut db = Db::new();
    hash_table(&mut db, "sizes", "k");
    db.put("sizes", json!({"k": s("a"), "v": s(&"z".repeat(2100))}));
    let r = db.ok(
        "PutItem",
        json!({"TableName": "sizes", "Item": {"k": s("a")}, "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(units(&r), 3.0);
    let missing = db.ok("DeleteItem", json!({"TableName": "sizes", "Key": {"k": s("nothing")}, "ReturnConsumedCapacity": "TOTAL"}));
    assert_eq!(units(&missing), 1.0);
    let upsert = db.ok(
        "UpdateItem",
        json!({"TableName": "sizes", "Key": {"k": s("new")},
        "UpdateExpression": "SET v = :v", "ExpressionAttributeValues": {":v": s(&"q".repeat(1500))},
        "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(units(&upsert), 2.0);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn query_charges_everything_read_before_the_filter_rounded_once() {
    let mut db = Db::new();
    db.simple_table("rows", true);
    for i in 0..4 {
        // About 3,023 bytes each.
        db.put("rows", json!({"pk": s("p"), "sk": s(&i.to_string()), "flag": n(&i.to_string()), "pad": s(&"x".repeat(3000))}));
    }
    let r = db.ok("Query", json!({"TableName": "rows", "KeyConditionExpression": "pk = :p", "FilterExpression": "flag = :one",
        "ExpressionAttributeValues": {":p": s("p"), ":one": n("1")}, "ReturnConsumedCapacity": "TOTAL"}));
    assert_eq!(
        (r["Count"].as_u64(), r["ScannedCount"].as_u64()),
        (Some(1), Some(4))
    );
    // ceil(12,0xx / 4,096) = 3 units, halved: 1.5, not 0.5.
    assert_eq!(units(&r), 1.5);
    let empty = db.ok(
        "Query",
        json!({"TableName": "rows", "KeyConditionExpression": "pk = :p",
        "ExpressionAttributeValues": {":p": s("nobody")}, "ReturnConsumedCapacity": "INDEXES"}),
    );
    assert_eq!(
        empty["ConsumedCapacity"],
        json!({"TableName": "rows", "CapacityUnits": 0.5, "Table": {"CapacityUnits": 0.5}})
    );
}

fn indexed(db: &mut Db) {
    let key = |name: &str, kind: &str| json!({"AttributeName": name, "KeyType": kind});
    let attribute = |name: &str| json!({"AttributeName": name, "AttributeType": "S"});
    db.ok("CreateTable", json!({"TableName": "idx", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [attribute("pk"), attribute("sk"), attribute("gpk"), attribute("lsk")],
        "KeySchema": [key("pk", "HASH"), key("sk", "RANGE")],
        "GlobalSecondaryIndexes": [{"IndexName": "gsi", "KeySchema": [key("gpk", "HASH")], "Projection": {"ProjectionType": "ALL"}}],
        "LocalSecondaryIndexes": [{"IndexName": "lsi", "KeySchema": [key("pk", "HASH"), key("lsk", "RANGE")],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["note"]}}]}));
}

fn put_indexes(db: &mut Db, item: Json) -> Json {
    db.ok(
        "PutItem",
        json!({"TableName": "idx", "Item": item, "ReturnConsumedCapacity": "INDEXES"}),
    )["ConsumedCapacity"]
        .clone()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn index_writes_are_charged_per_entry_that_enters_leaves_moves_or_changes() {
    let mut db = Db::new();
    indexed(&mut db);
    // Enters the GSI only.
    assert_eq!(
        put_indexes(&mut db, json!({"pk": s("a"), "sk": s("1"), "gpk": s("g")})),
        json!({
        "TableName": "idx", "CapacityUnits": 2.0, "Table": {"CapacityUnits": 1.0},
        "GlobalSecondaryIndexes": {"gsi": {"CapacityUnits": 1.0}}})
    );
    // Rewritten unchanged: the GSI entry is identical, so the GSI is not charged.
    assert_eq!(
        put_indexes(&mut db, json!({"pk": s("a"), "sk": s("1"), "gpk": s("g")})),
        json!({
        "TableName": "idx", "CapacityUnits": 1.0, "Table": {"CapacityUnits": 1.0}})
    );
    // The GSI key moves with 1,517-byte entries: a delete and a put of 2 units each.
    let big = "b".repeat(1500);
    put_indexes(
        &mut db,
        json!({"pk": s("a"), "sk": s("2"), "gpk": s("g1"), "big": s(&big)}),
    );
    let moved = put_indexes(
        &mut db,
        json!({"pk": s("a"), "sk": s("2"), "gpk": s("g2"), "big": s(&big)}),
    );
    assert_eq!(
        moved["GlobalSecondaryIndexes"],
        json!({"gsi": {"CapacityUnits": 4.0}})
    );
    // An attribute projected only into the LSI changes: only the LSI arm (and the table) pay.
    put_indexes(
        &mut db,
        json!({"pk": s("a"), "sk": s("3"), "lsk": s("l"), "note": s("one")}),
    );
    let lsi_only = db.ok("UpdateItem", json!({"TableName": "idx", "Key": {"pk": s("a"), "sk": s("3")},
        "UpdateExpression": "SET note = :n", "ExpressionAttributeValues": {":n": s("two")}, "ReturnConsumedCapacity": "INDEXES"}));
    assert_eq!(
        lsi_only["ConsumedCapacity"],
        json!({"TableName": "idx", "CapacityUnits": 2.0,
        "Table": {"CapacityUnits": 1.0}, "LocalSecondaryIndexes": {"lsi": {"CapacityUnits": 1.0}}})
    );
    // Leaving: a delete takes the item out of the LSI.
    let deleted = db.ok("DeleteItem", json!({"TableName": "idx", "Key": {"pk": s("a"), "sk": s("3")}, "ReturnConsumedCapacity": "INDEXES"}));
    assert_eq!(
        deleted["ConsumedCapacity"]["LocalSecondaryIndexes"],
        json!({"lsi": {"CapacityUnits": 1.0}})
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn gsi_reads_are_eventual_and_charged_to_the_index() {
    let mut db = Db::new();
    indexed(&mut db);
    for i in 0..8 {
        // 2,000 bytes each: pk 2+1, sk 2+1, gpk 3+1, pad 3+1987.
        db.put("idx", json!({"pk": s(&i.to_string()), "sk": s("x"), "gpk": s("g"), "pad": s(&"p".repeat(1987))}));
    }
    let r = db.ok(
        "Query",
        json!({"TableName": "idx", "IndexName": "gsi", "KeyConditionExpression": "gpk = :g",
        "ExpressionAttributeValues": {":g": s("g")}, "ReturnConsumedCapacity": "INDEXES"}),
    );
    assert_eq!(r["Count"], json!(8));
    assert_eq!(
        r["ConsumedCapacity"],
        json!({"TableName": "idx", "CapacityUnits": 2.0, "Table": {"CapacityUnits": 0.0},
        "GlobalSecondaryIndexes": {"gsi": {"CapacityUnits": 2.0}}})
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn lsi_reads_that_need_unprojected_attributes_fetch_from_the_table() {
    let mut db = Db::new();
    indexed(&mut db);
    let small = "s".repeat(80);
    let large = "L".repeat(4100);
    for (sk, body) in [("1", &small), ("2", &large), ("3", &large)] {
        db.put(
            "idx",
            json!({"pk": s("p"), "sk": s(sk), "lsk": s(sk), "body": s(body)}),
        );
    }
    let fetched = db.ok("Query", json!({"TableName": "idx", "IndexName": "lsi", "KeyConditionExpression": "pk = :p",
        "ExpressionAttributeValues": {":p": s("p")}, "Select": "ALL_ATTRIBUTES", "ConsistentRead": true,
        "ReturnConsumedCapacity": "INDEXES"}));
    assert_eq!(
        fetched["ConsumedCapacity"],
        json!({"TableName": "idx", "CapacityUnits": 4.0, "Table": {"CapacityUnits": 3.0},
        "LocalSecondaryIndexes": {"lsi": {"CapacityUnits": 1.0}}})
    );
    assert_eq!(fetched["Items"][1]["body"], s(&large));
    let projected = db.ok("Query", json!({"TableName": "idx", "IndexName": "lsi", "KeyConditionExpression": "pk = :p",
        "ExpressionAttributeValues": {":p": s("p")}, "ConsistentRead": true, "ReturnConsumedCapacity": "INDEXES"}));
    assert_eq!(
        projected["ConsumedCapacity"]["Table"],
        json!({"CapacityUnits": 0.0})
    );
    assert_eq!(projected["Items"][1].get("body"), None);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn usage_is_kept_per_partition_key_so_hot_partitions_show() {
    let mut db = Db::new();
    db.simple_table("hot", true);
    db.put("hot", json!({"pk": s("before"), "sk": s("0")}));
    let call = |engine: &mut engine::Engine, operation: &str, body: Json| {
        let target = format!("DynamoDB_20120810.{operation}");
        let response = engine::api::handle(engine, &target, body.to_string().as_bytes());
        assert_eq!(response.status, 200, "{}", response.body);
    };
    let ((), journal) = db.engine_mut().with_usage_journal("hot", |engine| {
        for i in 0..10 {
            let item = json!({"pk": s("busy"), "sk": s(&i.to_string())});
            call(engine, "PutItem", json!({"TableName": "hot", "Item": item}));
        }
        let item = json!({"pk": s("quiet"), "sk": s("0")});
        call(engine, "PutItem", json!({"TableName": "hot", "Item": item}));
        call(
            engine,
            "Query",
            json!({"TableName": "hot", "KeyConditionExpression": "pk = :p",
            "ExpressionAttributeValues": {":p": s("busy")}}),
        );
    });
    let usage = |value: &str| {
        journal
            .iter()
            .find(|t| t.index.is_none() && t.partition == KeyValue::S(value.into()))
            .map(|t| (t.usage.write, t.usage.read))
    };
    assert_eq!(journal.len(), 2, "{journal:?}");
    assert_eq!(usage("busy"), Some((10.0, 0.5)));
    assert_eq!(usage("quiet"), Some((1.0, 0.0)));
    // Nothing is counted while no journal is kept.
    assert_eq!(usage("before"), None);
    let ((), afterwards) = db.engine_mut().with_usage_journal("hot", |_| ());
    assert!(afterwards.is_empty());
}
