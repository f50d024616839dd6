//! Run your own request: Query, Scan or GetItem against the example table,
//! with every parameter; the items as a grid and the raw response, or
//! DynamoDB's error with the offending part of the expression underlined.

use serde_json::Value as Json;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::field_value::field_value;
use super::pattern_bar::PatternBar;
use crate::model::explain::units;
use crate::model::runner::{Failure, Form, highlight, is_write, run};
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct RunnerProps {
    pub state: UseReducerHandle<State>,
}

/// The result of the last run, and the request that produced it.
#[derive(Clone, PartialEq)]
struct Outcome {
    operation: String,
    request: Json,
    result: Result<Json, Failure>,
}

fn text_field(
    form: &UseStateHandle<Form>,
    label: &'static str,
    value: &str,
    update: fn(&mut Form, String),
    rows: u32,
) -> Html {
    let oninput = {
        let form = form.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let mut next = (*form).clone();
            update(&mut next, area.value());
            form.set(next);
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
        _ => "",
    }
}

/// The items of a response as a grid: the key attributes first (the
/// table's, then the indexes'), then the others by name.
fn items_grid(response: &Json, keys: &[String]) -> Html {
    let Some(items) = response
        .get("Items")
        .and_then(Json::as_array)
        .map(Vec::as_slice)
        .or_else(|| {
            response
                .get("Item")
                .or_else(|| response.get("Attributes"))
                .map(std::slice::from_ref)
        })
    else {
        return html! {};
    };
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
                        <tr>{ for columns.iter().map(|c| html! { <td>{ item.get(c).map(cell).unwrap_or_default() }</td> }) }</tr>
                    }) }
                </tbody>
            </table>
            if items.len() > 200 { <p class="muted">{ format!("Showing the first 200 of {} items.", items.len()) }</p> }
        </div>
    }
}

/// "Count 7 · ScannedCount 7 · 1 RCU" for a Query or Scan, "0.5 RCU" for
/// a GetItem, "4 WCU" for a write.
fn outcome_numbers(operation: &str, response: &Json) -> String {
    let units = units(
        response["ConsumedCapacity"]["CapacityUnits"]
            .as_f64()
            .unwrap_or(0.0),
    );
    match (response.get("Count"), response.get("ScannedCount")) {
        (Some(count), Some(scanned)) => {
            format!("Count {count} · ScannedCount {scanned} · {units} RCU")
        }
        _ if is_write(operation) => format!("{units} WCU"),
        _ => format!("{units} RCU"),
    }
}

#[function_component(Runner)]
pub fn runner(props: &RunnerProps) -> Html {
    let state = &props.state;
    let form = use_state(|| Form {
        operation: "Query".into(),
        table: state.chart.table.name.clone(),
        key_condition: "PK = :pk AND begins_with(SK, :prefix)".into(),
        values: "{\":pk\": {\"S\": \"CUST#c11\"}, \":prefix\": {\"S\": \"ORDER#2024-0\"}}".into(),
        forward: true,
        ..Form::default()
    });
    let outcome = use_state(|| None::<Outcome>);
    // The access pattern the form is saved as.
    let description = use_state(String::new);
    let execute = {
        let engine = state.engine.clone();
        let state = state.clone();
        let outcome = outcome.clone();
        move |form: &Form, start_key: Option<Json>| {
            let mut seen = None;
            let mut changed = false;
            let result = form.request().map(|mut request| {
                // The page has one table: requests go to it, whatever it is called now.
                request["TableName"] = Json::String(state.chart.table.name.clone());
                if let Some(key) = start_key.clone() {
                    request["ExclusiveStartKey"] = key;
                }
                let result = run(&mut engine.borrow_mut(), &form.operation, &request);
                if result.is_ok() && is_write(&form.operation) {
                    changed = true;
                } else if result.is_ok() {
                    seen = Some(highlight(
                        &mut engine.borrow_mut(),
                        &form.operation,
                        &request,
                        &state.chart.table,
                    ));
                }
                Outcome {
                    operation: form.operation.clone(),
                    request,
                    result,
                }
            });
            outcome.set(Some(match result {
                Ok(outcome) => outcome,
                Err(failure) => Outcome {
                    operation: form.operation.clone(),
                    request: Json::Null,
                    result: Err(failure),
                },
            }));
            if let Some(seen) = seen {
                state.dispatch(Action::Highlight(seen));
            }
            if changed {
                state.dispatch(Action::DataChanged);
            }
        }
    };
    // A pattern opened from the list replaces the form, and may run at once.
    {
        let preset = state.runner_preset.clone();
        let (form, description, outcome) = (form.clone(), description.clone(), outcome.clone());
        let execute = execute.clone();
        use_effect_with(preset.serial, move |serial| {
            if *serial > 0 {
                form.set(preset.form.clone());
                description.set(preset.description.clone());
                if preset.run {
                    execute(&preset.form, None);
                } else {
                    outcome.set(None);
                }
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
        .and_then(|r| r.get("LastEvaluatedKey").cloned());
    let on_next = {
        let execute = execute.clone();
        let key = next_key.clone();
        let form = form.clone();
        Callback::from(move |_| execute(&form, key.clone()))
    };
    // One setter for every select and input field of the form.
    let setter = |update: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let value = field_value(&e);
            let mut next = (*form).clone();
            update(&mut next, value);
            form.set(next);
        })
    };
    let on_operation = setter(|f, v| f.operation = v);
    let on_index = setter(|f, v| f.index = v);
    let on_limit = setter(|f, v| f.limit = v);
    let on_select = setter(|f, v| f.select = v);
    let toggle = |update: fn(&mut Form, bool)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let mut next = (*form).clone();
            update(&mut next, input.checked());
            form.set(next);
        })
    };
    let key_names = state.chart.table.key_attribute_names();
    let is_get = form.operation == "GetItem";
    let is_query = form.operation == "Query";
    let is_read = !is_write(&form.operation);
    let on_return_values = setter(|f, v| f.return_values = v);
    html! {
        <section aria-labelledby="runner-title" class="panel" id="runner">
            <h2 id="runner-title">{ "Run a request" }</h2>
            <form class="runner" onsubmit={on_run}>
                <div class="row">
                    <label class="field inline">
                        <span>{ "Operation" }</span>
                        <select onchange={on_operation} aria-label="Operation">
                            { for ["Query", "Scan", "GetItem", "PutItem", "UpdateItem", "DeleteItem"].iter().map(|op| html! {
                                <option value={*op} selected={form.operation == *op}>{ *op }</option>
                            }) }
                        </select>
                    </label>
                    if is_write(&form.operation) {
                        <label class="field inline">
                            <span>{ "ReturnValues" }</span>
                            <select onchange={on_return_values} aria-label="ReturnValues">
                                { for ["", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"].iter().map(|v| html! {
                                    <option value={*v} selected={form.return_values == *v}>{ if v.is_empty() { "NONE" } else { v } }</option>
                                }) }
                            </select>
                        </label>
                    }
                    if is_read && !is_get {
                        <label class="field inline">
                            <span>{ "Index" }</span>
                            <select onchange={on_index} aria-label="Index">
                                <option value="" selected={form.index.is_empty()}>{ "(the table)" }</option>
                                { for state.chart.table.indexes.iter().map(|i| html! {
                                    <option value={i.name.clone()} selected={form.index == i.name}>{ &i.name }</option>
                                }) }
                            </select>
                        </label>
                        <label class="field inline">
                            <span>{ "Limit" }</span>
                            <input type="number" min="1" value={form.limit.clone()} onchange={on_limit} aria-label="Limit" />
                        </label>
                    }
                    if is_read && !is_get {
                        <label class="field inline">
                            <span>{ "Select" }</span>
                            <select onchange={on_select} aria-label="Select">
                                { for ["", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"].iter().map(|v| html! {
                                    <option value={*v} selected={form.select == *v}>{ if v.is_empty() { "(default)" } else { v } }</option>
                                }) }
                            </select>
                        </label>
                    }
                    if form.operation == "Scan" {
                        <label class="field inline">
                            <span>{ "Segment" }</span>
                            <input type="number" min="0" class="short" value={form.segment.clone()} onchange={setter(|f, v| f.segment = v)} aria-label="Segment" />
                        </label>
                        <label class="field inline">
                            <span>{ "TotalSegments" }</span>
                            <input type="number" min="1" class="short" value={form.total_segments.clone()} onchange={setter(|f, v| f.total_segments = v)} aria-label="TotalSegments" />
                        </label>
                    }
                    if is_query {
                        <label class="check"><input type="checkbox" checked={form.forward} onchange={toggle(|f, v| f.forward = v)} />{ " ScanIndexForward" }</label>
                    }
                    if is_read {
                        <label class="check"><input type="checkbox" checked={form.consistent} onchange={toggle(|f, v| f.consistent = v)} />{ " ConsistentRead" }</label>
                    }
                </div>
                if matches!(form.operation.as_str(), "GetItem" | "UpdateItem" | "DeleteItem") { { text_field(&form, "Key", &form.key, |f, v| f.key = v, 2) } }
                if form.operation == "PutItem" { { text_field(&form, "Item", &form.item, |f, v| f.item = v, 3) } }
                if form.operation == "UpdateItem" { { text_field(&form, "UpdateExpression", &form.update, |f, v| f.update = v, 1) } }
                if !is_read { { text_field(&form, "ConditionExpression", &form.condition, |f, v| f.condition = v, 1) } }
                if is_query { { text_field(&form, "KeyConditionExpression", &form.key_condition, |f, v| f.key_condition = v, 1) } }
                if is_read && !is_get { { text_field(&form, "FilterExpression", &form.filter, |f, v| f.filter = v, 1) } }
                if is_read { { text_field(&form, "ProjectionExpression", &form.projection, |f, v| f.projection = v, 1) } }
                { text_field(&form, "ExpressionAttributeNames", &form.names, |f, v| f.names = v, 1) }
                { text_field(&form, "ExpressionAttributeValues", &form.values, |f, v| f.values = v, 2) }
                <div class="row">
                    <button type="submit" class="primary">{ "Run" }</button>
                    if next_key.is_some() { <button type="button" onclick={on_next}>{ "Next page" }</button> }
                </div>
            </form>

            { match outcome.as_ref() {
                None => html! {},
                Some(Outcome { result: Err(failure), .. }) => html! {
                    <div class="failure" role="alert">
                        <p><strong>{ format!("{}: ", failure.kind) }</strong>{ &failure.message }</p>
                        if failure.kind == "ConditionalCheckFailedException" {
                            <p class="muted">{ "Nothing was written, yet the attempt is charged write units on the item's size; DynamoDB does not report them." }</p>
                        }
                        if let Some((parameter, start, end)) = &failure.location {
                            <p class="where">{ format!("In {parameter}: ") }{ underlined(field_text(&form, parameter), *start, *end) }</p>
                        }
                    </div>
                },
                Some(Outcome { result: Ok(response), request, operation }) => html! {
                    <div class="outcome">
                        <p class="numbers">{ outcome_numbers(operation, response) }</p>
                        { items_grid(response, &key_names) }
                        <details>
                            <summary>{ "Request and raw response (DynamoDB JSON)" }</summary>
                            <pre class="request">{ serde_json::to_string_pretty(request).unwrap_or_default() }</pre>
                            <pre class="request">{ serde_json::to_string_pretty(response).unwrap_or_default() }</pre>
                        </details>
                    </div>
                },
            } }
            <PatternBar state={state.clone()} form={(*form).clone()} description={(*description).clone()}
                on_description={let d = description.clone(); Callback::from(move |text: String| d.set(text))} />
        </section>
    }
}
