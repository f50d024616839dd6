//! An entity's attributes as text, one per line, so a learner can write
//! them as quickly as a list:
//!
//! ```text
//! orderId: id o
//! orderDate: date 2024
//! orderStatus: one of PENDING, SHIPPED, DELIVERED
//! amount: number 5.00..500.00
//! quantity: number 1..4
//! customerId: from parent
//! openFlag: one of OPEN when orderStatus = PENDING
//! ```
//!
//! [`parse_attributes`] and [`print_attributes`] are inverses: printing a
//! chart and parsing the text gives the same chart.
//!
//! The text may come from a stranger's link, so every line is held to the
//! page's bounds as it is read ([`crate::limits`]): how many lines, how
//! long, how long a name or a value, how many values and `when`s, and a
//! number range the generator can draw from without overflowing.

use crate::model::failure::Failure;
use std::collections::BTreeSet;

use super::chart::{AttributeDesign, Generator};
use crate::limits::{
    MAX_ATTRIBUTE_LINE_BYTES, MAX_ATTRIBUTES, MAX_CHOICES, MAX_DECIMALS, MAX_NAME_BYTES,
    MAX_VALUE_BYTES, MAX_WHEN_CLAUSES, MAX_WORDS, YEARS,
};

/// Why a line does not read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeTextError {
    pub line: usize,
    pub message: String,
}

/// The kinds of value a line can ask for, as the hint under the editor lists them.
pub const KINDS: &str = "id PREFIX · one of A, B, C · number MIN..MAX (write 5.00..9.99 for decimals) · date YEAR · time YEAR · person name · email · address · words MIN..MAX · from parent · … when ATTRIBUTE = VALUE";

/// Parses one attribute per line; blank lines are skipped.
pub fn parse_attributes(text: &str) -> Result<Vec<AttributeDesign>, AttributeTextError> {
    let mut out: Vec<AttributeDesign> = Vec::new();
    let mut names: BTreeSet<&str> = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let line_number = i + 1;
        let error = |message: String| AttributeTextError {
            line: line_number,
            message,
        };
        if line.trim().is_empty() {
            continue;
        }
        if out.len() == MAX_ATTRIBUTES {
            return Err(error(format!(
                "an entity has at most {MAX_ATTRIBUTES} attributes"
            )));
        }
        if line.len() > MAX_ATTRIBUTE_LINE_BYTES {
            return Err(error(format!(
                "the line is {} bytes long; a line is at most {MAX_ATTRIBUTE_LINE_BYTES}",
                line.len()
            )));
        }
        let (name, generator) = line
            .split_once(':')
            .ok_or_else(|| error("write it as name: kind, as in orderDate: date 2024".into()))?;
        let name = name.trim();
        if name.is_empty() || name.contains(['{', '}']) {
            return Err(error(format!("\"{name}\" is not an attribute name")));
        }
        if name.len() > MAX_NAME_BYTES {
            return Err(error(format!(
                "the name is {} bytes long; an attribute name is at most {MAX_NAME_BYTES}",
                name.len()
            )));
        }
        if !names.insert(name) {
            return Err(error(format!("{name} is listed twice")));
        }
        let generator = parse_generator(generator.trim())
            .map_err(|message| error(format!("{name}: {message}")))?;
        // What the page prints of a line must read back as the same line
        // (a link carries the printed text): any way of writing it that
        // would not is refused, however the checks above missed it.
        if parse_generator(&print_generator(&generator)).as_ref() != Ok(&generator) {
            return Err(error(format!(
                "{name}: this line would not read back the same; write it with single spaces, as in {name}: one of A, B when status = OPEN"
            )));
        }
        out.push(AttributeDesign {
            name: name.to_string(),
            generator,
        });
    }
    Ok(out)
}

/// One line per attribute, in the form [`parse_attributes`] reads.
pub fn print_attributes(attributes: &[AttributeDesign]) -> String {
    attributes
        .iter()
        .map(|a| format!("{}: {}", a.name, print_generator(&a.generator)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A kind of value with its `when` conditions, innermost (first written)
/// last: `one of OPEN when a = X when b = Y` is the value when b = Y, then
/// when a = X. Read from the end, without recursion.
fn parse_generator(text: &str) -> Result<Generator, Failure> {
    let mut conditions = Vec::new();
    let mut rest = text;
    while let Some((then, condition)) = rest.rsplit_once(" when ") {
        if conditions.len() == MAX_WHEN_CLAUSES {
            return Err(Failure::refused(format!(
                "a line has at most {MAX_WHEN_CLAUSES} \"when\" conditions"
            )));
        }
        let (attribute, equals) = condition
            .split_once('=')
            .filter(|(attribute, _)| !attribute.trim().is_empty())
            .ok_or_else(|| {
                Failure::refused(format!("\"when {condition}\" needs ATTRIBUTE = VALUE"))
            })?;
        let (attribute, equals) = (attribute.trim(), equals.trim());
        // Printed back, a "when" in either would start a condition of its
        // own (in the attribute it cannot be: the split above took it).
        if [attribute, equals].iter().any(|part| holds_when(part)) {
            return Err(Failure::refused(format!(
                "\"when {condition}\" holds the word \"when\" in its attribute or value, where it would read as another condition"
            )));
        }
        conditions.push((attribute.to_string(), equals.to_string()));
        rest = then.trim();
    }
    let mut generator = parse_kind(rest)?;
    // The condition written last is the outermost.
    for (attribute, equals) in conditions.into_iter().rev() {
        generator = Generator::When {
            attribute,
            equals,
            then: Box::new(generator),
        };
    }
    Ok(generator)
}

/// True when `text` holds the word `when` (alone, first, last or between
/// spaces).
fn holds_when(text: &str) -> bool {
    text.split(' ').any(|word| word == "when")
}

fn parse_kind(text: &str) -> Result<Generator, Failure> {
    let (kind, rest) = match text.split_once(' ') {
        Some((kind, rest)) => (kind, rest.trim()),
        None => (text, ""),
    };
    match (kind, rest) {
        ("id", prefix) if prefix.len() > MAX_VALUE_BYTES => Err(Failure::refused(format!(
            "the id's prefix is {} bytes long; a prefix is at most {MAX_VALUE_BYTES}",
            prefix.len()
        ))),
        ("id", prefix) => Ok(Generator::Id {
            prefix: prefix.to_string(),
        }),
        ("one", rest) if rest.starts_with("of") => {
            let mut options: Vec<String> = Vec::new();
            for option in rest[2..]
                .split(',')
                .map(str::trim)
                .filter(|o| !o.is_empty())
            {
                if options.len() == MAX_CHOICES {
                    return Err(Failure::refused(format!(
                        "\"one of\" takes at most {MAX_CHOICES} values"
                    )));
                }
                // Printed back after ", ", such a value would read as a
                // condition.
                if option.starts_with("when ") {
                    return Err(Failure::refused(format!(
                        "a value of \"one of\" cannot start with \"when\": write the condition after the values, as in one of OPEN when orderStatus = PENDING (found \"{option}\")"
                    )));
                }
                if option.len() > MAX_VALUE_BYTES {
                    return Err(Failure::refused(format!(
                        "a value of \"one of\" is {} bytes long; a value is at most {MAX_VALUE_BYTES}",
                        option.len()
                    )));
                }
                options.push(option.to_string());
            }
            if options.is_empty() {
                return Err(Failure::refused(
                    "\"one of\" needs values, as in one of PENDING, SHIPPED",
                ));
            }
            Ok(Generator::Choice(options))
        }
        ("number", range) => parse_number_range(range),
        ("date", year) => year
            .parse::<u32>()
            .ok()
            .filter(|y| YEARS.contains(y))
            .map(|year| Generator::Date { year })
            .ok_or_else(|| Failure::refused(year_needed("date", year))),
        ("time", year) => year
            .parse::<u32>()
            .ok()
            .filter(|y| YEARS.contains(y))
            .map(|year| Generator::Time { year })
            .ok_or_else(|| Failure::refused(year_needed("time", year))),
        ("person", "name") => Ok(Generator::PersonName),
        ("email", "") => Ok(Generator::Email),
        ("address", "") => Ok(Generator::Address),
        ("words", range) => {
            let (min, max) = parse_range(range)
                .filter(|(min, max)| *min >= 0 && min <= max)
                .ok_or_else(|| {
                    Failure::refused(format!(
                        "\"words {range}\" needs MIN..MAX, as in words 5..20"
                    ))
                })?;
            if max > i64::from(MAX_WORDS) {
                return Err(Failure::refused(format!(
                    "\"words {range}\" asks for more words than a value may have, at most {MAX_WORDS}"
                )));
            }
            Ok(Generator::Words {
                min: min as u32,
                max: max as u32,
            })
        }
        ("from", "parent") => Ok(Generator::FromParent),
        _ => Err(Failure::refused(format!(
            "\"{text}\" is not a kind of value; one of: {KINDS}"
        ))),
    }
}

/// `1..4` or `5.00..500.00`: whole numbers, or decimals with as many places as written.
fn parse_number_range(range: &str) -> Result<Generator, Failure> {
    let bad =
        || format!("\"number {range}\" needs MIN..MAX, as in number 1..10 or number 5.00..99.99");
    let (low, high) = range
        .split_once("..")
        .ok_or_else(|| Failure::refused(bad()))?;
    let (low, high) = (low.trim(), high.trim());
    let decimals = |s: &str| s.split_once('.').map_or(0, |(_, f)| f.len() as u32);
    let places = decimals(low).max(decimals(high));
    if places == 0 {
        let whole_number = |s: &str| {
            !s.is_empty()
                && s.trim_start_matches('-')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
        };
        if whole_number(low) && whole_number(high) && parse_range(range).is_none() {
            return Err(Failure::refused(format!(
                "\"number {range}\" cannot be generated: MIN and MAX must lie within {}..{}",
                i64::MIN,
                i64::MAX
            )));
        }
        let (min, max) = parse_range(range)
            .filter(|(a, b)| a <= b)
            .ok_or_else(|| Failure::refused(bad()))?;
        return Ok(Generator::Integer { min, max });
    }
    let whole = |s: &str| -> Option<i64> { s.split('.').next()?.parse().ok() };
    let (min, max) = whole(low)
        .zip(whole(high))
        .filter(|(a, b)| a <= b && places <= MAX_DECIMALS)
        .ok_or_else(|| Failure::refused(bad()))?;
    // The generator draws a whole number of the smallest steps between the
    // ends, so both ends in those steps must fit in 64 bits.
    let scale = 10i64.pow(places);
    let widest = i64::MAX / scale;
    if min.checked_mul(scale).is_none() || max.checked_mul(scale).is_none() {
        let places = match places {
            1 => "1 decimal".to_string(),
            n => format!("{n} decimals"),
        };
        return Err(Failure::refused(format!(
            "\"number {range}\" cannot be generated: with {places}, MIN and MAX must lie within -{widest}..{widest}"
        )));
    }
    Ok(Generator::Decimal {
        min,
        max,
        decimals: places,
    })
}

/// Why a `date` or `time` line does not read: its year, from 1970 to 2999.
fn year_needed(kind: &str, year: &str) -> String {
    format!(
        "\"{kind} {year}\" needs a year from {} to {}, as in {kind} 2024",
        YEARS.start(),
        YEARS.end()
    )
}

fn parse_range(range: &str) -> Option<(i64, i64)> {
    let (low, high) = range.split_once("..")?;
    Some((low.trim().parse().ok()?, high.trim().parse().ok()?))
}

fn print_generator(generator: &Generator) -> String {
    match generator {
        Generator::Id { prefix } => format!("id {prefix}").trim_end().to_string(),
        Generator::Choice(options) => format!("one of {}", options.join(", ")),
        Generator::Integer { min, max } => format!("number {min}..{max}"),
        Generator::Decimal { min, max, decimals } => {
            let zeros = "0".repeat(*decimals as usize);
            format!("number {min}.{zeros}..{max}.{zeros}")
        }
        Generator::Date { year } => format!("date {year}"),
        Generator::Time { year } => format!("time {year}"),
        Generator::PersonName => "person name".into(),
        Generator::Email => "email".into(),
        Generator::Words { min, max } => format!("words {min}..{max}"),
        Generator::Address => "address".into(),
        Generator::FromParent => "from parent".into(),
        Generator::When {
            attribute,
            equals,
            then,
        } => format!("{} when {attribute} = {equals}", print_generator(then)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::gallery::commerce;

    #[test]
    fn the_example_chart_prints_and_reads_back_the_same() {
        for entity in commerce::chart().entities {
            let text = print_attributes(&entity.attributes);
            assert_eq!(
                parse_attributes(&text).unwrap(),
                entity.attributes,
                "{text}"
            );
        }
    }

    #[test]
    fn every_kind_reads() {
        let text = "a: id c\nb: one of X, Y\nc: number 1..4\nd: number 5.00..500.00\ne: date 2024\ne2: time 2024\n\
                    f: person name\ng: email\nh: address\ni: words 2..5\nj: from parent\n\nk: one of OPEN when b = X";
        let attributes = parse_attributes(text).unwrap();
        assert_eq!(attributes.len(), 12);
        assert_eq!(attributes[5].generator, Generator::Time { year: 2024 });
        assert_eq!(
            attributes[3].generator,
            Generator::Decimal {
                min: 5,
                max: 500,
                decimals: 2
            }
        );
        assert_eq!(attributes[11].generator.value_type(), Some("S"));
        assert_eq!(attributes[2].generator.value_type(), Some("N"));
    }

    #[test]
    fn a_bad_line_says_which_line_and_why() {
        let check = |text: &str, line: usize, message: &str| {
            let error = parse_attributes(text).unwrap_err();
            assert_eq!(error.line, line, "{text}");
            assert!(error.message.contains(message), "{}", error.message);
        };
        check("a: id c\nb date 2024", 2, "write it as name: kind");
        check(
            "a: id c\n\nb: dates 2024",
            3,
            "\"dates 2024\" is not a kind of value",
        );
        check("a: number 9..1", 1, "needs MIN..MAX");
        check("a: id c\na: email", 2, "a is listed twice");
        check("{a}: email", 1, "is not an attribute name");
        check("a: one of", 1, "\"one of\" needs values");
        check("a: one of X when b", 1, "needs ATTRIBUTE = VALUE");
        // Found by the chart_language fuzz target: printed back, the value
        // would have read as a condition.
        check(
            "a: one of OPEN ,when b = PENDING",
            1,
            "cannot start with \"when\"",
        );
        // And: a value "when ==" printed back as a second condition.
        check("a: id when =when == when =x", 1, "needs ATTRIBUTE = VALUE");
        check("a: id x when b = when", 1, "holds the word \"when\"");
        check("a: id x when b = y when", 1, "holds the word \"when\"");
    }
}
