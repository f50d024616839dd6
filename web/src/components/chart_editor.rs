//! The entity chart: one row per entity type with a key template for every
//! key attribute of the table and its indexes, so overloaded keys read down
//! a column — except the attributes only a multi-attribute index keys on,
//! which are each item's own attribute as it is, no template; below it each
//! entity's parent, count and attributes (see [`super::entity_row`]).
//! Every change regenerates the items and re-measures every access pattern.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use super::changed_line::ChangedLine;
use super::entity_row::EntityRow;
use super::warnings::warnings;
use crate::model::design::attribute_text::KINDS;
use crate::model::design::chart::{Entity, KeyAttribute, Warning};
use crate::rebuild::rebuild;

#[derive(Properties, PartialEq)]
struct TemplateCellProps {
    entity: AttrValue,
    key_name: AttrValue,
    /// The template the chart holds.
    value: AttrValue,
}

/// One key template, checked where it is typed: applied when the field
/// changes and it reads and names only the entity's attributes;
/// otherwise the message stays under the field, the text as typed, and
/// the chart as it was.
#[function_component(TemplateCell)]
fn template_cell(props: &TemplateCellProps) -> Html {
    let state = use_store();
    // A refused template: what was typed, and why it was refused.
    let problem = use_state(|| None::<(String, String)>);
    // A template the chart changes from elsewhere (an undo, another
    // playground) replaces a refused one's text and message.
    {
        let problem = problem.clone();
        use_effect_with(props.value.clone(), move |_| problem.set(None));
    }
    let onchange = {
        let (state, problem) = (state.clone(), problem.clone());
        let (entity, key) = (props.entity.to_string(), props.key_name.to_string());
        Callback::from(move |ev: Event| {
            let input: HtmlInputElement = ev.target_unchecked_into();
            let text = input.value();
            if let Err(why) = state.chart.check_template(&entity, &key, &text) {
                return problem.set(Some((text, why.message)));
            }
            problem.set(None);
            let mut chart = state.chart.clone();
            chart.set_template(&entity, &key, &text);
            if chart != state.chart {
                rebuild(&state, chart, state.seed);
            }
        })
    };
    let message_id = format!("template-{}-{}", props.entity, props.key_name);
    // Refused, the field keeps what was typed until the chart changes.
    let value = match &*problem {
        Some((typed, _)) => AttrValue::from(typed.clone()),
        None => props.value.clone(),
    };
    // As wide as the template it holds (the font is monospaced, one
    // character a `ch`), so a long one is read whole, not cut.
    let width = format!("width: {}ch", value.chars().count().clamp(12, 48) + 2);
    html! {
        <td>
            <input class="template" type="text" spellcheck="false" title={props.value.clone()} {value} {onchange} style={width}
                aria-label={format!("{} template of {}", props.key_name, props.entity)}
                aria-invalid={problem.is_some().then_some("true")}
                aria-describedby={problem.is_some().then(|| message_id.clone())} />
            if let Some((_, why)) = &*problem {
                <p id={message_id} class="field-error" role="alert">{ why }</p>
            }
        </td>
    }
}

/// A key attribute a multi-attribute index composes from the item as it
/// is: whether the entity has it (and so, with the index's other key
/// attributes, is in the index), and of what type.
fn plain_cell(entity: &Entity, key: &KeyAttribute) -> Html {
    let own = entity.attributes.iter().find(|a| a.name == key.name);
    match own {
        Some(attribute) => html! {
            <td class="plain-key" title={format!("Each {} item's own {} is the key value, as it is: no template, no padding.", entity.name, key.name)}>
                <span class="own">{ format!("its own {}", key.name) }</span>
                <b>{ attribute.generator.value_type().unwrap_or("↑") }</b>
            </td>
        },
        None => html! {
            <td class="plain-key absent" title={format!("{} items have no {}: they stay out of the indexes keyed on it.", entity.name, key.name)}>
                { format!("no {}", key.name) }
            </td>
        },
    }
}

#[function_component(ChartEditor)]
pub fn chart_editor() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let keys = state.chart.table.key_attribute_names();
    let plain: Vec<KeyAttribute> = state
        .chart
        .table
        .plain_key_attributes()
        .into_iter()
        .cloned()
        .collect();
    let plain_key = |name: &str| plain.iter().find(|k| k.name == name);
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
                { "Key templates turn attributes into keys: {customerId} is replaced by the attribute, {price:08.2} pads a number to width 8 with 2 decimals so it sorts as text. A blank template keeps the entity out of that index. An index keyed on several attributes needs no template: it composes the item's own attributes, each by its type." }
            </p>
            <ChangedLine />
            { warnings(general) }
            <div class="chart-scroll">
                <table class="grid chart">
                    <caption class="visually-hidden">{ "Key templates, by entity and key attribute" }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Entity" }</th>
                            { for keys.iter().map(|k| match plain_key(k) {
                                Some(_) => html! { <th scope="col" class="plain-key">{ k }<span class="small muted">{ " (the item's own)" }</span></th> },
                                None => html! { <th scope="col">{ k }</th> },
                            }) }
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
                                    { for keys.iter().map(|key| {
                                        let template = entity.keys.get(key).cloned().unwrap_or_default();
                                        match plain_key(key) {
                                            Some(plain) if template.trim().is_empty() => plain_cell(entity, plain),
                                            _ => html! {
                                                <TemplateCell entity={entity.name.clone()} key_name={key.clone()} value={template} />
                                            },
                                        }
                                    }) }
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
