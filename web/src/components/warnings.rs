//! What the chart and the data say about the design, in plain words, next
//! to what each is about: an entity's warnings under its row of the chart,
//! the others above the chart.

use yew::prelude::*;

use crate::model::design::chart::Warning;

#[derive(Properties, PartialEq)]
pub struct WarningsProps {
    pub warnings: Vec<Warning>,
    /// Say which entity each is about (off under the entity's own row).
    #[prop_or(true)]
    pub name_entity: bool,
}

#[function_component(Warnings)]
pub fn warnings(props: &WarningsProps) -> Html {
    if props.warnings.is_empty() {
        return html! {};
    }
    html! {
        <div class="warnings" role="note" aria-label="Worth a second look">
            <ul>
                { for props.warnings.iter().map(|w| html! {
                    <li>
                        <span class="warning-mark" aria-hidden="true">{ "⚠ " }</span>
                        if let Some(entity) = w.entity.as_ref().filter(|_| props.name_entity) {
                            <strong>{ format!("{entity}: ") }</strong>
                        }
                        { &w.message }
                    </li>
                }) }
            </ul>
        </div>
    }
}
