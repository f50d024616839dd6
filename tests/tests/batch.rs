//! BatchGetItem and BatchWriteItem through the JSON API: what they read and
//! write, what they cost (one ConsumedCapacity entry per table), and
//! DynamoDB's messages for every request it refuses.

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

fn db() -> Db {
    let mut db = Db::new();
    db.simple_table("orders", true);
    db.simple_table("users", false);
    db.put(
        "orders",
        json!({"pk": s("o1"), "sk": s("a"), "big": s(&"x".repeat(4090))}),
    );
    db.put("orders", json!({"pk": s("o1"), "sk": s("b"), "v": n("1")}));
    db.put("users", json!({"pk": s("u1"), "name": s("Ada")}));
    db
}

fn keys(pairs: &[(&str, &str)]) -> Vec<Json> {
    pairs
        .iter()
        .map(|(pk, sk)| json!({"pk": s(pk), "sk": s(sk)}))
        .collect()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_get_item_reads_from_several_tables_and_charges_every_key() {
    let mut db = db();
    let r = db.ok(
        "BatchGetItem",
        json!({"RequestItems": {
            "orders": {"Keys": keys(&[("o1", "a"), ("o1", "b"), ("o1", "missing")]), "ProjectionExpression": "sk"},
            "users": {"Keys": [{"pk": s("u1")}], "ConsistentRead": true}},
            "ReturnConsumedCapacity": "TOTAL"}),
    );
    let mut skus: Vec<&str> = r["Responses"]["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sk"]["S"].as_str().unwrap())
        .collect();
    skus.sort();
    assert_eq!(skus, ["a", "b"]);
    assert_eq!(r["Responses"]["orders"][0], json!({"sk": s("a")}));
    assert_eq!(
        r["Responses"]["users"],
        json!([{"pk": s("u1"), "name": s("Ada")}])
    );
    assert_eq!(r["UnprocessedKeys"], json!({}));
    // Each key is rounded on its own, a missing one too, and the projection
    // does not lower the charge: a 4 KB+ item, a small one, a missing one,
    // eventually consistent: 1 + 0.5 + 0.5 (the spec's example, §4.2).
    assert_eq!(
        r["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 2.0}, {"TableName": "users", "CapacityUnits": 1.0}])
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_get_item_refuses_duplicates_too_many_keys_and_missing_tables() {
    let mut db = db();
    let duplicate = keys(&[("o1", "a"), ("o1", "a")]);
    assert_eq!(
        db.validation(
            "BatchGetItem",
            json!({"RequestItems": {"orders": {"Keys": duplicate}}})
        ),
        "Provided list of item keys contains duplicates"
    );
    let many: Vec<Json> = (0..101)
        .map(|i| json!({"pk": s(&i.to_string()), "sk": s("x")}))
        .collect();
    assert_eq!(
        db.validation(
            "BatchGetItem",
            json!({"RequestItems": {"orders": {"Keys": many}}})
        ),
        "1 validation error detected: Value at 'RequestItems.orders.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100"
    );
    let sixty: Vec<Json> = (0..60)
        .map(|i| json!({"pk": s(&i.to_string()), "sk": s("x")}))
        .collect();
    let sixty_users: Vec<Json> = (0..60).map(|i| json!({"pk": s(&i.to_string())})).collect();
    assert_eq!(
        db.validation(
            "BatchGetItem",
            json!({"RequestItems": {"orders": {"Keys": sixty}, "users": {"Keys": sixty_users}}})
        ),
        "Too many items requested for the BatchGetItem call"
    );
    assert_eq!(
        db.validation("BatchGetItem", json!({"RequestItems": {}})),
        "1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
    assert_eq!(
        db.validation("BatchGetItem", json!({})),
        "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null"
    );
    let missing = db.err(
        "BatchGetItem",
        json!({"RequestItems": {"nope": {"Keys": [{"pk": s("x")}]}}}),
    );
    assert_eq!(
        (missing.kind.as_str(), missing.message.as_str()),
        ("ResourceNotFoundException", "Requested resource not found")
    );
    assert_eq!(
        db.validation(
            "BatchGetItem",
            json!({"RequestItems": {"orders": {"Keys": [{"pk": s("o1")}]}}})
        ),
        "The provided key element does not match the schema"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_get_item_leaves_what_passes_sixteen_megabytes_unprocessed() {
    let mut db = Db::new();
    db.simple_table("blobs", false);
    // 45 items of ~400 KB: about 17.6 MB in all.
    let big = "b".repeat(399_000);
    for i in 0..45 {
        db.put(
            "blobs",
            json!({"pk": s(&format!("k{i:02}")), "data": s(&big)}),
        );
    }
    let all: Vec<Json> = (0..45)
        .map(|i| json!({"pk": s(&format!("k{i:02}"))}))
        .collect();
    let r = db.ok(
        "BatchGetItem",
        json!({"RequestItems": {"blobs": {"Keys": all, "ConsistentRead": true}}, "ReturnConsumedCapacity": "TOTAL"}),
    );
    let returned = r["Responses"]["blobs"].as_array().unwrap().len();
    let left = r["UnprocessedKeys"]["blobs"]["Keys"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(returned + left, 45);
    assert!(returned == 42, "{returned} items returned");
    assert_eq!(r["UnprocessedKeys"]["blobs"]["ConsistentRead"], json!(true));
    // Only what was read is charged: 98 units per ~400 KB item.
    assert_eq!(
        r["ConsumedCapacity"][0]["CapacityUnits"],
        json!(42.0 * 98.0)
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_write_item_puts_and_deletes_over_tables_and_charges_per_request() {
    let mut db = db();
    let r = db.ok(
        "BatchWriteItem",
        json!({"RequestItems": {
            "orders": [
                {"PutRequest": {"Item": {"pk": s("o2"), "sk": s("a"), "text": s(&"t".repeat(3500))}}},
                {"PutRequest": {"Item": {"pk": s("o2"), "sk": s("b")}}},
                {"DeleteRequest": {"Key": {"pk": s("o1"), "sk": s("a")}}}],
            "users": [{"DeleteRequest": {"Key": {"pk": s("nobody")}}}]},
            "ReturnConsumedCapacity": "INDEXES"}),
    );
    assert_eq!(r["UnprocessedItems"], json!({}));
    // 3.5 KB → 4, a tiny put → 1, deleting a 4 KB item → 5; a missing item → 1.
    assert_eq!(
        r["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 10.0, "Table": {"CapacityUnits": 10.0}},
               {"TableName": "users", "CapacityUnits": 1.0, "Table": {"CapacityUnits": 1.0}}])
    );
    let left = db.ok(
        "Query",
        json!({"TableName": "orders", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": s("o1")}}),
    );
    assert_eq!(left["Count"], json!(1));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_batch_write_dynamodb_refuses_writes_nothing() {
    let mut db = db();
    let before = db.ok("Scan", json!({"TableName": "orders"}));
    // The second request is refused: the first is not written either.
    let refused = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": [
            {"PutRequest": {"Item": {"pk": s("new"), "sk": s("a")}}},
            {"PutRequest": {"Item": {"pk": s("new")}}}]}}),
    );
    assert_eq!(
        refused,
        "The provided key element does not match the schema"
    );
    assert_eq!(db.ok("Scan", json!({"TableName": "orders"})), before);
    let duplicate = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": [
            {"PutRequest": {"Item": {"pk": s("o1"), "sk": s("a")}}},
            {"DeleteRequest": {"Key": {"pk": s("o1"), "sk": s("a")}}}]}}),
    );
    assert_eq!(duplicate, "Provided list of item keys contains duplicates");
    let too_big = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": [
            {"PutRequest": {"Item": {"pk": s("o1"), "sk": s("z"), "v": s(&"v".repeat(410_000))}}}]}}),
    );
    assert_eq!(too_big, "Item size has exceeded the maximum allowed size");
    let missing = db.err(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": [{"PutRequest": {"Item": {"pk": s("x"), "sk": s("y")}}}],
                                "nope": [{"PutRequest": {"Item": {"pk": s("x")}}}]}}),
    );
    assert_eq!(missing.kind, "ResourceNotFoundException");
    assert_eq!(db.ok("Scan", json!({"TableName": "orders"})), before);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_write_item_counts_requests_as_dynamodb_does() {
    let mut db = db();
    let puts = |n: usize, table: &str| -> Vec<Json> {
        (0..n)
            .map(|i| json!({"PutRequest": {"Item": {"pk": s(&format!("{table}{i}")), "sk": s("x")}}}))
            .collect()
    };
    let too_many = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": puts(26, "o")}}),
    );
    assert!(
        too_many.starts_with("1 validation error detected: Value '{orders=[com.amazonaws.dynamodb.v20120810.WriteRequest@"),
        "{too_many}"
    );
    assert!(
        too_many.ends_with("]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]"),
        "{too_many}"
    );
    let empty = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"a": []}, "ReturnConsumedCapacity": "hi"}),
    );
    assert!(
        empty.starts_with("3 validation errors detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value '{a=[]}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint:"),
        "{empty}"
    );
    let across = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": puts(20, "o")[..].to_vec(), "users": (0..6).map(|i| json!({"PutRequest": {"Item": {"pk": s(&format!("u{i}"))}}})).collect::<Vec<_>>()}}),
    );
    assert_eq!(
        across,
        "Too many items requested for the BatchWriteItem call"
    );
    let bad_metrics = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {"orders": puts(1, "o")}, "ReturnItemCollectionMetrics": "ALL"}),
    );
    assert_eq!(
        bad_metrics,
        "1 validation error detected: Value 'ALL' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_writes_report_item_collections_on_tables_with_a_local_index() {
    let mut db = Db::new();
    db.ok(
        "CreateTable",
        json!({"TableName": "threads", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                        {"AttributeName": "at", "AttributeType": "N"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
               "LocalSecondaryIndexes": [{"IndexName": "byTime", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "at", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]}),
    );
    let r = db.ok(
        "BatchWriteItem",
        json!({"RequestItems": {"threads": [
            {"PutRequest": {"Item": {"pk": s("t1"), "sk": s("a"), "at": n("1")}}},
            {"PutRequest": {"Item": {"pk": s("t1"), "sk": s("b"), "at": n("2")}}}]},
            "ReturnItemCollectionMetrics": "SIZE", "ReturnConsumedCapacity": "INDEXES"}),
    );
    assert_eq!(
        r["ItemCollectionMetrics"]["threads"][1],
        json!({"ItemCollectionKey": {"pk": s("t1")}, "SizeEstimateRangeGB": [0.0, 1.0]})
    );
    assert_eq!(
        r["ConsumedCapacity"],
        json!([{"TableName": "threads", "CapacityUnits": 4.0, "Table": {"CapacityUnits": 2.0},
                "LocalSecondaryIndexes": {"byTime": {"CapacityUnits": 2.0}}}])
    );
}

/// A table with a local index, whose item collections the engine limits
/// to `limit` bytes instead of DynamoDB's 10 GB.
fn limited(limit: u64) -> Db {
    let mut db = Db::with_engine(engine::Engine::with_item_collection_limit(limit));
    db.ok(
        "CreateTable",
        json!({"TableName": "threads", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                        {"AttributeName": "at", "AttributeType": "N"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
               "LocalSecondaryIndexes": [{"IndexName": "byTime", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "at", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]}),
    );
    db
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_write_past_the_item_collection_limit_is_refused_everywhere() {
    // Each item is about 1 KB, twice over with its local index entry.
    let mut db = limited(5_000);
    let item = |sk: &str, at: &str| json!({"pk": s("t1"), "sk": s(sk), "at": n(at), "body": s(&"b".repeat(1000))});
    db.put("threads", item("a", "1"));
    db.put("threads", item("b", "2"));
    let r = db.ok(
        "PutItem",
        json!({"TableName": "threads", "Item": {"pk": s("t2"), "sk": s("a"), "at": n("1")}, "ReturnItemCollectionMetrics": "SIZE"}),
    );
    assert_eq!(
        r["ItemCollectionMetrics"],
        json!({"ItemCollectionKey": {"pk": s("t2")}, "SizeEstimateRangeGB": [0.0, 1.0]})
    );
    let refused = db.err(
        "PutItem",
        json!({"TableName": "threads", "Item": item("c", "3")}),
    );
    assert_eq!(
        (refused.kind.as_str(), refused.message.as_str()),
        (
            "ItemCollectionSizeLimitExceededException",
            "Collection size exceeded."
        )
    );
    // Replacing an item with one no larger is still allowed.
    db.put("threads", item("a", "5"));
    let batch = db.err(
        "BatchWriteItem",
        json!({"RequestItems": {"threads": [{"PutRequest": {"Item": item("c", "3")}}]}}),
    );
    assert_eq!(batch.kind, "ItemCollectionSizeLimitExceededException");
    let (_, body) = db.raw(
        "TransactWriteItems",
        json!({"TransactItems": [{"Put": {"TableName": "threads", "Item": item("c", "3")}}]}),
    );
    assert_eq!(
        body["CancellationReasons"],
        json!([{"Code": "ItemCollectionSizeLimitExceeded", "Message": "Collection size exceeded."}])
    );
}
