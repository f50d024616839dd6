//! Items in DynamoDB JSON: put in key order, so that every export of the
//! same table reads the same, and checked to be DynamoDB JSON when read.

use std::cmp::Ordering;

use engine::types::number::Number;
use serde_json::Value as Json;

use crate::model::{Item, Table};
use crate::refusal::{Refusal, refuse};

/// A table's key, to tell items apart by: each key attribute with its type.
pub struct TableKey {
    table: String,
    attributes: Vec<(String, String)>,
}

impl TableKey {
    /// The key of `table`.
    pub fn of(table: &Table) -> TableKey {
        TableKey {
            table: table.name.clone(),
            attributes: table
                .key
                .elements()
                .map(|(name, _)| {
                    (
                        name.to_string(),
                        table.attribute_type(name).unwrap_or("S").to_string(),
                    )
                })
                .collect(),
        }
    }

    /// The item's key as text that two items share only when their keys
    /// are equal; an item without a key attribute, or with one of another
    /// type, is refused by `place`.
    pub fn identity(&self, item: &Item, place: &str) -> Result<String, Refusal> {
        let mut identity = String::new();
        for (name, key_type) in &self.attributes {
            match item.get(name).and_then(tagged) {
                Some((tag, value)) if tag == key_type => {
                    identity.push_str(&value.to_string());
                    identity.push('\u{0}');
                }
                Some((tag, _)) => {
                    return refuse(format!(
                        "{place}: key attribute {name} is of type {tag}; the table's is {key_type}"
                    ));
                }
                None => {
                    return refuse(format!(
                        "{place}: the item has no {name}, a key attribute of the table {}",
                        self.table
                    ));
                }
            }
        }
        Ok(identity)
    }
}

/// The type tags an attribute value may carry.
pub const TYPE_TAGS: [&str; 10] = ["S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"];

/// Sorts `items` by the table's key: partition key, then sort key, each
/// compared as DynamoDB compares values of its type (numbers by value,
/// text and binary by their bytes).
pub fn sort_by_key(table: &Table, items: &mut [Item]) {
    let partition = table.key.partition().to_string();
    let sort = table.key.sort().map(str::to_string);
    items.sort_by(|a, b| {
        compare_attribute(a.get(&partition), b.get(&partition)).then_with(|| match &sort {
            Some(sort) => compare_attribute(a.get(sort), b.get(sort)),
            None => Ordering::Equal,
        })
    });
}

fn compare_attribute(a: Option<&Json>, b: Option<&Json>) -> Ordering {
    match (a.and_then(tagged), b.and_then(tagged)) {
        (Some(("N", Json::String(x))), Some(("N", Json::String(y)))) => {
            match (Number::parse(x), Number::parse(y)) {
                (Ok(x), Ok(y)) => x.cmp(&y),
                _ => x.cmp(y),
            }
        }
        (Some((tx, x)), Some((ty, y))) => {
            tx.cmp(ty).then_with(|| x.to_string().cmp(&y.to_string()))
        }
        (a, b) => a.is_some().cmp(&b.is_some()),
    }
}

/// The type tag and the value of an attribute value (`{"S": "x"}`).
pub fn tagged(value: &Json) -> Option<(&str, &Json)> {
    let object = value.as_object()?;
    if object.len() != 1 {
        return None;
    }
    object.iter().next().map(|(tag, v)| (tag.as_str(), v))
}

/// Checks that `value` is an item in DynamoDB JSON — an object whose
/// every attribute holds one type tag and a value of that tag's shape —
/// and returns it. `place` names it in a refusal (`line 4`).
pub fn read_item(value: Json, place: &str) -> Result<Item, Refusal> {
    let Json::Object(item) = value else {
        return refuse(format!(
            "{place}: an item should be an object of attributes"
        ));
    };
    for (name, value) in &item {
        check_value(value).map_err(|why| Refusal(format!("{place}: attribute {name}: {why}")))?;
    }
    Ok(item)
}

fn check_value(value: &Json) -> Result<(), String> {
    let Some((tag, inner)) = tagged(value) else {
        return Err(format!(
            "{value} is not a value in DynamoDB JSON, which is one type and its value, as in {{\"S\": \"text\"}}"
        ));
    };
    let fits = match tag {
        "S" | "N" | "B" => inner.is_string(),
        "BOOL" | "NULL" => inner.is_boolean(),
        "SS" | "NS" | "BS" => inner
            .as_array()
            .is_some_and(|v| v.iter().all(Json::is_string)),
        "M" => match inner.as_object() {
            Some(map) => return map.values().try_for_each(check_value),
            None => false,
        },
        "L" => match inner.as_array() {
            Some(list) => return list.iter().try_for_each(check_value),
            None => false,
        },
        other => {
            return Err(format!(
                "{other} is not a type; the types are {}",
                TYPE_TAGS.join(", ")
            ));
        }
    };
    if fits {
        Ok(())
    } else {
        Err(format!("{inner} is not a value of type {tag}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Attribute, KeySchema};
    use serde_json::json;

    fn item(value: Json) -> Item {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn numbers_sort_by_value_and_text_by_bytes() {
        let table = Table {
            name: "t".into(),
            attributes: vec![Attribute {
                name: "p".into(),
                attribute_type: "S".into(),
            }],
            key: KeySchema::simple("p", Some("n")),
            ..Table::default()
        };
        let mut items = vec![
            item(json!({"p": {"S": "b"}, "n": {"N": "10"}})),
            item(json!({"p": {"S": "a"}, "n": {"N": "9"}})),
            item(json!({"p": {"S": "b"}, "n": {"N": "-2.5"}})),
            item(json!({"p": {"S": "B"}, "n": {"N": "1"}})),
        ];
        sort_by_key(&table, &mut items);
        let keys: Vec<String> = items
            .iter()
            .map(|i| {
                format!(
                    "{}/{}",
                    i["p"]["S"].as_str().unwrap(),
                    i["n"]["N"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(keys, ["B/1", "a/9", "b/-2.5", "b/10"]);
    }

    #[test]
    fn an_item_not_in_dynamodb_json_is_refused_with_its_attribute() {
        let refusal = read_item(json!({"pk": "plain text"}), "line 3").unwrap_err();
        assert_eq!(
            refusal.0,
            "line 3: attribute pk: \"plain text\" is not a value in DynamoDB JSON, which is one type and its value, as in {\"S\": \"text\"}"
        );
        let refusal = read_item(json!({"m": {"M": {"x": {"Q": "1"}}}}), "line 1").unwrap_err();
        assert_eq!(
            refusal.0,
            "line 1: attribute m: Q is not a type; the types are S, N, B, BOOL, NULL, M, L, SS, NS, BS"
        );
    }
}
