//! JMESPath's functions, as Python's `jmespath` 1.0 defines them
//! (`jmespath/functions.py`): their signatures, the checks of their
//! arguments, and their errors' wording.

use super::query::{Argument, QueryError, equal, evaluate, number};
use crate::python::{Dict, Value};

/// A parameter's allowed JMESPath types; empty for any.
type Types = &'static [&'static str];

struct Signature {
    params: &'static [Types],
    /// The last parameter repeats.
    variadic: bool,
}

const NUMBER: Types = &["number"];
const STRING: Types = &["string"];
const ANY: Types = &[];

fn signature(name: &str) -> Option<Signature> {
    let fixed = |params: &'static [Types]| Signature {
        params,
        variadic: false,
    };
    Some(match name {
        "abs" | "ceil" | "floor" => fixed(&[NUMBER]),
        "avg" | "sum" => fixed(&[&["array-number"]]),
        "contains" => fixed(&[&["array", "string"], ANY]),
        "ends_with" | "starts_with" => fixed(&[STRING, STRING]),
        "join" => fixed(&[STRING, &["array-string"]]),
        "keys" | "values" => fixed(&[&["object"]]),
        "length" => fixed(&[&["string", "array", "object"]]),
        "map" => fixed(&[&["expref"], &["array"]]),
        "max" | "min" => fixed(&[&["array-number", "array-string"]]),
        "max_by" | "min_by" | "sort_by" => fixed(&[&["array"], &["expref"]]),
        "merge" => Signature {
            params: &[&["object"]],
            variadic: true,
        },
        "not_null" => Signature {
            params: &[ANY],
            variadic: true,
        },
        "reverse" => fixed(&[&["array", "string"]]),
        "sort" => fixed(&[&["array-string", "array-number"]]),
        "to_array" | "to_string" | "to_number" | "type" => fixed(&[ANY]),
        _ => return None,
    })
}

/// JMESPath's name of a value's type.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::None => "null",
        Value::Bool(_) => "boolean",
        Value::Int(_) | Value::Float(_) => "number",
        Value::Str(_) => "string",
        Value::List(_) => "array",
        Value::Dict(_) => "object",
    }
}

/// Python's name of a value's type (`type(v).__name__`), which the
/// element checks of an array parameter print.
fn python_type_name(value: &Value) -> &'static str {
    match value {
        Value::None => "NoneType",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int",
        Value::Float(_) => "float",
        Value::Str(_) => "str",
        Value::List(_) => "list",
        Value::Dict(d) if d.ordered => "OrderedDict",
        Value::Dict(_) => "dict",
    }
}

fn types_list(types: Types) -> String {
    let quoted: Vec<String> = types.iter().map(|t| format!("'{t}'")).collect();
    format!("[{}]", quoted.join(", "))
}

fn type_error(function: &str, value: &str, received: &str, types: Types) -> QueryError {
    QueryError(format!(
        "In function {function}(), invalid type for value: {value}, expected one of: {}, received: \"{received}\"",
        types_list(types)
    ))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "argument" } else { "arguments" }
}

/// Calls a function on its arguments.
pub fn call(name: &str, args: Vec<Argument>) -> Result<Value, QueryError> {
    let Some(signature) = signature(name) else {
        return Err(QueryError(format!("Unknown function: {name}()")));
    };
    let expected = signature.params.len();
    if signature.variadic && args.len() < expected {
        return Err(QueryError(format!(
            "Expected at least {expected} {} for function {name}(), received {}",
            plural(expected),
            args.len()
        )));
    }
    if !signature.variadic && args.len() != expected {
        return Err(QueryError(format!(
            "Expected {expected} {} for function {name}(), received {}",
            plural(expected),
            args.len()
        )));
    }
    for (i, arg) in args.iter().enumerate() {
        let types = signature.params[i.min(expected - 1)];
        check(name, arg, types)?;
    }
    run(name, args)
}

fn check(function: &str, arg: &Argument, types: Types) -> Result<(), QueryError> {
    if types.is_empty() {
        return Ok(());
    }
    let value = match arg {
        Argument::Expression(_) => {
            return if types.contains(&"expref") {
                Ok(())
            } else {
                Err(type_error(function, "<expression>", "expref", types))
            };
        }
        Argument::Value(value) => value,
    };
    let actual = type_name(value);
    let allowed = |t: &str| t == actual || (actual == "array" && t.starts_with("array-"));
    if !types.iter().any(|t| allowed(t)) {
        return Err(type_error(function, &value.to_str(), actual, types));
    }
    let subtypes: Vec<&str> = types
        .iter()
        .filter_map(|t| t.strip_prefix("array-"))
        .collect();
    let Value::List(items) = value else {
        return Ok(());
    };
    if subtypes.is_empty() || types.contains(&"array") {
        return Ok(());
    }
    let wanted = if subtypes.len() == 1 {
        subtypes[0]
    } else {
        let Some(first) = items.first() else {
            return Ok(());
        };
        match subtypes.iter().find(|t| **t == type_name(first)) {
            Some(t) => t,
            None => {
                return Err(type_error(
                    function,
                    &first.to_str(),
                    python_type_name(first),
                    types,
                ));
            }
        }
    };
    for item in items {
        if type_name(item) != wanted {
            return Err(type_error(
                function,
                &item.to_str(),
                python_type_name(item),
                types,
            ));
        }
    }
    Ok(())
}

fn value_of(arg: Argument) -> Value {
    match arg {
        Argument::Value(value) => value,
        Argument::Expression(_) => Value::None,
    }
}

fn run(name: &str, args: Vec<Argument>) -> Result<Value, QueryError> {
    let mut args = args.into_iter();
    let mut next = || args.next().unwrap_or(Argument::Value(Value::None));
    Ok(match name {
        "abs" => match value_of(next()) {
            Value::Int(i) => Value::Int(i.abs()),
            Value::Float(f) => Value::Float(f.abs()),
            other => other,
        },
        "ceil" => Value::Int(number(&value_of(next())).unwrap_or(0.0).ceil() as i64),
        "floor" => Value::Int(number(&value_of(next())).unwrap_or(0.0).floor() as i64),
        "avg" => {
            let items = list(value_of(next()));
            if items.is_empty() {
                Value::None
            } else {
                let total: f64 = items.iter().filter_map(number).sum();
                Value::Float(total / items.len() as f64)
            }
        }
        "sum" => sum(&list(value_of(next()))),
        "contains" => {
            let subject = value_of(next());
            let search = value_of(next());
            match (subject, search) {
                (Value::Str(s), Value::Str(needle)) => Value::Bool(s.contains(&needle)),
                (Value::Str(_), other) => {
                    return Err(QueryError(format!(
                        "'in <string>' requires string as left operand, not {}",
                        python_type_name(&other)
                    )));
                }
                (Value::List(items), search) => {
                    Value::Bool(items.iter().any(|i| python_equal(i, &search)))
                }
                _ => Value::Bool(false),
            }
        }
        "starts_with" | "ends_with" => {
            let subject = value_of(next());
            let affix = value_of(next());
            let (Value::Str(subject), Value::Str(affix)) = (subject, affix) else {
                return Ok(Value::Bool(false));
            };
            Value::Bool(if name == "starts_with" {
                subject.starts_with(&affix)
            } else {
                subject.ends_with(&affix)
            })
        }
        "join" => {
            let glue = value_of(next()).to_str();
            let items = list(value_of(next()));
            Value::Str(
                items
                    .iter()
                    .map(Value::to_str)
                    .collect::<Vec<_>>()
                    .join(&glue),
            )
        }
        "keys" => match value_of(next()) {
            Value::Dict(d) => Value::List(d.keys().map(|k| Value::Str(k.clone())).collect()),
            _ => Value::None,
        },
        "values" => match value_of(next()) {
            Value::Dict(d) => Value::List(d.iter().map(|(_, v)| v.clone()).collect()),
            _ => Value::None,
        },
        "length" => Value::Int(match value_of(next()) {
            Value::Str(s) => s.chars().count(),
            Value::List(l) => l.len(),
            Value::Dict(d) => d.len(),
            _ => 0,
        } as i64),
        "map" => {
            let Argument::Expression(expression) = next() else {
                return Ok(Value::None);
            };
            let items = list(value_of(next()));
            Value::List(
                items
                    .iter()
                    .map(|item| evaluate(expression, item))
                    .collect::<Result<_, _>>()?,
            )
        }
        "max" | "min" => {
            let items = list(value_of(next()));
            extreme(items, name == "max", |v| Ok(v.clone()))?
        }
        "max_by" | "min_by" => {
            let items = list(value_of(next()));
            let Argument::Expression(expression) = next() else {
                return Ok(Value::None);
            };
            let types: Types = &["number", "string"];
            extreme(items, name == "max_by", |item| {
                let key = evaluate(expression, item)?;
                if !types.contains(&type_name(&key)) {
                    return Err(type_error(name, &key.to_str(), type_name(&key), types));
                }
                Ok(key)
            })?
        }
        "sort" => {
            let mut items = list(value_of(next()));
            items.sort_by(order);
            Value::List(items)
        }
        "sort_by" => {
            let items = list(value_of(next()));
            let Argument::Expression(expression) = next() else {
                return Ok(Value::None);
            };
            let Some(first) = items.first() else {
                return Ok(Value::List(items));
            };
            let required = type_name(&evaluate(expression, first)?);
            let mut keyed = Vec::with_capacity(items.len());
            for item in items {
                let key = evaluate(expression, &item)?;
                if type_name(&key) != required {
                    return Err(QueryError(format!(
                        "In function sort_by(), invalid type for value: {}, expected one of: ['{required}'], received: \"{}\"",
                        key.to_str(),
                        type_name(&key)
                    )));
                }
                keyed.push((key, item));
            }
            keyed.sort_by(|a, b| order(&a.0, &b.0));
            Value::List(keyed.into_iter().map(|(_, item)| item).collect())
        }
        "merge" => {
            let mut merged = Dict::new();
            for arg in std::iter::once(next()).chain(args) {
                if let Value::Dict(d) = value_of(arg) {
                    for (k, v) in d.into_entries() {
                        merged.insert(k, v);
                    }
                }
            }
            Value::Dict(merged)
        }
        "not_null" => std::iter::once(next())
            .chain(args)
            .map(value_of)
            .find(|v| *v != Value::None)
            .unwrap_or(Value::None),
        "reverse" => match value_of(next()) {
            Value::Str(s) => Value::Str(s.chars().rev().collect()),
            Value::List(mut l) => {
                l.reverse();
                Value::List(l)
            }
            other => other,
        },
        "to_array" => match value_of(next()) {
            Value::List(l) => Value::List(l),
            other => Value::List(vec![other]),
        },
        "to_string" => match value_of(next()) {
            Value::Str(s) => Value::Str(s),
            other => Value::Str(compact_json(&other)),
        },
        "to_number" => to_number(value_of(next())),
        "type" => Value::Str(type_name(&value_of(next())).to_string()),
        _ => Value::None,
    })
}

fn list(value: Value) -> Vec<Value> {
    match value {
        Value::List(items) => items,
        _ => Vec::new(),
    }
}

fn sum(items: &[Value]) -> Value {
    if items.iter().all(|i| matches!(i, Value::Int(_))) {
        Value::Int(
            items
                .iter()
                .map(|i| if let Value::Int(n) = i { *n } else { 0 })
                .sum(),
        )
    } else {
        Value::Float(items.iter().filter_map(number).sum())
    }
}

/// The order of two numbers or two strings (code point by code point).
fn order(a: &Value, b: &Value) -> std::cmp::Ordering {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        _ => number(a)
            .partial_cmp(&number(b))
            .unwrap_or(std::cmp::Ordering::Equal),
    }
}

/// Python's `max` or `min`: the first of the largest (smallest) keys.
fn extreme(
    items: Vec<Value>,
    largest: bool,
    mut key: impl FnMut(&Value) -> Result<Value, QueryError>,
) -> Result<Value, QueryError> {
    let mut best: Option<(Value, Value)> = None;
    for item in items {
        let k = key(&item)?;
        let better = match &best {
            None => true,
            Some((best_key, _)) => {
                let o = order(&k, best_key);
                if largest {
                    o == std::cmp::Ordering::Greater
                } else {
                    o == std::cmp::Ordering::Less
                }
            }
        };
        if better {
            best = Some((k, item));
        }
    }
    Ok(best.map_or(Value::None, |(_, item)| item))
}

/// Python's `==`, where `True == 1`.
fn python_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Bool(x), Value::Int(_) | Value::Float(_)) => {
            number(b) == Some(f64::from(u8::from(*x)))
        }
        (Value::Int(_) | Value::Float(_), Value::Bool(y)) => {
            number(a) == Some(f64::from(u8::from(*y)))
        }
        _ => equal(a, b),
    }
}

/// `to_number`: a number as it is; a string as `int()`, else `float()`,
/// else null.
fn to_number(value: Value) -> Value {
    match value {
        Value::Int(_) | Value::Float(_) => value,
        Value::Str(text) => match crate::args::shorthand::parse_int(&text) {
            Some(i) => Value::Int(i),
            None => crate::args::shorthand::parse_float(&text).map_or(Value::None, Value::Float),
        },
        _ => Value::None,
    }
}

/// `json.dumps(value, separators=(',', ':'))`, non-ASCII escaped.
fn compact_json(value: &Value) -> String {
    let spaced = crate::python::json::dumps(value);
    // Re-write without the blanks after separators: walk it as JSON.
    let mut out = String::with_capacity(spaced.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = spaced.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            if (c as u32) > 0x7f {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            } else {
                out.push(c);
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            ',' | ':' if chars.peek() == Some(&' ') => {
                out.push(c);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}
