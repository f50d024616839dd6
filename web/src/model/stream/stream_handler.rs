//! A stream handler the learner reads and edits: on one kind of change to
//! one kind of item, one UpdateItem on another item — what a function
//! attached to the table's stream does to keep an aggregate, such as a
//! customer's order count, current without the writer paying for it.
//!
//! Records reach it only when the learner delivers them, so the aggregate
//! is visibly behind until then (DynamoDB Streams deliver within about a
//! second; the lag is the lesson). A record delivered twice — streams
//! deliver at least once — is applied twice unless the handler is
//! idempotent: then the item it updates remembers the sequence number of
//! the last record applied, and a condition refuses any record at or before
//! it.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use engine::key::KeyType;
use engine::table::{EventName, StreamRecord};
use engine::types::Item;
use serde_json::{Value as Json, json};

use crate::model::design::chart::{ENTITY_ATTRIBUTE, TableDesign};
use crate::model::design::template::Template;
use crate::model::gateway::run;

/// The attribute an idempotent handler keeps on the item it updates.
pub const SEQUENCE_ATTRIBUTE: &str = "lastAppliedSequence";

/// What the handler does.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamHandler {
    /// The records it acts on: `INSERT`, `MODIFY` or `REMOVE`.
    pub event: EventName,
    /// Only records whose image has this attribute equal to
    /// [`StreamHandler::when_equals`]; blank for every record of the event.
    pub when_attribute: String,
    pub when_equals: String,
    /// The key of the item to update: each table key attribute and its
    /// template over the record's image (`CUST#{customerId}`).
    pub key: Vec<(String, String)>,
    /// The UpdateExpression, with `:placeholders`.
    pub update: String,
    /// Its ExpressionAttributeValues, DynamoDB JSON.
    pub values: String,
    /// Refuse a record at or before the last one applied to the item.
    pub idempotent: bool,
}

/// What delivering one record did.
#[derive(Clone, Debug, PartialEq)]
pub enum Delivery {
    /// The record is not one the handler acts on.
    Ignored,
    /// The update ran: on this key, for these write units.
    Applied { key: Json, units: f64 },
    /// An idempotent handler refused a record it had applied already.
    AlreadyApplied { key: Json },
    /// The update failed: DynamoDB's error.
    Failed(Failure),
}

impl StreamHandler {
    /// The example's handler: a new order adds one to its customer's
    /// `orderCount`.
    pub fn order_count() -> StreamHandler {
        StreamHandler {
            event: EventName::Insert,
            when_attribute: ENTITY_ATTRIBUTE.into(),
            when_equals: "Order".into(),
            key: vec![
                ("PK".into(), "CUST#{customerId}".into()),
                ("SK".into(), "PROFILE".into()),
            ],
            update: "ADD orderCount :one".into(),
            values: r#"{":one": {"N": "1"}}"#.into(),
            idempotent: false,
        }
    }

    /// The same handler on a table whose key attributes were renamed: its
    /// key templates go to the table's key attributes by position
    /// (partition key first), a missing one blank.
    pub fn for_table(&self, table: &TableDesign) -> StreamHandler {
        let key = std::iter::once(&table.partition_key)
            .chain(table.sort_key.as_ref())
            .enumerate()
            .map(|(i, attribute)| {
                let template = self.key.get(i).map(|(_, t)| t.clone()).unwrap_or_default();
                (attribute.name.clone(), template)
            })
            .collect();
        StreamHandler {
            key,
            ..self.clone()
        }
    }

    /// Checks what the learner wrote before it is kept: a template for each of the table's key attributes and no other, an
    /// update expression, and values that are a JSON object. DynamoDB's
    /// own checks of the update run when a record is delivered.
    pub fn check(&self, table: &TableDesign) -> Result<(), Failure> {
        let keys: Vec<String> = std::iter::once(&table.partition_key)
            .chain(table.sort_key.as_ref())
            .map(|k| k.name.clone())
            .collect();
        let named: Vec<&String> = self.key.iter().map(|(name, _)| name).collect();
        if named.len() != keys.len() || keys.iter().any(|k| !named.contains(&k)) {
            return Err(Failure::refused(format!(
                "The handler's key needs a template for each of the table's key attributes ({}).",
                keys.join(", ")
            )));
        }
        for (attribute, text) in &self.key {
            let template =
                Template::parse(text).map_err(|e| Failure::refused(format!("{attribute}: {e}")))?;
            if template.is_blank() {
                return Err(Failure::refused(format!(
                    "{attribute}: write a template for the key to update."
                )));
            }
        }
        if self.update.trim().is_empty() {
            return Err(Failure::refused(
                "Write the UpdateExpression the handler runs.",
            ));
        }
        if !self.values.trim().is_empty() {
            let values: Json = serde_json::from_str(&self.values).map_err(|e| {
                Failure::refused(format!("ExpressionAttributeValues is not valid JSON: {e}"))
            })?;
            if !values.is_object() {
                return Err(Failure::refused(
                    "ExpressionAttributeValues must be a JSON object, such as {\":one\": {\"N\": \"1\"}}.",
                ));
            }
        }
        Ok(())
    }

    /// True when the handler acts on a change of this kind to this image.
    pub fn matches(&self, event: EventName, image: &Item) -> bool {
        if event != self.event {
            return false;
        }
        if self.when_attribute.trim().is_empty() {
            return true;
        }
        match image.get(self.when_attribute.trim()) {
            Some(engine::types::Value::S(value)) => value.as_str() == self.when_equals,
            _ => false,
        }
    }

    /// The key of the item to update, from a record's image.
    pub fn target_key(&self, image: &Item, table: &TableDesign) -> Result<Json, Failure> {
        let mut key = json!({});
        for (attribute, text) in &self.key {
            let template =
                Template::parse(text).map_err(|e| Failure::refused(format!("{attribute}: {e}")))?;
            let value = template
                .render(image)
                .map_err(|e| Failure::refused(format!("{attribute}: {e}")))?;
            let key_type = table
                .key_attributes()
                .into_iter()
                .find(|k| &k.name == attribute)
                .map_or(KeyType::S, |k| k.key_type);
            key[attribute] = json!({ key_type.tag(): value });
        }
        Ok(key)
    }

    /// The UpdateItem the handler makes of one image, as a backfill (or
    /// a writer doing the handler's work itself) would run it.
    pub fn update_for(&self, image: &Item, table: &TableDesign) -> Result<Json, Failure> {
        self.request(image, table, None)
    }

    /// The UpdateItem request for one image; `sequence` when delivered from
    /// the stream (a backfill has none).
    fn request(
        &self,
        image: &Item,
        table: &TableDesign,
        sequence: Option<u64>,
    ) -> Result<Json, Failure> {
        let values: Json = if self.values.trim().is_empty() {
            json!({})
        } else {
            serde_json::from_str(&self.values).map_err(|e| {
                Failure::refused(format!("ExpressionAttributeValues is not valid JSON: {e}"))
            })?
        };
        let mut request = json!({
            "TableName": table.name,
            "Key": self.target_key(image, table)?,
            "UpdateExpression": self.update,
            "ReturnConsumedCapacity": "TOTAL",
        });
        if values.as_object().is_some_and(|v| !v.is_empty()) {
            request["ExpressionAttributeValues"] = values;
        }
        if let (true, Some(sequence)) = (self.idempotent, sequence) {
            request["UpdateExpression"] = json!(with_sequence(&self.update));
            request["ConditionExpression"] =
                json!("attribute_not_exists(#applied) OR #applied < :applied");
            request["ExpressionAttributeNames"] = json!({ "#applied": SEQUENCE_ATTRIBUTE });
            request["ExpressionAttributeValues"][":applied"] = json!({ "N": sequence.to_string() });
        }
        Ok(request)
    }

    /// Delivers one stream record.
    pub fn deliver(
        &self,
        engine: &mut Engine,
        table: &TableDesign,
        record: &StreamRecord,
    ) -> Delivery {
        let image = match record.event_name {
            EventName::Remove => record.old_image.as_ref(),
            _ => record.new_image.as_ref(),
        };
        let Some(image) = image else {
            return Delivery::Failed(Failure::refused(
                "The stream's view type carries no image for this record; the handler needs NEW_AND_OLD_IMAGES.",
            ));
        };
        if !self.matches(record.event_name, image) {
            return Delivery::Ignored;
        }
        let request = match self.request(image, table, Some(record.sequence)) {
            Ok(request) => request,
            Err(why) => return Delivery::Failed(why),
        };
        let key = request["Key"].clone();
        match run(engine, Operation::UpdateItem, &request) {
            Ok(response) => Delivery::Applied {
                key,
                units: response["ConsumedCapacity"]["CapacityUnits"]
                    .as_f64()
                    .unwrap_or(0.0),
            },
            Err(failure) if failure.kind() == "ConditionalCheckFailedException" => {
                Delivery::AlreadyApplied { key }
            }
            Err(failure) => Delivery::Failed(failure),
        }
    }

    /// The handler's ExpressionAttributeValues as the engine takes them.
    pub(super) fn decoded_values(
        &self,
    ) -> Result<Option<std::collections::BTreeMap<String, engine::types::Value>>, Failure> {
        if self.values.trim().is_empty() {
            return Ok(None);
        }
        let json: Json = serde_json::from_str(&self.values).map_err(|e| {
            Failure::refused(format!("ExpressionAttributeValues is not valid JSON: {e}"))
        })?;
        let Some(values) = json.as_object().filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        values
            .iter()
            .map(|(name, value)| {
                engine::api::attribute_value::decode_value(value, 0)
                    .map(|v| (name.clone(), v))
                    .map_err(|e| Failure::refused(format!("ExpressionAttributeValues: {e}")))
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// How many items the handler counts into the item at `key`: those it
    /// acts on whose image names that key. The truth a counter kept by
    /// this handler should equal.
    pub fn recount(&self, engine: &Engine, table: &TableDesign, key: &Json) -> usize {
        // Each key attribute's template, read once, and the text it must
        // give: an item names `key` when every template gives its text
        // (what comparing its whole `target_key` with `key` decides).
        let wanted: Option<Vec<(Template, &str)>> = self
            .key
            .iter()
            .map(|(attribute, text)| {
                let template = Template::parse(text).ok()?;
                let value = key.get(attribute)?.as_object()?.values().next()?.as_str()?;
                Some((template, value))
            })
            .collect();
        let Some(wanted) = wanted.filter(|w| w.len() == key.as_object().map_or(0, |k| k.len()))
        else {
            return 0;
        };
        let mut text = String::new();
        let mut names_key = |item: &Item| {
            wanted.iter().all(|(template, value)| {
                text.clear();
                template.render_into(item, &mut text).is_ok() && text == *value
            })
        };
        engine.table(&table.name).map_or(0, |t| {
            t.items
                .entries_in_any_order()
                .filter(|e| self.matches(EventName::Insert, &e.item))
                .filter(|e| names_key(&e.item))
                .count()
        })
    }
}

/// The UpdateExpression with `#applied = :applied` added to its SET
/// section (or as a SET section of its own).
fn with_sequence(update: &str) -> String {
    let position = update
        .split_whitespace()
        .position(|word| word.eq_ignore_ascii_case("SET"));
    match position {
        Some(n) => {
            let words: Vec<&str> = update.split_whitespace().collect();
            let (before, after) = words.split_at(n + 1);
            format!(
                "{} #applied = :applied, {}",
                before.join(" "),
                after.join(" ")
            )
        }
        None => format!("{} SET #applied = :applied", update.trim()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handler_is_checked_before_it_is_kept() {
        let table = crate::model::gallery::commerce::playground().chart.table;
        let good = StreamHandler::order_count();
        assert_eq!(good.check(&table), Ok(()));
        let with = |change: fn(&mut StreamHandler)| {
            let mut handler = good.clone();
            change(&mut handler);
            handler.check(&table).unwrap_err()
        };
        assert!(
            with(|h| {
                h.key.pop();
            })
            .to_string()
            .contains("(PK, SK)")
        );
        assert!(
            with(|h| h.key[0].1 = "CUST#{customerId".into())
                .to_string()
                .starts_with("PK: ")
        );
        assert!(
            with(|h| h.key[1].1 = String::new())
                .to_string()
                .starts_with("SK: write a template")
        );
        assert!(
            with(|h| h.update = " ".into())
                .to_string()
                .contains("UpdateExpression")
        );
        assert!(
            with(|h| h.values = "{:one".into())
                .to_string()
                .contains("not valid JSON")
        );
        assert!(
            with(|h| h.values = "[1]".into())
                .to_string()
                .contains("JSON object")
        );
    }

    #[test]
    fn renamed_key_attributes_take_the_templates_along() {
        let mut table = crate::model::gallery::commerce::playground().chart.table;
        table.partition_key.name = "pk".into();
        table.sort_key = None;
        let handler = StreamHandler::order_count().for_table(&table);
        assert_eq!(
            handler.key,
            [("pk".to_string(), "CUST#{customerId}".to_string())]
        );
        assert_eq!(handler.check(&table), Ok(()));
    }

    #[test]
    fn the_sequence_joins_the_set_section_or_makes_one() {
        assert_eq!(
            with_sequence("ADD orderCount :one"),
            "ADD orderCount :one SET #applied = :applied"
        );
        assert_eq!(
            with_sequence("SET total = total + :n REMOVE x"),
            "SET #applied = :applied, total = total + :n REMOVE x"
        );
    }
}
