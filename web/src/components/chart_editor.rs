//! The entity chart: one row per entity type with a key template for every
//! key attribute of the table and its indexes, so overloaded keys read down
//! a column; below it each entity's parent, count and attributes (see
//! [`super::entity_row`]). Every change regenerates the items and
//! re-measures every access pattern.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::Store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use super::entity_row::EntityRow;
use super::warnings::warnings;
use crate::model::design::attribute_text::KINDS;
use crate::model::design::chart::Warning;
use crate::rebuild::rebuild;

/// One key template: applied when the field changes.
fn template_cell(state: &Store, entity: &str, key: &str, value: String) -> Html {
    let onchange = {
        let state = state.clone();
        let (entity, key) = (entity.to_string(), key.to_string());
        Callback::from(move |ev: Event| {
            let input: HtmlInputElement = ev.target_unchecked_into();
            let mut chart = state.chart.clone();
            chart.set_template(&entity, &key, &input.value());
            if chart != state.chart {
                rebuild(&state, chart, state.seed);
            }
        })
    };
    let title = value.clone();
    html! {
        <td>
            <input class="template" type="text" spellcheck="false" title={title} {value} {onchange}
                aria-label={format!("{key} template of {entity}")} />
        </td>
    }
}

#[function_component(ChartEditor)]
pub fn chart_editor() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let keys = state.chart.table.key_attribute_names();
    let on_add = {
        let state = state.clone();
        Callback::from(move |_| {
            let mut chart = state.chart.clone();
            let entity = chart.new_entity();
            chart.entities.push(entity);
            if chart != state.chart {
                rebuild(&state, chart, state.seed);
            }
        })
    };
    let general = state.warnings.iter().filter(|w| w.entity.is_none());
    html! {
        <Collapsible panel={Panel::Chart}>
            <fieldset class="bare" disabled={read_only}>
            <p class="muted">
                { "Key templates turn attributes into keys: {customerId} is replaced by the attribute, {price:08.2} pads a number to width 8 with 2 decimals so it sorts as text. A blank template keeps the entity out of that index." }
            </p>
            { warnings(general) }
            <div class="chart-scroll">
                <table class="grid chart">
                    <caption class="visually-hidden">{ "Key templates, by entity and key attribute" }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Entity" }</th>
                            { for keys.iter().map(|k| html! { <th scope="col">{ k }</th> }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for state.chart.entities.iter().enumerate().map(|(i, entity)| {
                            let about: Vec<&Warning> = state.warnings.iter()
                                .filter(|w| w.entity.as_deref() == Some(entity.name.as_str()))
                                .collect();
                            html! { <>
                                <tr>
                                    <th scope="row"><span class={super::entity_class(Some(i))}>{ &entity.name }</span></th>
                                    { for keys.iter().map(|key| template_cell(state, &entity.name, key, entity.keys.get(key).cloned().unwrap_or_default())) }
                                </tr>
                                if !about.is_empty() {
                                    <tr class="warning-row">
                                        <td colspan={(keys.len() + 1).to_string()}>
                                            { warnings(about) }
                                        </td>
                                    </tr>
                                }
                            </> }
                        }) }
                    </tbody>
                </table>
            </div>
            <h3>{ "Entities and their attributes" }</h3>
            <div class="chart-scroll">
                <table class="grid entities">
                    <thead>
                        <tr>
                            <th scope="col">{ "Entity" }</th>
                            <th scope="col">{ "Attributes, one name: kind per line" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for (0..state.chart.entities.len()).map(|index| html! {
                            <EntityRow {index} />
                        }) }
                    </tbody>
                </table>
            </div>
            <button type="button" class="add" onclick={on_add}>{ "Add an entity" }</button>
            <p class="muted small">{ format!("Attribute kinds: {KINDS}. The letter after each attribute is the type its values get (↑: the parent's).") }</p>
            if let Some(error) = &state.build.refused {
                <p class="error" role="alert">{ format!("Not applied: {error}") }</p>
            }
        </fieldset>
        </Collapsible>
    }
}
