//! The first check every request body passes: is each member of the type
//! DynamoDB's service model declares for it?
//!
//! DynamoDB reads a body into its request classes before it validates
//! anything, so a member of the wrong JSON type fails the request with a
//! `SerializationException` — worded by the Java framework that reads it —
//! ahead of every other problem the request has, a missing `TableName`
//! included. This module walks the body once, in document order, against
//! the shapes of the service model the AWS SDKs are generated from
//! ([`model`], generated from botocore's copy; the test
//! `tests/tests/service_model.rs` keeps the two equal), and answers as
//! DynamoDB does:
//!
//! - a body that is not JSON at all: a `SerializationException` with no
//!   message;
//! - a string, number or boolean where another scalar is expected:
//!   `NUMBER_VALUE cannot be converted to String`, `TRUE_VALUE …`,
//!   `DECIMAL_VALUE …`, `STRING_VALUE cannot be converted to Long`, and
//!   `Unexpected token received from parser` for a Boolean written as a
//!   string that is not one of `true`, `false`, `yes`, `no`, `1`, `0`;
//! - a scalar where a list, a map or a structure is expected:
//!   `Unexpected field type` for a member of a structure, `Unexpected value
//!   type in payload` for a structure inside a list or a map, and a Java
//!   cast failure for a list or a map inside one;
//! - an array where something else is expected: `Unrecognized collection
//!   type class java.lang.String` (the expected Java type named), an object:
//!   `Start of structure or map found where not expected`;
//! - a binary value that is not base64: `Base64 encoded length is expected
//!   a multiple of 4 bytes but found: 5`, or `Invalid last non-pad Base64
//!   character dectected` (sic).
//!
//! The strings are those dynalite's test suite recorded against the
//! service. What the framework converts rather than refuses — a Boolean
//! written `"yes"` or `"0"`, an integer written `3.7` (read as 3) — is
//! converted: [`check`] then gives the body rewritten with the converted
//! values, for the request decoders to read.
//!
//! Members the model does not declare are ignored, as DynamoDB ignores
//! them. The walk is one pass over the body with the depth serde_json
//! bounds; nothing is allocated unless a value needs converting.

mod check;
#[rustfmt::skip]
mod model;

use crate::error::Result;

/// A shape's number in [`model::SHAPES`].
type ShapeId = u16;

/// One shape of the service model.
struct Shape {
    /// The model's name for it: the Java class DynamoDB reads it into.
    name: &'static str,
    kind: Kind,
}

/// What a shape is.
enum Kind {
    String,
    Boolean,
    Integer,
    Long,
    Blob,
    /// A list of the shape numbered.
    List(ShapeId),
    /// A map from strings to the shape numbered.
    Map(ShapeId),
    /// Named members and their shapes.
    Structure(&'static [(&'static str, ShapeId)]),
}

/// Checks `body` against the input shape of `operation` (its name in
/// DynamoDB's API). `Ok(None)`: the body is read as it is; `Ok(Some(b))`:
/// read `b`, the body with the values DynamoDB converts converted.
/// Operations the model does not describe pass unchecked.
pub fn check(operation: &str, body: &[u8]) -> Result<Option<Vec<u8>>> {
    let Some(&(_, input)) = model::OPERATIONS
        .iter()
        .find(|(name, _)| *name == operation)
    else {
        return Ok(None);
    };
    check::body(input, body)
}

fn shape(id: ShapeId) -> &'static Shape {
    &model::SHAPES[usize::from(id)]
}

/// The Java type DynamoDB reads a shape into, as its messages name it.
fn java_type(id: ShapeId) -> String {
    let shape = shape(id);
    match shape.kind {
        Kind::String => "java.lang.String".into(),
        Kind::Boolean => "java.lang.Boolean".into(),
        Kind::Integer => "java.lang.Integer".into(),
        Kind::Long => "java.lang.Long".into(),
        Kind::Blob => "java.nio.ByteBuffer".into(),
        Kind::List(member) => format!("java.util.List<{}>", java_type(member)),
        Kind::Map(value) => format!("java.util.Map<java.lang.String, {}>", java_type(value)),
        Kind::Structure(_) => format!("com.amazonaws.dynamodb.v20120810.{}", shape.name),
    }
}

/// A structure of a request: its place and its members' names.
#[cfg(test)]
pub(super) type Structure = (String, Vec<&'static str>);

/// Each operation's request structures as the model declares them: each
/// at its place in the request (written as `members_read` writes places)
/// with its members. An attribute value's structure is left out: values
/// are decoded apart, member by member.
#[cfg(test)]
pub(super) fn input_structures() -> Vec<(&'static str, Vec<Structure>)> {
    fn walk(id: ShapeId, at: String, out: &mut Vec<Structure>) {
        let shape = shape(id);
        if shape.name == "AttributeValue" {
            return;
        }
        match shape.kind {
            Kind::List(member) => walk(member, format!("{at}[]"), out),
            Kind::Map(value) => walk(value, inside(&at, "{}"), out),
            Kind::Structure(members) => {
                out.push((at.clone(), members.iter().map(|(name, _)| *name).collect()));
                for &(name, member) in members {
                    walk(member, inside(&at, name), out);
                }
            }
            _ => {}
        }
    }
    fn inside(at: &str, step: &str) -> String {
        if at.is_empty() {
            step.to_string()
        } else {
            format!("{at}.{step}")
        }
    }
    model::OPERATIONS
        .iter()
        .map(|&(operation, input)| {
            let mut out = Vec::new();
            walk(input, String::new(), &mut out);
            (operation, out)
        })
        .collect()
}
