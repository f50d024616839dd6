//! How long a link takes to make and to read, natively (the page's own
//! figures, in wasm, come from `tests/e2e/bench_page.mjs`):
//!
//! - `encode_commerce`: the example's playground to a link (capture,
//!   postcard, DEFLATE, base64url);
//! - `decode_commerce`: that link back to a checked playground (base64url,
//!   inflate, postcard, every check typed input goes through);
//! - `encode_file_commerce` / `decode_file_commerce`: the same as a
//!   `.ddbplay.json` file.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbplay_web::model::gallery::commerce;
use ddbplay_web::share::open::{capture, open};
use ddbplay_web::share::{decode_file, decode_link, encode_file, encode_link, link_parameter};

fn codec(c: &mut Criterion) {
    let playground = commerce::playground();
    let link = encode_link(&capture(&playground)).unwrap();
    let value = link_parameter(&link).unwrap().to_string();
    let file = encode_file(&capture(&playground));
    c.bench_function("encode_commerce", |b| {
        b.iter(|| encode_link(&capture(black_box(&playground))).unwrap())
    });
    c.bench_function("decode_commerce", |b| {
        b.iter(|| open(decode_link(black_box(&value)).unwrap()).unwrap())
    });
    c.bench_function("encode_file_commerce", |b| {
        b.iter(|| encode_file(&capture(black_box(&playground))))
    });
    c.bench_function("decode_file_commerce", |b| {
        b.iter(|| open(decode_file(black_box(&file)).unwrap()).unwrap())
    });
}

criterion_group!(benches, codec);
criterion_main!(benches);
