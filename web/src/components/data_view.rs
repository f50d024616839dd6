//! The data as DynamoDB stores it: item collections of the table, or the
//! entries of one index, rendered a screenful at a time so that a hundred
//! thousand items scroll as smoothly as a hundred.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use web_sys::{Element, HtmlSelectElement};
use yew::prelude::*;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use crate::model::data::item_keys::stored_item_key;
use crate::model::data::view::{Row, Rows, entity as entity_of};
use crate::model::design::chart::{IndexDesign, TableDesign};
use crate::model::format::thousands;
use crate::model::format::value_text;
use crate::store::{Action, State};

/// Height of one row, in pixels (fixed, so the visible slice is arithmetic).
const ROW_HEIGHT: f64 = 30.0;
/// Height of the scrolling area.
const VIEW_HEIGHT: f64 = 420.0;
/// Rows rendered above and below the visible ones.
const OVERSCAN: usize = 8;
/// How long the view must rest before its place is kept with the playground.
const SETTLE_MS: u32 = 400;

#[derive(Properties, PartialEq)]
pub struct DataViewProps {
    pub state: UseReducerHandle<State>,
}

/// Which indexes hold an item, and why not: the missing key attribute.
fn index_membership(
    table: &TableDesign,
    item: &engine::types::Item,
) -> Vec<(String, Option<String>)> {
    table
        .indexes
        .iter()
        .map(|index: &IndexDesign| {
            let missing = std::iter::once(&index.partition_key)
                .chain(index.sort_key.iter())
                .find(|k| item.get(&k.name).is_none())
                .map(|k| k.name.clone());
            (index.name.clone(), missing)
        })
        .collect()
}

#[function_component(DataView)]
pub fn data_view(props: &DataViewProps) -> Html {
    let state = &props.state;
    let read_only = use_read_only();
    let view = &state.position.index;
    let scroll_top = use_state(|| state.position.row as f64 * ROW_HEIGHT);
    let container = use_node_ref();
    let all_rows = {
        let engine = state.engine.clone();
        let table = state.chart.table.name.clone();
        use_memo((state.revision, view.clone()), move |(_, view)| {
            Rows::of(&engine.borrow(), &table, view.as_deref())
        })
    };
    // A playground opened where its data view stood comes back there.
    {
        let (container, top) = (container.clone(), *scroll_top);
        use_effect_with((), move |_| {
            if let Some(element) = container.cast::<Element>() {
                element.set_scroll_top(top as i32);
            }
        });
    }
    // The store learns where the view stands once the scrolling stops.
    let settle = use_mut_ref(|| None::<Timeout>);
    let report_row = {
        let state = state.clone();
        move |top: f64| {
            let state = state.clone();
            let row = (top / ROW_HEIGHT).round() as usize;
            *settle.borrow_mut() = Some(Timeout::new(SETTLE_MS, move || {
                state.dispatch(Action::ScrolledTo(row))
            }));
        }
    };
    // After a request, bring the first item it read into view.
    {
        let (all_rows, highlight, design, engine) = (
            all_rows.clone(),
            state.highlight.clone(),
            state.chart.table.clone(),
            state.engine.clone(),
        );
        let (container, scroll_top, report_row) =
            (container.clone(), scroll_top.clone(), report_row.clone());
        use_effect_with(Rc::as_ptr(&state.highlight) as usize, move |_| {
            if highlight.read.is_empty() {
                return;
            }
            let first_read = all_rows.position(&engine.borrow(), |item| {
                stored_item_key(item, &design).is_some_and(|k| highlight.read.contains(&k))
            });
            if let (Some(row), Some(element)) = (first_read, container.cast::<Element>()) {
                // Show the collection header above it too.
                let top = (row.saturating_sub(1) as f64 * ROW_HEIGHT) as i32;
                element.set_scroll_top(top);
                scroll_top.set(f64::from(top));
                report_row(f64::from(top));
            }
        });
    }
    let onscroll = {
        let container = container.clone();
        let scroll_top = scroll_top.clone();
        let report_row = report_row.clone();
        Callback::from(move |_| {
            if let Some(element) = container.cast::<Element>() {
                let top = f64::from(element.scroll_top());
                scroll_top.set(top);
                report_row(top);
            }
        })
    };
    // Jump to the first item collection whose partition key starts with the text.
    let on_find = {
        let (all_rows, container, scroll_top, report_row) = (
            all_rows.clone(),
            container.clone(),
            scroll_top.clone(),
            report_row.clone(),
        );
        Callback::from(move |e: InputEvent| {
            let text = e
                .target_unchecked_into::<web_sys::HtmlInputElement>()
                .value();
            if text.is_empty() {
                return;
            }
            let found = all_rows.find_collection(&text);
            if let (Some(row), Some(element)) = (found, container.cast::<Element>()) {
                let top = (row as f64 * ROW_HEIGHT) as i32;
                element.set_scroll_top(top);
                scroll_top.set(f64::from(top));
                report_row(f64::from(top));
            }
        })
    };
    let onchange = {
        let state = state.clone();
        let scroll_top = scroll_top.clone();
        let container = container.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            state.dispatch(Action::ShowIndex((!value.is_empty()).then_some(value)));
            scroll_top.set(0.0);
            if let Some(element) = container.cast::<Element>() {
                element.set_scroll_top(0);
            }
        })
    };
    let design = &state.chart.table;
    let (pk, sk) = match view
        .as_deref()
        .and_then(|v| design.indexes.iter().find(|i| i.name == v))
    {
        Some(index) => (
            index.partition_key.name.clone(),
            index.sort_key.as_ref().map(|k| k.name.clone()),
        ),
        None => (
            design.partition_key.name.clone(),
            design.sort_key.as_ref().map(|k| k.name.clone()),
        ),
    };
    let first = ((*scroll_top / ROW_HEIGHT) as usize).saturating_sub(OVERSCAN);
    let visible = (VIEW_HEIGHT / ROW_HEIGHT) as usize + 2 * OVERSCAN;
    // The data may have shrunk since the last scroll: never start past the end.
    let first = first.min(all_rows.len());
    let last = (first + visible).min(all_rows.len());
    let entity_index = |name: &str| state.chart.entities.iter().position(|e| e.name == name);
    let (items, collections) = (all_rows.items(), all_rows.collections());
    let show_membership = view.is_none() && !design.indexes.is_empty();
    // Edit opens the whole item (an index entry may hold only some of it).
    let edit = |item: &engine::types::Item| {
        let state = state.clone();
        let encoded = engine::api::attribute_value::encode_item(item);
        let key: serde_json::Map<String, serde_json::Value> =
            std::iter::once(&design.partition_key)
                .chain(design.sort_key.iter())
                .filter_map(|k| encoded.get(&k.name).map(|v| (k.name.clone(), v.clone())))
                .collect();
        Callback::from(move |_| {
            state.dispatch(Action::EditStored(serde_json::Value::Object(key.clone())))
        })
    };
    let item_label = |item: &engine::types::Item| {
        std::iter::once(&design.partition_key)
            .chain(design.sort_key.iter())
            .filter_map(|k| item.get(&k.name).map(value_text))
            .collect::<Vec<_>>()
            .join(" ")
    };
    html! {
        <Collapsible panel={Panel::Data}>
            <label class="view-picker">
                { "Show " }
                <select {onchange} aria-label="Table or index to show">
                    <option value="" selected={view.is_none()}>{ format!("the table ({})", design.name) }</option>
                    { for design.indexes.iter().map(|i| html! {
                        <option value={i.name.clone()} selected={view.as_deref() == Some(i.name.as_str())}>
                            { format!("index {} ({})", i.name, if i.global { "global" } else { "local" }) }
                        </option>
                    }) }
                </select>
            </label>
            <label class="view-picker find">
                { "Go to partition key " }
                <input type="search" spellcheck="false" placeholder="CUST#c11" oninput={on_find}
                    aria-label="Go to the item collection whose partition key starts with" />
            </label>
            if !state.highlight.read.is_empty() {
                <p class="legend">
                    <span class="swatch returned"></span>{ " returned by the last request " }
                    <span class="swatch dropped"></span>{ " read, then dropped by its filter" }
                </p>
            }
            <p class="view-summary" aria-live="polite">
                { format!("{} item{} in {} item collection{}.", thousands(items), if items == 1 { "" } else { "s" },
                    thousands(collections), if collections == 1 { "" } else { "s" }) }
            </p>
            <div class="data-scroll" ref={container} {onscroll} style={format!("height: {VIEW_HEIGHT}px")}
                tabindex="0" role="region" aria-label="Items, grouped by partition key">
                <table class="grid data">
                    <thead>
                        <tr>
                            <th scope="col">{ "Entity" }</th>
                            <th scope="col">{ pk.clone() }</th>
                            <th scope="col">{ sk.clone().unwrap_or_default() }</th>
                            <th scope="col">{ "Other attributes" }</th>
                            if show_membership { <th scope="col">{ "Indexes" }</th> }
                            <th scope="col" class="num">{ "Bytes" }</th>
                            <th scope="col" class="edit-column"><span class="visually-hidden">{ "Edit" }</span></th>
                        </tr>
                    </thead>
                    <tbody>
                        <tr class="spacer" style={format!("height: {}px", first as f64 * ROW_HEIGHT)} aria-hidden="true"></tr>
                        { for all_rows.slice(&state.engine.borrow(), first, last).iter().map(|row| match row {
                            Row::Collection { key, items, bytes } => html! {
                                <tr class="collection">
                                    <th scope="rowgroup" colspan={if show_membership { "5" } else { "4" }}>
                                        { format!("{pk} = {key}") }
                                        <span class="muted">{ format!(" · {} item{}", thousands(*items), if *items == 1 { "" } else { "s" }) }</span>
                                    </th>
                                    <td class="num">{ thousands(*bytes) }</td>
                                    <td></td>
                                </tr>
                            },
                            Row::Item { item, bytes, base } => {
                                let entity = entity_of(&state.engine.borrow(), &state.chart.table.name, item, base.as_ref());
                                let entity = entity.as_str();
                                // Index entries always carry the table's keys.
                                let key = stored_item_key(item, design);
                                let (mark, mark_text) = match key {
                                    Some(k) if state.highlight.returned.contains(&k) => ("returned", "returned"),
                                    Some(k) if state.highlight.read.contains(&k) => ("dropped", "read, filtered out"),
                                    _ => ("", ""),
                                };
                                let others: Vec<String> = item.iter()
                                    .filter(|(name, _)| name.as_str() != pk && Some(name.as_str()) != sk.as_deref() && name.as_str() != crate::model::design::chart::ENTITY_ATTRIBUTE)
                                    .map(|(name, value)| format!("{name}={}", value_text(value)))
                                    .collect();
                                html! {
                                    <tr class={classes!("item", (!mark.is_empty()).then_some(mark))}>
                                        <td>
                                            <span class={super::entity_class(entity_index(entity))}>{ if entity.is_empty() { "—" } else { entity } }</span>
                                            if !mark_text.is_empty() { <span class="mark-text">{ mark_text }</span> }
                                        </td>
                                        <td class="key">{ item.get(&pk).map(value_text).unwrap_or_default() }</td>
                                        <td class="key">{ sk.as_deref().and_then(|s| item.get(s)).map(value_text).unwrap_or_default() }</td>
                                        <td class="others" title={others.join(", ")}>{ others.join(", ") }</td>
                                        if show_membership {
                                            <td class="membership">
                                                { for index_membership(design, item).into_iter().map(|(name, missing)| match missing {
                                                    None => html! { <span class="in-index">{ format!("in {name}") }</span> },
                                                    Some(key) => html! { <span class="not-in-index" title={format!("Not in {name}: no {key}")}>{ format!("no {key}") }</span> },
                                                }) }
                                            </td>
                                        }
                                        <td class="num">{ thousands(*bytes) }</td>
                                        <td>
                                            if !read_only {
                                            <button type="button" class="small" onclick={edit(item)}
                                                aria-label={format!("Edit the item {}", item_label(item))}>{ "Edit" }</button>
                                            }
                                        </td>
                                    </tr>
                                }
                            }
                        }) }
                        <tr class="spacer" style={format!("height: {}px", (all_rows.len() - last) as f64 * ROW_HEIGHT)} aria-hidden="true"></tr>
                    </tbody>
                </table>
            </div>
        </Collapsible>
    }
}
