//! The data as DynamoDB stores it: item collections of the table, or the
//! entries of one index, rendered a screenful at a time so that a hundred
//! thousand items scroll as smoothly as a hundred.

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::hooks::scroll_place::use_scroll_place;
use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use super::data_rows::{Columns, row_html};
use crate::model::data::item_keys::stored_item_key;
use crate::model::data::view::Rows;
use crate::model::format::thousands;
use crate::store::Action;

/// Height of one row, in pixels (fixed, so the visible slice is arithmetic).
const ROW_HEIGHT: f64 = 30.0;
/// Height of the scrolling area.
const VIEW_HEIGHT: f64 = 420.0;
/// Rows rendered above and below the visible ones.
const OVERSCAN: usize = 8;

#[function_component(DataView)]
pub fn data_view() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let view = &state.position.index;
    let place = use_scroll_place(ROW_HEIGHT);
    let all_rows = {
        let engine = state.engine.clone();
        let table = state.chart.table.name.clone();
        use_memo((state.revision, view.clone()), move |(_, view)| {
            Rows::of(&engine.borrow(), &table, view.as_deref())
        })
    };
    // After a request, bring the first item it read into view.
    {
        let (all_rows, highlight, design, engine) = (
            all_rows.clone(),
            state.runner.highlight.clone(),
            state.chart.table.clone(),
            state.engine.clone(),
        );
        let jump = place.jump.clone();
        use_effect_with(Rc::as_ptr(&state.runner.highlight) as usize, move |_| {
            if highlight.read.is_empty() {
                return;
            }
            let first_read = all_rows.position(&engine.borrow(), |item| {
                stored_item_key(item, &design).is_some_and(|k| highlight.read.contains(&k))
            });
            // Show the collection header above it too.
            if let Some(row) = first_read {
                jump(row.saturating_sub(1));
            }
        });
    }
    // Jump to the first item collection whose partition key starts with the text.
    let on_find = {
        let (all_rows, jump) = (all_rows.clone(), place.jump.clone());
        Callback::from(move |e: InputEvent| {
            let text = e
                .target_unchecked_into::<web_sys::HtmlInputElement>()
                .value();
            if text.is_empty() {
                return;
            }
            if let Some(row) = all_rows.find_collection(&text) {
                jump(row);
            }
        })
    };
    let onchange = {
        let (state, reset) = (state.clone(), place.reset.clone());
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            state.dispatch(Action::ShowIndex((!value.is_empty()).then_some(value)));
            reset();
        })
    };
    let design = &state.chart.table;
    // The key attributes of what is shown: a multi-attribute index's
    // several, each its own column's part.
    let names = |keys: Vec<&crate::model::design::chart::KeyAttribute>| -> Vec<String> {
        keys.into_iter().map(|k| k.name.clone()).collect()
    };
    let (pk, sk) = match view
        .as_deref()
        .and_then(|v| design.indexes.iter().find(|i| i.name == v))
    {
        Some(index) => (
            names(index.partition_keys().collect()),
            names(index.sort_keys().collect()),
        ),
        None => (
            names(vec![&design.partition_key]),
            names(design.sort_key.iter().collect()),
        ),
    };
    let first = ((place.top / ROW_HEIGHT) as usize).saturating_sub(OVERSCAN);
    let visible = (VIEW_HEIGHT / ROW_HEIGHT) as usize + 2 * OVERSCAN;
    // The data may have shrunk since the last scroll: never start past the end.
    let first = first.min(all_rows.len());
    let last = (first + visible).min(all_rows.len());
    let (items, collections) = (all_rows.items(), all_rows.collections());
    let show_membership = view.is_none() && !design.indexes.is_empty();
    let columns = Columns {
        state,
        pk: &pk,
        sk: &sk,
        show_membership,
        read_only,
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
            if !state.runner.highlight.read.is_empty() {
                <p class="legend">
                    <span class="swatch returned"></span>{ " returned by the last request " }
                    <span class="swatch dropped"></span>{ " read, then dropped by its filter" }
                </p>
            }
            <p class="view-summary" aria-live="polite">
                { format!("{} item{} in {} item collection{}.", thousands(items), if items == 1 { "" } else { "s" },
                    thousands(collections), if collections == 1 { "" } else { "s" }) }
            </p>
            <div class="data-scroll" ref={place.container.clone()} onscroll={place.onscroll.clone()} style={format!("height: {VIEW_HEIGHT}px")}
                tabindex="0" role="region" aria-label="Items, grouped by partition key">
                <table class="grid data">
                    <thead>
                        <tr>
                            <th scope="col">{ "Entity" }</th>
                            <th scope="col">{ pk.join(" · ") }</th>
                            <th scope="col">{ sk.join(" · ") }</th>
                            <th scope="col">{ "Other attributes" }</th>
                            if show_membership { <th scope="col">{ "Indexes" }</th> }
                            <th scope="col" class="num">{ "Bytes" }</th>
                            <th scope="col" class="edit-column"><span class="visually-hidden">{ "Edit" }</span></th>
                        </tr>
                    </thead>
                    <tbody>
                        <tr class="spacer" style={format!("height: {}px", first as f64 * ROW_HEIGHT)} aria-hidden="true"></tr>
                        { for all_rows.slice(&state.engine.borrow(), first, last).iter().map(|row| row_html(&columns, row)) }
                        <tr class="spacer" style={format!("height: {}px", (all_rows.len() - last) as f64 * ROW_HEIGHT)} aria-hidden="true"></tr>
                    </tbody>
                </table>
            </div>
        </Collapsible>
    }
}
