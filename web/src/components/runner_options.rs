//! The runner's menus and switches: the operation, and for it the index,
//! Limit, Select, ReturnValues, the segments of a parallel Scan, the
//! order of a Query and ConsistentRead.

use engine::api::Operation;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::field_value::field_value;
use crate::embed::use_read_only;
use crate::hooks::store::use_store;
use crate::model::patterns::runner::{Draft, OPERATIONS};
use crate::store::Action;

/// The row of menus and switches above the request's text fields.
#[function_component(RunnerOptions)]
pub fn runner_options() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let form = &state.runner.draft.form;
    // One setter for every select and input field of the form.
    let setter = |update: fn(&mut Draft, String)| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            state.dispatch(Action::EditDraft {
                update,
                value: field_value(&e),
            })
        })
    };
    let on_operation =
        setter(|d, v| d.form.operation = Operation::parse(&v).unwrap_or(d.form.operation));
    let on_index = setter(|d, v| d.form.index = v);
    let on_limit = setter(|d, v| d.form.limit = v);
    let on_select = setter(|d, v| d.form.select = v);
    let toggle = |update: fn(&mut Draft, String)| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            state.dispatch(Action::EditDraft {
                update,
                value: input.checked().to_string(),
            })
        })
    };
    let is_get = form.operation == Operation::GetItem;
    let is_query = form.operation == Operation::Query;
    let multi = form.operation.is_multi_item();
    let statement = form.operation == Operation::ExecuteStatement;
    let is_read = !form.operation.is_write() && !multi;
    // The fields of a Query, a Scan or a GetItem (a statement has its own).
    let is_item_read = is_read && !statement;
    let on_return_values = setter(|d, v| d.form.return_values = v);
    html! {
        <div class="row">
            <label class="field inline">
                <span>{ "Operation" }</span>
                <select onchange={on_operation} aria-label="Operation">
                    { for OPERATIONS.iter().filter(|op| !(read_only && op.is_write())).map(|op| html! {
                        <option value={op.name()} selected={form.operation == *op}>{ op.name() }</option>
                    }) }
                </select>
            </label>
            if form.operation.is_single_write() {
                <label class="field inline">
                    <span>{ "ReturnValues" }</span>
                    <select onchange={on_return_values} aria-label="ReturnValues">
                        { for ["", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"].iter().map(|v| html! {
                            <option value={*v} selected={form.return_values == *v}>{ if v.is_empty() { "NONE" } else { v } }</option>
                        }) }
                    </select>
                </label>
            }
            if is_item_read && !is_get {
                <label class="field inline">
                    <span>{ "Index" }</span>
                    <select onchange={on_index} aria-label="Index">
                        <option value="" selected={form.index.is_empty()}>{ "(the table)" }</option>
                        { for state.chart.table.indexes.iter().map(|i| html! {
                            <option value={i.name.clone()} selected={form.index == i.name}>{ &i.name }</option>
                        }) }
                    </select>
                </label>
                <p class="key-names" aria-live="polite">{ key_names(&state.chart.table, &form.index) }</p>
            }
            if is_read && !is_get {
                <label class="field inline">
                    <span>{ "Limit" }</span>
                    <input type="number" min="1" value={form.limit.clone()} onchange={on_limit} aria-label="Limit" />
                </label>
            }
            if is_item_read && !is_get {
                <label class="field inline">
                    <span>{ "Select" }</span>
                    <select onchange={on_select} aria-label="Select">
                        { for ["", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"].iter().map(|v| html! {
                            <option value={*v} selected={form.select == *v}>{ if v.is_empty() { "(default)" } else { v } }</option>
                        }) }
                    </select>
                </label>
            }
            if form.operation == Operation::Scan {
                <label class="field inline">
                    <span>{ "Segment" }</span>
                    <input type="number" min="0" class="short" value={form.segment.clone()} onchange={setter(|d, v| d.form.segment = v)} aria-label="Segment" />
                </label>
                <label class="field inline">
                    <span>{ "TotalSegments" }</span>
                    <input type="number" min="1" class="short" value={form.total_segments.clone()} onchange={setter(|d, v| d.form.total_segments = v)} aria-label="TotalSegments" />
                </label>
            }
            if is_query {
                <label class="check"><input type="checkbox" checked={form.forward} onchange={toggle(|d, v| d.form.forward = v == "true")} />{ " ScanIndexForward" }</label>
            }
            if is_read {
                <label class="check"><input type="checkbox" checked={form.consistent} onchange={toggle(|d, v| d.form.consistent = v == "true")} />{ " ConsistentRead" }</label>
            }
        </div>
    }
}

/// The keys of what the runner reads, for writing its key condition:
/// "Keys: partition GSI1PK, sort GSI1SK"; a multi-attribute key's
/// attributes in order ("sort orderStatus, then orderDate").
fn key_names(table: &crate::model::design::chart::TableDesign, index: &str) -> String {
    let names = |keys: Vec<&crate::model::design::chart::KeyAttribute>| {
        keys.iter()
            .map(|k| k.name.as_str())
            .collect::<Vec<_>>()
            .join(", then ")
    };
    let (partition, sort) = match table.indexes.iter().find(|i| i.name == index) {
        Some(i) => (
            names(i.partition_keys().collect()),
            names(i.sort_keys().collect()),
        ),
        None => (
            names(vec![&table.partition_key]),
            names(table.sort_key.iter().collect()),
        ),
    };
    if sort.is_empty() {
        format!("Key: partition {partition}")
    } else {
        format!("Keys: partition {partition}, sort {sort}")
    }
}
