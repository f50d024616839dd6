//! The page's first screen drawn before the rest of it. The first render
//! draws what the first screen shows — the first panel of each side: the
//! access patterns and the comparison — and the other panels are drawn a
//! frame later, once the browser has painted the first ones. The first
//! numbers reach the screen sooner (a third of the elements to make, lay
//! out and style; `tests/e2e/bench/first_render.mjs` times it), and nothing
//! else changes: the rest is there before a learner can reach for it.

use yew::prelude::*;

use crate::browser;

/// Whether the whole page may be drawn: false only for the first render,
/// and never when `whole_at_once` (an embed of a few panels, a page
/// opened at a panel further down).
#[hook]
pub fn use_past_first_paint(whole_at_once: bool) -> bool {
    let past = use_state(|| whole_at_once);
    {
        let past = past.clone();
        use_effect_with((), move |_| {
            if !*past {
                browser::after_next_paint(move || past.set(true));
            }
        });
    }
    *past
}
