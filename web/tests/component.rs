//! Component tests: mount the page in headless Chromium and read the DOM.
#![cfg(target_arch = "wasm32")]

use ddbplay_web::App;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

fn cell(root: &web_sys::Element, request: &str, class: &str) -> String {
    root.query_selector(&format!("tr[data-request=\"{request}\"] .{class}"))
        .unwrap()
        .unwrap_or_else(|| panic!("no {class} cell for {request}"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn page_shows_query_and_scan_numbers_from_the_engine() {
    let root = mount();
    yew::scheduler::flush().await;
    assert_eq!(cell(&root, "Query", "scanned"), "2");
    assert_eq!(cell(&root, "Query", "units"), "0.5");
    let scanned: u64 = cell(&root, "Scan + filter", "scanned").parse().unwrap();
    assert!(scanned > 200, "scan read {scanned}");
    assert_eq!(cell(&root, "Scan + filter", "count"), "2");
}
