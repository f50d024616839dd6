//! DynamoDB's export lines: the format of an export to S3 and of an
//! import from S3, one `{"Item": {…}}` a line.
//!
//! Written: every item, sorted by key, no compression.
//!
//! Read (a file of an export, gzip or not): what tutorials save as well —
//!
//! 1. the whole file as one JSON value, when it is one: a Scan's output
//!    (`{"Items": […]}`), a BatchWriteItem request (`{"Table":
//!    [{"PutRequest": …}]}`) or a list of items;
//! 2. else line by line, blank lines skipped: `{"Item": …}`,
//!    `{"PutRequest": {"Item": …}}`, a bare item, or a line of an
//!    incremental export (`NewImage` puts the item, a line with only
//!    `Keys` deletes it), in the file's order.
//!
//! Every item must carry the table's key attributes with their types; the
//! first line that does not is refused with its number, and nothing of
//! the file is used.

use std::collections::BTreeMap;
use std::io::Read;

use serde_json::Value as Json;

use crate::imported::Imported;
use crate::items::{TableKey, read_item, sort_by_key};
use crate::limits::{MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_LIST_ENTRIES, MAX_UNPACKED_BYTES};
use crate::model::{Item, Model, Table};
use crate::parse;
use crate::refusal::{Refusal, refuse};

/// The items as export lines, sorted by the table's key.
pub fn write(model: &Model) -> String {
    let mut items = model.items.clone();
    sort_by_key(&model.table, &mut items);
    let mut out = String::new();
    for item in items {
        let mut line = serde_json::Map::new();
        line.insert("Item".into(), Json::Object(item));
        out.push_str(&Json::Object(line).to_string());
        out.push('\n');
    }
    out
}

/// The items of `bytes` (gzip or not) for `table`.
pub fn read(bytes: &[u8], table: &Table) -> Result<Imported, Refusal> {
    let text = unpack(bytes)?;
    let mut items = Items::new(table);
    match whole_document(&text, table)? {
        Some(list) => {
            for (i, item) in list.into_iter().enumerate() {
                items.put(item, &format!("item {}", i + 1))?;
            }
        }
        None => {
            for (i, line) in text.lines().enumerate() {
                let place = format!("line {}", i + 1);
                if line.trim().is_empty() {
                    continue;
                }
                if line.len() > MAX_LINE_BYTES {
                    return refuse(format!(
                        "{place} is {} bytes; a line is read up to {MAX_LINE_BYTES}",
                        line.len()
                    ));
                }
                let value = parse::json(line).map_err(|e| Refusal(format!("{place}: {e}")))?;
                read_line(value, &place, &mut items)?;
            }
        }
    }
    let items = items.into_items()?;
    Ok(Imported {
        model: Model {
            table: table.clone(),
            items,
            ..Model::default()
        },
        tables: vec![table.name.clone()],
        notes: Vec::new(),
    })
}

/// The file's text, unpacked when it is gzip, within the bounds.
fn unpack(bytes: &[u8]) -> Result<String, Refusal> {
    if bytes.len() > MAX_FILE_BYTES {
        return refuse(format!(
            "the file is {} bytes; a file is read up to {MAX_FILE_BYTES}",
            bytes.len()
        ));
    }
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .take(MAX_UNPACKED_BYTES as u64 + 1)
            .read_to_end(&mut out)
            .map_err(|e| Refusal(format!("the file is gzip but does not unpack: {e}")))?;
        if out.len() > MAX_UNPACKED_BYTES {
            return refuse(format!(
                "the file unpacks to more than {MAX_UNPACKED_BYTES} bytes, the most read"
            ));
        }
        out
    } else {
        bytes.to_vec()
    };
    String::from_utf8(bytes).map_err(|e| {
        Refusal(format!(
            "the file is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The items of a file that is one JSON value holding them all, if it is
/// one: a Scan's output, a BatchWriteItem request or a list of items.
fn whole_document(text: &str, table: &Table) -> Result<Option<Vec<Json>>, Refusal> {
    let trimmed = text.trim();
    if !trimmed.starts_with(['[', '{']) {
        return Ok(None);
    }
    // Lines of objects are not one value: they fail here after the first.
    let Ok(value) = serde_json::from_str::<Json>(trimmed) else {
        return Ok(None);
    };
    parse::check_depth(&value)?;
    let list = match value {
        Json::Array(list) => list,
        Json::Object(mut object) => {
            if let Some(Json::Array(list)) = object.remove("Items") {
                list
            } else if object.len() == 1 && object.contains_key("Item") && trimmed.contains('\n') {
                object.remove("Item").into_iter().collect()
            } else if let Some(Json::Array(requests)) = object.remove(&table.name) {
                requests
                    .into_iter()
                    .map(|r| r.pointer("/PutRequest/Item").cloned().unwrap_or(r))
                    .collect()
            } else {
                return Ok(None);
            }
        }
        _ => return Ok(None),
    };
    if list.len() > MAX_LIST_ENTRIES {
        return refuse(format!(
            "the file holds {} items; at most {MAX_LIST_ENTRIES} are read",
            list.len()
        ));
    }
    Ok(Some(list))
}

fn read_line(value: Json, place: &str, items: &mut Items) -> Result<(), Refusal> {
    let Json::Object(mut line) = value else {
        return refuse(format!("{place}: a line should be an object"));
    };
    if let Some(item) = line.remove("Item") {
        return items.put(item, place);
    }
    if let Some(item) = line.get("PutRequest").and_then(|r| r.get("Item")) {
        return items.put(item.clone(), place);
    }
    if let Some(image) = line.remove("NewImage") {
        return items.put(image, place);
    }
    if let Some(keys) = line.remove("Keys") {
        return items.delete(keys, place);
    }
    items.put(Json::Object(line), place)
}

/// The items read so far, one per key, and what the key is.
struct Items {
    key: TableKey,
    by_key: BTreeMap<String, Option<Item>>,
    order: Vec<String>,
}

impl Items {
    fn new(table: &Table) -> Items {
        Items {
            key: TableKey::of(table),
            by_key: BTreeMap::new(),
            order: Vec::new(),
        }
    }

    fn put(&mut self, value: Json, place: &str) -> Result<(), Refusal> {
        let item = read_item(value, place)?;
        let identity = self.key.identity(&item, place)?;
        self.record(identity, Some(item), place)
    }

    fn delete(&mut self, keys: Json, place: &str) -> Result<(), Refusal> {
        let keys = read_item(keys, place)?;
        let identity = self.key.identity(&keys, place)?;
        self.record(identity, None, place)
    }

    fn record(&mut self, identity: String, item: Option<Item>, place: &str) -> Result<(), Refusal> {
        if !self.by_key.contains_key(&identity) {
            if self.order.len() == MAX_LIST_ENTRIES {
                return refuse(format!(
                    "{place}: at most {MAX_LIST_ENTRIES} items are read"
                ));
            }
            self.order.push(identity.clone());
        }
        self.by_key.insert(identity, item);
        Ok(())
    }

    fn into_items(mut self) -> Result<Vec<Item>, Refusal> {
        Ok(self
            .order
            .iter()
            .filter_map(|identity| self.by_key.remove(identity).flatten())
            .collect())
    }
}
