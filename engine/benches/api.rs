//! The JSON API's handling of a request, as `ddbplay serve` does it after
//! HTTP: the body decoded, the engine's work, the response encoded. The
//! request is the one `tests/e2e/bench_server.py` times through HTTP — a
//! Query returning 100 items of ~1 KB, 101 KB of response — so the two
//! figures tell the handler from the rest of the server's time.
//!
//! - `api/query_100_items/serde_json`: built without `fast-json`, as the
//!   page encodes;
//! - `api/put_item_1kb/…`: a PutItem of one of those items, replacing
//!   it — the request side's share: the body checked against the service
//!   model's shapes, decoded, the item written;
//! - `api/batch_write_25_items/…`: a BatchWriteItem of 25 such items
//!   (25 KB), as the server comparison's load sends them, replacing them;
//! - `api/query_100_items/sonic_rs`: built with it, as `ddbplay serve`
//!   encodes (`cargo bench -p ddbplay-engine --features fast-json --bench api`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::Engine;
use engine::api::handle;

/// The allocator `ddbplay serve` runs the engine with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const ENCODER: &str = if cfg!(feature = "fast-json") {
    "sonic_rs"
} else {
    "serde_json"
};

fn call(engine: &mut Engine, operation: &str, body: &str) -> String {
    let response = handle(
        engine,
        &format!("DynamoDB_20120810.{operation}"),
        body.as_bytes(),
    );
    assert_eq!(response.status, 200, "{}", response.body);
    response.body
}

/// The server benchmark's table: one partition of 100 items of ~1 KB.
fn loaded() -> Engine {
    let mut engine = Engine::new();
    call(
        &mut engine,
        "CreateTable",
        r#"{"TableName": "bench", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}]}"#,
    );
    let notes = "n".repeat(900);
    for i in 0..100 {
        let body = format!(
            r#"{{"TableName": "bench", "Item": {{"PK": {{"S": "CUST#1"}}, "SK": {{"S": "ORDER#{i:04}"}},
                "status": {{"S": "SHIPPED"}}, "total": {{"N": "{i}.99"}}, "notes": {{"S": "{notes}"}}}}}}"#
        );
        call(&mut engine, "PutItem", &body);
    }
    engine
}

fn query_100_items(c: &mut Criterion) {
    let mut engine = loaded();
    let query = r#"{"TableName": "bench", "KeyConditionExpression": "PK = :pk",
        "ExpressionAttributeValues": {":pk": {"S": "CUST#1"}}, "ReturnConsumedCapacity": "TOTAL"}"#;
    assert!(call(&mut engine, "Query", query).contains(r#""Count":100"#));
    c.bench_function(&format!("api/query_100_items/{ENCODER}"), |b| {
        b.iter(|| black_box(call(&mut engine, "Query", query)))
    });
}

fn put_item_1kb(c: &mut Criterion) {
    let mut engine = loaded();
    let notes = "n".repeat(900);
    let put = format!(
        r#"{{"TableName": "bench", "Item": {{"PK": {{"S": "CUST#1"}}, "SK": {{"S": "ORDER#0001"}},
            "status": {{"S": "SHIPPED"}}, "total": {{"N": "1.99"}}, "notes": {{"S": "{notes}"}}}}}}"#
    );
    c.bench_function(&format!("api/put_item_1kb/{ENCODER}"), |b| {
        b.iter(|| black_box(call(&mut engine, "PutItem", &put)))
    });
}

fn batch_write_25_items(c: &mut Criterion) {
    let mut engine = loaded();
    let notes = "n".repeat(930);
    let puts: Vec<String> = (0..25)
        .map(|i| {
            format!(
                r#"{{"PutRequest": {{"Item": {{"PK": {{"S": "CUST#1"}}, "SK": {{"S": "ORDER#{i:04}"}},
                    "status": {{"S": "PENDING"}}, "total": {{"N": "{i}.99"}}, "notes": {{"S": "{notes}"}}}}}}}}"#
            )
        })
        .collect();
    let batch = format!(r#"{{"RequestItems": {{"bench": [{}]}}}}"#, puts.join(","));
    c.bench_function(&format!("api/batch_write_25_items/{ENCODER}"), |b| {
        b.iter(|| black_box(call(&mut engine, "BatchWriteItem", &batch)))
    });
}

criterion_group!(benches, query_100_items, put_item_1kb, batch_write_25_items);
criterion_main!(benches);
