//! The wasm module of the page: `startPage`, which `index.html` calls, and
//! the JavaScript API (`mount`, `Engine`), all defined in
//! [`ddbplay_web::api`] and exported from here.

pub use ddbplay_web::api::*;

#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
