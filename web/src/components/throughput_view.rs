//! Throughput per partition: each access pattern's requests a second (typed
//! here), and the read and write units a second they put on every partition
//! key value of the table and its indexes, drawn against DynamoDB's
//! per-partition ceilings. A value over a ceiling is drawn red and says
//! "throttled" and by how much: the words carry it, not the colour.

use crate::model::failure::Failure;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};
use crate::model::format::units;
use crate::model::measure::compare::Measured;
use crate::model::measure::throughput::{
    PartitionRate, READ_CEILING, WRITE_CEILING, percent, rate_text,
};
use crate::model::patterns::pattern_settings::{MAX_RATE, number_text};
use crate::store::Action;

/// Partition key values drawn; the rest are summed up in a line.
const SHOWN: usize = 14;
/// The bars' width, in the drawing's units.
const WIDTH: f64 = 260.0;

/// Units one request costs, and which kind.
fn per_request(measured: &Result<Measured, Failure>) -> Option<(f64, &'static str)> {
    match measured.as_ref().ok()? {
        m @ (Measured::Reads { .. } | Measured::Statement(_)) => {
            let (runs, own) = m.reads()?;
            Some((runs[own].eventual_units, "RCU"))
        }
        Measured::Write(cost) => Some((cost.total(), "WCU")),
        Measured::Transaction(cost) => Some((cost.total(), "WCU")),
    }
}

/// One partition key value: its place, its two bars against the ceiling
/// line, and the verdict in words.
fn row(rate: &PartitionRate, scale: f64) -> Html {
    let bar = |share: f64, y: f64, class: &'static str| {
        let width = (share / scale).min(1.0) * WIDTH;
        html! { <rect {class} x="0" y={y.to_string()} width={format!("{width:.1}")} height="7" /> }
    };
    let ceiling_x = WIDTH / scale;
    let throttled = rate.throttled();
    html! {
        <tr class={classes!("partition-rate", throttled.then_some("throttled"))} data-partition={rate.place()}>
            <th scope="row"><code>{ rate.place() }</code></th>
            <td>
                <svg class="rate-bars" viewBox={format!("0 0 {WIDTH} 18")} role="img"
                    aria-label={format!("{}: {}", rate.place(), rate.verdict())}>
                    { bar(rate.read / READ_CEILING, 1.0, "read") }
                    { bar(rate.write / WRITE_CEILING, 10.0, "write") }
                    <line class="ceiling" x1={format!("{ceiling_x:.1}")} x2={format!("{ceiling_x:.1}")} y1="0" y2="18" />
                </svg>
            </td>
            <td class="rate-verdict">
                if throttled { <strong class="throttle-word">{ "Throttled. " }</strong> }
                { rate.verdict() }
            </td>
        </tr>
    }
}

#[function_component(ThroughputView)]
pub fn throughput_view() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let (rates, _) = state.review();
    let throttled: Vec<&PartitionRate> = rates.iter().filter(|r| r.throttled()).collect();
    let scale = rates
        .iter()
        .take(SHOWN)
        .map(PartitionRate::share)
        .fold(1.25_f64, f64::max)
        .min(4.0);
    let summary = match (throttled.as_slice(), rates.first()) {
        (_, None) => "No access pattern has a request rate yet: give one a rate below to see where its units land.".to_string(),
        ([], Some(busiest)) => format!(
            "No partition key value is over a ceiling at these rates; the busiest, {}, is at {} of its ceiling.",
            busiest.place(),
            percent(busiest.share())
        ),
        (over, _) => format!(
            "{} partition key value{} over a ceiling at these rates: {}. DynamoDB throttles the requests past the ceiling, however much the table as a whole may take.",
            over.len(),
            if over.len() == 1 { " is" } else { "s are" },
            over.iter().map(|r| format!("{} ({})", r.place(), r.verdict())).collect::<Vec<_>>().join("; ")
        ),
    };
    let on_rate = |index: usize| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value().replace(',', "");
            let rate = match text.trim() {
                "" => Some(0.0),
                typed => typed.parse::<f64>().ok(),
            }
            .filter(|r| r.is_finite() && (0.0..=MAX_RATE).contains(r));
            match rate {
                Some(rate) => {
                    input.set_custom_validity("");
                    state.dispatch(Action::SetRate { index, rate });
                }
                None => {
                    input.set_custom_validity(&format!(
                        "Requests a second: a number from 0 to {}",
                        rate_text(MAX_RATE)
                    ));
                    input.report_validity();
                }
            }
        })
    };
    let rest = rates.len().saturating_sub(SHOWN);
    html! {
        <Collapsible panel={Panel::Throughput}>
            <p class="hint">
                { format!(
                    "Each partition key value's partition serves at most {} read units and {} write units a second, on the table and on each index alike. Give the access patterns their requests a second: the bars show the units a second each partition key value takes, against that ceiling (the line).",
                    rate_text(READ_CEILING), rate_text(WRITE_CEILING)
                ) }
            </p>
            <table class="grid pattern-rates">
                <thead><tr>
                    <th scope="col">{ "Access pattern" }</th>
                    <th scope="col" class="num">{ "Requests a second" }</th>
                    <th scope="col" class="num">{ "Units a request" }</th>
                    <th scope="col" class="num">{ "Units a second" }</th>
                </tr></thead>
                <tbody>
                    { for state.patterns.iter().zip(&state.runs).enumerate().map(|(i, (pattern, measured))| {
                        let cost = per_request(measured);
                        html! {
                            <tr data-rate-of={i.to_string()}>
                                <th scope="row">
                                    { &pattern.description }
                                    if let Some(n) = pattern.shards {
                                        <span class="muted">{ format!(" · over {n} shards") }</span>
                                    }
                                </th>
                                <td class="num">
                                    <input type="number" min="0" step="any" class="rate"
                                        aria-label={format!("Requests a second: {}", pattern.description)}
                                        value={if pattern.rate > 0.0 { number_text(pattern.rate) } else { String::new() }}
                                        placeholder="0" disabled={read_only} onchange={on_rate(i)} />
                                </td>
                                <td class="num">{ cost.map_or("—".to_string(), |(u, kind)| format!("{} {kind}", units(u))) }</td>
                                <td class="num">{ cost.filter(|_| pattern.rate > 0.0).map_or("—".to_string(), |(u, kind)| format!("{} {kind}/s", rate_text(u * pattern.rate))) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            <p class={classes!("throughput-summary", (!throttled.is_empty()).then_some("throttled"))} role="status">{ summary }</p>
            if !rates.is_empty() {
                <table class="grid partition-rates">
                    <caption class="legend">
                        <span class="legend-item read">{ "read units a second" }</span>
                        <span class="legend-item write">{ "write units a second" }</span>
                        <span class="legend-item ceiling">{ "the ceiling" }</span>
                    </caption>
                    <thead><tr>
                        <th scope="col">{ "Partition key value" }</th>
                        <th scope="col">{ "Against the ceiling" }</th>
                        <th scope="col">{ "Units a second" }</th>
                    </tr></thead>
                    <tbody>
                        { for rates.iter().take(SHOWN).map(|r| row(r, scale)) }
                    </tbody>
                </table>
                if rest > 0 {
                    <p class="others">{ format!("And {rest} more partition key values, each at {} of its ceiling or less.", percent(rates[SHOWN].share())) }</p>
                }
            }
        </Collapsible>
    }
}
