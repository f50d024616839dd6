//! What the chart and the data say about the design, in plain words.

use yew::prelude::*;

use crate::model::chart::Warning;

#[derive(Properties, PartialEq)]
pub struct WarningsProps {
    pub warnings: Vec<Warning>,
}

#[function_component(Warnings)]
pub fn warnings(props: &WarningsProps) -> Html {
    if props.warnings.is_empty() {
        return html! {};
    }
    html! {
        <section aria-labelledby="warnings-title" class="panel warnings">
            <h2 id="warnings-title">{ "Worth a second look" }</h2>
            <ul>
                { for props.warnings.iter().map(|w| html! {
                    <li>
                        if let Some(entity) = &w.entity {
                            <strong>{ format!("{entity}: ") }</strong>
                        }
                        { &w.message }
                    </li>
                }) }
            </ul>
        </section>
    }
}
