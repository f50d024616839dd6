//! CreateTable, DescribeTable, DeleteTable, ListTables and UpdateTable.

use serde::Deserialize;
use serde::de::IgnoredAny;

use super::tags::{TagWire, tags};
use super::{parse_body, required};
use crate::error::constraint::{self, Rule, Shown, Violation};
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
    read_capacity_units: Option<i64>,
    write_capacity_units: Option<i64>,
}

/// `ProvisionedThroughput` at `field`: its (read, write) units, or `None`
/// and its breaches in `problems` — a member missing, or below 1.
fn throughput(
    wire: Option<&Throughput>,
    field: &str,
    problems: &mut Vec<Violation>,
) -> Option<(u64, u64)> {
    let wire = wire?;
    let mut unit = |value: Option<i64>, member: &str| -> Option<u64> {
        let at = format!("{field}.{member}");
        let Some(value) = value else {
            problems.push(Violation::missing(at));
            return None;
        };
        let breaches = constraint::number(value, &at, &[Rule::AtLeast(1)]);
        let fits = breaches.is_empty();
        problems.extend(breaches);
        fits.then(|| value.unsigned_abs())
    };
    let write = unit(wire.write_capacity_units, "writeCapacityUnits");
    let read = unit(wire.read_capacity_units, "readCapacityUnits");
    Some((read?, write?))
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

/// A required text member of a list's element, or its breach; the element
/// is numbered from 1, as DynamoDB numbers it (`keySchema.2.member.keyType`).
fn member_text(value: Option<String>, at: String, problems: &mut Vec<Violation>) -> String {
    value.unwrap_or_else(|| {
        problems.push(Violation::missing(at));
        String::new()
    })
}

/// A key attribute's name (in a key schema or an attribute definition):
/// required, of 1 to 255 bytes, as the service model declares it — a
/// longer one is refused for its length (Alternator's tests, run against
/// DynamoDB).
fn key_attribute_name(name: Option<String>, at: String, problems: &mut Vec<Violation>) -> String {
    const KEY_NAME: &[Rule] = &[Rule::LengthAtLeast(1), Rule::LengthAtMost(255)];
    let missing = name.is_none();
    let name = member_text(name, at.clone(), problems);
    if !missing {
        problems.extend(constraint::text(&name, &at, KEY_NAME));
    }
    name
}

/// A key schema at `field`: its (name, type) elements; each missing member
/// a breach in `problems`.
fn key_schema(
    elements: Vec<KeySchemaElement>,
    field: &str,
    problems: &mut Vec<Violation>,
) -> Vec<(String, String)> {
    elements
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let at = |member: &str| format!("{field}.{}.member.{member}", i + 1);
            (
                key_attribute_name(e.attribute_name, at("attributeName"), problems),
                member_text(e.key_type, at("keyType"), problems),
            )
        })
        .collect()
}

/// `NonKeyAttributes`' lengths, as the service model declares them: 1 to
/// 20 names (per index), each of 1 to 255 bytes (Alternator's tests,
/// which run against DynamoDB, and a refusal of 24 names seen in a
/// deployment).
fn non_key_attribute_problems(attributes: &[String], at: &str) -> Vec<Violation> {
    const LIST: &[Rule] = &[Rule::LengthAtLeast(1), Rule::LengthAtMost(20)];
    const NAME: &[Rule] = &[Rule::LengthAtMost(255), Rule::LengthAtLeast(1)];
    let shown = format!("[{}]", attributes.join(", "));
    let mut out = constraint::length(attributes.len(), &shown, at, LIST);
    if attributes
        .iter()
        .any(|name| NAME.iter().any(|rule| !rule.holds_for_text(name)))
    {
        out.push(Violation::new(shown, at, Rule::Members(NAME)));
    }
    out
}

/// One index, its members at `place` (`globalSecondaryIndexes.1.member`);
/// a missing name, key schema or projection is noted in that order, index
/// by index, as DynamoDB lists them.
fn index_request(wire: IndexWire, place: &str, problems: &mut Vec<Violation>) -> IndexRequest {
    let at = |member: &str| format!("{place}.{member}");
    let index_name = member_text(wire.index_name, at("indexName"), problems);
    let key_schema = match wire.key_schema {
        Some(elements) => key_schema(elements, &at("keySchema"), problems),
        None => {
            problems.push(Violation::missing(at("keySchema")));
            Vec::new()
        }
    };
    let projection = wire.projection;
    if projection.is_none() {
        problems.push(Violation::missing(at("projection")));
    }
    if let Some(attributes) = projection
        .as_ref()
        .and_then(|p| p.non_key_attributes.as_ref())
    {
        problems.extend(non_key_attribute_problems(
            attributes,
            &at("projection.nonKeyAttributes"),
        ));
    }
    IndexRequest {
        index_name,
        key_schema,
        projection_type: projection.as_ref().map(|p| p.projection_type.clone()),
        non_key_attributes: projection.and_then(|p| p.non_key_attributes),
        provisioned_throughput: throughput(
            wire.provisioned_throughput.as_ref(),
            &at("provisionedThroughput"),
            problems,
        ),
    }
}

/// `AttributeDefinitions` of CreateTable and UpdateTable, as name and type
/// pairs; absent, none.
fn attribute_definitions(
    definitions: Option<Vec<AttributeDefinition>>,
    problems: &mut Vec<Violation>,
) -> Vec<(String, String)> {
    definitions
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let at = |member: &str| format!("attributeDefinitions.{}.member.{member}", i + 1);
            (
                key_attribute_name(d.attribute_name, at("attributeName"), problems),
                member_text(d.attribute_type, at("attributeType"), problems),
            )
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

/// The table name of CreateTable, DescribeTable, DeleteTable,
/// DescribeTimeToLive and UpdateTable, checked first, with these
/// operations' own messages (dynalite's suite, recorded against the
/// service): missing, or outside 3 to 255 characters. Its pattern is
/// checked with the request's other constraints. The table's ARN stands
/// for its name.
fn control_table_name(name: Option<String>) -> Result<String> {
    let Some(name) = name else {
        return Err(Error::validation(
            "The parameter 'TableName' is required but was not present in the request",
        ));
    };
    let name = super::table_arn::name_of_table(name, "tableName")?;
    if !(3..=255).contains(&name.len()) {
        return Err(Error::validation(
            "TableName must be at least 3 characters long and at most 255 characters long",
        ));
    }
    Ok(name)
}

/// CreateTable. Its name is checked first (`control_table_name`); then
/// every constraint problem is reported together: missing members (of the
/// attribute definitions, the key schema's elements, the indexes, the
/// throughput), the name's pattern and the other fields' constraints, a
/// missing key schema.
pub fn create_table(body: &[u8]) -> Result<CreateTableRequest> {
    let wire: CreateTableWire = parse_body(body)?;
    let table_name = control_table_name(wire.table_name)?;
    let mut decoded = Vec::new();
    let missing = |present: bool, field: &str| (!present).then(|| Violation::missing(field));
    let definitions_missing = missing(wire.attribute_definitions.is_some(), "attributeDefinitions");
    let key_schema_missing = missing(wire.key_schema.is_some(), "keySchema");
    let attribute_definitions = attribute_definitions(wire.attribute_definitions, &mut decoded);
    let mut indexes = |list: Option<Vec<IndexWire>>, field: &str| -> Option<Vec<IndexRequest>> {
        list.map(|l| {
            l.into_iter()
                .enumerate()
                .map(|(i, index)| {
                    index_request(index, &format!("{field}.{}.member", i + 1), &mut decoded)
                })
                .collect()
        })
    };
    let local_secondary_indexes = indexes(wire.local_secondary_indexes, "localSecondaryIndexes");
    let global_secondary_indexes = indexes(wire.global_secondary_indexes, "globalSecondaryIndexes");
    let key_schema = key_schema(
        wire.key_schema.unwrap_or_default(),
        "keySchema",
        &mut decoded,
    );
    let provisioned_throughput = throughput(
        wire.provisioned_throughput.as_ref(),
        "provisionedThroughput",
        &mut decoded,
    );
    let request = CreateTableRequest {
        table_name,
        attribute_definitions,
        key_schema,
        global_secondary_indexes,
        local_secondary_indexes,
        billing_mode: wire.billing_mode,
        stream_specification: stream_specification(wire.stream_specification)?,
        provisioned_throughput,
        tags: wire.tags.map(tags),
        deletion_protection_enabled: wire.deletion_protection_enabled,
        table_class: wire.table_class,
    };
    if definitions_missing.is_some() || key_schema_missing.is_some() || !decoded.is_empty() {
        let about_the_empty_key_schema = |p: &Violation| {
            key_schema_missing.is_some()
                && p.at == "keySchema"
                && p.value == Shown::Text("[]".into())
        };
        // A missing member stands in the request as an empty text; what
        // the engine would say about that text is not said.
        let stand_ins: Vec<String> = decoded.iter().map(|p| p.at.clone()).collect();
        let about_a_stand_in = |p: &Violation| stand_ins.contains(&p.at);
        let problems: Vec<Violation> = definitions_missing
            .clone()
            .into_iter()
            .chain(decoded)
            .chain(
                create_table_problems(&request)
                    .into_iter()
                    .filter(|p| !about_the_empty_key_schema(p) && !about_a_stand_in(p)),
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
    control_table_name(wire.table_name)
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
    // Accepted, and changing nothing here (`sets_unmodelled_settings`).
    #[serde(rename = "SSESpecification")]
    sse_specification: Option<IgnoredAny>,
    replica_updates: Option<IgnoredAny>,
    on_demand_throughput: Option<IgnoredAny>,
    warm_throughput: Option<IgnoredAny>,
}

/// An index name at `at`: required, and a table name's pattern and lengths.
fn index_name(name: Option<String>, at: String, problems: &mut Vec<Violation>) -> String {
    let name = member_text(name, at.clone(), problems);
    if !problems.iter().any(|p| p.at == at) {
        problems.extend(constraint::text(&name, &at, constraint::TABLE_NAME));
    }
    name
}

/// UpdateTable. Its name is checked first (`control_table_name`); then
/// the members every index update and the throughput must have, together;
/// then whether each update names exactly one action.
pub fn update_table(body: &[u8]) -> Result<UpdateTableRequest> {
    let wire: UpdateTableWire = parse_body(body)?;
    let table_name = control_table_name(wire.table_name)?;
    let field = "globalSecondaryIndexUpdates";
    let mut decoded = Vec::new();
    let mut actions = Vec::new();
    for (i, update) in wire
        .global_secondary_index_updates
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        let number = i + 1;
        let at = |path: &str| format!("{field}.{number}.member.{path}");
        actions.push(match (update.create, update.delete, update.update) {
            (Some(create), None, None) => Some(GsiUpdate::Create(index_request(
                create,
                &at("create"),
                &mut decoded,
            ))),
            (None, Some(delete), None) => Some(GsiUpdate::Delete(index_name(
                delete.index_name,
                at("delete.indexName"),
                &mut decoded,
            ))),
            (None, None, Some(update)) => Some(GsiUpdate::Update(
                index_name(update.index_name, at("update.indexName"), &mut decoded),
                throughput(
                    update.provisioned_throughput.as_ref(),
                    &at("update.provisionedThroughput"),
                    &mut decoded,
                ),
            )),
            _ => None,
        });
    }
    let provisioned_throughput = throughput(
        wire.provisioned_throughput.as_ref(),
        "provisionedThroughput",
        &mut decoded,
    );
    let attribute_definitions = attribute_definitions(wire.attribute_definitions, &mut decoded);
    constraint::check(decoded)?;
    let Some(global_secondary_index_updates) = actions.into_iter().collect::<Option<Vec<_>>>()
    else {
        return Err(Error::invalid_parameter(
            "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null",
        ));
    };
    Ok(UpdateTableRequest {
        table_name,
        attribute_definitions,
        global_secondary_index_updates,
        billing_mode: wire.billing_mode,
        provisioned_throughput,
        stream_specification: stream_specification(wire.stream_specification)?,
        deletion_protection_enabled: wire.deletion_protection_enabled,
        table_class: wire.table_class,
        sets_unmodelled_settings: wire.sse_specification.is_some()
            || wire.replica_updates.is_some()
            || wire.on_demand_throughput.is_some()
            || wire.warm_throughput.is_some(),
    })
}
