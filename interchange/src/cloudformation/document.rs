//! An ordered document — text, numbers, flags, lists and maps that keep
//! their order — written as JSON (through serde_json) or as block YAML.
//!
//! The YAML is written here rather than by a YAML library because
//! CloudFormation reads YAML by the older 1.1 rules, where `yes`, `on`,
//! `2010-09-09` and `1_000` are not text, and the libraries quote by the
//! newer ones: here every string a 1.1 reader could take for something
//! else is quoted (in double quotes, whose escapes are JSON's).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

/// A value of the document.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Text(String),
    Number(u64),
    Flag(bool),
    List(Vec<Node>),
    Map(Vec<(String, Node)>),
}

impl Node {
    /// A text value.
    pub fn text(text: impl Into<String>) -> Node {
        Node::Text(text.into())
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Text(text) => serializer.serialize_str(text),
            Node::Number(n) => serializer.serialize_u64(*n),
            Node::Flag(b) => serializer.serialize_bool(*b),
            Node::List(items) => {
                let mut list = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    list.serialize_element(item)?;
                }
                list.end()
            }
            Node::Map(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

/// The document as block YAML.
pub fn to_yaml(node: &Node) -> String {
    let mut out = String::new();
    match node {
        Node::Map(entries) if !entries.is_empty() => map(entries, 0, &mut out),
        Node::List(items) if !items.is_empty() => list(items, 0, &mut out),
        other => {
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
    out
}

fn map(entries: &[(String, Node)], indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    for (key, value) in entries {
        out.push_str(&pad);
        out.push_str(&text(key));
        out.push(':');
        after_key(value, indent, out);
    }
}

fn after_key(value: &Node, indent: usize, out: &mut String) {
    match value {
        Node::Map(entries) if !entries.is_empty() => {
            out.push('\n');
            map(entries, indent + 2, out);
        }
        Node::List(items) if !items.is_empty() => {
            out.push('\n');
            list(items, indent + 2, out);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}

fn list(items: &[Node], indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    for item in items {
        match item {
            Node::Map(entries) if !entries.is_empty() => {
                // The map as if two deeper, its first line's indent made
                // the dash.
                let mut nested = String::new();
                map(entries, indent + 2, &mut nested);
                out.push_str(&pad);
                out.push_str("- ");
                out.push_str(&nested[indent + 2..]);
            }
            Node::List(inner) if !inner.is_empty() => {
                out.push_str(&pad);
                out.push_str("-\n");
                list(inner, indent + 2, out);
            }
            other => {
                out.push_str(&pad);
                out.push_str("- ");
                out.push_str(&scalar(other));
                out.push('\n');
            }
        }
    }
}

fn scalar(node: &Node) -> String {
    match node {
        Node::Text(s) => text(s),
        Node::Number(n) => n.to_string(),
        Node::Flag(b) => b.to_string(),
        Node::List(_) => "[]".into(),
        Node::Map(_) => "{}".into(),
    }
}

/// Words a YAML 1.1 reader takes for flags or null.
const SPECIAL_WORDS: [&str; 11] = [
    "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", "<<",
];

/// `s` plain when nothing reads it as other than text, else in double
/// quotes.
fn text(s: &str) -> String {
    let bytes = s.as_bytes();
    let plain = bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && !s.ends_with([' ', ':'])
        && !s.contains(": ")
        && !s.contains(" #")
        && !s.contains("  ")
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || " _./@:-".contains(c))
        && !SPECIAL_WORDS.contains(&s.to_ascii_lowercase().as_str());
    if plain {
        s.to_string()
    } else {
        serde_json::Value::String(s.to_string()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_a_yaml_1_1_reader_would_misread_is_quoted() {
        for (value, written) in [
            ("Orders", "Orders"),
            ("AWS::DynamoDB::Table", "AWS::DynamoDB::Table"),
            ("single-table design", "single-table design"),
            ("yes", "\"yes\""),
            ("On", "\"On\""),
            ("2010-09-09", "\"2010-09-09\""),
            ("1_000", "\"1_000\""),
            ("12:30", "\"12:30\""),
            ("a: b", "\"a: b\""),
            ("", "\"\""),
            ("it's \"x\"", "\"it's \\\"x\\\"\""),
        ] {
            assert_eq!(text(value), written, "{value}");
        }
    }

    #[test]
    fn maps_in_lists_hang_from_their_dash() {
        let document = Node::Map(vec![
            (
                "Keys".into(),
                Node::List(vec![
                    Node::Map(vec![
                        ("Name".into(), Node::text("PK")),
                        ("Type".into(), Node::text("HASH")),
                    ]),
                    Node::text("x"),
                ]),
            ),
            ("Empty".into(), Node::List(vec![])),
        ]);
        assert_eq!(
            to_yaml(&document),
            "Keys:\n  - Name: PK\n    Type: HASH\n  - x\nEmpty: []\n"
        );
    }
}
