//! UpdateContinuousBackups and DescribeContinuousBackups.

use serde::Deserialize;

use super::{parse_body, required};
use crate::error::Result;
use crate::ops::PointInTimeRecoverySpecification;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct SpecificationWire {
    point_in_time_recovery_enabled: Option<bool>,
    recovery_period_in_days: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct UpdateWire {
    table_name: Option<String>,
    point_in_time_recovery_specification: Option<SpecificationWire>,
}

/// UpdateContinuousBackups: the table and its new setting.
pub fn update_continuous_backups(
    body: &[u8],
) -> Result<(String, Option<PointInTimeRecoverySpecification>)> {
    let wire: UpdateWire = parse_body(body)?;
    let table = required(wire.table_name, "tableName")?;
    Ok((
        super::table_arn::name_of_table(table, "tableName")?,
        wire.point_in_time_recovery_specification
            .map(|s| PointInTimeRecoverySpecification {
                enabled: s.point_in_time_recovery_enabled,
                recovery_period_days: s.recovery_period_in_days,
            }),
    ))
}
