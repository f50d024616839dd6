//! Key templates: how an entity's attributes become its key values.
//!
//! A template is text with placeholders: `CUST#{customerId}`,
//! `ORDER#{orderDate}#{orderId}`. A placeholder may carry a zero-padding
//! format so numbers sort as text: `{price:010.2}` writes 12.5 as
//! `0000012.50` (width 10, two decimals) and `{n:06}` writes 42 as
//! `000042`. `{{` and `}}` stand for literal braces. A blank template means
//! the entity has no value for that key attribute — it is left out of that
//! index (a sparse index).

use std::fmt;

use engine::types::{Item, Value};

use super::template_meet as meet;
use crate::limits::{MAX_PADDED_DECIMALS, MAX_PADDING, MAX_TEMPLATE_BYTES};

/// A value's format in a template: zero padding to a width, with decimals
/// for numbers (`{price:08.2}`), or the value's first characters only
/// (`{readAt:.7}`: `2024-03` of `2024-03-05T14:07:33Z`, as a bucket).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Padding {
    /// Minimum number of characters; shorter values get leading zeros.
    pub width: usize,
    /// Digits after the decimal point (numbers only).
    pub decimals: Option<usize>,
    /// Only this many characters of the value, from the start.
    pub first: Option<usize>,
}

/// One piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text copied as it is.
    Literal(String),
    /// An attribute's value.
    Field {
        /// The attribute.
        name: String,
        /// Its padding, if any.
        padding: Option<Padding>,
    },
}

/// A parsed template.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Template {
    parts: Vec<Part>,
}

/// Why a template's text is not a template; `span` is the byte range to underline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError {
    /// What is wrong, in plain words.
    pub message: String,
    /// Where.
    pub span: (usize, usize),
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Why a template could not produce a value for an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The item has no such attribute.
    Missing(String),
    /// Padding with decimals asked of a value that is not a number.
    NotANumber(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Missing(name) => write!(f, "the item has no attribute {name}"),
            RenderError::NotANumber(name) => write!(
                f,
                "{name} is not a number, so it cannot be padded with decimals"
            ),
        }
    }
}

/// Why a placeholder's format is refused: it does not read, or it asks
/// for more characters than a key value holds.
enum PaddingError {
    NotAFormat,
    TooWide(&'static str, usize),
}

fn parse_padding(spec: &str) -> Result<Padding, PaddingError> {
    // Any run of digits is a count, however many: one past the limits is
    // "too wide" in the page's 32-bit wasm as natively.
    let count = |text: &str| {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PaddingError::NotAFormat);
        }
        let n = text.parse::<u64>().unwrap_or(u64::MAX);
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    };
    let padding = if let Some(first) = spec.strip_prefix('.') {
        let first = count(first)?;
        if first == 0 {
            return Err(PaddingError::NotAFormat);
        }
        Padding {
            width: 0,
            decimals: None,
            first: Some(first),
        }
    } else {
        let digits = spec.strip_prefix('0').ok_or(PaddingError::NotAFormat)?;
        let (width, decimals) = match digits.split_once('.') {
            Some((w, d)) => (w, Some(count(d)?)),
            None => (digits, None),
        };
        Padding {
            width: count(width)?,
            decimals,
            first: None,
        }
    };
    for (what, n, limit) in [
        ("a width of", padding.width, MAX_PADDING),
        ("the first", padding.first.unwrap_or(0), MAX_PADDING),
        (
            "decimals:",
            padding.decimals.unwrap_or(0),
            MAX_PADDED_DECIMALS,
        ),
    ] {
        if n > limit {
            return Err(PaddingError::TooWide(what, limit));
        }
    }
    Ok(padding)
}

impl Template {
    /// Parses a template's text, of at most [`MAX_TEMPLATE_BYTES`].
    pub fn parse(text: &str) -> Result<Template, TemplateError> {
        let template = Template::read(text)?;
        // What the page prints of a template must read back as the same
        // template (a link carries the printed text): any way of writing
        // it that would not is refused, however the checks missed it.
        if Template::read(&template.to_string()).as_ref() != Ok(&template) {
            return Err(TemplateError {
                message: "the template would not read back the same; write placeholders as {name} or {name:010.2}".into(),
                span: (0, text.len()),
            });
        }
        Ok(template)
    }

    fn read(text: &str) -> Result<Template, TemplateError> {
        if text.len() > MAX_TEMPLATE_BYTES {
            return Err(TemplateError {
                message: format!(
                    "the template is {} bytes long; a key template is at most {MAX_TEMPLATE_BYTES}, as a partition key value is",
                    text.len()
                ),
                span: (0, text.len()),
            });
        }
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                '{' if chars.peek().is_some_and(|(_, n)| *n == '{') => {
                    chars.next();
                    literal.push('{');
                }
                '}' if chars.peek().is_some_and(|(_, n)| *n == '}') => {
                    chars.next();
                    literal.push('}');
                }
                '}' => {
                    return Err(TemplateError {
                        message: "a '}' closes no placeholder (write '}}' for a brace)".into(),
                        span: (at, at + 1),
                    });
                }
                '{' => {
                    let close =
                        text[at..]
                            .find('}')
                            .map(|i| at + i)
                            .ok_or_else(|| TemplateError {
                                message: "a placeholder is not closed with '}'".into(),
                                span: (at, text.len()),
                            })?;
                    let inside = &text[at + 1..close];
                    let (name, spec) = match inside.split_once(':') {
                        Some((n, s)) => (n.trim(), Some(s.trim())),
                        None => (inside.trim(), None),
                    };
                    if name.is_empty() {
                        return Err(TemplateError {
                            message: "a placeholder needs an attribute name, as in {customerId}"
                                .into(),
                            span: (at, close + 1),
                        });
                    }
                    // No attribute is named with a brace (the attribute
                    // lines refuse one), and printed back such a name
                    // would read as a literal brace.
                    if name.contains('{') {
                        return Err(TemplateError {
                            message: "a placeholder is opened twice: '{' inside a placeholder (write '{{' for a brace)".into(),
                            span: (at, close + 1),
                        });
                    }
                    let padding = match spec {
                        None => None,
                        Some(spec) => Some(parse_padding(spec).map_err(|e| TemplateError {
                            message: match e {
                                PaddingError::NotAFormat => format!("'{spec}' is not a format; write 0 then the width, and for numbers a dot and the decimals, as in {{price:010.2}}, or a dot and a count for the first characters, as in {{readAt:.7}}"),
                                PaddingError::TooWide(what, limit) => format!("'{spec}' asks for more than a key holds: {what} at most {limit}"),
                            },
                            span: (at, close + 1),
                        })?),
                    };
                    if !literal.is_empty() {
                        parts.push(Part::Literal(std::mem::take(&mut literal)));
                    }
                    parts.push(Part::Field {
                        name: name.to_string(),
                        padding,
                    });
                    while chars.peek().is_some_and(|(i, _)| *i <= close) {
                        chars.next();
                    }
                }
                c => literal.push(c),
            }
        }
        if !literal.is_empty() {
            parts.push(Part::Literal(literal));
        }
        Ok(Template { parts })
    }

    /// True when the template is blank (the entity has no such key).
    pub fn is_blank(&self) -> bool {
        self.parts.is_empty()
    }

    /// The parts.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The attributes the template reads, in order.
    pub fn attributes(&self) -> impl Iterator<Item = &str> {
        self.parts.iter().filter_map(|p| match p {
            Part::Field { name, .. } => Some(name.as_str()),
            Part::Literal(_) => None,
        })
    }

    /// The fixed text before the first placeholder.
    pub fn fixed_prefix(&self) -> &str {
        match self.parts.first() {
            Some(Part::Literal(text)) => text,
            _ => "",
        }
    }

    /// True when some text could be rendered by both templates, for some
    /// values of their fields. A field stands for any text, except that a
    /// field for which `holds(name, separator)` is false never holds the
    /// separator `#` — so `DEPT#{deptId}` and `DEPT#{deptId}#TEAM#{teamId}`
    /// never meet when ids have no `#`, while `CUST#{customerId}` and
    /// `CUST#{productId}` can.
    ///
    /// Each template is a pattern of characters and fields; they meet when
    /// the walk of both patterns together can reach both ends at once. The
    /// walk is taken a row of `self` at a time, with the positions reached
    /// in `other` as bits (see [`meet::can_meet`]), in memory linear in the
    /// templates and time of their lengths multiplied over 64.
    pub fn can_meet(&self, other: &Template, holds: &dyn Fn(&str, char) -> bool) -> bool {
        meet::can_meet(&self.tokens(holds), &other.tokens(holds))
    }

    /// The template as the collision check reads it: one token for each
    /// character of fixed text, one for each field.
    fn tokens(&self, holds: &dyn Fn(&str, char) -> bool) -> Vec<meet::Token> {
        let mut out = Vec::new();
        for part in &self.parts {
            match part {
                Part::Literal(text) => out.extend(text.chars().map(meet::Token::Char)),
                Part::Field { name, .. } => out.push(meet::Token::Field {
                    holds_separator: holds(name, meet::SEPARATOR),
                }),
            }
        }
        out
    }

    /// True when the template is fixed text only.
    pub fn is_constant(&self) -> bool {
        self.parts.iter().all(|p| matches!(p, Part::Literal(_)))
    }

    /// The key value for an item's attributes.
    pub fn render(&self, item: &Item) -> Result<String, RenderError> {
        let mut out = String::new();
        self.render_into(item, &mut out)?;
        Ok(out)
    }

    /// Appends the key value for an item's attributes to `out`: a buffer
    /// kept from one item to the next, so rendering allocates nothing.
    pub fn render_into(&self, item: &Item, out: &mut String) -> Result<(), RenderError> {
        self.render_with(|name| item.get(name), out)
    }

    /// Appends the key value for the attributes `lookup` finds to `out`:
    /// for attributes that are not gathered into one item.
    pub fn render_with<'v>(
        &self,
        lookup: impl Fn(&str) -> Option<&'v Value>,
        out: &mut String,
    ) -> Result<(), RenderError> {
        for part in &self.parts {
            match part {
                Part::Literal(text) => out.push_str(text),
                Part::Field { name, padding } => {
                    let value = lookup(name).ok_or_else(|| RenderError::Missing(name.clone()))?;
                    match (value, padding) {
                        (Value::S(text), None) => out.push_str(text),
                        (Value::N(number), None) => {
                            use std::fmt::Write;
                            // Writing to a String cannot fail.
                            let _ = write!(out, "{number}");
                        }
                        _ => out.push_str(&format_value(name, value, padding.as_ref())?),
                    }
                }
            }
        }
        Ok(())
    }
}

fn format_value(
    name: &str,
    value: &Value,
    padding: Option<&Padding>,
) -> Result<String, RenderError> {
    let text = match value {
        Value::S(s) => s.to_string(),
        Value::N(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    };
    let Some(padding) = padding else {
        return Ok(text);
    };
    if let Some(first) = padding.first {
        return Ok(text.chars().take(first).collect());
    }
    let body = match padding.decimals {
        Some(decimals) => {
            let Value::N(_) = value else {
                return Err(RenderError::NotANumber(name.to_string()));
            };
            let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
            let mut frac: String = frac.chars().take(decimals).collect();
            while frac.len() < decimals {
                frac.push('0');
            }
            if decimals == 0 {
                int.to_string()
            } else {
                format!("{int}.{frac}")
            }
        }
        None => text,
    };
    let (sign, digits) = match body.strip_prefix('-') {
        Some(rest) => ("-", rest.to_string()),
        None => ("", body),
    };
    let pad = padding.width.saturating_sub(sign.len() + digits.len());
    Ok(format!("{sign}{}{digits}", "0".repeat(pad)))
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.parts {
            match part {
                Part::Literal(text) => f.write_str(&text.replace('{', "{{").replace('}', "}}"))?,
                Part::Field {
                    name,
                    padding: None,
                } => write!(f, "{{{name}}}")?,
                Part::Field {
                    name,
                    padding: Some(Padding { first: Some(n), .. }),
                } => write!(f, "{{{name}:.{n}}}")?,
                Part::Field {
                    name,
                    padding:
                        Some(Padding {
                            width,
                            decimals: None,
                            ..
                        }),
                } => write!(f, "{{{name}:0{width}}}")?,
                Part::Field {
                    name,
                    padding:
                        Some(Padding {
                            width,
                            decimals: Some(d),
                            ..
                        }),
                } => write!(f, "{{{name}:0{width}.{d}}}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_can_be_cut_to_its_first_characters() {
        let template = Template::parse("DEVICE#{deviceId}#{readAt:.7}").unwrap();
        let item: Item = [
            ("deviceId", Value::s("d3")),
            ("readAt", Value::s("2024-03-05T14:07:33Z")),
        ]
        .into_iter()
        .collect();
        assert_eq!(template.render(&item).unwrap(), "DEVICE#d3#2024-03");
        assert_eq!(template.to_string(), "DEVICE#{deviceId}#{readAt:.7}");
        assert_eq!(Template::parse(&template.to_string()).unwrap(), template);
        // Shorter values are kept whole.
        let short: Item = [("deviceId", Value::s("d")), ("readAt", Value::s("2024"))]
            .into_iter()
            .collect();
        assert_eq!(template.render(&short).unwrap(), "DEVICE#d#2024");
        for bad in ["{readAt:.0}", "{readAt:.x}", "{readAt:.}"] {
            assert!(
                Template::parse(bad)
                    .unwrap_err()
                    .message
                    .contains("{readAt:.7}"),
                "{bad}"
            );
        }
    }

    #[test]
    fn templates_meet_when_some_values_give_both_one_text() {
        let t = |text: &str| Template::parse(text).unwrap();
        let no_hash = |_: &str, c: char| c != '#';
        let anything = |_: &str, _: char| true;
        // A level and the level below it never meet when ids hold no `#`…
        assert!(!t("DEPT#{d}").can_meet(&t("DEPT#{d}#TEAM#{t}"), &no_hash));
        // …but do when a value may hold one.
        assert!(t("DEPT#{d}").can_meet(&t("DEPT#{d}#TEAM#{t}"), &anything));
        assert!(t("CUST#{c}").can_meet(&t("CUST#{p}"), &no_hash));
        assert!(t("PROFILE").can_meet(&t("PROFILE"), &no_hash));
        assert!(!t("PROFILE").can_meet(&t("PRODUCT"), &no_hash));
        assert!(t("{x}").can_meet(&t("ORDER"), &no_hash));
        assert!(!t("ORDER#{a}#{b}").can_meet(&t("ORDER#{x}"), &no_hash));
        assert!(t("A{x}B").can_meet(&t("{y}B"), &no_hash));
        assert!(!t("A{x}B").can_meet(&t("{y}C"), &no_hash));
    }
    use engine::types::Number;

    fn item(pairs: &[(&str, Value)]) -> Item {
        pairs.iter().cloned().collect()
    }

    fn n(text: &str) -> Value {
        Value::N(Number::parse(text).unwrap())
    }

    #[test]
    fn renders_placeholders_from_attributes() {
        let t = Template::parse("ORDER#{orderDate}#{orderId}").unwrap();
        let i = item(&[
            ("orderDate", Value::s("2024-07-15")),
            ("orderId", Value::s("o1")),
        ]);
        assert_eq!(t.render(&i).unwrap(), "ORDER#2024-07-15#o1");
        assert_eq!(t.attributes().collect::<Vec<_>>(), ["orderDate", "orderId"]);
        assert_eq!(t.fixed_prefix(), "ORDER#");
    }

    #[test]
    fn pads_numbers_so_they_sort_as_text() {
        let t = Template::parse("PRICE#{price:010.2}").unwrap();
        assert_eq!(
            t.render(&item(&[("price", n("12.5"))])).unwrap(),
            "PRICE#0000012.50"
        );
        assert_eq!(
            t.render(&item(&[("price", n("1234.567"))])).unwrap(),
            "PRICE#0001234.56"
        );
        let counter = Template::parse("{n:06}").unwrap();
        assert_eq!(counter.render(&item(&[("n", n("42"))])).unwrap(), "000042");
        assert_eq!(counter.to_string(), "{n:06}");
    }

    #[test]
    fn blank_templates_mean_no_key() {
        assert!(Template::parse("").unwrap().is_blank());
        assert!(Template::parse("PROFILE").unwrap().is_constant());
        assert_eq!(
            Template::parse("a{{b}}")
                .unwrap()
                .render(&Item::new())
                .unwrap(),
            "a{b}"
        );
    }

    #[test]
    fn bad_templates_say_where() {
        let open = Template::parse("CUST#{customerId").unwrap_err();
        assert_eq!(open.span, (5, 16));
        assert!(
            Template::parse("{}")
                .unwrap_err()
                .message
                .contains("needs an attribute name")
        );
        assert!(
            Template::parse("{price:x}")
                .unwrap_err()
                .message
                .contains("is not a format")
        );
        assert_eq!(Template::parse("a}").unwrap_err().span, (1, 2));
        // Found by the chart_language fuzz target: the name "{lineI"
        // printed back as "{{lineI}", a brace and then no placeholder.
        assert!(
            Template::parse("#{\t{lineI}")
                .unwrap_err()
                .message
                .contains("opened twice")
        );
    }

    #[test]
    fn missing_attributes_are_reported() {
        let t = Template::parse("CUST#{customerId}").unwrap();
        assert_eq!(
            t.render(&Item::new()),
            Err(RenderError::Missing("customerId".into()))
        );
    }
}
