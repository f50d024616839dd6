//! UpdateTable: create or delete one global secondary index, change a
//! global index's throughput, switch billing mode, change provisioned
//! throughput, turn the stream on or off, set deletion protection or the
//! table class.
//!
//! The whole request is checked before anything changes. A new index is
//! filled from the existing items at once (DynamoDB backfills in the
//! background; here it is immediate).
//!
//! Billing and throughput follow DynamoDB's rules: switching to
//! `PROVISIONED` needs `ProvisionedThroughput` for the table and an
//! `Update` with throughput for every global index in the same request;
//! switching to `PAY_PER_REQUEST` takes no throughput; asking for the
//! throughput the table already has is an error; and an index cannot be
//! created or deleted in the same request as a throughput or stream change.
//! Where DynamoDB's exact wording is not published (the index variant of
//! "will not change"), the message follows the published table variant.

use super::create_table::{ATTRIBUTE_TYPES, BILLING_MODES};
use super::create_table::{
    IndexRequest, build_index, index_throughput, table_class, throughput_problems, units_in_bounds,
};
use super::streams::StreamSpecification;
use super::{Engine, table_name_problems};
use crate::error::constraint::{self, Violation};
use crate::error::{Error, Result};
use crate::key::KeyType;
use crate::table::{
    BillingMode, IndexDescription, IndexKind, Table, TableClass, TableDescription, Throughput,
};

/// One entry of `GlobalSecondaryIndexUpdates`.
#[derive(Clone, Debug, PartialEq)]
pub enum GsiUpdate {
    /// `Create`.
    Create(IndexRequest),
    /// `Delete` with the index name.
    Delete(String),
    /// `Update`: the index name and its new (read, write) units, if any.
    Update(String, Option<(u64, u64)>),
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
    /// `ProvisionedThroughput`: (read, write) units.
    pub provisioned_throughput: Option<(u64, u64)>,
    /// `StreamSpecification`: turn the stream on or off.
    pub stream_specification: Option<StreamSpecification>,
    /// `DeletionProtectionEnabled`.
    pub deletion_protection_enabled: Option<bool>,
    /// `TableClass`.
    pub table_class: Option<String>,
    /// Whether the request sets any of `SSESpecification`,
    /// `ReplicaUpdates`, `OnDemandThroughput` or `WarmThroughput`: DynamoDB
    /// counts each as an update, so a request of only these is accepted;
    /// none changes anything here (one region, no throttling, no
    /// encryption to show).
    pub sets_unmodelled_settings: bool,
}

/// A billing mode after the request, and the (read, write) units it sets
/// on a table that stays provisioned.
type BillingChange = (BillingMode, Option<(u64, u64)>);

/// Everything the request will change, decided before any of it is done.
struct Plan {
    definitions: Vec<(String, KeyType)>,
    create: Option<IndexDescription>,
    delete: Option<String>,
    index_throughput: Vec<(String, (u64, u64))>,
    billing: Option<BillingChange>,
    table_class: Option<TableClass>,
}

fn same_throughput_error(what: &str, current: &Throughput, read: u64, write: u64) -> Error {
    Error::validation(format!(
        "The provisioned throughput for the {what} will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the {what}: {}. Requested ReadCapacityUnits: {read}. Current WriteCapacityUnits provisioned for the {what}: {}. Requested WriteCapacityUnits: {write}. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.",
        current.read, current.write
    ))
}

/// The request's constraints, collected and reported together (the table
/// name's, then the throughput's and the billing mode's), then the rules
/// between its parts.
fn check_shape(request: &UpdateTableRequest) -> Result<()> {
    let mut problems = table_name_problems(&request.table_name, "tableName");
    throughput_problems(
        request.provisioned_throughput,
        "provisionedThroughput",
        &mut problems,
    );
    if let Some(mode) = &request.billing_mode
        && mode != "PROVISIONED"
        && mode != "PAY_PER_REQUEST"
    {
        problems.push(Violation::new(mode, "billingMode", BILLING_MODES));
    }
    constraint::check(problems)?;
    let mut updated = std::collections::HashSet::new();
    for update in &request.global_secondary_index_updates {
        let name = match update {
            GsiUpdate::Create(index) => &index.index_name,
            GsiUpdate::Delete(name) | GsiUpdate::Update(name, _) => name,
        };
        if !updated.insert(name) {
            return Err(Error::invalid_parameter(format!(
                "Only one global secondary index update per index is allowed simultaneously. Index: {name}"
            )));
        }
    }
    units_in_bounds(request.provisioned_throughput)?;
    let structural = request
        .global_secondary_index_updates
        .iter()
        .filter(|u| !matches!(u, GsiUpdate::Update(..)))
        .count();
    if structural > 1 {
        return Err(Error::LimitExceeded(
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table".into(),
        ));
    }
    let iops = request.billing_mode.is_some() || request.provisioned_throughput.is_some();
    if structural > 0 && iops {
        return Err(Error::invalid_parameter(
            "You cannot create or delete index while updating table IOPS",
        ));
    }
    if structural > 0 && request.stream_specification.is_some() {
        return Err(Error::invalid_parameter(
            "You cannot create or delete index while changing stream status",
        ));
    }
    if iops && request.stream_specification.is_some() {
        return Err(Error::invalid_parameter(
            "You cannot modify stream status while updating table IOPS",
        ));
    }
    if request.global_secondary_index_updates.is_empty()
        && request.attribute_definitions.is_empty()
        && !iops
        && request.stream_specification.is_none()
        && request.deletion_protection_enabled.is_none()
        && request.table_class.is_none()
        && !request.sets_unmodelled_settings
    {
        return Err(Error::validation(
            "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required",
        ));
    }
    Ok(())
}

fn index_not_found(name: &str) -> Error {
    Error::ResourceNotFound(format!(
        "Requested resource not found: Index: {name} not found"
    ))
}

/// The attribute definitions after the request's are added to the table's.
fn merged_definitions(
    table: &Table,
    requested: &[(String, String)],
) -> Result<Vec<(String, KeyType)>> {
    let mut definitions = table.description.attribute_definitions.clone();
    for (name, type_text) in requested {
        let Some(key_type) = KeyType::from_tag(type_text) else {
            return Err(Violation::new(
                type_text,
                "attributeDefinitions.1.member.attributeType",
                ATTRIBUTE_TYPES,
            )
            .into());
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
    Ok(definitions)
}

/// The billing mode after the request, and the throughput it sets.
fn planned_billing(table: &Table, request: &UpdateTableRequest) -> Result<Option<BillingChange>> {
    let current = &table.description.billing_mode;
    let target = request.billing_mode.as_deref().unwrap_or(current.name());
    let throughput = request.provisioned_throughput;
    match (target, current, throughput) {
        (_, _, None) if request.billing_mode.is_none() => Ok(None),
        ("PAY_PER_REQUEST", _, Some(_)) => Err(Error::invalid_parameter(
            "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
        )),
        ("PAY_PER_REQUEST", _, None) => Ok(Some((BillingMode::PayPerRequest, None))),
        (_, BillingMode::PayPerRequest, None) => Err(Error::invalid_parameter(
            "ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
        )),
        (_, BillingMode::Provisioned(now), None) => {
            Ok(Some((BillingMode::Provisioned(now.clone()), None)))
        }
        (_, BillingMode::Provisioned(now), Some((read, write))) => {
            if now.read == read && now.write == write {
                return Err(same_throughput_error("table", now, read, write));
            }
            Ok(Some((
                BillingMode::Provisioned(now.clone()),
                Some((read, write)),
            )))
        }
        (_, BillingMode::PayPerRequest, Some((read, write))) => Ok(Some((
            BillingMode::Provisioned(Throughput::new(read, write)),
            None,
        ))),
    }
}

fn plan(table: &Table, request: &UpdateTableRequest) -> Result<Plan> {
    let definitions = merged_definitions(table, &request.attribute_definitions)?;
    let billing = planned_billing(table, request)?;
    let mode_after = billing
        .as_ref()
        .map_or(&table.description.billing_mode, |(mode, _)| mode);
    let mut plan = Plan {
        definitions,
        create: None,
        delete: None,
        index_throughput: Vec::new(),
        billing: None,
        table_class: request
            .table_class
            .as_deref()
            .map(table_class)
            .transpose()?,
    };
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
                let mut description = build_index(
                    index,
                    IndexKind::Global,
                    &plan.definitions,
                    &table.description.key_schema,
                )?;
                description.throughput = index_throughput(index, mode_after, "must be specified")?;
                plan.create = Some(description);
            }
            GsiUpdate::Delete(name) => match table.description.index(name) {
                Some(i) if i.kind == IndexKind::Global => plan.delete = Some(name.clone()),
                Some(_) => {
                    return Err(Error::validation(format!(
                        "Cannot delete an index that is not a GlobalSecondaryIndex: {name}"
                    )));
                }
                None => return Err(index_not_found(name)),
            },
            GsiUpdate::Update(name, throughput) => {
                let index = table
                    .description
                    .index(name)
                    .ok_or_else(|| index_not_found(name))?;
                if index.kind != IndexKind::Global {
                    return Err(Error::validation(format!(
                        "Cannot update an index that is not a GlobalSecondaryIndex: {name}"
                    )));
                }
                match (mode_after, throughput) {
                    (BillingMode::PayPerRequest, _) => {
                        return Err(Error::invalid_parameter(format!(
                            "The only Updates for index: {name} when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput"
                        )));
                    }
                    (BillingMode::Provisioned(_), None) => {
                        return Err(Error::invalid_parameter(format!(
                            "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: {name}"
                        )));
                    }
                    (BillingMode::Provisioned(_), Some((read, write))) => {
                        if let Some(now) = &index.throughput
                            && now.read == *read
                            && now.write == *write
                        {
                            return Err(same_throughput_error(
                                &format!("index {name}"),
                                now,
                                *read,
                                *write,
                            ));
                        }
                        plan.index_throughput.push((name.clone(), (*read, *write)));
                    }
                }
            }
        }
    }
    let switching_to_provisioned =
        matches!(table.description.billing_mode, BillingMode::PayPerRequest)
            && matches!(mode_after, BillingMode::Provisioned(_));
    if switching_to_provisioned {
        for index in &table.description.indexes {
            if index.kind == IndexKind::Global
                && !plan.index_throughput.iter().any(|(n, _)| *n == index.name)
            {
                return Err(Error::invalid_parameter(format!(
                    "ProvisionedThroughput must be specified for index: {}",
                    index.name
                )));
            }
        }
    }
    plan.billing = billing;
    Ok(plan)
}

impl Engine {
    /// UpdateTable.
    pub fn update_table(&mut self, request: UpdateTableRequest) -> Result<TableDescription> {
        check_shape(&request)?;
        let stream = match &request.stream_specification {
            Some(specification) => Some(specification.view_type()?),
            None => None,
        };
        let now = self.now;
        let table = self.named_table_mut(&request.table_name)?;
        if let Some(stream) = stream {
            super::streams::check_stream_change(table, stream)?;
        }
        let plan = plan(table, &request)?;

        if let Some(name) = &plan.delete {
            table.remove_index(name);
        }
        if let Some(index) = plan.create {
            table.add_index(index);
        }
        table.description.attribute_definitions = used_definitions(&plan.definitions, table);
        if let Some((mode, throughput)) = plan.billing {
            let became_on_demand = mode == BillingMode::PayPerRequest
                && table.description.billing_mode != BillingMode::PayPerRequest;
            table.description.billing_mode = mode;
            if became_on_demand {
                table.description.last_update_to_pay_per_request = Some(now);
            }
            if let (BillingMode::Provisioned(current), Some((read, write))) =
                (&mut table.description.billing_mode, throughput)
            {
                current.change(read, write, now);
            }
        }
        let on_demand = table.description.billing_mode == BillingMode::PayPerRequest;
        for index in table.description.indexes.iter_mut() {
            if on_demand {
                index.throughput = None;
            }
            if let Some((_, (read, write))) =
                plan.index_throughput.iter().find(|(n, _)| *n == index.name)
            {
                match &mut index.throughput {
                    Some(current) => current.change(*read, *write, now),
                    None => index.throughput = Some(Throughput::new(*read, *write)),
                }
            }
        }
        table.sync_index_descriptions();
        if let Some(enabled) = request.deletion_protection_enabled {
            table.description.deletion_protection = enabled;
        }
        if let Some(class) = plan.table_class {
            table.description.table_class = Some(class);
        }
        if let Some(stream) = stream {
            super::streams::apply_stream_change(table, stream, now);
        }
        Ok(table.description.clone())
    }
}

/// The definitions still used by the table's keys and indexes.
fn used_definitions(definitions: &[(String, KeyType)], table: &Table) -> Vec<(String, KeyType)> {
    let description = &table.description;
    definitions
        .iter()
        .filter(|(name, _)| {
            description.key_schema.contains(name)
                || description
                    .indexes
                    .iter()
                    .any(|i| i.key_schema.contains(name))
        })
        .cloned()
        .collect()
}
