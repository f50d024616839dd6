//! Any bytes, sent as the body of any operation, must give a response or a
//! DynamoDB error — never a panic — and leave the table whole.
#![no_main]

use engine::Engine;
use engine::api::{Operation, handle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else { return };
    let mut engine = Engine::new();
    let create = br#"{"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},
                                {"AttributeName":"g","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
        "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
                                   "Projection":{"ProjectionType":"KEYS_ONLY"}}]}"#;
    assert_eq!(handle(&mut engine, "CreateTable", create).status, 200);
    let put = br#"{"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"g":{"S":"x"},"v":{"L":[{"N":"2"}]}}}"#;
    assert_eq!(handle(&mut engine, "PutItem", put).status, 200);
    let operation = Operation::ALL[usize::from(selector) % Operation::ALL.len()];
    let response = handle(&mut engine, operation.name(), body);
    assert!(response.status == 200 || response.status == 400);
    let scan = handle(&mut engine, "Scan", br#"{"TableName":"tbl"}"#);
    assert!(scan.status == 200 || operation == Operation::DeleteTable);
});
