//! The ddbplay page (a library, so that its components can be tested).
//!
//! It opens on the commerce example: the engine runs in the page, holds a
//! few hundred generated items, and every access pattern is measured so the
//! first screen already shows a Query at half a read unit next to a Scan
//! that costs hundreds of times more.
//!
//! How it fits together:
//! 1. [`model`] knows the domain without the page: the chart (table design,
//!    entities, key templates), seeded generation, access patterns and how
//!    each is measured and explained.
//! 2. [`store::State`] holds one engine, the chart, the patterns and their
//!    measurements; only [`store::State::reduce`] changes it, from an
//!    [`store::Action`].
//! 3. [`rebuild`] puts a new chart or seed in place: at once for small
//!    tables, a slice at a time for large ones.
//! 4. [`components`] draw the state, one panel per file, and send actions.

pub mod components;
pub mod model;
pub mod rebuild;
pub mod store;

use yew::prelude::*;

use components::chart_editor::ChartEditor;
use components::comparison::Comparison;
use components::data_view::DataView;
use components::generate_panel::GeneratePanel;
use components::item_editor::ItemEditor;
use components::pattern_list::PatternList;
use components::runner::Runner;
use components::table_editor::TableEditor;
use components::warnings::Warnings;
use store::State;

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::example);
    let table = &state.chart.table.name;
    html! {
        <main class="page">
            <header>
                <h1>{ "ddbplay" }</h1>
                <p class="tagline">
                    { "A DynamoDB single-table design playground. The storage engine runs in this page: every number below is what DynamoDB would report." }
                </p>
                <p class="intro">
                    { "Start with an access pattern: Compare shows what it costs as a Query and as a Scan. Then change the table design or the entity chart below, or write a pattern of your own, and watch every number move." }
                </p>
                <p class="status" aria-live="polite">
                    { format!("Table {table}: {} items generated from seed {}.", state.item_count, state.seed) }
                    if let Some((stored, expected)) = state.loading {
                        { format!(" Filling it again: {stored} of about {expected} items…") }
                    }
                </p>
                <nav aria-label="Sections">
                    { for [("patterns-title", "Access patterns"), ("comparison-title", "What it costs"), ("runner-title", "Run a request"),
                           ("generate-title", "Items"), ("data-title", "The data"), ("item-title", "One item"),
                           ("design-title", "Table design"), ("chart-title", "Entity chart")]
                        .iter().map(|(id, label)| html! { <a href={format!("#{id}")}>{ *label }</a> }) }
                </nav>
            </header>
            <PatternList state={state.clone()} />
            <Comparison state={state.clone()} />
            <Runner state={state.clone()} />
            <GeneratePanel state={state.clone()} />
            <DataView state={state.clone()} />
            <ItemEditor state={state.clone()} />
            <TableEditor state={state.clone()} />
            <ChartEditor state={state.clone()} />
            <Warnings warnings={state.warnings.clone()} />
        </main>
    }
}

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
