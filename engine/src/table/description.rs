//! What a table is: its name, key schema, attribute definitions and
//! secondary indexes.

use crate::key::{KeySchema, KeyType};
use crate::types::{Item, Text, Value};

/// Which attributes an index entry carries besides the keys.
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub enum IndexKind {
    /// A global secondary index: any partition key, eventually consistent.
    Global,
    /// A local secondary index: the table's partition key, another sort key.
    Local,
}

/// A secondary index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexDescription {
    /// Its name, unique within the table.
    pub name: String,
    /// Global or local.
    pub kind: IndexKind,
    /// Its key schema.
    pub key_schema: KeySchema,
    /// What its entries carry.
    pub projection: Projection,
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
    /// `PAY_PER_REQUEST` or `PROVISIONED`.
    pub billing_mode: BillingMode,
}

/// How the table is billed; it changes no number the engine reports.
#[derive(Clone, Debug, PartialEq)]
pub enum BillingMode {
    /// On-demand.
    PayPerRequest,
    /// Provisioned, with read and write capacity units.
    Provisioned {
        /// Read capacity units.
        read: u64,
        /// Write capacity units.
        write: u64,
    },
}

impl TableDescription {
    /// The index with this name.
    pub fn index(&self, name: &str) -> Option<&IndexDescription> {
        self.indexes.iter().find(|i| i.name == name)
    }
}

/// A table's TTL setting.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeToLive {
    /// The attribute holding each item's expiry time.
    pub attribute_name: String,
    pub enabled: bool,
    /// When it was last changed, by the engine's clock.
    pub changed_at: f64,
}
