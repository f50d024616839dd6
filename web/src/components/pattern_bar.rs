//! Under the runner: save the request in the form as an access pattern,
//! update the one opened from the list, or remove it — with what the design
//! review holds it to (its budget), its requests a second and its write
//! sharding.

use engine::api::Operation;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::changed_line::ChangedLine;
use super::pattern_budget::PatternBudget;
use crate::embed::{Options, Panel};
use crate::hooks::store::use_store;
use crate::store::{Action, Store};

use crate::model::patterns::pattern::AccessPattern;
use crate::model::patterns::runner::Draft;

/// A text field of the draft: `update` puts what is typed in its place.
pub(super) fn typed(state: &Store, update: fn(&mut Draft, String)) -> Callback<InputEvent> {
    let state = state.clone();
    Callback::from(move |e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        state.dispatch(Action::EditDraft {
            update,
            value: input.value(),
        });
    })
}

/// A checkbox of the draft: `update` is given "true" or "".
pub(super) fn check(state: &Store, update: fn(&mut Draft, String)) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let value = if input.checked() { "true" } else { "" };
        state.dispatch(Action::EditDraft {
            update,
            value: value.to_string(),
        });
    })
}

/// The line that says what the last save or removal did.
const PATTERN_STATUS: &str = "pattern-status";

#[function_component(PatternBar)]
pub fn pattern_bar() -> Html {
    let state = &use_store();
    let problem = use_state(|| None::<String>);
    // What the last save or removal did, said where the focus goes after it.
    let done = use_state(String::new);
    // "Remove pattern" asks once before it removes.
    let confirming = use_state(|| false);
    let with_list = use_context::<Options>().is_none_or(|o| o.panels().contains(&Panel::Patterns));
    // The pattern being edited, if the form came from the list and it is still there.
    let editing = state
        .runner
        .draft
        .editing
        .filter(|i| *i < state.patterns.len());
    let save = |index: Option<usize>| {
        let (state, form, description, alternative, settings, problem, done) = (
            state.clone(),
            state.runner.draft.form.clone(),
            state.runner.draft.description.clone(),
            state.runner.draft.alternative.clone(),
            state.runner.draft.settings.clone(),
            problem.clone(),
            done.clone(),
        );
        Callback::from(move |_| {
            if description.trim().is_empty() {
                problem.set(Some(
                    "Describe the access pattern first: what does the application need?".into(),
                ));
                return;
            }
            let statement = form.operation == Operation::ExecuteStatement;
            if statement && !engine::partiql::parse(&form.statement).is_ok_and(|s| !s.is_write()) {
                problem.set(Some(
                    "An access pattern in PartiQL is a SELECT: run a write statement from the runner, or save it as PutItem, UpdateItem or DeleteItem.".into(),
                ));
                return;
            }
            match form.pattern_request() {
                Err(failure) => problem.set(Some(failure.message)),
                Ok(mut request) => {
                    problem.set(None);
                    if !statement {
                        // A statement names its table in its text.
                        request["TableName"] = serde_json::json!(state.chart.table.name);
                    }
                    let mut pattern =
                        AccessPattern::new(description.trim(), form.operation, request);
                    pattern.alternative = (statement && !alternative.trim().is_empty())
                        .then(|| alternative.trim().to_string());
                    let pattern = match settings.apply(pattern) {
                        Ok(pattern) => pattern,
                        Err(why) => return problem.set(Some(why.to_string())),
                    };
                    let index_after = index.unwrap_or(state.patterns.len());
                    let total = state.patterns.len() + usize::from(index.is_none());
                    done.set(match index {
                        Some(i) => format!("Saved pattern {} of {total}.", i + 1),
                        None => format!("Added as pattern {} of {total}.", index_after + 1),
                    });
                    state.dispatch(Action::SavePattern { index, pattern });
                    state.dispatch(Action::OpenPattern {
                        index: index_after,
                        run: false,
                    });
                    // The buttons change under the focus (Add becomes
                    // Remove): it moves to what the save did instead.
                    crate::browser::arrive_at(PATTERN_STATUS);
                }
            }
        })
    };
    let on_remove = {
        let (state, done, confirming) = (state.clone(), done.clone(), confirming.clone());
        Callback::from(move |_| {
            if let Some(index) = editing {
                let description = state.patterns[index].description.clone();
                confirming.set(false);
                done.set(format!("Removed “{description}”."));
                state.dispatch(Action::RemovePattern(index));
                state.dispatch(Action::NewPattern);
                crate::browser::arrive_at(PATTERN_STATUS);
            }
        })
    };
    let ask = |asking: bool| {
        let confirming = confirming.clone();
        Callback::from(move |_| confirming.set(asking))
    };
    let oninput = typed(state, |d, v| d.description = v);
    let on_alternative = typed(state, |d, v| d.alternative = v);
    let statement = state.runner.draft.form.operation == Operation::ExecuteStatement;
    // Saving a pattern needs the list it goes to: an embed without it
    // has no pattern bar.
    if !with_list {
        return html! {};
    }
    html! {
        <div class="pattern-bar" role="group" aria-label="Access pattern">
            <label class="field">
                <span>{ match editing {
                    Some(i) => format!("Access pattern {} of {}", i + 1, state.patterns.len()),
                    None => "Save this request as an access pattern".to_string(),
                } }</span>
                <input type="text" value={state.runner.draft.description.clone()} {oninput}
                    placeholder="What the application needs, e.g. a customer's open orders"
                    aria-label="Access pattern description" />
            </label>
            if statement {
                <label class="field">
                    <span>{ "Compare with (a keyed SELECT that serves the same need, when this one is a Scan)" }</span>
                    <input type="text" class="statement" value={state.runner.draft.alternative.clone()} oninput={on_alternative}
                        placeholder="SELECT * FROM \"table\" WHERE PK = 'CUST#c1'"
                        aria-label="Statement to compare with" />
                </label>
            }
            <PatternBudget />
            <div class="row">
                if let Some(index) = editing {
                    <button type="button" class="primary" onclick={save(Some(index))}>{ "Save pattern" }</button>
                    <button type="button" onclick={save(None)}>{ "Save as a new pattern" }</button>
                    if *confirming {
                        <span class="confirm" role="group" aria-label="Remove this pattern?">
                            { "Remove it? " }
                            <button type="button" class="danger" onclick={on_remove}>{ "Yes, remove it" }</button>
                            <button type="button" onclick={ask(false)}>{ "Keep it" }</button>
                        </span>
                    } else {
                        <button type="button" class="danger" onclick={ask(true)}>{ "Remove pattern" }</button>
                    }
                } else {
                    <button type="button" onclick={save(None)}>{ "Add to the access patterns" }</button>
                }
            </div>
            <p id={PATTERN_STATUS} class="pattern-status" role="status">{ (*done).clone() }</p>
            if !(*done).is_empty() {
                <ChangedLine />
            }
            if let Some(problem) = &*problem {
                <p class="error" role="alert">{ problem }</p>
            }
        </div>
    }
}
