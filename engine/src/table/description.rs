//! What a table is: its name, key schema, attribute definitions and
//! secondary indexes.

use crate::key::{KeySchema, KeyType};
use crate::types::{Item, Text, Value};

/// Which attributes an index entry carries besides the keys.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum Projection {
    /// Only the table and index keys.
    KeysOnly,
    /// The keys plus these attributes.
    Include(Vec<String>),
    /// The whole item.
    All,
}

impl Projection {
    /// DynamoDB's `ProjectionType`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Projection::KeysOnly => "KEYS_ONLY",
            Projection::Include(_) => "INCLUDE",
            Projection::All => "ALL",
        }
    }
}

/// Global or local.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum IndexKind {
    /// A global secondary index: any partition key, eventually consistent.
    Global,
    /// A local secondary index: the table's partition key, another sort key.
    Local,
}

/// A secondary index.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct IndexDescription {
    /// Its name, unique within the table.
    pub name: String,
    /// Global or local.
    pub kind: IndexKind,
    /// Its key schema.
    pub key_schema: KeySchema,
    /// What its entries carry.
    pub projection: Projection,
    /// A global index's own provisioned throughput, on a provisioned table.
    pub throughput: Option<Throughput>,
}

impl IndexDescription {
    /// True when the attribute is carried by this index's entries, given the table's keys.
    pub fn projects(&self, table_keys: &KeySchema, attribute: &str) -> bool {
        match &self.projection {
            Projection::All => true,
            Projection::KeysOnly => {
                table_keys.contains(attribute) || self.key_schema.contains(attribute)
            }
            Projection::Include(names) => {
                table_keys.contains(attribute)
                    || self.key_schema.contains(attribute)
                    || names.iter().any(|n| n == attribute)
            }
        }
    }

    /// The index entry for an item: the item limited to the projected attributes.
    pub fn project(&self, table_keys: &KeySchema, item: &Item) -> Item {
        item.iter()
            .filter(|(name, _)| self.projects(table_keys, name))
            .map(|(name, value): (&Text, &Value)| (name.clone(), value.clone()))
            .collect()
    }
}

/// A table's description.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct TableDescription {
    /// Its name.
    pub name: String,
    /// Its primary key.
    pub key_schema: KeySchema,
    /// Every attribute used in a key of the table or an index, with its type.
    pub attribute_definitions: Vec<(String, KeyType)>,
    /// Secondary indexes, global and local, in creation order.
    pub indexes: Vec<IndexDescription>,
    /// Seconds since the Unix epoch when it was created.
    pub created_at: f64,
    /// On-demand or provisioned; it changes no number the engine reports.
    pub billing_mode: BillingMode,
    /// When the table last became on-demand, if it ever was: DescribeTable
    /// shows `BillingModeSummary` only for such tables.
    pub last_update_to_pay_per_request: Option<f64>,
    /// `DeletionProtectionEnabled`: DeleteTable is refused while it is on.
    pub deletion_protection: bool,
    /// `TableClass`, when the request named one.
    pub table_class: Option<TableClass>,
}

/// How the table is billed.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum BillingMode {
    /// On-demand.
    PayPerRequest,
    /// Provisioned, with read and write capacity units.
    Provisioned(Throughput),
}

impl BillingMode {
    /// DynamoDB's name for it.
    pub fn name(&self) -> &'static str {
        match self {
            BillingMode::PayPerRequest => "PAY_PER_REQUEST",
            BillingMode::Provisioned(_) => "PROVISIONED",
        }
    }
}

/// Provisioned read and write capacity units, and when they last changed.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct Throughput {
    /// `ReadCapacityUnits`.
    pub read: u64,
    /// `WriteCapacityUnits`.
    pub write: u64,
    /// When either was last raised.
    pub last_increase: Option<f64>,
    /// When either was last lowered.
    pub last_decrease: Option<f64>,
    /// Decreases on the UTC day of `last_decrease`.
    pub decreases_that_day: u32,
}

impl Throughput {
    /// Units as created.
    pub fn new(read: u64, write: u64) -> Throughput {
        Throughput {
            read,
            write,
            last_increase: None,
            last_decrease: None,
            decreases_that_day: 0,
        }
    }

    /// New units at `now`, remembering whether they went up or down.
    pub fn change(&mut self, read: u64, write: u64, now: f64) {
        if read > self.read || write > self.write {
            self.last_increase = Some(now);
        }
        if read < self.read || write < self.write {
            let same_day = self
                .last_decrease
                .is_some_and(|t| utc_day(t) == utc_day(now));
            self.decreases_that_day = if same_day {
                self.decreases_that_day + 1
            } else {
                1
            };
            self.last_decrease = Some(now);
        }
        self.read = read;
        self.write = write;
    }

    /// `NumberOfDecreasesToday` as of `now`.
    pub fn decreases_today(&self, now: f64) -> u32 {
        match self.last_decrease {
            Some(t) if utc_day(t) == utc_day(now) => self.decreases_that_day,
            _ => 0,
        }
    }
}

fn utc_day(seconds: f64) -> i64 {
    (seconds / 86_400.0).floor() as i64
}

/// `TableClass`: what storage costs; it changes no number the engine reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum TableClass {
    /// `STANDARD`.
    Standard,
    /// `STANDARD_INFREQUENT_ACCESS`.
    StandardInfrequentAccess,
}

impl TableClass {
    /// The class DynamoDB calls `name`.
    pub fn from_name(name: &str) -> Option<TableClass> {
        match name {
            "STANDARD" => Some(TableClass::Standard),
            "STANDARD_INFREQUENT_ACCESS" => Some(TableClass::StandardInfrequentAccess),
            _ => None,
        }
    }

    /// DynamoDB's name for it.
    pub fn name(self) -> &'static str {
        match self {
            TableClass::Standard => "STANDARD",
            TableClass::StandardInfrequentAccess => "STANDARD_INFREQUENT_ACCESS",
        }
    }
}

impl TableDescription {
    /// The index with this name.
    pub fn index(&self, name: &str) -> Option<&IndexDescription> {
        self.indexes.iter().find(|i| i.name == name)
    }
}

/// A table's TTL setting.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct TimeToLive {
    /// The attribute holding each item's expiry time.
    pub attribute_name: String,
    pub enabled: bool,
    /// When it was last changed, by the engine's clock.
    pub changed_at: f64,
}

/// A table's point-in-time recovery setting (`UpdateContinuousBackups`).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct PointInTimeRecovery {
    /// Whether it is on.
    pub enabled: bool,
    /// When it was last turned on, by the engine's clock.
    pub enabled_at: f64,
    /// How many days back a restore can reach (1 to 35).
    pub recovery_period_days: u32,
}
