//! Read units of each run as horizontal bars: HTML laid out by the
//! stylesheet, so that its text keeps the page's size at every width (an
//! SVG scaled to a phone's column shrank its labels to 6 px).

use yew::prelude::*;

use crate::model::format::units;
use crate::model::measure::compare::Run;

/// The bars of `runs`, one row each, the longest filling its track.
pub fn bar_chart(runs: &[Run]) -> Html {
    let largest = runs
        .iter()
        .map(|r| r.eventual_units)
        .fold(0.0, f64::max)
        .max(0.5);
    let summary: Vec<String> = runs
        .iter()
        .map(|r| format!("{}: {} RCU", r.label(), units(r.eventual_units)))
        .collect();
    html! {
        <div class="bars" role="img" aria-label={format!("Read units per request. {}", summary.join("; "))}>
            { for runs.iter().map(|run| {
                let share = (run.eventual_units / largest * 100.0).clamp(0.4, 100.0);
                let class = if run.way.scans() { "bar scan" } else { "bar query" };
                html! {
                    <div class="bar-row" aria-hidden="true">
                        <span class="bar-label">{ run.label() }</span>
                        <span class="bar-track">
                            <span class={class} style={format!("width: {share:.2}%")}></span>
                        </span>
                        <span class="bar-value">{ format!("{} RCU", units(run.eventual_units)) }</span>
                    </div>
                }
            }) }
        </div>
    }
}
