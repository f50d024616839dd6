//! `--generate-cli-skeleton`: the request an operation takes, with every
//! member and an empty value of its type, as the aws CLI's
//! `ArgumentGenerator` makes it — `""` for text, `0` and `0.0` for
//! numbers, `true`, the epoch for a timestamp, `null` for binary, a list
//! of one member, a map of one `KeyName`, and `{}` for a structure met
//! again inside itself (an `AttributeValue` inside a map or a list of
//! them). Where the CLI writes one of an enum's values picked at random,
//! the console writes `""`: its model keeps no enums.

use crate::model::{Model, Shape, ShapeId};
use crate::python::{Dict, Value};

/// The skeleton of the input shape `shape`.
pub fn input(model: &Model, shape: ShapeId) -> Value {
    generate(model, shape, &mut Vec::new())
}

fn generate(model: &Model, shape: ShapeId, stack: &mut Vec<ShapeId>) -> Value {
    stack.push(shape);
    let value = match model.shape(shape) {
        Shape::Structure { members, .. } => {
            if stack.iter().filter(|s| **s == shape).count() > 1 {
                Value::Dict(Dict::new())
            } else {
                let mut skeleton = Dict::new();
                for (name, member) in members {
                    skeleton.insert(name.clone(), generate(model, *member, stack));
                }
                Value::Dict(skeleton)
            }
        }
        Shape::List { member, .. } => Value::List(vec![generate(model, *member, stack)]),
        Shape::Map { value, .. } => {
            let mut skeleton = Dict::new();
            skeleton.insert("KeyName", generate(model, *value, stack));
            Value::Dict(skeleton)
        }
        Shape::String { .. } => Value::Str(String::new()),
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
