//! The write path on the commerce example's table shape: a 1,000,000-item
//! table of ~1 KB orders with its two global indexes (GSI1 overloaded by
//! status and date, projecting everything; GSI2 sparse, holding the open
//! quarter of the orders under one key) — and the read and write benchmarks of `engine.rs` again on it.
//!
//! - `indexed/query_100_of_1m`, `indexed/put_item_1kb/{new_key,replace}`:
//!   the index-free benchmarks on the indexed table (`replace` changes an
//!   attribute of the order it replaces);
//! - `indexed/update_item_set_one_attribute`: UpdateItem `SET` of one
//!   attribute of a ~1 KB item (the change reaches GSI1, which projects it);
//! - `indexed/batch_write_25`: a BatchWriteItem of 25 ~1 KB puts replacing
//!   orders, each with an attribute changed;
//! - `indexed/transact_write_10`: a TransactWriteItems of 10 actions — four
//!   puts (each changing an order), four conditional updates, a conditional delete of an order that
//!   is put back afterwards outside the timing, and a ConditionCheck;
//! - `stream/put_item_1kb_indexed/{no_stream,new_and_old_images}`: PutItem
//!   replacing orders of the commerce table before and after its stream is
//!   turned on, for what appending the record costs;
//! - `stream/put_item_1kb_small/…`: the same on a 10,000-item table without
//!   indexes, where a PutItem costs least and the record's share is largest;
//! - `stream/cpu_all_threads/…`: the first pair again, counting the
//!   processor time of every thread (the records that leave the stream are
//!   freed on a thread of their own).
//!
//! Requests are built outside the timing, as a decoded request is handed
//! over.

mod common;

use std::hint::black_box;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use common::writes::{Walk, changed_order, set_stream, ten_actions, values};
use common::{
    ITEMS, PER_PARTITION, common_table, indexed_item, indexed_table, item, key, number, put,
};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use engine::Engine;
use engine::ops::{
    BatchWriteItemRequest, QueryRequest, StreamSpecification, UpdateItemRequest, WriteRequest,
};
use engine::types::Value;

static LOADED: LazyLock<Mutex<Engine>> = LazyLock::new(|| {
    let mut engine = Engine::new();
    engine.create_table(indexed_table("orders")).unwrap();
    for i in 0..ITEMS {
        engine.put_item(put("orders", indexed_item(i))).unwrap();
    }
    Mutex::new(engine)
});

fn query_100_of_1m(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut partition = 0usize;
    c.bench_function("indexed/query_100_of_1m", |b| {
        b.iter(|| {
            partition = (partition + 7919) % (ITEMS / PER_PARTITION);
            let response = engine
                .query(QueryRequest {
                    table_name: "orders".into(),
                    key_condition_expression: Some("PK = :pk".into()),
                    expression: values(vec![(":pk", Value::s(format!("CUST#{partition:07}")))]),
                    ..QueryRequest::default()
                })
                .unwrap();
            assert_eq!(response.count, PER_PARTITION);
            black_box(response)
        })
    });
}

fn put_item_1kb(c: &mut Criterion) {
    let mut group = c.benchmark_group("indexed/put_item_1kb");
    group.throughput(Throughput::Elements(1));
    let mut fresh = Engine::new();
    fresh.create_table(indexed_table("fresh")).unwrap();
    let mut i = 0usize;
    group.bench_function("new_key", |b| {
        b.iter_batched(
            || {
                i += 1;
                put("fresh", indexed_item(i))
            },
            |r| black_box(fresh.put_item(r).unwrap()),
            BatchSize::SmallInput,
        )
    });
    drop(fresh);
    let mut engine = LOADED.lock().unwrap();
    let mut walk = Walk::from(0);
    let mut n = 0i64;
    group.bench_function("replace", |b| {
        b.iter_batched(
            || {
                n += 1;
                put("orders", changed_order(walk.next(), n))
            },
            |r| black_box(engine.put_item(r).unwrap()),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn update_item_set_one_attribute(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut group = c.benchmark_group("indexed");
    group.throughput(Throughput::Elements(1));
    let mut walk = Walk::from(3);
    let mut n = 0i64;
    group.bench_function("update_item_set_one_attribute", |b| {
        b.iter_batched(
            || {
                n += 1;
                UpdateItemRequest {
                    table_name: "orders".into(),
                    key: key(walk.next()),
                    update_expression: Some("SET #l = :n".into()),
                    expression: values(vec![(":n", number(n))]),
                    ..UpdateItemRequest::default()
                }
            },
            |r| black_box(engine.update_item(r).unwrap()),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn batch_write_25(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut group = c.benchmark_group("indexed");
    group.throughput(Throughput::Elements(1));
    let mut walk = Walk::from(5);
    let mut n = 0i64;
    group.bench_function("batch_write_25", |b| {
        b.iter_batched(
            || {
                let mut picked: Vec<usize> = (0..25).map(|_| walk.next()).collect();
                picked.sort_unstable();
                picked.dedup();
                BatchWriteItemRequest {
                    request_items: vec![(
                        "orders".into(),
                        picked
                            .into_iter()
                            .map(|i| {
                                n += 1;
                                WriteRequest::Put(changed_order(i, n))
                            })
                            .collect(),
                    )],
                }
            },
            |r| black_box(engine.batch_write_item(r).unwrap()),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn transact_write_10(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut group = c.benchmark_group("indexed");
    group.throughput(Throughput::Elements(1));
    let mut walk = Walk::from(11);
    let mut n = 0i64;
    group.bench_function("transact_write_10", |b| {
        b.iter_custom(|iterations| {
            let mut timed = Duration::ZERO;
            for _ in 0..iterations {
                let (request, deleted) = ten_actions(&mut walk, &mut n);
                let started = Instant::now();
                black_box(engine.transact_write_items(request).unwrap());
                timed += started.elapsed();
                // Put back the order the transaction deleted, untimed.
                engine
                    .put_item(put("orders", indexed_item(deleted)))
                    .unwrap();
            }
            timed
        })
    });
    group.finish();
}

/// Orders the small-table stream benchmark rewrites, over and over.
const STREAM_ITEMS: usize = 10_000;

/// PutItem replacing orders of the commerce table, before and after its
/// stream is turned on (NEW_AND_OLD_IMAGES), the clock one second later
/// each time so that the stream keeps a steady day of records.
fn stream_append_indexed(c: &mut Criterion) {
    let mut engine = LOADED.lock().unwrap();
    let mut group = c.benchmark_group("stream/put_item_1kb_indexed");
    group.throughput(Throughput::Elements(1));
    let mut walk = Walk::from(17);
    let mut clock = 0.0;
    for (label, stream) in [("no_stream", false), ("new_and_old_images", true)] {
        if stream {
            set_stream(&mut engine, true);
        }
        group.bench_function(label, |b| {
            b.iter_custom(|iterations| {
                let mut timed = Duration::ZERO;
                for _ in 0..iterations {
                    let i = walk.next();
                    let mut changed = indexed_item(i);
                    changed.insert("lines", number(clock as i64));
                    let request = put("orders", changed);
                    clock += 1.0;
                    engine.set_clock(clock);
                    let started = Instant::now();
                    black_box(engine.put_item(request).unwrap());
                    timed += started.elapsed();
                }
                timed
            })
        });
    }
    set_stream(&mut engine, false);
    group.finish();
}

/// PutItem replacing one of 10,000 orders with a changed copy (a MODIFY
/// record carrying both images), the engine's clock one second later each
/// time so that the stream keeps a steady day of records, as DynamoDB does.
fn stream_append(c: &mut Criterion) {
    let mut group = c.benchmark_group("stream/put_item_1kb_small");
    group.throughput(Throughput::Elements(1));
    for (label, stream) in [("no_stream", false), ("new_and_old_images", true)] {
        let mut engine = Engine::new();
        let mut request = common_table("events");
        if stream {
            request.stream_specification = Some(StreamSpecification {
                enabled: true,
                view_type: Some("NEW_AND_OLD_IMAGES".into()),
            });
        }
        engine.create_table(request).unwrap();
        for i in 0..STREAM_ITEMS {
            engine.put_item(put("events", item(i))).unwrap();
        }
        let mut round = 0usize;
        group.bench_function(label, |b| {
            b.iter_custom(|iterations| {
                let mut timed = Duration::ZERO;
                for _ in 0..iterations {
                    round += 1;
                    let mut changed = item(round % STREAM_ITEMS);
                    changed.insert("lines", number(round as i64));
                    let request = put("events", changed);
                    engine.set_clock(round as f64);
                    let started = Instant::now();
                    black_box(engine.put_item(request).unwrap());
                    timed += started.elapsed();
                }
                timed
            })
        });
    }
    group.finish();
}

/// What a stream adds to a PutItem replacing an order of the commerce
/// table, counted as the processor time of every thread of the process:
/// the records that leave the stream are freed on a thread of their own,
/// which the criterion benchmarks above (the writer's time only) do not
/// see. Each round builds 200,000 changed orders a thousand at a time and
/// writes them, the clock one second later each time; its figure is the
/// process's processor time over the round, less the time spent building
/// the requests, per write. Five rounds without the stream, then five
/// with it, after a day of records (87,000 writes, a second apart) has filled it, so that
/// every write lets an old record go. Reported to `cargo xtask bench` as
/// `stream/cpu_all_threads/{no_stream,new_and_old_images}`; not criterion's,
/// so a criterion filter does not skip it.
fn stream_cpu_all_threads(_: &mut Criterion) {
    const WRITES: usize = 200_000;
    const CHUNK: usize = 1_000;
    const ROUNDS: usize = 5;
    let mut engine = LOADED.lock().unwrap();
    let mut walk = Walk::from(29);
    // Past every clock the other benchmarks set: this one runs last.
    let mut clock = 1e9;
    let mut write = |engine: &mut Engine, writes: usize| -> f64 {
        let (process_before, mut building) = (process_cpu_nanos(), 0u64);
        for _ in 0..writes / CHUNK {
            let built_from = thread_cpu_nanos();
            let requests: Vec<_> = (0..CHUNK)
                .map(|_| put("orders", changed_order(walk.next(), clock as i64)))
                .collect();
            building += thread_cpu_nanos() - built_from;
            for request in requests {
                clock += 1.0;
                engine.set_clock(clock);
                black_box(engine.put_item(request).unwrap());
            }
        }
        (process_cpu_nanos() - process_before - building) as f64 / writes as f64
    };
    let without: Vec<f64> = (0..ROUNDS).map(|_| write(&mut engine, WRITES)).collect();
    set_stream(&mut engine, true);
    write(&mut engine, 87_000);
    let with: Vec<f64> = (0..ROUNDS).map(|_| write(&mut engine, WRITES)).collect();
    set_stream(&mut engine, false);
    eprintln!(
        "stream/cpu_all_threads: {without:.0?} ns a write without a stream, {with:.0?} with one"
    );
    common::report("stream/cpu_all_threads/no_stream", "ns", &without);
    common::report("stream/cpu_all_threads/new_and_old_images", "ns", &with);
}

/// Processor time of every thread of this process, in nanoseconds (the
/// first field of each thread's `schedstat`).
fn process_cpu_nanos() -> u64 {
    std::fs::read_dir("/proc/self/task")
        .map(|tasks| {
            tasks
                .flatten()
                .map(|task| schedstat_nanos(&task.path().join("schedstat")))
                .sum()
        })
        .unwrap_or(0)
}

/// Processor time of the calling thread, in nanoseconds.
fn thread_cpu_nanos() -> u64 {
    schedstat_nanos(std::path::Path::new("/proc/thread-self/schedstat"))
}

fn schedstat_nanos(path: &std::path::Path) -> u64 {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

criterion_group!(
    benches,
    stream_append,
    stream_append_indexed,
    query_100_of_1m,
    put_item_1kb,
    update_item_set_one_attribute,
    batch_write_25,
    transact_write_10,
    stream_cpu_all_threads
);
criterion_main!(benches);
