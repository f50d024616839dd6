//! A model read from another tool's file, as a playground's document —
//! which then opens through the checks every link and file goes through
//! (`share::open`), so an import is applied whole or not at all.
//!
//! - A model the playground wrote, still carrying its file, is that file.
//! - Otherwise the table becomes the table design, its items the items
//!   put by hand (so they are exactly the file's), and the entity chart is
//!   the one its facets were given where it was read
//!   (`interchange::chart::with_charts`), with counts of none: the items are
//!   already there; a count raised generates more like them.
//! - What the playground's table does not model (provisioned capacity,
//!   tags, point-in-time recovery, table class, deletion protection) is
//!   named in a note; a table keyed on several attributes is refused (only
//!   a global index can be).

use interchange::imported::Imported;
use interchange::model::{Billing, Model, Table};
use serde_json::Value as Json;

use crate::model::failure::Failure;
use crate::share::v1::{self, Edit, JsonText};
use crate::share::v2::{Runner, WritePath};
use crate::share::v7::{self, Document};
use crate::share::{decode_file, v1::View};

/// A document to open, and what the import did not keep.
#[derive(Debug)]
pub struct Opened {
    pub document: Document,
    pub notes: Vec<String>,
}

/// The document for an imported model.
pub fn document_of(imported: &Imported) -> Result<Opened, Failure> {
    let model = &imported.model;
    let mut notes = imported.notes.clone();
    if let Some(file) = &model.playground {
        let document =
            decode_file(&file.to_string()).map_err(|e| Failure::refused(e.to_string()))?;
        return Ok(Opened { document, notes });
    }
    notes.extend(not_kept(&model.table));
    let table = table_of(&model.table)?;
    let document = Document {
        table,
        entities: model
            .facets
            .iter()
            .filter_map(|f| serde_json::from_value(f.chart.clone()?).ok())
            .collect(),
        seed: 1,
        patterns: Vec::new(),
        selected: 0,
        prices: Default::default(),
        runner: Runner::default(),
        view: View::default(),
        edits: model
            .items
            .iter()
            .map(|item| Edit::Put(JsonText::new(Json::Object(item.clone()))))
            .collect(),
        write_path: WritePath {
            stream: model.table.stream.clone(),
            ttl_attribute: model.table.ttl.clone(),
            handler: None,
        },
        console_files: Vec::new(),
    };
    Ok(Opened { document, notes })
}

/// The items of a model of export lines, as DynamoDB JSON.
pub fn items_of(model: &Model) -> Vec<Json> {
    model.items.iter().cloned().map(Json::Object).collect()
}

/// The table design of a model. A global index may be keyed on several
/// attributes; a table never is (DynamoDB does not allow it), and a local
/// index so keyed is left for CreateTable to refuse with its own message.
fn table_of(table: &Table) -> Result<v7::Table, Failure> {
    let one = |name: &str, whose: &str| -> Result<v1::Key, Failure> {
        let key_type = match table.attribute_type(name) {
            Some("S") => v1::KeyType::S,
            Some("N") => v1::KeyType::N,
            Some("B") => v1::KeyType::B,
            _ => {
                return Err(Failure::refused(format!(
                    "{whose}'s key attribute {name} has no type: it is not among the attribute definitions."
                )));
            }
        };
        Ok(v1::Key {
            name: name.to_string(),
            key_type,
        })
    };
    let all = |names: &[String], whose: &str| -> Result<Vec<v1::Key>, Failure> {
        names.iter().map(|name| one(name, whose)).collect()
    };
    let whose = format!("The table {}", table.name);
    if table.key.is_multi_attribute() {
        return Err(Failure::refused(format!(
            "{whose} is keyed on several attributes ({}); only a global secondary index can be.",
            table
                .key
                .elements()
                .map(|(n, _)| n)
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut indexes = Vec::new();
    for (index, global) in table.indexes() {
        let whose = format!("The index {}", index.name);
        let mut partition = all(&index.key.hash, &whose)?.into_iter();
        let mut sort = all(&index.key.range, &whose)?.into_iter();
        let partition_key = partition
            .next()
            .ok_or_else(|| Failure::refused(format!("{whose} has no partition key attribute.")))?;
        indexes.push(v7::Index {
            name: index.name.clone(),
            global,
            partition_key,
            sort_key: sort.next(),
            more_partition: partition.collect(),
            more_sort: sort.collect(),
            projection: match &index.projection {
                interchange::model::Projection::All => v1::Projection::All,
                interchange::model::Projection::KeysOnly => v1::Projection::KeysOnly,
                interchange::model::Projection::Include(names) => {
                    v1::Projection::Include(names.clone())
                }
            },
        });
    }
    Ok(v7::Table {
        name: table.name.clone(),
        partition_key: one(table.key.partition(), &whose)?,
        sort_key: table.key.sort().map(|n| one(n, &whose)).transpose()?,
        indexes,
    })
}

/// What the playground's table leaves out of `table`, one sentence each.
fn not_kept(table: &Table) -> Vec<String> {
    let mut notes = Vec::new();
    if let Billing::Provisioned(t) = &table.billing {
        notes.push(format!(
            "Provisioned capacity ({} read and {} write units a second) is left out: the playground measures every request in on-demand units.",
            t.read, t.write
        ));
    }
    if !table.tags.is_empty() {
        notes.push(format!(
            "The table's {} tags are left out.",
            table.tags.len()
        ));
    }
    if table.point_in_time_recovery {
        notes.push("Point-in-time recovery is left out.".into());
    }
    if let Some(class) = &table.table_class {
        notes.push(format!("The table class {class} is left out."));
    }
    if table.deletion_protection {
        notes.push("Deletion protection is left out.".into());
    }
    notes
}
