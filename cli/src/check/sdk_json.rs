//! DynamoDB's JSON to the AWS SDK's types and back, for the requests a
//! check sends: the same request the engine answers is sent to the
//! endpoint member by member. A member this module does not carry over is
//! refused by name ([`Fields::finish`]), never dropped.

use std::collections::HashMap;

use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, Capacity, ConsumedCapacity};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde_json::{Map, Value as Json, json};

pub type Item = HashMap<String, AttributeValue>;

/// A request's members, taken one by one as they are carried over.
pub struct Fields {
    operation: &'static str,
    members: Map<String, Json>,
}

impl Fields {
    pub fn of(operation: &'static str, body: &Json) -> Fields {
        Fields {
            operation,
            members: body.as_object().cloned().unwrap_or_default(),
        }
    }

    pub fn take(&mut self, name: &str) -> Option<Json> {
        self.members.remove(name).filter(|v| !v.is_null())
    }

    pub fn string(&mut self, name: &str) -> Option<String> {
        self.take(name).and_then(|v| v.as_str().map(str::to_string))
    }

    pub fn boolean(&mut self, name: &str) -> Option<bool> {
        self.take(name).and_then(|v| v.as_bool())
    }

    pub fn int(&mut self, name: &str) -> Option<i32> {
        self.take(name)
            .and_then(|v| v.as_i64())
            .and_then(|v| i32::try_from(v).ok())
    }

    pub fn item(&mut self, name: &str) -> Result<Option<Item>, String> {
        self.take(name).map(|v| item(&v)).transpose()
    }

    pub fn names(&mut self) -> Option<HashMap<String, String>> {
        self.take("ExpressionAttributeNames").map(|v| {
            v.as_object()
                .map(|o| {
                    o.iter()
                        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                        .collect()
                })
                .unwrap_or_default()
        })
    }

    pub fn values(&mut self) -> Result<Option<Item>, String> {
        self.item("ExpressionAttributeValues")
    }

    /// Ends the carrying over: any member left is one the check cannot send.
    pub fn finish(self) -> Result<(), String> {
        match self.members.keys().next() {
            None => Ok(()),
            Some(name) => Err(format!(
                "{}'s {name} is not sent by ddbplay check",
                self.operation
            )),
        }
    }
}

/// An attribute value in DynamoDB JSON (`{"S": "x"}`) as the SDK's.
pub fn attribute_value(json: &Json) -> Result<AttributeValue, String> {
    let (tag, value) = json
        .as_object()
        .filter(|o| o.len() == 1)
        .and_then(|o| o.iter().next())
        .ok_or_else(|| format!("{json} is not an attribute value"))?;
    let text = || value.as_str().map(str::to_string).ok_or("a string");
    let texts = || -> Result<Vec<String>, String> {
        value
            .as_array()
            .ok_or("a list")?
            .iter()
            .map(|v| v.as_str().map(str::to_string).ok_or("a string".into()))
            .collect()
    };
    let blob = |v: &Json| -> Result<Blob, String> {
        BASE64
            .decode(v.as_str().unwrap_or_default())
            .map(Blob::new)
            .map_err(|e| e.to_string())
    };
    Ok(match tag.as_str() {
        "S" => AttributeValue::S(text()?),
        "N" => AttributeValue::N(text()?),
        "B" => AttributeValue::B(blob(value)?),
        "SS" => AttributeValue::Ss(texts()?),
        "NS" => AttributeValue::Ns(texts()?),
        "BS" => AttributeValue::Bs(
            value
                .as_array()
                .ok_or("a list")?
                .iter()
                .map(blob)
                .collect::<Result<_, _>>()?,
        ),
        "BOOL" => AttributeValue::Bool(value.as_bool().unwrap_or_default()),
        "NULL" => AttributeValue::Null(value.as_bool().unwrap_or(true)),
        "M" => AttributeValue::M(item(value)?),
        "L" => AttributeValue::L(
            value
                .as_array()
                .ok_or("a list")?
                .iter()
                .map(attribute_value)
                .collect::<Result<_, _>>()?,
        ),
        other => return Err(format!("{other} is not an attribute type")),
    })
}

/// An item (or a key, or a map's members) in DynamoDB JSON as the SDK's.
pub fn item(json: &Json) -> Result<Item, String> {
    json.as_object()
        .ok_or_else(|| format!("{json} is not an item"))?
        .iter()
        .map(|(name, value)| Ok((name.clone(), attribute_value(value)?)))
        .collect()
}

/// The SDK's attribute value as DynamoDB JSON.
pub fn value_json(value: &AttributeValue) -> Json {
    match value {
        AttributeValue::S(s) => json!({"S": s}),
        AttributeValue::N(n) => json!({"N": n}),
        AttributeValue::B(b) => json!({"B": BASE64.encode(b.as_ref())}),
        AttributeValue::Ss(s) => json!({"SS": s}),
        AttributeValue::Ns(n) => json!({"NS": n}),
        AttributeValue::Bs(b) => {
            json!({"BS": b.iter().map(|b| BASE64.encode(b.as_ref())).collect::<Vec<_>>()})
        }
        AttributeValue::Bool(b) => json!({"BOOL": b}),
        AttributeValue::Null(n) => json!({"NULL": n}),
        AttributeValue::M(m) => json!({"M": item_json(m)}),
        AttributeValue::L(l) => json!({"L": l.iter().map(value_json).collect::<Vec<_>>()}),
        _ => json!({"NULL": true}),
    }
}

/// The SDK's item as DynamoDB JSON.
pub fn item_json(item: &Item) -> Json {
    Json::Object(
        item.iter()
            .map(|(name, value)| (name.clone(), value_json(value)))
            .collect(),
    )
}

/// The SDK's ConsumedCapacity as DynamoDB JSON.
pub fn capacity_json(consumed: &ConsumedCapacity) -> Json {
    let units = |c: &Capacity| {
        let mut out = Map::new();
        for (name, value) in [
            ("CapacityUnits", c.capacity_units()),
            ("ReadCapacityUnits", c.read_capacity_units()),
            ("WriteCapacityUnits", c.write_capacity_units()),
        ] {
            if let Some(value) = value {
                out.insert(name.into(), json!(value));
            }
        }
        Json::Object(out)
    };
    let indexes = |map: Option<&HashMap<String, Capacity>>| {
        map.map(|m| Json::Object(m.iter().map(|(name, c)| (name.clone(), units(c))).collect()))
    };
    let mut out = Map::new();
    if let Some(name) = consumed.table_name() {
        out.insert("TableName".into(), json!(name));
    }
    for (name, value) in [
        ("CapacityUnits", consumed.capacity_units()),
        ("ReadCapacityUnits", consumed.read_capacity_units()),
        ("WriteCapacityUnits", consumed.write_capacity_units()),
    ] {
        if let Some(value) = value {
            out.insert(name.into(), json!(value));
        }
    }
    if let Some(table) = consumed.table() {
        out.insert("Table".into(), units(table));
    }
    if let Some(g) = indexes(consumed.global_secondary_indexes()) {
        out.insert("GlobalSecondaryIndexes".into(), g);
    }
    if let Some(l) = indexes(consumed.local_secondary_indexes()) {
        out.insert("LocalSecondaryIndexes".into(), l);
    }
    Json::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_attribute_type_goes_to_the_sdk_and_back_unchanged() {
        let item = json!({
            "S": {"S": "x"}, "N": {"N": "-1.5"}, "B": {"B": "AQI="},
            "SS": {"SS": ["a", "b"]}, "NS": {"NS": ["1", "2"]}, "BS": {"BS": ["AQ=="]},
            "BOOL": {"BOOL": true}, "NULL": {"NULL": true},
            "M": {"M": {"in": {"L": [{"S": "y"}, {"N": "3"}]}}}
        });
        assert_eq!(item_json(&super::item(&item).unwrap()), item);
    }

    #[test]
    fn a_member_the_check_does_not_send_is_named() {
        let mut fields = Fields::of("Query", &json!({"TableName": "t", "QueryFilter": {}}));
        assert_eq!(fields.string("TableName").as_deref(), Some("t"));
        assert_eq!(
            fields.finish().unwrap_err(),
            "Query's QueryFilter is not sent by ddbplay check"
        );
    }
}
