//! One kind of write in a loop on the benchmarks' commerce-shaped table,
//! for a profiler: criterion's timing loop interleaves building requests
//! with running them, which a sampling profiler cannot tell apart. This
//! builds every request first, then times only the writes.
//!
//! ```sh
//! cargo build --release -p ddbplay-engine --example write_loop
//! target/release/examples/write_loop update      # or put, batch
//! perf record -g -D 10000 target/release/examples/write_loop put
//! ```
//!
//! `ITEMS=10000` loads a table that fits in the processor's cache, which
//! separates the cost of computing from the cost of reaching memory.

#[path = "../benches/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use common::{indexed_item, indexed_table, key, number, put};
use engine::Engine;
use engine::ops::{
    BatchWriteItemRequest, ExpressionParameters, PutItemRequest, UpdateItemRequest, WriteRequest,
};

/// Writes per round, and rounds.
const WRITES: usize = 100_000;
const ROUNDS: usize = 7;

enum Write {
    Update(UpdateItemRequest),
    Put(PutItemRequest),
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
    let (mut at, mut n) = (3usize, 0i64);
    let mut times = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let writes: Vec<Write> = (0..WRITES)
            .map(|_| {
                at = (at + 7919) % items;
                n += 1;
                match kind.as_str() {
                    "update" => Write::Update(UpdateItemRequest {
                        table_name: "orders".into(),
                        key: key(at),
                        update_expression: Some("SET #l = :n".into()),
                        expression: ExpressionParameters {
                            names: Some(BTreeMap::from([("#l".into(), "lines".into())])),
                            values: Some(BTreeMap::from([(":n".into(), number(n))])),
                        },
                        ..UpdateItemRequest::default()
                    }),
                    _ => {
                        let mut item = indexed_item(at);
                        item.insert("lines", number(n));
                        Write::Put(put("orders", item))
                    }
                }
            })
            .collect();
        let started = Instant::now();
        let mut batch = Vec::with_capacity(25);
        for write in writes {
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
            }
        }
        times.push(started.elapsed().as_secs_f64() * 1e6 / WRITES as f64);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{kind} on {items} items: {:.2} µs a write (median of {ROUNDS} rounds; {:.2} to {:.2})",
        times[ROUNDS / 2],
        times[0],
        times[ROUNDS - 1]
    );
    // The table is dropped with the process: freeing a million items
    // would only add to a profile.
    std::process::exit(0);
}
