//! Any text, parsed and resolved as every kind of expression, must give a
//! result or a DynamoDB error — never a panic.
#![no_main]

use std::collections::BTreeMap;

use engine::expr::{ExprKind, Placeholders, keycond};
use engine::key::{KeyAttribute, KeySchema, KeyType};
use engine::types::{Number, Value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let names: BTreeMap<String, String> =
        [("#a", "a"), ("#s", "status"), ("#n", "x.y")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let values: BTreeMap<String, Value> = [
        (":s", Value::s("x")),
        (":n", Value::N(Number::from_i64(5))),
        (":l", Value::L(vec![Value::Null])),
        (":b", Value::Bool(true)),
        (":t", Value::s("SS")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let attribute = |name: &str, key_type| KeyAttribute { name: name.into(), key_type };
    let schema = KeySchema::simple(attribute("a", KeyType::S), Some(attribute("b", KeyType::N)));
    // A multi-attribute key of a global index: two partition and three sort attributes.
    let multi = KeySchema {
        more_partition: vec![attribute("c", KeyType::N)],
        more_sort: vec![attribute("d", KeyType::S), attribute("e", KeyType::B)],
        ..schema.clone()
    };
    for kind in [ExprKind::KeyCondition, ExprKind::Filter, ExprKind::Condition] {
        let mut placeholders = Placeholders::new(Some(&names), Some(&values));
        if let Ok(condition) = placeholders.condition(text, kind) {
            let _ = keycond::analyze(&condition, &schema);
            let _ = keycond::analyze(&condition, &multi);
            let _ = engine::expr::eval::eval_condition(&condition, &engine::types::Item::new());
        }
        let _ = placeholders.check_unused();
    }
    let _ = Placeholders::new(Some(&names), Some(&values)).projection(text);
    let _ = Placeholders::new(Some(&names), Some(&values)).update(text);
});
