//! The entity chart: one row per entity type (see [`super::entity_row`]),
//! with a key template for every key attribute of the table and its
//! indexes. Every change regenerates the items and re-measures every
//! access pattern.

use yew::prelude::*;

use super::entity_row::EntityRow;
use crate::model::attribute_text::KINDS;
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct ChartEditorProps {
    pub state: UseReducerHandle<State>,
}

#[function_component(ChartEditor)]
pub fn chart_editor(props: &ChartEditorProps) -> Html {
    let state = &props.state;
    let keys: Vec<String> = state
        .chart
        .table
        .key_attributes()
        .iter()
        .map(|k| k.name.clone())
        .collect();
    let on_add = {
        let state = state.clone();
        Callback::from(move |_| {
            let mut chart = state.chart.clone();
            let entity = chart.new_entity();
            chart.entities.push(entity);
            state.dispatch(Action::SetChart(chart));
        })
    };
    html! {
        <section aria-labelledby="chart-title" class="panel">
            <h2 id="chart-title">{ "Entity chart" }</h2>
            <p class="muted">
                { "Key templates turn attributes into keys: {customerId} is replaced by the attribute, {price:08.2} pads a number to width 8 with 2 decimals so it sorts as text. A blank template keeps the entity out of that index." }
            </p>
            <div class="chart-scroll">
                <table class="grid chart">
                    <thead>
                        <tr>
                            <th scope="col">{ "Entity" }</th>
                            <th scope="col">{ "Attributes" }</th>
                            { for keys.iter().map(|k| html! { <th scope="col">{ k }</th> }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for (0..state.chart.entities.len()).map(|index| html! {
                            <EntityRow state={state.clone()} {index} keys={keys.clone()} />
                        }) }
                    </tbody>
                </table>
            </div>
            <button type="button" class="add" onclick={on_add}>{ "Add an entity" }</button>
            <p class="muted small">{ format!("Attribute kinds: {KINDS}. The letter after each attribute is the type its values get (↑: the parent's).") }</p>
            if let Some(error) = &state.load_error {
                <p class="error" role="alert">{ format!("Not applied: {error}") }</p>
            }
        </section>
    }
}
