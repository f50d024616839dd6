//! `--query`: a JMESPath expression applied to the answer before it is
//! printed.
//!
//! The expression is read by the `jmespath` crate (its lexer, parser and
//! syntax tree) and evaluated here, over the console's own values, because
//! the order of an object's keys is part of what the aws CLI prints: the
//! CLI's JMESPath (Python's) keeps the model's member order and a
//! multiselect's order (`{Name: …, Email: …}`), where the crate's values
//! are sorted maps. The evaluation follows the JMESPath specification
//! (<https://jmespath.org/specification.html>) as Python's `jmespath` 1.0
//! implements it; its functions are in [`super::functions`].
//!
//! An expression is bounded before it is parsed: at most
//! [`MAX_QUERY_BYTES`] long and nested at most [`MAX_QUERY_NESTING`] deep,
//! so neither the parser nor the evaluation can exhaust the stack.

use jmespath::ast::{Ast, Comparator};

use super::functions;
use crate::python::{Dict, Value};

/// The longest `--query` read, in bytes.
pub const MAX_QUERY_BYTES: usize = 4096;
/// How deep brackets, braces and parentheses may nest in a query.
pub const MAX_QUERY_NESTING: usize = 32;

/// A compiled `--query`.
#[derive(Clone, Debug)]
pub struct Query {
    ast: Ast,
}

/// An error while evaluating, in Python `jmespath`'s words (the CLI stops
/// with it, status 255).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError(pub String);

/// Compiles `--query`; the error is the CLI's whole message
/// (`Bad value for --query …`).
pub fn compile(text: &str) -> Result<Query, String> {
    let bad = |reason: String| format!("Bad value for --query {text}: {reason}");
    if text.len() > MAX_QUERY_BYTES {
        return Err(bad(format!(
            "the expression is {} bytes long; the console reads at most {MAX_QUERY_BYTES}",
            text.len()
        )));
    }
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '[' | '{' | '(' => {
                depth += 1;
                if depth > MAX_QUERY_NESTING {
                    return Err(bad(format!(
                        "the expression nests more than {MAX_QUERY_NESTING} deep"
                    )));
                }
            }
            ']' | '}' | ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let rewritten = legacy_literals(text).map_err(bad)?;
    match jmespath::parse(&rewritten) {
        Ok(ast) => Ok(Query { ast }),
        Err(error) => Err(bad(python_message(text, error.offset.min(text.len())))),
    }
}

/// Python's `jmespath` reads a backquoted literal that is not JSON as a
/// string (JEP-12's deprecated form: `` `, ` `` is `", "`); the crate does
/// not, so such literals are rewritten as the JSON strings Python makes of
/// them. One that is not even that is Python's lexer error.
fn legacy_literals(text: &str) -> Result<String, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            quote @ ('\'' | '"') => {
                // A raw string or a quoted name: copied as it is.
                out.push(quote);
                i += 1;
                while i < chars.len() {
                    out.push(chars[i]);
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        out.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    i += 1;
                    if chars[i - 1] == quote {
                        break;
                    }
                }
            }
            '`' => {
                let start = i;
                let mut lexeme = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '`' {
                    if chars[i] == '\\' && chars.get(i + 1) == Some(&'`') {
                        lexeme.push('`');
                        i += 2;
                        continue;
                    }
                    lexeme.push(chars[i]);
                    i += 1;
                }
                i += 1;
                if crate::python::json::loads(&lexeme).is_ok() {
                    out.push('`');
                    out.push_str(&lexeme.replace('`', "\\`"));
                    out.push('`');
                    continue;
                }
                let legacy = format!("\"{}\"", lexeme.trim_start());
                match crate::python::json::loads(&legacy) {
                    Ok(value) => {
                        out.push('`');
                        out.push_str(&crate::python::json::dumps(&value).replace('`', "\\`"));
                        out.push('`');
                    }
                    Err(_) => {
                        return Err(format!(
                            "Bad jmespath expression: Bad token {lexeme}:\n{text}\n{}^",
                            " ".repeat(start)
                        ));
                    }
                }
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// A parse error as Python's `jmespath` words it: an expression cut short
/// is "Incomplete"; otherwise the error names the column and the
/// character there.
fn python_message(text: &str, offset: usize) -> String {
    let length = text.chars().count();
    if offset >= length {
        return format!(
            "Invalid jmespath expression: Incomplete expression:\n\"{text}\"\n{}^",
            " ".repeat(length + 1)
        );
    }
    let token: String = text.chars().skip(offset).take(1).collect();
    format!(
        "Invalid jmespath expression: Parse error at column {offset}, token \"{token}\" ({}), for expression:\n\"{text}\"\n{}^",
        token_type(&token),
        " ".repeat(offset + 1)
    )
}

/// The name Python's lexer gives a character's token.
fn token_type(token: &str) -> &'static str {
    match token {
        "]" => "rbracket",
        "[" => "lbracket",
        "}" => "rbrace",
        "{" => "lbrace",
        ")" => "rparen",
        "(" => "lparen",
        "." => "dot",
        "," => "comma",
        ":" => "colon",
        "*" => "star",
        "|" => "pipe",
        "@" => "current",
        "&" => "expref",
        "!" => "not",
        "=" => "eq",
        "<" => "lt",
        ">" => "gt",
        "'" => "literal",
        "`" => "literal",
        "\"" => "quoted_identifier",
        t if t.chars().all(|c| c.is_ascii_digit() || c == '-') => "number",
        _ => "unquoted_identifier",
    }
}

impl Query {
    /// The query's result on `value`.
    pub fn search(&self, value: &Value) -> Result<Value, QueryError> {
        evaluate(&self.ast, value)
    }
}

/// JMESPath's truth: `false`, `null`, and empty strings, lists and objects
/// are false; every number (0 too) is true.
pub fn is_true(value: &Value) -> bool {
    match value {
        Value::None | Value::Bool(false) => false,
        Value::Str(s) => !s.is_empty(),
        Value::List(l) => !l.is_empty(),
        Value::Dict(d) => !d.is_empty(),
        _ => true,
    }
}

/// A value evaluated against, or an expression reference given to a
/// function (`&name`).
pub enum Argument<'a> {
    Value(Value),
    Expression(&'a Ast),
}

pub(super) fn evaluate(ast: &Ast, value: &Value) -> Result<Value, QueryError> {
    Ok(match ast {
        Ast::Identity { .. } => value.clone(),
        Ast::Field { name, .. } => match value {
            Value::Dict(dict) => dict.get(name).cloned().unwrap_or(Value::None),
            _ => Value::None,
        },
        Ast::Subexpr { lhs, rhs, .. } => {
            let left = evaluate(lhs, value)?;
            evaluate(rhs, &left)?
        }
        Ast::Index { idx, .. } => match value {
            Value::List(items) => {
                let index = if *idx < 0 {
                    items.len() as i64 + i64::from(*idx)
                } else {
                    i64::from(*idx)
                };
                usize::try_from(index)
                    .ok()
                    .and_then(|i| items.get(i))
                    .cloned()
                    .unwrap_or(Value::None)
            }
            _ => Value::None,
        },
        Ast::Slice {
            start, stop, step, ..
        } => match value {
            Value::List(items) => slice(items, *start, *stop, *step)?,
            _ => Value::None,
        },
        Ast::Projection { lhs, rhs, .. } => match evaluate(lhs, value)? {
            Value::List(items) => {
                let mut collected = Vec::new();
                for item in &items {
                    let projected = evaluate(rhs, item)?;
                    if projected != Value::None {
                        collected.push(projected);
                    }
                }
                Value::List(collected)
            }
            _ => Value::None,
        },
        Ast::ObjectValues { node, .. } => match evaluate(node, value)? {
            Value::Dict(dict) => Value::List(dict.iter().map(|(_, v)| v.clone()).collect()),
            _ => Value::None,
        },
        Ast::Flatten { node, .. } => match evaluate(node, value)? {
            Value::List(items) => {
                let mut flat = Vec::new();
                for item in items {
                    match item {
                        Value::List(inner) => flat.extend(inner),
                        other => flat.push(other),
                    }
                }
                Value::List(flat)
            }
            _ => Value::None,
        },
        Ast::Literal { value: literal, .. } => from_variable(literal),
        Ast::MultiList { elements, .. } => {
            if *value == Value::None {
                return Ok(Value::None);
            }
            Value::List(
                elements
                    .iter()
                    .map(|e| evaluate(e, value))
                    .collect::<Result<_, _>>()?,
            )
        }
        Ast::MultiHash { elements, .. } => {
            if *value == Value::None {
                return Ok(Value::None);
            }
            let mut dict = Dict::new();
            for pair in elements {
                dict.insert(pair.key.clone(), evaluate(&pair.value, value)?);
            }
            Value::Dict(dict)
        }
        Ast::Comparison {
            comparator,
            lhs,
            rhs,
            ..
        } => {
            let left = evaluate(lhs, value)?;
            let right = evaluate(rhs, value)?;
            compare(comparator, &left, &right)
        }
        Ast::Condition {
            predicate, then, ..
        } => {
            if is_true(&evaluate(predicate, value)?) {
                evaluate(then, value)?
            } else {
                Value::None
            }
        }
        Ast::And { lhs, rhs, .. } => {
            let left = evaluate(lhs, value)?;
            if is_true(&left) {
                evaluate(rhs, value)?
            } else {
                left
            }
        }
        Ast::Or { lhs, rhs, .. } => {
            let left = evaluate(lhs, value)?;
            if is_true(&left) {
                left
            } else {
                evaluate(rhs, value)?
            }
        }
        Ast::Not { node, .. } => Value::Bool(!is_true(&evaluate(node, value)?)),
        Ast::Expref { .. } => Value::None,
        Ast::Function { name, args, .. } => {
            let mut arguments = Vec::with_capacity(args.len());
            for arg in args {
                arguments.push(match arg {
                    Ast::Expref { ast, .. } => Argument::Expression(ast),
                    other => Argument::Value(evaluate(other, value)?),
                });
            }
            functions::call(name, arguments)?
        }
    })
}

/// Python's slice of a list, with JMESPath's rule that a step of 0 is an
/// error.
fn slice(
    items: &[Value],
    start: Option<i32>,
    stop: Option<i32>,
    step: i32,
) -> Result<Value, QueryError> {
    if step == 0 {
        return Err(QueryError(
            "Invalid slice expression: step cannot be 0".into(),
        ));
    }
    let len = items.len() as i64;
    let step = i64::from(step);
    let clamp = |bound: Option<i32>, default: i64| -> i64 {
        match bound {
            None => default,
            Some(b) => {
                let b = i64::from(b);
                let b = if b < 0 { b + len } else { b };
                if step > 0 {
                    b.clamp(0, len)
                } else {
                    b.clamp(-1, len - 1)
                }
            }
        }
    };
    let (start, stop) = if step > 0 {
        (clamp(start, 0), clamp(stop, len))
    } else {
        (clamp(start, len - 1), clamp(stop, -1))
    };
    let mut out = Vec::new();
    let mut at = start;
    while (step > 0 && at < stop) || (step < 0 && at > stop) {
        if let Some(item) = usize::try_from(at).ok().and_then(|i| items.get(i)) {
            out.push(item.clone());
        }
        at += step;
    }
    Ok(Value::List(out))
}

/// A number as JMESPath compares it (not a boolean).
pub fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// JMESPath equality: deep, numbers by value, a boolean never equal to a
/// number.
pub fn equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => {
            number(left) == number(right)
        }
        (Value::List(a), Value::List(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| equal(x, y))
        }
        (Value::Dict(a), Value::Dict(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => left == right,
    }
}

fn compare(comparator: &Comparator, left: &Value, right: &Value) -> Value {
    match comparator {
        Comparator::Equal => Value::Bool(equal(left, right)),
        Comparator::NotEqual => Value::Bool(!equal(left, right)),
        ordering => {
            let (Some(a), Some(b)) = (number(left), number(right)) else {
                return Value::None;
            };
            Value::Bool(match ordering {
                Comparator::LessThan => a < b,
                Comparator::LessThanEqual => a <= b,
                Comparator::GreaterThan => a > b,
                _ => a >= b,
            })
        }
    }
}

/// A literal of the expression as a value.
fn from_variable(variable: &jmespath::Variable) -> Value {
    use jmespath::Variable;
    match variable {
        Variable::Null | Variable::Expref(_) => Value::None,
        Variable::String(s) => Value::Str(s.clone()),
        Variable::Bool(b) => Value::Bool(*b),
        Variable::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => Value::Int(i),
            _ => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Variable::Array(items) => Value::List(items.iter().map(|i| from_variable(i)).collect()),
        Variable::Object(map) => Value::Dict(
            map.iter()
                .map(|(k, v)| (k.clone(), from_variable(v)))
                .collect(),
        ),
    }
}
