//! Decoded link documents, of every format, through the whole open path:
//! the bounds, validation, the chart's warnings, generation and the
//! measurement of every pattern — as the page opens a stranger's link.
//! Random bytes almost never decode as a link, so the input is the
//! document itself: its first byte chooses how the rest is read — the
//! compact encoding a link carries (postcard) of format 7, 1, 2, 3, 4, 5 or 6, so
//! that the committed links and the hostile corpus seed it and libFuzzer's
//! mutations stay inside the structure; or `arbitrary`'s reading of a
//! document of any format.
//!
//! Each case is held to a budget (`cargo xtask test` runs it with
//! `-timeout=2 -malloc_limit_mb=256`): a document within the page's bounds
//! that takes longer, or one allocation larger, is a finding. Tables the
//! page would fill a slice at a time (over about 2,000 items, or a family
//! whose counts draw more than 5,000) are opened but not filled here.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use ddbplay_web::model::design::generate::Generation;
use ddbplay_web::share::open::open;
use ddbplay_web::share::{Document, from_v2, from_v3, v1, v2, v3, v4, v5, v6};
use ddbplay_web::store::State;
use libfuzzer_sys::fuzz_target;

fn from_v1(d: v1::Document) -> Document {
    from_v2(v2::Document::from(d))
}

fn decoded(mode: u8, rest: &[u8]) -> Option<Document> {
    match mode % 9 {
        0 => postcard::from_bytes::<Document>(rest).ok(),
        1 => postcard::from_bytes::<v1::Document>(rest).ok().map(from_v1),
        2 => postcard::from_bytes::<v2::Document>(rest).ok().map(from_v2),
        3 => postcard::from_bytes::<v3::Document>(rest).ok().map(from_v3),
        4 => postcard::from_bytes::<v4::Document>(rest).ok().map(Document::from),
        5 => postcard::from_bytes::<v5::Document>(rest).ok().map(Document::from),
        6 => postcard::from_bytes::<v6::Document>(rest).ok().map(Document::from),
        7 => Document::arbitrary(&mut Unstructured::new(rest)).ok(),
        _ => {
            let mut u = Unstructured::new(rest);
            match u.int_in_range(0..=5u8).ok()? {
                0 => v1::Document::arbitrary(&mut u).ok().map(from_v1),
                1 => v2::Document::arbitrary(&mut u).ok().map(from_v2),
                2 => v3::Document::arbitrary(&mut u).ok().map(from_v3),
                3 => v4::Document::arbitrary(&mut u).ok().map(Document::from),
                4 => v5::Document::arbitrary(&mut u).ok().map(Document::from),
                _ => v6::Document::arbitrary(&mut u).ok().map(Document::from),
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let Some(document) = decoded(mode, rest) else { return };
    let Ok(playground) = open(document) else { return };
    let _ = playground.chart.warnings();
    let small = Generation::expected_total(&playground.chart) <= 2_000
        && Generation::new(&playground.chart, playground.seed)
            .is_ok_and(|items| items.take(5_001).count() <= 5_000);
    if small {
        let _ = State::open(playground);
    } else {
        let _ = State::before_filling(&playground);
    }
});
