//! The engine's speed and memory on a 1,000,000-item table of ~1 KB items.
//!
//! - `query_100_of_1m`: a Query returning one 100-item partition;
//! - `partiql_select_100_of_1m`: the same read as a PartiQL SELECT
//!   (statement parsing, planning, the Query, the filter pass and the
//!   response included), to hold it within 2x the Query;
//! - `put_item_1kb`: PutItem of a new ~1 KB item (throughput);
//! - `scan_filter_1m`: a Scan with a FilterExpression paged over the whole table;
//! - memory: resident memory added by loading the table, against the summed
//!   item sizes, printed once.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use engine::Engine;
use engine::ops::{
    CreateTableRequest, ExecuteStatementRequest, ExpressionParameters, PutItemRequest,
    QueryRequest, ScanRequest,
};
use engine::types::Value;

mod common;

use common::{ITEMS, PER_PARTITION, item, resident_bytes};

fn table_request() -> CreateTableRequest {
    common::common_table("bench")
}

static LOADED: LazyLock<Mutex<Engine>> = LazyLock::new(|| {
    let before = resident_bytes();
    let mut engine = Engine::new();
    engine.create_table(table_request()).unwrap();
    let mut summed = 0;
    for i in 0..ITEMS {
        let item = item(i);
        summed += engine::types::item_size(&item);
        engine
            .put_item(PutItemRequest {
                table_name: "bench".into(),
                item,
                ..PutItemRequest::default()
            })
            .unwrap();
    }
    let added = resident_bytes().saturating_sub(before);
    eprintln!(
        "memory: {} items, {:.1} MB of items, {:.1} MB resident added, {:.2}x",
        ITEMS,
        summed as f64 / 1e6,
        added as f64 / 1e6,
        added as f64 / summed as f64
    );
    common::report(
        "memory_against_items",
        "ratio",
        &[added as f64 / summed as f64],
    );
    Mutex::new(engine)
});

fn values(pairs: &[(&str, &str)]) -> ExpressionParameters {
    ExpressionParameters {
        names: Some(BTreeMap::from([("#s".to_string(), "status".to_string())]))
            .filter(|_| pairs.iter().any(|(k, _)| *k == ":s")),
        values: Some(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), Value::s(*v)))
                .collect(),
        ),
    }
}

fn query_100_of_1m(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut partition = 0usize;
    c.bench_function("query_100_of_1m", |b| {
        b.iter(|| {
            partition = (partition + 7919) % (ITEMS / PER_PARTITION);
            let response = engine
                .query(QueryRequest {
                    table_name: "bench".into(),
                    key_condition_expression: Some("PK = :pk".into()),
                    expression: values(&[(":pk", &format!("CUST#{partition:07}"))]),
                    ..QueryRequest::default()
                })
                .unwrap();
            assert_eq!(response.count, PER_PARTITION);
            black_box(response)
        })
    });
}

fn partiql_select_100_of_1m(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut partition = 0usize;
    c.bench_function("partiql_select_100_of_1m", |b| {
        b.iter(|| {
            partition = (partition + 7919) % (ITEMS / PER_PARTITION);
            let response = engine
                .execute_statement(ExecuteStatementRequest {
                    statement: r#"SELECT * FROM "bench" WHERE PK = ?"#.into(),
                    parameters: vec![Value::s(format!("CUST#{partition:07}"))],
                    ..ExecuteStatementRequest::default()
                })
                .unwrap();
            assert_eq!(response.items.len(), PER_PARTITION);
            black_box(response)
        })
    });
}

/// PutItem of ~1 KB items (the request is built outside the timing, as a
/// decoded request hands it over): new keys into a growing table (which
/// includes the kernel handing out fresh memory), and replacing items of the
/// 1,000,000-item table.
fn put_item_1kb(c: &mut Criterion) {
    let mut group = c.benchmark_group("put_item_1kb");
    group.throughput(Throughput::Elements(1));
    let request = |i: usize| PutItemRequest {
        table_name: "bench".into(),
        item: item(i),
        ..PutItemRequest::default()
    };
    let mut fresh = Engine::new();
    fresh.create_table(table_request()).unwrap();
    let mut i = 0usize;
    group.bench_function("new_key", |b| {
        b.iter_batched(
            || {
                i += 1;
                request(i)
            },
            |r| black_box(fresh.put_item(r).unwrap()),
            BatchSize::SmallInput,
        )
    });
    drop(fresh);
    let mut engine = LOADED.lock().unwrap();
    let mut j = 0usize;
    group.bench_function("replace", |b| {
        b.iter_batched(
            || {
                j = (j + 7919) % ITEMS;
                request(j)
            },
            |r| black_box(engine.put_item(r).unwrap()),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn scan_filter_1m(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut group = c.benchmark_group("scan_filter_1m");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("scan_filter_1m", |b| {
        b.iter(|| {
            let mut start = None;
            let mut returned = 0;
            loop {
                let page = engine
                    .scan(ScanRequest {
                        table_name: "bench".into(),
                        filter_expression: Some("#s = :s".into()),
                        expression: values(&[(":s", "RETURNED")]),
                        exclusive_start_key: start.take(),
                        ..ScanRequest::default()
                    })
                    .unwrap();
                returned += page.count;
                match page.last_evaluated_key {
                    Some(key) => start = Some(key),
                    None => break,
                }
            }
            assert_eq!(returned, ITEMS / 1000);
            black_box(returned)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    query_100_of_1m,
    partiql_select_100_of_1m,
    put_item_1kb,
    scan_filter_1m
);
criterion_main!(benches);
