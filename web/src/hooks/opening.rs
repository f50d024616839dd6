//! What the page does once, when it opens: it scrolls to the panel a link
//! names (`show=runner`), and, embedded in a frame, tells the page around
//! it how tall it is, then again whenever that changes.

use yew::prelude::*;

use crate::browser;
use crate::embed::Panel;

/// Scrolls to `show`'s panel once the page is drawn whole (`whole`).
#[hook]
pub fn use_opened_at(show: Option<Panel>, whole: bool) {
    use_effect_with(whole, move |whole| {
        if let (true, Some(panel)) = (*whole, show) {
            browser::scroll_into_view(panel.name());
        }
    });
}

/// Posts the page's height to the page around its frame (`framed`: an
/// embed of its own, not a playground mounted through the JavaScript
/// API), with the embed's `id`, for as long as the page is up.
#[hook]
pub fn use_height_for_parent(id: &Option<String>, framed: bool) {
    let id = id.clone();
    use_effect_with((), move |_| {
        let watch = (framed && browser::in_frame())
            .then(|| browser::post_height_to_parent(id))
            .flatten();
        move || drop(watch)
    });
}
