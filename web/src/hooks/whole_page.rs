//! The page's first screen drawn alone, the rest when its code is there.
//!
//! The first render draws the panels of the first screen — the access
//! patterns and the comparison ([`Panel::on_first_screen`]) — and the
//! others as their headings only. The full page draws them once the
//! learner reaches for the page or scrolls near them; an embed, or a page
//! opened at a panel further down, at once; both once the code that draws
//! them has come ([`crate::rest_of_page`]). The first numbers reach the
//! screen sooner (a third of the elements to make, lay out and style;
//! `tests/e2e/bench/first_render.mjs` times it), and a visit that only
//! reads them fetches only the code they need.

use yew::prelude::*;

use crate::embed::Panel;
use crate::{browser, rest_of_page};

/// When the panels past the first screen are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rest {
    /// When the learner reaches for the page (the full page).
    WhenReached,
    /// As soon as their code is there (an embed, a page opened at a
    /// panel).
    AtOnce,
}

/// Whether the whole of `panels` may be drawn: from the start when they
/// are all on the first screen, else once `rest` says so.
#[hook]
pub fn use_whole_page(panels: &[Panel], rest: Rest) -> bool {
    let first_screen_only = panels.iter().all(|p| p.on_first_screen());
    let whole = use_state(|| first_screen_only);
    {
        let whole = whole.clone();
        use_effect_with((), move |_| {
            let drawn = *whole;
            let draw = move || whole.set(true);
            let waiting = match (drawn, rest) {
                (true, _) => None,
                (false, Rest::AtOnce) => {
                    rest_of_page::when_ready(Box::new(draw));
                    None
                }
                (false, Rest::WhenReached) => Some(rest_of_page::when_reached(Box::new(draw))),
            };
            move || drop(waiting)
        });
    }
    use_effect_with(*whole, |whole| {
        if let (true, Some(panel)) = (*whole, rest_of_page::take_arrival()) {
            browser::arrive_at(&panel);
        }
    });
    *whole
}
