//! Python's `json` module as the aws CLI uses it: `json.loads` reading a
//! parameter (with its exact error messages, which the CLI prints), and
//! `json.dumps` writing an answer (indent 4, non-ASCII kept) or a
//! pagination token (one line, `", "` and `": "`).

use super::float::repr_float;
use super::value::{Dict, Value};
use crate::limits::MAX_JSON_DEPTH;

/// Why text is not JSON, worded as Python's `json.JSONDecodeError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonError {
    /// `Expecting value: line 1 column 1 (char 0)` and its kind.
    Decode(String),
    /// Nested past what the reader follows (Python's `RecursionError`).
    TooDeep(String),
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JsonError::Decode(message) | JsonError::TooDeep(message) => f.write_str(message),
        }
    }
}

/// `json.loads(text, object_pairs_hook=OrderedDict)`: objects come back as
/// `OrderedDict`s, a repeated key keeping its first place and last value.
pub fn loads(text: &str) -> Result<Value, JsonError> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        depth: 0,
    };
    let start = reader.skip_whitespace(0);
    let (value, end) = match reader.value(start)? {
        Some(found) => found,
        None => return Err(reader.error("Expecting value", start)),
    };
    let end = reader.skip_whitespace(end);
    if end != reader.bytes.len() {
        return Err(reader.error("Extra data", end));
    }
    Ok(value)
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    depth: usize,
}

impl Reader<'_> {
    /// `msg: line L column C (char P)`, counted in characters as Python
    /// counts them.
    fn error(&self, message: &str, at: usize) -> JsonError {
        let before = &self.text[..at.min(self.text.len())];
        let position = before.chars().count();
        let line = before.matches('\n').count() + 1;
        let column = match before.rfind('\n') {
            Some(newline) => before[newline + 1..].chars().count() + 1,
            None => position + 1,
        };
        JsonError::Decode(format!(
            "{message}: line {line} column {column} (char {position})"
        ))
    }

    fn skip_whitespace(&self, mut at: usize) -> usize {
        while at < self.bytes.len() && matches!(self.bytes[at], b' ' | b'\t' | b'\n' | b'\r') {
            at += 1;
        }
        at
    }

    /// The value at `at` and where it ends; `None` when none starts there
    /// (the caller says "Expecting value").
    fn value(&mut self, at: usize) -> Result<Option<(Value, usize)>, JsonError> {
        let rest = &self.bytes[at.min(self.bytes.len())..];
        let Some(&first) = rest.first() else {
            return Ok(None);
        };
        Ok(Some(match first {
            b'"' => {
                let (text, end) = self.string(at + 1)?;
                (Value::Str(text), end)
            }
            b'{' => self.nested(at, true)?,
            b'[' => self.nested(at, false)?,
            b'n' if rest.starts_with(b"null") => (Value::None, at + 4),
            b't' if rest.starts_with(b"true") => (Value::Bool(true), at + 4),
            b'f' if rest.starts_with(b"false") => (Value::Bool(false), at + 5),
            b'N' if rest.starts_with(b"NaN") => (Value::Float(f64::NAN), at + 3),
            b'I' if rest.starts_with(b"Infinity") => (Value::Float(f64::INFINITY), at + 8),
            b'-' if rest.starts_with(b"-Infinity") => (Value::Float(f64::NEG_INFINITY), at + 9),
            b'-' | b'0'..=b'9' => match self.number(at) {
                Some(found) => found,
                None => return Ok(None),
            },
            _ => return Ok(None),
        }))
    }

    fn nested(&mut self, at: usize, object: bool) -> Result<(Value, usize), JsonError> {
        if self.depth >= MAX_JSON_DEPTH {
            let what = if object { "object" } else { "array" };
            return Err(JsonError::TooDeep(format!(
                "maximum recursion depth exceeded while decoding a JSON {what} from a unicode string"
            )));
        }
        self.depth += 1;
        let found = if object {
            self.object(at + 1)
        } else {
            self.array(at + 1)
        };
        self.depth -= 1;
        found
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`: an `int` without a
    /// fraction or exponent, a `float` with one.
    fn number(&self, at: usize) -> Option<(Value, usize)> {
        let bytes = self.bytes;
        let digits = |mut i: usize| {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            (i > start).then_some(i)
        };
        let mut end = at;
        if bytes.get(end) == Some(&b'-') {
            end += 1;
        }
        match bytes.get(end) {
            Some(b'0') => end += 1,
            Some(b'1'..=b'9') => end = digits(end)?,
            _ => return None,
        }
        let mut is_float = false;
        if bytes.get(end) == Some(&b'.')
            && let Some(after) = digits(end + 1)
        {
            end = after;
            is_float = true;
        }
        if matches!(bytes.get(end), Some(b'e' | b'E')) {
            let mut exponent = end + 1;
            if matches!(bytes.get(exponent), Some(b'+' | b'-')) {
                exponent += 1;
            }
            if let Some(after) = digits(exponent) {
                end = after;
                is_float = true;
            }
        }
        let text = &self.text[at..end];
        let value = if is_float {
            Value::Float(text.parse().ok()?)
        } else {
            match text.parse::<i64>() {
                Ok(int) => Value::Int(int),
                // Past 64 bits: Python keeps every digit; such a number
                // is refused by every parameter it could be given to.
                Err(_) => Value::Float(text.parse().ok()?),
            }
        };
        Some((value, end))
    }

    /// A string's text from after its opening quote, and where it ends.
    fn string(&self, start: usize) -> Result<(String, usize), JsonError> {
        let begin = start - 1;
        let bytes = self.bytes;
        let mut out = String::new();
        let mut at = start;
        loop {
            let chunk_start = at;
            while at < bytes.len() && bytes[at] != b'"' && bytes[at] != b'\\' && bytes[at] >= 0x20 {
                at += 1;
            }
            out.push_str(&self.text[chunk_start..at]);
            match bytes.get(at) {
                None => return Err(self.error("Unterminated string starting at", begin)),
                Some(b'"') => return Ok((out, at + 1)),
                Some(b'\\') => {
                    let Some(&escape) = bytes.get(at + 1) else {
                        return Err(self.error("Unterminated string starting at", begin));
                    };
                    at = match escape {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {
                            out.push(match escape {
                                b'b' => '\u{8}',
                                b'f' => '\u{c}',
                                b'n' => '\n',
                                b'r' => '\r',
                                b't' => '\t',
                                other => other as char,
                            });
                            at + 2
                        }
                        b'u' => self.unicode_escape(at, &mut out)?,
                        _ => return Err(self.error("Invalid \\escape", at)),
                    };
                }
                Some(_) => return Err(self.error("Invalid control character at", at)),
            }
        }
    }

    /// `\uXXXX` at `at` (its backslash), a surrogate pair joined; a lone
    /// surrogate, which a Rust string cannot hold, becomes U+FFFD.
    fn unicode_escape(&self, at: usize, out: &mut String) -> Result<usize, JsonError> {
        let hex = |from: usize| -> Option<u32> {
            let digits = self.bytes.get(from..from + 4)?;
            let text = std::str::from_utf8(digits).ok()?;
            if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            u32::from_str_radix(text, 16).ok()
        };
        let Some(code) = hex(at + 2) else {
            return Err(self.error("Invalid \\uXXXX escape", at + 1));
        };
        let mut end = at + 6;
        let mut character = char::from_u32(code);
        if (0xd800..0xdc00).contains(&code) && self.bytes.get(end..end + 2) == Some(b"\\u") {
            let Some(low) = hex(end + 2) else {
                return Err(self.error("Invalid \\uXXXX escape", end + 1));
            };
            if (0xdc00..0xe000).contains(&low) {
                character = char::from_u32(0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00));
                end += 6;
            }
        }
        out.push(character.unwrap_or('\u{fffd}'));
        Ok(end)
    }

    fn object(&mut self, start: usize) -> Result<(Value, usize), JsonError> {
        let mut entries = Vec::new();
        let mut at = self.skip_whitespace(start);
        if self.bytes.get(at) == Some(&b'}') {
            return Ok((Value::Dict(Dict::from_entries(entries, true)), at + 1));
        }
        loop {
            if self.bytes.get(at) != Some(&b'"') {
                return Err(self.error("Expecting property name enclosed in double quotes", at));
            }
            let (key, after_key) = self.string(at + 1)?;
            at = self.skip_whitespace(after_key);
            if self.bytes.get(at) != Some(&b':') {
                return Err(self.error("Expecting ':' delimiter", at));
            }
            at = self.skip_whitespace(at + 1);
            let Some((value, after_value)) = self.value(at)? else {
                return Err(self.error("Expecting value", at));
            };
            entries.push((key, value));
            at = self.skip_whitespace(after_value);
            match self.bytes.get(at) {
                Some(b'}') => {
                    return Ok((Value::Dict(Dict::from_entries(entries, true)), at + 1));
                }
                Some(b',') => at = self.skip_whitespace(at + 1),
                _ => return Err(self.error("Expecting ',' delimiter", at)),
            }
        }
    }

    fn array(&mut self, start: usize) -> Result<(Value, usize), JsonError> {
        let mut items = Vec::new();
        let mut at = self.skip_whitespace(start);
        if self.bytes.get(at) == Some(&b']') {
            return Ok((Value::List(items), at + 1));
        }
        loop {
            let Some((value, after)) = self.value(at)? else {
                return Err(self.error("Expecting value", at));
            };
            items.push(value);
            at = self.skip_whitespace(after);
            match self.bytes.get(at) {
                Some(b']') => return Ok((Value::List(items), at + 1)),
                Some(b',') => at = self.skip_whitespace(at + 1),
                _ => return Err(self.error("Expecting ',' delimiter", at)),
            }
        }
    }
}

/// `json.dumps(value, indent=4, ensure_ascii=False)`: how the aws CLI
/// prints an answer (without the newline it writes after it).
pub fn dumps_indented(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out, Some(0));
    out
}

/// `json.dumps(value)`: one line, with `", "` and `": "` between members
/// (the CLI's pagination tokens are this, in base64).
pub fn dumps(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out, None);
    out
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("    ");
    }
}

fn write(value: &Value, out: &mut String, indent: Option<usize>) {
    match value {
        Value::None => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) if f.is_nan() => out.push_str("NaN"),
        Value::Float(f) if f.is_infinite() => {
            out.push_str(if *f > 0.0 { "Infinity" } else { "-Infinity" });
        }
        Value::Float(f) => out.push_str(&repr_float(*f)),
        Value::Str(s) => write_string(s, out),
        Value::List(items) if items.is_empty() => out.push_str("[]"),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    if indent.is_none() {
                        out.push(' ');
                    }
                }
                if let Some(level) = indent {
                    newline(out, level + 1);
                }
                write(item, out, indent.map(|l| l + 1));
            }
            if let Some(level) = indent {
                newline(out, level);
            }
            out.push(']');
        }
        Value::Dict(dict) if dict.is_empty() => out.push_str("{}"),
        Value::Dict(dict) => {
            out.push('{');
            for (i, (key, item)) in dict.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    if indent.is_none() {
                        out.push(' ');
                    }
                }
                if let Some(level) = indent {
                    newline(out, level + 1);
                }
                write_string(key, out);
                out.push_str(": ");
                write(item, out, indent.map(|l| l + 1));
            }
            if let Some(level) = indent {
                newline(out, level);
            }
            out.push('}');
        }
    }
}

/// A string as `json` writes it with `ensure_ascii=False`: only `"`, `\`
/// and the control characters below U+0020 escaped.
pub fn write_string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        loads(text).unwrap_err().to_string()
    }

    #[test]
    fn a_parameters_json_is_read_with_ints_floats_and_ordered_objects() {
        let value =
            loads(r#" {"b": 1, "a": [1.5, true, null, "x\u00e9\ud83d\ude00"], "b": 2} "#).unwrap();
        assert_eq!(
            value.repr(),
            "OrderedDict([('b', 2), ('a', [1.5, True, None, 'xé😀'])])"
        );
    }

    #[test]
    fn decode_errors_are_pythons_word_for_word() {
        assert_eq!(
            error(r#"{"Artist": {"S": "Acme"}"#),
            "Expecting ',' delimiter: line 1 column 25 (char 24)"
        );
        assert_eq!(error(""), "Expecting value: line 1 column 1 (char 0)");
        assert_eq!(
            error("{'a': 1}"),
            "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
        );
        assert_eq!(error("[1,]"), "Expecting value: line 1 column 4 (char 3)");
        assert_eq!(
            error("{\"a\" 1}"),
            "Expecting ':' delimiter: line 1 column 6 (char 5)"
        );
        assert_eq!(error("{} x"), "Extra data: line 1 column 4 (char 3)");
        assert_eq!(
            error("{\n  \"a\": \"b"),
            "Unterminated string starting at: line 2 column 8 (char 9)"
        );
        assert_eq!(
            error("\"a\tb\""),
            "Invalid control character at: line 1 column 3 (char 2)"
        );
        assert_eq!(
            error(r#""\q""#),
            "Invalid \\escape: line 1 column 2 (char 1)"
        );
        assert_eq!(
            error(r#""\u12""#),
            "Invalid \\uXXXX escape: line 1 column 3 (char 2)"
        );
    }

    #[test]
    fn nesting_past_the_bound_is_refused_not_recursed_into() {
        let deep = "[".repeat(100_000);
        assert!(matches!(loads(&deep), Err(JsonError::TooDeep(_))));
    }

    #[test]
    fn an_answer_is_written_with_indent_four_and_unicode_kept() {
        let value = loads(
            r#"{"Items": [{"a": {"S": "é\"\n\u0001"}}], "Count": 1, "C": 0.5, "E": {}, "L": []}"#,
        )
        .unwrap();
        assert_eq!(
            dumps_indented(&value),
            "{\n    \"Items\": [\n        {\n            \"a\": {\n                \"S\": \"é\\\"\\n\\u0001\"\n            }\n        }\n    ],\n    \"Count\": 1,\n    \"C\": 0.5,\n    \"E\": {},\n    \"L\": []\n}"
        );
        assert_eq!(
            dumps(&value),
            r#"{"Items": [{"a": {"S": "é\"\n\u0001"}}], "Count": 1, "C": 0.5, "E": {}, "L": []}"#
        );
    }
}
