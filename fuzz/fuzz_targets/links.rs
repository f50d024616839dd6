//! Any text, as a share link's `play=` value or as a playground file, must
//! open to a playground or be refused with a reason — never a panic. A
//! playground that reads is also built, when small enough to build in a
//! fuzzing loop: the design goes to CreateTable and the hand-made items are
//! replayed, as when the page opens it.
#![no_main]

use ddbplay_web::model::design::generate::Generation;
use ddbplay_web::share::open::open;
use ddbplay_web::share::{decode_file, decode_link};
use ddbplay_web::store::State;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for document in [decode_link(text), decode_file(text)].into_iter().flatten() {
        if let Ok(playground) = open(document)
            && Generation::expected_total(&playground.chart) <= 2_000
        {
            let _ = State::open(playground);
        }
    }
});
