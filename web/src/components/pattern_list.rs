//! The access patterns, written first: each with how it is served, what it
//! returns and reads on the current data, and what it costs — re-measured
//! whenever the chart or the data changes.

use crate::model::failure::Failure;
use yew::prelude::*;

use super::copy_command::CopyCommand;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Options, Panel, use_read_only};

use super::changed_line::pattern_row_id;
use super::review_panel::{badges, review_card_id};
use crate::model::explain::review::{Broken, Verdict};
use crate::model::format::{thousands, units};
use crate::model::measure::compare::Measured;
use crate::model::patterns::pattern::ServedBy;
use crate::store::Action;

/// Takes the reader to the runner, where Run and Edit answer.
fn show_runner() {
    crate::browser::arrive_at(Panel::Runner.name());
}

/// Every failed check's reason, for a badge's title.
fn reasons(broken: &[Broken]) -> String {
    broken
        .iter()
        .map(|b| b.reason.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Returned, read and capacity cells for a measured pattern.
fn numbers(measured: &Result<Measured, Failure>) -> Html {
    match measured {
        Ok(measured @ (Measured::Reads { .. } | Measured::Statement(_))) => {
            let Some((runs, own)) = measured.reads() else {
                return html! {};
            };
            let run = &runs[own];
            html! { <>
                <td class="num count" data-label="returned">{ thousands(run.count) }</td>
                <td class="num scanned" data-label="read">{ thousands(run.scanned_count) }</td>
                <td class="num units" data-label="costs">{ format!("{} RCU", units(run.eventual_units)) }</td>
            </> }
        }
        Ok(Measured::Write(cost)) => html! { <>
            <td class="num count" data-label="returned">{ "—" }</td>
            <td class="num scanned" data-label="read">{ "—" }</td>
            <td class="num" data-label="costs">
                <span class="units">{ format!("{} WCU", units(cost.total())) }</span>
                if cost.condition_failed.is_some() {
                    <span class="note">{ "condition fails" }</span>
                }
            </td>
        </> },
        Ok(Measured::Transaction(cost)) => html! { <>
            <td class="num count" data-label="returned">{ "—" }</td>
            <td class="num scanned" data-label="read">{ "—" }</td>
            <td class="num" data-label="costs">
                if cost.cancelled.is_some() {
                    <span class="note">{ "cancelled" }</span>
                } else {
                    <span class="units">{ format!("{} WCU", units(cost.total())) }</span>
                }
            </td>
        </> },
        Err(failure) => html! { <td colspan="3" class="error">{ failure.to_string() }</td> },
    }
}

#[function_component(PatternList)]
pub fn pattern_list() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    // Run shows its result in the runner: only where the runner is.
    let options = use_context::<Options>();
    let shown = |panel: Panel| options.as_ref().is_none_or(|o| o.panels().contains(&panel));
    let with_runner = shown(Panel::Runner);
    // An embed may show chosen rows only (`patterns=3,8`).
    let rows = options.as_ref().and_then(|o| o.rows.clone());
    // A badge leads to the pattern's card in the review, where there is one.
    let with_review = shown(Panel::Review);
    let to_review_card = |i: usize| {
        Callback::from(move |event: MouseEvent| {
            event.prevent_default();
            crate::browser::arrive_at(&review_card_id(i));
        })
    };
    let button = |label: &'static str, description: &str, action: Action, runner: bool| {
        let onclick = {
            let state = state.clone();
            Callback::from(move |_| {
                state.dispatch(action.clone());
                if runner {
                    show_runner();
                }
            })
        };
        html! {
            <button type="button" {onclick} aria-label={format!("{label}: {description}")}>{ label }</button>
        }
    };
    let on_add = {
        let state = state.clone();
        Callback::from(move |_| {
            state.dispatch(Action::NewPattern);
            show_runner();
        })
    };
    let (_, verdicts) = state.review();
    // The rows the last edit moved flash once; the class alternates with
    // each edit, so that a row moved twice flashes again.
    let moved = |i: usize| {
        state
            .page
            .changed
            .as_ref()
            .filter(|c| c.moved.iter().any(|m| m.pattern == i))
            .map(|_| {
                if state.page.changes_said % 2 == 0 {
                    "moved-a"
                } else {
                    "moved-b"
                }
            })
    };
    html! {
        <Collapsible panel={Panel::Patterns}>
            <div class="table-scroll patterns-frame">
            <table class="grid patterns">
                <thead>
                    <tr>
                        <th scope="col">{ "Pattern" }</th>
                        <th scope="col">{ "Served by" }</th>
                        <th scope="col" class="num">{ "Returned" }</th>
                        <th scope="col" class="num">{ "Read" }</th>
                        <th scope="col" class="num">{ "Capacity" }</th>
                        <th scope="col"><span class="visually-hidden">{ "Actions" }</span></th>
                    </tr>
                </thead>
                <tbody>
                    { for state.patterns.iter().enumerate().filter(|(i, _)| rows.as_ref().is_none_or(|r| r.contains(i))).map(|(i, pattern)| {
                        let selected = i == state.selected;
                        let served_by = match &state.runs[i] {
                            Ok(Measured::Statement(m)) => m.explanation.served_by(),
                            _ => pattern.served_by(),
                        };
                        let compare = {
                            let state = state.clone();
                            Callback::from(move |_| {
                                state.dispatch(Action::Select(i));
                                crate::browser::arrive_at(Panel::Comparison.name());
                            })
                        };
                        html! {
                            <tr id={pattern_row_id(i)} class={classes!(selected.then_some("selected"), moved(i))} data-pattern={i.to_string()}>
                                <th scope="row">
                                    { &pattern.description }
                                    if let Some(Verdict::Over(broken)) = verdicts.get(i) {
                                        if with_review {
                                            <a class="budget-mark" href={format!("#{}", review_card_id(i))} onclick={to_review_card(i)}
                                                title={format!("Fails its review: {}", reasons(broken))}>
                                                { badges(broken) }
                                            </a>
                                        } else {
                                            <span class="budget-mark" title={format!("Fails its review: {}", reasons(broken))}>{ badges(broken) }</span>
                                        }
                                    }
                                </th>
                                <td class={classes!("served", matches!(served_by, ServedBy::Scan(_)).then_some("scan"))}>
                                    { served_by.describe() }
                                </td>
                                { numbers(&state.runs[i]) }
                                <td class="actions">
                                    <button type="button" onclick={compare} aria-pressed={selected.to_string()}
                                        aria-label={format!("Compare: {}", pattern.description)}>
                                        { "Compare" }
                                    </button>
                                    if with_runner && !(read_only && pattern.operation.is_write()) {
                                        { button("Run", &pattern.description, Action::OpenPattern { index: i, run: true }, true) }
                                    }
                                    if !read_only {
                                        { button("Edit", &pattern.description, Action::OpenPattern { index: i, run: false }, true) }
                                    }
                                    <CopyCommand operation={pattern.operation} request={pattern.request.clone()}
                                        about={AttrValue::from(pattern.description.clone())} />
                                </td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            </div>
            if state.patterns.is_empty() {
                <p class="muted">{ "No access patterns yet. Write down what the application needs first, then design the keys to serve it." }</p>
            }
            if !read_only {
                <button type="button" class="add" onclick={on_add}>{ "Add an access pattern" }</button>
            }
        </Collapsible>
    }
}
