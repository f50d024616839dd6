//! The panels below the first screen, drawn when the learner reaches for
//! them.
//!
//! The page's code comes in two wasm modules (`xtask/src/split.rs`): the
//! first holds what opening the page runs — the header, the access
//! patterns, the comparison, a course page's embeds — and the second the
//! rest. Until the learner reaches for the page (moves or presses a
//! pointer, presses a key, moves the focus, turns a wheel, touches the
//! screen) or the place of a panel not yet drawn comes into view, those
//! panels stand as their headings only and nothing more is fetched. Then
//! the second module is fetched and compiled in the background — the glue
//! of the split page offers that as a function returning a promise, in a
//! `WeakMap` under `Symbol.for("ddbplay.restOfPage")` keyed by the
//! instance's memory (a course page may hold several) — and the panels
//! are drawn once it is there. A page built without the split (`cargo
//! xtask serve`) has no such function and draws them at once on the same
//! signals.
//!
//! A panel the page is asked to take the learner to before it is drawn
//! ([`crate::browser::arrive_at`]) is arrived at once it is.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The class of a panel's place before the panel is drawn.
pub const PENDING_CLASS: &str = "pending-panel";

/// The events that say the learner reaches for the page.
const REACHING: [&str; 6] = [
    "pointermove",
    "pointerdown",
    "keydown",
    "focusin",
    "wheel",
    "touchstart",
];

/// The key of the split page's loader on `globalThis`.
const LOADER_KEY: &str = "ddbplay.restOfPage";

thread_local! {
    /// The panel to arrive at once drawn.
    static ARRIVAL: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// What waits for the learner: the listeners and the observer of the
/// panels' places. Dropping it stops the waiting.
pub struct Waiting {
    _listeners: Vec<EventListener>,
    observer: Option<web_sys::IntersectionObserver>,
    _on_view: Option<Closure<dyn FnMut(js_sys::Array)>>,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(observer) = &self.observer {
            observer.disconnect();
        }
    }
}

/// Calls `then` once, when the learner first reaches for the page or a
/// pending panel's place comes into view, and the second module (if the
/// page has one) is there. Call it after the pending panels are drawn.
pub fn when_reached(then: Box<dyn FnOnce()>) -> Waiting {
    let then = Rc::new(RefCell::new(Some(then)));
    let reached = move || {
        if let Some(then) = then.borrow_mut().take() {
            when_ready(then);
        }
    };
    let Some(window) = web_sys::window() else {
        reached();
        return Waiting {
            _listeners: Vec::new(),
            observer: None,
            _on_view: None,
        };
    };
    let reached = Rc::new(reached);
    let options = EventListenerOptions::run_in_capture_phase();
    let listeners = REACHING
        .iter()
        .map(|event| {
            let reached = reached.clone();
            EventListener::new_with_options(&window, *event, options, move |_| reached())
        })
        .collect();
    let on_view = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let in_view = entries.iter().any(|entry| {
            entry
                .dyn_into::<web_sys::IntersectionObserverEntry>()
                .is_ok_and(|entry| entry.is_intersecting())
        });
        if in_view {
            reached();
        }
    });
    let observer = web_sys::IntersectionObserver::new(on_view.as_ref().unchecked_ref()).ok();
    let places = window
        .document()
        .and_then(|d| d.query_selector_all(&format!(".{PENDING_CLASS}")).ok());
    if let (Some(observer), Some(places)) = (&observer, places) {
        for place in (0..places.length()).filter_map(|i| places.get(i)) {
            if let Ok(place) = place.dyn_into::<web_sys::Element>() {
                observer.observe(&place);
            }
        }
    }
    Waiting {
        _listeners: listeners,
        observer,
        _on_view: Some(on_view),
    }
}

/// Fetches the second module if the page has one, then calls `then` —
/// also when the fetch fails: the first call into the second module then
/// fetches it again, and says why it cannot.
///
/// Not generic: the page's first module holds this one function whatever
/// calls it (a generic one would be a function per caller, some of them
/// left in the second module).
pub fn when_ready(then: Box<dyn FnOnce()>) {
    let loader = js_sys::Reflect::get(&js_sys::global(), &js_sys::Symbol::for_(LOADER_KEY))
        .ok()
        .and_then(|offered| offered.dyn_into::<js_sys::WeakMap>().ok())
        .map(|offered| offered.get(&wasm_bindgen::memory().unchecked_into()))
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let promise = loader
        .and_then(|load| load.call0(&JsValue::UNDEFINED).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    match promise {
        Some(promise) => wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
            then();
        }),
        None => then(),
    }
}

/// Remembers to take the learner to the panel `id` once it is drawn.
pub fn arrive_when_drawn(id: &str) {
    ARRIVAL.with(|arrival| *arrival.borrow_mut() = Some(id.to_string()));
}

/// The panel to take the learner to now that the panels are drawn, if one
/// was asked for before.
pub fn take_arrival() -> Option<String> {
    ARRIVAL.with(|arrival| arrival.borrow_mut().take())
}
