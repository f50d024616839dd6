//! TransactWriteItems and TransactGetItems through the JSON API: all or
//! nothing, cancellation reasons in request order, capacity as DynamoDB
//! reports it for transactions, and idempotency by client token.

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

/// A shop: orders (with a GSI on status) and products with stock.
fn db() -> Db {
    let mut db = Db::new();
    db.ok(
        "CreateTable",
        json!({"TableName": "shop", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                        {"AttributeName": "status", "AttributeType": "S"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
               "GlobalSecondaryIndexes": [{"IndexName": "byStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                   "Projection": {"ProjectionType": "KEYS_ONLY"}}]}),
    );
    db.put(
        "shop",
        json!({"pk": s("PRODUCT#p1"), "sk": s("PRODUCT"), "stock": n("5")}),
    );
    db.put(
        "shop",
        json!({"pk": s("PRODUCT#p2"), "sk": s("PRODUCT"), "stock": n("1")}),
    );
    db
}

/// Placing an order: the order, its line, and the stock taken, if enough is left.
fn place_order(qty: &str) -> Json {
    json!({"TransactItems": [
        {"Put": {"TableName": "shop", "Item": {"pk": s("CUST#c1"), "sk": s("ORDER#o1"), "status": s("PENDING")},
                 "ConditionExpression": "attribute_not_exists(pk)"}},
        {"Put": {"TableName": "shop", "Item": {"pk": s("ORDER#o1"), "sk": s("ITEM#1"), "qty": n(qty)}}},
        {"Update": {"TableName": "shop", "Key": {"pk": s("PRODUCT#p1"), "sk": s("PRODUCT")},
                    "UpdateExpression": "SET stock = stock - :qty", "ConditionExpression": "stock >= :qty",
                    "ExpressionAttributeValues": {":qty": n(qty)}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"ConditionCheck": {"TableName": "shop", "Key": {"pk": s("PRODUCT#p2"), "sk": s("PRODUCT")},
                            "ConditionExpression": "attribute_exists(pk)"}}],
        "ReturnConsumedCapacity": "INDEXES"})
}

fn all(db: &mut Db) -> Json {
    db.ok("Scan", json!({"TableName": "shop"}))["Items"].clone()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_transaction_writes_everything_and_costs_double_on_the_table() {
    let mut db = db();
    let r = db.ok("TransactWriteItems", place_order("2"));
    // Three writes of small items: 3 × 2 on the table; the ConditionCheck of
    // a small item 2; the order enters the GSI: 1, not doubled.
    assert_eq!(
        r["ConsumedCapacity"],
        json!([{"TableName": "shop", "CapacityUnits": 9.0, "WriteCapacityUnits": 9.0,
                "Table": {"CapacityUnits": 8.0, "WriteCapacityUnits": 8.0},
                "GlobalSecondaryIndexes": {"byStatus": {"CapacityUnits": 1.0, "WriteCapacityUnits": 1.0}}}])
    );
    let stock = db.ok(
        "GetItem",
        json!({"TableName": "shop", "Key": {"pk": s("PRODUCT#p1"), "sk": s("PRODUCT")}}),
    );
    assert_eq!(stock["Item"]["stock"], n("3"));
    assert_eq!(all(&mut db).as_array().unwrap().len(), 4);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_failed_condition_cancels_everything_with_a_reason_per_action() {
    let mut db = db();
    let before = all(&mut db);
    let (status, body) = db.raw("TransactWriteItems", place_order("9"));
    assert_eq!(status, 400);
    assert_eq!(
        body["__type"],
        "com.amazonaws.dynamodb.v20120810#TransactionCanceledException"
    );
    assert_eq!(
        body["message"],
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed, None]"
    );
    assert_eq!(
        body["CancellationReasons"],
        json!([{"Code": "None"}, {"Code": "None"},
               {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed",
                "Item": {"pk": s("PRODUCT#p1"), "sk": s("PRODUCT"), "stock": n("5")}},
               {"Code": "None"}])
    );
    assert_eq!(all(&mut db), before, "nothing was written");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn every_failing_action_is_reported_not_only_the_first() {
    let mut db = db();
    db.ok("TransactWriteItems", place_order("2"));
    // Placing the same order again: the order exists, and stock is short.
    let (_, body) = db.raw("TransactWriteItems", place_order("4"));
    let codes: Vec<&str> = body["CancellationReasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["Code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "ConditionalCheckFailed",
            "None",
            "ConditionalCheckFailed",
            "None"
        ]
    );
    // An update that cannot be evaluated is a ValidationError reason.
    let (_, body) = db.raw(
        "TransactWriteItems",
        json!({"TransactItems": [{"Update": {"TableName": "shop", "Key": {"pk": s("PRODUCT#p1"), "sk": s("PRODUCT")},
            "UpdateExpression": "SET stock = absent + :one", "ExpressionAttributeValues": {":one": n("1")}}}]}),
    );
    assert_eq!(
        body["CancellationReasons"],
        json!([{"Code": "ValidationError", "Message": "The provided expression refers to an attribute that does not exist in the item"}])
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn request_level_problems_are_validation_errors() {
    let mut db = db();
    let put = |pk: &str| json!({"Put": {"TableName": "shop", "Item": {"pk": s(pk), "sk": s("x")}}});
    assert_eq!(
        db.validation(
            "TransactWriteItems",
            json!({"TransactItems": [put("a"), {"Delete": {"TableName": "shop", "Key": {"pk": s("a"), "sk": s("x")}}}]})
        ),
        "Transaction request cannot include multiple operations on one item"
    );
    assert_eq!(
        db.validation("TransactWriteItems", json!({"TransactItems": []})),
        "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
    let many: Vec<Json> = (0..101).map(|i| put(&format!("k{i}"))).collect();
    let too_many = db.validation("TransactWriteItems", json!({"TransactItems": many}));
    assert!(
        too_many.ends_with("]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100"),
        "{too_many}"
    );
    assert_eq!(
        db.validation("TransactWriteItems", json!({"TransactItems": [{}]})),
        "The action or operation requested is invalid. Verify that the action is typed correctly."
    );
    assert_eq!(
        db.validation(
            "TransactWriteItems",
            json!({"TransactItems": [{"ConditionCheck": {"TableName": "shop", "Key": {"pk": s("a"), "sk": s("x")}}}]})
        ),
        "1 validation error detected: Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null"
    );
    let big = json!({"Put": {"TableName": "shop", "Item": {"pk": s("big"), "sk": s("x"), "v": s(&"v".repeat(410_000))}}});
    assert_eq!(
        db.validation("TransactWriteItems", json!({"TransactItems": [big]})),
        "Item size has exceeded the maximum allowed size"
    );
    let missing = db.err(
        "TransactWriteItems",
        json!({"TransactItems": [{"Put": {"TableName": "nope", "Item": {"pk": s("a")}}}]}),
    );
    assert_eq!(missing.kind, "ResourceNotFoundException");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_client_token_makes_the_transaction_idempotent() {
    let mut db = db();
    let mut order = place_order("2");
    order["ClientRequestToken"] = json!("order-o1");
    order["ReturnConsumedCapacity"] = json!("TOTAL");
    let first = db.ok("TransactWriteItems", order.clone());
    assert_eq!(
        first["ConsumedCapacity"][0]["WriteCapacityUnits"],
        json!(9.0)
    );
    // The same request again: nothing changes, read units are reported.
    let again = db.ok("TransactWriteItems", order.clone());
    assert_eq!(
        again["ConsumedCapacity"],
        json!([{"TableName": "shop", "CapacityUnits": 4.0, "ReadCapacityUnits": 4.0}])
    );
    let stock = db.ok(
        "GetItem",
        json!({"TableName": "shop", "Key": {"pk": s("PRODUCT#p1"), "sk": s("PRODUCT")}}),
    );
    assert_eq!(stock["Item"]["stock"], n("3"), "applied once");
    // The same token for another request is refused.
    let mut other = place_order("1");
    other["ClientRequestToken"] = json!("order-o1");
    let mismatch = db.err("TransactWriteItems", other);
    assert_eq!(mismatch.kind, "IdempotentParameterMismatchException");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn transact_get_items_reads_in_order_and_costs_double() {
    let mut db = db();
    let r = db.ok(
        "TransactGetItems",
        json!({"TransactItems": [
            {"Get": {"TableName": "shop", "Key": {"pk": s("PRODUCT#p2"), "sk": s("PRODUCT")}}},
            {"Get": {"TableName": "shop", "Key": {"pk": s("PRODUCT#none"), "sk": s("PRODUCT")}}},
            {"Get": {"TableName": "shop", "Key": {"pk": s("PRODUCT#p1"), "sk": s("PRODUCT")}, "ProjectionExpression": "stock"}}],
            "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(
        r["Responses"],
        json!([{"Item": {"pk": s("PRODUCT#p2"), "sk": s("PRODUCT"), "stock": n("1")}}, {}, {"Item": {"stock": n("5")}}])
    );
    assert_eq!(
        r["ConsumedCapacity"],
        json!([{"TableName": "shop", "CapacityUnits": 6.0, "ReadCapacityUnits": 6.0}])
    );
    let (_, body) = db.raw(
        "TransactGetItems",
        json!({"TransactItems": [{"Get": {"TableName": "shop", "Key": {}}}]}),
    );
    assert_eq!(
        body["CancellationReasons"],
        json!([{"Code": "ValidationError", "Message": "The provided key element does not match the schema"}])
    );
}
