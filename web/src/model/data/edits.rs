//! Items changed by hand since the items were generated — put in the
//! runner, the item editor or by pasting, or deleted — kept as the last
//! state of each key: the item as it now stands, or the key of an item that
//! is gone. Generated items are never listed: the chart and the seed make
//! them again. Replaying the list on freshly generated items gives back the
//! data the learner saw, which is how a link carries hand-made items.

use crate::model::failure::Failure;
use std::collections::BTreeMap;

use engine::Engine;
use engine::api::{Operation, call};
use serde_json::{Value as Json, json};

use super::item_keys::item_key;
use crate::model::design::chart::TableDesign;

pub use crate::limits::MAX_EDITS;

/// One change made by hand.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// The item as it now stands (DynamoDB JSON).
    Put(Json),
    /// The table key of an item that is no longer there (DynamoDB JSON).
    Delete(Json),
}

/// The changes made by hand, at most one per key, oldest first. A key
/// changed again moves to the end in O(log n), so that a link's 25,000
/// changes are read in a moment.
#[derive(Clone, Debug, Default)]
pub struct Edits {
    /// Change number → the key and the change, in the order made.
    entries: BTreeMap<u64, (String, Edit)>,
    /// Key → its change's number.
    numbers: BTreeMap<String, u64>,
    next: u64,
}

impl PartialEq for Edits {
    fn eq(&self, other: &Edits) -> bool {
        self.entries.values().eq(other.entries.values())
    }
}

impl Edits {
    /// The changes, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Edit> {
        self.entries.values().map(|(_, edit)| edit)
    }

    /// How many keys were changed by hand.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing was changed by hand.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Notes `edit` as the last change of `key`, after every other.
    fn note(&mut self, key: String, edit: Edit) {
        if let Some(before) = self.numbers.insert(key.clone(), self.next) {
            self.entries.remove(&before);
        }
        self.entries.insert(self.next, (key, edit));
        self.next += 1;
    }

    /// Notes the current state of each key: the stored item, or its absence.
    /// A key changed again moves to the end, so replaying keeps the order.
    pub fn record(&mut self, engine: &mut Engine, table: &TableDesign, keys: &[Json]) {
        for key in keys {
            let Some(text) = item_key(key, table) else {
                continue;
            };
            let request = json!({"TableName": table.name, "Key": key, "ConsistentRead": true});
            let stored = call(engine, Operation::GetItem, request.to_string().as_bytes())
                .ok()
                .and_then(|response| serde_json::from_str::<Json>(&response).ok())
                .and_then(|mut response| response.get_mut("Item").map(Json::take));
            let edit = match stored {
                Some(item) => Edit::Put(item),
                None => Edit::Delete(key.clone()),
            };
            self.note(text, edit);
        }
    }

    /// Builds the list from changes read elsewhere (a link, a file), as
    /// [`Edits::record`] would have kept them: one per key, the last wins.
    pub fn from_changes(
        changes: impl IntoIterator<Item = Edit>,
        table: &TableDesign,
    ) -> Result<Edits, Failure> {
        let mut edits = Edits::default();
        for (n, edit) in changes.into_iter().enumerate() {
            let value = match &edit {
                Edit::Put(item) => item,
                Edit::Delete(key) => key,
            };
            let text = item_key(value, table).ok_or_else(|| {
                Failure::refused(format!(
                    "Change {} made by hand has no {} key.",
                    n + 1,
                    key_names(table)
                ))
            })?;
            edits.note(text, edit);
            if edits.len() > MAX_EDITS {
                return Err(Failure::refused(format!(
                    "More than {MAX_EDITS} items were changed by hand; a playground keeps at most that many."
                )));
            }
        }
        Ok(edits)
    }

    /// Puts and deletes every change on `table`, through the same requests
    /// the runner sends; the first one DynamoDB refuses stops the replay.
    pub fn replay(&self, engine: &mut Engine, table: &str) -> Result<(), Failure> {
        for (n, edit) in self.iter().enumerate() {
            let (operation, request) = match edit {
                Edit::Put(item) => (
                    Operation::PutItem,
                    json!({"TableName": table, "Item": item}),
                ),
                Edit::Delete(key) => (
                    Operation::DeleteItem,
                    json!({"TableName": table, "Key": key}),
                ),
            };
            call(engine, operation, request.to_string().as_bytes()).map_err(|e| {
                Failure::from(e).within(&format!(
                    "Change {} of {} made by hand ({operation})",
                    n + 1,
                    self.len()
                ))
            })?;
        }
        Ok(())
    }
}

fn key_names(table: &TableDesign) -> String {
    std::iter::once(&table.partition_key)
        .chain(table.sort_key.iter())
        .map(|k| k.name.as_str())
        .collect::<Vec<_>>()
        .join(" and ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::data::load::Loader;
    use crate::model::gallery::commerce;

    fn loaded() -> Engine {
        let mut loader = Loader::new(&commerce::chart(), 42).unwrap();
        while !loader.step(usize::MAX).unwrap() {}
        loader.finish().0
    }

    fn key(pk: &str, sk: &str) -> Json {
        json!({"PK": {"S": pk}, "SK": {"S": sk}})
    }

    #[test]
    fn the_last_state_of_each_key_is_kept_once_in_order() {
        let table = commerce::chart().table;
        let mut engine = loaded();
        let mut edits = Edits::default();
        let put = |engine: &mut Engine, sk: &str| {
            let item = json!({"PK": {"S": "X#1"}, "SK": {"S": sk}, "n": {"N": "1"}});
            call(
                engine,
                Operation::PutItem,
                json!({"TableName": "commerce-main", "Item": item})
                    .to_string()
                    .as_bytes(),
            )
            .unwrap();
        };
        put(&mut engine, "A");
        edits.record(&mut engine, &table, &[key("X#1", "A")]);
        put(&mut engine, "B");
        edits.record(&mut engine, &table, &[key("X#1", "B")]);
        call(
            &mut engine,
            Operation::DeleteItem,
            json!({"TableName": "commerce-main", "Key": key("X#1", "A")})
                .to_string()
                .as_bytes(),
        )
        .unwrap();
        edits.record(&mut engine, &table, &[key("X#1", "A")]);
        let list: Vec<&Edit> = edits.iter().collect();
        assert_eq!(list.len(), 2);
        assert!(matches!(list[0], Edit::Put(item) if item["SK"]["S"] == "B"));
        assert_eq!(list[1], &Edit::Delete(key("X#1", "A")));
    }

    #[test]
    fn replaying_on_generated_items_gives_back_the_same_data() {
        let table = commerce::chart().table;
        let mut engine = loaded();
        let mut edits = Edits::default();
        let fulfil = commerce::patterns()
            .into_iter()
            .find(|p| p.description == commerce::FULFIL)
            .unwrap();
        call(
            &mut engine,
            Operation::UpdateItem,
            fulfil.request.to_string().as_bytes(),
        )
        .unwrap();
        edits.record(&mut engine, &table, &[fulfil.request["Key"].clone()]);
        let profile = key("CUST#c11", "PROFILE");
        call(
            &mut engine,
            Operation::DeleteItem,
            json!({"TableName": "commerce-main", "Key": profile})
                .to_string()
                .as_bytes(),
        )
        .unwrap();
        edits.record(&mut engine, &table, &[profile]);

        let mut again = loaded();
        edits.replay(&mut again, "commerce-main").unwrap();
        let all = |engine: &mut Engine| {
            call(
                engine,
                Operation::Scan,
                br#"{"TableName": "commerce-main"}"#,
            )
            .unwrap()
        };
        assert_eq!(all(&mut again), all(&mut engine));
    }

    #[test]
    fn a_change_without_its_key_or_refused_by_dynamodb_is_named() {
        let table = commerce::chart().table;
        let missing =
            Edits::from_changes([Edit::Put(json!({"PK": {"S": "X"}}))], &table).unwrap_err();
        assert_eq!(
            missing,
            Failure::refused("Change 1 made by hand has no PK and SK key.")
        );
        let edits = Edits::from_changes(
            [
                Edit::Delete(key("X", "0")),
                Edit::Put(json!({"PK": {"S": "X"}, "SK": {"N": "1"}})),
            ],
            &table,
        )
        .unwrap();
        assert_eq!(
            edits.replay(&mut loaded(), "commerce-main").unwrap_err(),
            Failure::refused(
                "Change 2 of 2 made by hand (PutItem): ValidationException: One or more parameter values were invalid: Type mismatch for key SK expected: S actual: N"
            )
        );
    }
}
