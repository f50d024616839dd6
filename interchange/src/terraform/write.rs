//! The table as an `aws_dynamodb_table` resource of the hashicorp/aws
//! provider, laid out as `terraform fmt` lays it out (two-space indents,
//! the `=` of neighbouring attributes in one column).
//!
//! - `attribute` blocks only for the attributes a key uses: the provider
//!   reports any other as a perpetual difference.
//! - A global index's key is written as `key_schema` blocks, which the
//!   provider reads from version 6.29.0 on (the `terraform` block pins
//!   it), or — [`KeyStyle::HashRange`], for older providers — as the
//!   `hash_key` and `range_key` that 6.29.0 deprecates. An index keyed on
//!   several attributes has only the first form.
//! - Point-in-time recovery is always written, on or off, so that a plan
//!   shows it; items are not part of the resource (the aws CLI script or
//!   the export lines carry them).

use crate::model::{Billing, Index, Model, Table, Throughput};

/// How a global index's key is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeyStyle {
    /// `key_schema` blocks: provider 6.29.0 and later.
    #[default]
    KeySchema,
    /// `hash_key` and `range_key`: any provider version.
    HashRange,
}

/// A piece of HCL: an attribute on one line, a block, a map, or a blank
/// line between groups.
enum Node {
    Attribute(String, String),
    Block(String, Vec<Node>),
    Map(String, Vec<(String, String)>),
    Blank,
}

fn attribute(key: &str, value: impl Into<String>) -> Node {
    Node::Attribute(key.to_string(), value.into())
}

/// The resource (and the provider pin its `key_schema` blocks need).
pub fn resource(model: &Model, style: KeyStyle) -> String {
    let table = &model.table;
    let style = if table
        .global_indexes
        .iter()
        .any(|i| i.key.is_multi_attribute())
    {
        KeyStyle::KeySchema
    } else {
        style
    };
    let mut out = format!(
        "# The DynamoDB table {}, as the hashicorp/aws provider makes it.\n",
        table.name
    );
    let mut nodes = Vec::new();
    if style == KeyStyle::KeySchema && !table.global_indexes.is_empty() {
        nodes.push(Node::Block(
            "terraform".into(),
            vec![Node::Block(
                "required_providers".into(),
                vec![Node::Block(
                    "aws =".into(),
                    vec![
                        attribute("source", string("hashicorp/aws")),
                        attribute("version", string(">= 6.29.0")),
                    ],
                )],
            )],
        ));
        nodes.push(Node::Blank);
    }
    nodes.push(Node::Block(
        format!(
            "resource \"aws_dynamodb_table\" {}",
            string(&resource_label(&table.name))
        ),
        table_body(table, style),
    ));
    render(&nodes, 0, &mut out);
    out
}

/// The resource's label: the table's name in lower case, with `_` for
/// anything but a letter, a digit or `_`, starting with a letter.
pub fn resource_label(name: &str) -> String {
    let mut label: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if !label.starts_with(|c: char| c.is_ascii_alphabetic()) {
        label.insert_str(0, "table_");
    }
    label
}

fn table_body(table: &Table, style: KeyStyle) -> Vec<Node> {
    let mut body = vec![attribute("name", string(&table.name))];
    match &table.billing {
        Billing::PayPerRequest => body.push(attribute("billing_mode", string("PAY_PER_REQUEST"))),
        Billing::Provisioned(t) => {
            body.push(attribute("billing_mode", string("PROVISIONED")));
            body.extend(capacity(*t));
        }
    }
    body.push(attribute("hash_key", string(table.key.partition())));
    if let Some(sort) = table.key.sort() {
        body.push(attribute("range_key", string(sort)));
    }
    if let Some(class) = &table.table_class {
        body.push(attribute("table_class", string(class)));
    }
    if table.deletion_protection {
        body.push(attribute("deletion_protection_enabled", "true"));
    }
    body.push(Node::Blank);
    for definition in table.used_attributes() {
        body.push(Node::Block(
            "attribute".into(),
            vec![
                attribute("name", string(&definition.name)),
                attribute("type", string(&definition.attribute_type)),
            ],
        ));
    }
    for index in &table.global_indexes {
        body.push(Node::Blank);
        body.push(Node::Block(
            "global_secondary_index".into(),
            global_index(index, &table.billing, style),
        ));
    }
    for index in &table.local_indexes {
        body.push(Node::Blank);
        let mut block = vec![
            attribute("name", string(&index.name)),
            attribute("range_key", string(index.key.sort().unwrap_or_default())),
        ];
        block.extend(projection(index));
        body.push(Node::Block("local_secondary_index".into(), block));
    }
    if let Some(view) = &table.stream {
        body.push(Node::Blank);
        body.push(attribute("stream_enabled", "true"));
        body.push(attribute("stream_view_type", string(view)));
    }
    if let Some(ttl) = &table.ttl {
        body.push(Node::Blank);
        body.push(Node::Block(
            "ttl".into(),
            vec![
                attribute("attribute_name", string(ttl)),
                attribute("enabled", "true"),
            ],
        ));
    }
    body.push(Node::Blank);
    body.push(Node::Block(
        "point_in_time_recovery".into(),
        vec![attribute(
            "enabled",
            if table.point_in_time_recovery {
                "true"
            } else {
                "false"
            },
        )],
    ));
    if !table.tags.is_empty() {
        body.push(Node::Blank);
        body.push(Node::Map(
            "tags".into(),
            table
                .tags
                .iter()
                .map(|t| (map_key(&t.key), string(&t.value)))
                .collect(),
        ));
    }
    body
}

fn global_index(index: &Index, billing: &Billing, style: KeyStyle) -> Vec<Node> {
    let mut block = vec![attribute("name", string(&index.name))];
    if style == KeyStyle::HashRange {
        block.push(attribute("hash_key", string(index.key.partition())));
        if let Some(sort) = index.key.sort() {
            block.push(attribute("range_key", string(sort)));
        }
    }
    block.extend(projection(index));
    if let Billing::Provisioned(table_throughput) = billing {
        block.extend(capacity(index.throughput.unwrap_or(*table_throughput)));
    }
    if style == KeyStyle::KeySchema {
        block.push(Node::Blank);
        for (name, key_type) in index.key.elements() {
            block.push(Node::Block(
                "key_schema".into(),
                vec![
                    attribute("attribute_name", string(name)),
                    attribute("key_type", string(key_type)),
                ],
            ));
        }
    }
    block
}

fn projection(index: &Index) -> Vec<Node> {
    let mut out = vec![attribute(
        "projection_type",
        string(index.projection.type_name()),
    )];
    let names = index.projection.non_key_attributes();
    if !names.is_empty() {
        let list: Vec<String> = names.iter().map(|n| string(n)).collect();
        out.push(attribute(
            "non_key_attributes",
            format!("[{}]", list.join(", ")),
        ));
    }
    out
}

fn capacity(throughput: Throughput) -> Vec<Node> {
    vec![
        attribute("read_capacity", throughput.read.to_string()),
        attribute("write_capacity", throughput.write.to_string()),
    ]
}

/// `text` as an HCL string literal: quotes, backslashes and control
/// characters escaped, and `${` and `%{` doubled so that no template runs.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A map key: bare when it is an identifier, else a string.
fn map_key(key: &str) -> String {
    let identifier = key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if identifier {
        key.to_string()
    } else {
        string(key)
    }
}

fn render(nodes: &[Node], depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    let mut i = 0;
    while i < nodes.len() {
        match &nodes[i] {
            Node::Attribute(..) => {
                let run: Vec<(&String, &String)> = nodes[i..]
                    .iter()
                    .map_while(|n| match n {
                        Node::Attribute(k, v) => Some((k, v)),
                        _ => None,
                    })
                    .collect();
                aligned(&run, &indent, out);
                i += run.len();
                continue;
            }
            Node::Block(header, body) => {
                out.push_str(&format!("{indent}{header} {{\n"));
                render(body, depth + 1, out);
                out.push_str(&format!("{indent}}}\n"));
            }
            Node::Map(key, entries) => {
                out.push_str(&format!("{indent}{key} = {{\n"));
                let entries: Vec<(&String, &String)> =
                    entries.iter().map(|(k, v)| (k, v)).collect();
                aligned(&entries, &format!("{indent}  "), out);
                out.push_str(&format!("{indent}}}\n"));
            }
            Node::Blank => out.push('\n'),
        }
        i += 1;
    }
}

/// Lines `key = value` with every `=` in one column.
fn aligned(lines: &[(&String, &String)], indent: &str, out: &mut String) {
    let width = lines
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    for (key, value) in lines {
        let pad = width - key.chars().count();
        out.push_str(&format!("{indent}{key}{} = {value}\n", " ".repeat(pad)));
    }
}
