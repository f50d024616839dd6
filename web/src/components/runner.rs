//! Run your own request against the example table — a read, a write, a
//! batch or a transaction — with every parameter; what it did is shown
//! under the form by [`RunOutcome`].

use engine::api::Operation;
use serde_json::Value as Json;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::{Action, Store};

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use super::copy_command::CopyCommand;
use super::pattern_bar::PatternBar;
use super::run_outcome::RunOutcome;
use super::runner_options::RunnerOptions;
use crate::model::measure::request_run::RunAsked;
use crate::model::patterns::runner::{Draft, Form};

fn text_field(
    state: &Store,
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

/// The request's text fields for the form's operation.
fn request_fields(state: &Store, form: &Form) -> Html {
    let is_get = form.operation == Operation::GetItem;
    let is_query = form.operation == Operation::Query;
    let multi = form.operation.is_multi_item();
    let statement = form.operation == Operation::ExecuteStatement;
    // The fields of a Query, a Scan or a GetItem (a statement has its own).
    let is_item_read = !form.operation.is_write() && !multi && !statement;
    html! {
        <>
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
        </>
    }
}

#[function_component(Runner)]
pub fn runner() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let draft = state.runner.draft.clone();
    let form = &draft.form;
    let execute = {
        let state = state.clone();
        move |form: &Form, start_key: Option<Json>| {
            state.dispatch(Action::Run(Box::new(RunAsked {
                form: form.clone(),
                start_key,
                shards: state.runner.draft.settings.shards.clone(),
                read_only,
                draw: js_sys::Math::random(),
            })))
        }
    };
    // Run on a pattern of the list runs the draft it put here. The count
    // seen at mount is not a request: a remounted runner stays quiet.
    {
        let seen = use_mut_ref(|| state.runner.run_now);
        let (form, execute) = (form.clone(), execute.clone());
        use_effect_with(state.runner.run_now, move |run_now| {
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
    let next_key = state
        .runner
        .last_run
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
    html! {
        <Collapsible panel={Panel::Runner}>
            <form class="runner" onsubmit={on_run}>
                <RunnerOptions />
                { request_fields(state, form) }
                <div class="row">
                    <button type="submit" class="primary">{ "Run" }</button>
                    if next_key.is_some() { <button type="button" onclick={on_next}>{ "Next page" }</button> }
                    if let Ok(request) = form.pattern_request() {
                        <CopyCommand operation={form.operation} {request} />
                    }
                </div>
            </form>

            <RunOutcome />
            if !read_only {
                <PatternBar />
            }
        </Collapsible>
    }
}
