//! A Query on a global index keyed on several attributes against the same
//! Query on an index keyed on one concatenated attribute, over the same
//! 1,000,000 ~1 KB orders: `customer` (HASH) with `orderDay` and `seq` as two
//! number sort key attributes, beside `GSI1PK` / `GSI1SK` =
//! `DAY#<orderDay>#<seq>` (the synthetic key the first replaces). Each returns
//! one customer's 100 orders; both indexes project the keys only, so each
//! reads the same 100 entries. The target: the multi-attribute Query
//! within 1.5x the single-attribute one.
//!
//! - `query_100_of_1m_index/single_attribute`;
//! - `query_100_of_1m_index/multi_attribute`;
//! - `query_100_of_1m_index/multi_attribute_range`: the same partition
//!   with `orderDay = :d AND seq >= :s` on the sort key attributes (a prefix
//!   and a range, the composite bounds at work), returning its rows.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::{LazyLock, Mutex};

use criterion::{Criterion, criterion_group, criterion_main};
use engine::Engine;
use engine::ops::{
    CreateTableRequest, ExpressionParameters, IndexRequest, PutItemRequest, QueryRequest,
};
use engine::types::Value;

mod common;

use common::{ITEMS, PER_PARTITION, item, number};

fn index(name: &str, keys: &[(&str, &str)]) -> IndexRequest {
    IndexRequest {
        index_name: name.into(),
        key_schema: keys
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
        projection_type: Some(Some("KEYS_ONLY".into())),
        non_key_attributes: None,
        provisioned_throughput: None,
    }
}

fn table() -> CreateTableRequest {
    let definitions = [
        ("PK", "S"),
        ("SK", "S"),
        ("GSI1PK", "S"),
        ("GSI1SK", "S"),
        ("customer", "S"),
        ("orderDay", "N"),
        ("seq", "N"),
    ];
    CreateTableRequest {
        table_name: "orders".into(),
        attribute_definitions: definitions
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
        key_schema: vec![("PK".into(), "HASH".into()), ("SK".into(), "RANGE".into())],
        global_secondary_indexes: Some(vec![
            index("single", &[("GSI1PK", "HASH"), ("GSI1SK", "RANGE")]),
            index(
                "multi",
                &[
                    ("customer", "HASH"),
                    ("orderDay", "RANGE"),
                    ("seq", "RANGE"),
                ],
            ),
        ]),
        billing_mode: Some("PAY_PER_REQUEST".into()),
        ..CreateTableRequest::default()
    }
}

static LOADED: LazyLock<Mutex<Engine>> = LazyLock::new(|| {
    let mut engine = Engine::new();
    engine.create_table(table()).unwrap();
    for i in 0..ITEMS {
        let mut order = item(i);
        let customer = format!("c{:07}", i / PER_PARTITION);
        let (day, seq) = (1 + i % 28, i);
        order.insert("GSI1PK", Value::s(format!("CUST#{customer}")));
        order.insert("GSI1SK", Value::s(format!("DAY#{day:02}#{seq:07}")));
        order.insert("customer", Value::s(customer));
        order.insert("orderDay", number(day as i64));
        order.insert("seq", number(seq as i64));
        engine
            .put_item(PutItemRequest {
                table_name: "orders".into(),
                item: order,
                ..PutItemRequest::default()
            })
            .unwrap();
    }
    Mutex::new(engine)
});

fn values(pairs: &[(&str, Value)]) -> ExpressionParameters {
    ExpressionParameters {
        names: None,
        values: Some(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect::<BTreeMap<_, _>>(),
        ),
    }
}

fn query(engine: &mut Engine, index: &str, condition: &str, values: ExpressionParameters) -> usize {
    engine
        .query(QueryRequest {
            table_name: "orders".into(),
            index_name: Some(index.into()),
            key_condition_expression: Some(condition.into()),
            expression: values,
            ..QueryRequest::default()
        })
        .unwrap()
        .count
}

fn query_100_of_1m_index(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut group = c.benchmark_group("query_100_of_1m_index");
    let partitions = ITEMS / PER_PARTITION;
    let mut partition = 0usize;
    let mut next = move || {
        partition = (partition + 7919) % partitions;
        partition
    };
    group.bench_function("single_attribute", |b| {
        b.iter(|| {
            let customer = format!("CUST#c{:07}", next());
            let count = query(
                &mut engine,
                "single",
                "GSI1PK = :c",
                values(&[(":c", Value::s(customer))]),
            );
            assert_eq!(count, PER_PARTITION);
            black_box(count)
        })
    });
    group.bench_function("multi_attribute", |b| {
        b.iter(|| {
            let customer = format!("c{:07}", next());
            let count = query(
                &mut engine,
                "multi",
                "customer = :c",
                values(&[(":c", Value::s(customer))]),
            );
            assert_eq!(count, PER_PARTITION);
            black_box(count)
        })
    });
    group.bench_function("multi_attribute_range", |b| {
        b.iter(|| {
            let p = next();
            let customer = format!("c{p:07}");
            // Orders of day 1 are seq = 28k; from the partition's first.
            let first = p * PER_PARTITION;
            let day = 1 + first % 28;
            let count = query(
                &mut engine,
                "multi",
                "customer = :c AND orderDay = :d AND seq >= :s",
                values(&[
                    (":c", Value::s(customer)),
                    (":d", number(day as i64)),
                    (":s", number(first as i64)),
                ]),
            );
            assert!(count >= 3, "{count}");
            black_box(count)
        })
    });
    group.finish();
}

criterion_group!(benches, query_100_of_1m_index);
criterion_main!(benches);
