//! What the page computes before its first render, natively: the commerce
//! example opened — its items generated from the chart and the seed,
//! written through the engine, and every access pattern measured as a
//! Query, a Query + Filter and a Scan (`State::example`). In the page
//! this work sits between the module's start and the first numbers on the
//! screen (`tests/e2e/bench/first_render.mjs` times the whole of it).

use criterion::{Criterion, criterion_group, criterion_main};
use ddbplay_web::store::State;

fn open_example(c: &mut Criterion) {
    c.bench_function("open_example_commerce", |b| b.iter(State::example));
}

criterion_group!(benches, open_example);
criterion_main!(benches);
