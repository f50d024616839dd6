//! botocore's check of a request against the model, made before anything
//! is sent: every problem found, in the order the walk meets them, one
//! line each under `Parameter validation failed:`.
//!
//! As botocore checks (`botocore/validate.py`): required members, members
//! the model does not have, each value's Python type, and the minimum of
//! a string's or list's length and of a number. Maximums, patterns and
//! enumerations are left to the service.

use crate::model::{Model, Shape, ShapeId};
use crate::python::Value;

/// The problems found, each a line; empty when the request may go.
pub fn validate(params: &Value, shape: ShapeId, model: &Model) -> Vec<String> {
    let mut problems = Vec::new();
    walk(params, shape, model, "", &mut problems, 0);
    problems
}

/// The report botocore raises: `Parameter validation failed:` and a line
/// for each problem.
pub fn report(problems: &[String]) -> String {
    format!("Parameter validation failed:\n{}", problems.join("\n"))
}

fn name_of(path: &str) -> &str {
    if path.is_empty() {
        "input"
    } else {
        path.strip_prefix('.').unwrap_or(path)
    }
}

fn invalid_type(path: &str, value: &Value, valid: &str, problems: &mut Vec<String>) {
    problems.push(format!(
        "Invalid type for parameter {}, value: {}, type: {}, valid types: {valid}",
        name_of(path),
        value.to_str(),
        value.type_name()
    ));
}

fn walk(
    value: &Value,
    shape: ShapeId,
    model: &Model,
    path: &str,
    problems: &mut Vec<String>,
    depth: usize,
) {
    if depth > crate::limits::MAX_JSON_DEPTH {
        return;
    }
    match model.shape(shape) {
        Shape::Structure {
            members, required, ..
        } => {
            let Value::Dict(dict) = value else {
                return invalid_type(path, value, "<class 'dict'>", problems);
            };
            for member in required {
                if !dict.contains(member) {
                    problems.push(format!(
                        "Missing required parameter in {}: \"{member}\"",
                        name_of(path)
                    ));
                }
            }
            let mut known = Vec::new();
            for (key, member_value) in dict.iter() {
                match members.iter().find(|(name, _)| name == key) {
                    Some((_, member)) => known.push((key, member_value, *member)),
                    None => {
                        let valid: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                        problems.push(format!(
                            "Unknown parameter in {}: \"{key}\", must be one of: {}",
                            name_of(path),
                            valid.join(", ")
                        ));
                    }
                }
            }
            for (key, member_value, member) in known {
                walk(
                    member_value,
                    member,
                    model,
                    &format!("{path}.{key}"),
                    problems,
                    depth + 1,
                );
            }
        }
        Shape::List { member, min } => {
            let Value::List(items) = value else {
                return invalid_type(path, value, "<class 'list'>, <class 'tuple'>", problems);
            };
            if let Some(min) = min
                && (items.len() as i64) < *min
            {
                problems.push(format!(
                    "Invalid length for parameter {}, value: {}, valid min length: {min}",
                    name_of(path),
                    items.len()
                ));
            }
            for (i, item) in items.iter().enumerate() {
                walk(
                    item,
                    *member,
                    model,
                    &format!("{path}[{i}]"),
                    problems,
                    depth + 1,
                );
            }
        }
        Shape::Map { key, value: member } => {
            let Value::Dict(dict) = value else {
                return invalid_type(path, value, "<class 'dict'>", problems);
            };
            for (entry, member_value) in dict.iter() {
                walk(
                    &Value::Str(entry.clone()),
                    *key,
                    model,
                    &format!("{path} (key: {entry})"),
                    problems,
                    depth + 1,
                );
                walk(
                    member_value,
                    *member,
                    model,
                    &format!("{path}.{entry}"),
                    problems,
                    depth + 1,
                );
            }
        }
        Shape::String { min } => {
            let Value::Str(text) = value else {
                return invalid_type(path, value, "<class 'str'>", problems);
            };
            let length = text.chars().count() as i64;
            if let Some(min) = min
                && length < *min
            {
                problems.push(format!(
                    "Invalid length for parameter {}, value: {length}, valid min length: {min}",
                    name_of(path)
                ));
            }
        }
        Shape::Integer { min } | Shape::Long { min } => {
            // A bool is an int in Python.
            let number = match value {
                Value::Int(number) => *number,
                Value::Bool(b) => i64::from(*b),
                _ => return invalid_type(path, value, "<class 'int'>", problems),
            };
            if let Some(min) = min
                && number < *min
            {
                problems.push(format!(
                    "Invalid value for parameter {}, value: {number}, valid min value: {min}",
                    name_of(path)
                ));
            }
        }
        Shape::Double => {
            if !matches!(value, Value::Float(_) | Value::Int(_) | Value::Bool(_)) {
                invalid_type(
                    path,
                    value,
                    "<class 'float'>, <class 'decimal.Decimal'>, <class 'int'>",
                    problems,
                );
            }
        }
        Shape::Boolean => {
            if !matches!(value, Value::Bool(_)) {
                invalid_type(path, value, "<class 'bool'>", problems);
            }
        }
        Shape::Blob => {
            if !matches!(value, Value::Str(_)) {
                invalid_type(
                    path,
                    value,
                    "<class 'bytes'>, <class 'bytearray'>, file-like object",
                    problems,
                );
            }
        }
        Shape::Timestamp => {
            if !matches!(value, Value::Str(_) | Value::Int(_) | Value::Float(_)) {
                invalid_type(
                    path,
                    value,
                    "<class 'datetime.datetime'>, timestamp-string",
                    problems,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::model;
    use crate::python::json::loads;

    fn problems(operation: &str, params: &str) -> Vec<String> {
        let model = model();
        let input = model.by_name(operation).unwrap().input;
        validate(&loads(params).unwrap(), input, model)
    }

    #[test]
    fn every_problem_is_named_as_botocore_names_it() {
        assert_eq!(
            problems("GetItem", r#"{"Key": {"Artist": {"X": "y"}}}"#),
            [
                "Missing required parameter in input: \"TableName\"",
                "Unknown parameter in Key.Artist: \"X\", must be one of: S, N, B, SS, NS, BS, M, L, NULL, BOOL",
            ]
        );
        assert_eq!(
            problems("PutItem", r#"{"TableName": "t", "Item": {"x": {"N": 5}}}"#),
            [
                "Invalid type for parameter Item.x.N, value: 5, type: <class 'int'>, valid types: <class 'str'>"
            ]
        );
        assert_eq!(
            problems("Query", r#"{"TableName": "t", "Limit": 0}"#),
            ["Invalid value for parameter Limit, value: 0, valid min value: 1"]
        );
        assert_eq!(
            problems("ListTables", r#"{"ExclusiveStartTableName": "ab"}"#),
            ["Invalid length for parameter ExclusiveStartTableName, value: 2, valid min length: 3"]
        );
        assert_eq!(
            problems("Query", r#"{"TableName": "t", "ExclusiveStartKey": "abc"}"#),
            [
                "Invalid type for parameter ExclusiveStartKey, value: abc, type: <class 'str'>, valid types: <class 'dict'>"
            ]
        );
    }

    #[test]
    fn a_request_the_model_allows_has_no_problem() {
        assert!(problems(
            "CreateTable",
            r#"{"TableName": "Music", "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"}], "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}], "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}"#
        )
        .is_empty());
    }
}
