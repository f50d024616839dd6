//! UpdateTable: create or delete one global secondary index on a table that
//! may already hold items. A new index is filled from the existing items
//! at once (DynamoDB backfills in the background; here it is immediate).

use super::create_table::{IndexRequest, build_index};
use super::streams::StreamSpecification;
use super::{Engine, check_table_name};
use crate::error::{Error, Result};
use crate::key::KeyType;
use crate::table::{IndexKind, TableDescription};

/// One entry of `GlobalSecondaryIndexUpdates`.
#[derive(Clone, Debug, PartialEq)]
pub enum GsiUpdate {
    /// `Create`.
    Create(IndexRequest),
    /// `Delete` with the index name.
    Delete(String),
    /// `Update` (throughput only; accepted and changes nothing here).
    Update(String),
}

/// An UpdateTable request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UpdateTableRequest {
    /// `TableName`.
    pub table_name: String,
    /// `AttributeDefinitions` for the attributes new indexes use.
    pub attribute_definitions: Vec<(String, String)>,
    /// `GlobalSecondaryIndexUpdates`.
    pub global_secondary_index_updates: Vec<GsiUpdate>,
    /// `BillingMode`, if changed.
    pub billing_mode: Option<String>,
    /// `StreamSpecification`: turn the stream on or off.
    pub stream_specification: Option<StreamSpecification>,
}

impl Engine {
    /// UpdateTable.
    pub fn update_table(&mut self, request: UpdateTableRequest) -> Result<TableDescription> {
        check_table_name(&request.table_name, "tableName")?;
        let structural = request
            .global_secondary_index_updates
            .iter()
            .filter(|u| !matches!(u, GsiUpdate::Update(_)))
            .count();
        if structural > 1 {
            return Err(Error::LimitExceeded(
                "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table".into(),
            ));
        }
        if request.global_secondary_index_updates.is_empty()
            && request.attribute_definitions.is_empty()
            && request.billing_mode.is_none()
            && request.stream_specification.is_none()
        {
            return Err(Error::validation(
                "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required",
            ));
        }
        let stream = match &request.stream_specification {
            Some(specification) => Some(specification.view_type()?),
            None => None,
        };
        let now = self.now;
        let table = self.table_mut_or_not_found(&request.table_name)?;
        if let Some(stream) = stream {
            super::streams::check_stream_change(table, stream)?;
        }
        let mut definitions = table.description.attribute_definitions.clone();
        for (name, type_text) in &request.attribute_definitions {
            let Some(key_type) = KeyType::from_tag(type_text) else {
                return Err(Error::validation(format!(
                    "1 validation error detected: Value '{type_text}' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]"
                )));
            };
            match definitions.iter().find(|(n, _)| n == name) {
                Some((_, existing)) if *existing != key_type => {
                    return Err(Error::invalid_parameter(format!(
                        "Cannot change the type of attribute {name} from {existing} to {key_type}"
                    )));
                }
                Some(_) => {}
                None => definitions.push((name.clone(), key_type)),
            }
        }
        for update in &request.global_secondary_index_updates {
            match update {
                GsiUpdate::Create(index) => {
                    if table.description.index(&index.index_name).is_some() {
                        return Err(Error::validation(
                            "Attempting to create an index which already exists",
                        ));
                    }
                    let globals = table
                        .description
                        .indexes
                        .iter()
                        .filter(|i| i.kind == IndexKind::Global)
                        .count();
                    if globals >= super::create_table::MAX_GLOBAL_INDEXES {
                        return Err(Error::LimitExceeded(format!(
                            "Subscriber limit exceeded: The number of global secondary indexes for the table exceeds the limit of {}",
                            super::create_table::MAX_GLOBAL_INDEXES
                        )));
                    }
                    let description = build_index(
                        index,
                        IndexKind::Global,
                        &definitions,
                        &table.description.key_schema,
                    )?;
                    table.description.attribute_definitions =
                        used_definitions(&definitions, table, Some(&description));
                    table.add_index(description);
                }
                GsiUpdate::Delete(name) => {
                    match table.description.index(name) {
                        Some(i) if i.kind == IndexKind::Global => {}
                        _ => {
                            return Err(Error::ResourceNotFound(format!(
                                "Requested resource not found: Index: {name} not found"
                            )));
                        }
                    }
                    table.remove_index(name);
                    table.description.attribute_definitions =
                        used_definitions(&definitions, table, None);
                }
                GsiUpdate::Update(name) => {
                    if table.description.index(name).is_none() {
                        return Err(Error::ResourceNotFound(format!(
                            "Requested resource not found: Index: {name} not found"
                        )));
                    }
                }
            }
        }
        if let Some(mode) = &request.billing_mode {
            table.description.billing_mode = match mode.as_str() {
                "PAY_PER_REQUEST" => crate::table::BillingMode::PayPerRequest,
                "PROVISIONED" => crate::table::BillingMode::Provisioned { read: 5, write: 5 },
                other => {
                    return Err(Error::validation(format!(
                        "1 validation error detected: Value '{other}' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"
                    )));
                }
            };
        }
        if let Some(stream) = stream {
            super::streams::apply_stream_change(table, stream, now);
        }
        Ok(table.description.clone())
    }
}

/// The definitions still used by the table's keys and indexes (plus a new index).
fn used_definitions(
    definitions: &[(String, KeyType)],
    table: &crate::table::Table,
    new_index: Option<&crate::table::IndexDescription>,
) -> Vec<(String, KeyType)> {
    let description = &table.description;
    definitions
        .iter()
        .filter(|(name, _)| {
            description.key_schema.contains(name)
                || description
                    .indexes
                    .iter()
                    .any(|i| i.key_schema.contains(name))
                || new_index.is_some_and(|i| i.key_schema.contains(name))
        })
        .cloned()
        .collect()
}
