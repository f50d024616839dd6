//! The wasm module of the page: `startPage`, which `index.html` calls, and
//! the JavaScript API (`mount`, `Engine`), all defined in
//! [`ddbplay_web::api`] and exported from here.

pub use ddbplay_web::api::*;
