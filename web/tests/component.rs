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

/// The page mounted and drawn whole: the panels below its first screen
/// are drawn once the learner reaches for the page.
async fn mounted() -> web_sys::Element {
    let root = mount();
    yew::scheduler::flush().await;
    reach_for_the_page();
    drawn_whole(&root).await;
    root
}

/// A pointer moved over the page, as a learner's would.
fn reach_for_the_page() {
    let moved = web_sys::Event::new("pointermove").unwrap();
    web_sys::window().unwrap().dispatch_event(&moved).unwrap();
}

/// Waits for the whole page to be drawn in `root`.
async fn drawn_whole(root: &web_sys::Element) {
    for _ in 0..200 {
        yew::scheduler::flush().await;
        if root
            .query_selector(r#"[data-drawn="whole"]"#)
            .unwrap()
            .is_some()
        {
            return;
        }
        let pause = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(pause).await.unwrap();
    }
    panic!("the page was not drawn whole within 2 s");
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
async fn the_first_screen_is_drawn_before_the_rest_of_the_page() {
    let root = mount();
    yew::scheduler::flush().await;
    let panels = |side: &str| {
        root.query_selector_all(&format!(".side.{side} > *"))
            .unwrap()
            .length()
    };
    let pending = || root.query_selector_all(".pending-panel").unwrap().length();
    let drawn = || {
        root.query_selector(".workbench")
            .unwrap()
            .and_then(|w| w.get_attribute("data-drawn"))
    };
    // The first render: the patterns and the comparison, with its numbers;
    // the other ten panels stand as their headings.
    assert_eq!((panels("model-side"), panels("results-side")), (4, 8));
    assert_eq!(pending(), 10);
    assert_eq!(drawn(), Some("first-screen".into()));
    assert_eq!(
        text(&root, r#"table.comparison tr[data-run="Query"] .units"#),
        "0.5"
    );
    assert_eq!(text(&root, "#runner-title"), "Run a request");
    assert!(root.query_selector("#runner-body").unwrap().is_none());
    // Nothing more is drawn until the learner reaches for the page.
    for _ in 0..5 {
        yew::scheduler::flush().await;
    }
    assert_eq!(drawn(), Some("first-screen".into()));
    reach_for_the_page();
    drawn_whole(&root).await;
    assert_eq!(pending(), 0);
    assert!(root.query_selector("#runner-body").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn opens_on_the_commerce_comparison() {
    let root = mounted().await;
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
    let root = mounted().await;
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
    let root = mounted().await;
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
    let root = mounted().await;
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
