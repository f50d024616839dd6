//! The engine's behaviour through its JSON API, written once and run twice:
//! natively by `cargo test`, and compiled to wasm32 by wasm-bindgen-test, to
//! prove the page runs the very same engine.

use engine::Engine;
use engine::api::handle;
use serde_json::{Value as Json, json};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test;

fn call(engine: &mut Engine, operation: &str, body: Json) -> (u16, Json) {
    let response = handle(engine, operation, body.to_string().as_bytes());
    (
        response.status,
        serde_json::from_str(&response.body).unwrap(),
    )
}

fn table(engine: &mut Engine) {
    let (status, _) = call(
        engine,
        "CreateTable",
        json!({
            "TableName": "things", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]
        }),
    );
    assert_eq!(status, 200);
    for sk in ["10", "9", "-1.5", "100", "0.25"] {
        let (status, _) = call(
            engine,
            "PutItem",
            json!({"TableName": "things", "Item": {
                "pk": {"S": "p"}, "sk": {"N": sk}, "payload": {"S": "x".repeat(1000)}
            }}),
        );
        assert_eq!(status, 200);
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn number_sort_keys_come_back_in_numeric_order() {
    let mut engine = Engine::new();
    table(&mut engine);
    let (_, r) = call(
        &mut engine,
        "Query",
        json!({
            "TableName": "things", "KeyConditionExpression": "pk = :p",
            "ExpressionAttributeValues": {":p": {"S": "p"}}, "ProjectionExpression": "sk"
        }),
    );
    let order: Vec<&str> = r["Items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sk"]["N"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["-1.5", "0.25", "9", "10", "100"]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn capacity_is_summed_then_rounded_once_per_page() {
    let mut engine = Engine::new();
    table(&mut engine);
    // Five items of about 1 KB: 5,0xx bytes → 2 units strong, 1 eventual.
    let (_, strong) = call(
        &mut engine,
        "Query",
        json!({
            "TableName": "things", "KeyConditionExpression": "pk = :p", "ConsistentRead": true,
            "ExpressionAttributeValues": {":p": {"S": "p"}}, "ReturnConsumedCapacity": "TOTAL", "Select": "COUNT"
        }),
    );
    assert_eq!(strong["ConsumedCapacity"]["CapacityUnits"], json!(2.0));
    assert_eq!(strong.get("Items"), None);
    assert_eq!(strong["Count"], json!(5));
    let (_, filtered) = call(
        &mut engine,
        "Query",
        json!({
            "TableName": "things", "KeyConditionExpression": "pk = :p", "FilterExpression": "payload = :nothing",
            "ExpressionAttributeValues": {":p": {"S": "p"}, ":nothing": {"S": "?"}}, "ReturnConsumedCapacity": "TOTAL"
        }),
    );
    assert_eq!(filtered["Count"], json!(0));
    assert_eq!(filtered["ScannedCount"], json!(5));
    assert_eq!(filtered["ConsumedCapacity"]["CapacityUnits"], json!(1.0));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn errors_are_dynamodbs_in_the_browser_too() {
    let mut engine = Engine::new();
    table(&mut engine);
    let (status, r) = call(
        &mut engine,
        "Query",
        json!({
            "TableName": "things", "KeyConditionExpression": "pk = :p AND begins_with(sk, :x)",
            "ExpressionAttributeValues": {":p": {"S": "p"}, ":x": {"N": "1"}}
        }),
    );
    assert_eq!(status, 400);
    assert_eq!(
        r["__type"],
        json!("com.amazon.coral.validate#ValidationException")
    );
    assert_eq!(
        r["message"],
        json!(
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"
        )
    );
    let (status, r) = call(
        &mut engine,
        "GetItem",
        json!({"TableName": "nothing", "Key": {"pk": {"S": "p"}}}),
    );
    assert_eq!(status, 400);
    assert_eq!(r["message"], json!("Requested resource not found"));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn exact_decimal_arithmetic_survives_the_trip_to_wasm() {
    let mut engine = Engine::new();
    table(&mut engine);
    let (status, r) = call(
        &mut engine,
        "UpdateItem",
        json!({
            "TableName": "things", "Key": {"pk": {"S": "p"}, "sk": {"N": "9"}},
            "UpdateExpression": "SET amount = :a + :b", "ReturnValues": "UPDATED_NEW",
            "ExpressionAttributeValues": {":a": {"N": "0.1"}, ":b": {"N": "1E22"}}
        }),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        r["Attributes"]["amount"]["N"],
        json!("10000000000000000000000.1")
    );
}
