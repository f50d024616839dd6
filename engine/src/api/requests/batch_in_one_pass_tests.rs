//! The one-pass reader against the usual one: the same request whenever
//! it answers, an answer for the load's plain requests, and no answer
//! (so the usual answer) for everything else.

use proptest::prelude::*;
use serde_json::{Value as Json, json};

use super::batch_write_item as in_one_pass;
use crate::api::requests::batch::batch_write_item as usual;
use crate::api::shapes;
use crate::capacity::ReturnConsumedCapacity;
use crate::ops::WriteRequest;
use crate::types::Value;

/// What the usual reader makes of `body`, after the shapes' check that
/// comes before it: the request, or the refusal's words.
fn read_the_usual_way(body: &str) -> Result<String, String> {
    let converted = shapes::check("BatchWriteItem", body.as_bytes()).map_err(|e| e.to_string())?;
    assert_eq!(converted, None, "the shapes converted {body}");
    usual(body.as_bytes())
        .map(|read| format!("{read:?}"))
        .map_err(|e| e.to_string())
}

fn order(n: usize) -> Json {
    json!({"PK": {"S": "CUST#001"}, "SK": {"S": format!("ORDER#{n:04}")},
           "status": {"S": "PENDING"}, "total": {"N": format!("{n}.99")}, "notes": {"S": "n".repeat(930)}})
}

#[test]
fn the_loads_request_is_read_in_one_pass_as_the_usual_way_reads_it() {
    let writes: Vec<Json> = (0..24)
        .map(|n| json!({"PutRequest": {"Item": order(n)}}))
        .collect();
    let mut writes = writes;
    writes
        .push(json!({"DeleteRequest": {"Key": {"PK": {"S": "CUST#001"}, "SK": {"S": "PROFILE"}}}}));
    let body = json!({"RequestItems": {"commerce": writes, "audit": [{"PutRequest": {"Item": order(99)}}]},
                      "ReturnConsumedCapacity": "INDEXES", "ReturnItemCollectionMetrics": "SIZE"})
    .to_string();
    let (request, mode, metrics) = in_one_pass(body.as_bytes()).expect("read in one pass");
    assert_eq!(
        Ok(format!("{:?}", (&request, mode, metrics))),
        read_the_usual_way(&body)
    );
    assert_eq!((mode, metrics), (ReturnConsumedCapacity::Indexes, true));
    // Tables in name order; each table's writes in the order given.
    let tables: Vec<(&str, usize)> = request
        .request_items
        .iter()
        .map(|(t, w)| (t.as_str(), w.len()))
        .collect();
    assert_eq!(tables, [("audit", 1), ("commerce", 25)]);
    let WriteRequest::Put(first) = &request.request_items[1].1[0] else {
        panic!("a put")
    };
    assert_eq!(first.get("SK"), Some(&Value::s("ORDER#0000")));
    assert!(matches!(
        request.request_items[1].1[24],
        WriteRequest::Delete(_)
    ));
}

#[test]
fn anything_but_the_plain_case_is_left_to_the_usual_way() {
    let item = r#"{"PK": {"S": "a"}}"#;
    for body in [
        // Members the model does not name, or named twice.
        format!(r#"{{"RequestItems": {{"t": [{{"PutRequest": {{"Item": {item}}}}}]}}, "Other": 1}}"#),
        format!(r#"{{"RequestItems": {{"t": []}}, "RequestItems": {{"t": [{{"PutRequest": {{"Item": {item}}}}}]}}}}"#),
        r#"{"RequestItems": {}, "ReturnConsumedCapacity": "TOTAL", "ReturnConsumedCapacity": "NONE"}"#.to_string(),
        format!(r#"{{"RequestItems": {{"t": [{{"PutRequest": {{"Item": {item}, "Item": {item}}}}}]}}}}"#),
        format!(r#"{{"RequestItems": {{"t": [{{"PutRequest": {{"Item": {item}, "Other": 1}}}}]}}}}"#),
        // Values of another type than their shape's, or outside an enumeration.
        format!(r#"{{"RequestItems": {{"t": [[{{"Item": {item}}}]]}}}}"#),
        format!(r#"{{"RequestItems": {{"t": {{"PutRequest": {{"Item": {item}}}}}}}}}"#),
        r#"{"RequestItems": {"t": ["x"]}}"#.to_string(),
        r#"{"RequestItems": [], "ReturnConsumedCapacity": "TOTAL"}"#.to_string(),
        r#"{"RequestItems": {}, "ReturnConsumedCapacity": "total"}"#.to_string(),
        r#"{"RequestItems": {}, "ReturnConsumedCapacity": null}"#.to_string(),
        r#"{"RequestItems": {}, "ReturnItemCollectionMetrics": 1}"#.to_string(),
        // Writes missing their item, or with two kinds, or none.
        r#"{"RequestItems": {"t": [{"PutRequest": {}}]}}"#.to_string(),
        r#"{"RequestItems": {"t": [{}]}}"#.to_string(),
        format!(r#"{{"RequestItems": {{"t": [{{"PutRequest": {{"Item": {item}}}, "DeleteRequest": {{"Key": {item}}}}}]}}}}"#),
        // An item the direct reader leaves to the tree.
        r#"{"RequestItems": {"t": [{"PutRequest": {"Item": {"a": {"S": "x", "N": null}}}}]}}"#.to_string(),
        r#"{"RequestItems": {"t": [{"PutRequest": {"Item": {"a": {"N": "x"}}}}]}}"#.to_string(),
        // No RequestItems, not JSON, or more after it.
        "{}".to_string(),
        " ".to_string(),
        r#"{"RequestItems": {}} {}"#.to_string(),
        r#"{"RequestItems": {"#.to_string(),
    ] {
        assert!(in_one_pass(body.as_bytes()).is_none(), "{body}");
    }
    assert!(in_one_pass(b"{\"RequestItems\": {\"\xff\": []}}").is_none());
}

/// Attribute values, mostly plain, some that the direct reader leaves to the tree.
fn attribute_value() -> impl Strategy<Value = Json> {
    prop_oneof![
        4 => "[a-z\"\\\\é\t]{0,8}".prop_map(|s| json!({"S": s})),
        2 => prop::sample::select(vec!["1", "-2.50", "1e3", "x", ""]).prop_map(|n| json!({"N": n})),
        1 => prop::sample::select(vec!["AA==", "AAA", ""]).prop_map(|b| json!({"B": b})),
        1 => prop::sample::select(vec![json!({"BOOL": true}), json!({"BOOL": "yes"}), json!({"NULL": true}),
            json!({"NULL": false}), json!({"SS": ["a", "b"]}), json!({"SS": ["a", "a"]}), json!({"NS": []}),
            json!({"L": [{"S": "x"}]}), json!({"M": {"m": {"N": "1"}}}), json!({"S": 1}), json!({}), json!("x")]),
    ]
}

fn item() -> impl Strategy<Value = Json> {
    prop::collection::btree_map("[a-d]{1,2}", attribute_value(), 0..4)
        .prop_map(|members| Json::Object(members.into_iter().collect()))
}

fn write() -> impl Strategy<Value = Json> {
    prop_oneof![
        6 => item().prop_map(|item| json!({"PutRequest": {"Item": item}})),
        3 => item().prop_map(|key| json!({"DeleteRequest": {"Key": key}})),
        1 => prop::sample::select(vec![json!({"PutRequest": {}}), json!({}), json!([]), json!("x"),
            json!({"PutRequest": {"Item": {}, "Other": null}}), json!({"PutRequest": null}),
            json!({"PutRequest": {"Item": {"a": {"S": "x"}}}, "DeleteRequest": {"Key": {}}})]),
    ]
}

fn body() -> impl Strategy<Value = Json> {
    let tables = prop::collection::btree_map(
        prop::sample::select(vec!["t", "orders", "a b", ""]),
        prop_oneof![9 => prop::collection::vec(write(), 0..4).prop_map(Json::Array), 1 => Just(json!({}))],
        0..3,
    )
    .prop_map(|tables| Json::Object(tables.into_iter().map(|(k, v)| (k.to_string(), v)).collect()));
    let choice = |values: Vec<Json>| prop::option::weighted(0.5, prop::sample::select(values));
    (
        prop::option::weighted(0.9, tables),
        choice(vec![
            json!("TOTAL"),
            json!("INDEXES"),
            json!("NONE"),
            json!("total"),
            json!(null),
            json!(1),
        ]),
        choice(vec![
            json!("SIZE"),
            json!("NONE"),
            json!("size"),
            json!(true),
        ]),
        prop::option::weighted(0.1, Just(json!(1))),
    )
        .prop_map(|(tables, mode, metrics, other)| {
            let mut body = serde_json::Map::new();
            let members = [
                ("RequestItems", tables),
                ("ReturnConsumedCapacity", mode),
                ("ReturnItemCollectionMetrics", metrics),
                ("Other", other),
            ];
            for (name, value) in members {
                if let Some(value) = value {
                    body.insert(name.to_string(), value);
                }
            }
            Json::Object(body)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn whenever_it_answers_it_answers_as_the_usual_way_does(body in body()) {
        let text = body.to_string();
        if let Some(read) = in_one_pass(text.as_bytes()) {
            prop_assert_eq!(Ok(format!("{read:?}")), read_the_usual_way(&text));
        }
    }
}
