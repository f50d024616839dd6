//! The access patterns as an ES module for Node.js and the AWS SDK for
//! JavaScript v3: `DynamoDBDocumentClient` from `@aws-sdk/lib-dynamodb`,
//! whose commands take plain values — a string for `{"S": …}`, a number
//! for `{"N": …}` (a `NumberValue` when a JavaScript number would round
//! it), a `Buffer` for binary, a `Set` for the set types — and whose
//! paginators (`paginateQuery`, `paginateScan`) follow every page.

use serde_json::Value as Json;

use super::{Holds, function_names, holds};
use crate::items::tagged;
use crate::model::Model;

/// Words JavaScript keeps for itself, which a function may not be named.
const RESERVED: [&str; 12] = [
    "delete", "new", "class", "function", "return", "import", "export", "default", "in", "for",
    "if", "do",
];

/// The module.
pub fn module(model: &Model) -> String {
    let descriptions: Vec<&str> = model.patterns.iter().map(|p| p.name.as_str()).collect();
    let names = function_names(&descriptions, camel_case, &RESERVED);
    let mut commands: Vec<&str> = model
        .patterns
        .iter()
        .flat_map(|p| imports(&p.operation))
        .copied()
        .collect();
    let uses_number_value = model
        .patterns
        .iter()
        .any(|p| literal(&converted(&p.request, None), 2).contains("NumberValue.from"));
    if uses_number_value {
        commands.push("NumberValue");
    }
    commands.sort_unstable();
    commands.dedup();
    let mut out = format!(
        "// The access patterns of the DynamoDB table {}, for the AWS SDK for JavaScript v3.\n\
         //\n\
         //   npm install @aws-sdk/client-dynamodb @aws-sdk/lib-dynamodb\n\
         //   node {}            runs every pattern\n\
         //   node {} NAME       runs the one named\n\
         //\n\
         // Set AWS_REGION (and AWS_ENDPOINT_URL for an endpoint other than AWS).\n\
         // Reads follow every page; a pattern that writes changes the table.\n\n",
        model.table.name, FILE_NAME, FILE_NAME
    );
    out.push_str("import { DynamoDBClient } from \"@aws-sdk/client-dynamodb\";\n");
    out.push_str("import {\n  DynamoDBDocumentClient,\n");
    for command in &commands {
        out.push_str(&format!("  {command},\n"));
    }
    out.push_str("} from \"@aws-sdk/lib-dynamodb\";\n\n");
    out.push_str("const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));\n");
    for (pattern, name) in model.patterns.iter().zip(&names) {
        out.push('\n');
        out.push_str(&function(
            name,
            &pattern.name,
            &pattern.operation,
            &pattern.request,
        ));
    }
    out.push_str("\nexport const patterns = {");
    if names.is_empty() {
        out.push_str("};\n");
    } else {
        out.push('\n');
        for name in &names {
            out.push_str(&format!("  {name},\n"));
        }
        out.push_str("};\n");
    }
    out.push_str(MAIN);
    out
}

/// The file's name, as the page offers it.
pub const FILE_NAME: &str = "patterns.mjs";

const MAIN: &str = r#"
/** What a pattern returned, as JSON: sets as lists, binary as base64. */
export const asJson = (key, value) => {
  if (value instanceof Set) return [...value];
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (value && value.type === "Buffer" && Array.isArray(value.data)) return Buffer.from(value.data).toString("base64");
  return value;
};

// Run as a program (not imported): the patterns named, or all of them.
if (import.meta.url === new URL(process.argv[1], "file://").href || import.meta.filename === process.argv[1]) {
  const asked = process.argv.slice(2);
  for (const name of asked.length ? asked : Object.keys(patterns)) {
    if (!patterns[name]) {
      console.error(`no pattern ${name}; the patterns are ${Object.keys(patterns).join(", ")}`);
      process.exit(2);
    }
    const result = await patterns[name]();
    console.log(JSON.stringify({ pattern: name, result }, asJson));
  }
}
"#;

fn camel_case(words: &[String]) -> String {
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        if i == 0 {
            out.push_str(word);
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

/// The document client's command for an operation, and its paginator.
fn command(operation: &str) -> (&'static str, Option<&'static str>) {
    match operation {
        "GetItem" => ("GetCommand", None),
        "PutItem" => ("PutCommand", None),
        "UpdateItem" => ("UpdateCommand", None),
        "DeleteItem" => ("DeleteCommand", None),
        "Query" => ("QueryCommand", Some("paginateQuery")),
        "Scan" => ("ScanCommand", Some("paginateScan")),
        "BatchGetItem" => ("BatchGetCommand", None),
        "BatchWriteItem" => ("BatchWriteCommand", None),
        "TransactGetItems" => ("TransactGetCommand", None),
        "TransactWriteItems" => ("TransactWriteCommand", None),
        "ExecuteStatement" => ("ExecuteStatementCommand", None),
        "BatchExecuteStatement" => ("BatchExecuteStatementCommand", None),
        "ExecuteTransaction" => ("ExecuteTransactionCommand", None),
        _ => ("", None),
    }
}

fn imports(operation: &str) -> &'static [&'static str] {
    match command(operation) {
        (_, Some("paginateQuery")) => &["paginateQuery"],
        (_, Some(_)) => &["paginateScan"],
        ("GetCommand", _) => &["GetCommand"],
        ("PutCommand", _) => &["PutCommand"],
        ("UpdateCommand", _) => &["UpdateCommand"],
        ("DeleteCommand", _) => &["DeleteCommand"],
        ("BatchGetCommand", _) => &["BatchGetCommand"],
        ("BatchWriteCommand", _) => &["BatchWriteCommand"],
        ("TransactGetCommand", _) => &["TransactGetCommand"],
        ("TransactWriteCommand", _) => &["TransactWriteCommand"],
        ("ExecuteStatementCommand", _) => &["ExecuteStatementCommand"],
        ("BatchExecuteStatementCommand", _) => &["BatchExecuteStatementCommand"],
        ("ExecuteTransactionCommand", _) => &["ExecuteTransactionCommand"],
        _ => &[],
    }
}

fn function(name: &str, description: &str, operation: &str, request: &Json) -> String {
    let input = literal(&converted(request, None), 2);
    let comment = description.replace("*/", "* /");
    let body = match command(operation) {
        ("", _) => format!(
            "  throw new Error(\"{operation} is not an operation of the document client\");\n"
        ),
        (_, Some(paginator)) => format!(
            "  const items = [];\n  for await (const page of {paginator}({{ client }}, {input})) {{\n    items.push(...(page.Items ?? []));\n  }}\n  return items;\n"
        ),
        ("GetCommand", _) => format!(
            "  const {{ Item }} = await client.send(new GetCommand({input}));\n  return Item ?? null;\n"
        ),
        ("ExecuteStatementCommand", _) => format!(
            "  const items = [];\n  let NextToken;\n  do {{\n    const page = await client.send(new ExecuteStatementCommand({{ ...{input}, NextToken }}));\n    items.push(...(page.Items ?? []));\n    NextToken = page.NextToken;\n  }} while (NextToken);\n  return items;\n"
        ),
        (command, _) => format!(
            "  const {{ $metadata, ...response }} = await client.send(new {command}({input}));\n  return response;\n"
        ),
    };
    format!("/** {comment} ({operation}) */\nexport async function {name}() {{\n{body}}}\n")
}

/// A JavaScript value: what the document client takes for `value`.
enum Js {
    Value(Json),
    Number(String),
    Binary(String),
    Set(Vec<Js>),
    Object(Vec<(String, Js)>),
    Array(Vec<Js>),
}

/// The request with its attribute values made plain (`holding` says what
/// the member `value` stands in holds, if anything).
fn converted(value: &Json, holding: Option<Holds>) -> Js {
    match (holding, value) {
        (Some(Holds::Map), Json::Object(map)) => {
            Js::Object(map.iter().map(|(k, v)| (k.clone(), plain(v))).collect())
        }
        (Some(Holds::ListOfMaps), Json::Array(list)) => Js::Array(
            list.iter()
                .map(|v| converted(v, Some(Holds::Map)))
                .collect(),
        ),
        (Some(Holds::List), Json::Array(list)) => Js::Array(list.iter().map(plain).collect()),
        (_, Json::Object(map)) => Js::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), converted(v, holds(k))))
                .collect(),
        ),
        (_, Json::Array(list)) => Js::Array(list.iter().map(|v| converted(v, None)).collect()),
        (_, other) => Js::Value(other.clone()),
    }
}

/// An attribute value made plain.
fn plain(value: &Json) -> Js {
    let Some((tag, inner)) = tagged(value) else {
        return Js::Value(value.clone());
    };
    let text = |v: &Json| v.as_str().unwrap_or_default().to_string();
    let list = |v: &Json| v.as_array().cloned().unwrap_or_default();
    match tag {
        "S" | "BOOL" => Js::Value(inner.clone()),
        "NULL" => Js::Value(Json::Null),
        "N" => Js::Number(text(inner)),
        "B" => Js::Binary(text(inner)),
        "SS" => Js::Set(list(inner).into_iter().map(Js::Value).collect()),
        "NS" => Js::Set(list(inner).iter().map(|n| Js::Number(text(n))).collect()),
        "BS" => Js::Set(list(inner).iter().map(|b| Js::Binary(text(b))).collect()),
        "L" => Js::Array(list(inner).iter().map(plain).collect()),
        "M" => Js::Object(
            inner
                .as_object()
                .map(|m| m.iter().map(|(k, v)| (k.clone(), plain(v))).collect())
                .unwrap_or_default(),
        ),
        _ => Js::Value(value.clone()),
    }
}

/// `value` as JavaScript source, indented by `indent` spaces inside.
fn literal(value: &Js, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let inner_pad = " ".repeat(indent + 2);
    match value {
        Js::Value(v) => v.to_string(),
        Js::Number(text) => number(text),
        Js::Binary(base64) => format!("Buffer.from({}, \"base64\")", Json::String(base64.clone())),
        Js::Set(values) => {
            let parts: Vec<String> = values.iter().map(|v| literal(v, indent)).collect();
            format!("new Set([{}])", parts.join(", "))
        }
        Js::Array(values) if values.is_empty() => "[]".into(),
        Js::Array(values) => {
            let parts: Vec<String> = values
                .iter()
                .map(|v| format!("{inner_pad}{}", literal(v, indent + 2)))
                .collect();
            format!("[\n{},\n{pad}]", parts.join(",\n"))
        }
        Js::Object(members) if members.is_empty() => "{}".into(),
        Js::Object(members) => {
            let parts: Vec<String> = members
                .iter()
                .map(|(k, v)| format!("{inner_pad}{}: {}", key(k), literal(v, indent + 2)))
                .collect();
            format!("{{\n{},\n{pad}}}", parts.join(",\n"))
        }
    }
}

/// A number as JavaScript writes it, when a JavaScript number holds it
/// exactly; else a `NumberValue`, which keeps every digit.
fn number(text: &str) -> String {
    let exact = text
        .parse::<f64>()
        .ok()
        .filter(|f| f.is_finite())
        .and_then(|f| {
            let written = format!("{f}");
            let same = engine::types::number::Number::parse(&written)
                .ok()
                .zip(engine::types::number::Number::parse(text).ok())
                .is_some_and(|(a, b)| a == b);
            same.then_some(written)
        });
    match exact {
        Some(written) => written,
        None => format!("NumberValue.from({})", Json::String(text.to_string())),
    }
}

/// An object's key: bare when it is an identifier, else quoted.
fn key(name: &str) -> String {
    let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier {
        name.to_string()
    } else {
        Json::String(name.to_string()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Pattern, Table};
    use serde_json::json;

    #[test]
    fn a_query_follows_every_page_with_plain_values() {
        let model = Model {
            table: Table {
                name: "Orders".into(),
                ..Table::default()
            },
            patterns: vec![Pattern {
                name: "Orders of a customer".into(),
                operation: "Query".into(),
                request: json!({
                    "TableName": "Orders",
                    "KeyConditionExpression": "PK = :pk",
                    "ExpressionAttributeValues": {":pk": {"S": "C#1"}, ":n": {"N": "12345678901234567890"}, ":b": {"B": "AAE="}, ":s": {"NS": ["1", "2.5"]}}
                }),
            }],
            ..Model::default()
        };
        let text = module(&model);
        assert!(text.contains("import {\n  DynamoDBDocumentClient,\n  NumberValue,\n  paginateQuery,\n} from \"@aws-sdk/lib-dynamodb\";\n"));
        assert!(text.contains(
            r#"/** Orders of a customer (Query) */
export async function ordersOfACustomer() {
  const items = [];
  for await (const page of paginateQuery({ client }, {
    ExpressionAttributeValues: {
      ":b": Buffer.from("AAE=", "base64"),
      ":n": NumberValue.from("12345678901234567890"),
      ":pk": "C#1",
      ":s": new Set([1, 2.5]),
    },
    KeyConditionExpression: "PK = :pk",
    TableName: "Orders",
  })) {
    items.push(...(page.Items ?? []));
  }
  return items;
}
"#
        ));
        assert!(text.contains("export const patterns = {\n  ordersOfACustomer,\n};\n"));
    }
}
