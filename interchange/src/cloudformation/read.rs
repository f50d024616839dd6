//! `AWS::DynamoDB::Table` resources read from a CloudFormation template in
//! YAML or JSON. Values are literals: a key or an index given by a
//! function (`!Ref`, `!Sub`, `Fn::If`) only a stack can work out, and is
//! refused by name — except the table's name, which then becomes the
//! resource's logical ID, with a note. Properties the playground's table
//! does not keep (encryption, contributor insights, Kinesis streams, …)
//! become notes; a property CloudFormation does not know is refused.

use serde_json::Value as Json;

use crate::api::from_create_table;
use crate::imported::{Imported, choose};
use crate::limits::MAX_TEMPLATE_BYTES;
use crate::model::Model;
use crate::parse;
use crate::refusal::{At, Refusal, intrinsic_function, refuse};

/// The type of the resources read.
const TABLE_TYPE: &str = "AWS::DynamoDB::Table";

const KEPT: [&str; 13] = [
    "TableName",
    "AttributeDefinitions",
    "KeySchema",
    "BillingMode",
    "ProvisionedThroughput",
    "GlobalSecondaryIndexes",
    "LocalSecondaryIndexes",
    "StreamSpecification",
    "TimeToLiveSpecification",
    "PointInTimeRecoverySpecification",
    "Tags",
    "TableClass",
    "DeletionProtectionEnabled",
];

const NOT_KEPT: [&str; 7] = [
    "SSESpecification",
    "ContributorInsightsSpecification",
    "KinesisStreamSpecification",
    "ImportSourceSpecification",
    "ResourcePolicy",
    "OnDemandThroughput",
    "WarmThroughput",
];

/// Reads the table named `choice` (its name, or its logical ID when it
/// has no literal name), else the template's first.
pub fn read(text: &str, choice: Option<&str>) -> Result<Imported, Refusal> {
    if text.len() > MAX_TEMPLATE_BYTES {
        return refuse(format!(
            "the file is {} bytes; a template is read up to {MAX_TEMPLATE_BYTES}",
            text.len()
        ));
    }
    let template = if text.trim_start().starts_with('{') {
        parse::json(text)?
    } else {
        parse::yaml(text)?
    };
    let root = At::root(&template, "");
    let resources = root.field("Resources")?;
    let tables: Vec<(&String, &Json)> = resources
        .at()
        .object()?
        .iter()
        .filter(|(_, r)| r.get("Type").and_then(Json::as_str) == Some(TABLE_TYPE))
        .collect();
    let names: Vec<String> = tables
        .iter()
        .map(|(id, resource)| {
            match resource
                .pointer("/Properties/TableName")
                .and_then(Json::as_str)
            {
                Some(name) => name.to_string(),
                None => id.to_string(),
            }
        })
        .collect();
    let at = choose(&names, choice, "AWS::DynamoDB::Table resource")?;
    let (id, resource) = tables[at];
    let mut notes = Vec::new();
    let mut properties = resource
        .get("Properties")
        .cloned()
        .unwrap_or_else(|| Json::Object(Default::default()));
    let place = format!("Resources.{id}.Properties");
    let Some(members) = properties.as_object_mut() else {
        return refuse(format!("{place} should be an object"));
    };
    for key in members.keys() {
        if NOT_KEPT.contains(&key.as_str()) {
            notes.push(format!(
                "{id}: {key} is not part of the playground's table and is left out"
            ));
        } else if !KEPT.contains(&key.as_str()) {
            return refuse(format!("{id}: {TABLE_TYPE} has no property {key}"));
        }
    }
    match members.get("TableName") {
        Some(Json::String(_)) => {}
        Some(name) => {
            let function = intrinsic_function(name).unwrap_or("not text").to_string();
            notes.push(format!(
                "{id}: TableName is {function}, which only a stack can work out; the table is named {id}"
            ));
            members.insert("TableName".into(), Json::String(id.clone()));
        }
        None => {
            notes.push(format!(
                "{id}: no TableName is given; the table is named {id}"
            ));
            members.insert("TableName".into(), Json::String(id.clone()));
        }
    }
    let at = At::root(&properties, &place);
    let mut table = from_create_table(at)?;
    if let Some(ttl) = at.optional("TimeToLiveSpecification")? {
        let ttl = ttl.at();
        let enabled = match ttl.optional("Enabled")? {
            Some(enabled) => enabled.at().boolean()?,
            None => false,
        };
        if enabled {
            table.ttl = Some(ttl.field("AttributeName")?.at().text()?.to_string());
        }
    }
    if let Some(pitr) = at.optional("PointInTimeRecoverySpecification")?
        && let Some(enabled) = pitr.at().optional("PointInTimeRecoveryEnabled")?
    {
        table.point_in_time_recovery = enabled.at().boolean()?;
    }
    Ok(Imported {
        model: Model {
            table,
            ..Model::default()
        },
        tables: names,
        notes,
    })
}
