//! The value a change event carries, whichever field it came from.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The value of the input, select or textarea an event came from.
pub fn field_value(e: &Event) -> String {
    if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
        return select.value();
    }
    if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
        return area.value();
    }
    e.target_unchecked_into::<HtmlInputElement>().value()
}
