//! The rows of the data view: items as DynamoDB stores them, grouped into
//! item collections (one block per partition key, items in sort-key order),
//! for the table or for one of its indexes.

use engine::Engine;
use engine::key::{PartitionKey, PrimaryKey, Tie};
use engine::table::Store;
use engine::types::{Item, Value};

use crate::model::format::key_text;

use crate::model::design::chart::ENTITY_ATTRIBUTE;

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
        item: Item,
        bytes: usize,
        /// For an index entry, the key of the table item it comes from.
        base: Option<PrimaryKey>,
    },
}

/// The entity an item (or index entry) is, for its label: its own
/// `entityType`, or, when an index does not project it, its table item's
/// (for display only: it is not a read). Found for the rows in sight, not
/// for every row.
pub fn entity(
    engine: &Engine,
    table: &str,
    item: &Item,
    base: Option<&PrimaryKey>,
) -> engine::types::Text {
    let from_table = || {
        let table = engine.table(table)?;
        let stored = table.get(base?)?;
        match stored.item.get(ENTITY_ATTRIBUTE) {
            Some(Value::S(s)) => Some(s.clone()),
            _ => None,
        }
    };
    match item.get(ENTITY_ATTRIBUTE) {
        Some(Value::S(s)) => s.clone(),
        Some(_) => engine::types::Text::default(),
        None => from_table().unwrap_or_default(),
    }
}

/// The data view's rows for the table (`index` `None`) or one index:
/// item collections in partition-key order, each a header row and then
/// its items in sort-key order. Only the collections are held (their key,
/// item count and first row); the rows in sight, and the bytes of the
/// collections in sight, are read from the engine when asked for
/// ([`Rows::slice`]), so a table of 100,000 items costs a look at each
/// partition's length, not 100,000 rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rows {
    table: String,
    index: Option<String>,
    collections: Vec<Collection>,
    items: usize,
}

#[derive(Clone, Debug, PartialEq)]
struct Collection {
    partition: PartitionKey,
    items: usize,
    /// The header's row; its items follow it.
    first_row: usize,
}

impl Rows {
    /// The collections of the table or index, as they stand.
    pub fn of(engine: &Engine, table: &str, index: Option<&str>) -> Rows {
        let mut rows = Rows {
            table: table.to_string(),
            index: index.map(str::to_string),
            ..Rows::default()
        };
        let Some(store) = rows.store(engine) else {
            return rows;
        };
        let mut collections: Vec<Collection> = store
            .partitions_from(std::ops::Bound::Unbounded)
            .map(|(key, entries)| Collection {
                partition: key.clone(),
                items: entries.len(),
                first_row: 0,
            })
            .collect();
        // Keys are unique: an unstable sort orders them the same.
        collections.sort_unstable_by(|a, b| a.partition.value.cmp(&b.partition.value));
        let mut row = 0;
        for collection in &mut collections {
            collection.first_row = row;
            row += 1 + collection.items;
        }
        rows.items = collections.iter().map(|c| c.items).sum();
        rows.collections = collections;
        rows
    }

    fn store<'a>(&self, engine: &'a Engine) -> Option<&'a Store> {
        let table = engine.table(&self.table)?;
        match &self.index {
            None => Some(&table.items),
            Some(name) => table.index(name).map(|index| &index.store),
        }
    }

    /// Every row: collection headers and items.
    pub fn len(&self) -> usize {
        self.items + self.collections.len()
    }

    /// True when there is no row at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items (or index entries).
    pub fn items(&self) -> usize {
        self.items
    }

    /// The item collections.
    pub fn collections(&self) -> usize {
        self.collections.len()
    }

    /// The rows from `first` up to (not including) `last`.
    pub fn slice(&self, engine: &Engine, first: usize, last: usize) -> Vec<Row> {
        let last = last.min(self.len());
        let mut out = Vec::with_capacity(last.saturating_sub(first));
        let Some(store) = self.store(engine) else {
            return out;
        };
        let start = self.collections.partition_point(|c| c.first_row <= first);
        let mut row = first;
        for collection in &self.collections[start.saturating_sub(1)..] {
            if row >= last {
                break;
            }
            if row == collection.first_row {
                let bytes = store
                    .partition(&collection.partition)
                    .map_or(0, |entries| entries.values().map(|e| e.size).sum());
                out.push(Row::Collection {
                    key: key_text(&collection.partition.value),
                    items: collection.items,
                    bytes,
                });
                row += 1;
            }
            let skip = row - collection.first_row - 1;
            let take = (collection.items.saturating_sub(skip)).min(last - row);
            if let Some(entries) = store.partition(&collection.partition) {
                for (entry_key, entry) in entries.iter().skip(skip).take(take) {
                    out.push(item_row(entry_key, entry));
                }
            }
            row += take;
        }
        out
    }

    /// The row of the first collection whose partition key, as text,
    /// starts with `prefix`.
    pub fn find_collection(&self, prefix: &str) -> Option<usize> {
        self.collections
            .iter()
            .find(|c| key_text(&c.partition.value).starts_with(prefix))
            .map(|c| c.first_row)
    }

    /// The row of the first item that `wanted` picks, in the view's order.
    pub fn position(
        &self,
        engine: &Engine,
        mut wanted: impl FnMut(&Item) -> bool,
    ) -> Option<usize> {
        let store = self.store(engine)?;
        self.collections.iter().find_map(|collection| {
            let entries = store.partition(&collection.partition)?;
            entries
                .values()
                .position(|entry| wanted(&entry.item))
                .map(|at| collection.first_row + 1 + at)
        })
    }
}

fn item_row(entry_key: &engine::key::EntryKey, entry: &engine::table::Entry) -> Row {
    let base = match &entry_key.tie {
        Tie::Base(base) => Some(PrimaryKey {
            partition: base.0.clone(),
            sort: base.1.clone(),
        }),
        _ => None,
    };
    Row::Item {
        item: entry.item.clone(),
        bytes: entry.size,
        base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of the table (`index` `None`) or of one index, at once.
    fn rows(engine: &Engine, table: &str, index: Option<&str>) -> Vec<Row> {
        let rows = Rows::of(engine, table, index);
        rows.slice(engine, 0, rows.len())
    }
    use crate::model::fixtures::Opened;

    #[test]
    fn rows_group_items_into_collections_in_sort_key_order() {
        let state = Opened::example();
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
        let state = Opened::example();
        let engine = state.engine.borrow();
        let open = rows(&engine, "commerce-main", Some("GSI2"));
        assert!(open.iter().all(|r| match r {
            Row::Item { item, base, .. } =>
                entity(&engine, "commerce-main", item, base.as_ref()) == "Order"
                    && item.get("deliveryNotes").is_none(),
            Row::Collection { key, .. } => key == "OPEN",
        }));
    }

    #[test]
    fn any_window_of_rows_is_that_window_of_all_the_rows() {
        let state = Opened::example();
        let engine = state.engine.borrow();
        for index in [None, Some("GSI1"), Some("GSI2")] {
            let lazy = Rows::of(&engine, "commerce-main", index);
            let all = rows(&engine, "commerce-main", index);
            assert_eq!(lazy.len(), all.len());
            assert_eq!(lazy.items() + lazy.collections(), all.len());
            for (first, last) in [(0, 7), (1, 2), (5, 40), (all.len() - 3, all.len() + 10)] {
                assert_eq!(
                    lazy.slice(&engine, first, last),
                    all[first..last.min(all.len())]
                );
            }
        }
    }

    #[test]
    fn a_collection_is_found_by_the_start_of_its_key_and_an_item_by_what_it_holds() {
        let state = Opened::example();
        let engine = state.engine.borrow();
        let lazy = Rows::of(&engine, "commerce-main", None);
        let all = rows(&engine, "commerce-main", None);
        let at = lazy.find_collection("CUST#c1").unwrap();
        assert!(matches!(&all[at], Row::Collection { key, .. } if key.starts_with("CUST#c1")));
        assert_eq!(lazy.find_collection("no such key"), None);
        let wanted = |item: &Item| item.get("SK") == Some(&Value::s("PROFILE"));
        let at = lazy.position(&engine, wanted).unwrap();
        assert!(matches!(&all[at], Row::Item { item, .. } if wanted(item)));
        assert!(
            all[..at]
                .iter()
                .all(|r| !matches!(r, Row::Item { item, .. } if wanted(item)))
        );
    }
}
