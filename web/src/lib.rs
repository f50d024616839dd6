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
//!    each is measured and explained, items changed by hand, and the
//!    [`model::playground::Playground`] that is all of it but the data.
//! 2. [`store::State`] holds one engine, the playground and the patterns'
//!    measurements; only its [`reduce`](yew::Reducible::reduce) changes it, from an
//!    [`store::Action`].
//! 3. [`rebuild`] puts a new chart, seed or whole playground in place: at
//!    once for small tables, a slice at a time for large ones.
//! 4. [`share`] turns a playground into a link or a file and back, through
//!    the checks typed input goes through; [`saved`] keeps playgrounds in
//!    the browser under names; [`session`] decides what the page opens on
//!    and keeps the work and the address up to date.
//! 5. [`console_host`] runs the aws CLI console, and [`interchange_host`]
//!    the exports and imports ([`interchange`] turns a playground into
//!    the tools' model and back): each a wasm module of its own, imported
//!    the first time it is used (`lazy_module.rs`).
//! 6. [`app`] lays the page out (a workbench, one column, or an embed as
//!    [`embed`] options ask) and [`components`] draw the state, one panel
//!    per file, and send actions. [`browser`] is the one file that talks
//!    to the browser beyond drawing.
//! 6. [`api`] is what `index.html` and course pages call: `startPage`,
//!    `mount` and `Engine`.

pub mod api;
pub mod app;
pub mod browser;
pub mod components;
pub mod console_host;
pub mod embed;
pub mod hooks;
pub mod interchange;
pub mod interchange_host;
#[cfg(target_arch = "wasm32")]
pub mod lazy_module;
pub mod limits;
pub mod model;
pub mod open_file;
pub mod rebuild;
pub mod rest_of_page;
pub mod saved;
pub mod session;
pub mod share;
pub mod store;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod layering_tests;

pub use app::App;

/// Mounts the page on `<body>`: at once, or once the rest of the page's
/// code is there when what it opens on needs it
/// ([`session::opens_with_the_rest`]).
pub fn start() {
    let mount = || {
        yew::Renderer::<App>::new().render();
    };
    if session::opens_with_the_rest(&browser::query(), &browser::fragment(), &browser::library()) {
        rest_of_page::when_ready(Box::new(mount));
    } else {
        mount();
    }
}
