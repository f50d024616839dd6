//! Generate the items again: another seed, another number of the first
//! entity's items (each with its children). Large tables fill a slice at a time,
//! with a progress bar, and the page stays responsive meanwhile.

use crate::model::failure::Failure;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use crate::hooks::reply::use_reply;
use crate::model::design::chart::Chart;
use crate::model::format::thousands;
use crate::rebuild::rebuild;
use crate::store::{Action, Asker, Change};

/// "Order: 1–12 per Customer · OrderItem: 1–4 per Order · Product: 12 in all".
fn counts_summary(chart: &Chart) -> String {
    chart
        .entities
        .iter()
        .skip(1)
        .map(|e| {
            let (low, high) = e.count;
            let n = if low == high {
                low.to_string()
            } else {
                format!("{low}–{high}")
            };
            match &e.parent {
                Some(parent) => format!("{}: {n} per {parent}", e.name),
                None => format!("{}: {n} in all", e.name),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[function_component(GeneratePanel)]
pub fn generate_panel() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let seed = use_state(|| state.seed.to_string());
    let customers = use_state(|| {
        state
            .chart
            .entities
            .first()
            .map_or(50, |e| e.count.0)
            .to_string()
    });
    {
        // The entity chart can change the count too; the field follows it.
        let customers = customers.clone();
        let root_count = state.chart.entities.first().map_or(0, |e| e.count.0);
        use_effect_with(root_count, move |n| customers.set(n.to_string()));
    }
    let root = state
        .chart
        .entities
        .first()
        .map_or_else(|| "items".to_string(), |e| format!("{} items", e.name));
    let error = use_state(|| None::<String>);
    let on_seed = {
        let seed = seed.clone();
        Callback::from(move |e: InputEvent| {
            seed.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_customers = {
        let customers = customers.clone();
        Callback::from(move |e: InputEvent| {
            customers.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_generate = {
        let state = state.clone();
        let (seed, customers, error) = (seed.clone(), customers.clone(), error.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let (Ok(seed_value), Ok(count)) =
                (seed.trim().parse::<u64>(), customers.trim().parse::<u32>())
            else {
                error.set(Some("The seed and the count must be whole numbers.".into()));
                return;
            };
            if count == 0 {
                error.set(Some("Choose a count of at least 1.".into()));
                return;
            }
            let mut chart = state.chart.clone();
            if let Some(root) = chart.entities.first_mut() {
                root.count = (count, count);
            }
            if let Err(problem) = chart.validate() {
                error.set(Some(problem.to_string()));
                return;
            }
            error.set(None);
            rebuild(&state, chart, seed_value);
        })
    };
    let pasted = use_state(String::new);
    let paste_message = use_state(|| None::<Result<String, Failure>>);
    let on_paste_input = {
        let pasted = pasted.clone();
        Callback::from(move |e: InputEvent| {
            pasted.set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    {
        let paste_message = paste_message.clone();
        use_reply(state.page.reply.clone(), Asker::Paste, move |reply| {
            paste_message.set(Some(reply.outcome.clone()))
        });
    }
    let on_add = {
        let (state, pasted) = (state.clone(), pasted.clone());
        Callback::from(move |_| state.dispatch(Action::Change(Change::Paste((*pasted).clone()))))
    };
    let busy = state.build.loading.is_some();
    html! {
        <Collapsible panel={Panel::Items}>
            <fieldset class="bare" disabled={read_only}>
            <form class="runner" onsubmit={on_generate}>
                <div class="row">
                    <label class="field inline">
                        <span>{ format!("How many {root}") }</span>
                        <input type="number" min="1" value={(*customers).clone()} oninput={on_customers} />
                    </label>
                    <label class="field inline">
                        <span>{ "Seed (same seed, same items)" }</span>
                        <input type="number" min="0" value={(*seed).clone()} oninput={on_seed} />
                    </label>
                    <button type="submit" class="primary" disabled={busy}>{ "Generate" }</button>
                </div>
                <p class="muted small">{ counts_summary(&state.chart) }</p>
            </form>
            if let Some((done, total)) = state.build.loading {
                <p class="progress" aria-live="polite">
                    <progress max={total.max(1).to_string()} value={done.to_string()} aria-label="Items stored" />
                    { format!(" Stored {} of about {} items…", thousands(done), thousands(total)) }
                </p>
            }
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
            <label class="field">
                <span>{ "Paste items: a JSON array or one object per line, either plain JSON with \"entityType\" (keys come from the chart) or DynamoDB JSON with its keys" }</span>
                <textarea rows="3" spellcheck="false" value={(*pasted).clone()} oninput={on_paste_input}
                    placeholder={r#"[{"entityType": "Customer", "customerId": "c999", "fullName": "Mary Shelley"}]"#} />
            </label>
            <button type="button" onclick={on_add}>{ "Add items" }</button>
            { match &*paste_message {
                Some(Ok(text)) => html! { <p class="ok" role="status">{ text }</p> },
                Some(Err(failure)) => html! { <p class="error" role="alert">{ failure.to_string() }</p> },
                None => html! {},
            } }
        </fieldset>
        </Collapsible>
    }
}
