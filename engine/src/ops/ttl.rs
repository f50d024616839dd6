//! Time to live: a table can name a Number attribute holding an epoch time
//! in seconds, after which its item expires. DynamoDB deletes expired items
//! in the background, typically within a few days, and reads still return
//! them until then; here the deletion is an explicit step,
//! [`Engine::expire_items`], so the page and the tests decide when it
//! happens (`ddbplay serve` runs it against the wall clock). An expiry is
//! free, keeps every index in step, and is recorded in the stream as a
//! REMOVE made by the service. Items whose attribute is not a Number, or
//! holds a time more than five years before the sweep, are left alone, as
//! DynamoDB leaves them.

use super::Engine;
use crate::error::constraint::{Rule, Violation};
use crate::error::{Error, Result};
use crate::key::{PrimaryKey, primary_key_of};
use crate::table::TimeToLive;
use crate::types::{Item, Value};

/// Seconds in DynamoDB's five-year horizon for TTL values.
const FIVE_YEARS: f64 = 5.0 * 365.0 * 24.0 * 3600.0;

/// Seconds between two changes of a table's TTL setting.
pub const TTL_CHANGE_INTERVAL_SECONDS: f64 = 3600.0;

/// `TimeToLiveSpecification` of UpdateTimeToLive.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimeToLiveSpecification {
    pub enabled: bool,
    pub attribute_name: String,
}

impl Engine {
    /// UpdateTimeToLive.
    pub fn update_time_to_live(
        &mut self,
        table_name: &str,
        specification: TimeToLiveSpecification,
    ) -> Result<TimeToLiveSpecification> {
        super::check_table_name(table_name, "tableName")?;
        if specification.attribute_name.is_empty() {
            return Err(Violation::new(
                "",
                "timeToLiveSpecification.attributeName",
                Rule::LengthAtLeast(1),
            )
            .into());
        }
        let now = self.now;
        let table = self.table_mut_or_not_found(table_name)?;
        // Checked first: a change naming another attribute than the active
        // one, to turn it on or off (as captured against DynamoDB: turning
        // off with another name is refused so, with the right name it
        // succeeds, and again it is "already disabled").
        if let Some(ttl) = &table.ttl
            && ttl.enabled
            && ttl.attribute_name != specification.attribute_name
        {
            return Err(Error::validation(format!(
                "TimeToLive is active on a different AttributeName: current AttributeName is {}",
                ttl.attribute_name
            )));
        }
        match (&table.ttl, specification.enabled) {
            (Some(ttl), true) if ttl.enabled => {
                return Err(Error::validation("TimeToLive is already enabled"));
            }
            (None, false) => return Err(Error::validation("TimeToLive is already disabled")),
            (Some(ttl), false) if !ttl.enabled => {
                return Err(Error::validation("TimeToLive is already disabled"));
            }
            (Some(ttl), _) if now - ttl.changed_at < TTL_CHANGE_INTERVAL_SECONDS => {
                return Err(Error::validation(
                    "Time to live has been modified multiple times within a fixed interval",
                ));
            }
            _ => {}
        }
        table.ttl = Some(TimeToLive {
            attribute_name: specification.attribute_name.clone(),
            enabled: specification.enabled,
            changed_at: now,
        });
        Ok(specification)
    }

    /// DescribeTimeToLive: the setting, if TTL is on.
    pub fn describe_time_to_live(&self, table_name: &str) -> Result<Option<TimeToLive>> {
        super::check_table_name(table_name, "tableName")?;
        let table = self
            .tables
            .get(table_name)
            .ok_or_else(|| super::table_not_found(table_name))?;
        Ok(table.ttl.clone().filter(|t| t.enabled))
    }

    /// Deletes every item whose TTL attribute is a Number of epoch seconds
    /// at or before `until`, in every table with TTL on; returns how many.
    pub fn expire_items(&mut self, until: f64) -> usize {
        self.expire_items_listed(until).len()
    }

    /// [`Engine::expire_items`], returning each deleted item's table and key
    /// attributes.
    pub fn expire_items_listed(&mut self, until: f64) -> Vec<(String, Item)> {
        let mut expired = Vec::new();
        for (table_name, table) in self.tables.iter_mut() {
            let Some(ttl) = table.ttl.as_ref().filter(|t| t.enabled) else {
                continue;
            };
            let name = ttl.attribute_name.as_str();
            let due: Vec<PrimaryKey> = table
                .items
                .entries()
                .filter(|(_, _, entry)| match entry.item.get(name) {
                    Some(Value::N(number)) => number
                        .to_f64()
                        .is_some_and(|at| at <= until && at >= until - FIVE_YEARS),
                    _ => false,
                })
                .filter_map(|(_, _, entry)| {
                    primary_key_of(&table.description.key_schema, &entry.item).ok()
                })
                .collect();
            for key in due {
                let keys = table.key_item(&key);
                if table.write_by(&key, None, true).is_ok() {
                    expired.push((table_name.clone(), keys));
                }
            }
        }
        expired
    }
}
