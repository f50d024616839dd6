//! What the runner's last run did: DynamoDB's response — its numbers,
//! the items as a grid, the request and the raw response — or its error
//! with the offending part of the expression underlined and a cancelled
//! transaction's reasons listed.

use std::rc::Rc;

use engine::api::Operation;
use serde_json::Value as Json;
use yew::prelude::*;

use super::json_caret::JsonCaret;
use crate::hooks::store::use_store;
use crate::model::data::multi_item::{consumed_units, response_items};
use crate::model::explain::hints::hint;
use crate::model::format::units;
use crate::model::measure::request_run::RequestRun;
use crate::model::patterns::runner::{Form, StatementRun};

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

/// The runner's JSON fields, by the request parameter they fill.
fn json_field_text<'a>(form: &'a Form, parameter: &str) -> Option<&'a str> {
    Some(match parameter {
        "ExpressionAttributeNames" => &form.names,
        "ExpressionAttributeValues" => &form.values,
        "Key" => &form.key,
        "Item" => &form.item,
        "RequestItems" => &form.request_items,
        "TransactItems" => &form.transact_items,
        "Parameters" => &form.parameters,
        _ => return None,
    })
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

/// Where the last run's answer is shown.
const RUN_OUTCOME: &str = "run-outcome";

/// The last run's response or error, under the runner's form.
#[function_component(RunOutcome)]
pub fn run_outcome() -> Html {
    let state = use_store();
    let form = &state.runner.draft.form;
    let key_names = state.chart.table.key_attribute_names();
    let outcome = state.runner.last_run.clone();
    // A new run's answer is where the eye goes next: on a phone, or
    // whenever the form pushed it below the screen, it is brought up.
    {
        let shown = outcome.as_ref().map(|run| Rc::as_ptr(run) as usize);
        let seen = use_mut_ref(|| shown);
        use_effect_with(shown, move |shown| {
            if *seen.borrow() != *shown {
                *seen.borrow_mut() = *shown;
                if shown.is_some() && !crate::browser::top_in_view(RUN_OUTCOME) {
                    crate::browser::arrive_at(RUN_OUTCOME);
                }
            }
        });
    }
    html! {
    <div id={RUN_OUTCOME} class="run-outcome">
    { match outcome.as_deref() {
        None => html! {},
        Some(RequestRun { result: Err(failure), request, .. }) => html! {
            <div class="failure" role="alert">
                <p>
                    if let Some(kind) = &failure.kind {
                        <strong>{ format!("{kind}: ") }</strong>
                    }
                    { &failure.message }
                </p>
                if let Some(hint) = hint(request, failure, &state.chart.table) {
                    <p class="hint"><strong>{ "Hint: " }</strong>{ hint }</p>
                }
                if failure.kind() == "ConditionalCheckFailedException" {
                    <p class="muted">{ "Nothing was written, yet the attempt is charged write units on the item's size; DynamoDB does not report them." }</p>
                }
                if !failure.reasons.is_empty() {
                    <p class="muted">{ "Nothing was written: a transaction is all or nothing. CancellationReasons, one per action in request order:" }</p>
                    <ol class="reasons">{ for failure.reasons.iter().map(|r| html! { <li>{ r.split_once(". ").map_or(r.as_str(), |(_, rest)| rest) }</li> }) }</ol>
                }
                if let Some((parameter, start, end)) = &failure.location {
                    if let Some(text) = json_field_text(form, parameter) {
                        <p class="where">{ format!("In {parameter}:") }</p>
                        <JsonCaret text={text.to_string()} at={*start} />
                    } else {
                        <p class="where">{ format!("In {parameter}: ") }{ underlined(field_text(form, parameter), *start, *end) }</p>
                    }
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
    </div>
    }
}
