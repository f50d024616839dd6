//! The direct decoder against the tree decoder: the same item whenever it
//! answers, an answer for every item written the common way, and no answer
//! (so the tree's refusal) for everything else.

use proptest::prelude::*;
use serde_json::{Value as Json, json};

use super::item;
use crate::api::attribute_value::{decode_item, decode_raw_item, encode_item};
use crate::types::{Item, Number, Value};

fn through_the_tree(text: &str) -> crate::error::Result<Item> {
    decode_item(&serde_json::from_str::<Json>(text).unwrap())
}

fn raw(text: &str) -> Box<serde_json::value::RawValue> {
    serde_json::value::RawValue::from_string(text.to_string()).unwrap()
}

#[test]
fn an_item_of_every_type_is_read_directly_as_the_tree_reads_it() {
    let text = json!({
        "PK": {"S": "CUST#1"}, "n": {"N": "-12.50e3"}, "b": {"B": "AAEC/w=="},
        "yes": {"BOOL": true}, "none": {"NULL": true},
        "m": {"M": {"inner \"q\"": {"S": "tab\tand é 😀"}, "deeper": {"L": [{"N": "1"}]}}},
        "l": {"L": [{"S": ""}, {"BOOL": false}, {"M": {}}]},
        "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2.5"]}, "bs": {"BS": ["AA==", "AQ=="]},
        "long": {"S": "n".repeat(930)},
    })
    .to_string();
    let direct = item(&text).expect("read directly");
    assert_eq!(Ok(direct.clone()), through_the_tree(&text));
    assert_eq!(
        direct.get("n"),
        Some(&Value::N(Number::parse("-12500").unwrap()))
    );
    assert_eq!(direct.get("b"), Some(&Value::B(vec![0, 1, 2, 255])));
    assert_eq!(direct.len(), 11);
}

#[test]
fn the_unusual_is_left_to_the_tree_with_its_refusal_or_its_item() {
    // Taken by DynamoDB, but not the common way: the tree decides.
    for accepted in [
        r#"{"a": {"S": "x", "N": null}}"#,
        r#"{"a": {"S": "x", "other": 1}}"#,
    ] {
        assert_eq!(item(accepted), None, "{accepted}");
        assert_eq!(
            decode_raw_item(&raw(accepted)).unwrap().get("a"),
            Some(&Value::s("x"))
        );
    }
    // Refused: the same words as the tree's.
    for refused in [
        r#"{"a": {}}"#,
        r#"{"a": {"S": "x", "N": "1"}}"#,
        r#"{"a": {"N": "1e999"}}"#,
        r#"{"a": {"N": "x"}}"#,
        r#"{"a": {"S": 1}}"#,
        r#"{"a": {"B": "AAA"}}"#,
        r#"{"a": {"NULL": false}}"#,
        r#"{"a": {"BOOL": "true"}}"#,
        r#"{"a": {"SS": []}}"#,
        r#"{"a": {"SS": ["x", "x"]}}"#,
        r#"{"a": {"NS": ["1", "1.0"]}}"#,
        r#"{"a": {"BS": ["AA==", "AA=="]}}"#,
        r#"{"a": {"X": "1"}}"#,
        r#"{"a": ["S", "x"]}"#,
        r#"{"a": "x"}"#,
        r#"["x"]"#,
    ] {
        assert_eq!(item(refused), None, "{refused}");
        let expected = through_the_tree(refused).unwrap_err().to_string();
        assert_eq!(
            decode_raw_item(&raw(refused)).unwrap_err().to_string(),
            expected
        );
    }
}

#[test]
fn nesting_past_32_levels_is_refused_in_the_trees_words() {
    let nested = |levels: usize| {
        let mut value = json!({"S": "deep"});
        for _ in 1..levels {
            value = json!({"M": {"m": value}});
        }
        json!({"a": value}).to_string()
    };
    assert!(item(&nested(32)).is_some());
    assert_eq!(item(&nested(33)), None);
    assert_eq!(
        decode_raw_item(&raw(&nested(33))).unwrap_err().to_string(),
        through_the_tree(&nested(33)).unwrap_err().to_string()
    );
}

#[test]
fn of_two_attributes_with_one_name_the_later_counts_as_in_the_tree() {
    let text = r#"{"a": {"S": "first"}, "b": {"M": {"c": {"N": "1"}, "c": {"N": "2"}}}, "a": {"S": "second"}}"#;
    let direct = item(text).unwrap();
    assert_eq!(direct.get("a"), Some(&Value::s("second")));
    assert_eq!(Ok(direct), through_the_tree(text));
}

/// JSON shaped like attribute values, often wrongly: type keys and others,
/// strings that are numbers or base64 or neither, nesting a few deep.
fn wire_like() -> impl Strategy<Value = Json> {
    let leaf = prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::Bool),
        (-5i64..5).prop_map(|n| json!(n)),
        prop::sample::select(vec![
            "", "1", "1.50", "-0", "1e3", "x", "AA==", "AAA", "é\t\"", "00"
        ])
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        let key = prop::sample::select(vec![
            "S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS", "a", "b",
        ]);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Json::Array),
            prop::collection::vec((key, inner), 0..4).prop_map(|members| {
                Json::Object(
                    members
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                )
            }),
        ]
    })
}

/// Items as the engine holds them, written in DynamoDB's JSON.
fn items() -> impl Strategy<Value = Item> {
    let leaf = prop_oneof![
        "[a-z\"\\\\é\t]{0,12}".prop_map(Value::s),
        (-1000i64..1000).prop_map(|n| Value::N(Number::parse(&n.to_string()).unwrap())),
        prop::collection::vec(any::<u8>(), 0..6).prop_map(Value::B),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
        prop::collection::btree_set("[a-c]{1,3}", 1..4)
            .prop_map(|s| Value::SS(s.into_iter().collect())),
    ];
    let value = leaf.prop_recursive(3, 30, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::L),
            prop::collection::vec(("[a-d]{1,2}", inner), 0..4)
                .prop_map(|members| Value::M(members.into_iter().collect())),
        ]
    });
    prop::collection::vec(("[a-f]{1,3}", value), 0..6).prop_map(|m| m.into_iter().collect())
}

proptest! {
    #[test]
    fn whenever_it_answers_it_answers_as_the_tree_does(wire in prop::collection::vec(
        (prop::sample::select(vec!["a", "b", "c"]), wire_like()), 0..4,
    )) {
        let text = Json::Object(wire.into_iter().map(|(k, v)| (k.to_string(), v)).collect()).to_string();
        let tree = through_the_tree(&text);
        if let Some(direct) = item(&text) {
            prop_assert_eq!(Ok(direct), tree.clone());
        }
        let both = decode_raw_item(&raw(&text));
        prop_assert_eq!(both.map_err(|e| e.to_string()), tree.map_err(|e| e.to_string()));
    }

    #[test]
    fn every_item_the_engine_writes_is_read_back_directly(item_held in items()) {
        let text = encode_item(&item_held).to_string();
        prop_assert_eq!(item(&text), Some(item_held));
    }
}
