//! One item, added or edited by hand: a form with a field per attribute of
//! an entity (its keys computed from the chart's templates), and the item
//! as DynamoDB JSON, which is what is put. Every failure says which field
//! or which line, and nothing is stored unless the whole item is.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use engine::types::{Item, Number, Value};
use serde_json::{Value as Json, json};

use crate::model::design::chart::{Chart, ENTITY_ATTRIBUTE, Entity, Generator};
use crate::model::design::generate::keyed_item;
use crate::model::format::spaced;
use crate::model::format::units;
use crate::model::gateway::run;

/// The DynamoDB type an attribute's form field is read as: the parent's
/// type for an attribute copied from the parent.
fn field_type(chart: &Chart, entity: &Entity, name: &str) -> &'static str {
    let own = entity.attributes.iter().find(|a| a.name == name);
    match own.map(|a| &a.generator) {
        Some(Generator::FromParent) => entity
            .parent
            .as_deref()
            .and_then(|p| chart.entity(p))
            .map_or("S", |parent| field_type(chart, parent, name)),
        Some(generator) => generator.value_type().unwrap_or("S"),
        None => "S",
    }
}

/// The item a filled-in form makes, as DynamoDB JSON: blank fields are
/// left out, number fields must hold numbers, keys come from the templates.
pub fn item_from_fields(
    chart: &Chart,
    entity: &str,
    fields: &[(String, String)],
) -> Result<Json, Failure> {
    let design = chart
        .entity(entity)
        .ok_or_else(|| Failure::refused(format!("There is no entity {entity} in the chart.")))?;
    let mut attributes: Vec<(engine::types::Text, Value)> = Vec::new();
    for (name, text) in fields.iter().filter(|(_, t)| !t.trim().is_empty()) {
        let value = match field_type(chart, design, name) {
            "N" => Value::N(Number::parse(text.trim()).map_err(|_| {
                Failure::refused(format!("{name}: \"{}\" is not a number.", text.trim()))
            })?),
            _ => Value::s(text.as_str()),
        };
        attributes.push((name.as_str().into(), value));
    }
    let attributes: Item = attributes.into_iter().collect();
    let item = keyed_item(chart, entity, &attributes)
        .map_err(|e| Failure::refused(format!("{}.", e.0)))?;
    Ok(engine::api::attribute_value::encode_item(&item))
}

/// The form's fields for an item: its entity (from `entityType`), and the
/// text of each of that entity's attributes.
pub fn fields_from_item(chart: &Chart, item: &Json) -> (Option<String>, Vec<(String, String)>) {
    let entity = item
        .get(ENTITY_ATTRIBUTE)
        .and_then(|v| v.get("S"))
        .and_then(Json::as_str)
        .and_then(|name| chart.entity(name));
    let Some(entity) = entity else {
        return (None, Vec::new());
    };
    let text = |value: &Json| match value.as_object().and_then(|o| o.iter().next()) {
        Some((_, Json::String(s))) => s.clone(),
        Some((_, other)) => other.to_string(),
        None => String::new(),
    };
    let fields = entity
        .attributes
        .iter()
        .map(|a| {
            (
                a.name.clone(),
                item.get(&a.name).map(text).unwrap_or_default(),
            )
        })
        .collect();
    (Some(entity.name.clone()), fields)
}

/// An item as DynamoDB JSON with one attribute per line, easy to edit.
pub fn item_text(item: &Json) -> String {
    match item.as_object() {
        Some(attributes) if !attributes.is_empty() => {
            let lines: Vec<String> = attributes
                .iter()
                .map(|(name, value)| format!("  {}: {}", Json::String(name.clone()), spaced(value)))
                .collect();
            format!("{{\n{}\n}}", lines.join(",\n"))
        }
        _ => item.to_string(),
    }
}

/// Reads DynamoDB JSON typed by hand, saying where it stops making sense.
fn parse_item(text: &str) -> Result<Json, Failure> {
    serde_json::from_str::<Json>(text).map_err(|e| {
        // serde_json says where: "… at line 2 column 5".
        Failure::refused(format!("The item is not valid JSON: {e}."))
            .at_json_error("Item", text, &e)
    })
}

/// What a write consumed, in words: "1 WCU on the table, 2 on GSI1".
fn consumed_text(response: &Json) -> String {
    let consumed = &response["ConsumedCapacity"];
    let mut parts = vec![format!(
        "{} WCU on the table",
        units(consumed["Table"]["CapacityUnits"].as_f64().unwrap_or(0.0))
    )];
    for field in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
        for (name, c) in consumed
            .get(field)
            .and_then(Json::as_object)
            .into_iter()
            .flatten()
        {
            parts.push(format!(
                "{} on {name}",
                units(c["CapacityUnits"].as_f64().unwrap_or(0.0))
            ));
        }
    }
    parts.join(", ")
}

/// Puts the item typed as DynamoDB JSON; what it cost, or DynamoDB's error.
pub fn put_item(engine: &mut Engine, table: &str, text: &str) -> Result<String, Failure> {
    let item = parse_item(text)?;
    let body = json!({"TableName": table, "Item": item, "ReturnValues": "ALL_OLD", "ReturnConsumedCapacity": "INDEXES"});
    let response = run(engine, Operation::PutItem, &body)?;
    let verb = if response.get("Attributes").is_some() {
        "Replaced the item"
    } else {
        "Added the item"
    };
    Ok(format!("{verb}: {}.", consumed_text(&response)))
}

/// Deletes the item whose table key the DynamoDB JSON holds.
pub fn delete_item(engine: &mut Engine, chart: &Chart, text: &str) -> Result<String, Failure> {
    let item = parse_item(text)?;
    let table = &chart.table;
    let mut key = serde_json::Map::new();
    for attribute in std::iter::once(&table.partition_key).chain(table.sort_key.iter()) {
        let value = item.get(&attribute.name).ok_or_else(|| {
            Failure::refused(format!(
                "The item has no {}, so there is no key to delete by.",
                attribute.name
            ))
        })?;
        key.insert(attribute.name.clone(), value.clone());
    }
    let body = json!({"TableName": table.name, "Key": key, "ReturnValues": "ALL_OLD", "ReturnConsumedCapacity": "INDEXES"});
    let response = run(engine, Operation::DeleteItem, &body)?;
    if response.get("Attributes").is_none() {
        return Ok(format!(
            "There was no such item: {}.",
            consumed_text(&response)
        ));
    }
    Ok(format!("Deleted the item: {}.", consumed_text(&response)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_form_becomes_an_item_with_its_keys_and_number_types() {
        let chart = crate::model::gallery::commerce::chart();
        let item = item_from_fields(
            &chart,
            "Order",
            &fields(&[
                ("customerId", "c9"),
                ("orderId", "o9"),
                ("orderDate", "2024-05-01"),
                ("orderStatus", "PENDING"),
                ("amount", "12.50"),
                ("openFlag", "OPEN"),
                ("deliveryNotes", "  "),
            ]),
        )
        .unwrap();
        assert_eq!(item["PK"], json!({"S": "CUST#c9"}));
        assert_eq!(item["SK"], json!({"S": "ORDER#2024-05-01#o9"}));
        assert_eq!(item["GSI2PK"], json!({"S": "OPEN"}));
        assert_eq!(item["amount"], json!({"N": "12.5"}));
        assert_eq!(item["entityType"], json!({"S": "Order"}));
        assert!(item.get("deliveryNotes").is_none());
        let (entity, back) = fields_from_item(&chart, &item);
        assert_eq!(entity.as_deref(), Some("Order"));
        assert!(back.contains(&("amount".to_string(), "12.5".to_string())));
    }

    #[test]
    fn a_form_says_which_field_is_wrong() {
        let chart = crate::model::gallery::commerce::chart();
        let bad_number = item_from_fields(
            &chart,
            "Product",
            &fields(&[("productId", "p1"), ("price", "cheap")]),
        );
        assert_eq!(
            bad_number,
            Err(Failure::refused("price: \"cheap\" is not a number."))
        );
        let no_key = item_from_fields(&chart, "Product", &fields(&[("price", "3")])).unwrap_err();
        assert!(
            no_key
                .to_string()
                .starts_with("Product: the PK template cannot be filled"),
            "{no_key}"
        );
    }

    #[test]
    fn put_and_delete_report_units_and_dynamodb_errors() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let item = r#"{"PK": {"S": "CUST#c900"}, "SK": {"S": "PROFILE"}, "entityType": {"S": "Customer"}}"#;
        assert_eq!(
            put_item(&mut engine, "commerce-main", item),
            Ok("Added the item: 1 WCU on the table.".into())
        );
        assert_eq!(
            put_item(&mut engine, "commerce-main", item),
            Ok("Replaced the item: 1 WCU on the table.".into())
        );
        assert_eq!(
            delete_item(&mut engine, &state.chart, item),
            Ok("Deleted the item: 1 WCU on the table.".into())
        );
        assert_eq!(
            put_item(&mut engine, "commerce-main", r#"{"SK": {"S": "X"}}"#)
                .unwrap_err()
                .to_string(),
            "ValidationException: One or more parameter values were invalid: Missing the key PK in the item"
        );
        let broken = put_item(
            &mut engine,
            "commerce-main",
            "{\"PK\": {\"S\": \"a\"},\n \"SK\": }",
        )
        .unwrap_err();
        assert!(
            broken.to_string().starts_with("The item is not valid JSON")
                && broken.to_string().contains("line 2"),
            "{broken}"
        );
    }
}
