//! The access patterns, each with how it is served and what it costs now.

use yew::prelude::*;

use crate::model::compare::{thousands, units};
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct PatternListProps {
    pub state: UseReducerHandle<State>,
}

/// "Query on GSI1", "Query on the table".
fn served_by(query: &serde_json::Value) -> String {
    match query.get("IndexName").and_then(|v| v.as_str()) {
        Some(index) => format!("Query on {index}"),
        None => "Query on the table".into(),
    }
}

#[function_component(PatternList)]
pub fn pattern_list(props: &PatternListProps) -> Html {
    let state = &props.state;
    html! {
        <section aria-labelledby="patterns-title" class="panel">
            <h2 id="patterns-title">{ "Access patterns" }</h2>
            <table class="grid patterns">
                <thead>
                    <tr>
                        <th scope="col">{ "Pattern" }</th>
                        <th scope="col">{ "Served by" }</th>
                        <th scope="col" class="num">{ "Returned" }</th>
                        <th scope="col" class="num">{ "Read" }</th>
                        <th scope="col" class="num">{ "RCU" }</th>
                        <th scope="col"><span class="visually-hidden">{ "Compare" }</span></th>
                    </tr>
                </thead>
                <tbody>
                    { for state.patterns.iter().enumerate().map(|(i, pattern)| {
                        let selected = i == state.selected;
                        let onclick = {
                            let state = state.clone();
                            Callback::from(move |_| state.dispatch(Action::Select(i)))
                        };
                        let numbers = match &state.runs[i] {
                            Ok(runs) => {
                                let run = runs.iter().rev().find(|r| r.label.starts_with("Query")).unwrap_or(&runs[0]);
                                html! { <>
                                    <td class="num count">{ thousands(run.count) }</td>
                                    <td class="num scanned">{ thousands(run.scanned_count) }</td>
                                    <td class="num units">{ units(run.eventual_units) }</td>
                                </> }
                            }
                            Err(message) => html! { <td colspan="3" class="error">{ message }</td> },
                        };
                        html! {
                            <tr class={classes!(selected.then_some("selected"))} data-pattern={i.to_string()}>
                                <th scope="row">{ &pattern.description }</th>
                                <td>{ served_by(&pattern.query) }</td>
                                { numbers }
                                <td>
                                    <button type="button" {onclick} aria-pressed={selected.to_string()}
                                        aria-label={format!("Compare: {}", pattern.description)}>
                                        { "Compare" }
                                    </button>
                                </td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </section>
    }
}
