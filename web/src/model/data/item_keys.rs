//! An item's table key, the three ways the page needs it: as DynamoDB
//! JSON ([`key_of`]: what a request names the item by), and as one text
//! for sets of keys, read from an item in DynamoDB JSON ([`item_key`]) or
//! from a stored item ([`stored_item_key`]), the two giving the same text.

use serde_json::{Map, Value as Json};

use crate::model::design::chart::TableDesign;

/// The table key of an item (DynamoDB JSON), as DynamoDB JSON; `None` when
/// the item lacks a key attribute.
pub fn key_of(item: &Json, table: &TableDesign) -> Option<Json> {
    let mut key = Map::new();
    for attribute in std::iter::once(&table.partition_key).chain(table.sort_key.iter()) {
        key.insert(attribute.name.clone(), item.get(&attribute.name)?.clone());
    }
    Some(Json::Object(key))
}

/// An item's table key as one string (partition and sort key values).
pub fn item_key(item: &Json, table: &TableDesign) -> Option<String> {
    let text = |v: &Json| {
        v.as_object()
            .and_then(|o| o.values().next())
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
    };
    let pk = text(item.get(&table.partition_key.name)?)?;
    let sk = match &table.sort_key {
        Some(k) => text(item.get(&k.name)?)?,
        None => String::new(),
    };
    Some(format!("{pk}\u{1f}{sk}"))
}

/// An engine item's table key, in the form [`item_key`] gives — read from
/// its two key attributes alone (the data view asks it of every row).
pub fn stored_item_key(item: &engine::types::Item, table: &TableDesign) -> Option<String> {
    use engine::types::Value;
    let text = |name: &str| -> Option<String> {
        match item.get(name)? {
            Value::S(s) => Some(s.to_string()),
            Value::N(n) => Some(n.to_string()),
            // Binary keys, as their wire form (base64) reads.
            other => {
                let one: engine::types::Item = [(name, other.clone())].into_iter().collect();
                let json = engine::api::attribute_value::encode_item(&one);
                let value = json.get(name)?.as_object()?.values().next()?.clone();
                Some(
                    value
                        .as_str()
                        .map_or_else(|| value.to_string(), str::to_string),
                )
            }
        }
    };
    let pk = text(&table.partition_key.name)?;
    let sk = match &table.sort_key {
        Some(k) => text(&k.name)?,
        None => String::new(),
    };
    Some(format!("{pk}\u{1f}{sk}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_items_key_reads_as_its_wire_forms_key_does() {
        use engine::types::{Item, Number, Value};
        let mut table = crate::model::gallery::commerce::chart().table;
        for (pk, sk) in [
            (Value::s("CUST#c1"), Value::s("ORDER#2024")),
            (Value::s("a"), Value::N(Number::parse("-1.50").unwrap())),
            (Value::B(vec![0, 255, 7]), Value::s("b")),
        ] {
            let item: Item = [
                (table.partition_key.name.as_str(), pk),
                (table.sort_key.as_ref().unwrap().name.as_str(), sk),
                ("other", Value::s("x")),
            ]
            .into_iter()
            .collect();
            let wire = engine::api::attribute_value::encode_item(&item);
            assert_eq!(stored_item_key(&item, &table), item_key(&wire, &table));
            assert!(stored_item_key(&item, &table).is_some());
        }
        table.sort_key = None;
        let item: Item = [(table.partition_key.name.as_str(), Value::s("p"))]
            .into_iter()
            .collect();
        let wire = engine::api::attribute_value::encode_item(&item);
        assert_eq!(stored_item_key(&item, &table), item_key(&wire, &table));
    }
}
