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
    use ddbplay_web::model::{design::generate::generate, gallery::commerce};
    let items = generate(&commerce::chart(), 42).unwrap();
    assert_eq!(
        commerce::order_keys(&items, "CUST#c11"),
        commerce::C11_ORDERS
    );
}

#[wasm_bindgen_test]
async fn opens_on_the_commerce_comparison() {
    let root = mount();
    yew::scheduler::flush().await;
    assert!(text(&root, "#comparison-title").contains("An order's lines, in one request"));
    let query = number(&root, r#"table.comparison tr[data-run="Query"] .units"#);
    let scan = number(
        &root,
        r#"table.comparison tr[data-run="Scan + filter"] .units"#,
    );
    assert_eq!(query, 0.5);
    assert!(scan >= 200.0 * query, "scan {scan}");
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

fn click(root: &web_sys::Element, selector: &str) {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
}

#[wasm_bindgen_test]
async fn a_write_pattern_is_priced_per_index_without_changing_the_data() {
    let root = mount();
    yew::scheduler::flush().await;
    let open_orders = text(&root, r#"tr[data-pattern="5"] .count"#);
    click(
        &root,
        r#"tr[data-pattern="9"] button[aria-label^="Compare"]"#,
    );
    yew::scheduler::flush().await;
    assert_eq!(
        text(
            &root,
            r#"table.comparison.write tr[data-run="GSI2"] .units"#
        ),
        "1"
    );
    assert_eq!(
        text(
            &root,
            r#"table.comparison.write tr[data-run="total"] .cost"#
        ),
        "$2.5000"
    );
    assert_eq!(text(&root, r#"tr[data-pattern="5"] .count"#), open_orders);
}

#[wasm_bindgen_test]
async fn adding_an_entity_adds_its_row_and_its_items() {
    let root = mount();
    yew::scheduler::flush().await;
    let items = |root: &web_sys::Element| -> usize {
        let status = text(root, ".status");
        status
            .split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let before = items(&root);
    let add = root
        .query_selector_all("section[aria-labelledby=\"chart-title\"] button.add")
        .unwrap();
    add.get(0)
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
    yew::scheduler::flush().await;
    assert!(
        root.query_selector(r#"tr[data-entity="Entity1"]"#)
            .unwrap()
            .is_some()
    );
    assert_eq!(items(&root), before + 10);
}
