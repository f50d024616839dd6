//! Numbers and values as the page writes them: bytes, counts, dollars and
//! capacity units as DynamoDB prints them, key and attribute values as
//! short text, and JSON on one line as people type it.

use engine::key::KeyValue;
use engine::types::Value;
use serde_json::Value as Json;

/// Bytes in words: `912 B`, `2.1 KB`, `1.9 MB`.
pub fn human_bytes(bytes: usize) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{:.1} KB", b as f64 / 1024.0),
        b => format!("{:.1} MB", b as f64 / (1024.0 * 1024.0)),
    }
}

/// A count with thousands separators: `2,413`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Dollars as the page prints them: `$662.50`, `$12,450.00`; under a
/// dollar to a hundredth of a cent, so that a month of a million requests
/// reads as the price beside it does (`$0.1875`, not `$0.19`): `$0.31`,
/// `$0.0625`.
pub fn dollars(amount: f64) -> String {
    if amount < 1.0 && amount > 0.0 {
        let text = format!("{amount:.4}");
        let trimmed = text.trim_end_matches('0');
        let decimals = trimmed.split_once('.').map_or(0, |(_, d)| d.len());
        return format!("${trimmed}{}", "0".repeat(2usize.saturating_sub(decimals)));
    }
    let cents = (amount * 100.0).round() as u64;
    format!("${}.{:02}", thousands((cents / 100) as usize), cents % 100)
}

/// Read units as DynamoDB prints them: `0.5`, `243.5`, `12`.
pub fn units(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

/// A key value as text; a multi-attribute key's values joined by " · ".
pub fn key_text(value: &KeyValue) -> String {
    match value {
        KeyValue::S(s) => s.to_string(),
        KeyValue::N(n) => n.to_string(),
        KeyValue::B(b) => format!("{} bytes", b.len()),
        KeyValue::Composite(c) => c
            .parts()
            .iter()
            .map(key_text)
            .collect::<Vec<_>>()
            .join(" · "),
    }
}

/// A value as short text for a grid cell.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::S(s) => s.to_string(),
        Value::N(n) => n.to_string(),
        Value::B(b) => format!("<{} bytes>", b.len()),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        Value::M(m) => format!("{{{} attributes}}", m.len()),
        Value::L(l) => format!("[{} elements]", l.len()),
        Value::SS(s) => format!("{{{}}}", s.join(", ")),
        Value::NS(s) => format!(
            "{{{}}}",
            s.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::BS(s) => format!("{{{} binaries}}", s.len()),
    }
}

/// JSON on one line with a space after each `:` and `,`, as people type
/// it: `{":pk": {"S": "CUST#c11"}}`.
pub fn spaced(value: &Json) -> String {
    struct Spaced;
    impl serde_json::ser::Formatter for Spaced {
        fn begin_object_key<W: ?Sized + std::io::Write>(
            &mut self,
            writer: &mut W,
            first: bool,
        ) -> std::io::Result<()> {
            if first {
                Ok(())
            } else {
                writer.write_all(b", ")
            }
        }
        fn begin_object_value<W: ?Sized + std::io::Write>(
            &mut self,
            writer: &mut W,
        ) -> std::io::Result<()> {
            writer.write_all(b": ")
        }
        fn begin_array_value<W: ?Sized + std::io::Write>(
            &mut self,
            writer: &mut W,
            first: bool,
        ) -> std::io::Result<()> {
            // Array elements are separated as object entries are.
            self.begin_object_key(writer, first)
        }
    }
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, Spaced);
    match serde::Serialize::serialize(value, &mut serializer) {
        Ok(()) => String::from_utf8(out).unwrap_or_else(|_| value.to_string()),
        Err(_) => value.to_string(),
    }
}
