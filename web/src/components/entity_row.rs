//! One entity of the chart: its name, its parent and how many to generate,
//! and its attributes (one `name: kind` per line). Every change is applied
//! at once — the items are generated again — unless it does not read, in
//! which case it says why and waits.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::Store;

use super::field_value::field_value;
use crate::model::design::attribute_text::{KINDS, parse_attributes, print_attributes};
use crate::model::design::chart::Chart;
use crate::rebuild::rebuild;

#[derive(Properties, PartialEq)]
pub struct EntityRowProps {
    pub index: usize,
}

/// A callback that changes a copy of the chart and applies it.
fn change_chart(state: &Store, change: impl Fn(&mut Chart, String) + 'static) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        let value = field_value(&e);
        let mut chart = state.chart.clone();
        change(&mut chart, value);
        if chart != state.chart {
            rebuild(&state, chart, state.seed);
        }
    })
}

#[function_component(EntityRow)]
pub fn entity_row(props: &EntityRowProps) -> Html {
    let state = &use_store();
    let i = props.index;
    let printed = state
        .chart
        .entities
        .get(i)
        .map(|e| print_attributes(&e.attributes))
        .unwrap_or_default();
    let text = use_state(|| printed.clone());
    let problem = use_state(|| None::<String>);
    {
        // The applied attributes replace the text whenever they change.
        let (text, problem) = (text.clone(), problem.clone());
        use_effect_with(printed.clone(), move |printed| {
            text.set(printed.clone());
            problem.set(None);
        });
    }
    let Some(entity) = state.chart.entities.get(i) else {
        return html! {};
    };
    let on_text = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            text.set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    let on_attributes = {
        let (state, problem) = (state.clone(), problem.clone());
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            match parse_attributes(&value) {
                Err(error) => problem.set(Some(format!("Line {}: {}.", error.line, error.message))),
                Ok(attributes) => {
                    problem.set(None);
                    let mut chart = state.chart.clone();
                    if let Some(entity) = chart.entities.get_mut(i) {
                        entity.attributes = attributes;
                        if chart != state.chart {
                            rebuild(&state, chart, state.seed);
                        }
                    }
                }
            }
        })
    };
    let on_remove = {
        let state = state.clone();
        Callback::from(move |_| {
            let mut chart = state.chart.clone();
            chart.remove_entity(i);
            if chart != state.chart {
                rebuild(&state, chart, state.seed);
            }
        })
    };
    let name = entity.name.clone();
    let count = |high: bool| {
        change_chart(state, move |chart, v| {
            if let (Some(entity), Ok(n)) = (chart.entities.get_mut(i), v.trim().parse::<u32>()) {
                if high {
                    entity.count.1 = n;
                } else {
                    entity.count.0 = n;
                }
            }
        })
    };
    let per = entity
        .parent
        .as_ref()
        .map_or("in all".to_string(), |p| format!("per {p}"));
    html! {
        <tr data-entity={name.clone()}>
            <th scope="row" class="entity-cell">
                <span class={super::entity_class(Some(i))} aria-hidden="true">{ &name }</span>
                <label class="field">
                    <span>{ "Name" }</span>
                    <input type="text" value={name.clone()} spellcheck="false" aria-label={format!("Name of entity {name}")}
                        onchange={change_chart(state, { let old = name.clone(); move |chart, v| chart.rename_entity(&old, v.trim()) })} />
                </label>
                <label class="field">
                    <span>{ "Belongs to" }</span>
                    <select aria-label={format!("Parent of {name}")} onchange={change_chart(state, move |chart, v| {
                        if let Some(entity) = chart.entities.get_mut(i) {
                            entity.parent = (!v.is_empty()).then_some(v);
                        }
                    })}>
                        <option value="" selected={entity.parent.is_none()}>{ "nothing (top level)" }</option>
                        { for state.chart.entities[..i].iter().map(|p| html! {
                            <option value={p.name.clone()} selected={entity.parent.as_ref() == Some(&p.name)}>{ &p.name }</option>
                        }) }
                    </select>
                </label>
                <div class="field counts">
                    <span>{ format!("How many, {per}") }</span>
                    <input type="number" min="0" value={entity.count.0.to_string()} aria-label={format!("Fewest {name} items {per}")} onchange={count(false)} />
                    { "–" }
                    <input type="number" min="0" value={entity.count.1.to_string()} aria-label={format!("Most {name} items {per}")} onchange={count(true)} />
                </div>
                <button type="button" class="danger small" onclick={on_remove} aria-label={format!("Remove entity {name}")}>{ "Remove" }</button>
            </th>
            <td class="attributes">
                <textarea rows={(entity.attributes.len() + 1).max(3).to_string()} spellcheck="false" value={(*text).clone()}
                    oninput={on_text} onchange={on_attributes} aria-label={format!("Attributes of {name}, one name: kind per line")}
                    title={KINDS} />
                if let Some(problem) = &*problem {
                    <p class="error small" role="alert">{ problem }</p>
                }
                <div class="types" aria-label={format!("Types of {name}'s attributes")}>
                    { for entity.attributes.iter().map(|a| html! {
                        <span class="attribute">{ &a.name }<b>{ a.generator.value_type().unwrap_or("↑") }</b></span>
                    }) }
                </div>
            </td>
        </tr>
    }
}
