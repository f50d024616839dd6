//! Under the runner: save the request in the form as an access pattern,
//! update the one opened from the list, or remove it.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::model::pattern::AccessPattern;
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct PatternBarProps {
    pub state: UseReducerHandle<State>,
}

#[function_component(PatternBar)]
pub fn pattern_bar(props: &PatternBarProps) -> Html {
    let state = &props.state;
    let problem = use_state(|| None::<String>);
    // The pattern being edited, if the form came from the list and it is still there.
    let editing = state.draft.editing.filter(|i| *i < state.patterns.len());
    let save = |index: Option<usize>| {
        let (state, form, description, alternative, problem) = (
            state.clone(),
            state.draft.form.clone(),
            state.draft.description.clone(),
            state.draft.alternative.clone(),
            problem.clone(),
        );
        Callback::from(move |_| {
            if description.trim().is_empty() {
                problem.set(Some(
                    "Describe the access pattern first: what does the application need?".into(),
                ));
                return;
            }
            let statement = form.operation == "ExecuteStatement";
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
                        AccessPattern::new(description.trim(), &form.operation, request);
                    pattern.alternative = (statement && !alternative.trim().is_empty())
                        .then(|| alternative.trim().to_string());
                    let index_after = index.unwrap_or(state.patterns.len());
                    state.dispatch(Action::SavePattern { index, pattern });
                    state.dispatch(Action::OpenPattern {
                        index: index_after,
                        run: false,
                    });
                }
            }
        })
    };
    let on_remove = {
        let state = state.clone();
        Callback::from(move |_| {
            if let Some(index) = editing {
                state.dispatch(Action::RemovePattern(index));
                state.dispatch(Action::NewPattern);
            }
        })
    };
    let oninput = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            state.dispatch(Action::EditDraft {
                update: |d, v| d.description = v,
                value: input.value(),
            });
        })
    };
    let on_alternative = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            state.dispatch(Action::EditDraft {
                update: |d, v| d.alternative = v,
                value: input.value(),
            });
        })
    };
    let statement = state.draft.form.operation == "ExecuteStatement";
    html! {
        <div class="pattern-bar" role="group" aria-label="Access pattern">
            <label class="field">
                <span>{ match editing {
                    Some(i) => format!("Access pattern {} of {}", i + 1, state.patterns.len()),
                    None => "Save this request as an access pattern".to_string(),
                } }</span>
                <input type="text" value={state.draft.description.clone()} {oninput}
                    placeholder="What the application needs, e.g. a customer's open orders"
                    aria-label="Access pattern description" />
            </label>
            if statement {
                <label class="field">
                    <span>{ "Compare with (a keyed SELECT that serves the same need, when this one is a Scan)" }</span>
                    <input type="text" class="statement" value={state.draft.alternative.clone()} oninput={on_alternative}
                        placeholder="SELECT * FROM \"table\" WHERE PK = 'CUST#c1'"
                        aria-label="Statement to compare with" />
                </label>
            }
            <div class="row">
                if let Some(index) = editing {
                    <button type="button" class="primary" onclick={save(Some(index))}>{ "Save pattern" }</button>
                    <button type="button" onclick={save(None)}>{ "Save as a new pattern" }</button>
                    <button type="button" class="danger" onclick={on_remove}>{ "Remove pattern" }</button>
                } else {
                    <button type="button" onclick={save(None)}>{ "Add to the access patterns" }</button>
                }
            </div>
            if let Some(problem) = &*problem {
                <p class="error" role="alert">{ problem }</p>
            }
        </div>
    }
}
