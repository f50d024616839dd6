//! The walk: one streaming pass over the body, each value checked against
//! the shape its place declares, in document order; then, only where
//! DynamoDB converts a value rather than refusing it, the body rewritten.

use std::cell::RefCell;
use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value as Json;

use super::{Kind, ShapeId, java_type, shape};
use crate::error::{Error, Result};

/// What DynamoDB's framework says when a list or a map sits where it
/// expects a plain class: a Java cast failure, quoted as it answers.
const CAST_FAILURE: &str = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl \
cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl \
and java.lang.Class are in module java.base of loader 'bootstrap')";

const START_OF_STRUCTURE: &str = "Start of structure or map found where not expected";

/// Where a value sits: a member of a structure (the top of the body
/// included), or an element of a list or a value of a map. DynamoDB words
/// some refusals differently for the two.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Member,
    Element,
}

/// A JSON value as the check sees it.
enum Token<'a> {
    Boolean(bool),
    Integer,
    Decimal,
    String(&'a str),
    Array,
    Object,
}

/// The outcome of checking one scalar.
enum Verdict {
    Fits,
    /// DynamoDB reads it as a value of the expected type.
    Converted,
    Refused(String),
}

/// What the walk found beyond "it fits".
#[derive(Default)]
struct Findings {
    refusal: Option<String>,
    converted: bool,
}

pub(super) fn body(input: ShapeId, body: &[u8]) -> Result<Option<Vec<u8>>> {
    let findings = RefCell::new(Findings::default());
    let walk = Walk {
        shape: input,
        place: Place::Member,
        findings: &findings,
    };
    // Natively, a body that is UTF-8 (as every client's is) is checked so
    // once and read as text, sparing serde_json a check of each string as
    // it reads it; the page keeps one reader's code in its download.
    #[cfg(not(target_arch = "wasm32"))]
    let walked = match std::str::from_utf8(body) {
        Ok(text) => walk_all(walk, serde_json::Deserializer::from_str(text)),
        Err(_) => walk_all(walk, serde_json::Deserializer::from_slice(body)),
    };
    #[cfg(target_arch = "wasm32")]
    let walked = walk_all(walk, serde_json::Deserializer::from_slice(body));
    let findings = findings.into_inner();
    if let Some(message) = findings.refusal {
        return Err(Error::Serialization(message));
    }
    if walked.is_err() {
        // Not JSON, or not an object at the top: DynamoDB answers with the
        // exception's name alone.
        return Err(Error::Serialization(String::new()));
    }
    if !findings.converted {
        return Ok(None);
    }
    let mut json: Json =
        serde_json::from_slice(body).map_err(|_| Error::Serialization(String::new()))?;
    convert(&mut json, input);
    Ok(Some(json.to_string().into_bytes()))
}

/// Walks the whole of what `reader` reads.
fn walk_all<'de, R: serde_json::de::Read<'de>>(
    walk: Walk<'_>,
    mut reader: serde_json::Deserializer<R>,
) -> serde_json::Result<()> {
    walk.deserialize(&mut reader)?;
    reader.end()
}

/// The verdict on `token` where `expected` is declared, at `place`.
fn judge(expected: ShapeId, place: Place, token: Token<'_>) -> Verdict {
    use Verdict::{Converted, Fits, Refused};
    let refused = |message: &str| Refused(message.to_string());
    let collection = |id: ShapeId| {
        Refused(format!(
            "Unrecognized collection type class {}",
            java_type(id)
        ))
    };
    let kind = &shape(expected).kind;
    match (kind, token) {
        (_, Token::Object) if !matches!(kind, Kind::Map(_) | Kind::Structure(_)) => {
            refused(START_OF_STRUCTURE)
        }
        (Kind::String, Token::String(_)) => Fits,
        (Kind::String, Token::Boolean(b)) => {
            Refused(format!("{} cannot be converted to String", truth(b)))
        }
        (Kind::String, Token::Integer) => refused("NUMBER_VALUE cannot be converted to String"),
        (Kind::String, Token::Decimal) => refused("DECIMAL_VALUE cannot be converted to String"),
        (Kind::Boolean, Token::Boolean(_)) => Fits,
        (Kind::Boolean, Token::String(text)) => match lenient_boolean(text) {
            Some(_) => Converted,
            None => refused("Unexpected token received from parser"),
        },
        (Kind::Boolean, Token::Integer) => refused("NUMBER_VALUE cannot be converted to Boolean"),
        (Kind::Boolean, Token::Decimal) => refused("DECIMAL_VALUE cannot be converted to Boolean"),
        (Kind::Integer | Kind::Long, Token::Integer) => Fits,
        (Kind::Integer | Kind::Long, Token::Decimal) => Converted,
        (Kind::Integer | Kind::Long, Token::Boolean(b)) => Refused(format!(
            "{} cannot be converted to {}",
            truth(b),
            number_name(kind)
        )),
        (Kind::Integer | Kind::Long, Token::String(_)) => Refused(format!(
            "STRING_VALUE cannot be converted to {}",
            number_name(kind)
        )),
        (Kind::Blob, Token::String(text)) => match base64_problem(text) {
            Some(problem) => Refused(problem),
            None => Fits,
        },
        (Kind::Blob, Token::Boolean(_) | Token::Integer | Token::Decimal) => {
            refused("only base-64-encoded strings are convertible to bytes")
        }
        (Kind::List(_), Token::Array) => Fits,
        (Kind::Map(_), Token::Array) => Refused(format!(
            "Unrecognized collection type {}",
            java_type(expected)
        )),
        (Kind::Structure(_), Token::Array) => collection(expected),
        (Kind::Map(_) | Kind::Structure(_), Token::Object) => Fits,
        (Kind::List(_) | Kind::Map(_), _) => match place {
            Place::Member => refused("Unexpected field type"),
            Place::Element => refused(CAST_FAILURE),
        },
        (Kind::Structure(_), _) => match place {
            Place::Member => refused("Unexpected field type"),
            Place::Element => refused("Unexpected value type in payload"),
        },
        (_, Token::Array) => collection(expected),
        (_, Token::Object) => refused(START_OF_STRUCTURE),
    }
}

fn truth(value: bool) -> &'static str {
    match value {
        true => "TRUE_VALUE",
        false => "FALSE_VALUE",
    }
}

fn number_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Integer => "Integer",
        _ => "Long",
    }
}

/// The strings DynamoDB reads as a Boolean.
fn lenient_boolean(text: &str) -> Option<bool> {
    match text.to_ascii_uppercase().as_str() {
        "TRUE" | "YES" | "1" => Some(true),
        "FALSE" | "NO" | "0" => Some(false),
        _ => None,
    }
}

/// Why `text` is not a blob DynamoDB reads, if it is not.
fn base64_problem(text: &str) -> Option<String> {
    if !text.len().is_multiple_of(4) {
        return Some(format!(
            "Base64 encoded length is expected a multiple of 4 bytes but found: {}",
            text.len()
        ));
    }
    match BASE64.decode(text) {
        Ok(_) => None,
        Err(_) => Some("Invalid last non-pad Base64 character dectected".to_string()),
    }
}

/// The streaming check of one value against one shape.
struct Walk<'f> {
    shape: ShapeId,
    place: Place,
    findings: &'f RefCell<Findings>,
}

impl Walk<'_> {
    fn at(&self, shape: ShapeId, place: Place) -> Self {
        Walk {
            shape,
            place,
            findings: self.findings,
        }
    }

    /// Records the verdict on a scalar; a refusal stops the walk.
    fn scalar<E: de::Error>(&self, token: Token<'_>) -> std::result::Result<(), E> {
        match judge(self.shape, self.place, token) {
            Verdict::Fits => Ok(()),
            Verdict::Converted => {
                self.findings.borrow_mut().converted = true;
                Ok(())
            }
            Verdict::Refused(message) => {
                self.findings.borrow_mut().refusal = Some(message);
                Err(E::custom("refused"))
            }
        }
    }
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> std::result::Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value of the request's shape")
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> std::result::Result<(), E> {
        self.scalar(Token::Boolean(value))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> std::result::Result<(), E> {
        self.scalar(Token::Integer)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> std::result::Result<(), E> {
        self.scalar(Token::Integer)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> std::result::Result<(), E> {
        self.scalar(Token::Decimal)
    }

    fn visit_str<E: de::Error>(self, value: &str) -> std::result::Result<(), E> {
        self.scalar(Token::String(value))
    }

    /// `null` is an absent member, wherever it is.
    fn visit_unit<E: de::Error>(self) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        self.scalar::<A::Error>(Token::Array)?;
        let Kind::List(member) = shape(self.shape).kind else {
            return Ok(());
        };
        while seq
            .next_element_seed(self.at(member, Place::Element))?
            .is_some()
        {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        self.scalar::<A::Error>(Token::Object)?;
        match shape(self.shape).kind {
            Kind::Map(value) => {
                while map.next_key::<IgnoredAny>()?.is_some() {
                    map.next_value_seed(self.at(value, Place::Element))?;
                }
            }
            Kind::Structure(members) => {
                while let Some(name) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    match members.iter().find(|(member, _)| *member == name) {
                        Some(&(_, id)) => map.next_value_seed(self.at(id, Place::Member))?,
                        None => map.next_value::<IgnoredAny>().map(|_| ())?,
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Rewrites the values DynamoDB converts: Booleans written as strings, and
/// integers written with a fraction (read rounded down).
fn convert(json: &mut Json, id: ShapeId) {
    match (&shape(id).kind, json) {
        (Kind::Boolean, json @ Json::String(_)) => {
            if let Some(value) = json.as_str().and_then(lenient_boolean) {
                *json = Json::Bool(value);
            }
        }
        (Kind::Integer | Kind::Long, json @ Json::Number(_)) => {
            if let Some(value) = json.as_f64().filter(|_| !json.is_i64() && !json.is_u64()) {
                *json = Json::from(value.floor() as i64);
            }
        }
        (Kind::List(member), Json::Array(items)) => {
            items.iter_mut().for_each(|item| convert(item, *member));
        }
        (Kind::Map(value), Json::Object(entries)) => {
            entries
                .values_mut()
                .for_each(|entry| convert(entry, *value));
        }
        (Kind::Structure(members), Json::Object(entries)) => {
            for (name, value) in entries.iter_mut() {
                if let Some(&(_, id)) = members.iter().find(|(member, _)| member == name) {
                    convert(value, id);
                }
            }
        }
        _ => {}
    }
}
