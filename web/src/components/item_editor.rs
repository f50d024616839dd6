//! Add or edit one item: pick an entity and fill in its attributes (the
//! keys come from the chart's templates), or write the item as DynamoDB
//! JSON. "Edit" on a row of the data view opens that item here.

use crate::model::failure::Failure;
use std::collections::BTreeMap;

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use super::json_caret::JsonCaret;
use crate::embed::{Panel, use_read_only};

use crate::hooks::reply::use_reply;
use crate::model::data::item_form::{fields_from_item, item_from_fields, item_text};
use crate::store::{Action, Asker, Change};

#[function_component(ItemEditor)]
pub fn item_editor() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let entity = use_state(|| {
        state
            .chart
            .entities
            .first()
            .map(|e| e.name.clone())
            .unwrap_or_default()
    });
    let fields = use_state(BTreeMap::<String, String>::new);
    let json = use_state(String::new);
    let message = use_state(|| None::<Result<String, Failure>>);
    // An item opened from the data view fills the JSON, and the form when
    // its entity is known.
    {
        let preset = state.page.item_preset.clone();
        let chart = state.chart.clone();
        let (entity, fields, json, message) = (
            entity.clone(),
            fields.clone(),
            json.clone(),
            message.clone(),
        );
        use_effect_with(preset.0, move |serial| {
            if *serial > 0 {
                json.set(item_text(&preset.1));
                let (name, values) = fields_from_item(&chart, &preset.1);
                if let Some(name) = name {
                    entity.set(name);
                }
                fields.set(values.into_iter().collect());
                message.set(None);
                crate::browser::scroll_into_view(Panel::Item.name());
            }
        });
    }
    // The form writes the JSON whenever a field changes.
    let refill = {
        let chart = state.chart.clone();
        let (json, message) = (json.clone(), message.clone());
        move |entity: &str, values: &BTreeMap<String, String>| {
            let pairs: Vec<(String, String)> =
                values.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            match item_from_fields(&chart, entity, &pairs) {
                Ok(item) => {
                    json.set(item_text(&item));
                    message.set(None);
                }
                Err(problem) => message.set(Some(Err(problem))),
            }
        }
    };
    let on_entity = {
        let (entity, fields) = (entity.clone(), fields.clone());
        Callback::from(move |e: Event| {
            entity.set(e.target_unchecked_into::<HtmlSelectElement>().value());
            fields.set(BTreeMap::new());
        })
    };
    let on_json = {
        let json = json.clone();
        Callback::from(move |e: InputEvent| {
            json.set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    {
        let message = message.clone();
        use_reply(state.page.reply.clone(), Asker::ItemEditor, move |reply| {
            message.set(Some(reply.outcome.clone()))
        });
    }
    let write = |delete: bool| {
        let (state, json) = (state.clone(), json.clone());
        Callback::from(move |_| {
            let text = (*json).clone();
            state.dispatch(Action::Change(if delete {
                Change::DeleteItem(text)
            } else {
                Change::PutItem(text)
            }));
        })
    };
    let design = state.chart.entity(&entity).cloned();
    html! {
        <Collapsible panel={Panel::Item}>
            <fieldset class="bare" disabled={read_only}>
            <div class="item-editor">
                <div class="item-form">
                    <label class="field">
                        <span>{ "Entity" }</span>
                        <select onchange={on_entity} aria-label="Entity of the item">
                            { for state.chart.entities.iter().map(|e| html! {
                                <option value={e.name.clone()} selected={*entity == e.name}>{ &e.name }</option>
                            }) }
                        </select>
                    </label>
                    { for design.iter().flat_map(|d| d.attributes.iter()).map(|attribute| {
                        let name = attribute.name.clone();
                        let oninput = {
                            let (fields, entity, refill) = (fields.clone(), entity.clone(), refill.clone());
                            let name = name.clone();
                            Callback::from(move |e: InputEvent| {
                                let mut values = (*fields).clone();
                                values.insert(name.clone(), e.target_unchecked_into::<HtmlInputElement>().value());
                                refill(&entity, &values);
                                fields.set(values);
                            })
                        };
                        html! {
                            <label class="field">
                                <span>{ &name }</span>
                                <input type="text" spellcheck="false" value={fields.get(&name).cloned().unwrap_or_default()} {oninput} />
                            </label>
                        }
                    }) }
                </div>
                <div class="item-json">
                    <label class="field">
                        <span>{ "The item, as DynamoDB JSON (the form fills it in; edit it freely)" }</span>
                        <textarea rows="14" spellcheck="false" value={(*json).clone()} oninput={on_json} />
                    </label>
                    <div class="buttons">
                        <button type="button" class="primary" onclick={write(false)}>{ "Put item" }</button>
                        <button type="button" class="danger" onclick={write(true)}>{ "Delete item" }</button>
                    </div>
                    { match &*message {
                        Some(Ok(text)) => html! { <p class="ok" role="status">{ text }</p> },
                        Some(Err(failure)) => html! {
                            <div role="alert">
                                <p class="error">{ failure.to_string() }</p>
                                if let Some(("Item", at, _)) = failure.location.as_ref().map(|(p, a, e)| (p.as_str(), a, e)) {
                                    <JsonCaret text={(*json).clone()} at={*at} />
                                }
                            </div>
                        },
                        None => html! {},
                    } }
                </div>
            </div>
        </fieldset>
        </Collapsible>
    }
}
