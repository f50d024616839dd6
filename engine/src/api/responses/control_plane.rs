//! Tags, continuous backups, limits and endpoints.

use serde_json::json;

use crate::ops::{ContinuousBackups, ENDPOINT_CACHE_MINUTES, Limits};

/// A ListTagsOfResource response body.
pub fn tags(tags: &[(String, String)]) -> String {
    let tags: Vec<_> = tags
        .iter()
        .map(|(k, v)| json!({"Key": k, "Value": v}))
        .collect();
    json!({ "Tags": tags }).to_string()
}

/// An Update- or DescribeContinuousBackups response body.
pub fn continuous_backups(backups: &ContinuousBackups) -> String {
    let recovery = if backups.enabled {
        json!({
            "PointInTimeRecoveryStatus": "ENABLED",
            "RecoveryPeriodInDays": backups.recovery_period_days,
            "EarliestRestorableDateTime": backups.earliest,
            "LatestRestorableDateTime": backups.latest,
        })
    } else {
        json!({ "PointInTimeRecoveryStatus": "DISABLED" })
    };
    json!({
        "ContinuousBackupsDescription": {
            "ContinuousBackupsStatus": "ENABLED",
            "PointInTimeRecoveryDescription": recovery,
        }
    })
    .to_string()
}

/// A DescribeLimits response body.
pub fn limits(limits: &Limits) -> String {
    json!({
        "AccountMaxReadCapacityUnits": limits.account_max_read,
        "AccountMaxWriteCapacityUnits": limits.account_max_write,
        "TableMaxReadCapacityUnits": limits.table_max_read,
        "TableMaxWriteCapacityUnits": limits.table_max_write,
    })
    .to_string()
}

/// A DescribeEndpoints response body.
pub fn endpoints(address: &str) -> String {
    json!({
        "Endpoints": [{ "Address": address, "CachePeriodInMinutes": ENDPOINT_CACHE_MINUTES }]
    })
    .to_string()
}
