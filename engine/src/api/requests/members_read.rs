//! Which request members the decoders read, for the test that holds them
//! to DynamoDB's service model (`api::members_tests`).
//!
//! Every decoder reads its body through [`super::parse_body`], which in
//! tests also hands the request type to [`note`]. `note` walks the type
//! with a deserializer that answers every question with an empty value
//! and, for each structure, writes down where it is in the request and
//! the members it asks for: the request's own, then those of the
//! structures inside it. A place is written as the service model's
//! members are named, a list's element as `[]` and a map's value as
//! `{}`: `RequestItems.{}.Keys`, `TransactItems[].Put`.

use std::cell::RefCell;

use serde::Deserialize;
use serde::de::value::{Error, StrDeserializer};
use serde::de::{DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor};

thread_local! {
    static READ: RefCell<Vec<(String, &'static [&'static str])>> = const { RefCell::new(Vec::new()) };
}

/// Writes down the structures `T` reads and their members.
pub(super) fn note<'de, T: Deserialize<'de>>() {
    let _ = T::deserialize(Walker(String::new()));
}

/// The structures written down since the last call, each at its place
/// with its members as the body names them; the first is the request's
/// own, at the empty place.
pub(crate) fn take() -> Vec<(String, &'static [&'static str])> {
    READ.with(|read| std::mem::take(&mut *read.borrow_mut()))
}

/// Answers each request for a value with an empty one of the kind asked;
/// it holds the value's place in the request.
struct Walker(String);

impl Walker {
    fn inside(&self, step: &str) -> Walker {
        match (self.0.is_empty(), step.starts_with('[')) {
            (true, _) | (false, true) => Walker(format!("{}{step}", self.0)),
            (false, false) => Walker(format!("{}.{step}", self.0)),
        }
    }
}

impl<'de> Deserializer<'de> for Walker {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_bool(false)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i64(0)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u64(0)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_f64(0.0)
    }
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str("")
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str("")
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(One(Some(self.inside("[]"))))
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_map(Members {
            at: self,
            names: vec![""],
            map: true,
        })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        READ.with(|read| read.borrow_mut().push((self.0.clone(), fields)));
        visitor.visit_map(Members {
            at: self,
            names: fields.iter().rev().copied().collect(),
            map: false,
        })
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i128 u8 u16 u32 u128 f32 char bytes byte_buf unit unit_struct
        newtype_struct tuple tuple_struct enum identifier ignored_any
    }
}

/// A list of one element.
struct One(Option<Walker>);

impl<'de> SeqAccess<'de> for One {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.0.take() {
            Some(element) => seed.deserialize(element).map(Some),
            None => Ok(None),
        }
    }
}

/// A map (of one value) or a structure with the named members, taken
/// from the back.
struct Members {
    at: Walker,
    names: Vec<&'static str>,
    map: bool,
}

impl<'de> MapAccess<'de> for Members {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(name) = self.names.last() else {
            return Ok(None);
        };
        let key: StrDeserializer<'_, Error> = (*name).into_deserializer();
        seed.deserialize(key).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let name = self.names.pop().unwrap_or_default();
        let step = if self.map { "{}" } else { name };
        seed.deserialize(self.at.inside(step))
    }
}
