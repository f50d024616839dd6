//! One kind of write in a loop on the benchmarks' commerce-shaped table,
//! for a profiler: criterion's timing loop interleaves building requests
//! with running them, which a sampling profiler cannot tell apart. This
//! builds a chunk of requests, then times only their writes.
//!
//! ```sh
//! cargo build --release -p ddbplay-engine --example write_loop
//! target/release/examples/write_loop update      # or put, batch, transact
//! perf record -g -D 10000 target/release/examples/write_loop put
//! ```
//!
//! `ITEMS=10000` loads a table that fits in the processor's cache, which
//! separates the cost of computing from the cost of reaching memory.
//! `STREAM=1` turns the table's stream on (NEW_AND_OLD_IMAGES) after
//! loading it, the engine's clock a second later at every write, as the
//! stream benchmarks do: the stream keeps a steady day of records, and the
//! processor time of the thread that frees those leaving it is reported.

#[path = "../benches/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::writes::{Walk, set_stream, ten_actions};
use common::{indexed_item, indexed_table, key, number, put};
use engine::Engine;
use engine::ops::{
    BatchWriteItemRequest, ExpressionParameters, PutItemRequest, TransactWriteItemsRequest,
    UpdateItemRequest, WriteRequest,
};

/// Writes per round, built and run a chunk at a time, and rounds.
const WRITES: usize = 100_000;
const CHUNK: usize = 250;
const ROUNDS: usize = 7;

enum Write {
    Update(UpdateItemRequest),
    Put(PutItemRequest),
    /// The transaction and the order it deletes, put back untimed.
    Transact(TransactWriteItemsRequest, usize),
}

fn request(kind: &str, walk: &mut Walk, n: &mut i64) -> Write {
    let at = if kind == "transact" { 0 } else { walk.next() };
    match kind {
        "transact" => {
            let (request, deleted) = ten_actions(walk, n);
            Write::Transact(request, deleted)
        }
        "update" => Write::Update(UpdateItemRequest {
            table_name: "orders".into(),
            key: key(at),
            update_expression: Some("SET #l = :n".into()),
            expression: ExpressionParameters {
                names: Some(BTreeMap::from([("#l".into(), "lines".into())])),
                values: Some(BTreeMap::from([(":n".into(), number(*n))])),
            },
            ..UpdateItemRequest::default()
        }),
        _ => {
            let mut item = indexed_item(at);
            item.insert("lines", number(*n));
            Write::Put(put("orders", item))
        }
    }
}

fn main() {
    let kind = std::env::args().nth(1).unwrap_or_else(|| "update".into());
    let items = std::env::var("ITEMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(common::ITEMS);
    let mut engine = Engine::new();
    engine.create_table(indexed_table("orders")).unwrap();
    for i in 0..items {
        engine.put_item(put("orders", indexed_item(i))).unwrap();
    }
    let stream = std::env::var_os("STREAM").is_some();
    if stream {
        set_stream(&mut engine, true);
    }
    let mut clock = 0.0;
    let (mut walk, mut n) = (Walk::over(3, items), 0i64);
    let mut times = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let mut timed = Duration::ZERO;
        // A transaction is ten writes: a tenth as many, for as many bytes.
        let (chunk, chunks) = match kind.as_str() {
            "transact" => (CHUNK / 10, WRITES / CHUNK / 10),
            _ => (CHUNK, WRITES / CHUNK),
        };
        for _ in 0..chunks {
            // Built just before they run, as a server decodes a request
            // just before handing it over: the requests are in cache.
            let writes: Vec<Write> = (0..chunk)
                .map(|_| {
                    n += 1;
                    request(&kind, &mut walk, &mut n)
                })
                .collect();
            let started = Instant::now();
            let mut batch = Vec::with_capacity(25);
            let mut putting_back = Vec::new();
            for write in writes {
                if stream {
                    clock += 1.0;
                    engine.set_clock(clock);
                }
                match write {
                    Write::Update(request) => drop(engine.update_item(request).unwrap()),
                    Write::Put(request) if kind == "batch" => {
                        batch.push(WriteRequest::Put(request.item));
                        if batch.len() == 25 {
                            let items = vec![("orders".to_string(), std::mem::take(&mut batch))];
                            let request = BatchWriteItemRequest {
                                request_items: items,
                            };
                            drop(engine.batch_write_item(request).unwrap());
                        }
                    }
                    Write::Put(request) => drop(engine.put_item(request).unwrap()),
                    Write::Transact(request, deleted) => {
                        drop(engine.transact_write_items(request).unwrap());
                        putting_back.push(deleted);
                    }
                }
            }
            timed += started.elapsed();
            for deleted in putting_back.drain(..) {
                engine
                    .put_item(put("orders", indexed_item(deleted)))
                    .unwrap();
            }
        }
        times.push(timed.as_secs_f64() * 1e6 / (chunk * chunks) as f64);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{kind} on {items} items: {:.2} µs {} (median of {ROUNDS} rounds; {:.2} to {:.2})",
        times[ROUNDS / 2],
        if kind == "transact" {
            "a transaction of ten actions"
        } else {
            "a write"
        },
        times[0],
        times[ROUNDS - 1]
    );
    if let Some(seconds) = other_threads_cpu_seconds() {
        let writes = (ROUNDS * WRITES) as f64;
        println!(
            "other threads: {seconds:.2} s of CPU, {:.2} µs a write (a stream's records are freed on one)",
            seconds * 1e6 / writes
        );
    }
    // The table is dropped with the process: freeing a million items
    // would only add to a profile.
    std::process::exit(0);
}

/// The processor time the process's threads other than this one have
/// used, from Linux's `/proc` (in clock ticks of a hundredth of a second);
/// `None` elsewhere.
fn other_threads_cpu_seconds() -> Option<f64> {
    let own = std::fs::read_link("/proc/thread-self").ok()?;
    let own = own.file_name()?.to_os_string();
    let mut ticks = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        if task.file_name() == own {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).ok()?;
        // After the command's name in brackets: utime and stime are the
        // 12th and 13th fields.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        ticks += fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    }
    Some(ticks as f64 / 100.0)
}
