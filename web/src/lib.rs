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

pub mod api;
pub mod app;
pub mod browser;
pub mod components;
pub mod embed;
pub mod model;
pub mod rebuild;
pub mod saved;
pub mod session;
pub mod share;
pub mod store;

pub use app::App;

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
