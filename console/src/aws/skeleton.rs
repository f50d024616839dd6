//! `--generate-cli-skeleton`: the request an operation takes, with every
//! member and an empty value of its type, as the aws CLI's
//! `ArgumentGenerator` makes it — `""` for text, `0` and `0.0` for
//! numbers, `true`, the epoch for a timestamp, `null` for binary, a list
//! of one member, a map of one `KeyName`, and `{}` for a structure met
//! again inside itself (an `AttributeValue` inside a map or a list of
//! them). Where the CLI writes one of an enum's values picked at random,
//! the console writes `""`: its model keeps no enums.
//!
//! `--generate-cli-skeleton output` answers with the sample response v2
//! makes (`ArgumentGenerator(use_member_names=True)` behind a stubbed
//! client): the same, but each text is its member's name — a list's item
//! its member shape's name, a map's value `""` — enums included, so it is
//! the same every time.

use crate::model::{Model, Shape, ShapeId};
use crate::python::{Dict, Value};

/// The skeleton of the input shape `shape`.
pub fn input(model: &Model, shape: ShapeId) -> Value {
    generate(model, shape, &mut Vec::new(), None)
}

/// The sample answer of the output shape `shape` (`{}` without one).
pub fn output(model: &Model, shape: Option<ShapeId>) -> Value {
    match shape {
        Some(shape) => generate(model, shape, &mut Vec::new(), Some("")),
        None => Value::Dict(Dict::new()),
    }
}

/// `name`: the member's name to write for a text, when member names are
/// written; `None` when they are not.
fn generate(model: &Model, shape: ShapeId, stack: &mut Vec<ShapeId>, name: Option<&str>) -> Value {
    let names = name.is_some();
    stack.push(shape);
    let value = match model.shape(shape) {
        Shape::Structure { members, .. } => {
            if stack.iter().filter(|s| **s == shape).count() > 1 {
                Value::Dict(Dict::new())
            } else {
                let mut skeleton = Dict::new();
                for (name, member) in members {
                    let text = names.then_some(name.as_str());
                    skeleton.insert(name.clone(), generate(model, *member, stack, text));
                }
                Value::Dict(skeleton)
            }
        }
        Shape::List { member, .. } => {
            let text = names.then(|| model.shape_name(*member));
            Value::List(vec![generate(model, *member, stack, text)])
        }
        Shape::Map { value, .. } => {
            let mut skeleton = Dict::new();
            let text = names.then_some("");
            skeleton.insert("KeyName", generate(model, *value, stack, text));
            Value::Dict(skeleton)
        }
        Shape::String { .. } => Value::Str(name.unwrap_or_default().to_string()),
        Shape::Integer { .. } | Shape::Long { .. } => Value::Int(0),
        Shape::Double => Value::Float(0.0),
        Shape::Boolean => Value::Bool(true),
        Shape::Timestamp => Value::Str("1970-01-01T00:00:00".into()),
        Shape::Blob => Value::None,
    };
    stack.pop();
    value
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample_answer_names_each_text_by_its_member() {
        let model = model();
        let list_tables = model.by_command("list-tables").unwrap();
        assert_eq!(
            dumps_indented(&output(model, list_tables.output)),
            "{\n    \"TableNames\": [\n        \"TableName\"\n    ],\n    \"LastEvaluatedTableName\": \"LastEvaluatedTableName\"\n}"
        );
        let get_item = model.by_command("get-item").unwrap();
        let text = dumps_indented(&output(model, get_item.output));
        assert!(text.starts_with("{\n    \"Item\": {\n        \"KeyName\": {\n            \"S\": \"S\",\n            \"N\": \"N\",\n            \"B\": null,\n            \"SS\": [\n                \"StringAttributeValue\"\n            ],"), "{text}");
        assert!(text.contains("\"TableName\": \"TableName\""), "{text}");
    }

    use super::*;
    use crate::model::model;
    use crate::python::json::dumps_indented;

    fn skeleton(command: &str) -> String {
        let model = model();
        dumps_indented(&input(model, model.by_command(command).unwrap().input))
    }

    #[test]
    fn describe_table_takes_only_the_table_name() {
        assert_eq!(skeleton("describe-table"), "{\n    \"TableName\": \"\"\n}");
    }

    #[test]
    fn an_attribute_value_inside_itself_is_an_empty_object() {
        let text = skeleton("get-item");
        assert!(text.starts_with(
            "{\n    \"TableName\": \"\",\n    \"Key\": {\n        \"KeyName\": {\n            \"S\": \"\",\n            \"N\": \"\",\n            \"B\": null,\n            \"SS\": [\n                \"\"\n            ],"
        ), "{text}");
        assert!(text.contains("\"M\": {\n                \"KeyName\": {}\n            },\n            \"L\": [\n                {}\n            ],\n            \"NULL\": true,\n            \"BOOL\": true\n"), "{text}");
        assert!(text.contains("\"ConsistentRead\": true,"), "{text}");
    }
}
