//! The aws CLI's shorthand syntax: `Artist={S=Acme},SongTitle={S=x}`,
//! `AttributeName=PK,AttributeType=S`, `SS=[a,b]`.
//!
//! Read as `awscli/shorthand.py` reads it (its `ShorthandParser`), to the
//! character classes of its regular expressions and the messages of its
//! errors; then shaped by the model as its `BackCompatVisitor` shapes it:
//! a scalar where a list belongs becomes a list of one, and integers,
//! doubles and booleans are converted from their text.
//!
//! The grammar:
//! ```text
//! parameter := keyval ( "," keyval )*
//! keyval    := key [ "@" ] "=" values
//! values    := csv-list | "[" list "]" | "{" hash "}" | (nothing: "")
//! hash      := key [ "@" ] "=" item ( "," key [ "@" ] "=" item )*
//! list      := item ( "," item )*     item := "[" list "]" | "{" hash "}" | value
//! ```
//! A `key@=file://…` value is read from the file.

use crate::model::{Model, Shape, ShapeId};
use crate::python::value::{is_python_space, rstrip};
use crate::python::{Dict, Value};

/// Why shorthand did not read, worded as the CLI words it (the caller adds
/// `Error parsing parameter '--key': `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShorthandError(pub String);

/// Reads a `file://` or `fileb://` value of a `key@=` member: `None` when
/// the value names no file (it is then kept as written).
pub type FileReader<'a> = dyn FnMut(&str) -> Option<Result<String, String>> + 'a;

/// Reads one word of shorthand into a `dict`.
pub fn parse(text: &str, files: &mut FileReader) -> Result<Value, ShorthandError> {
    let mut parser = Parser {
        input: text.chars().collect(),
        index: 0,
        resolve_files: false,
        files,
    };
    parser.parameter().map(Value::Dict)
}

/// What a failed step expected, for the backtracking of a CSV list.
enum Failure {
    /// `Expected: 'x', received: 'y'`: a syntax error, which a CSV list
    /// backs away from.
    Syntax(ShorthandError),
    /// Any other error, which ends the parse.
    Other(ShorthandError),
}

impl From<Failure> for ShorthandError {
    fn from(failure: Failure) -> ShorthandError {
        match failure {
            Failure::Syntax(e) | Failure::Other(e) => e,
        }
    }
}

type Step<T> = Result<T, Failure>;

struct Parser<'a, 'b> {
    input: Vec<char>,
    index: usize,
    resolve_files: bool,
    files: &'a mut FileReader<'b>,
}

/// `_START_WORD`: what a bare value may start with — anything but blanks
/// and other control characters, `"`, `'`, `,`, `=`, `[`, `{`, and
/// characters past U+FFFF.
fn starts_word(c: char) -> bool {
    matches!(c, '!' | '#'..='&' | '('..='+' | '-'..='<' | '>'..='Z' | '\\'..='z' | '|'..='\u{ffff}')
}

/// `_FIRST_FOLLOW_CHARS`: what a first value may go on with — blanks and
/// `=`, `[`, `{` too, but not `"`, `'`, `,`, `]` or `}`.
fn follows_first(c: char) -> bool {
    is_python_space(c)
        || matches!(c, '!' | '#'..='&' | '('..='+' | '-'..='\\' | '^'..='|' | '~'..='\u{ffff}')
}

/// `_SECOND_FOLLOW_CHARS`: what a later value of a CSV list may go on with
/// — anything but `"`, `'`, `,` and `=`.
fn follows_second(c: char) -> bool {
    is_python_space(c) || matches!(c, '!' | '#'..='&' | '('..='+' | '-'..='<' | '>'..='\u{ffff}')
}

/// `string.whitespace`.
fn is_ascii_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{b}' | '\u{c}')
}

fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '#' | '/' | ':')
}

impl Parser<'_, '_> {
    fn current(&self) -> Option<char> {
        self.input.get(self.index).copied()
    }

    fn at_eof(&self) -> bool {
        self.index >= self.input.len()
    }

    fn consume_whitespace(&mut self) {
        while self.current().is_some_and(is_ascii_blank) {
            self.index += 1;
        }
    }

    /// The input with a caret under the place of the error
    /// (`_error_location`).
    fn location(&self, index: usize) -> String {
        let value: String = self.input.iter().collect();
        let before: String = self.input[..index.min(self.input.len())].iter().collect();
        let spaces = match before.rfind('\n') {
            Some(newline) => before[newline + 1..].chars().count(),
            None => index,
        };
        let after: String = self.input[index.min(self.input.len())..].iter().collect();
        let (consumed, remaining) = match after.find('\n') {
            Some(newline) => {
                let split = before.len() + newline;
                (value[..split].to_string(), value[split..].to_string())
            }
            None => (value, String::new()),
        };
        format!("{consumed}\n{}^{remaining}", " ".repeat(spaces))
    }

    fn syntax_error(&self, expected: &str, actual: &str, index: usize) -> Failure {
        Failure::Syntax(ShorthandError(format!(
            "Expected: '{expected}', received: '{actual}' for input:\n {}",
            self.location(index)
        )))
    }

    fn expect(&mut self, c: char, consume_whitespace: bool) -> Step<()> {
        if consume_whitespace {
            self.consume_whitespace();
        }
        match self.current() {
            None => return Err(self.syntax_error(&c.to_string(), "EOF", self.index)),
            Some(actual) if actual != c => {
                return Err(self.syntax_error(&c.to_string(), &actual.to_string(), self.index));
            }
            Some(_) => self.index += 1,
        }
        if consume_whitespace {
            self.consume_whitespace();
        }
        Ok(())
    }

    fn parameter(&mut self) -> Result<Dict, ShorthandError> {
        let mut params = Dict::new();
        let (key, value) = self.keyval()?;
        params.insert(key, value);
        let mut last_index = self.index;
        while !self.at_eof() {
            self.expect(',', true)?;
            let (key, value) = self.keyval()?;
            if params.contains(&key) {
                return Err(ShorthandError(format!(
                    "Second instance of key \"{key}\" encountered for input:\n{}\nThis is often because there is a preceding \",\" instead of a space.",
                    self.location(last_index + 1)
                )));
            }
            params.insert(key, value);
            last_index = self.index;
        }
        Ok(params)
    }

    fn at_sign(&mut self) {
        self.resolve_files = false;
        self.consume_whitespace();
        if self.current() == Some('@') {
            self.index += 1;
            self.consume_whitespace();
            self.resolve_files = true;
        }
    }

    fn keyval(&mut self) -> Step<(String, Value)> {
        let key = self.key();
        self.at_sign();
        self.expect('=', true)?;
        let values = self.values()?;
        Ok((key, values))
    }

    fn key(&mut self) -> String {
        let start = self.index;
        while self.current().is_some_and(is_key_char) {
            self.index += 1;
        }
        self.input[start..self.index].iter().collect()
    }

    fn values(&mut self) -> Step<Value> {
        match self.current() {
            None => Ok(Value::Str(String::new())),
            Some('[') => self.explicit_list(),
            Some('{') => self.hash_literal(),
            Some(_) => self.csv_value(),
        }
    }

    fn csv_value(&mut self) -> Step<Value> {
        let first = self.first_value()?;
        self.consume_whitespace();
        if self.current() != Some(',') {
            return Ok(first);
        }
        self.expect(',', true)?;
        let mut list = vec![first];
        loop {
            match self.csv_item() {
                Ok((value, last)) => {
                    list.push(value);
                    if last {
                        break;
                    }
                }
                Err(Failure::Syntax(error)) => {
                    if self.at_eof() {
                        return Err(Failure::Syntax(error));
                    }
                    // Back to the comma before: in `a=x,b=y`, `b` starts a
                    // key, not a second value.
                    while self.index > 0 && self.current() != Some(',') {
                        self.index -= 1;
                    }
                    break;
                }
                Err(other) => return Err(other),
            }
        }
        if list.len() == 1 {
            return Ok(list.swap_remove(0));
        }
        Ok(Value::List(list))
    }

    /// One more value of a CSV list and its comma; `true` with the last.
    fn csv_item(&mut self) -> Step<(Value, bool)> {
        let value = self.second_value()?;
        self.consume_whitespace();
        if self.at_eof() {
            return Ok((value, true));
        }
        self.expect(',', true)?;
        Ok((value, false))
    }

    fn explicit_list(&mut self) -> Step<Value> {
        self.expect('[', true)?;
        let mut values = Vec::new();
        while self.current() != Some(']') {
            values.push(self.explicit_values()?);
            self.consume_whitespace();
            if self.current() != Some(']') {
                self.expect(',', false)?;
                self.consume_whitespace();
            }
        }
        self.expect(']', false)?;
        Ok(Value::List(values))
    }

    fn explicit_values(&mut self) -> Step<Value> {
        match self.current() {
            Some('[') => self.explicit_list(),
            Some('{') => self.hash_literal(),
            _ => self.first_value(),
        }
    }

    fn hash_literal(&mut self) -> Step<Value> {
        self.expect('{', true)?;
        let mut entries = Dict::new();
        while self.current() != Some('}') {
            let key = self.key();
            self.at_sign();
            self.expect('=', true)?;
            let value = self.explicit_values()?;
            self.consume_whitespace();
            if self.current() != Some('}') {
                self.expect(',', false)?;
                self.consume_whitespace();
            }
            entries.insert(key, value);
        }
        self.expect('}', false)?;
        Ok(Value::Dict(entries))
    }

    fn first_value(&mut self) -> Step<Value> {
        match self.current() {
            Some('\'') => self.quoted('\'', "singled quoted"),
            Some('"') => self.quoted('"', "double quoted"),
            _ => self.bare_value(),
        }
    }

    /// `_value`: a bare first value, `''` when none starts here.
    fn bare_value(&mut self) -> Step<Value> {
        let start = self.index;
        if self.consume_run(starts_word, follows_first) {
            let consumed: String = self.input[start..self.index].iter().collect();
            let processed = rstrip(&consumed.replace("\\,", ",")).to_string();
            return self.maybe_file(processed);
        }
        Ok(Value::Str(String::new()))
    }

    fn second_value(&mut self) -> Step<Value> {
        match self.current() {
            Some('\'') => self.quoted('\'', "singled quoted"),
            Some('"') => self.quoted('"', "double quoted"),
            _ => {
                let start = self.index;
                if !self.consume_run(starts_word, follows_second) {
                    return Err(self.syntax_error("<second>", "<none>", self.index));
                }
                let consumed: String = self.input[start..self.index].iter().collect();
                let processed = rstrip(&consumed.replace("\\,", ",")).to_string();
                self.maybe_file(processed)
            }
        }
    }

    /// `(\\,|[first])(\\,|[follow])*`: an escaped comma or a character of
    /// the class, as many as there are; false when none.
    fn consume_run(&mut self, first: fn(char) -> bool, follow: fn(char) -> bool) -> bool {
        let start = self.index;
        let mut class = first;
        loop {
            match self.current() {
                Some('\\') if self.input.get(self.index + 1) == Some(&',') => self.index += 2,
                Some(c) if class(c) => self.index += 1,
                _ => break,
            }
            class = follow;
        }
        self.index > start
    }

    /// `'(?:\\'|[^'])*'` (or with `"`), matched as Python's regex engine
    /// matches it: to the first unescaped quote, or — when there is none —
    /// back to the quote of the last escaped one.
    fn quoted(&mut self, quote: char, name: &str) -> Step<Value> {
        let start = self.index;
        let mut at = start + 1;
        let mut last_escaped = None;
        let end = loop {
            match self.input.get(at) {
                None => match last_escaped {
                    Some(backslash) => break backslash + 1,
                    None => {
                        return Err(self.syntax_error(&format!("<{name}>"), "<none>", self.index));
                    }
                },
                Some('\\') if self.input.get(at + 1) == Some(&quote) => {
                    last_escaped = Some(at);
                    at += 2;
                }
                Some(&c) if c == quote => break at,
                Some(_) => at += 1,
            }
        };
        self.index = end + 1;
        let inner: String = self.input[start + 1..end].iter().collect();
        let value = inner
            .replace(&format!("\\{quote}"), &quote.to_string())
            .replace("\\\\", "\\");
        self.maybe_file(value)
    }

    fn maybe_file(&mut self, value: String) -> Step<Value> {
        if self.resolve_files
            && let Some(read) = (self.files)(&value)
        {
            return read
                .map(Value::Str)
                .map_err(|e| Failure::Other(ShorthandError(e)));
        }
        Ok(Value::Str(value))
    }
}

/// Why shaping shorthand by the model failed the way Python fails: an
/// `int()` or `float()` of text that is not a number (the CLI stops with
/// the bare message, status 255).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionError(pub String);

/// `BackCompatVisitor`: shapes a parsed value by its model — a scalar
/// where a list belongs becomes a list of one; integers and doubles are
/// converted from their text; `true` and `false` (in any case) become
/// booleans.
pub fn shape_by_model(
    value: &mut Value,
    shape: ShapeId,
    model: &Model,
) -> Result<(), ConversionError> {
    visit(value, shape, model, 0)
}

fn visit(
    value: &mut Value,
    shape: ShapeId,
    model: &Model,
    depth: usize,
) -> Result<(), ConversionError> {
    if depth > crate::limits::MAX_JSON_DEPTH {
        return Ok(());
    }
    match model.shape(shape) {
        Shape::Structure { members, .. } => {
            if let Value::Dict(dict) = value {
                for (name, member) in members {
                    if let Some(slot) = dict.get_mut(name) {
                        visit(slot, *member, model, depth + 1)?;
                    }
                }
            }
        }
        Shape::List { member, .. } => match value {
            Value::List(items) => {
                for item in items {
                    visit(item, *member, model, depth + 1)?;
                }
            }
            Value::None => {}
            other => {
                let single = std::mem::replace(other, Value::None);
                *other = Value::List(vec![single]);
            }
        },
        Shape::Map { value: member, .. } => {
            if let Value::Dict(dict) = value {
                let keys: Vec<String> = dict.keys().cloned().collect();
                for key in keys {
                    if let Some(slot) = dict.get_mut(&key) {
                        visit(slot, *member, model, depth + 1)?;
                    }
                }
            }
        }
        Shape::Integer { .. } | Shape::Long { .. } => {
            *value = Value::Int(python_int(value)?);
        }
        Shape::Double => {
            *value = Value::Float(python_float(value)?);
        }
        Shape::Boolean => {
            if let Value::Str(text) = value {
                match text.to_ascii_lowercase().as_str() {
                    "true" => *value = Value::Bool(true),
                    "false" => *value = Value::Bool(false),
                    _ => {}
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Python's `int(value)`.
pub fn python_int(value: &Value) -> Result<i64, ConversionError> {
    match value {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(i64::from(*b)),
        Value::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
        Value::Float(f) if f.is_nan() => Err(ConversionError(
            "cannot convert float NaN to integer".into(),
        )),
        Value::Float(_) => Err(ConversionError(
            "cannot convert float infinity to integer".into(),
        )),
        Value::Str(text) => parse_int(text).ok_or_else(|| {
            ConversionError(format!(
                "invalid literal for int() with base 10: {}",
                crate::python::value::repr_str(text)
            ))
        }),
        other => Err(ConversionError(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            python_type_word(other)
        ))),
    }
}

/// Python's `float(value)`.
pub fn python_float(value: &Value) -> Result<f64, ConversionError> {
    match value {
        Value::Float(f) => Ok(*f),
        Value::Int(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        Value::Str(text) => parse_float(text).ok_or_else(|| {
            ConversionError(format!(
                "could not convert string to float: {}",
                crate::python::value::repr_str(text)
            ))
        }),
        other => Err(ConversionError(format!(
            "float() argument must be a string or a real number, not '{}'",
            python_type_word(other)
        ))),
    }
}

fn python_type_word(value: &Value) -> &'static str {
    match value {
        Value::None => "NoneType",
        Value::List(_) => "list",
        Value::Dict(d) if d.ordered => "collections.OrderedDict",
        Value::Dict(_) => "dict",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int",
        Value::Float(_) => "float",
        Value::Str(_) => "str",
    }
}

/// Digits as `int()` reads them: blanks around, a sign, and `_` between
/// digits.
pub fn parse_int(text: &str) -> Option<i64> {
    let text = crate::python::value::strip(text);
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
        || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    let magnitude: i64 = clean.parse().ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

/// Text as `float()` reads it: a decimal number (with `_` between digits),
/// or `inf`, `infinity`, `nan` in any case.
pub fn parse_float(text: &str) -> Option<f64> {
    let text = crate::python::value::strip(text);
    let unsigned = text.trim_start_matches(['+', '-']);
    let negative = text.starts_with('-');
    if text.len() - unsigned.len() > 1 {
        return None;
    }
    let lower = unsigned.to_ascii_lowercase();
    let special = match lower.as_str() {
        "inf" | "infinity" => Some(f64::INFINITY),
        "nan" => Some(f64::NAN),
        _ => None,
    };
    if let Some(special) = special {
        return Some(if negative { -special } else { special });
    }
    if unsigned.contains("__") || unsigned.starts_with('_') || unsigned.ends_with('_') {
        return None;
    }
    let clean: String = unsigned.chars().filter(|c| *c != '_').collect();
    if clean.is_empty()
        || !clean
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        return None;
    }
    let value: f64 = clean.parse().ok()?;
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests;
