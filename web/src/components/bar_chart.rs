//! Read units of each run as horizontal bars, drawn as SVG.

use yew::prelude::*;

use crate::model::format::units;
use crate::model::measure::compare::Run;

const WIDTH: f64 = 640.0;
const LABEL: f64 = 130.0;
const ROW: f64 = 34.0;

/// The bars of `runs`, one row each.
pub fn bar_chart(runs: &[Run]) -> Html {
    let largest = runs
        .iter()
        .map(|r| r.eventual_units)
        .fold(0.0, f64::max)
        .max(0.5);
    let height = ROW * runs.len() as f64 + 8.0;
    let summary: Vec<String> = runs
        .iter()
        .map(|r| format!("{}: {} RCU", r.label(), units(r.eventual_units)))
        .collect();
    html! {
        <svg class="bars" viewBox={format!("0 0 {WIDTH} {height}")} role="img"
            aria-label={format!("Read units per request. {}", summary.join("; "))}>
            { for runs.iter().enumerate().map(|(i, run)| {
                let y = 4.0 + ROW * i as f64;
                let span = WIDTH - LABEL - 90.0;
                let length = (run.eventual_units / largest * span).max(2.0);
                let class = if run.way.scans() { "bar scan" } else { "bar query" };
                html! {
                    <g>
                        <text x="0" y={(y + 20.0).to_string()} class="bar-label">{ run.label() }</text>
                        <rect x={LABEL.to_string()} y={(y + 4.0).to_string()} width={length.to_string()} height="22" rx="3" class={class} />
                        <text x={(LABEL + length + 8.0).to_string()} y={(y + 20.0).to_string()} class="bar-value">
                            { format!("{} RCU", units(run.eventual_units)) }
                        </text>
                    </g>
                }
            }) }
        </svg>
    }
}
