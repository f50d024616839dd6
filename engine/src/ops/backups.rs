//! UpdateContinuousBackups and DescribeContinuousBackups: point-in-time
//! recovery switched on and off, kept per table.
//!
//! The engine keeps no history to restore from; what it keeps is the setting
//! and the window DynamoDB would describe for it. Continuous backups
//! themselves are always on (`ContinuousBackupsStatus: ENABLED`), as they are
//! for every DynamoDB table. The window: from when recovery was turned on (or
//! the recovery period ago, whichever is later) to five minutes ago, as
//! DynamoDB's `LatestRestorableDateTime` lags the present by about that much.
//!
//! A missing table is a `TableNotFoundException` here, not the
//! `ResourceNotFoundException` of the other table calls.

use super::{Engine, check_table_name};
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::table::PointInTimeRecovery;

pub use crate::limits::MAX_RECOVERY_PERIOD_DAYS;
/// How far `LatestRestorableDateTime` lags the engine's clock.
pub const RESTORE_LAG_SECONDS: f64 = 300.0;

/// `PointInTimeRecoverySpecification` of UpdateContinuousBackups.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointInTimeRecoverySpecification {
    /// `PointInTimeRecoveryEnabled`.
    pub enabled: Option<bool>,
    /// `RecoveryPeriodInDays`.
    pub recovery_period_days: Option<i64>,
}

/// A table's continuous backups as DescribeContinuousBackups tells them.
#[derive(Clone, Debug, PartialEq)]
pub struct ContinuousBackups {
    /// `PointInTimeRecoveryStatus` is `ENABLED`.
    pub enabled: bool,
    /// `RecoveryPeriodInDays`, when enabled.
    pub recovery_period_days: u32,
    /// `EarliestRestorableDateTime`, when enabled.
    pub earliest: f64,
    /// `LatestRestorableDateTime`, when enabled.
    pub latest: f64,
}

fn table_not_found(name: &str) -> Error {
    Error::TableNotFound(format!("Table not found: {name}"))
}

impl Engine {
    /// UpdateContinuousBackups.
    pub fn update_continuous_backups(
        &mut self,
        table_name: &str,
        specification: Option<PointInTimeRecoverySpecification>,
    ) -> Result<ContinuousBackups> {
        check_table_name(table_name, "tableName")?;
        let Some(specification) = specification else {
            return Err(Violation::missing("pointInTimeRecoverySpecification").into());
        };
        let Some(enabled) = specification.enabled else {
            return Err(Violation::missing(
                "pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled",
            )
            .into());
        };
        const PERIOD: &[Rule] = &[
            Rule::AtLeast(1),
            Rule::AtMost(MAX_RECOVERY_PERIOD_DAYS as i64),
        ];
        let at = "pointInTimeRecoverySpecification.recoveryPeriodInDays";
        let period = match specification.recovery_period_days {
            Some(days) if !constraint::number(days, at, PERIOD).is_empty() => {
                return Err(constraint::error(constraint::number(days, at, PERIOD)));
            }
            Some(_) if !enabled => {
                return Err(Error::validation(
                    "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time recovery.",
                ));
            }
            Some(days) => days as u32,
            None => MAX_RECOVERY_PERIOD_DAYS,
        };
        let now = self.now;
        let table = self
            .tables
            .get_mut(table_name)
            .ok_or_else(|| table_not_found(table_name))?;
        let enabled_at = match &table.point_in_time_recovery {
            Some(current) if current.enabled && enabled => current.enabled_at,
            _ => now,
        };
        table.point_in_time_recovery = Some(PointInTimeRecovery {
            enabled,
            enabled_at,
            recovery_period_days: period,
        });
        self.describe_continuous_backups(table_name)
    }

    /// DescribeContinuousBackups.
    pub fn describe_continuous_backups(&self, table_name: &str) -> Result<ContinuousBackups> {
        check_table_name(table_name, "tableName")?;
        let table = self
            .tables
            .get(table_name)
            .ok_or_else(|| table_not_found(table_name))?;
        Ok(match &table.point_in_time_recovery {
            Some(pitr) if pitr.enabled => {
                let window_start = self.now - f64::from(pitr.recovery_period_days) * 86_400.0;
                let earliest = pitr.enabled_at.max(window_start);
                ContinuousBackups {
                    enabled: true,
                    recovery_period_days: pitr.recovery_period_days,
                    earliest,
                    latest: earliest.max(self.now - RESTORE_LAG_SECONDS),
                }
            }
            _ => ContinuousBackups {
                enabled: false,
                recovery_period_days: 0,
                earliest: 0.0,
                latest: 0.0,
            },
        })
    }
}
