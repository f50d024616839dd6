//! An item decoded straight from its JSON text, without a JSON tree.
//!
//! The decoder of the parent module reads a [`serde_json::Value`] tree,
//! which a request body is parsed into first: every string is copied
//! twice and every object becomes a map before one attribute is made.
//! For the writes that carry whole items (PutItem, BatchWriteItem's 25)
//! that tree was most of the request's handling. This decoder reads the
//! item's own text once, building the engine's values as it goes.
//!
//! It takes only the well-formed case: every value an object of exactly
//! one type key with a value of that type, numbers that parse, base64
//! that decodes, sets that are neither empty nor repeat a member, nesting
//! within DynamoDB's 32 levels. Anything else — an error, or something
//! DynamoDB accepts that is merely unusual, like a second type key set to
//! `null` — gives `None`, and the caller decodes the same text through the
//! tree, whose refusals carry DynamoDB's exact words
//! ([`super::decode_raw_item`]). So the two can only differ in speed; the
//! tests below hold them to that on any text.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::limits::MAX_NESTING;
use crate::types::sets::has_duplicates;
use crate::types::{Item, Map, Number, Text, Value};

/// The item `text` holds, when it is written the common way; `None`
/// when the tree decoder must look at it.
pub fn item(text: &str) -> Option<Item> {
    let mut reader = serde_json::Deserializer::from_str(text);
    let item = Attributes { level: 1 }.deserialize(&mut reader).ok()?;
    reader.end().ok()?;
    Some(item)
}

/// An item read in place, inside a larger body being read in one pass
/// (BatchWriteItem's): the same rules as [`item`], and any error means the
/// body is left to be read the usual way.
pub struct ItemSeed;

impl<'de> DeserializeSeed<'de> for ItemSeed {
    type Value = Item;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Item, D::Error> {
        Attributes { level: 1 }.deserialize(reader)
    }
}

/// Not the common case: the tree decoder decides. (Its words are never
/// shown; only that there was one matters.)
fn unusual<E: de::Error>() -> E {
    E::custom("left to the tree decoder")
}

/// A map of attribute names to values whose nesting level is `level`:
/// an item (level 1) or an `M` value.
struct Attributes {
    level: usize,
}

impl<'de> DeserializeSeed<'de> for Attributes {
    type Value = Map;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Map, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Attributes {
    type Value = Map;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of attribute values")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<Map, A::Error> {
        let mut entries: Vec<(Text, Value)> = Vec::with_capacity(members.size_hint().unwrap_or(8));
        while let Some(name) = members.next_key_seed(TextSeed)? {
            let value = members.next_value_seed(AttributeValue { level: self.level })?;
            entries.push((name, value));
        }
        // Of two members with one name the later counts, as in the tree.
        Ok(entries.into_iter().collect())
    }
}

/// One AttributeValue at nesting `level`: `{"S": "…"}`, `{"M": {…}}`, ….
struct AttributeValue {
    level: usize,
}

impl<'de> DeserializeSeed<'de> for AttributeValue {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Value, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for AttributeValue {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an attribute value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<Value, A::Error> {
        if self.level > MAX_NESTING {
            return Err(unusual());
        }
        let tag = fields.next_key_seed(TextSeed)?.ok_or_else(unusual)?;
        let inner = self.level + 1;
        let value = match tag.as_str() {
            "S" => Value::S(fields.next_value_seed(TextSeed)?),
            "N" => Value::N(number(&fields.next_value_seed(TextSeed)?)?),
            "B" => Value::B(binary(&fields.next_value_seed(TextSeed)?)?),
            "BOOL" => Value::Bool(fields.next_value()?),
            "NULL" => match fields.next_value()? {
                true => Value::Null,
                false => return Err(unusual()),
            },
            "M" => Value::M(fields.next_value_seed(Attributes { level: inner })?),
            "L" => Value::L(fields.next_value_seed(List { level: inner })?),
            "SS" => {
                let texts = fields.next_value_seed(Texts)?;
                Value::SS(a_set(texts.into_iter().map(String::from).collect())?)
            }
            "NS" => {
                let texts = fields.next_value_seed(Texts)?;
                Value::NS(a_set(
                    texts.iter().map(|t| number(t)).collect::<Result<_, _>>()?,
                )?)
            }
            "BS" => {
                let texts = fields.next_value_seed(Texts)?;
                Value::BS(a_set(
                    texts.iter().map(|t| binary(t)).collect::<Result<_, _>>()?,
                )?)
            }
            _ => return Err(unusual()),
        };
        // A second key, even a null one, is for the tree decoder to judge.
        match fields.next_key_seed(TextSeed)? {
            None => Ok(value),
            Some(_) => Err(unusual()),
        }
    }
}

fn number<E: de::Error>(text: &str) -> Result<Number, E> {
    Number::parse(text).map_err(|_| unusual())
}

fn binary<E: de::Error>(text: &str) -> Result<Vec<u8>, E> {
    BASE64.decode(text).map_err(|_| unusual())
}

/// A set's members, when they make a set DynamoDB takes.
fn a_set<T: Ord + std::hash::Hash, E: de::Error>(members: Vec<T>) -> Result<Vec<T>, E> {
    match members.is_empty() || has_duplicates(&members) {
        true => Err(unusual()),
        false => Ok(members),
    }
}

/// An `L` value's members at nesting `level`.
struct List {
    level: usize,
}

impl<'de> DeserializeSeed<'de> for List {
    type Value = Vec<Value>;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Vec<Value>, D::Error> {
        reader.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for List {
    type Value = Vec<Value>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of attribute values")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut members: A) -> Result<Vec<Value>, A::Error> {
        let mut values = Vec::with_capacity(members.size_hint().unwrap_or(4));
        while let Some(value) = members.next_element_seed(AttributeValue { level: self.level })? {
            values.push(value);
        }
        Ok(values)
    }
}

/// A set's members as written: strings.
struct Texts;

impl<'de> DeserializeSeed<'de> for Texts {
    type Value = Vec<Text>;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Vec<Text>, D::Error> {
        reader.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Texts {
    type Value = Vec<Text>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of strings")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut members: A) -> Result<Vec<Text>, A::Error> {
        let mut texts = Vec::with_capacity(members.size_hint().unwrap_or(4));
        while let Some(text) = members.next_element_seed(TextSeed)? {
            texts.push(text);
        }
        Ok(texts)
    }
}

/// A JSON string, straight into the engine's text (one copy, none when
/// it is short enough to sit inline).
struct TextSeed;

impl<'de> DeserializeSeed<'de> for TextSeed {
    type Value = Text;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Text, D::Error> {
        reader.deserialize_str(self)
    }
}

impl Visitor<'_> for TextSeed {
    type Value = Text;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, text: &str) -> Result<Text, E> {
        Ok(Text::new(text))
    }
}

#[cfg(test)]
#[path = "direct_tests.rs"]
mod tests;
