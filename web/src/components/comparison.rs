//! The heart of the page: one access pattern run as a Query, as a Query
//! with a filter and as a Scan with a filter, side by side, every number
//! from the engine and every sentence derived from the numbers.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::bar_chart::BarChart;
use super::heat_strip::HeatStrip;
use crate::model::compare::{explain, human_bytes, thousands, units};
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct ComparisonProps {
    pub state: UseReducerHandle<State>,
}

/// A request as one line per parameter, compact enough to read at a glance.
fn request_text(request: &serde_json::Value) -> String {
    let Some(fields) = request.as_object() else {
        return request.to_string();
    };
    let lines: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("  \"{k}\": {v}"))
        .collect();
    format!("{{\n{}\n}}", lines.join(",\n"))
}

#[function_component(Comparison)]
pub fn comparison(props: &ComparisonProps) -> Html {
    let state = &props.state;
    let pattern = &state.patterns[state.selected];
    let on_price = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(price) = input.value().parse::<f64>() {
                state.dispatch(Action::SetReadPrice(price));
            }
        })
    };
    let body = match &state.runs[state.selected] {
        Err(message) => html! { <p class="error" role="alert">{ message }</p> },
        Ok(runs) => html! { <>
            <div class="table-scroll">
            <table class="grid comparison">
                <thead>
                    <tr>
                        <th scope="col">{ "Request" }</th>
                        <th scope="col" class="num">{ "Items read" }</th>
                        <th scope="col" class="num">{ "Items returned" }</th>
                        <th scope="col" class="num">{ "Bytes read" }</th>
                        <th scope="col" class="num">{ "Pages" }</th>
                        <th scope="col" class="num">{ "RCU (eventual)" }</th>
                        <th scope="col" class="num">{ "RCU (strong)" }</th>
                        <th scope="col" class="num">{ "$ per million" }</th>
                        <th scope="col">{ "Partitions read" }</th>
                    </tr>
                </thead>
                <tbody>
                    { for runs.iter().map(|run| html! {
                        <tr data-run={run.label}>
                            <th scope="row">{ run.label }</th>
                            <td class="num scanned">{ thousands(run.scanned_count) }</td>
                            <td class="num count">{ thousands(run.count) }</td>
                            <td class="num">{ human_bytes(run.bytes_read) }</td>
                            <td class="num">{ thousands(run.pages) }</td>
                            <td class="num units">{ units(run.eventual_units) }</td>
                            <td class="num">{ run.strong_units.map_or("not on a GSI".to_string(), units) }</td>
                            <td class="num cost">{ format!("${:.4}", run.cost_per_million(&state.prices)) }</td>
                            <td><HeatStrip partitions={run.partitions.clone()} /></td>
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
            <BarChart runs={runs.clone()} />
            <ul class="explanations">
                { for runs.iter().map(|run| html! { <li data-run={run.label}>{ explain(run) }</li> }) }
            </ul>
        </> },
    };
    html! {
        <section aria-labelledby="comparison-title" class="panel">
            <h2 id="comparison-title">{ format!("What it costs: {}", pattern.description) }</h2>
            <pre class="request" aria-label="The Query">{ request_text(&pattern.query) }</pre>
            { body }
            <label class="price">
                { "On-demand price, $ per million read request units " }
                <input type="number" min="0" step="0.005" value={state.prices.read_per_million.to_string()} onchange={on_price} />
            </label>
        </section>
    }
}
