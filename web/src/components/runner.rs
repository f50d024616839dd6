//! Run your own request against the example table — a read, a write, a
//! batch or a transaction — with every parameter; the items as a grid and
//! the raw response, or DynamoDB's error with the offending part of the
//! expression underlined and a cancelled transaction's reasons listed.

use engine::api::Operation;
use serde_json::Value as Json;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use super::field_value::field_value;
use super::pattern_bar::PatternBar;
use crate::model::data::multi_item::{consumed_units, response_items};
use crate::model::format::units;
use crate::model::measure::request_run::{RequestRun, RunAsked};
use crate::model::patterns::runner::{Draft, Form, OPERATIONS, StatementRun};
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct RunnerProps {
    pub state: UseReducerHandle<State>,
}

fn text_field(
    state: &UseReducerHandle<State>,
    label: &'static str,
    value: &str,
    update: fn(&mut Draft, String),
    rows: u32,
) -> Html {
    let oninput = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            state.dispatch(Action::EditDraft {
                update,
                value: area.value(),
            });
        })
    };
    html! {
        <label class="field">
            <span>{ label }</span>
            <textarea rows={rows.to_string()} spellcheck="false" value={value.to_string()} {oninput} />
        </label>
    }
}

/// The field text with the failing byte range underlined.
fn underlined(text: &str, start: usize, end: usize) -> Html {
    let end = end.max(start + 1).min(text.len());
    match (text.get(..start), text.get(start..end), text.get(end..)) {
        (Some(before), Some(bad), Some(after)) if !bad.is_empty() => html! {
            <code class="underlined">{ before }<mark>{ bad }</mark>{ after }</code>
        },
        _ => html! { <code class="underlined">{ text }<mark>{ " " }</mark></code> },
    }
}

fn field_text<'a>(form: &'a Form, parameter: &str) -> &'a str {
    match parameter {
        "KeyConditionExpression" => &form.key_condition,
        "FilterExpression" => &form.filter,
        "ProjectionExpression" => &form.projection,
        "ConditionExpression" => &form.condition,
        "UpdateExpression" => &form.update,
        "Statement" => &form.statement,
        _ => "",
    }
}

/// The items of a response as a grid: the key attributes first (the
/// table's, then the indexes'), then the others by name.
fn items_grid(response: &Json, keys: &[String]) -> Html {
    let items = response_items(response);
    if items.is_empty() && response.get("Items").is_none() {
        return html! {};
    }
    let mut columns: Vec<String> = Vec::new();
    for item in items.iter().take(200) {
        for name in item.as_object().into_iter().flat_map(|o| o.keys()) {
            if !columns.contains(name) {
                columns.push(name.clone());
            }
        }
    }
    let rank = |name: &String| keys.iter().position(|k| k == name).unwrap_or(keys.len());
    columns.sort_by(|a, b| rank(a).cmp(&rank(b)).then_with(|| a.cmp(b)));
    let cell = |value: &Json| -> String {
        value
            .as_object()
            .and_then(|o| o.iter().next())
            .map_or(String::new(), |(_, v)| match v {
                Json::String(s) => s.clone(),
                other => other.to_string(),
            })
    };
    html! {
        <div class="result-scroll">
            <table class="grid results">
                <thead><tr>{ for columns.iter().map(|c| html! { <th scope="col">{ c }</th> }) }</tr></thead>
                <tbody>
                    { for items.iter().take(200).map(|item| html! {
                        <tr>{ for columns.iter().map(|c| html! { <td data-attribute={c.clone()}>{ item.get(c).map(cell).unwrap_or_default() }</td> }) }</tr>
                    }) }
                </tbody>
            </table>
            if items.len() > 200 { <p class="muted">{ format!("Showing the first 200 of {} items.", items.len()) }</p> }
        </div>
    }
}

/// "Count 7 · ScannedCount 7 · 1 RCU" for a Query or Scan, "0.5 RCU" for
/// a GetItem, "4 WCU" for a write, summed over a batch's tables; a
/// statement's counts come from its run, which DynamoDB does not return.
fn outcome_numbers(
    operation: Operation,
    response: &Json,
    statement: Option<&StatementRun>,
) -> String {
    let units = units(consumed_units(response));
    if let Some(run) = statement {
        return if run.written_key.is_some() {
            format!("{units} WCU")
        } else {
            format!(
                "Count {} · ScannedCount {} · {units} RCU",
                run.count, run.scanned_count
            )
        };
    }
    match (response.get("Count"), response.get("ScannedCount")) {
        (Some(count), Some(scanned)) => {
            format!("Count {count} · ScannedCount {scanned} · {units} RCU")
        }
        _ if operation.is_write() => format!("{units} WCU"),
        _ => format!("{units} RCU"),
    }
}

#[function_component(Runner)]
pub fn runner(props: &RunnerProps) -> Html {
    let state = &props.state;
    let read_only = use_read_only();
    let draft = state.draft.clone();
    let form = &draft.form;
    let outcome = state.last_run.clone();
    let execute = {
        let state = state.clone();
        move |form: &Form, start_key: Option<Json>| {
            state.dispatch(Action::Run(Box::new(RunAsked {
                form: form.clone(),
                start_key,
                shards: state.draft.settings.shards.clone(),
                read_only,
                draw: js_sys::Math::random(),
            })))
        }
    };
    // Run on a pattern of the list runs the draft it put here. The count
    // seen at mount is not a request: a remounted runner stays quiet.
    {
        let seen = use_mut_ref(|| state.run_now);
        let (form, execute) = (form.clone(), execute.clone());
        use_effect_with(state.run_now, move |run_now| {
            if *seen.borrow() != *run_now {
                *seen.borrow_mut() = *run_now;
                execute(&form, None);
            }
        });
    }
    let on_run = {
        let execute = execute.clone();
        let form = form.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            execute(&form, None);
        })
    };
    let next_key = outcome
        .as_ref()
        .and_then(|o| o.result.as_ref().ok())
        .and_then(|r| {
            r.get("LastEvaluatedKey")
                .or_else(|| r.get("NextToken"))
                .cloned()
        });
    let on_next = {
        let execute = execute.clone();
        let key = next_key.clone();
        let form = form.clone();
        Callback::from(move |_| execute(&form, key.clone()))
    };
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
    let key_names = state.chart.table.key_attribute_names();
    let is_get = form.operation == Operation::GetItem;
    let is_query = form.operation == Operation::Query;
    let multi = form.operation.is_multi_item();
    let statement = form.operation == Operation::ExecuteStatement;
    let is_read = !form.operation.is_write() && !multi;
    // The fields of a Query, a Scan or a GetItem (a statement has its own).
    let is_item_read = is_read && !statement;
    let on_return_values = setter(|d, v| d.form.return_values = v);
    html! {
        <Collapsible panel={Panel::Runner}>
            <form class="runner" onsubmit={on_run}>
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
                if matches!(form.operation, Operation::GetItem | Operation::UpdateItem | Operation::DeleteItem) { { text_field(state, "Key", &form.key, |d, v| d.form.key = v, 2) } }
                if form.operation == Operation::PutItem { { text_field(state, "Item", &form.item, |d, v| d.form.item = v, 3) } }
                if form.operation == Operation::UpdateItem { { text_field(state, "UpdateExpression", &form.update, |d, v| d.form.update = v, 1) } }
                if form.operation.is_single_write() { { text_field(state, "ConditionExpression", &form.condition, |d, v| d.form.condition = v, 1) } }
                if is_query { { text_field(state, "KeyConditionExpression", &form.key_condition, |d, v| d.form.key_condition = v, 1) } }
                if is_item_read && !is_get { { text_field(state, "FilterExpression", &form.filter, |d, v| d.form.filter = v, 1) } }
                if is_item_read { { text_field(state, "ProjectionExpression", &form.projection, |d, v| d.form.projection = v, 1) } }
                if statement {
                    { text_field(state, "Statement", &form.statement, |d, v| d.form.statement = v, 3) }
                    { text_field(state, "Parameters", &form.parameters, |d, v| d.form.parameters = v, 1) }
                }
                if matches!(form.operation, Operation::BatchGetItem | Operation::BatchWriteItem) { { text_field(state, "RequestItems", &form.request_items, |d, v| d.form.request_items = v, 8) } }
                if matches!(form.operation, Operation::TransactGetItems | Operation::TransactWriteItems) { { text_field(state, "TransactItems", &form.transact_items, |d, v| d.form.transact_items = v, 10) } }
                if !multi && !statement {
                    { text_field(state, "ExpressionAttributeNames", &form.names, |d, v| d.form.names = v, 1) }
                    { text_field(state, "ExpressionAttributeValues", &form.values, |d, v| d.form.values = v, 2) }
                }
                <div class="row">
                    <button type="submit" class="primary">{ "Run" }</button>
                    if next_key.is_some() { <button type="button" onclick={on_next}>{ "Next page" }</button> }
                </div>
            </form>

            { match outcome.as_deref() {
                None => html! {},
                Some(RequestRun { result: Err(failure), .. }) => html! {
                    <div class="failure" role="alert">
                        <p>
                            if let Some(kind) = &failure.kind {
                                <strong>{ format!("{kind}: ") }</strong>
                            }
                            { &failure.message }
                        </p>
                        if failure.kind() == "ConditionalCheckFailedException" {
                            <p class="muted">{ "Nothing was written, yet the attempt is charged write units on the item's size; DynamoDB does not report them." }</p>
                        }
                        if !failure.reasons.is_empty() {
                            <p class="muted">{ "Nothing was written: a transaction is all or nothing. CancellationReasons, one per action in request order:" }</p>
                            <ol class="reasons">{ for failure.reasons.iter().map(|r| html! { <li>{ r.split_once(". ").map_or(r.as_str(), |(_, rest)| rest) }</li> }) }</ol>
                        }
                        if let Some((parameter, start, end)) = &failure.location {
                            <p class="where">{ format!("In {parameter}: ") }{ underlined(field_text(form, parameter), *start, *end) }</p>
                        }
                    </div>
                },
                Some(RequestRun { result: Ok(response), request, operation, statement, sharded, .. }) => html! {
                    <div class="outcome">
                        if let Some(sentence) = sharded {
                            <p class="served sharded">{ sentence }</p>
                        }
                        if let Some(run) = statement {
                            <p class={classes!("served", run.explanation.scan.then_some("scan"))}>
                                if run.explanation.scan { <strong class="flag">{ "Full Scan" }</strong>{ " " } }
                                { &run.explanation.text }
                            </p>
                        }
                        <p class="numbers">{ outcome_numbers(*operation, response, statement.as_ref()) }</p>
                        { items_grid(response, &key_names) }
                        <details>
                            <summary>{ "Request and raw response (DynamoDB JSON)" }</summary>
                            <pre class="request">{ serde_json::to_string_pretty(request).unwrap_or_default() }</pre>
                            <pre class="request">{ serde_json::to_string_pretty(response).unwrap_or_default() }</pre>
                        </details>
                    </div>
                },
            } }
            if !read_only {
                <PatternBar state={state.clone()} />
            }
        </Collapsible>
    }
}
