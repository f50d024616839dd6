//! The rows of the data view: items as DynamoDB stores them, grouped into
//! item collections (one block per partition key, items in sort-key order),
//! for the table or for one of its indexes.

use engine::Engine;
use engine::key::{KeyValue, PrimaryKey, Tie};
use engine::table::Store;
use engine::types::{Item, Value};

use super::chart::ENTITY_ATTRIBUTE;

/// Where the data view stands: the table (`index` `None`) or an index, and
/// the row at the top, counting collection headers.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Position {
    pub index: Option<String>,
    pub row: usize,
}

/// One row of the data view.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    /// The start of an item collection.
    Collection {
        key: String,
        items: usize,
        bytes: usize,
    },
    /// An item (or index entry).
    Item {
        /// The entity's name (shared, not copied, from the item).
        entity: engine::types::Text,
        item: Item,
        bytes: usize,
    },
}

/// A key value as text.
pub fn key_text(value: &KeyValue) -> String {
    match value {
        KeyValue::S(s) => s.to_string(),
        KeyValue::N(n) => n.to_string(),
        KeyValue::B(b) => format!("{} bytes", b.len()),
    }
}

/// A value as short text for a grid cell.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::S(s) => s.to_string(),
        Value::N(n) => n.to_string(),
        Value::B(b) => format!("<{} bytes>", b.len()),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        Value::M(m) => format!("{{{} attributes}}", m.len()),
        Value::L(l) => format!("[{} elements]", l.len()),
        Value::SS(s) => format!("{{{}}}", s.join(", ")),
        Value::NS(s) => format!(
            "{{{}}}",
            s.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::BS(s) => format!("{{{} binaries}}", s.len()),
    }
}

/// The rows of the table (`index` `None`) or of one index, collections in
/// partition-key order.
pub fn rows(engine: &Engine, table: &str, index: Option<&str>) -> Vec<Row> {
    let Some(table) = engine.table(table) else {
        return Vec::new();
    };
    let store: &Store = match index {
        None => &table.items,
        Some(name) => match table.index(name) {
            Some(index) => &index.store,
            None => return Vec::new(),
        },
    };
    let mut partitions: Vec<(&KeyValue, engine::table::Partition)> = store
        .partitions_from(std::ops::Bound::Unbounded)
        .map(|(k, p)| (&k.value, p))
        .collect();
    partitions.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = Vec::with_capacity(store.n_items() + partitions.len());
    for (key, entries) in partitions {
        let bytes = entries.values().map(|e| e.size).sum();
        out.push(Row::Collection {
            key: key_text(key),
            items: entries.len(),
            bytes,
        });
        for (entry_key, entry) in entries.iter() {
            // An index may not project the entity type; the label then comes
            // from the table's item (for display only: it is not a read).
            let labelled = match (&entry_key.tie, entry.item.get(ENTITY_ATTRIBUTE)) {
                (_, Some(_)) => None,
                (Tie::Base(base), None) => table
                    .get(&PrimaryKey {
                        partition: base.0.clone(),
                        sort: base.1.clone(),
                    })
                    .map(|e| e.item.clone()),
                _ => None,
            };
            let entity = match labelled
                .as_ref()
                .unwrap_or(&entry.item)
                .get(ENTITY_ATTRIBUTE)
            {
                Some(Value::S(s)) => s.clone(),
                _ => engine::types::Text::default(),
            };
            out.push(Row::Item {
                entity,
                item: entry.item.clone(),
                bytes: entry.size,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::State;

    #[test]
    fn rows_group_items_into_collections_in_sort_key_order() {
        let state = State::example();
        let engine = state.engine.borrow();
        let rows = rows(&engine, "commerce-main", None);
        let collections = rows
            .iter()
            .filter(|r| matches!(r, Row::Collection { .. }))
            .count();
        let items = rows.len() - collections;
        assert_eq!(items, state.item_count);
        let mut last: Option<String> = None;
        for row in &rows {
            match row {
                Row::Collection { .. } => last = None,
                Row::Item { item, .. } => {
                    let Some(Value::S(sk)) = item.get("SK") else {
                        panic!("no SK")
                    };
                    if let Some(previous) = &last {
                        assert!(previous.as_bytes() < sk.as_bytes());
                    }
                    last = Some(sk.to_string());
                }
            }
        }
    }

    #[test]
    fn a_sparse_index_holds_only_its_subset() {
        let state = State::example();
        let engine = state.engine.borrow();
        let open = rows(&engine, "commerce-main", Some("GSI2"));
        assert!(open.iter().all(|r| match r {
            Row::Item { entity, item, .. } =>
                entity == "Order" && item.get("deliveryNotes").is_none(),
            Row::Collection { key, .. } => key == "OPEN",
        }));
    }
}
