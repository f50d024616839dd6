//! The access patterns as a Python program for boto3's DynamoDB client,
//! which takes DynamoDB JSON as it is — but binary values as bytes, where
//! the JSON has base64 — and whose paginators follow every page.

use serde_json::Value as Json;

use super::{Holds, function_names, holds};
use crate::items::tagged;
use crate::model::Model;

/// Words Python keeps for itself.
const RESERVED: [&str; 12] = [
    "class", "def", "return", "import", "from", "in", "for", "if", "del", "with", "pass", "print",
];

/// The file's name, as the page offers it.
pub const FILE_NAME: &str = "patterns.py";

/// The program.
pub fn program(model: &Model) -> String {
    let descriptions: Vec<&str> = model.patterns.iter().map(|p| p.name.as_str()).collect();
    let names = function_names(&descriptions, |w| w.join("_"), &RESERVED);
    let mut out = format!(
        "\"\"\"The access patterns of the DynamoDB table {}, for boto3.\n\n\
         \x20   pip install boto3\n\
         \x20   python {FILE_NAME}            runs every pattern\n\
         \x20   python {FILE_NAME} NAME       runs the one named\n\n\
         Set AWS_DEFAULT_REGION (and AWS_ENDPOINT_URL for an endpoint other than AWS).\n\
         Reads follow every page; a pattern that writes changes the table.\n\
         \"\"\"\n\n",
        model
            .table
            .name
            .replace('\\', "\\\\")
            .replace("\"\"\"", "\\\"\\\"\\\"")
    );
    out.push_str("import base64\nimport json\nimport sys\n\nimport boto3\n\n");
    out.push_str("dynamodb = boto3.client(\"dynamodb\")\n");
    for (pattern, name) in model.patterns.iter().zip(&names) {
        out.push_str("\n\n");
        out.push_str(&function(
            name,
            &pattern.name,
            &pattern.operation,
            &pattern.request,
        ));
    }
    out.push_str("\n\nPATTERNS = {\n");
    for name in &names {
        out.push_str(&format!("    \"{name}\": {name},\n"));
    }
    out.push_str("}\n");
    out.push_str(MAIN);
    out
}

const MAIN: &str = r#"

def as_json(value):
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode()
    if isinstance(value, set):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


if __name__ == "__main__":
    asked = sys.argv[1:] or list(PATTERNS)
    for name in asked:
        if name not in PATTERNS:
            sys.exit(f"no pattern {name}; the patterns are {', '.join(PATTERNS)}")
        result = PATTERNS[name]()
        print(json.dumps({"pattern": name, "result": result}, default=as_json))
"#;

/// The client's method for an operation (`query`), and whether it pages.
fn method(operation: &str) -> Option<(String, bool)> {
    const OPERATIONS: [&str; 13] = [
        "GetItem",
        "PutItem",
        "UpdateItem",
        "DeleteItem",
        "Query",
        "Scan",
        "BatchGetItem",
        "BatchWriteItem",
        "TransactGetItems",
        "TransactWriteItems",
        "ExecuteStatement",
        "BatchExecuteStatement",
        "ExecuteTransaction",
    ];
    if !OPERATIONS.contains(&operation) {
        return None;
    }
    let mut name = String::new();
    for (i, c) in operation.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            name.push('_');
        }
        name.push(c.to_ascii_lowercase());
    }
    Some((name, operation == "Query" || operation == "Scan"))
}

fn function(name: &str, description: &str, operation: &str, request: &Json) -> String {
    let docstring = description.replace('\\', "\\\\").replace('"', "\\\"");
    let arguments = literal(request, None, 8);
    let body = match method(operation) {
        None => format!(
            "    raise NotImplementedError(\"{operation} is not an operation of the client\")\n"
        ),
        Some((method, true)) => format!(
            "    items = []\n    request = {arguments}\n    for page in dynamodb.get_paginator(\"{method}\").paginate(**request):\n        items.extend(page[\"Items\"])\n    return items\n"
        ),
        Some((method, false)) if method == "get_item" => format!(
            "    response = dynamodb.get_item(**{arguments})\n    return response.get(\"Item\")\n"
        ),
        Some((method, false)) if method == "execute_statement" => format!(
            "    items = []\n    request = {arguments}\n    while True:\n        page = dynamodb.execute_statement(**request)\n        items.extend(page[\"Items\"])\n        if \"NextToken\" not in page:\n            return items\n        request[\"NextToken\"] = page[\"NextToken\"]\n"
        ),
        Some((method, false)) => format!(
            "    response = dynamodb.{method}(**{arguments})\n    response.pop(\"ResponseMetadata\", None)\n    return response\n"
        ),
    };
    format!("def {name}():\n    \"\"\"{docstring} ({operation}).\"\"\"\n{body}")
}

/// `value` as a Python literal, members indented `indent` spaces; binary
/// values (where `holding` says attribute values stand) as bytes.
fn literal(value: &Json, holding: Option<Holds>, indent: usize) -> String {
    let pad = " ".repeat(indent - 4);
    let inner = " ".repeat(indent);
    match value {
        Json::Null => "None".into(),
        Json::Bool(true) => "True".into(),
        Json::Bool(false) => "False".into(),
        Json::Number(n) => n.to_string(),
        Json::String(s) => python_string(s),
        Json::Array(list) if list.is_empty() => "[]".into(),
        Json::Array(list) => {
            let each = match holding {
                Some(Holds::ListOfMaps) => Some(Holds::Map),
                Some(Holds::List) => None,
                _ => None,
            };
            let parts: Vec<String> = list
                .iter()
                .map(|v| {
                    if holding == Some(Holds::List) {
                        format!("{inner}{}", attribute_value(v, indent + 4))
                    } else {
                        format!("{inner}{}", literal(v, each, indent + 4))
                    }
                })
                .collect();
            format!("[\n{},\n{pad}]", parts.join(",\n"))
        }
        Json::Object(map) if map.is_empty() => "{}".into(),
        Json::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| {
                    let value = if holding == Some(Holds::Map) {
                        attribute_value(v, indent + 4)
                    } else {
                        literal(v, holds(k), indent + 4)
                    };
                    format!("{inner}{}: {value}", python_string(k))
                })
                .collect();
            format!("{{\n{},\n{pad}}}", parts.join(",\n"))
        }
    }
}

/// An attribute value: as its JSON, with `B` and `BS` as bytes, through
/// maps and lists.
fn attribute_value(value: &Json, indent: usize) -> String {
    let Some((tag, inner)) = tagged(value) else {
        return literal(value, None, indent);
    };
    let bytes = |v: &Json| {
        format!(
            "base64.b64decode({})",
            python_string(v.as_str().unwrap_or_default())
        )
    };
    let written = match tag {
        "B" => bytes(inner),
        "BS" => {
            let parts: Vec<String> = inner.as_array().into_iter().flatten().map(bytes).collect();
            format!("[{}]", parts.join(", "))
        }
        "M" => {
            let holding = Some(Holds::Map);
            literal(inner, holding, indent + 4)
        }
        "L" => {
            let parts: Vec<String> = inner
                .as_array()
                .into_iter()
                .flatten()
                .map(|v| attribute_value(v, indent + 4))
                .collect();
            format!("[{}]", parts.join(", "))
        }
        _ => literal(inner, None, indent + 4),
    };
    format!("{{{}: {written}}}", python_string(tag))
}

/// A Python string literal: JSON's escapes are Python's.
fn python_string(text: &str) -> String {
    Json::String(text.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Pattern, Table};
    use serde_json::json;

    #[test]
    fn a_get_item_with_a_binary_key_sends_bytes() {
        let model = Model {
            table: Table {
                name: "Files".into(),
                ..Table::default()
            },
            patterns: vec![Pattern {
                name: "Get one file".into(),
                operation: "GetItem".into(),
                request: json!({"TableName": "Files", "Key": {"id": {"B": "AAE="}, "v": {"N": "1"}}, "ConsistentRead": true}),
            }],
            ..Model::default()
        };
        let text = program(&model);
        assert!(text.contains(
            r#"def get_one_file():
    """Get one file (GetItem)."""
    response = dynamodb.get_item(**{
        "ConsistentRead": True,
        "Key": {
            "id": {"B": base64.b64decode("AAE=")},
            "v": {"N": "1"},
        },
        "TableName": "Files",
    })
    return response.get("Item")
"#
        ));
        assert!(text.contains("PATTERNS = {\n    \"get_one_file\": get_one_file,\n}\n"));
    }
}
