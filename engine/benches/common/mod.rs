//! What the benchmarks share: the ~1 KB order items they load and write.

#![allow(dead_code)]

pub mod writes;

use engine::ops::{CreateTableRequest, IndexRequest, PutItemRequest};
use engine::types::{Item, Number, Value};

/// The allocator `ddbplay serve` runs the engine with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub const ITEMS: usize = 1_000_000;
pub const PER_PARTITION: usize = 100;

/// The key of order `i`, as a request names it.
pub fn key(i: usize) -> Item {
    [("PK", partition_key(i)), ("SK", sort_key(i))]
        .into_iter()
        .collect()
}

fn partition_key(i: usize) -> Value {
    Value::s(format!("CUST#{:07}", i / PER_PARTITION))
}

fn sort_key(i: usize) -> Value {
    Value::s(format!("ORDER#2024-07-{:02}#{:06}", 1 + i % 28, i))
}

/// An order of 833 bytes by DynamoDB's count, in 100-item partitions.
pub fn item(i: usize) -> Item {
    [
        ("PK", partition_key(i)),
        ("SK", sort_key(i)),
        (
            "status",
            Value::s(if i % 1000 == 7 { "RETURNED" } else { "SHIPPED" }),
        ),
        (
            "total",
            Value::N(Number::parse(&format!("{}.{:02}", i % 997, i % 100)).unwrap()),
        ),
        ("currency", Value::s("EUR")),
        (
            "shippingAddress",
            Value::s(format!(
                "{} Long Street, Springfield, {:05}",
                i % 300,
                i % 99_999
            )),
        ),
        ("notes", Value::s("n".repeat(700))),
        ("lines", Value::N(Number::from_i64((i % 5) as i64 + 1))),
    ]
    .into_iter()
    .collect()
}

pub fn resident_bytes() -> usize {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .nth(1)
                .and_then(|p| p.parse::<usize>().ok())
        })
        .map_or(0, |pages| pages * 4096)
}

/// The same order with the commerce example's index attributes: orders
/// spread evenly over four statuses, in GSI1 by status and date; the open
/// (PENDING) quarter also in the sparse GSI2, all under one key, by date.
/// Still ~1 KB.
pub fn indexed_item(i: usize) -> Item {
    let mut item = item(i);
    let status = ["PENDING", "SHIPPED", "DELIVERED", "CANCELLED"][i % 4];
    let by_date = format!("2024-07-{:02}#{:06}", 1 + i % 28, i);
    item.insert("orderStatus", Value::s(status));
    item.insert("GSI1PK", Value::s(format!("STATUS#{status}")));
    item.insert("GSI1SK", Value::s(by_date.clone()));
    if status == "PENDING" {
        item.insert("GSI2PK", Value::s("OPEN"));
        item.insert("GSI2SK", Value::s(by_date));
    }
    item
}

/// A number attribute value.
pub fn number(n: i64) -> Value {
    Value::N(Number::from_i64(n))
}

fn index(name: &str, keys: &[(&str, &str)], projection: &str, include: &[&str]) -> IndexRequest {
    IndexRequest {
        index_name: name.into(),
        key_schema: keys
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
        projection_type: Some(Some(projection.into())),
        non_key_attributes: (!include.is_empty())
            .then(|| include.iter().map(|a| a.to_string()).collect()),
        provisioned_throughput: None,
    }
}

/// The commerce example's table shape: GSI1 overloaded by status and
/// date, projecting everything; GSI2 sparse, holding the open orders.
pub fn indexed_table(name: &str) -> CreateTableRequest {
    let definitions = ["PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"];
    CreateTableRequest {
        table_name: name.into(),
        attribute_definitions: definitions
            .iter()
            .map(|n| (n.to_string(), "S".to_string()))
            .collect(),
        key_schema: vec![("PK".into(), "HASH".into()), ("SK".into(), "RANGE".into())],
        global_secondary_indexes: Some(vec![
            index(
                "GSI1",
                &[("GSI1PK", "HASH"), ("GSI1SK", "RANGE")],
                "ALL",
                &[],
            ),
            index(
                "GSI2",
                &[("GSI2PK", "HASH"), ("GSI2SK", "RANGE")],
                "INCLUDE",
                &["orderStatus", "total"],
            ),
        ]),
        billing_mode: Some("PAY_PER_REQUEST".into()),
        ..CreateTableRequest::default()
    }
}

/// A PutItem of `item` into `table`.
pub fn put(table: &str, item: Item) -> PutItemRequest {
    PutItemRequest {
        table_name: table.into(),
        item,
        ..PutItemRequest::default()
    }
}

/// A table keyed like the orders, without indexes.
pub fn common_table(name: &str) -> CreateTableRequest {
    CreateTableRequest {
        table_name: name.into(),
        attribute_definitions: vec![("PK".into(), "S".into()), ("SK".into(), "S".into())],
        key_schema: vec![("PK".into(), "HASH".into()), ("SK".into(), "RANGE".into())],
        billing_mode: Some("PAY_PER_REQUEST".into()),
        ..CreateTableRequest::default()
    }
}

/// Reports a figure that is not criterion's own to `cargo xtask bench`:
/// one JSON line appended to the file `DDBPLAY_BENCH_OUT` names (nothing
/// when it is not set). `unit` is `ns`, `ms`, `bytes` or `ratio`.
pub fn report(id: &str, unit: &str, runs: &[f64]) {
    use std::io::Write;
    let Some(path) = std::env::var_os("DDBPLAY_BENCH_OUT") else {
        return;
    };
    let runs: Vec<String> = runs.iter().map(|r| r.to_string()).collect();
    let line = format!(
        "{{\"id\":\"{id}\",\"unit\":\"{unit}\",\"runs\":[{}]}}\n",
        runs.join(",")
    );
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut file| file.write_all(line.as_bytes()));
    if let Err(e) = written {
        eprintln!("cannot report {id} to {}: {e}", path.to_string_lossy());
    }
}
