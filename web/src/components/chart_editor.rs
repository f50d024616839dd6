//! The entity chart: one row per entity type, its attributes, and a key
//! template for every key attribute of the table and its indexes. Editing a
//! template regenerates the items and re-measures every access pattern.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::model::chart::Generator;
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct ChartEditorProps {
    pub state: UseReducerHandle<State>,
}

fn describe(generator: &Generator) -> &'static str {
    match generator {
        Generator::Id { .. } => "id",
        Generator::Choice(_) => "one of",
        Generator::Integer { .. } | Generator::Decimal { .. } => "number",
        Generator::Date { .. } => "date",
        Generator::PersonName => "name",
        Generator::Email => "email",
        Generator::Words { .. } => "text",
        Generator::Address => "address",
        Generator::FromParent => "from parent",
        Generator::When { .. } => "sometimes",
    }
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
                        { for state.chart.entities.iter().enumerate().map(|(e, entity)| html! {
                            <tr>
                                <th scope="row">
                                    <span class={format!("entity e{e}")}>{ &entity.name }</span>
                                    if let Some(parent) = &entity.parent {
                                        <div class="muted small">{ format!("{}–{} per {parent}", entity.count.0, entity.count.1) }</div>
                                    } else {
                                        <div class="muted small">{ format!("{} in all", entity.count.0) }</div>
                                    }
                                </th>
                                <td class="attributes">
                                    { for entity.attributes.iter().map(|a| html! {
                                        <span class="attribute" title={describe(&a.generator)}>{ &a.name }</span>
                                    }) }
                                </td>
                                { for keys.iter().map(|key| {
                                    let value = entity.keys.get(key).cloned().unwrap_or_default();
                                    let onchange = {
                                        let state = state.clone();
                                        let (entity, key) = (entity.name.clone(), key.clone());
                                        Callback::from(move |ev: Event| {
                                            let input: HtmlInputElement = ev.target_unchecked_into();
                                            state.dispatch(Action::SetTemplate { entity: entity.clone(), key: key.clone(), template: input.value() });
                                        })
                                    };
                                    html! {
                                        <td>
                                            <input class="template" type="text" spellcheck="false" {value} {onchange}
                                                aria-label={format!("{} template of {}", key, entity.name)} />
                                        </td>
                                    }
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </section>
    }
}
