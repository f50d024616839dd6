//! What a durable write costs, by the way it could be kept — the choice
//! behind `ddbplay serve --data`'s log (see `cli/src/serve/data/mod.rs`).
//!
//! Each case is one acknowledged PutItem of about 1 KB, on this machine's
//! disk (a directory under `target/`), against the engine's in-memory
//! apply of the same request:
//! - `engine_in_memory`: the engine applying the PutItem, nothing kept;
//! - `log_sync_each`: the log's record (length, CRC32, clock, operation,
//!   body) appended and `fdatasync`ed — `--sync always`, or `batch` with
//!   one client;
//! - `redb_commit_each`: the same record inserted into redb, an embedded
//!   store made for this, and committed with `Durability::Immediate`;
//! - `log_sync_per_8` and `redb_commit_per_8`: eight writes per sync or
//!   commit — a group commit with eight clients (throughput per write).
//!
//! Run it with `cargo bench -p ddbplay --bench durable_write` (or `cargo
//! xtask bench`).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use redb::{Database, Durability, TableDefinition};

const LOG: TableDefinition<u64, &[u8]> = TableDefinition::new("log");

fn put_item(n: u64) -> Vec<u8> {
    format!(
        r#"{{"TableName":"bench","Item":{{"PK":{{"S":"customer#{}"}},"SK":{{"S":"order#{n:08}"}},"total":{{"N":"{n}.25"}},"body":{{"S":"{}"}}}}}}"#,
        n / 10,
        "x".repeat(900)
    )
    .into_bytes()
}

/// A log record as the server writes it.
fn record(n: u64) -> Vec<u8> {
    let body = put_item(n);
    let mut payload = vec![1u8];
    payload.extend_from_slice(&1_700_000_000.0f64.to_le_bytes());
    payload.extend_from_slice(&7u16.to_le_bytes());
    payload.extend_from_slice(b"PutItem");
    payload.extend_from_slice(&body);
    let mut out = Vec::with_capacity(payload.len() + 8);
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../target/bench-durable")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn durable_write(c: &mut Criterion) {
    let mut group = c.benchmark_group("durable_write");
    group.sample_size(30);

    let mut engine = engine::Engine::new();
    let create = br#"{"TableName":"bench","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]}"#;
    assert_eq!(
        engine::api::handle(&mut engine, "CreateTable", create).status,
        200
    );
    let mut n = 0;
    group.throughput(Throughput::Elements(1));
    group.bench_function("engine_in_memory", |b| {
        b.iter(|| {
            n += 1;
            engine::api::handle(&mut engine, "PutItem", &put_item(n))
        })
    });

    let dir = scratch("log");
    let mut log: File = OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("log"))
        .unwrap();
    let mut n = 0;
    group.bench_function("log_sync_each", |b| {
        b.iter(|| {
            n += 1;
            log.write_all(&record(n)).unwrap();
            log.sync_data().unwrap();
        })
    });

    let dir = scratch("redb");
    let db = Database::create(dir.join("log.redb")).unwrap();
    let commit = |first: u64, count: u64| {
        let mut txn = db.begin_write().unwrap();
        txn.set_durability(Durability::Immediate).unwrap();
        {
            let mut table = txn.open_table(LOG).unwrap();
            for n in first..first + count {
                table.insert(n, record(n).as_slice()).unwrap();
            }
        }
        txn.commit().unwrap();
    };
    let mut n = 0;
    group.bench_function("redb_commit_each", |b| {
        b.iter(|| {
            n += 1;
            commit(n, 1)
        })
    });

    group.throughput(Throughput::Elements(8));
    let mut n = 0;
    group.bench_function("log_sync_per_8", |b| {
        b.iter(|| {
            let mut bytes = Vec::new();
            for _ in 0..8 {
                n += 1;
                bytes.extend(record(n));
            }
            log.write_all(&bytes).unwrap();
            log.sync_data().unwrap();
        })
    });
    let mut n = 1 << 32;
    group.bench_function("redb_commit_per_8", |b| {
        b.iter(|| {
            commit(n, 8);
            n += 8;
        })
    });
    group.finish();
}

criterion_group!(benches, durable_write);
criterion_main!(benches);
