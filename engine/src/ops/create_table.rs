//! CreateTable: validation of table and index definitions, with DynamoDB's
//! messages, then an empty table.

use std::collections::BTreeSet;

use super::shared::key_schema::{
    GLOBAL_KEY_SCHEMA_LENGTH, KEY_SCHEMA_LENGTH, build_key_schema, global_index_key_schema,
    render_schema,
};
use super::streams::StreamSpecification;
use super::tags::{Tag, checked_tags};
use super::{Engine, check_table_name, table_name_problems};
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::key::{KeySchema, KeyType};
use crate::table::{
    BillingMode, IndexDescription, IndexKind, Projection, Stream, Table, TableClass,
    TableDescription, Throughput,
};

pub use crate::limits::MAX_GLOBAL_INDEXES;
pub use crate::limits::MAX_LOCAL_INDEXES;
pub use crate::limits::MAX_PROJECTED_ATTRIBUTES;

/// A secondary index as requested.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IndexRequest {
    /// `IndexName`.
    pub index_name: String,
    /// `KeySchema`: (attribute name, `HASH` or `RANGE`).
    pub key_schema: Vec<(String, String)>,
    /// `Projection.ProjectionType`: `None` when the projection is
    /// missing, `Some(None)` when it names no type.
    pub projection_type: Option<Option<String>>,
    /// `Projection.NonKeyAttributes`.
    pub non_key_attributes: Option<Vec<String>>,
    /// `ProvisionedThroughput` of a global index: (read, write) units.
    pub provisioned_throughput: Option<(u64, u64)>,
}

/// A CreateTable request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CreateTableRequest {
    /// `TableName`.
    pub table_name: String,
    /// `AttributeDefinitions`: (attribute name, `S`/`N`/`B`).
    pub attribute_definitions: Vec<(String, String)>,
    /// `KeySchema`: (attribute name, `HASH` or `RANGE`).
    pub key_schema: Vec<(String, String)>,
    /// `GlobalSecondaryIndexes`.
    pub global_secondary_indexes: Option<Vec<IndexRequest>>,
    /// `LocalSecondaryIndexes`.
    pub local_secondary_indexes: Option<Vec<IndexRequest>>,
    /// `BillingMode`: `PROVISIONED` (the default) or `PAY_PER_REQUEST`.
    pub billing_mode: Option<String>,
    /// `ProvisionedThroughput`: (read, write) units.
    pub provisioned_throughput: Option<(u64, u64)>,
    /// `StreamSpecification`.
    pub stream_specification: Option<StreamSpecification>,
    /// `Tags`.
    pub tags: Option<Vec<Tag>>,
    /// `DeletionProtectionEnabled`.
    pub deletion_protection_enabled: Option<bool>,
    /// `TableClass`.
    pub table_class: Option<String>,
}

/// The request's constraint problems (names, enumerations, throughput),
/// in DynamoDB's order; the API puts its missing fields among them.
pub fn create_table_problems(request: &CreateTableRequest) -> Vec<Violation> {
    let mut problems = Vec::new();
    problems.extend(table_name_problems(&request.table_name, "tableName"));
    for (i, (_, t)) in request.attribute_definitions.iter().enumerate() {
        if KeyType::from_tag(t).is_none() {
            problems.push(Violation::new(
                t,
                format!("attributeDefinitions.{}.member.attributeType", i + 1),
                ATTRIBUTE_TYPES,
            ));
        }
    }
    key_type_problems(
        &request.key_schema,
        "keySchema",
        KEY_SCHEMA_LENGTH,
        &mut problems,
    );
    for (list, field, lengths) in [
        (
            &request.global_secondary_indexes,
            "globalSecondaryIndexes",
            GLOBAL_KEY_SCHEMA_LENGTH,
        ),
        (
            &request.local_secondary_indexes,
            "localSecondaryIndexes",
            KEY_SCHEMA_LENGTH,
        ),
    ] {
        for (i, index) in list.iter().flatten().enumerate() {
            problems.extend(table_name_problems(
                &index.index_name,
                &format!("{field}.{}.member.indexName", i + 1),
            ));
            key_type_problems(
                &index.key_schema,
                &format!("{field}.{}.member.keySchema", i + 1),
                lengths,
                &mut problems,
            );
            match &index.projection_type {
                None => problems.push(Violation::missing(format!(
                    "{field}.{}.member.projection",
                    i + 1
                ))),
                Some(Some(t)) if !["ALL", "KEYS_ONLY", "INCLUDE"].contains(&t.as_str()) => problems
                    .push(Violation::new(
                        t,
                        format!("{field}.{}.member.projection.projectionType", i + 1),
                        PROJECTION_TYPES,
                    )),
                _ => {}
            }
        }
    }
    throughput_problems(
        request.provisioned_throughput,
        "provisionedThroughput",
        &mut problems,
    );
    for (i, index) in request
        .global_secondary_indexes
        .iter()
        .flatten()
        .enumerate()
    {
        throughput_problems(
            index.provisioned_throughput,
            &format!(
                "globalSecondaryIndexes.{}.member.provisionedThroughput",
                i + 1
            ),
            &mut problems,
        );
    }
    if let Some(mode) = &request.billing_mode
        && mode != "PROVISIONED"
        && mode != "PAY_PER_REQUEST"
    {
        problems.push(Violation::new(mode, "billingMode", BILLING_MODES));
    }
    problems
}

fn check_enums(request: &CreateTableRequest) -> Result<()> {
    constraint::check(create_table_problems(request))
}

/// Provisioned units below 1, in DynamoDB's constraint wording.
pub(super) fn throughput_problems(
    throughput: Option<(u64, u64)>,
    field: &str,
    problems: &mut Vec<Violation>,
) {
    let Some((read, write)) = throughput else {
        return;
    };
    for (units, member) in [(read, "readCapacityUnits"), (write, "writeCapacityUnits")] {
        let units = i64::try_from(units).unwrap_or(i64::MAX);
        problems.extend(constraint::number(
            units,
            &format!("{field}.{member}"),
            &[Rule::AtLeast(1)],
        ));
    }
}

/// A table class by name, or DynamoDB's error for a wrong one.
pub(super) fn table_class(name: &str) -> Result<TableClass> {
    TableClass::from_name(name).ok_or_else(|| {
        Error::validation(
            "Invalid table-class parameter provided. Please try again with a valid table-class value: [STANDARD, STANDARD_INFREQUENT_ACCESS].",
        )
    })
}

/// A global index's own throughput under the table's billing mode.
/// `missing` is the operation's wording for a provisioned table's index
/// that names none.
pub(super) fn index_throughput(
    request: &IndexRequest,
    billing_mode: &BillingMode,
    missing: &str,
) -> Result<Option<Throughput>> {
    let name = &request.index_name;
    match (billing_mode, request.provisioned_throughput) {
        (BillingMode::Provisioned(_), Some((read, write))) => {
            Ok(Some(Throughput::new(read, write)))
        }
        (BillingMode::Provisioned(_), None) => Err(Error::invalid_parameter(format!(
            "ProvisionedThroughput {missing} for index: {name}"
        ))),
        (BillingMode::PayPerRequest, Some(_)) => Err(Error::invalid_parameter(format!(
            "ProvisionedThroughput should not be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
        ))),
        (BillingMode::PayPerRequest, None) => Ok(None),
    }
}

/// `AttributeType`'s members, as DynamoDB lists them.
pub(super) const ATTRIBUTE_TYPES: Rule = Rule::OneOf("B, N, S");
/// `KeyType`'s members.
const KEY_TYPES: Rule = Rule::OneOf("HASH, RANGE");
/// `ProjectionType`'s members.
const PROJECTION_TYPES: Rule = Rule::OneOf("ALL, INCLUDE, KEYS_ONLY");
/// `BillingMode`'s members.
pub(super) const BILLING_MODES: Rule = Rule::OneOf("PROVISIONED, PAY_PER_REQUEST");

/// The breaches of a key schema's length (by `lengths`) and of its key types.
fn key_type_problems(
    schema: &[(String, String)],
    field: &str,
    lengths: &[Rule],
    problems: &mut Vec<Violation>,
) {
    problems.extend(constraint::length(
        schema.len(),
        &render_schema(schema),
        field,
        lengths,
    ));
    for (i, (_, t)) in schema.iter().enumerate() {
        if t != "HASH" && t != "RANGE" {
            problems.push(Violation::new(
                t,
                format!("{field}.{}.member.keyType", i + 1),
                KEY_TYPES,
            ));
        }
    }
}

/// Builds one index's description, checked in DynamoDB's order (dynalite's
/// suite, recorded against the service; a global index's key schema as
/// captured for multi-attribute keys): the key schema, a local index's
/// range key and leading hash key, the projection.
pub(super) fn build_index(
    request: &IndexRequest,
    kind: IndexKind,
    definitions: &[(String, KeyType)],
    table_keys: &KeySchema,
) -> Result<IndexDescription> {
    check_table_name(&request.index_name, "indexName")?;
    let name = &request.index_name;
    let key_schema = match kind {
        IndexKind::Global => global_index_key_schema(&request.key_schema, definitions)?,
        IndexKind::Local => {
            let key_schema = build_key_schema(&request.key_schema, definitions, false)?;
            if key_schema.sort.is_none() {
                return Err(Error::invalid_parameter(format!(
                    "Index KeySchema does not have a range key for index: {name}"
                )));
            }
            if key_schema.partition.name != table_keys.partition.name {
                return Err(Error::invalid_parameter(format!(
                    "Index KeySchema does not have the same leading hash key as table KeySchema for index: {name}. index hash key: {}, table hash key: {}",
                    key_schema.partition.name, table_keys.partition.name
                )));
            }
            key_schema
        }
    };
    let projection_type = match &request.projection_type {
        Some(Some(projection_type)) => Some(projection_type.as_str()),
        Some(None) => {
            return Err(Error::invalid_parameter("Unknown ProjectionType: null"));
        }
        None => None,
    };
    let projection = match (projection_type, &request.non_key_attributes) {
        (Some("INCLUDE"), Some(attributes)) if !attributes.is_empty() => {
            Projection::Include(attributes.clone())
        }
        (Some("INCLUDE"), _) => {
            return Err(Error::invalid_parameter(
                "ProjectionType is INCLUDE, but NonKeyAttributes is not specified",
            ));
        }
        (Some(t), Some(_)) => {
            return Err(Error::invalid_parameter(format!(
                "ProjectionType is {t}, but NonKeyAttributes is specified"
            )));
        }
        (Some("KEYS_ONLY"), None) => Projection::KeysOnly,
        _ => Projection::All,
    };
    Ok(IndexDescription {
        name: name.clone(),
        kind,
        key_schema,
        projection,
        throughput: None,
    })
}

/// Provisioned units above this are refused as out of bounds.
const MOST_UNITS: u64 = 1_000_000_000_000;

/// Units above [`MOST_UNITS`], in DynamoDB's words.
pub(super) fn units_in_bounds(throughput: Option<(u64, u64)>) -> Result<()> {
    let Some((read, write)) = throughput else {
        return Ok(());
    };
    for (units, name) in [(read, "ReadCapacityUnits"), (write, "WriteCapacityUnits")] {
        if units > MOST_UNITS {
            return Err(Error::validation(format!(
                "Given value {units} for {name} is out of bounds"
            )));
        }
    }
    Ok(())
}

fn attributes_do_not_match() -> Error {
    Error::invalid_parameter(
        "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
    )
}

fn billing_mode(request: &CreateTableRequest) -> Result<BillingMode> {
    match (
        request.billing_mode.as_deref(),
        request.provisioned_throughput,
    ) {
        (Some("PAY_PER_REQUEST"), None) => Ok(BillingMode::PayPerRequest),
        (Some("PAY_PER_REQUEST"), Some(_)) => Err(Error::invalid_parameter(
            "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
        )),
        (_, Some((read, write))) => Ok(BillingMode::Provisioned(Throughput::new(read, write))),
        (Some(_), None) => Err(Error::invalid_parameter(
            "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
        )),
        // Reported by SDK users since 2020 (aws/aws-sdk-go#3140); dynalite's
        // older recording has the message above.
        (None, None) => Err(Error::validation(
            "No provisioned throughput specified for the table",
        )),
    }
}

impl Engine {
    /// CreateTable.
    pub fn create_table(&mut self, request: CreateTableRequest) -> Result<TableDescription> {
        check_enums(&request)?;
        let definitions: Vec<(String, KeyType)> = request
            .attribute_definitions
            .iter()
            .map(|(n, t)| (n.clone(), KeyType::from_tag(t).unwrap_or(KeyType::S)))
            .collect();
        let mut seen = BTreeSet::new();
        for (name, _) in &definitions {
            if !seen.insert(name) {
                return Err(Error::invalid_parameter(format!(
                    "Duplicate AttributeName in AttributeDefinitions: {name}"
                )));
            }
        }
        let billing_mode = billing_mode(&request)?;
        units_in_bounds(request.provisioned_throughput)?;
        let key_schema = build_key_schema(&request.key_schema, &definitions, true)?;
        let no_indexes =
            request.global_secondary_indexes.is_none() && request.local_secondary_indexes.is_none();
        if no_indexes && key_schema.attribute_count() != definitions.len() {
            return Err(attributes_do_not_match());
        }
        let table_class = request
            .table_class
            .as_deref()
            .map(table_class)
            .transpose()?;
        let stream = match &request.stream_specification {
            Some(specification) => specification.view_type()?,
            None => None,
        };
        let globals = request
            .global_secondary_indexes
            .as_deref()
            .unwrap_or_default();
        let locals = request
            .local_secondary_indexes
            .as_deref()
            .unwrap_or_default();
        if request
            .global_secondary_indexes
            .as_ref()
            .is_some_and(Vec::is_empty)
        {
            return Err(Error::invalid_parameter(
                "List of GlobalSecondaryIndexes is empty",
            ));
        }
        if request
            .local_secondary_indexes
            .as_ref()
            .is_some_and(Vec::is_empty)
        {
            return Err(Error::invalid_parameter(
                "List of LocalSecondaryIndexes is empty",
            ));
        }
        if !locals.is_empty() && key_schema.sort.is_none() {
            return Err(Error::invalid_parameter(
                "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
            ));
        }
        if locals.len() > MAX_LOCAL_INDEXES {
            return Err(Error::invalid_parameter(format!(
                "Number of LocalSecondaryIndexes exceeds per-table limit of {MAX_LOCAL_INDEXES}"
            )));
        }
        if globals.len() > MAX_GLOBAL_INDEXES {
            return Err(Error::LimitExceeded(format!(
                "Subscriber limit exceeded: The number of global secondary indexes for the table exceeds the limit of {MAX_GLOBAL_INDEXES}"
            )));
        }
        let mut indexes = Vec::new();
        for (list, kind) in [(locals, IndexKind::Local), (globals, IndexKind::Global)] {
            for index in list {
                let mut description = build_index(index, kind, &definitions, &key_schema)?;
                if kind == IndexKind::Global {
                    description.throughput =
                        index_throughput(index, &billing_mode, "is not specified")?;
                }
                if indexes
                    .iter()
                    .any(|i: &IndexDescription| i.name == description.name)
                {
                    return Err(Error::invalid_parameter(format!(
                        "Duplicate index name: {}",
                        description.name
                    )));
                }
                indexes.push(description);
            }
        }
        let projected: usize = indexes
            .iter()
            .map(|i| match &i.projection {
                Projection::Include(a) => a.len(),
                _ => 0,
            })
            .sum();
        if projected > MAX_PROJECTED_ATTRIBUTES {
            return Err(Error::invalid_parameter(format!(
                "The number of projected attributes across all secondary indexes exceeds the limit of {MAX_PROJECTED_ATTRIBUTES}; number of projected attributes: {projected}"
            )));
        }
        let used: BTreeSet<&str> = key_schema
            .names()
            .chain(indexes.iter().flat_map(|i| i.key_schema.names()))
            .collect();
        if used.len() != definitions.len() {
            return Err(attributes_do_not_match());
        }
        let tags = checked_tags(request.tags.as_deref().unwrap_or_default())?;
        if self.tables.contains_key(&request.table_name) {
            return Err(Error::ResourceInUse(format!(
                "Table already exists: {}",
                request.table_name
            )));
        }
        // Keep local indexes before global ones, each in request order.
        let description = TableDescription {
            name: request.table_name.clone(),
            key_schema,
            attribute_definitions: definitions,
            indexes,
            created_at: self.now,
            last_update_to_pay_per_request: (billing_mode == BillingMode::PayPerRequest)
                .then_some(self.now),
            billing_mode,
            deletion_protection: request.deletion_protection_enabled.unwrap_or(false),
            table_class,
        };
        let mut table = Table::new(description.clone());
        table.clock = self.now;
        if let Some(limit) = self.item_collection_limit {
            table.item_collection_limit = limit;
        }
        if let Some(view_type) = stream {
            table.stream = Some(Stream::new(view_type, self.now));
        }
        table.tags.extend(tags);
        self.tables.insert(request.table_name, table);
        Ok(description)
    }
}
