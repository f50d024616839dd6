//! Component tests: mount the page in headless Chromium, act, flush, read the DOM.
#![cfg(target_arch = "wasm32")]

use ddbplay_web::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

fn text(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

fn number(root: &web_sys::Element, selector: &str) -> f64 {
    text(root, selector).replace(',', "").parse().unwrap()
}

#[wasm_bindgen_test]
fn the_same_seed_gives_the_same_items_as_a_native_build() {
    use ddbplay_web::model::{commerce, generate::generate};
    let orders: Vec<String> = generate(&commerce::chart(), 42)
        .unwrap()
        .iter()
        .map(|g| engine::api::attribute_value::encode_item(&g.item))
        .filter(|j| j["PK"]["S"] == "CUST#c1" && j["entityType"]["S"] == "Order")
        .map(|j| j["SK"]["S"].as_str().unwrap().to_string())
        .collect();
    // The same list as `model::generate::tests::FIRST_CUSTOMER_ORDERS`.
    let expected = [
        "ORDER#2024-04-14#o1",
        "ORDER#2024-03-31#o2",
        "ORDER#2024-04-11#o3",
        "ORDER#2024-01-03#o4",
        "ORDER#2024-07-26#o5",
        "ORDER#2024-11-18#o6",
        "ORDER#2024-03-30#o7",
    ];
    assert_eq!(orders, expected);
}

#[wasm_bindgen_test]
async fn opens_on_the_commerce_comparison() {
    let root = mount();
    yew::scheduler::flush().await;
    assert!(text(&root, "#comparison-title").contains("A customer's orders, newest first"));
    let query = number(&root, r#"table.comparison tr[data-run="Query"] .units"#);
    let scan = number(
        &root,
        r#"table.comparison tr[data-run="Scan + filter"] .units"#,
    );
    assert!(query <= 2.0, "query {query}");
    assert!(scan > 50.0 * query, "scan {scan}");
    assert_eq!(
        text(&root, r#"table.comparison tr[data-run="Query"] .count"#),
        text(
            &root,
            r#"table.comparison tr[data-run="Scan + filter"] .count"#
        )
    );
}

#[wasm_bindgen_test]
async fn compare_buttons_switch_the_pattern() {
    let root = mount();
    yew::scheduler::flush().await;
    let button = root
        .query_selector(r#"tr[data-pattern="5"] button"#)
        .unwrap()
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap();
    button.click();
    yew::scheduler::flush().await;
    assert!(text(&root, "#comparison-title").contains("Open orders, from the sparse index"));
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    // A GSI read cannot be strongly consistent.
    assert_eq!(
        text(
            &root,
            r#"table.comparison tr[data-run="Query"] td:nth-of-type(6)"#
        ),
        "not on a GSI"
    );
}
