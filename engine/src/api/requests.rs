//! DynamoDB's request shapes (serde) and their conversion into the engine's
//! typed requests. Attribute values are decoded here, so that a malformed
//! value is reported with DynamoDB's message before the operation runs.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value as Json;

use super::attribute_value::{decode_item, decode_value};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::{Error, Result};
use crate::ops::{
    CreateTableRequest, DeleteItemRequest, ExpressionParameters, GetItemRequest, GsiUpdate,
    IndexRequest, ListTablesRequest, PutItemRequest, QueryRequest, ReturnValues, ScanRequest,
    Select, UpdateItemRequest, UpdateTableRequest,
};
use crate::types::Item;

/// Parses a JSON body into a request shape; any mismatch is a SerializationException.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T> {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| Error::Serialization(e.to_string()))
}

fn required<T>(value: Option<T>, field: &str) -> Result<T> {
    value.ok_or_else(|| {
        Error::validation(format!(
            "1 validation error detected: Value null at '{field}' failed to satisfy constraint: Member must not be null"
        ))
    })
}

fn enum_value<T: Copy>(
    value: Option<&str>,
    field: &str,
    allowed: &[(&str, T)],
    listed: &str,
) -> Result<Option<T>> {
    let Some(text) = value else { return Ok(None) };
    allowed
        .iter()
        .find(|(name, _)| *name == text)
        .map(|(_, v)| Some(*v))
        .ok_or_else(|| {
            Error::validation(format!(
                "1 validation error detected: Value '{text}' at '{field}' failed to satisfy constraint: Member must satisfy enum value set: [{listed}]"
            ))
        })
}

/// Decodes `ReturnConsumedCapacity`.
pub fn return_consumed_capacity(value: Option<&str>) -> Result<ReturnConsumedCapacity> {
    Ok(enum_value(
        value,
        "returnConsumedCapacity",
        &[
            ("NONE", ReturnConsumedCapacity::None),
            ("TOTAL", ReturnConsumedCapacity::Total),
            ("INDEXES", ReturnConsumedCapacity::Indexes),
        ],
        "INDEXES, TOTAL, NONE",
    )?
    .unwrap_or_default())
}

fn return_values(value: Option<&str>) -> Result<ReturnValues> {
    Ok(enum_value(
        value,
        "returnValues",
        &[
            ("NONE", ReturnValues::None),
            ("ALL_OLD", ReturnValues::AllOld),
            ("UPDATED_OLD", ReturnValues::UpdatedOld),
            ("ALL_NEW", ReturnValues::AllNew),
            ("UPDATED_NEW", ReturnValues::UpdatedNew),
        ],
        "ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW",
    )?
    .unwrap_or_default())
}

fn return_old_on_failure(value: Option<&str>) -> Result<bool> {
    Ok(enum_value(
        value,
        "returnValuesOnConditionCheckFailure",
        &[("ALL_OLD", true), ("NONE", false)],
        "ALL_OLD, NONE",
    )?
    .unwrap_or(false))
}

fn select(value: Option<&str>) -> Result<Option<Select>> {
    enum_value(
        value,
        "select",
        &[
            ("SPECIFIC_ATTRIBUTES", Select::SpecificAttributes),
            ("COUNT", Select::Count),
            ("ALL_ATTRIBUTES", Select::AllAttributes),
            ("ALL_PROJECTED_ATTRIBUTES", Select::AllProjectedAttributes),
        ],
        "SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES",
    )
}

fn placeholder_key_ok(key: &str, sigil: char) -> bool {
    key.len() > 1
        && key.len() <= 255
        && key.starts_with(sigil)
        && key[1..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn expression_parameters(
    names: Option<BTreeMap<String, String>>,
    values: Option<Json>,
) -> Result<ExpressionParameters> {
    if let Some(names) = &names
        && let Some(bad) = names.keys().find(|k| !placeholder_key_ok(k, '#'))
    {
        return Err(Error::validation(format!(
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"{bad}\""
        )));
    }
    let values = match values {
        None | Some(Json::Null) => None,
        Some(Json::Object(map)) => {
            let mut out = BTreeMap::new();
            for (key, json) in map {
                if !placeholder_key_ok(&key, ':') {
                    return Err(Error::validation(format!(
                        "ExpressionAttributeValues contains invalid key: Syntax error; key: \"{key}\""
                    )));
                }
                let value = decode_value(&json, 1).map_err(|e| match e {
                    Error::Validation { message, .. } => Error::validation(format!(
                        "ExpressionAttributeValues contains invalid value: {message} for key {key}"
                    )),
                    other => other,
                })?;
                out.insert(key, value);
            }
            Some(out)
        }
        Some(_) => {
            return Err(Error::Serialization(
                "Unexpected token received from parser: ExpressionAttributeValues must be a map"
                    .into(),
            ));
        }
    };
    Ok(ExpressionParameters { names, values })
}

fn optional_item(json: Option<Json>) -> Result<Option<Item>> {
    match json {
        None | Some(Json::Null) => Ok(None),
        Some(json) => decode_item(&json).map(Some),
    }
}

fn start_key(json: Option<Json>) -> Result<Option<Item>> {
    optional_item(json).map_err(|e| match e {
        Error::Validation { message, .. } => {
            Error::validation(format!("The provided starting key is invalid: {message}"))
        }
        other => other,
    })
}

/// Rejects the legacy (pre-expression) parameters, which this engine does not implement.
fn no_legacy(present: &[(&str, bool)]) -> Result<()> {
    if let Some((name, _)) = present.iter().find(|(_, p)| *p) {
        return Err(Error::validation(format!(
            "The legacy parameter {name} is not supported here; use the expression parameters instead"
        )));
    }
    Ok(())
}

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

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct IndexWire {
    index_name: Option<String>,
    key_schema: Option<Vec<KeySchemaElement>>,
    projection: Option<ProjectionWire>,
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
    })
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
}

/// CreateTable.
pub fn create_table(body: &[u8]) -> Result<CreateTableRequest> {
    let wire: CreateTableWire = parse_body(body)?;
    let attribute_definitions = required(wire.attribute_definitions, "attributeDefinitions")?
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
        .collect::<Result<Vec<_>>>()?;
    let indexes =
        |list: Option<Vec<IndexWire>>, field: &str| -> Result<Option<Vec<IndexRequest>>> {
            list.map(|l| l.into_iter().map(|i| index_request(i, field)).collect())
                .transpose()
        };
    Ok(CreateTableRequest {
        table_name: required(wire.table_name, "tableName")?,
        attribute_definitions,
        key_schema: key_schema(wire.key_schema, "keySchema")?,
        global_secondary_indexes: indexes(wire.global_secondary_indexes, "globalSecondaryIndexes")?,
        local_secondary_indexes: indexes(wire.local_secondary_indexes, "localSecondaryIndexes")?,
        billing_mode: wire.billing_mode,
        provisioned_throughput: wire.provisioned_throughput.map(|t| {
            (
                t.read_capacity_units.unwrap_or(0),
                t.write_capacity_units.unwrap_or(0),
            )
        }),
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TableNameWire {
    table_name: Option<String>,
}

/// DescribeTable and DeleteTable: the table name.
pub fn table_name(body: &[u8]) -> Result<String> {
    let wire: TableNameWire = parse_body(body)?;
    required(wire.table_name, "tableName")
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
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct UpdateTableWire {
    table_name: Option<String>,
    attribute_definitions: Option<Vec<AttributeDefinition>>,
    global_secondary_index_updates: Option<Vec<GsiUpdateWire>>,
    billing_mode: Option<String>,
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
            (None, None, Some(update)) => GsiUpdate::Update(required(update.index_name, "globalSecondaryIndexUpdates.member.update.indexName")?),
            _ => return Err(Error::validation("One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Update or GlobalSecondaryIndexUpdate.Delete must be specified")),
        });
    }
    Ok(UpdateTableRequest {
        table_name: required(wire.table_name, "tableName")?,
        attribute_definitions: wire
            .attribute_definitions
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
            .collect::<Result<Vec<_>>>()?,
        global_secondary_index_updates: updates,
        billing_mode: wire.billing_mode,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemWriteWire {
    table_name: Option<String>,
    item: Option<Json>,
    key: Option<Json>,
    condition_expression: Option<String>,
    update_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    expression_attribute_values: Option<Json>,
    return_values: Option<String>,
    return_consumed_capacity: Option<String>,
    return_values_on_condition_check_failure: Option<String>,
    expected: Option<Json>,
    attribute_updates: Option<Json>,
    conditional_operator: Option<Json>,
}

/// What PutItem, DeleteItem and UpdateItem share, decoded.
struct ItemWrite {
    wire: ItemWriteWire,
    table_name: String,
    expression: ExpressionParameters,
    return_values: ReturnValues,
    return_old_on_condition_failure: bool,
    capacity: ReturnConsumedCapacity,
}

fn item_write(body: &[u8]) -> Result<ItemWrite> {
    let mut wire: ItemWriteWire = parse_body(body)?;
    no_legacy(&[
        ("Expected", wire.expected.is_some()),
        ("AttributeUpdates", wire.attribute_updates.is_some()),
        ("ConditionalOperator", wire.conditional_operator.is_some()),
    ])?;
    Ok(ItemWrite {
        capacity: return_consumed_capacity(wire.return_consumed_capacity.as_deref())?,
        table_name: required(wire.table_name.take(), "tableName")?,
        expression: expression_parameters(
            wire.expression_attribute_names.take(),
            wire.expression_attribute_values.take(),
        )?,
        return_values: return_values(wire.return_values.as_deref())?,
        return_old_on_condition_failure: return_old_on_failure(
            wire.return_values_on_condition_check_failure.as_deref(),
        )?,
        wire,
    })
}

/// PutItem.
pub fn put_item(body: &[u8]) -> Result<(PutItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body)?;
    let request = PutItemRequest {
        item: decode_item(&required(w.wire.item, "item")?)?,
        table_name: w.table_name,
        condition_expression: w.wire.condition_expression,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
    };
    Ok((request, w.capacity))
}

/// DeleteItem.
pub fn delete_item(body: &[u8]) -> Result<(DeleteItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body)?;
    let request = DeleteItemRequest {
        key: decode_item(&required(w.wire.key, "key")?)?,
        table_name: w.table_name,
        condition_expression: w.wire.condition_expression,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
    };
    Ok((request, w.capacity))
}

/// UpdateItem.
pub fn update_item(body: &[u8]) -> Result<(UpdateItemRequest, ReturnConsumedCapacity)> {
    let w = item_write(body)?;
    let request = UpdateItemRequest {
        key: decode_item(&required(w.wire.key, "key")?)?,
        table_name: w.table_name,
        update_expression: w.wire.update_expression,
        condition_expression: w.wire.condition_expression,
        expression: w.expression,
        return_values: w.return_values,
        return_old_on_condition_failure: w.return_old_on_condition_failure,
    };
    Ok((request, w.capacity))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GetItemWire {
    table_name: Option<String>,
    key: Option<Json>,
    projection_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    expression_attribute_values: Option<Json>,
    consistent_read: Option<bool>,
    return_consumed_capacity: Option<String>,
    attributes_to_get: Option<Json>,
}

/// GetItem.
pub fn get_item(body: &[u8]) -> Result<(GetItemRequest, ReturnConsumedCapacity)> {
    let wire: GetItemWire = parse_body(body)?;
    no_legacy(&[("AttributesToGet", wire.attributes_to_get.is_some())])?;
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    let table_name = required(wire.table_name, "tableName")?;
    let key = decode_item(&required(wire.key, "key")?)?;
    Ok((
        GetItemRequest {
            table_name,
            key,
            projection_expression: wire.projection_expression,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            consistent_read: wire.consistent_read.unwrap_or(false),
        },
        rcc,
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ReadWire {
    table_name: Option<String>,
    index_name: Option<String>,
    key_condition_expression: Option<String>,
    filter_expression: Option<String>,
    projection_expression: Option<String>,
    expression_attribute_names: Option<BTreeMap<String, String>>,
    expression_attribute_values: Option<Json>,
    select: Option<String>,
    limit: Option<i64>,
    scan_index_forward: Option<bool>,
    consistent_read: Option<bool>,
    exclusive_start_key: Option<Json>,
    segment: Option<i64>,
    total_segments: Option<i64>,
    return_consumed_capacity: Option<String>,
    key_conditions: Option<Json>,
    query_filter: Option<Json>,
    scan_filter: Option<Json>,
    attributes_to_get: Option<Json>,
    conditional_operator: Option<Json>,
}

fn read_wire(body: &[u8]) -> Result<(ReadWire, ReturnConsumedCapacity)> {
    let wire: ReadWire = parse_body(body)?;
    no_legacy(&[
        ("KeyConditions", wire.key_conditions.is_some()),
        ("QueryFilter", wire.query_filter.is_some()),
        ("ScanFilter", wire.scan_filter.is_some()),
        ("AttributesToGet", wire.attributes_to_get.is_some()),
        ("ConditionalOperator", wire.conditional_operator.is_some()),
    ])?;
    let rcc = return_consumed_capacity(wire.return_consumed_capacity.as_deref())?;
    Ok((wire, rcc))
}

/// Query.
pub fn query(body: &[u8]) -> Result<(QueryRequest, ReturnConsumedCapacity)> {
    let (wire, rcc) = read_wire(body)?;
    Ok((
        QueryRequest {
            table_name: required(wire.table_name, "tableName")?,
            select: select(wire.select.as_deref())?,
            index_name: wire.index_name,
            key_condition_expression: wire.key_condition_expression,
            filter_expression: wire.filter_expression,
            projection_expression: wire.projection_expression,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            limit: wire.limit,
            scan_index_forward: wire.scan_index_forward,
            consistent_read: wire.consistent_read.unwrap_or(false),
            exclusive_start_key: start_key(wire.exclusive_start_key)?,
        },
        rcc,
    ))
}

/// Scan.
pub fn scan(body: &[u8]) -> Result<(ScanRequest, ReturnConsumedCapacity)> {
    let (wire, rcc) = read_wire(body)?;
    Ok((
        ScanRequest {
            table_name: required(wire.table_name, "tableName")?,
            select: select(wire.select.as_deref())?,
            index_name: wire.index_name,
            filter_expression: wire.filter_expression,
            projection_expression: wire.projection_expression,
            expression: expression_parameters(
                wire.expression_attribute_names,
                wire.expression_attribute_values,
            )?,
            limit: wire.limit,
            consistent_read: wire.consistent_read.unwrap_or(false),
            exclusive_start_key: start_key(wire.exclusive_start_key)?,
            segment: wire.segment,
            total_segments: wire.total_segments,
        },
        rcc,
    ))
}
