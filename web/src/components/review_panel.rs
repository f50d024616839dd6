//! The design review: every access pattern against its budget on the
//! current data, within or over, with the reasons and what would fix them.
//! It is worked out afresh from the measured runs whenever they change —
//! after every edit to the chart, the data or a pattern.

use crate::model::failure::Failure;
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};
use crate::model::explain::derivation::{Figure, derive, derive_transaction, derive_write};
use crate::model::explain::review::{Broken, Verdict, describe, within_budget};
use crate::model::measure::compare::Measured;
use crate::model::measure::prices::Prices;
use crate::store::{Action, State};

/// "9 of 12 patterns within budget", or `None` when no pattern has one.
pub fn budget_summary(state: &State) -> Option<String> {
    let (_, verdicts) = state.review();
    let (within, budgeted) = within_budget(&verdicts);
    (budgeted > 0).then(|| {
        format!(
            "{within} of {budgeted} pattern{} within budget",
            if budgeted == 1 { "" } else { "s" }
        )
    })
}

/// The derivation of the numbers a row's reasons quote, one click away.
fn how_counted(measured: &Result<Measured, Failure>, prices: &Prices) -> Html {
    let steps = match measured {
        Ok(Measured::Write(cost)) => derive_write(cost, prices),
        Ok(Measured::Transaction(cost)) => derive_transaction(cost, prices),
        Ok(m) => match m.reads() {
            Some((runs, own)) => {
                let mut steps = derive(&runs[own], Figure::ItemsRead, prices);
                steps.extend(derive(&runs[own], Figure::EventualUnits, prices));
                steps
            }
            None => Vec::new(),
        },
        Err(_) => Vec::new(),
    };
    if steps.is_empty() {
        return html! {};
    }
    html! {
        <details class="how-counted">
            <summary>{ "How these numbers are counted" }</summary>
            <ol>{ for steps.into_iter().map(|line| html! { <li>{ line }</li> }) }</ol>
        </details>
    }
}

/// The id of pattern `i`'s card in the review, where its badge leads.
pub fn review_card_id(i: usize) -> String {
    format!("review-pattern-{i}")
}

/// The failed checks' short names: "reads 12, returns 9 · a Scan".
pub fn badges(broken: &[Broken]) -> String {
    broken
        .iter()
        .map(|b| b.badge.as_str())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The budgeted patterns, those failing first, each group in its order.
fn failing_first(verdicts: &[Verdict]) -> Vec<usize> {
    let of = |over: bool| {
        (0..verdicts.len())
            .filter(move |&i| matches!(verdicts[i], Verdict::Over(_)) == over)
            .filter(|&i| verdicts[i] != Verdict::Unbudgeted)
    };
    of(true).chain(of(false)).collect()
}

#[function_component(ReviewPanel)]
pub fn review_panel() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let (_, verdicts) = state.review();
    let (within, budgeted) = within_budget(&verdicts);
    let title = match budgeted {
        0 => "Design review".to_string(),
        _ => format!("Design review: {within} of {budgeted} within budget"),
    };
    let edit = |index: usize| {
        let state = state.clone();
        Callback::from(move |_| {
            state.dispatch(Action::OpenPattern { index, run: false });
            crate::browser::arrive_at("pattern-budget");
        })
    };
    let unbudgeted: Vec<&str> = state
        .patterns
        .iter()
        .zip(verdicts.iter())
        .filter(|(_, v)| **v == Verdict::Unbudgeted)
        .map(|(p, _)| p.description.as_str())
        .collect();
    html! {
        <Collapsible panel={Panel::Review} {title}>
            <p class="hint">
                { "Each access pattern can expect to be served by a key (never a Scan), to stay within a number of units a request, and to return what it reads. The review checks them on the data as it is now, and again after every change." }
            </p>
            if budgeted == 0 {
                <p class="empty">{ "No access pattern has a budget yet: open one and tick what it should meet, under the runner." }</p>
            }
            <ul class="review">
                { for failing_first(&verdicts).into_iter().map(|i| {
                    let (pattern, verdict) = (&state.patterns[i], &verdicts[i]);
                    let (within, head, lines) = match verdict {
                        Verdict::Within(met) => (true, "✓ Within budget".to_string(), met.clone()),
                        Verdict::Over(broken) => (
                            false,
                            format!("✗ {}", badges(broken)),
                            broken.iter().map(|b| b.reason.clone()).collect(),
                        ),
                        Verdict::Unbudgeted => (true, String::new(), Vec::new()),
                    };
                    html! {
                        <li id={review_card_id(i)} class={classes!("review-row", if within { "within" } else { "over" })} data-pattern={i.to_string()}>
                            <div class="review-head">
                                <span class="verdict">{ head }</span>
                                <strong>{ &pattern.description }</strong>
                                <span class="budget">{ describe(&pattern.budget, pattern.operation.is_write()) }</span>
                                if !read_only {
                                    <button type="button" class="link" onclick={edit(i)}>{ "Edit budget" }</button>
                                }
                            </div>
                            <ul class="reasons">
                                { for lines.iter().map(|line| html! { <li>{ line }</li> }) }
                            </ul>
                            { how_counted(&state.runs[i], &state.prices) }
                        </li>
                    }
                }) }
            </ul>
            if !unbudgeted.is_empty() {
                <p class="others">{ format!("No budget: {}.", unbudgeted.join("; ")) }</p>
            }
        </Collapsible>
    }
}
