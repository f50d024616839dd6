//! What the chart and the data say about the design, in plain words, next
//! to what each is about: an entity's warnings under its row of the chart,
//! the others above the chart.

use yew::prelude::*;

use crate::model::design::chart::Warning;

/// The list of `warnings`, each with the entity it is about.
pub fn warnings<'a>(warnings: impl IntoIterator<Item = &'a Warning>) -> Html {
    let mut warnings = warnings.into_iter().peekable();
    if warnings.peek().is_none() {
        return html! {};
    }
    html! {
        <div class="warnings" role="note" aria-label="Worth a second look">
            <ul>
                { for warnings.map(|w| html! {
                    <li>
                        <span class="warning-mark" aria-hidden="true">{ "⚠ " }</span>
                        if let Some(entity) = w.entity.as_ref() {
                            <strong>{ format!("{entity}: ") }</strong>
                        }
                        { &w.message }
                    </li>
                }) }
            </ul>
        </div>
    }
}
