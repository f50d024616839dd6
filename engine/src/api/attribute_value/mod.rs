//! AttributeValue on the wire ⇄ [`Value`].
//!
//! Decoding checks everything DynamoDB checks about a value: exactly one
//! type key, numbers as strings within range, valid base64, non-empty sets
//! without duplicates, `NULL` only `true`, and at most 32 levels of nesting
//! (a top-level attribute is level 1).
//!
//! An item or key a request carries whole is kept as its JSON text
//! ([`RawItem`]) and decoded from it by [`decode_raw_item`]: straight from
//! the text when it is written the common way (the `direct` module),
//! through a JSON tree, with DynamoDB's refusals, otherwise (and always in
//! the page).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::Value as Json;
use serde_json::value::RawValue;

use crate::error::{Error, Result};
use crate::types::sets::has_duplicates as duplicates;
use crate::types::{Item, Map, Number, NumberError, Value};

pub use crate::limits::MAX_NESTING;

// The page decodes through the tree alone: the direct decoder would add
// 4 KB to its first download, and its items are a few at a time.
#[cfg(not(target_arch = "wasm32"))]
mod direct;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use direct::ItemSeed;

/// An item or a key as a request wrote it: its JSON text, not yet read.
pub type RawItem = Box<RawValue>;

fn serialization(message: impl Into<String>) -> Error {
    Error::Serialization(message.into())
}

/// A JSON token as DynamoDB's reader names it in its refusals.
fn json_kind(json: &Json) -> &'static str {
    match json {
        Json::Null => "NULL_VALUE",
        Json::Bool(true) => "TRUE_VALUE",
        Json::Bool(false) => "FALSE_VALUE",
        Json::Number(n) if n.is_f64() => "DECIMAL_VALUE",
        Json::Number(_) => "NUMBER_VALUE",
        Json::String(_) => "STRING_VALUE",
        Json::Array(_) => "START_ARRAY",
        Json::Object(_) => "START_OBJECT",
    }
}

/// DynamoDB's refusal of `json` where a value of Java type `class` belongs
/// (`String`, `Boolean`): the same words as the request check's
/// (`api/shapes`), for values decoded outside a request.
fn not_a(json: &Json, class: &str) -> Error {
    serialization(match json {
        Json::Array(_) => format!("Unrecognized collection type class java.lang.{class}"),
        Json::Object(_) => "Start of structure or map found where not expected".to_string(),
        Json::String(_) if class == "Boolean" => {
            "Unexpected token received from parser".to_string()
        }
        other => format!("{} cannot be converted to {class}", json_kind(other)),
    })
}

fn expect_string(json: &Json) -> Result<&str> {
    json.as_str().ok_or_else(|| not_a(json, "String"))
}

fn expect_array(json: &Json) -> Result<&Vec<Json>> {
    json.as_array().ok_or_else(|| match json {
        Json::Object(_) => serialization("Start of structure or map found where not expected"),
        _ => serialization("Unexpected field type"),
    })
}

fn decode_number(text: &str) -> Result<Number> {
    Number::parse(text).map_err(|e| match e {
        NumberError::NotNumeric if !text.is_empty() => Error::validation(format!("{e}: {text}")),
        e => Error::validation(e.to_string()),
    })
}

/// The numbers of a value (`N`, and `NS`'s members), read before anything
/// else about it is checked: DynamoDB refuses `{"S": "a", "N": "b"}` for its
/// number, not for its two types.
fn check_numbers(fields: &serde_json::Map<String, Json>) -> Result<()> {
    if let Some(Json::String(text)) = fields.get("N") {
        decode_number(text)?;
    }
    if let Some(Json::Array(members)) = fields.get("NS") {
        for text in members.iter().filter_map(Json::as_str) {
            decode_number(text)?;
        }
    }
    Ok(())
}

fn decode_binary(json: &Json) -> Result<Vec<u8>> {
    let text = expect_string(json)?;
    BASE64.decode(text).map_err(|_| {
        serialization(
            "Base64 encoded length is expected a multiple of 4 bytes but found: ".to_string()
                + &text.len().to_string(),
        )
    })
}

fn duplicate_error(rendered: &[String], suffix: &str) -> Error {
    Error::invalid_parameter(format!(
        "Input collection [{}]{suffix} contains duplicates.",
        rendered.join(", ")
    ))
}

/// Decodes one AttributeValue at nesting `level` (1 for a top-level attribute).
pub fn decode_value(json: &Json, level: usize) -> Result<Value> {
    let Json::Object(fields) = json else {
        return Err(serialization(match json {
            Json::Array(_) => {
                "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"
            }
            _ => "Unexpected value type in payload",
        }));
    };
    const TYPES: [&str; 10] = ["S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"];
    let mut present = fields
        .iter()
        .filter(|(k, v)| TYPES.contains(&k.as_str()) && !v.is_null());
    check_numbers(fields)?;
    let Some((tag, inner)) = present.next() else {
        return Err(Error::validation(
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        ));
    };
    if present.next().is_some() {
        return Err(Error::validation(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        ));
    }
    if level > MAX_NESTING {
        return Err(Error::validation(
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit",
        ));
    }
    Ok(match tag.as_str() {
        "S" => Value::S(expect_string(inner)?.into()),
        "N" => Value::N(decode_number(expect_string(inner)?)?),
        "B" => Value::B(decode_binary(inner)?),
        "BOOL" => Value::Bool(inner.as_bool().ok_or_else(|| not_a(inner, "Boolean"))?),
        "NULL" => match inner {
            Json::Bool(true) => Value::Null,
            Json::Bool(false) => {
                return Err(Error::invalid_parameter(
                    "Null attribute value types must have the value of true",
                ));
            }
            other => return Err(not_a(other, "Boolean")),
        },
        "M" => {
            let Json::Object(map) = inner else {
                return Err(serialization(match inner {
                    Json::Array(_) => {
                        "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"
                    }
                    _ => "Unexpected field type",
                }));
            };
            Value::M(
                map.iter()
                    .map(|(k, v)| Ok((k.as_str(), decode_value(v, level + 1)?)))
                    .collect::<Result<Map>>()?,
            )
        }
        "L" => Value::L(
            expect_array(inner)?
                .iter()
                .map(|v| decode_value(v, level + 1))
                .collect::<Result<_>>()?,
        ),
        "SS" => {
            let members = expect_array(inner)?
                .iter()
                .map(|m| expect_string(m).map(str::to_string))
                .collect::<Result<Vec<_>>>()?;
            if members.is_empty() {
                return Err(Error::invalid_parameter("An string set  may not be empty"));
            }
            if duplicates(&members) {
                return Err(duplicate_error(&members, ""));
            }
            Value::SS(members)
        }
        "NS" => {
            let texts = expect_array(inner)?
                .iter()
                .map(expect_string)
                .collect::<Result<Vec<_>>>()?;
            if texts.is_empty() {
                return Err(Error::invalid_parameter("An number set  may not be empty"));
            }
            let members = texts
                .iter()
                .map(|t| decode_number(t))
                .collect::<Result<Vec<_>>>()?;
            if duplicates(&members) {
                // A number set's members are not listed (dynalite's suite
                // and later captures agree).
                return Err(Error::invalid_parameter(
                    "Input collection contains duplicates.",
                ));
            }
            Value::NS(members)
        }
        _ => {
            let raw = expect_array(inner)?;
            if raw.is_empty() {
                return Err(Error::invalid_parameter("Binary sets should not be empty"));
            }
            let members = raw.iter().map(decode_binary).collect::<Result<Vec<_>>>()?;
            if duplicates(&members) {
                let rendered: Vec<String> = raw
                    .iter()
                    .map(|r| r.as_str().unwrap_or("").to_string())
                    .collect();
                return Err(duplicate_error(&rendered, "of type BS"));
            }
            Value::BS(members)
        }
    })
}

/// Decodes a map of attribute name → AttributeValue (an item or a key).
pub fn decode_item(json: &Json) -> Result<Item> {
    let Json::Object(fields) = json else {
        return Err(serialization(match json {
            Json::Array(_) => {
                "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"
            }
            _ => "Unexpected field type",
        }));
    };
    fields
        .iter()
        .map(|(name, value)| Ok((name.clone(), decode_value(value, 1)?)))
        .collect()
}

/// Decodes an item or a key from its JSON text, as [`decode_item`] decodes
/// its tree: the same item, or the same refusal.
pub fn decode_raw_item(raw: &RawValue) -> Result<Item> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(item) = direct::item(raw.get()) {
        return Ok(item);
    }
    let json: Json =
        serde_json::from_str(raw.get()).map_err(|e| Error::Serialization(e.to_string()))?;
    decode_item(&json)
}

/// Serialises a value in DynamoDB's JSON without building a JSON tree.
pub struct WireValue<'a>(pub &'a Value);

impl Serialize for WireValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        match self.0 {
            Value::S(s) => map.serialize_entry("S", s.as_str())?,
            Value::N(n) => map.serialize_entry("N", &n.to_string())?,
            Value::B(b) => map.serialize_entry("B", &BASE64.encode(b))?,
            Value::Bool(b) => map.serialize_entry("BOOL", b)?,
            Value::Null => map.serialize_entry("NULL", &true)?,
            Value::M(m) => map.serialize_entry("M", &WireItem(m))?,
            Value::L(l) => map.serialize_entry("L", &WireList(l))?,
            Value::SS(s) => map.serialize_entry("SS", s)?,
            Value::NS(s) => {
                map.serialize_entry("NS", &s.iter().map(Number::to_string).collect::<Vec<_>>())?
            }
            Value::BS(s) => map.serialize_entry(
                "BS",
                &s.iter().map(|b| BASE64.encode(b)).collect::<Vec<_>>(),
            )?,
        }
        map.end()
    }
}

struct WireList<'a>(&'a [Value]);

impl Serialize for WireList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for value in self.0 {
            seq.serialize_element(&WireValue(value))?;
        }
        seq.end()
    }
}

/// Serialises an item (or map) in DynamoDB's JSON.
pub struct WireItem<'a>(pub &'a Map);

impl Serialize for WireItem<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name.as_str(), &WireValue(value))?;
        }
        map.end()
    }
}

/// An item as a JSON tree (for callers that want one).
pub fn encode_item(item: &Item) -> Json {
    serde_json::to_value(WireItem(item)).unwrap_or(Json::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(json: Json) -> String {
        decode_value(&json, 1).unwrap_err().to_string()
    }

    #[test]
    fn rejects_malformed_values_with_dynamodb_messages() {
        assert_eq!(
            message(json!({})),
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
        );
        assert_eq!(
            message(json!({"S": "a", "N": "1"})),
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
        );
        assert_eq!(
            message(json!({"NULL": false})),
            "One or more parameter values were invalid: Null attribute value types must have the value of true"
        );
        assert_eq!(
            message(json!({"SS": []})),
            "One or more parameter values were invalid: An string set  may not be empty"
        );
        assert_eq!(
            message(json!({"NS": []})),
            "One or more parameter values were invalid: An number set  may not be empty"
        );
        assert_eq!(
            message(json!({"BS": []})),
            "One or more parameter values were invalid: Binary sets should not be empty"
        );
        assert_eq!(
            message(json!({"SS": ["a", "a"]})),
            "One or more parameter values were invalid: Input collection [a, a] contains duplicates."
        );
        assert_eq!(
            message(json!({"N": "dog"})),
            "The parameter cannot be converted to a numeric value: dog"
        );
        assert_eq!(
            message(json!({"N": ""})),
            "The parameter cannot be converted to a numeric value"
        );
        assert_eq!(
            message(json!({"S": "a", "N": "b"})),
            "The parameter cannot be converted to a numeric value: b"
        );
        assert_eq!(
            message(json!({"N": 5})),
            "NUMBER_VALUE cannot be converted to String"
        );
    }

    #[test]
    fn number_sets_find_duplicates_after_normalising() {
        assert!(message(json!({"NS": ["1", "1.0"]})).contains("contains duplicates"));
    }

    #[test]
    fn nesting_is_limited_to_32_levels() {
        let mut value = json!({"S": "leaf"});
        for _ in 0..31 {
            value = json!({"L": [value]});
        }
        assert!(decode_value(&value, 1).is_ok());
        let deeper = json!({"L": [value]});
        assert!(message(deeper).starts_with("Nesting Levels have exceeded supported limits"));
    }

    #[test]
    fn round_trips_every_type() {
        let item = json!({
            "s": {"S": "x"}, "n": {"N": "0042.10"}, "b": {"B": "AQI="}, "t": {"BOOL": true},
            "z": {"NULL": true}, "m": {"M": {"k": {"S": "v"}}}, "l": {"L": [{"N": "1"}]},
            "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2"]}, "bs": {"BS": ["AQ=="]}
        });
        let decoded = decode_item(&item).unwrap();
        let mut expected = item.clone();
        expected["n"] = json!({"N": "42.1"});
        assert_eq!(encode_item(&decoded), expected);
    }
}
