//! Property tests of the codec: any playground the page can reach comes
//! back the same through a link and through a file, and any bytes at all
//! give a clean error or a playground, never a panic.
#![cfg(all(test, not(target_arch = "wasm32")))]

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use engine::api::Operation;
use proptest::prelude::*;
use serde_json::json;

use super::open::{capture, open};
use super::*;
use crate::model::data::edits::{Edit, Edits};
use crate::model::gallery::commerce;
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::{AccessPattern, PATTERN_OPERATIONS};
use crate::model::patterns::runner::{Form, OPERATIONS};
use crate::model::playground::Playground;

/// Text a learner might type, markup and script-looking text included.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z#:{}() =<>.,0-9]{0,24}",
        Just("<script>alert(1)</script>".to_string()),
        Just("\"><img src=x onerror=alert(1)>".to_string()),
        Just("javascript:alert(1)".to_string()),
    ]
}

/// A number as a learner types one into a price field: up to ten digits,
/// up to four of them decimals.
fn typed_number() -> impl Strategy<Value = f64> {
    (0u64..10_000_000_000, 0u32..5).prop_map(|(n, places)| {
        format!(
            "{}.{:0>width$}",
            n / 10u64.pow(places),
            n % 10u64.pow(places),
            width = places as usize
        )
        .parse()
        .unwrap_or(0.0)
    })
}

/// A form as the runner may hold it: any of `operations`, any text in
/// any field.
fn form_of(operations: &'static [Operation]) -> impl Strategy<Value = Form> {
    (
        0..operations.len(),
        prop::collection::vec(text(), 10),
        any::<(bool, bool)>(),
    )
        .prop_map(move |(op, t, (forward, consistent))| Form {
            operation: operations[op],
            table: "commerce-main".into(),
            index: t[0].clone(),
            key_condition: t[1].clone(),
            filter: t[2].clone(),
            projection: t[3].clone(),
            names: t[4].clone(),
            values: t[5].clone(),
            limit: t[6].clone(),
            update: t[7].clone(),
            request_items: t[8].clone(),
            transact_items: t[9].clone(),
            forward,
            consistent,
            ..Form::default()
        })
}

/// A form as the runner may hold it.
fn form() -> impl Strategy<Value = Form> {
    form_of(&OPERATIONS)
}

/// An item changed by hand: a key of its own and an attribute or two.
fn edit() -> impl Strategy<Value = Edit> {
    ("[A-Z]{1,4}#[a-z0-9]{1,6}", "[A-Z#0-9]{1,8}", text(), any::<bool>()).prop_map(
        |(pk, sk, note, put)| {
            let key = json!({"PK": {"S": pk}, "SK": {"S": sk}});
            if put {
                Edit::Put(json!({"PK": {"S": pk}, "SK": {"S": sk}, "note": {"S": note}, "n": {"N": "12.5"}}))
            } else {
                Edit::Delete(key)
            }
        },
    )
}

/// A playground the page can reach: the example, with templates, counts,
/// patterns, prices, runner, data view and hand-made items changed.
fn playground() -> impl Strategy<Value = Playground> {
    (
        prop::collection::vec((0usize..4, 0usize..6, text()), 0..4),
        prop::collection::vec((1u32..5, 0u32..3), 4),
        prop::collection::vec((text(), form_of(&PATTERN_OPERATIONS)), 0..4),
        (typed_number(), typed_number(), typed_number()),
        (form(), text()),
        (prop::option::of(0usize..2), 0u32..5000),
        prop::collection::vec(edit(), 0..6),
        any::<u64>(),
        any::<prop::sample::Index>(),
        (any::<bool>(), any::<bool>(), text(), text()),
    )
        .prop_filter_map(
            "charts the page would refuse are never on it",
            |(
                templates,
                counts,
                patterns,
                prices,
                (draft_form, description),
                view,
                edits,
                seed,
                pick,
                (streamless, idempotent, handler_update, handler_equals),
            )| {
                let mut p = commerce::playground();
                let keys = p.chart.table.key_attribute_names();
                for (entity, key, template) in templates {
                    let name = p.chart.entities[entity].name.clone();
                    p.chart.set_template(&name, &keys[key], &template);
                }
                for (entity, (low, extra)) in p.chart.entities.iter_mut().zip(counts) {
                    entity.count = (low, low + extra);
                }
                p.chart.validate().ok()?;
                for (description, form) in patterns {
                    if let Ok(request) = form.pattern_request() {
                        p.patterns
                            .push(AccessPattern::new(&description, form.operation, request));
                    }
                }
                p.selected = pick.index(p.patterns.len());
                // The price fields take prices up to the page's bound.
                if !(Prices::is_price(prices.0) && Prices::is_price(prices.1)) {
                    return None;
                }
                p.prices = Prices {
                    read_per_million: prices.0,
                    write_per_million: prices.1,
                    requests_per_month: prices.2,
                };
                p.draft.form = draft_form;
                p.draft.description = description;
                p.draft.editing = Some(pick.index(p.patterns.len()));
                p.position.index = view.0.map(|i| p.chart.table.indexes[i].name.clone());
                p.position.row = view.1 as usize;
                p.edits = Edits::from_changes(edits, &p.chart.table).ok()?;
                p.seed = seed;
                if streamless {
                    p.chart.table.stream = None;
                    p.handler = None;
                } else if let Some(handler) = p.handler.as_mut() {
                    handler.idempotent = idempotent;
                    handler.update = handler_update;
                    handler.when_equals = handler_equals;
                }
                Some(p)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_reachable_playground_comes_back_through_a_link(playground in playground()) {
        let link = encode_link(&capture(&playground)).unwrap();
        let value = link_parameter(&link).unwrap();
        prop_assert_eq!(open(decode_link(value).unwrap()).unwrap(), playground);
    }

    #[test]
    fn any_reachable_playground_comes_back_through_a_file(playground in playground()) {
        let file = encode_file(&capture(&playground));
        prop_assert_eq!(open(decode_file(&file).unwrap()).unwrap(), playground);
    }

    #[test]
    fn any_text_as_a_link_is_an_error_or_a_playground(value in any::<String>()) {
        if let Ok(document) = decode_link(&value) {
            let _ = open(document);
        }
    }

    #[test]
    fn any_bytes_behind_a_version_are_an_error_or_a_playground(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        // Raw bytes, and the same bytes compressed as a real link's are,
        // in each format.
        let payloads = [
            (1, bytes.clone()),
            (1, miniz_oxide::deflate::compress_to_vec(&bytes, 6)),
            (2, bytes.clone()),
            (2, super::deflate::deflate(&bytes)),
        ];
        for (version, payload) in payloads {
            if let Ok(document) = decode_link(&format!("{version}.{}", URL_SAFE_NO_PAD.encode(payload))) {
                let _ = open(document);
            }
        }
    }

    #[test]
    fn any_text_as_a_file_is_an_error_or_a_playground(text in any::<String>()) {
        if let Ok(document) = decode_file(&text) {
            let _ = open(document);
        }
    }

    #[test]
    fn a_damaged_real_link_is_an_error_or_a_playground(cut in any::<prop::sample::Index>(), flip in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let link = encode_link(&capture(&commerce::playground())).unwrap();
        let prefix = format!("play={VERSION}.");
        let mut packed = URL_SAFE_NO_PAD.decode(&link[prefix.len()..]).unwrap();
        let at = flip.index(packed.len());
        packed[at] ^= byte;
        packed.truncate(cut.index(packed.len()) + 1);
        if let Ok(document) = decode_link(&format!("{VERSION}.{}", URL_SAFE_NO_PAD.encode(packed))) {
            let _ = open(document);
        }
    }
}
