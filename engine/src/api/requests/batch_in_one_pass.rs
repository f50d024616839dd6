//! BatchWriteItem read in one pass, natively, when it is written the
//! common way — the request a load sends over and over (25 items of about
//! a kilobyte, 25 KB a request).
//!
//! Read the usual way, a body is walked three times: against the service
//! model's shapes ([`crate::api::shapes`]), into the request's wire shapes
//! (each item kept as its text), and each item's text into the engine's
//! values. Here the body is read once, straight into the engine's request,
//! by readers that take only the plain case: a JSON object of
//! `RequestItems` (tables, each a list of `{"PutRequest": {"Item": …}}` or
//! `{"DeleteRequest": {"Key": …}}`), `ReturnConsumedCapacity` and
//! `ReturnItemCollectionMetrics`, each at most once, every value of the
//! type its shape declares, the enumerations' values among theirs, and
//! every item as the direct item reader takes it. Whatever else a body
//! holds — a member the model does not name, a value the shapes would
//! convert or refuse, a missing item, an item left to the tree decoder —
//! gives `None`, and the body is read the usual way, with the usual
//! answer. So the two readers can differ only in speed: the tests hold
//! them to the same request on any body this one takes.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{return_consumed_capacity, return_item_collection_metrics};
use crate::api::attribute_value::ItemSeed;
use crate::capacity::ReturnConsumedCapacity;
use crate::ops::{BatchWriteItemRequest, WriteRequest};

/// BatchWriteItem's request, when `body` is written the common way.
pub fn batch_write_item(
    body: &[u8],
) -> Option<(BatchWriteItemRequest, ReturnConsumedCapacity, bool)> {
    let text = std::str::from_utf8(body).ok()?;
    let mut reader = serde_json::Deserializer::from_str(text);
    let read = Body.deserialize(&mut reader).ok()?;
    reader.end().ok()?;
    let mode = return_consumed_capacity(read.return_consumed_capacity.as_deref()).ok()?;
    let metrics =
        return_item_collection_metrics(read.return_item_collection_metrics.as_deref()).ok()?;
    let request_items = read.request_items?.into_iter().collect();
    Some((BatchWriteItemRequest { request_items }, mode, metrics))
}

/// Not the plain case: the body is read the usual way. (The words are never shown.)
fn unusual<E: de::Error>() -> E {
    E::custom("read the usual way")
}

#[derive(Default)]
struct Read {
    request_items: Option<BTreeMap<String, Vec<WriteRequest>>>,
    return_consumed_capacity: Option<String>,
    return_item_collection_metrics: Option<String>,
}

/// The body: an object of the request's three members.
struct Body;

impl<'de> DeserializeSeed<'de> for Body {
    type Value = Read;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Read, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Body {
    type Value = Read;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a BatchWriteItem request")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<Read, A::Error> {
        let mut read = Read::default();
        while let Some(name) = members.next_key_seed(Name)? {
            let fresh = match name.as_str() {
                "RequestItems" => read
                    .request_items
                    .replace(members.next_value_seed(Tables)?)
                    .is_none(),
                "ReturnConsumedCapacity" => read
                    .return_consumed_capacity
                    .replace(members.next_value_seed(Name)?)
                    .is_none(),
                "ReturnItemCollectionMetrics" => read
                    .return_item_collection_metrics
                    .replace(members.next_value_seed(Name)?)
                    .is_none(),
                _ => false,
            };
            if !fresh {
                return Err(unusual());
            }
        }
        Ok(read)
    }
}

/// `RequestItems`: each table's writes, by table name (of two entries for
/// one table the later, as the usual reader keeps it).
struct Tables;

impl<'de> DeserializeSeed<'de> for Tables {
    type Value = BTreeMap<String, Vec<WriteRequest>>;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Self::Value, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Tables {
    type Value = BTreeMap<String, Vec<WriteRequest>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("tables' writes")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<Self::Value, A::Error> {
        let mut tables = BTreeMap::new();
        while let Some(table) = members.next_key_seed(Name)? {
            tables.insert(table, members.next_value_seed(Writes)?);
        }
        Ok(tables)
    }
}

/// One table's list of writes.
struct Writes;

impl<'de> DeserializeSeed<'de> for Writes {
    type Value = Vec<WriteRequest>;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Self::Value, D::Error> {
        reader.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Writes {
    type Value = Vec<WriteRequest>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of writes")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut list: A) -> Result<Self::Value, A::Error> {
        let mut writes = Vec::with_capacity(list.size_hint().unwrap_or(25));
        while let Some(write) = list.next_element_seed(Write)? {
            writes.push(write);
        }
        Ok(writes)
    }
}

/// One write: `{"PutRequest": {"Item": …}}` or `{"DeleteRequest": {"Key": …}}`.
struct Write;

impl<'de> DeserializeSeed<'de> for Write {
    type Value = WriteRequest;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<WriteRequest, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Write {
    type Value = WriteRequest;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a write request")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<WriteRequest, A::Error> {
        let kind = members.next_key_seed(Name)?.ok_or_else(unusual)?;
        let write = match kind.as_str() {
            "PutRequest" => WriteRequest::Put(members.next_value_seed(Holding("Item"))?),
            "DeleteRequest" => WriteRequest::Delete(members.next_value_seed(Holding("Key"))?),
            _ => return Err(unusual()),
        };
        match members.next_key_seed(Name)? {
            None => Ok(write),
            Some(_) => Err(unusual()),
        }
    }
}

/// An object of one member, named so, holding an item (or a key).
struct Holding(&'static str);

impl<'de> DeserializeSeed<'de> for Holding {
    type Value = crate::types::Item;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Self::Value, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Holding {
    type Value = crate::types::Item;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an object holding {}", self.0)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<Self::Value, A::Error> {
        match members.next_key_seed(Name)? {
            Some(name) if name == self.0 => {}
            _ => return Err(unusual()),
        }
        let item = members.next_value_seed(ItemSeed)?;
        match members.next_key::<IgnoredAny>()? {
            None => Ok(item),
            Some(_) => Err(unusual()),
        }
    }
}

/// A JSON string (a member's name, a table's, an enumeration's value).
struct Name;

impl<'de> DeserializeSeed<'de> for Name {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<String, D::Error> {
        reader.deserialize_str(self)
    }
}

impl Visitor<'_> for Name {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, text: &str) -> Result<String, E> {
        Ok(text.to_string())
    }
}

#[cfg(test)]
#[path = "batch_in_one_pass_tests.rs"]
mod tests;
