//! UpdateTimeToLive and DescribeTimeToLive.

use serde::Deserialize;

use super::{parse_body, required};
use crate::error::Result;
use crate::ops::TimeToLiveSpecification;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct SpecificationWire {
    enabled: Option<bool>,
    attribute_name: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct UpdateWire {
    table_name: Option<String>,
    time_to_live_specification: Option<SpecificationWire>,
}

/// UpdateTimeToLive: the table and its new setting.
pub fn update_time_to_live(body: &[u8]) -> Result<(String, TimeToLiveSpecification)> {
    let wire: UpdateWire = parse_body(body)?;
    let table =
        super::table_arn::name_of_table(required(wire.table_name, "tableName")?, "tableName")?;
    let spec = required(wire.time_to_live_specification, "timeToLiveSpecification")?;
    Ok((
        table,
        TimeToLiveSpecification {
            enabled: required(spec.enabled, "timeToLiveSpecification.enabled")?,
            attribute_name: required(spec.attribute_name, "timeToLiveSpecification.attributeName")?,
        },
    ))
}
