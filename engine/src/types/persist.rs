//! Values as a snapshot keeps them (the `persist` feature): the derived
//! encodings of [`Value`] and its parts, and the three that need a rule.
//! Nothing read back is trusted: a map's names are sorted again, a number
//! is parsed as a request's would be, and nesting stops at DynamoDB's
//! limit, so a damaged value can neither break an invariant nor exhaust
//! the stack.

use std::fmt;

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Map, Number, Text, Value};
use crate::limits::MAX_NESTING;

/// A map is kept as its entries, in name order; read back, they are
/// sorted again (of two with one name, the later wins).
impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        let _level = Nesting::enter::<D::Error>()?;
        let mut entries = Vec::<(Text, Value)>::deserialize(deserializer)?;
        Ok(Map::from_buffer(&mut entries))
    }
}

/// A number is kept as DynamoDB writes it, and read back through
/// [`Number::parse`], so a kept number meets every rule a request's does.
impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        struct Digits;
        impl Visitor<'_> for Digits {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number as text")
            }
            fn visit_str<E: Error>(self, text: &str) -> Result<Number, E> {
                Number::parse(text).map_err(E::custom)
            }
        }
        deserializer.deserialize_str(Digits)
    }
}

thread_local! {
    /// How deep the values being read on this thread nest.
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One level of nesting, while a map or list is read.
struct Nesting;

impl Nesting {
    /// One level deeper until the guard is dropped; an error past the
    /// limit: the item itself and 32 levels of maps and lists in it.
    fn enter<E: Error>() -> Result<Nesting, E> {
        let depth = NESTING.with(|n| n.get()) + 1;
        if depth > MAX_NESTING + 1 {
            return Err(E::custom(format_args!(
                "a value nests more than {MAX_NESTING} levels"
            )));
        }
        NESTING.with(|n| n.set(depth));
        Ok(Nesting)
    }
}

impl Drop for Nesting {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(n.get() - 1));
    }
}

/// A list's members, one level deeper.
pub(super) fn nested_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Value>, D::Error> {
    let _level = Nesting::enter::<D::Error>()?;
    Vec::deserialize(deserializer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> Map {
        let mut value = Value::s("bottom");
        for _ in 0..levels {
            value = Value::L(vec![value]);
        }
        [(Text::from("a"), value)].into_iter().collect()
    }

    #[test]
    fn values_read_back_as_written_and_no_deeper_than_dynamodb_allows() {
        let item: Map = [
            (
                Text::from("n"),
                Value::N(Number::parse("-12.50e3").unwrap()),
            ),
            (Text::from("b"), Value::B(vec![0, 1, 255])),
            (Text::from("m"), Value::M(nested(3))),
            (
                Text::from("ns"),
                Value::NS(vec![Number::parse("1").unwrap()]),
            ),
        ]
        .into_iter()
        .collect();
        let bytes = serde_json::to_vec(&item).unwrap();
        let back: Map = serde_json::from_slice(&bytes).unwrap();
        assert!(back == item);
        assert_eq!(
            String::from_utf8(serde_json::to_vec(&back.get("n")).unwrap()).unwrap(),
            r#"{"N":"-12500"}"#
        );

        // The item and 32 lists: as deep as DynamoDB lets maps and lists go.
        let deepest = serde_json::to_vec(&nested(MAX_NESTING)).unwrap();
        assert!(serde_json::from_slice::<Map>(&deepest).is_ok());
        let too_deep = serde_json::to_vec(&nested(MAX_NESTING + 1)).unwrap();
        let refused = serde_json::from_slice::<Map>(&too_deep).unwrap_err();
        assert!(
            refused
                .to_string()
                .starts_with("a value nests more than 32 levels"),
            "{refused}"
        );
        assert_eq!(NESTING.with(|n| n.get()), 0);
    }

    #[test]
    fn a_number_that_breaks_dynamodbs_rules_is_refused() {
        let refused = serde_json::from_str::<Number>(r#""1e200""#).unwrap_err();
        assert!(!refused.to_string().is_empty());
        assert!(serde_json::from_str::<Number>(r#""not a number""#).is_err());
    }
}
