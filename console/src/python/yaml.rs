//! YAML as the aws CLI v2 reads `--cli-input-yaml`: ruamel.yaml's safe
//! loader (`YAML(typ='safe', pure=True)`, YAML 1.2). The text is parsed
//! by `saphyr-parser` (a YAML 1.2 parser with its own nesting limit) and
//! each scalar resolved as ruamel's 1.2 resolver does: a quoted or block
//! scalar is a string; a plain one is `null`, a bool, an int (decimal,
//! `0x`, `0o`, `0b`, with `_` between digits), a float (`1.5`, `1e3`,
//! `.inf`, `.nan`) or else a string. What ruamel refuses — two
//! documents, a key twice — is refused, and so is a list or a map as a
//! key (ruamel makes it a tuple, which no request member is) and a tag's
//! text that is not its type (`!!int five`, a Python error in the CLI).
//!
//! Where the console stops short of ruamel, it says so rather than read
//! something else: a plain scalar ruamel reads as a date or a time
//! (`2024-06-01`) — which the CLI then refuses at validation wherever a
//! string is expected — and the tags `!!binary`, `!!timestamp`, `!!set`
//! and `!!omap`, for which the console holds no value. Aliases are copied
//! where they are used, within [`MAX_YAML_VALUES`] values in all, so that
//! a few lines of anchors cannot expand to gigabytes.

use std::collections::HashMap;
use std::collections::HashSet;

use saphyr_parser::{Event, Parser, ScalarStyle, Tag};

use super::float::repr_float;
use super::value::{Dict, Value};
use crate::limits::MAX_JSON_DEPTH;

/// The most values a YAML input may hold once its aliases are copied in.
pub const MAX_YAML_VALUES: usize = 100_000;

/// Why YAML text was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum YamlError {
    /// Not YAML, or YAML ruamel's safe loader refuses.
    Invalid,
    /// YAML the console does not read, in its own words.
    NotRead(String),
}

/// A value being built: a list or a map, with its anchor.
enum Frame {
    List {
        anchor: usize,
        items: Vec<Value>,
        values: usize,
    },
    Map {
        anchor: usize,
        entries: Vec<(String, Value)>,
        keys: HashSet<String>,
        key: Option<String>,
        values: usize,
    },
}

/// Reads one YAML document into the value ruamel's safe loader makes;
/// an empty stream is `None`.
pub fn loads(text: &str) -> Result<Value, YamlError> {
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: HashMap<usize, (Value, usize)> = HashMap::new();
    let mut document: Option<Value> = None;
    let mut documents = 0;
    let mut values = 0usize;
    for event in Parser::new_from_str(text) {
        let (event, _) = event.map_err(|_| YamlError::Invalid)?;
        let list_started = matches!(event, Event::SequenceStart(..));
        // `count`: the values in the one finished; `new`: those made now.
        let (value, count, anchor, new) = match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err(YamlError::Invalid);
                }
                continue;
            }
            Event::SequenceStart(anchor, tag) | Event::MappingStart(anchor, tag) => {
                let list = list_started;
                check_collection_tag(tag.as_deref(), list)?;
                values += 1;
                if stack.len() >= MAX_JSON_DEPTH {
                    return Err(YamlError::NotRead(format!(
                        "it nests more than {MAX_JSON_DEPTH} levels deep"
                    )));
                }
                stack.push(if list {
                    Frame::List {
                        anchor,
                        items: Vec::new(),
                        values: 1,
                    }
                } else {
                    Frame::Map {
                        anchor,
                        entries: Vec::new(),
                        keys: HashSet::new(),
                        key: None,
                        values: 1,
                    }
                });
                continue;
            }
            Event::SequenceEnd => match stack.pop() {
                Some(Frame::List {
                    anchor,
                    items,
                    values,
                }) => (Value::List(items), values, anchor, 0),
                _ => return Err(YamlError::Invalid),
            },
            Event::MappingEnd => match stack.pop() {
                Some(Frame::Map {
                    anchor,
                    entries,
                    key: None,
                    values,
                    ..
                }) => (
                    Value::Dict(Dict::from_entries(entries, false)),
                    values,
                    anchor,
                    0,
                ),
                _ => return Err(YamlError::Invalid),
            },
            Event::Scalar(text, style, anchor, tag) => {
                (scalar(&text, style, tag.as_deref())?, 1, anchor, 1)
            }
            Event::Alias(id) => {
                let (value, count) = anchors.get(&id).ok_or(YamlError::Invalid)?;
                (value.clone(), *count, 0, *count)
            }
            _ => continue,
        };
        values += new;
        if values > MAX_YAML_VALUES {
            return Err(YamlError::NotRead(format!(
                "it holds more than {MAX_YAML_VALUES} values once its aliases are copied in"
            )));
        }
        if anchor != 0 {
            anchors.insert(anchor, (value.clone(), count));
        }
        place(&mut stack, &mut document, value, count)?;
    }
    Ok(document.unwrap_or(Value::None))
}

/// Puts a finished value where it belongs: in the list or map being
/// built (as a key or a value), or as the document.
fn place(
    stack: &mut [Frame],
    document: &mut Option<Value>,
    value: Value,
    count: usize,
) -> Result<(), YamlError> {
    match stack.last_mut() {
        None => *document = Some(value),
        Some(Frame::List { items, values, .. }) => {
            items.push(value);
            *values += count;
        }
        Some(Frame::Map {
            entries,
            keys,
            key,
            values,
            ..
        }) => match key.take() {
            None => {
                let name = key_text(&value)?;
                if !keys.insert(name.clone()) {
                    return Err(YamlError::Invalid);
                }
                *key = Some(name);
            }
            Some(name) => {
                entries.push((name, value));
                *values += count;
            }
        },
    }
    Ok(())
}

/// A map key as the request's member name: a string as it is, a number,
/// a bool or null as Python's `str()` writes it. A list or a map cannot
/// be a key (Python cannot hash them).
fn key_text(key: &Value) -> Result<String, YamlError> {
    Ok(match key {
        Value::Str(text) => text.clone(),
        Value::Int(n) => n.to_string(),
        Value::Float(f) => repr_float(*f),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::None => "None".into(),
        Value::List(_) | Value::Dict(_) => return Err(YamlError::Invalid),
    })
}

/// The value of a scalar.
fn scalar(text: &str, style: ScalarStyle, tag: Option<&Tag>) -> Result<Value, YamlError> {
    let Some(tag) = tag else {
        return match style {
            ScalarStyle::Plain => plain(text),
            _ => Ok(Value::Str(text.to_string())),
        };
    };
    let core = |suffix: &str| tag.is_yaml_core_schema() && tag.suffix == suffix;
    if core("str") {
        return Ok(Value::Str(text.to_string()));
    }
    let resolved = resolve(text);
    let fits = match &resolved {
        Resolved::Value(Value::None) => core("null"),
        Resolved::Value(Value::Bool(_)) => core("bool"),
        Resolved::Value(Value::Int(_)) => core("int"),
        Resolved::Value(Value::Float(_)) => core("float") || core("int"),
        _ => false,
    };
    if !["null", "bool", "int", "float"].iter().any(|s| core(s)) {
        return Err(unread_tag(tag));
    }
    match resolved {
        Resolved::Value(Value::Int(n)) if core("float") => Ok(Value::Float(n as f64)),
        Resolved::Value(value) if fits => Ok(value),
        _ => Err(YamlError::Invalid),
    }
}

fn check_collection_tag(tag: Option<&Tag>, list: bool) -> Result<(), YamlError> {
    match tag {
        None => Ok(()),
        Some(tag)
            if tag.is_yaml_core_schema() && tag.suffix == if list { "seq" } else { "map" } =>
        {
            Ok(())
        }
        Some(tag) => Err(unread_tag(tag)),
    }
}

/// A tag the console holds no value for, named as YAML writes it.
fn unread_tag(tag: &Tag) -> YamlError {
    let handle = if tag.is_yaml_core_schema() {
        "!!"
    } else {
        &tag.handle
    };
    YamlError::NotRead(format!(
        "the console does not read the YAML tag {handle}{}",
        tag.suffix
    ))
}

/// What a plain scalar resolves to.
enum Resolved {
    Value(Value),
    Text,
    Timestamp,
}

/// A plain scalar's value.
fn plain(text: &str) -> Result<Value, YamlError> {
    match resolve(text) {
        Resolved::Value(value) => Ok(value),
        Resolved::Text => Ok(Value::Str(text.to_string())),
        Resolved::Timestamp => Err(YamlError::NotRead(format!(
            "YAML reads {text} as a date, not a string: quote it ('{text}')"
        ))),
    }
}

/// ruamel's YAML 1.2 resolver, for a plain scalar.
fn resolve(text: &str) -> Resolved {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Value(Value::None),
        "true" | "True" | "TRUE" => return Resolved::Value(Value::Bool(true)),
        "false" | "False" | "FALSE" => return Resolved::Value(Value::Bool(false)),
        _ => {}
    }
    if let Some(value) = int(text) {
        return Resolved::Value(value);
    }
    if let Some(value) = float(text) {
        return Resolved::Value(Value::Float(value));
    }
    if timestamp(text) {
        return Resolved::Timestamp;
    }
    Resolved::Text
}

/// `[-+]?(0b[01_]+ | 0o?[0-7_]+ | [0-9_]+ | 0x[0-9a-fA-F_]+)`, read as
/// ruamel does in YAML 1.2 (a leading 0 is not octal); past 64 bits, a
/// float (the JSON reader does the same).
fn int(text: &str) -> Option<Value> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (radix, digits) = if let Some(rest) = body.strip_prefix("0b") {
        (2, rest)
    } else if let Some(rest) = body.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = body.strip_prefix("0o") {
        (8, rest)
    } else {
        (10, body)
    };
    let digits: String = digits.chars().filter(|c| *c != '_').collect();
    if digits.is_empty()
        || !digits.chars().all(|c| c.is_digit(radix))
        || body
            .chars()
            .any(|c| !(c.is_ascii_alphanumeric() || c == '_'))
    {
        return None;
    }
    let signed = if negative {
        format!("-{digits}")
    } else {
        digits.clone()
    };
    match i64::from_str_radix(&signed, radix) {
        Ok(n) => Some(Value::Int(n)),
        Err(_) if radix == 10 => signed.parse().ok().map(Value::Float),
        Err(_) => None,
    }
}

/// `[-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+]?[0-9]+)?`,
/// `[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+`, `\.[0-9_]+([eE][-+][0-9]+)?`,
/// `[-+]?\.(inf|Inf|INF)`, `\.(nan|NaN|NAN)`.
fn float(text: &str) -> Option<f64> {
    match text {
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Some(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Some(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Some(f64::NAN),
        _ => {}
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    let signed = matches!(bytes.first(), Some(b'-' | b'+'));
    if signed {
        at += 1;
    }
    let digits = |at: &mut usize, underscores: bool| {
        let start = *at;
        while *at < bytes.len()
            && (bytes[*at].is_ascii_digit() || (underscores && bytes[*at] == b'_'))
        {
            *at += 1;
        }
        *at - start
    };
    let whole_starts_with_digit = bytes.get(at).is_some_and(u8::is_ascii_digit);
    let whole = digits(&mut at, true);
    let mut point = false;
    if bytes.get(at) == Some(&b'.') {
        point = true;
        at += 1;
        let fraction = digits(&mut at, true);
        if whole == 0 && (signed || fraction == 0) {
            return None;
        }
    } else if whole == 0 || !whole_starts_with_digit {
        return None;
    }
    if whole > 0 && !whole_starts_with_digit {
        return None;
    }
    let mut exponent = false;
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        let sign = matches!(bytes.get(at), Some(b'-' | b'+'));
        if sign {
            at += 1;
        } else if whole == 0 {
            // `.5e3` needs its exponent's sign.
            return None;
        }
        if digits(&mut at, false) == 0 {
            return None;
        }
        exponent = true;
    }
    if at != bytes.len() || !(point || exponent) {
        return None;
    }
    text.replace('_', "").parse().ok()
}

/// ruamel's timestamp: `YYYY-M-D`, then optionally a time
/// (`[Tt ]H:MM:SS[.fraction][ ][Z|±H[:MM]]`).
fn timestamp(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    let run = |at: &mut usize, min: usize, max: usize| {
        let start = *at;
        while *at < bytes.len() && *at - start < max && bytes[*at].is_ascii_digit() {
            *at += 1;
        }
        *at - start >= min
    };
    let byte = |at: &mut usize, b: u8| {
        if bytes.get(*at) == Some(&b) {
            *at += 1;
            true
        } else {
            false
        }
    };
    if !(run(&mut at, 4, 4)
        && byte(&mut at, b'-')
        && run(&mut at, 1, 2)
        && byte(&mut at, b'-')
        && run(&mut at, 1, 2))
    {
        return false;
    }
    if at == bytes.len() {
        return true;
    }
    if !(byte(&mut at, b'T') || byte(&mut at, b't')) {
        let spaces = at;
        while matches!(bytes.get(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        if at == spaces {
            return false;
        }
    }
    if !(run(&mut at, 1, 2)
        && byte(&mut at, b':')
        && run(&mut at, 2, 2)
        && byte(&mut at, b':')
        && run(&mut at, 2, 2))
    {
        return false;
    }
    if byte(&mut at, b'.') {
        run(&mut at, 0, usize::MAX);
    }
    while matches!(bytes.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    if at == bytes.len() || (byte(&mut at, b'Z') && at == bytes.len()) {
        return true;
    }
    if !(byte(&mut at, b'+') || byte(&mut at, b'-')) || !run(&mut at, 1, 2) {
        return false;
    }
    if byte(&mut at, b':') && !run(&mut at, 2, 2) {
        return false;
    }
    at == bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Value {
        loads(text).unwrap()
    }

    fn dict(entries: Vec<(&str, Value)>) -> Value {
        Value::Dict(Dict::from_entries(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            false,
        ))
    }

    #[test]
    fn a_skeleton_filled_in_reads_as_the_request() {
        let text = "TableName: commerce-main\nKey:\n  PK:\n    S: CUST#c11\n  SK: {S: PROFILE}\nConsistentRead: true\nLimit: 5\n";
        assert_eq!(
            read(text),
            dict(vec![
                ("TableName", Value::Str("commerce-main".into())),
                (
                    "Key",
                    dict(vec![
                        ("PK", dict(vec![("S", Value::Str("CUST#c11".into()))])),
                        ("SK", dict(vec![("S", Value::Str("PROFILE".into()))])),
                    ])
                ),
                ("ConsistentRead", Value::Bool(true)),
                ("Limit", Value::Int(5)),
            ])
        );
    }

    #[test]
    fn plain_scalars_resolve_as_yaml_1_2_and_quoted_ones_stay_strings() {
        for (text, value) in [
            ("~", Value::None),
            ("", Value::None),
            ("NULL", Value::None),
            ("True", Value::Bool(true)),
            ("yes", Value::Str("yes".into())),
            ("off", Value::Str("off".into())),
            ("017", Value::Int(17)),
            ("0o17", Value::Int(15)),
            ("0x1F", Value::Int(31)),
            ("0b101", Value::Int(5)),
            ("-1_000", Value::Int(-1000)),
            ("+7", Value::Int(7)),
            ("1.5", Value::Float(1.5)),
            ("1.", Value::Float(1.0)),
            (".5", Value::Float(0.5)),
            ("1e3", Value::Float(1000.0)),
            ("-.inf", Value::Float(f64::NEG_INFINITY)),
            ("1e", Value::Str("1e".into())),
            ("1_2.5", Value::Float(12.5)),
            ("12:30", Value::Str("12:30".into())),
            ("CUST#c11", Value::Str("CUST#c11".into())),
        ] {
            assert_eq!(
                read(&format!("v: {text}\n")),
                dict(vec![("v", value)]),
                "{text}"
            );
        }
        assert_eq!(
            read("v: '017'\nw: \"true\"\n"),
            dict(vec![
                ("v", Value::Str("017".into())),
                ("w", Value::Str("true".into()))
            ])
        );
        assert_eq!(
            read("v: !!str 5\nw: !!float 5\n"),
            dict(vec![
                ("v", Value::Str("5".into())),
                ("w", Value::Float(5.0))
            ])
        );
    }

    #[test]
    fn what_ruamel_refuses_is_invalid() {
        for text in [
            "a: 1\na: 2\n",
            "a: 1\n---\nb: 2\n",
            "[a]: 1\n",
            "a: [1, 2\n",
            "a: *nowhere\n",
            "v: !!int five\n",
        ] {
            assert_eq!(loads(text), Err(YamlError::Invalid), "{text}");
        }
        assert_eq!(read(""), Value::None);
        assert_eq!(
            read("- a\n- b\n"),
            Value::List(vec![Value::Str("a".into()), Value::Str("b".into())])
        );
    }

    #[test]
    fn dates_and_other_tags_are_refused_by_name() {
        assert_eq!(
            loads("S: 2024-06-01\n"),
            Err(YamlError::NotRead(
                "YAML reads 2024-06-01 as a date, not a string: quote it ('2024-06-01')".into()
            ))
        );
        assert!(matches!(
            loads("S: 2001-12-14t21:59:43.10-05:00\n"),
            Err(YamlError::NotRead(_))
        ));
        assert!(matches!(
            loads("S: 2001-12-14 21:59:43.10 Z\n"),
            Err(YamlError::NotRead(_))
        ));
        assert_eq!(
            read("S: 2024-06-01T\n"),
            dict(vec![("S", Value::Str("2024-06-01T".into()))])
        );
        assert_eq!(
            loads("B: !!binary aGVsbG8=\n"),
            Err(YamlError::NotRead(
                "the console does not read the YAML tag !!binary".into()
            ))
        );
    }

    #[test]
    fn aliases_are_copied_within_a_bound() {
        assert_eq!(
            read("a: &x {S: v}\nb: *x\n"),
            dict(vec![
                ("a", dict(vec![("S", Value::Str("v".into()))])),
                ("b", dict(vec![("S", Value::Str("v".into()))])),
            ])
        );
        // Ten levels of ten aliases each: 10^10 values once copied.
        let mut text = String::from("l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n");
        for n in 1..10 {
            let p = n - 1;
            text.push_str(&format!(
                "l{n}: &l{n} [*l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}]\n"
            ));
        }
        assert_eq!(
            loads(&text),
            Err(YamlError::NotRead(
                "it holds more than 100000 values once its aliases are copied in".into()
            ))
        );
    }

    #[test]
    fn deep_nesting_is_refused_not_followed() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(loads(&deep).is_err());
    }
}
