//! Items pasted by the learner: plain JSON objects tagged with their entity
//! (keys come from the chart's templates) or DynamoDB JSON with explicit keys;
//! a JSON array, or one object per line. Everything is checked before
//! anything is stored: either every item goes in or none does, and a
//! problem is reported with the item and line it is on.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::attribute_value::{decode_item, encode_item};
use engine::key::primary_key_of;
use engine::ops::PutItemRequest;
use engine::types::{Item, MAX_ITEM_BYTES, Number, Value, item_size};
use serde_json::Value as Json;

use crate::model::design::chart::{Chart, ENTITY_ATTRIBUTE};
use crate::model::design::generate::keyed_item;

const TYPE_TAGS: [&str; 10] = ["S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"];

/// True when every attribute is written as a DynamoDB AttributeValue.
fn is_dynamodb_json(object: &serde_json::Map<String, Json>) -> bool {
    !object.is_empty()
        && object.values().all(|v| {
            v.as_object()
                .is_some_and(|o| o.len() == 1 && o.keys().all(|k| TYPE_TAGS.contains(&k.as_str())))
        })
}

fn plain_value(json: &Json) -> Result<Value, Failure> {
    Ok(match json {
        Json::String(s) => Value::s(s.as_str()),
        Json::Number(n) => {
            Value::N(Number::parse(&n.to_string()).map_err(|e| Failure::refused(e.to_string()))?)
        }
        Json::Bool(b) => Value::Bool(*b),
        Json::Null => Value::Null,
        Json::Array(items) => Value::L(items.iter().map(plain_value).collect::<Result<_, _>>()?),
        Json::Object(map) => Value::M(
            map.iter()
                .map(|(k, v)| Ok((k.as_str(), plain_value(v)?)))
                .collect::<Result<_, Failure>>()?,
        ),
    })
}

fn item_from(chart: &Chart, json: &Json) -> Result<Item, Failure> {
    let Json::Object(object) = json else {
        return Err(Failure::refused("each item must be a JSON object"));
    };
    if is_dynamodb_json(object) {
        return decode_item(json).map_err(|e| Failure::refused(e.to_string()));
    }
    let entity = object
        .get(ENTITY_ATTRIBUTE)
        .and_then(Json::as_str)
        .ok_or_else(|| Failure::refused(format!("a plain JSON item needs \"{ENTITY_ATTRIBUTE}\" (one of the chart's entities) so its keys can be computed; or write it in DynamoDB JSON with its keys")))?;
    let attributes: Item = object
        .iter()
        .filter(|(k, _)| k.as_str() != ENTITY_ATTRIBUTE)
        .map(|(k, v)| Ok((k.as_str(), plain_value(v)?)))
        .collect::<Result<_, Failure>>()?;
    keyed_item(chart, entity, &attributes).map_err(|e| Failure::refused(e.0))
}

/// Reads pasted text into items, naming the item (and line) of any problem.
pub fn parse_pasted(chart: &Chart, text: &str) -> Result<Vec<Item>, Failure> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(Failure::refused("Paste some items first."));
    }
    if trimmed.starts_with('[') {
        let values: Vec<Json> = serde_json::from_str(trimmed).map_err(|e| {
            Failure::refused(format!(
                "The JSON does not read: {e} (line {}, column {})",
                e.line(),
                e.column()
            ))
        })?;
        return values
            .iter()
            .enumerate()
            .map(|(i, v)| item_from(chart, v).map_err(|e| e.within(&format!("Item {}", i + 1))))
            .collect();
    }
    let mut items = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let json: Json = serde_json::from_str(line).map_err(|e| {
            Failure::refused(format!("Line {}: the JSON does not read: {e}", n + 1))
        })?;
        items.push(item_from(chart, &json).map_err(|e| {
            Failure::refused(format!("Item {} (line {}): {e}", items.len() + 1, n + 1))
        })?);
    }
    Ok(items)
}

/// Checks every item against the table, then stores them all; nothing is
/// stored when any item would be refused. Returns the stored items' table
/// keys (DynamoDB JSON).
pub fn add_items(engine: &mut Engine, table: &str, items: Vec<Item>) -> Result<Vec<Json>, Failure> {
    let stored = engine
        .table(table)
        .ok_or_else(|| Failure::refused(format!("There is no table {table}.")))?;
    for (i, item) in items.iter().enumerate() {
        primary_key_of(&stored.description.key_schema, item)
            .map_err(|e| Failure::refused(format!("Item {}: {e}", i + 1)))?;
        if item_size(item) > MAX_ITEM_BYTES {
            return Err(Failure::refused(format!(
                "Item {}: Item size has exceeded the maximum allowed size",
                i + 1
            )));
        }
        stored
            .check_index_keys(item)
            .map_err(|e| Failure::refused(format!("Item {}: {e}", i + 1)))?;
    }
    let names: Vec<String> = stored
        .description
        .key_schema
        .names()
        .map(str::to_string)
        .collect();
    let mut keys = Vec::with_capacity(items.len());
    for item in items {
        let encoded = encode_item(&item);
        keys.push(Json::Object(
            names
                .iter()
                .filter_map(|n| Some((n.clone(), encoded.get(n)?.clone())))
                .collect(),
        ));
        engine
            .put_item(PutItemRequest {
                table_name: table.to_string(),
                item,
                ..PutItemRequest::default()
            })
            .map_err(|e| Failure::refused(e.to_string()))?;
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;
    use crate::model::gallery::commerce;

    #[test]
    fn plain_items_get_their_keys_from_the_templates() {
        let chart = commerce::chart();
        let items = parse_pasted(
            &chart,
            r#"[{"entityType": "Customer", "customerId": "c999", "fullName": "Mary Shelley"}]"#,
        )
        .unwrap();
        assert_eq!(items[0].get("PK"), Some(&Value::s("CUST#c999")));
        assert_eq!(items[0].get("SK"), Some(&Value::s("PROFILE")));
    }

    #[test]
    fn dynamodb_json_lines_are_taken_as_they_are() {
        let chart = commerce::chart();
        let text = "{\"PK\": {\"S\": \"X#1\"}, \"SK\": {\"S\": \"A\"}}\n\n{\"PK\": {\"S\": \"X#1\"}, \"SK\": {\"S\": \"B\"}, \"n\": {\"N\": \"3\"}}";
        assert_eq!(parse_pasted(&chart, text).unwrap().len(), 2);
    }

    #[test]
    fn problems_name_the_item_and_line_and_nothing_half_loads() {
        let chart = commerce::chart();
        let bad = "{\"entityType\": \"Customer\", \"customerId\": \"c1000\"}\n{\"entityType\": \"Order\", \"orderId\": \"o1\"}";
        let message = parse_pasted(&chart, bad).unwrap_err();
        assert!(
            message
                .to_string()
                .starts_with("Item 2 (line 2): Order: the PK template cannot be filled"),
            "{message}"
        );
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let before = engine.table("commerce-main").unwrap().items.n_items();
        let items = parse_pasted(&chart, "[{\"PK\": {\"S\": \"X#1\"}, \"SK\": {\"S\": \"A\"}}, {\"PK\": {\"S\": \"X#2\"}, \"SK\": {\"N\": \"1\"}}]").unwrap();
        let refused = add_items(&mut engine, "commerce-main", items).unwrap_err();
        assert_eq!(
            refused,
            Failure::refused(
                "Item 2: One or more parameter values were invalid: Type mismatch for key SK expected: S actual: N"
            )
        );
        assert_eq!(
            engine.table("commerce-main").unwrap().items.n_items(),
            before
        );
    }
}
