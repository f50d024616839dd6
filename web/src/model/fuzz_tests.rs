//! Whatever a learner types into the page's text fields — attributes, key
//! templates, pasted items, a hand-written item — gets an answer, never a
//! panic; and what reads back prints the same.
#![cfg(all(test, not(target_arch = "wasm32")))]

use proptest::prelude::*;

use crate::model::data::item_form::{item_from_fields, put_item};
use crate::model::data::paste::parse_pasted;
use crate::model::design::attribute_text::{parse_attributes, print_attributes};
use crate::model::design::template::Template;
use crate::model::fixtures::Opened;
use crate::model::gallery::commerce;

/// Text that looks a little like what the fields expect, and some that does not.
fn typed() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z]{1,8}: (id|one of|number|date|words|person name|email|address|from parent)[ 0-9.,a-zA-Z=]{0,20}(\n[a-z]{1,6}: [a-z 0-9.]{0,12}){0,4}",
        "[A-Z#]{0,6}\\{[a-zA-Z]{0,8}(:[0-9.]{0,5})?\\}[#a-z{}]{0,6}",
        "[\\[\\]{}\":,a-zA-Z0-9 \n]{0,80}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn attribute_text_never_panics_and_reads_back(text in typed()) {
        if let Ok(attributes) = parse_attributes(&text) {
            prop_assert_eq!(parse_attributes(&print_attributes(&attributes)).unwrap(), attributes);
        }
    }

    #[test]
    fn templates_never_panic(text in typed()) {
        if let Ok(template) = Template::parse(&text) {
            let item = engine::types::Item::default();
            let _ = template.render(&item);
        }
    }

    #[test]
    fn pasted_text_never_panics(text in typed()) {
        let _ = parse_pasted(&commerce::chart(), &text);
    }

    #[test]
    fn form_fields_never_panic(value in typed(), field in 0usize..8) {
        let chart = commerce::chart();
        let order = chart.entity("Order").unwrap();
        let name = order.attributes[field % order.attributes.len()].name.clone();
        let _ = item_from_fields(&chart, "Order", &[(name, value)]);
    }
}

#[test]
fn hand_written_items_never_panic_and_nothing_half_applies() {
    let state = Opened::example();
    let count = || {
        state
            .engine
            .borrow()
            .table("commerce-main")
            .unwrap()
            .items
            .n_items()
    };
    let before = count();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(300));
    runner
        .run(&typed(), |text| {
            let outcome = put_item(&mut state.engine.borrow_mut(), "commerce-main", &text);
            // Only an item with both keys can be stored.
            prop_assert!(outcome.is_err() || (text.contains("PK") && text.contains("SK")));
            Ok(())
        })
        .unwrap();
    assert_eq!(count(), before);
}
