//! The ddbplay page (a library, so that its components can be tested). For now it proves the point the page is built on: the
//! engine runs in the browser. It loads a small single table, then runs
//! the same access pattern as a Query and as a Scan with a filter, and shows
//! what each read and what each cost.

pub mod demo;
pub mod model;

use yew::prelude::*;

use demo::{Comparison, run_demo};

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    let rows = use_memo((), |_| run_demo());
    html! {
        <main class="page">
            <header>
                <h1>{ "ddbplay" }</h1>
                <p class="tagline">{ "A DynamoDB single-table design playground. The storage engine below is running in this page." }</p>
            </header>
            <section aria-labelledby="compare-title">
                <h2 id="compare-title">{ "One access pattern, two ways to read it" }</h2>
                <p>{ "“Customer c1's orders”, against a table of 50 customers and their orders:" }</p>
                <table class="compare">
                    <thead>
                        <tr>
                            <th scope="col">{ "Request" }</th>
                            <th scope="col">{ "Items read" }</th>
                            <th scope="col">{ "Items returned" }</th>
                            <th scope="col">{ "Read units (eventual)" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for rows.iter().map(row) }
                    </tbody>
                </table>
            </section>
        </main>
    }
}

fn row(comparison: &Comparison) -> Html {
    match &comparison.outcome {
        Ok(numbers) => html! {
            <tr data-request={comparison.label}>
                <th scope="row">{ comparison.label }</th>
                <td class="scanned">{ numbers.scanned_count }</td>
                <td class="count">{ numbers.count }</td>
                <td class="units">{ numbers.capacity_units }</td>
            </tr>
        },
        Err(message) => html! {
            <tr data-request={comparison.label}>
                <th scope="row">{ comparison.label }</th>
                <td colspan="3" class="error">{ message }</td>
            </tr>
        },
    }
}

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
