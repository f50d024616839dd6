//! The heart of the page: one access pattern run as a Query, as a Query
//! with a filter and as a Scan with a filter, side by side, every number
//! from the engine and every sentence derived from the numbers.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::{Action, Store};

use super::collapsible::Collapsible;
use super::review_panel::badges;
use crate::embed::{Panel, use_read_only};
use crate::model::explain::review::Verdict;

use super::bar_chart::bar_chart;
use super::heat_strip::{CELLS, heat_strip as strip};
use crate::model::explain::derivation::{Figure, derive, derive_transaction, derive_write};
use crate::model::explain::sentences::{explain, how_counted, monthly};
use crate::model::format::spaced;
use crate::model::format::{dollars, human_bytes, thousands, units};
use crate::model::measure::compare::{Measured, Run};
use crate::model::measure::partition_load::read_units;
use crate::model::measure::prices::Prices;
use crate::model::measure::transaction_cost::TransactionCost;
use crate::model::measure::write_cost::WriteCost;

/// A request as one line per parameter, compact enough to read at a glance.
fn request_text(request: &serde_json::Value) -> String {
    // A statement reads best as written, its parameters after it.
    if let Some(statement) = request.get("Statement").and_then(|s| s.as_str()) {
        return match request.get("Parameters") {
            Some(parameters) => format!("{statement}\nParameters: {}", spaced(parameters)),
            None => statement.to_string(),
        };
    }
    let Some(fields) = request.as_object() else {
        return request.to_string();
    };
    let lines: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("  \"{k}\": {}", spaced(v)))
        .collect();
    format!("{{\n{}\n}}", lines.join(",\n"))
}

/// A price field: dollars per million request units.
fn price_field(
    read_only: bool,
    label: &'static str,
    value: f64,
    on_price: fn(f64) -> Action,
    state: &Store,
) -> Html {
    let onchange = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(price) = input.value().parse::<f64>() {
                state.dispatch(on_price(price));
            }
        })
    };
    html! {
        <label class="price">
            { label }
            <input type="number" min="0" step="any" value={value.to_string()} {onchange} disabled={read_only} />
        </label>
    }
}

/// The read runs side by side: table, bar chart and sentences. Every
/// number in the table is a button that opens its derivation below it.
#[function_component(ReadRuns)]
fn read_runs() -> Html {
    let state = &use_store();
    let open = use_state(|| None::<(usize, Figure)>);
    let prices = &state.prices;
    let runs: &[Run] = match state.runs.get(state.selected) {
        Some(Ok(measured)) => measured.reads().map_or(&[], |(runs, _)| runs),
        _ => &[],
    };
    // A derivation of a run that is no longer there closes.
    let shown = (*open).filter(|(i, _)| *i < runs.len());
    let figure = |i: usize, figure: Figure, text: String, class: &'static str| {
        let is_open = shown == Some((i, figure));
        let onclick = {
            let open = open.clone();
            Callback::from(move |_| open.set(if is_open { None } else { Some((i, figure)) }))
        };
        html! {
            <td class={classes!("num", class)} data-label={column_label(figure)}>
                <button type="button" class="figure" aria-expanded={is_open.to_string()} aria-controls="derivation"
                    title="How this number is counted" {onclick}>{ text }</button>
            </td>
        }
    };
    let derivation = shown.map(|(i, which)| {
        let run = &runs[i];
        let close = {
            let open = open.clone();
            Callback::from(move |_| open.set(None))
        };
        html! {
            <div id="derivation" class="derivation" role="region" aria-label={format!("{} · {}, step by step", run.label(), figure_name(which))}>
                <p class="derivation-title">
                    <strong>{ format!("{} · {}, step by step", run.label(), figure_name(which)) }</strong>
                    <button type="button" class="link" onclick={close}>{ "Close" }</button>
                </p>
                <ol>{ for derive(run, which, prices).into_iter().map(|line| html! { <li>{ line }</li> }) }</ol>
            </div>
        }
    });
    html! { <>
        <div class="table-scroll comparison-frame">
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
                { for runs.iter().enumerate().map(|(i, run)| html! {
                    <tr data-run={run.label()}>
                        <th scope="row">{ run.label() }</th>
                        { figure(i, Figure::ItemsRead, thousands(run.scanned_count), "scanned") }
                        { figure(i, Figure::ItemsReturned, thousands(run.count), "count") }
                        { figure(i, Figure::BytesRead, human_bytes(run.bytes_read), "bytes") }
                        { figure(i, Figure::Pages, thousands(run.pages), "pages") }
                        { figure(i, Figure::EventualUnits, units(run.eventual_units), "units") }
                        { figure(i, Figure::StrongUnits, run.strong_units.map_or("not on a GSI".to_string(), units), "strong") }
                        { figure(i, Figure::Dollars, format!("${:.4}", run.cost_per_million(prices)), "cost") }
                        <td data-label="Partitions read">{ heat_strip(run) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
        </div>
        { for derivation }
        { bar_chart(&runs.iter().map(Run::totals).collect::<Vec<_>>()) }
        <p class="monthly">{ monthly(runs, prices) }</p>
        <ul class="explanations">
            { for runs.iter().map(|run| html! {
                <li data-run={run.label()}>
                    <span class="sentence">{ explain(run) }</span>
                    { for how_counted(run).into_iter().map(|line| html! { <span class="how">{ line }</span> }) }
                </li>
            }) }
        </ul>
    </> }
}

/// Where a run's read units landed.
fn heat_strip(run: &Run) -> Html {
    let (partitions, total) = read_units(&run.partitions, CELLS);
    strip(&partitions, total)
}

/// A figure's column heading, which labels it where the runs stack.
fn column_label(figure: Figure) -> &'static str {
    match figure {
        Figure::ItemsRead => "Items read",
        Figure::ItemsReturned => "Items returned",
        Figure::BytesRead => "Bytes read",
        Figure::Pages => "Pages",
        Figure::EventualUnits => "RCU (eventual)",
        Figure::StrongUnits => "RCU (strong)",
        Figure::Dollars => "$ per million",
    }
}

/// A figure as the derivation's title names it.
fn figure_name(figure: Figure) -> &'static str {
    match figure {
        Figure::ItemsRead => "items read",
        Figure::ItemsReturned => "items returned",
        Figure::BytesRead => "bytes read",
        Figure::Pages => "pages",
        Figure::EventualUnits => "read units (eventually consistent)",
        Figure::StrongUnits => "read units (strongly consistent)",
        Figure::Dollars => "price",
    }
}

/// A write's units on the table and each index it touched.
fn write(cost: &WriteCost, prices: &Prices) -> Html {
    html! { <>
        <div class="table-scroll">
        <table class="grid comparison write">
            <thead>
                <tr>
                    <th scope="col">{ "Written to" }</th>
                    <th scope="col" class="num">{ "WCU" }</th>
                    <th scope="col" class="num">{ "$ per million" }</th>
                </tr>
            </thead>
            <tbody>
                <tr data-run="table">
                    <th scope="row">{ "The table" }</th>
                    <td class="num units">{ units(cost.table_units) }</td>
                    <td class="num cost">{ format!("${:.4}", cost.table_units * prices.write_per_million) }</td>
                </tr>
                { for cost.index_units.iter().map(|(name, u)| html! {
                    <tr data-run={name.clone()}>
                        <th scope="row">{ name }</th>
                        <td class="num units">{ units(*u) }</td>
                        <td class="num cost">{ format!("${:.4}", u * prices.write_per_million) }</td>
                    </tr>
                }) }
                <tr data-run="total" class="total">
                    <th scope="row">{ "In all" }</th>
                    <td class="num units">{ units(cost.total()) }</td>
                    <td class="num cost">{ format!("${:.4}", cost.cost_per_million(prices)) }</td>
                </tr>
            </tbody>
        </table>
        </div>
        <p class="monthly">{ format!("At {} requests a month: {}.", thousands(prices.requests_per_month as usize),
            dollars(prices.monthly(cost.cost_per_million(prices)))) }</p>
        <details class="how-counted">
            <summary>{ "How the write units are counted" }</summary>
            <ol>{ for derive_write(cost, prices).into_iter().map(|line| html! { <li>{ line }</li> }) }</ol>
        </details>
        <ul class="explanations">
            <li data-run="write">{ cost.explain() }</li>
            if cost.condition_failed.is_none() {
                <li>{ "Measured and undone: the Run button in the pattern list keeps the write." }</li>
            }
        </ul>
    </> }
}

/// A transaction's units, doubled, beside the same work outside a
/// transaction; or why it is cancelled. Then the aggregate the stream
/// handler keeps, priced inside the transaction and by the stream.
fn transaction(cost: &TransactionCost, prices: &Prices) -> Html {
    if let Some(reasons) = &cost.cancelled {
        return html! { <>
            <div class="failure cancelled" role="status">
                <p><strong>{ "TransactionCanceledException: " }</strong>{ "nothing was written." }</p>
                <p class="muted">{ "CancellationReasons, one per action in request order:" }</p>
                <ol class="reasons">{ for reasons.iter().map(|r| html! { <li>{ r.split_once(". ").map_or(r.as_str(), |(_, rest)| rest) }</li> }) }</ol>
            </div>
            <ul class="explanations">
                <li data-run="transaction">{ cost.explain() }</li>
                <li>{ "Every item is as it was, and the stream has no record of the attempt: a cancelled transaction changes nothing." }</li>
            </ul>
        </> };
    }
    let row = |label: String, units_in: f64, one_by_one: f64| {
        html! {
            <tr data-run={label.clone()}>
                <th scope="row">{ label }</th>
                <td class="num units">{ units(units_in) }</td>
                <td class="num">{ units(one_by_one) }</td>
                <td class="num cost">{ format!("${:.4}", units_in * prices.write_per_million) }</td>
            </tr>
        }
    };
    html! { <>
        <div class="table-scroll">
        <table class="grid comparison write transaction">
            <thead>
                <tr>
                    <th scope="col">{ "Written to" }</th>
                    <th scope="col" class="num">{ "WCU in the transaction" }</th>
                    <th scope="col" class="num">{ "WCU, the same writes one by one" }</th>
                    <th scope="col" class="num">{ "$ per million" }</th>
                </tr>
            </thead>
            <tbody>
                { row("The table".into(), cost.table_units, cost.table_units / 2.0) }
                { for cost.index_units.iter().map(|(name, u)| row(name.clone(), *u, *u)) }
                <tr data-run="total" class="total">
                    <th scope="row">{ "In all" }</th>
                    <td class="num units">{ units(cost.total()) }</td>
                    <td class="num">{ units(cost.without_transaction()) }</td>
                    <td class="num cost">{ format!("${:.4}", cost.cost_per_million(prices)) }</td>
                </tr>
            </tbody>
        </table>
        </div>
        <p class="monthly">{ format!("At {} requests a month: {}.", thousands(prices.requests_per_month as usize),
            dollars(prices.monthly(cost.cost_per_million(prices)))) }</p>
        <details class="how-counted">
            <summary>{ "How the write units are counted" }</summary>
            <ol>{ for derive_transaction(cost, prices).into_iter().map(|line| html! { <li>{ line }</li> }) }</ol>
        </details>
        <ul class="explanations">
            <li data-run="transaction">{ cost.explain() }</li>
            <li>{ "Measured and undone: the Run button in the pattern list keeps the transaction." }</li>
        </ul>
        if let Some(aggregate) = &cost.aggregate {
            { aggregate_table(aggregate, prices) }
        }
    </> }
}

/// The aggregate kept inside the transaction against kept by the stream.
fn aggregate_table(
    aggregate: &crate::model::measure::transaction_cost::AggregateCost,
    prices: &Prices,
) -> Html {
    let (by_stream, in_transaction) = aggregate.monthly(prices);
    html! {
        <section class="aggregate" aria-label="Keeping the aggregate">
            <h3>{ format!("Keeping “{}” current", aggregate.update) }</h3>
            <table class="grid comparison write">
                <thead>
                    <tr>
                        <th scope="col">{ "Kept" }</th>
                        <th scope="col" class="num">{ "WCU per order" }</th>
                        <th scope="col" class="num">{ "a month" }</th>
                        <th scope="col">{ "When it is right" }</th>
                    </tr>
                </thead>
                <tbody>
                    <tr data-run="in-transaction">
                        <th scope="row">{ "Inside the transaction" }</th>
                        <td class="num units">{ units(aggregate.in_transaction) }</td>
                        <td class="num cost">{ dollars(in_transaction) }</td>
                        <td>{ "Always: it commits with the order." }</td>
                    </tr>
                    <tr data-run="by-stream">
                        <th scope="row">{ "By the stream handler" }</th>
                        <td class="num units">{ units(aggregate.by_stream) }</td>
                        <td class="num cost">{ dollars(by_stream) }</td>
                        <td>{ "Once the record is delivered: eventually." }</td>
                    </tr>
                </tbody>
            </table>
            <p class="how">{ "Inside the transaction the update is one more action, charged twice on the table like every action; the handler pays for an ordinary UpdateItem, and reading the stream costs nothing when DynamoDB invokes the function. The difference buys the guarantee: a dashboard can wait a second, a stock check cannot." }</p>
        </section>
    }
}

/// What the selected pattern fails in the design review, first: each
/// check's name and its reason with the fix.
fn failing_checks(state: &Store) -> Html {
    let (_, verdicts) = state.review();
    let Some(Verdict::Over(broken)) = verdicts.get(state.selected) else {
        return html! {};
    };
    html! {
        <div class="failing-checks" role="note" aria-label="What this pattern fails in the design review">
            <p class="verdict">{ format!("✗ Fails its review: {}", badges(broken)) }</p>
            <ul class="reasons">
                { for broken.iter().map(|b| html! { <li>{ &b.reason }</li> }) }
            </ul>
        </div>
    }
}

#[function_component(Comparison)]
pub fn comparison() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let Some(pattern) = state.patterns.get(state.selected) else {
        return html! {
            <Collapsible panel={Panel::Comparison}>
                <p class="muted">{ "Add an access pattern to see what it costs." }</p>
            </Collapsible>
        };
    };
    let body = match &state.runs[state.selected] {
        Err(failure) => html! { <p class="error" role="alert">{ failure.to_string() }</p> },
        Ok(Measured::Reads { .. }) => html! { <ReadRuns /> },
        Ok(Measured::Write(cost)) => write(cost, &state.prices),
        Ok(Measured::Transaction(cost)) => transaction(cost, &state.prices),
        Ok(Measured::Statement(measured)) => html! { <>
            <p class={classes!("served", measured.explanation.scan.then_some("scan"))}>
                if measured.explanation.scan { <strong class="flag">{ "Full Scan" }</strong>{ " " } }
                { &measured.explanation.text }
            </p>
            if measured.explanation.scan && measured.runs.len() == 1 {
                <p class="muted">{ "Give this pattern the keyed SELECT that would serve the same need (Edit, then \"Compare with\") to see the two side by side." }</p>
            }
            <ReadRuns />
        </> },
    };
    html! {
        <Collapsible panel={Panel::Comparison} title={format!("What it costs: {}", pattern.description)}>
            { failing_checks(state) }
            <pre class="request" aria-label={format!("The {} request", pattern.operation)}>{ format!("{}\n{}", pattern.operation, request_text(&pattern.request)) }</pre>
            if let Some(alternative) = &pattern.alternative {
                <pre class="request" aria-label="The statement it is compared with">{ format!("Compared with\n{alternative}") }</pre>
            }
            { body }
            <div class="row prices">
                { price_field(read_only, "On-demand price, $ per million read request units ", state.prices.read_per_million, Action::SetReadPrice, state) }
                { price_field(read_only, "$ per million write request units ", state.prices.write_per_million, Action::SetWritePrice, state) }
                { price_field(read_only, "Requests a month ", state.prices.requests_per_month, Action::SetRequestsPerMonth, state) }
            </div>
        </Collapsible>
    }
}
