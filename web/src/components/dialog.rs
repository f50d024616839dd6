//! What every dialog does with the keyboard: when it opens the focus moves
//! onto it (it is named by its heading), Tab and Shift+Tab cycle through
//! its controls without leaving it, Escape or its Close button close it,
//! and the focus goes back to where it was before it opened.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent, MouseEvent};
use yew::prelude::*;

/// What a dialog's root element takes: `ref`, `onkeydown`, and its Close
/// button's `onclick`.
pub struct Dialog {
    pub node: NodeRef,
    pub on_key: Callback<KeyboardEvent>,
    pub close: Callback<MouseEvent>,
}

/// The controls Tab stops at.
const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), \
    textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";

#[hook]
pub fn use_dialog(on_close: &Callback<()>) -> Dialog {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with((), move |_| {
            let before = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .and_then(|e| e.dyn_into::<HtmlElement>().ok());
            if let Some(dialog) = node.cast::<HtmlElement>() {
                let _ = dialog.set_attribute("tabindex", "-1");
                let _ = dialog.focus();
            }
            move || {
                if let Some(before) = before.filter(|b| b.is_connected()) {
                    let _ = before.focus();
                }
            }
        });
    }
    let on_key = {
        let (on_close, node) = (on_close.clone(), node.clone());
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => on_close.emit(()),
            "Tab" => {
                if let Some(dialog) = node.cast::<Element>() {
                    keep_inside(&e, &dialog);
                }
            }
            _ => {}
        })
    };
    let close = {
        let on_close = on_close.clone();
        Callback::from(move |_| on_close.emit(()))
    };
    Dialog {
        node,
        on_key,
        close,
    }
}

/// Tab past the last control goes to the first, Shift+Tab before the
/// first to the last. (The dialog comes by its reference: the page's
/// events are delegated, so the event's current target is not it.)
fn keep_inside(e: &KeyboardEvent, dialog: &Element) {
    let Ok(controls) = dialog.query_selector_all(FOCUSABLE) else {
        return;
    };
    let at = |i: u32| {
        controls
            .item(i)
            .and_then(|n| n.dyn_into::<HtmlElement>().ok())
    };
    let (Some(first), Some(last)) = (at(0), at(controls.length().saturating_sub(1))) else {
        e.prevent_default();
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let is = |control: &HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a == control.unchecked_ref::<Element>())
    };
    let on_dialog = active.as_ref() == Some(dialog);
    if e.shift_key() && (is(&first) || on_dialog) {
        e.prevent_default();
        let _ = last.focus();
    } else if !e.shift_key() && is(&last) {
        e.prevent_default();
        let _ = first.focus();
    }
}
