//! Where a long, virtualised list stands: the scrolled-to offset in
//! pixels, a way to jump to a row, and the store told where the list came
//! to rest (so a saved playground reopens there).

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use web_sys::Element;
use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::Action;

/// How long the view must rest before its place is kept with the playground.
const SETTLE_MS: u32 = 400;

/// A scrolling list of rows `row_height` pixels high.
#[derive(Clone)]
pub struct ScrollPlace {
    /// The scrolling element.
    pub container: NodeRef,
    /// How far it is scrolled, in pixels.
    pub top: f64,
    /// For the element's `onscroll`.
    pub onscroll: Callback<Event>,
    /// Scrolls to put this row at the top.
    pub jump: Rc<dyn Fn(usize)>,
    /// Back to the top, without telling the store (a new view starts there).
    pub reset: Rc<dyn Fn()>,
}

/// The list's place, starting at the row the store keeps.
#[hook]
pub fn use_scroll_place(row_height: f64) -> ScrollPlace {
    let state = use_store();
    let scroll_top = use_state(|| state.position.row as f64 * row_height);
    let container = use_node_ref();
    // A playground opened where its list stood comes back there.
    {
        let (container, top) = (container.clone(), *scroll_top);
        use_effect_with((), move |_| {
            if let Some(element) = container.cast::<Element>() {
                element.set_scroll_top(top as i32);
            }
        });
    }
    // The store learns where the view stands once the scrolling stops.
    let settle = use_mut_ref(|| None::<Timeout>);
    let report = Rc::new(move |top: f64| {
        let state = state.clone();
        let row = (top / row_height).round() as usize;
        *settle.borrow_mut() = Some(Timeout::new(SETTLE_MS, move || {
            state.dispatch(Action::ScrolledTo(row))
        }));
    });
    let onscroll = {
        let (container, scroll_top, report) =
            (container.clone(), scroll_top.clone(), report.clone());
        Callback::from(move |_| {
            if let Some(element) = container.cast::<Element>() {
                let top = f64::from(element.scroll_top());
                scroll_top.set(top);
                report(top);
            }
        })
    };
    let jump = {
        let (container, scroll_top) = (container.clone(), scroll_top.clone());
        Rc::new(move |row: usize| {
            if let Some(element) = container.cast::<Element>() {
                let top = (row as f64 * row_height) as i32;
                element.set_scroll_top(top);
                scroll_top.set(f64::from(top));
                report(f64::from(top));
            }
        })
    };
    let reset = {
        let (container, scroll_top) = (container.clone(), scroll_top.clone());
        Rc::new(move || {
            scroll_top.set(0.0);
            if let Some(element) = container.cast::<Element>() {
                element.set_scroll_top(0);
            }
        })
    };
    ScrollPlace {
        container,
        top: *scroll_top,
        onscroll,
        jump,
        reset,
    }
}
