//! CreateTable, DescribeTable, DeleteTable, ListTables and UpdateTable.

use serde::Deserialize;

use super::tags::{TagWire, tags};
use super::{parse_body, required};
use crate::error::constraint::{self, Shown, Violation};
use crate::error::{Error, Result};
use crate::ops::{
    CreateTableRequest, GsiUpdate, IndexRequest, ListTablesRequest, StreamSpecification,
    UpdateTableRequest, create_table_problems,
};

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct KeySchemaElement {
    attribute_name: Option<String>,
    key_type: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct AttributeDefinition {
    attribute_name: Option<String>,
    attribute_type: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ProjectionWire {
    projection_type: Option<String>,
    non_key_attributes: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Throughput {
    read_capacity_units: Option<u64>,
    write_capacity_units: Option<u64>,
}

impl Throughput {
    /// (read, write); a missing member counts as 0, which the engine
    /// refuses with DynamoDB's constraint message.
    fn units(&self) -> (u64, u64) {
        (
            self.read_capacity_units.unwrap_or(0),
            self.write_capacity_units.unwrap_or(0),
        )
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct StreamSpecificationWire {
    stream_enabled: Option<bool>,
    stream_view_type: Option<String>,
}

fn stream_specification(
    wire: Option<StreamSpecificationWire>,
) -> Result<Option<StreamSpecification>> {
    wire.map(|w| {
        Ok(StreamSpecification {
            enabled: required(w.stream_enabled, "streamSpecification.streamEnabled")?,
            view_type: w.stream_view_type,
        })
    })
    .transpose()
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct IndexWire {
    index_name: Option<String>,
    key_schema: Option<Vec<KeySchemaElement>>,
    projection: Option<ProjectionWire>,
    provisioned_throughput: Option<Throughput>,
}

fn key_schema(
    elements: Option<Vec<KeySchemaElement>>,
    field: &str,
) -> Result<Vec<(String, String)>> {
    required(elements, field)?
        .into_iter()
        .map(|e| {
            Ok((
                required(e.attribute_name, &format!("{field}.member.attributeName"))?,
                required(e.key_type, &format!("{field}.member.keyType"))?,
            ))
        })
        .collect()
}

fn index_request(wire: IndexWire, field: &str) -> Result<IndexRequest> {
    let projection = wire.projection;
    Ok(IndexRequest {
        index_name: required(wire.index_name, &format!("{field}.member.indexName"))?,
        key_schema: key_schema(wire.key_schema, &format!("{field}.member.keySchema"))?,
        projection_type: projection
            .as_ref()
            .map(|p| p.projection_type.clone().unwrap_or_else(|| "ALL".into())),
        non_key_attributes: projection.and_then(|p| p.non_key_attributes),
        provisioned_throughput: wire.provisioned_throughput.as_ref().map(Throughput::units),
    })
}

/// `AttributeDefinitions` of CreateTable and UpdateTable, as name and type
/// pairs; absent, none.
fn attribute_definitions(
    definitions: Option<Vec<AttributeDefinition>>,
) -> Result<Vec<(String, String)>> {
    definitions
        .unwrap_or_default()
        .into_iter()
        .map(|d| {
            Ok((
                required(
                    d.attribute_name,
                    "attributeDefinitions.member.attributeName",
                )?,
                required(
                    d.attribute_type,
                    "attributeDefinitions.member.attributeType",
                )?,
            ))
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct CreateTableWire {
    table_name: Option<String>,
    attribute_definitions: Option<Vec<AttributeDefinition>>,
    key_schema: Option<Vec<KeySchemaElement>>,
    global_secondary_indexes: Option<Vec<IndexWire>>,
    local_secondary_indexes: Option<Vec<IndexWire>>,
    billing_mode: Option<String>,
    provisioned_throughput: Option<Throughput>,
    stream_specification: Option<StreamSpecificationWire>,
    tags: Option<Vec<TagWire>>,
    deletion_protection_enabled: Option<bool>,
    table_class: Option<String>,
}

/// CreateTable. Its name is checked first, with CreateTable's own
/// messages (dynalite's suite as updated against the service): missing, or
/// outside 3 to 255 characters. Then every constraint problem is reported
/// together: missing attribute definitions, the name's pattern and the
/// other fields' constraints, a missing key schema.
pub fn create_table(body: &[u8]) -> Result<CreateTableRequest> {
    let wire: CreateTableWire = parse_body(body)?;
    let Some(table_name) = wire.table_name else {
        return Err(Error::validation(
            "The parameter 'TableName' is required but was not present in the request",
        ));
    };
    if !(3..=255).contains(&table_name.len()) {
        return Err(Error::validation(
            "TableName must be at least 3 characters long and at most 255 characters long",
        ));
    }
    let missing = |present: bool, field: &str| (!present).then(|| Violation::missing(field));
    let definitions_missing = missing(wire.attribute_definitions.is_some(), "attributeDefinitions");
    let key_schema_missing = missing(wire.key_schema.is_some(), "keySchema");
    let attribute_definitions = attribute_definitions(wire.attribute_definitions)?;
    let indexes =
        |list: Option<Vec<IndexWire>>, field: &str| -> Result<Option<Vec<IndexRequest>>> {
            list.map(|l| l.into_iter().map(|i| index_request(i, field)).collect())
                .transpose()
        };
    let request = CreateTableRequest {
        table_name,
        attribute_definitions,
        key_schema: match wire.key_schema {
            Some(elements) => key_schema(Some(elements), "keySchema")?,
            None => Vec::new(),
        },
        global_secondary_indexes: indexes(wire.global_secondary_indexes, "globalSecondaryIndexes")?,
        local_secondary_indexes: indexes(wire.local_secondary_indexes, "localSecondaryIndexes")?,
        billing_mode: wire.billing_mode,
        stream_specification: stream_specification(wire.stream_specification)?,
        provisioned_throughput: wire.provisioned_throughput.as_ref().map(Throughput::units),
        tags: wire.tags.map(tags),
        deletion_protection_enabled: wire.deletion_protection_enabled,
        table_class: wire.table_class,
    };
    if definitions_missing.is_some() || key_schema_missing.is_some() {
        let about_the_empty_key_schema = |p: &Violation| {
            key_schema_missing.is_some()
                && p.at == "keySchema"
                && p.value == Shown::Text("[]".into())
        };
        let problems: Vec<Violation> = definitions_missing
            .clone()
            .into_iter()
            .chain(
                create_table_problems(&request)
                    .into_iter()
                    .filter(|p| !about_the_empty_key_schema(p)),
            )
            .chain(key_schema_missing.clone())
            .collect();
        return Err(constraint::error(problems));
    }
    Ok(request)
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TableNameWire {
    table_name: Option<String>,
}

/// DescribeTable and DeleteTable: the table name.
pub fn table_name(body: &[u8]) -> Result<String> {
    let wire: TableNameWire = parse_body(body)?;
    Ok(required(wire.table_name, "tableName")?)
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ListTablesWire {
    exclusive_start_table_name: Option<String>,
    limit: Option<i64>,
}

/// ListTables.
pub fn list_tables(body: &[u8]) -> Result<ListTablesRequest> {
    let wire: ListTablesWire = parse_body(body)?;
    Ok(ListTablesRequest {
        exclusive_start_table_name: wire.exclusive_start_table_name,
        limit: wire.limit,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GsiUpdateWire {
    create: Option<IndexWire>,
    delete: Option<TableIndexName>,
    update: Option<TableIndexName>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TableIndexName {
    index_name: Option<String>,
    provisioned_throughput: Option<Throughput>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct UpdateTableWire {
    table_name: Option<String>,
    attribute_definitions: Option<Vec<AttributeDefinition>>,
    global_secondary_index_updates: Option<Vec<GsiUpdateWire>>,
    billing_mode: Option<String>,
    provisioned_throughput: Option<Throughput>,
    stream_specification: Option<StreamSpecificationWire>,
    deletion_protection_enabled: Option<bool>,
    table_class: Option<String>,
}

/// UpdateTable.
pub fn update_table(body: &[u8]) -> Result<UpdateTableRequest> {
    let wire: UpdateTableWire = parse_body(body)?;
    let mut updates = Vec::new();
    for update in wire.global_secondary_index_updates.unwrap_or_default() {
        let field = "globalSecondaryIndexUpdates";
        updates.push(match (update.create, update.delete, update.update) {
            (Some(create), None, None) => GsiUpdate::Create(index_request(create, field)?),
            (None, Some(delete), None) => GsiUpdate::Delete(required(delete.index_name, "globalSecondaryIndexUpdates.member.delete.indexName")?),
            (None, None, Some(update)) => GsiUpdate::Update(
                required(update.index_name, "globalSecondaryIndexUpdates.member.update.indexName")?,
                update.provisioned_throughput.as_ref().map(Throughput::units),
            ),
            _ => return Err(Error::validation("One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Update or GlobalSecondaryIndexUpdate.Delete must be specified")),
        });
    }
    Ok(UpdateTableRequest {
        table_name: required(wire.table_name, "tableName")?,
        attribute_definitions: attribute_definitions(wire.attribute_definitions)?,
        global_secondary_index_updates: updates,
        billing_mode: wire.billing_mode,
        provisioned_throughput: wire.provisioned_throughput.as_ref().map(Throughput::units),
        stream_specification: stream_specification(wire.stream_specification)?,
        deletion_protection_enabled: wire.deletion_protection_enabled,
        table_class: wire.table_class,
    })
}
