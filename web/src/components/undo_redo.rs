//! Undo and Redo for the learner's edits — the chart, the table design,
//! the patterns, the data — as buttons and as the keyboard's Ctrl+Z,
//! Ctrl+Shift+Z and Ctrl+Y (⌘ on a Mac). In a text field the keys are the
//! field's own undo, as everywhere. See [`crate::store::history`].

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::Action;

/// Whether a key press is undo (`Some(true)`), redo (`Some(false)`) or
/// neither.
fn step_of(e: &KeyboardEvent) -> Option<bool> {
    if !(e.ctrl_key() || e.meta_key()) || e.alt_key() {
        return None;
    }
    match e.key().to_ascii_lowercase().as_str() {
        "z" => Some(!e.shift_key()),
        "y" => Some(false),
        _ => None,
    }
}

/// True when the key press is typing: a field has its own undo.
fn in_a_field(e: &KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                || el.has_attribute("contenteditable")
        })
}

#[function_component(UndoRedo)]
pub fn undo_redo() -> Html {
    let state = use_store();
    // The keys go to the page's latest state: listened for again whenever
    // it changes.
    {
        let state = state.clone();
        use_effect_with(state.clone(), move |_| {
            let listener = web_sys::window()
                .and_then(|w| w.document())
                .map(|document| {
                    EventListener::new(&document, "keydown", move |event| {
                        let Some(e) = event.dyn_ref::<KeyboardEvent>() else {
                            return;
                        };
                        if let Some(back) = step_of(e).filter(|_| !in_a_field(e)) {
                            e.prevent_default();
                            state.dispatch(Action::Step { back });
                        }
                    })
                });
            move || drop(listener)
        });
    }
    let step = |back: bool| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Step { back }))
    };
    let history = &state.page.history;
    html! {
        <span class="undo-redo" role="group" aria-label="Undo and redo">
            <button type="button" onclick={step(true)} disabled={!history.can_undo()}
                title="Undo the last edit (Ctrl+Z)">{ "Undo" }</button>
            <button type="button" onclick={step(false)} disabled={!history.can_redo()}
                title="Redo what was undone (Ctrl+Shift+Z)">{ "Redo" }</button>
        </span>
    }
}
