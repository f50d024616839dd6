//! `--output yaml`, as the CLI's ruamel.yaml safe dumper writes it: block
//! style, keys sorted at every level, two spaces of indent with a list's
//! dashes at its key's indent, and a string quoted when YAML would read it
//! as something else (`'2002'`, `'true'`, `''`). A scalar result of
//! `--query` is written as JSON.

use crate::python::Value;
use crate::python::float::repr_float;

/// The YAML of a value.
pub fn format_yaml(value: &Value) -> String {
    match value {
        Value::Dict(d) if d.is_empty() => String::new(),
        v if v.is_scalar() => format!("{}\n", crate::python::json::dumps(v)),
        v => {
            let mut out = String::new();
            block(v, 0, &mut out, 0);
            out
        }
    }
}

/// A one-element list of the value: each page of `--output yaml-stream`.
pub fn format_yaml_stream(value: &Value) -> String {
    format_yaml(&Value::List(vec![value.clone()]))
}

fn block(value: &Value, indent: usize, out: &mut String, depth: usize) {
    if depth > crate::limits::MAX_JSON_DEPTH {
        return;
    }
    let pad = " ".repeat(indent);
    match value {
        Value::Dict(dict) => {
            let mut entries: Vec<_> = dict.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            for (key, item) in entries {
                out.push_str(&pad);
                out.push_str(&scalar_text(&Value::Str(key.clone())));
                out.push(':');
                nested(item, indent, out, depth);
            }
        }
        Value::List(items) => {
            for item in items {
                out.push_str(&pad);
                out.push('-');
                match item {
                    Value::Dict(d) if !d.is_empty() => {
                        // The first key on the dash's line, the rest under it.
                        let mut inner = String::new();
                        block(item, indent + 2, &mut inner, depth + 1);
                        out.push(' ');
                        out.push_str(inner.trim_start_matches(' '));
                    }
                    Value::List(l) if !l.is_empty() => {
                        let mut inner = String::new();
                        block(item, indent + 2, &mut inner, depth + 1);
                        out.push(' ');
                        out.push_str(inner.trim_start_matches(' '));
                    }
                    other => {
                        out.push(' ');
                        out.push_str(&inline(other));
                        out.push('\n');
                    }
                }
            }
        }
        other => {
            out.push_str(&pad);
            out.push_str(&inline(other));
            out.push('\n');
        }
    }
}

/// What follows `key:`.
fn nested(item: &Value, indent: usize, out: &mut String, depth: usize) {
    match item {
        Value::Dict(d) if !d.is_empty() => {
            out.push('\n');
            block(item, indent + 2, out, depth + 1);
        }
        Value::List(l) if !l.is_empty() => {
            out.push('\n');
            block(item, indent, out, depth + 1);
        }
        other => {
            out.push(' ');
            out.push_str(&inline(other));
            out.push('\n');
        }
    }
}

fn inline(value: &Value) -> String {
    match value {
        Value::Dict(_) => "{}".into(),
        Value::List(_) => "[]".into(),
        other => scalar_text(other),
    }
}

fn scalar_text(value: &Value) -> String {
    match value {
        Value::None => "null".into(),
        Value::Bool(true) => "true".into(),
        Value::Bool(false) => "false".into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) if f.is_nan() => ".nan".into(),
        Value::Float(f) if f.is_infinite() => if *f > 0.0 { ".inf" } else { "-.inf" }.into(),
        Value::Float(f) => repr_float(*f),
        Value::Str(s) => string(s),
        _ => String::new(),
    }
}

/// A string plain when YAML reads it back as the same string, single-quoted
/// when it would read as another type or starts or ends oddly, and
/// double-quoted with escapes when it holds control characters.
fn string(text: &str) -> String {
    if text
        .chars()
        .any(|c| (c as u32) < 0x20 && c != '\n' || c == '\u{7f}')
        || text.contains('\n')
    {
        let mut out = String::from("\"");
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if (c as u32) < 0x20 || c == '\u{7f}' => {
                    out.push_str(&format!("\\x{:02X}", c as u32))
                }
                c => out.push(c),
            }
        }
        out.push('"');
        return out;
    }
    if needs_quotes(text) {
        return format!("'{}'", text.replace('\'', "''"));
    }
    text.to_string()
}

fn needs_quotes(text: &str) -> bool {
    if text.is_empty() || text != text.trim() {
        return true;
    }
    let lower = text.to_ascii_lowercase();
    // YAML 1.2's core schema, which ruamel writes: only these read as
    // something other than a string.
    if matches!(lower.as_str(), "null" | "~" | "true" | "false") {
        return true;
    }
    let first = text.chars().next().unwrap_or(' ');
    if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
        // `-x` and `:x` are plain when followed by a non-blank; the dumper
        // quotes them all the same for the indicators that start a node.
        return first != '-' || text.len() <= 1 || text.starts_with("- ") || looks_numeric(text);
    }
    if text.contains(": ") || text.contains(" #") || text.ends_with(':') {
        return true;
    }
    looks_numeric(text) || looks_like_timestamp(text)
}

/// Would YAML 1.2 (as ruamel reads it) read this as a number?
fn looks_numeric(text: &str) -> bool {
    let t = text.strip_prefix(['+', '-']).unwrap_or(text);
    if t.is_empty() {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), ".inf" | ".nan") {
        return true;
    }
    if let Some(hex) = lower.strip_prefix("0x") {
        return !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit() || c == '_');
    }
    if let Some(oct) = lower.strip_prefix("0o") {
        return !oct.is_empty() && oct.chars().all(|c| ('0'..='7').contains(&c) || c == '_');
    }
    let digits_etc = lower
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-' | '_'));
    digits_etc && lower.chars().any(|c| c.is_ascii_digit()) && lower.parse::<f64>().is_ok()
        || lower.chars().all(|c| c.is_ascii_digit() || c == '_')
            && lower.chars().any(|c| c.is_ascii_digit())
}

/// `2026-12-03` or `2026-12-03T13:36:58…`: YAML's timestamp.
fn looks_like_timestamp(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5..7].iter().all(u8::is_ascii_digit)
        && b[7] == b'-'
        && b[8..10].iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::python::json::loads;

    #[test]
    fn an_item_prints_sorted_with_its_numbers_quoted() {
        let value = loads(r#"{"Item": {"Year": {"N": "2002"}, "Artist": {"S": "Acme"}}}"#).unwrap();
        assert_eq!(
            format_yaml(&value),
            "Item:\n  Artist:\n    S: Acme\n  Year:\n    N: '2002'\n"
        );
    }

    #[test]
    fn a_list_hangs_its_dashes_at_its_keys_indent() {
        let value =
            loads(r#"{"Items": [{"b": {"S": "x"}, "a": {"BOOL": true}}], "Count": 1}"#).unwrap();
        assert_eq!(
            format_yaml(&value),
            "Count: 1\nItems:\n- a:\n    BOOL: true\n  b:\n    S: x\n"
        );
    }
}
