//! Requests written and answers read by the model, as botocore writes and
//! reads them for the aws CLI.
//!
//! A request's members go out as given; blobs go as base64 of their
//! bytes. An answer's structures come back in the model's member order
//! with absent and `null` members left out and members the model does not
//! know dropped, maps in the order they came, blobs as the base64 text
//! that came (the CLI v2 does not decode them), and timestamps as ISO 8601
//! in UTC (`cli_timestamp_format = iso8601`).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use crate::model::{Model, Shape, ShapeId};
use crate::python::{Dict, Value};

/// How blob parameters are given (`--cli-binary-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BinaryFormat {
    /// `base64` (v2's default): a blob is written as base64 text.
    #[default]
    Base64,
    /// `raw-in-base64-out` (v1's way): a blob is its text's bytes.
    RawInBase64Out,
}

/// Why a blob parameter was refused: `Invalid base64: "abc"` (the CLI stops
/// with status 255).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidBase64(pub String);

/// The request body: the parameters as DynamoDB's JSON, blobs as base64 of
/// their bytes.
pub fn request_body(
    params: &Value,
    shape: ShapeId,
    model: &Model,
    binary: BinaryFormat,
) -> Result<String, InvalidBase64> {
    let wire = to_wire(params, shape, model, binary, 0)?;
    Ok(crate::python::json::dumps(&wire))
}

fn to_wire(
    value: &Value,
    shape: ShapeId,
    model: &Model,
    binary: BinaryFormat,
    depth: usize,
) -> Result<Value, InvalidBase64> {
    if depth > crate::limits::MAX_JSON_DEPTH {
        return Ok(value.clone());
    }
    Ok(match (model.shape(shape), value) {
        (Shape::Structure { .. }, Value::Dict(dict)) => {
            let mut out = Dict::new();
            for (key, member_value) in dict.iter() {
                match model.member(shape, key) {
                    Some(member) => out.insert(
                        key.clone(),
                        to_wire(member_value, member, model, binary, depth + 1)?,
                    ),
                    None => out.insert(key.clone(), member_value.clone()),
                }
            }
            Value::Dict(out)
        }
        (Shape::Map { value: member, .. }, Value::Dict(dict)) => {
            let mut out = Dict::new();
            for (key, member_value) in dict.iter() {
                out.insert(
                    key.clone(),
                    to_wire(member_value, *member, model, binary, depth + 1)?,
                );
            }
            Value::Dict(out)
        }
        (Shape::List { member, .. }, Value::List(items)) => Value::List(
            items
                .iter()
                .map(|item| to_wire(item, *member, model, binary, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        (Shape::Blob, Value::Str(text)) => Value::Str(match binary {
            BinaryFormat::Base64 => STANDARD.encode(decode_base64(text)?),
            BinaryFormat::RawInBase64Out => STANDARD.encode(text.as_bytes()),
        }),
        (Shape::Double, Value::Int(int)) => Value::Float(*int as f64),
        _ => value.clone(),
    })
}

/// `base64.b64decode(text)` as the CLI calls it (`binascii.a2b_base64`,
/// not strict): characters outside the alphabet are skipped, a run of `=`
/// that completes a group ends the input, and a group left unfinished is
/// refused.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, InvalidBase64> {
    let refused = || InvalidBase64(format!("Invalid base64: \"{text}\""));
    if !text.is_ascii() {
        return Err(refused());
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut quad, mut pads, mut left) = (0u8, 0u8, 0u32);
    for byte in text.bytes() {
        if byte == b'=' {
            if quad >= 2 {
                pads += 1;
                if quad + pads >= 4 {
                    return Ok(out);
                }
            }
            continue;
        }
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => continue,
        } as u32;
        pads = 0;
        match quad {
            0 => left = value,
            1 => {
                out.push(((left << 2) | (value >> 4)) as u8);
                left = value & 0x0f;
            }
            2 => {
                out.push(((left << 4) | (value >> 2)) as u8);
                left = value & 0x03;
            }
            _ => out.push(((left << 6) | value) as u8),
        }
        quad = (quad + 1) % 4;
    }
    if quad != 0 {
        return Err(refused());
    }
    Ok(out)
}

/// An answer's body read by its output shape.
pub fn read_answer(body: &Value, shape: Option<ShapeId>, model: &Model) -> Value {
    match shape {
        Some(shape) => read(body, shape, model, 0),
        None => Value::Dict(Dict::new()),
    }
}

fn read(value: &Value, shape: ShapeId, model: &Model, depth: usize) -> Value {
    if depth > crate::limits::MAX_JSON_DEPTH {
        return Value::None;
    }
    match (model.shape(shape), value) {
        (Shape::Structure { members, .. }, Value::Dict(dict)) => {
            let mut out = Dict::new();
            for (name, member) in members {
                if let Some(raw) = dict.get(name)
                    && *raw != Value::None
                {
                    out.insert(name.clone(), read(raw, *member, model, depth + 1));
                }
            }
            Value::Dict(out)
        }
        (Shape::Map { value: member, .. }, Value::Dict(dict)) => {
            let mut out = Dict::new();
            for (key, raw) in dict.iter() {
                out.insert(key.clone(), read(raw, *member, model, depth + 1));
            }
            Value::Dict(out)
        }
        (Shape::List { member, .. }, Value::List(items)) => Value::List(
            items
                .iter()
                .map(|item| read(item, *member, model, depth + 1))
                .collect(),
        ),
        (Shape::Timestamp, Value::Int(seconds)) => Value::Str(iso_8601(*seconds as f64)),
        (Shape::Timestamp, Value::Float(seconds)) => Value::Str(iso_8601(*seconds)),
        (_, Value::Dict(dict)) => {
            Value::Dict(Dict::from_entries(dict.clone().into_entries(), false))
        }
        _ => value.clone(),
    }
}

/// Epoch seconds as Python's `datetime.fromtimestamp(s, tz).isoformat()`
/// in UTC: `2026-12-03T13:36:58.078000+00:00`, the fraction (rounded half
/// to even to the microsecond) left out when it is zero.
pub fn iso_8601(seconds: f64) -> String {
    let whole = seconds.floor();
    let mut micros = ((seconds - whole) * 1e6).round_ties_even() as i64;
    let mut whole = whole as i64;
    if micros >= 1_000_000 {
        whole += 1;
        micros -= 1_000_000;
    }
    let at = time::OffsetDateTime::from_unix_timestamp(whole)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let fraction = if micros == 0 {
        String::new()
    } else {
        format!(".{micros:06}")
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{fraction}+00:00",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::model;
    use crate::python::json::{dumps, loads};

    #[test]
    fn timestamps_read_as_python_writes_them_in_utc() {
        assert_eq!(iso_8601(1796305018.078), "2026-12-03T13:36:58.078000+00:00");
        assert_eq!(iso_8601(1796305018.0), "2026-12-03T13:36:58+00:00");
        assert_eq!(iso_8601(0.5), "1970-01-01T00:00:00.500000+00:00");
    }

    #[test]
    fn an_answer_comes_back_in_the_models_order_without_unknown_members() {
        let model = model();
        let query = model.by_name("Query").unwrap();
        let body = loads(r#"{"ScannedCount": 2, "Unknown": 1, "Count": 1, "LastEvaluatedKey": null, "Items": [{"b": {"S": "x"}, "a": {"N": "1"}}]}"#).unwrap();
        assert_eq!(
            dumps(&read_answer(&body, query.output, model)),
            r#"{"Items": [{"b": {"S": "x"}, "a": {"N": "1"}}], "Count": 1, "ScannedCount": 2}"#
        );
    }

    #[test]
    fn a_blob_goes_out_as_base64_of_its_bytes_in_either_binary_format() {
        let model = model();
        let put = model.by_name("PutItem").unwrap();
        let params = loads(r#"{"TableName": "t", "Item": {"b": {"B": "aGVs bG8="}}}"#).unwrap();
        assert_eq!(
            request_body(&params, put.input, model, BinaryFormat::Base64).unwrap(),
            r#"{"TableName": "t", "Item": {"b": {"B": "aGVsbG8="}}}"#
        );
        assert_eq!(
            request_body(&params, put.input, model, BinaryFormat::RawInBase64Out).unwrap(),
            r#"{"TableName": "t", "Item": {"b": {"B": "YUdWcyBiRzg9"}}}"#
        );
        let bad = loads(r#"{"TableName": "t", "Item": {"b": {"B": "abc"}}}"#).unwrap();
        assert_eq!(
            request_body(&bad, put.input, model, BinaryFormat::Base64)
                .unwrap_err()
                .0,
            "Invalid base64: \"abc\""
        );
    }
}
