//! The values the aws CLI holds between reading a command line and
//! printing an answer: Python's `None`, `bool`, `int`, `float`, `str`,
//! `list` and `dict`. Its messages print them with Python's `str()` and
//! `repr()`, and its outputs distinguish `1` from `1.0`, so the console
//! keeps the same distinctions.

use std::collections::HashMap;

use super::float::repr_float;

/// A Python value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Value>),
    Dict(Dict),
}

/// A `dict`: its entries in insertion order, as Python keeps them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dict {
    entries: Vec<(String, Value)>,
    /// An `OrderedDict`: what the CLI's JSON reader makes (it reads with
    /// `object_pairs_hook=OrderedDict`); it prints differently.
    pub ordered: bool,
}

impl Dict {
    /// An empty `dict`.
    pub fn new() -> Dict {
        Dict::default()
    }

    /// A dict of these entries, a later entry of a key replacing an
    /// earlier one's value in the earlier one's place (as `dict[k] = v`
    /// does), in O(n).
    pub fn from_entries(entries: Vec<(String, Value)>, ordered: bool) -> Dict {
        let mut index: HashMap<String, usize> = HashMap::with_capacity(entries.len());
        let mut kept: Vec<(String, Value)> = Vec::with_capacity(entries.len());
        for (key, value) in entries {
            match index.get(&key) {
                Some(&at) => kept[at].1 = value,
                None => {
                    index.insert(key.clone(), kept.len());
                    kept.push((key, value));
                }
            }
        }
        Dict {
            entries: kept,
            ordered,
        }
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of `key`, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.entries
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// True when `key` is in it.
    pub fn contains(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Sets `key`, in its place when it is there, at the end otherwise.
    pub fn insert(&mut self, key: impl Into<String>, value: Value) {
        let key = key.into();
        match self.get_mut(&key) {
            Some(slot) => *slot = value,
            None => self.entries.push((key, value)),
        }
    }

    /// Takes `key` out.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let at = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(at).1)
    }

    /// The entries, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, taken out.
    pub fn into_entries(self) -> Vec<(String, Value)> {
        self.entries
    }
}

impl FromIterator<(String, Value)> for Dict {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(entries: I) -> Dict {
        Dict::from_entries(entries.into_iter().collect(), false)
    }
}

impl Value {
    /// Python's truth: `None`, `False`, `0`, `0.0`, and empty strings,
    /// lists and dicts are false.
    pub fn is_truthy(&self) -> bool {
        match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(l) => !l.is_empty(),
            Value::Dict(d) => !d.is_empty(),
        }
    }

    /// True for `None`, booleans, numbers and strings.
    pub fn is_scalar(&self) -> bool {
        !matches!(self, Value::List(_) | Value::Dict(_))
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_dict(&self) -> Option<&Dict> {
        match self {
            Value::Dict(d) => Some(d),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    /// `type(value)` as Python prints it: `<class 'str'>`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "<class 'NoneType'>",
            Value::Bool(_) => "<class 'bool'>",
            Value::Int(_) => "<class 'int'>",
            Value::Float(_) => "<class 'float'>",
            Value::Str(_) => "<class 'str'>",
            Value::List(_) => "<class 'list'>",
            Value::Dict(d) if d.ordered => "<class 'collections.OrderedDict'>",
            Value::Dict(_) => "<class 'dict'>",
        }
    }

    /// `str(value)`: a string as itself, anything else as its `repr`.
    pub fn to_str(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            other => other.repr(),
        }
    }

    /// `repr(value)`, as Python 3.11 writes it.
    pub fn repr(&self) -> String {
        let mut out = String::new();
        write_repr(self, &mut out);
        out
    }
}

fn write_repr(value: &Value, out: &mut String) {
    match value {
        Value::None => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&repr_float(*f)),
        Value::Str(s) => out.push_str(&repr_str(s)),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(item, out);
            }
            out.push(']');
        }
        Value::Dict(dict) if dict.ordered => {
            // Python 3.11: OrderedDict([('k', v), …]); empty: OrderedDict().
            out.push_str("OrderedDict(");
            if !dict.is_empty() {
                out.push('[');
                for (i, (key, item)) in dict.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push('(');
                    out.push_str(&repr_str(key));
                    out.push_str(", ");
                    write_repr(item, out);
                    out.push(')');
                }
                out.push(']');
            }
            out.push(')');
        }
        Value::Dict(dict) => {
            out.push('{');
            for (i, (key, item)) in dict.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&repr_str(key));
                out.push_str(": ");
                write_repr(item, out);
            }
            out.push('}');
        }
    }
}

/// `repr(str)`: single quotes unless the text has a single quote and no
/// double one; `\\`, the quote, `\t`, `\n`, `\r` escaped, other
/// unprintable characters as `\xhh`, `\uhhhh` or `\Uhhhhhhhh`.
pub fn repr_str(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// Python's `str.isprintable()` for one character, near enough: control
/// characters, separators other than the space, and unassigned or private
/// code points are not printable.
fn is_printable(c: char) -> bool {
    let code = c as u32;
    if c == ' ' {
        return true;
    }
    !(code < 0x20
        || (0x7f..0xa1).contains(&code)
        || code == 0xad
        || (0x2000..=0x200f).contains(&code)
        || (0x2028..=0x202f).contains(&code)
        || (0x205f..=0x206f).contains(&code)
        || code == 0x3000
        || code == 0xfeff
        || (0xe000..=0xf8ff).contains(&code)
        || (0xfff9..=0xfffb).contains(&code)
        || code >= 0xf0000
        || c.is_whitespace())
}

/// Python's `str.isspace()` for one character (what `\s` and
/// `str.strip()` take as blank), which unlike Rust's `char::is_whitespace`
/// counts the four information separators U+001C to U+001F.
pub fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `str.rstrip()`.
pub fn rstrip(text: &str) -> &str {
    text.trim_end_matches(is_python_space)
}

/// `str.strip()`.
pub fn strip(text: &str) -> &str {
    text.trim_matches(is_python_space)
}
