//! A NoSQL Workbench data model read: versions 1.0, 2.0 and 3.0, with or
//! without `ModelMetadata`.
//!
//! - The table's key and its global indexes' from `KeyAttributes` (an
//!   index's `KeySchema`, when there is one, wins); their attribute
//!   definitions from the types given there. `NonKeyAttributes` are not
//!   definitions: DynamoDB refuses a definition no key uses.
//! - Billing from `BillingMode` and `ProvisionedCapacitySettings`
//!   (autoscaling has no equivalent in a table's definition: noted).
//! - Items from the table's `TableData` and, as 1.0 keeps them, from each
//!   facet's, the later of two with one key replacing the earlier. Numbers
//!   written as JSON numbers are taken as DynamoDB's number strings. An
//!   item without a key attribute of the table is refused by its place.
//! - Facets, with their aliases, attributes and own items, and the
//!   playground's entity type when the model carries one.

use std::collections::BTreeMap;

use serde_json::{Map, Value as Json};

use super::{ENTITY_FIELD, PLAYGROUND_FIELD};
use crate::api::{STREAM_VIEW_TYPES, read_choice, read_key_schema, read_names, read_projection};
use crate::imported::{Imported, choose};
use crate::items::{TableKey, read_item};
use crate::limits::MAX_FILE_BYTES;
use crate::model::{
    Attribute, Billing, Facet, Index, Item, KeySchema, Model, Table, Tag, Throughput,
};
use crate::parse;
use crate::refusal::{At, Refusal, refuse};

/// Reads the table named `choice`, else the model's first.
pub fn read(text: &str, choice: Option<&str>) -> Result<Imported, Refusal> {
    if text.len() > MAX_FILE_BYTES {
        return refuse(format!(
            "the file is {} bytes; a model is read up to {MAX_FILE_BYTES}",
            text.len()
        ));
    }
    let document = parse::json(text)?;
    let root = At::root(&document, "");
    let tables = root.field("DataModel")?;
    let tables = tables.at().list()?;
    let names = tables
        .iter()
        .map(|t| Ok(t.at().field("TableName")?.at().text()?.to_string()))
        .collect::<Result<Vec<String>, Refusal>>()?;
    let at = choose(&names, choice, "table")?;
    let mut notes = Vec::new();
    let model = read_table(tables[at].at(), &mut notes)?;
    Ok(Imported {
        model,
        tables: names,
        notes,
    })
}

fn read_table(at: At<'_>, notes: &mut Vec<String>) -> Result<Model, Refusal> {
    let mut attributes: Vec<Attribute> = Vec::new();
    let key = read_key_attributes(at.field("KeyAttributes")?.at(), &mut attributes)?;
    let mut table = Table {
        name: at.field("TableName")?.at().text()?.to_string(),
        key,
        ..Table::default()
    };
    if let Some(indexes) = at.optional("GlobalSecondaryIndexes")? {
        for index in indexes.at().list()? {
            table
                .global_indexes
                .push(read_index(index.at(), &mut attributes)?);
        }
    }
    if let Some(indexes) = at.optional("LocalSecondaryIndexes")? {
        for index in indexes.at().list()? {
            let index = index.at();
            table.local_indexes.push(Index {
                name: index.field("IndexName")?.at().text()?.to_string(),
                key: read_key_schema(index.field("KeySchema")?.at())?,
                projection: read_projection(index.field("Projection")?.at())?,
                throughput: None,
            });
        }
    }
    define_from_non_key_attributes(at, &table, &mut attributes)?;
    table.attributes = attributes;
    read_settings(at, &mut table, notes)?;
    let mut items = ItemsByKey::new(&table);
    if let Some(data) = at.optional("TableData")? {
        for item in data.at().list()? {
            items.add(item.value, item.path)?;
        }
    }
    let mut facets = Vec::new();
    if let Some(list) = at.optional("TableFacets")? {
        for facet in list.at().list()? {
            facets.push(read_facet(facet.at(), &mut items)?);
        }
    }
    let playground = playground_file(at, &table.name, notes)?;
    Ok(Model {
        table,
        items: items.into_items(),
        facets,
        patterns: Vec::new(),
        playground,
    })
}

/// The playground's file the model carries, when its items are still the
/// ones written beside it.
fn playground_file(
    at: At<'_>,
    table: &str,
    notes: &mut Vec<String>,
) -> Result<Option<Json>, Refusal> {
    let Some(carried) = at.optional(PLAYGROUND_FIELD)? else {
        return Ok(None);
    };
    let digest = carried.at().field("Digest")?.at().text()?.to_string();
    let data = at
        .optional("TableData")?
        .map(|d| d.value.clone())
        .unwrap_or(Json::Array(Vec::new()));
    if super::digest(&data) != digest {
        notes.push(format!(
            "{table}: the items were changed since the playground wrote this model, so its chart is made again from the facets and the items"
        ));
        return Ok(None);
    }
    Ok(Some(carried.at().field("File")?.value.clone()))
}

/// `{"PartitionKey": {AttributeName, AttributeType}, "SortKey": …}`, each
/// side also taken as a list of such, for keys of several attributes.
fn read_key_attributes(at: At<'_>, attributes: &mut Vec<Attribute>) -> Result<KeySchema, Refusal> {
    let mut key = KeySchema::default();
    for (side, names) in [("PartitionKey", &mut key.hash), ("SortKey", &mut key.range)] {
        let Some(field) = at.optional(side)? else {
            continue;
        };
        let parts = match field.value {
            Json::Array(_) => field.at().list()?,
            _ => vec![field],
        };
        for part in parts {
            let part = part.at();
            let name = part.field("AttributeName")?.at().text()?.to_string();
            let attribute_type = read_choice(part.field("AttributeType")?.at(), &["S", "N", "B"])?;
            define(attributes, &name, &attribute_type, part.path())?;
            names.push(name);
        }
    }
    if key.hash.is_empty() {
        return refuse(format!("{}.PartitionKey is missing", at.path()));
    }
    Ok(key)
}

/// Adds a definition, refusing one attribute given two types.
fn define(
    attributes: &mut Vec<Attribute>,
    name: &str,
    attribute_type: &str,
    place: &str,
) -> Result<(), Refusal> {
    match attributes.iter().find(|a| a.name == name) {
        Some(a) if a.attribute_type != attribute_type => refuse(format!(
            "{place}: {name} is given type {attribute_type} here and {} elsewhere",
            a.attribute_type
        )),
        Some(_) => Ok(()),
        None => {
            attributes.push(Attribute {
                name: name.to_string(),
                attribute_type: attribute_type.to_string(),
            });
            Ok(())
        }
    }
}

/// Types for the key attributes that only an index's `KeySchema` names,
/// from the table's `NonKeyAttributes`.
fn define_from_non_key_attributes(
    at: At<'_>,
    table: &Table,
    attributes: &mut Vec<Attribute>,
) -> Result<(), Refusal> {
    let keys = table.local_indexes.iter().chain(&table.global_indexes);
    let undefined: Vec<&str> = keys
        .flat_map(|i| i.key.elements().map(|(name, _)| name))
        .filter(|name| !attributes.iter().any(|a| a.name == *name))
        .collect();
    if undefined.is_empty() {
        return Ok(());
    }
    let field = at.optional("NonKeyAttributes")?;
    let listed = match &field {
        Some(list) => list.at().list()?,
        None => Vec::new(),
    };
    for name in undefined {
        let found = listed
            .iter()
            .find(|a| a.value.get("AttributeName").and_then(Json::as_str) == Some(name));
        let Some(found) = found else {
            return refuse(format!(
                "{}: the key attribute {name} has no type: it is in no KeyAttributes and not in NonKeyAttributes",
                at.path()
            ));
        };
        let attribute_type =
            read_choice(found.at().field("AttributeType")?.at(), &["S", "N", "B"])?;
        define(attributes, name, &attribute_type, &found.path)?;
    }
    Ok(())
}

fn read_index(at: At<'_>, attributes: &mut Vec<Attribute>) -> Result<Index, Refusal> {
    let key_attributes = read_key_attributes(at.field("KeyAttributes")?.at(), attributes)?;
    let key = match at.optional("KeySchema")? {
        Some(schema) => read_key_schema(schema.at())?,
        None => key_attributes,
    };
    let projection = match at.optional("Projection")? {
        Some(projection) => read_projection(projection.at())?,
        None => Default::default(),
    };
    let throughput = match at.optional("ProvisionedThroughput")? {
        Some(t) => Some(Throughput {
            read: t.at().field("ReadCapacityUnits")?.at().whole()?,
            write: t.at().field("WriteCapacityUnits")?.at().whole()?,
        }),
        None => None,
    };
    Ok(Index {
        name: at.field("IndexName")?.at().text()?.to_string(),
        key,
        projection,
        throughput,
    })
}

fn read_settings(at: At<'_>, table: &mut Table, notes: &mut Vec<String>) -> Result<(), Refusal> {
    let mode = match at.optional("BillingMode")? {
        Some(mode) => read_choice(mode.at(), &["PROVISIONED", "PAY_PER_REQUEST"])?,
        None => "PROVISIONED".to_string(),
    };
    let settings = at.optional("ProvisionedCapacitySettings")?;
    table.billing = match mode.as_str() {
        "PAY_PER_REQUEST" => Billing::PayPerRequest,
        _ => {
            let throughput = settings
                .as_ref()
                .and_then(|s| s.value.get("ProvisionedThroughput"))
                .map(|t| {
                    let t = At::root(t, "ProvisionedCapacitySettings.ProvisionedThroughput");
                    Ok::<_, Refusal>(Throughput {
                        read: t.field("ReadCapacityUnits")?.at().whole()?,
                        write: t.field("WriteCapacityUnits")?.at().whole()?,
                    })
                })
                .transpose()?;
            // Workbench's own default for a provisioned table.
            Billing::Provisioned(throughput.unwrap_or(Throughput { read: 5, write: 5 }))
        }
    };
    if settings.is_some_and(|s| {
        s.value.get("AutoScalingRead").is_some() || s.value.get("AutoScalingWrite").is_some()
    }) {
        notes.push(format!(
            "{}: autoscaling is not part of a table's definition and is left out",
            table.name
        ));
    }
    if let Some(stream) = at.optional("StreamSpecification")? {
        let stream = stream.at();
        let enabled = match stream.optional("StreamEnabled")? {
            Some(enabled) => enabled.at().boolean()?,
            None => true,
        };
        if enabled {
            table.stream = Some(read_choice(
                stream.field("StreamViewType")?.at(),
                &STREAM_VIEW_TYPES,
            )?);
        }
    }
    if let Some(ttl) = at.optional("TimeToLiveSpecification")? {
        let ttl = ttl.at();
        if ttl.field("Enabled")?.at().boolean()? {
            table.ttl = Some(ttl.field("AttributeName")?.at().text()?.to_string());
        }
    }
    if let Some(pitr) = at.optional("PointInTimeRecoverySpecification")? {
        table.point_in_time_recovery = pitr
            .at()
            .field("PointInTimeRecoveryEnabled")?
            .at()
            .boolean()?;
    }
    if let Some(class) = at.optional("TableClass")? {
        let class = read_choice(class.at(), &["STANDARD", "STANDARD_INFREQUENT_ACCESS"])?;
        table.table_class = (class != "STANDARD").then_some(class);
    }
    if let Some(protection) = at.optional("DeletionProtectionEnabled")? {
        table.deletion_protection = protection.at().boolean()?;
    }
    if let Some(tags) = at.optional("Tags")? {
        for tag in tags.at().list()? {
            let tag = tag.at();
            table.tags.push(Tag {
                key: tag.field("Key")?.at().text()?.to_string(),
                value: tag.field("Value")?.at().text()?.to_string(),
            });
        }
    }
    Ok(())
}

fn read_facet(at: At<'_>, items: &mut ItemsByKey) -> Result<Facet, Refusal> {
    let alias = |name: &str| -> Result<Option<String>, Refusal> {
        match at.optional("KeyAttributeAlias")? {
            Some(aliases) => match aliases.at().optional(name)? {
                Some(alias) => Ok(Some(alias.at().text()?.to_string())),
                None => Ok(None),
            },
            None => Ok(None),
        }
    };
    let mut facet = Facet {
        name: at.field("FacetName")?.at().text()?.to_string(),
        partition_key_alias: alias("PartitionKeyAlias")?.unwrap_or_default(),
        sort_key_alias: alias("SortKeyAlias")?,
        attributes: match at.optional("NonKeyAttributes")? {
            Some(names) => read_names(names.at())?,
            None => Vec::new(),
        },
        items: Vec::new(),
        chart: at.optional(ENTITY_FIELD)?.map(|f| f.value.clone()),
    };
    facet.attributes.dedup();
    if let Some(data) = at.optional("TableData")? {
        for item in data.at().list()? {
            facet.items.push(items.add(item.value, item.path)?);
        }
    }
    Ok(facet)
}

/// The items read so far, one per primary key, in the order first seen.
struct ItemsByKey {
    key: TableKey,
    positions: BTreeMap<String, usize>,
    items: Vec<Item>,
}

impl ItemsByKey {
    fn new(table: &Table) -> ItemsByKey {
        ItemsByKey {
            key: TableKey::of(table),
            positions: BTreeMap::new(),
            items: Vec::new(),
        }
    }

    /// Adds the item at `place`, replacing one with its key; returns it.
    fn add(&mut self, value: &Json, place: String) -> Result<Item, Refusal> {
        let item = read_item(numbers_as_text(value.clone()), &place)?;
        let identity = self.key.identity(&item, &place)?;
        match self.positions.get(&identity) {
            Some(&at) => self.items[at] = item.clone(),
            None => {
                self.positions.insert(identity, self.items.len());
                self.items.push(item.clone());
            }
        }
        Ok(item)
    }

    fn into_items(self) -> Vec<Item> {
        self.items
    }
}

/// `{"N": 5}` as `{"N": "5"}`, throughout an item: some tools write
/// numbers as JSON numbers.
fn numbers_as_text(value: Json) -> Json {
    match value {
        Json::Object(map) => Json::Object(
            map.into_iter()
                .map(|(k, v)| match (k.as_str(), v) {
                    ("N", Json::Number(n)) => (k, Json::String(n.to_string())),
                    ("NS", Json::Array(list)) => (
                        k,
                        Json::Array(
                            list.into_iter()
                                .map(|n| match n {
                                    Json::Number(n) => Json::String(n.to_string()),
                                    other => other,
                                })
                                .collect(),
                        ),
                    ),
                    (_, v) => (k, numbers_as_text(v)),
                })
                .collect::<Map<String, Json>>(),
        ),
        Json::Array(list) => Json::Array(list.into_iter().map(numbers_as_text).collect()),
        other => other,
    }
}
