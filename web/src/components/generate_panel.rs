//! Generate the items again: another seed, another number of customers (each
//! with their orders and order lines). Large tables fill a slice at a time,
//! with a progress bar, and the page stays responsive meanwhile.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use web_sys::HtmlInputElement;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

use crate::model::compare::thousands;
use crate::model::load::Loader;
use crate::store::{Action, State};

/// Items stored between two yields to the browser.
const SLICE: usize = 5_000;

#[derive(Properties, PartialEq)]
pub struct GeneratePanelProps {
    pub state: UseReducerHandle<State>,
}

#[function_component(GeneratePanel)]
pub fn generate_panel(props: &GeneratePanelProps) -> Html {
    let state = &props.state;
    let seed = use_state(|| state.seed.to_string());
    let customers = use_state(|| {
        state
            .chart
            .entities
            .first()
            .map_or(50, |e| e.count.0)
            .to_string()
    });
    let progress = use_state(|| None::<(usize, usize)>);
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
        let (seed, customers, progress, error) = (
            seed.clone(),
            customers.clone(),
            progress.clone(),
            error.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let (Ok(seed_value), Ok(count)) =
                (seed.trim().parse::<u64>(), customers.trim().parse::<u32>())
            else {
                error.set(Some(
                    "The seed and the number of customers must be whole numbers.".into(),
                ));
                return;
            };
            if count == 0 || count > 20_000 {
                error.set(Some("Choose between 1 and 20,000 customers.".into()));
                return;
            }
            error.set(None);
            let mut chart = state.chart.clone();
            if let Some(root) = chart.entities.first_mut() {
                root.count = (count, count);
            }
            let (state, progress, error) = (state.clone(), progress.clone(), error.clone());
            spawn_local(async move {
                let mut loader = match Loader::new(&chart, seed_value) {
                    Ok(loader) => loader,
                    Err(message) => return error.set(Some(message)),
                };
                loop {
                    progress.set(Some(loader.progress()));
                    sleep(Duration::ZERO).await;
                    match loader.step(SLICE) {
                        Ok(true) => break,
                        Ok(false) => {}
                        Err(message) => return error.set(Some(message)),
                    }
                }
                let (engine, item_count, warnings) = loader.finish();
                progress.set(None);
                state.dispatch(Action::Loaded {
                    engine: Rc::new(RefCell::new(engine)),
                    chart,
                    seed: seed_value,
                    item_count,
                    warnings,
                });
            });
        })
    };
    let busy = progress.is_some();
    html! {
        <section aria-labelledby="generate-title" class="panel">
            <h2 id="generate-title">{ "Items" }</h2>
            <form class="runner" onsubmit={on_generate}>
                <div class="row">
                    <label class="field inline">
                        <span>{ "Customers (each with 1–12 orders of 1–4 lines)" }</span>
                        <input type="number" min="1" max="20000" value={(*customers).clone()} oninput={on_customers} />
                    </label>
                    <label class="field inline">
                        <span>{ "Seed (same seed, same items)" }</span>
                        <input type="number" min="0" value={(*seed).clone()} oninput={on_seed} />
                    </label>
                    <button type="submit" class="primary" disabled={busy}>{ "Generate" }</button>
                </div>
            </form>
            if let Some((done, total)) = *progress {
                <p class="progress" aria-live="polite">
                    <progress max={total.max(1).to_string()} value={done.to_string()} aria-label="Items stored" />
                    { format!(" Stored {} of {} items…", thousands(done), thousands(total)) }
                </p>
            }
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
        </section>
    }
}
