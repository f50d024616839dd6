//! What every format is read into and written from: a table in the shape
//! DynamoDB's own API gives it (CreateTable's input, with the settings made
//! after creation — time to live, point-in-time recovery — beside it), its
//! items in DynamoDB JSON, the entity types the items are made of (NoSQL
//! Workbench's facets) and the access patterns as the requests that serve
//! them.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};

/// An item in DynamoDB JSON: attribute name → `{"S": "…"}` and the like.
pub type Item = Map<String, Json>;

/// A table, its items, its entity types and its access patterns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Model {
    pub table: Table,
    #[serde(default)]
    pub items: Vec<Item>,
    #[serde(default)]
    pub facets: Vec<Facet>,
    #[serde(default)]
    pub patterns: Vec<Pattern>,
    /// The playground's own file, when the model came from one: what a
    /// model the playground wrote carries, so that it opens as it was.
    #[serde(default)]
    pub playground: Option<Json>,
}

/// A table as CreateTable makes it, and the settings made after.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub name: String,
    /// The key attributes of the table and its indexes, and their types
    /// (`S`, `N` or `B`): CreateTable's `AttributeDefinitions`.
    pub attributes: Vec<Attribute>,
    pub key: KeySchema,
    #[serde(default)]
    pub global_indexes: Vec<Index>,
    #[serde(default)]
    pub local_indexes: Vec<Index>,
    #[serde(default)]
    pub billing: Billing,
    /// The stream's view type, when the table has a stream.
    #[serde(default)]
    pub stream: Option<String>,
    /// The time-to-live attribute, when time to live is on.
    #[serde(default)]
    pub ttl: Option<String>,
    #[serde(default)]
    pub point_in_time_recovery: bool,
    #[serde(default)]
    pub tags: Vec<Tag>,
    /// `STANDARD_INFREQUENT_ACCESS`, or `None` for the standard class.
    #[serde(default)]
    pub table_class: Option<String>,
    #[serde(default)]
    pub deletion_protection: bool,
}

/// A key attribute's definition.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Attribute {
    pub name: String,
    /// `S`, `N` or `B`.
    pub attribute_type: String,
}

/// A key: its partition key attributes (`HASH`), then its sort key
/// attributes (`RANGE`). The table's and a local index's have one of
/// each at most; a global index's may have up to four of each.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KeySchema {
    pub hash: Vec<String>,
    #[serde(default)]
    pub range: Vec<String>,
}

impl KeySchema {
    /// A key of one partition key attribute and at most one sort key attribute.
    pub fn simple(hash: &str, range: Option<&str>) -> KeySchema {
        KeySchema {
            hash: vec![hash.to_string()],
            range: range.map(str::to_string).into_iter().collect(),
        }
    }

    /// The key's attributes in the API's order: `(name, "HASH" | "RANGE")`.
    pub fn elements(&self) -> impl Iterator<Item = (&str, &'static str)> {
        let hash = self.hash.iter().map(|n| (n.as_str(), "HASH"));
        hash.chain(self.range.iter().map(|n| (n.as_str(), "RANGE")))
    }

    /// The key as the API writes it: `[{"AttributeName": …, "KeyType": …}]`.
    pub fn to_api(&self) -> Json {
        Json::Array(
            self.elements()
                .map(|(name, key_type)| {
                    let mut element = Map::new();
                    element.insert("AttributeName".into(), Json::String(name.into()));
                    element.insert("KeyType".into(), Json::String(key_type.into()));
                    Json::Object(element)
                })
                .collect(),
        )
    }

    /// The first partition key attribute.
    pub fn partition(&self) -> &str {
        self.hash.first().map(String::as_str).unwrap_or_default()
    }

    /// The first sort key attribute, if any.
    pub fn sort(&self) -> Option<&str> {
        self.range.first().map(String::as_str)
    }

    /// More than one attribute on either side.
    pub fn is_multi_attribute(&self) -> bool {
        self.hash.len() > 1 || self.range.len() > 1
    }
}

/// A secondary index.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Index {
    pub name: String,
    pub key: KeySchema,
    pub projection: Projection,
    /// A global index's own throughput, when the table is provisioned.
    #[serde(default)]
    pub throughput: Option<Throughput>,
}

/// What an index's entries carry besides the keys.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Projection {
    #[default]
    All,
    KeysOnly,
    Include(Vec<String>),
}

impl Projection {
    /// `ALL`, `KEYS_ONLY` or `INCLUDE`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Projection::All => "ALL",
            Projection::KeysOnly => "KEYS_ONLY",
            Projection::Include(_) => "INCLUDE",
        }
    }

    /// The attributes an `INCLUDE` projection adds.
    pub fn non_key_attributes(&self) -> &[String] {
        match self {
            Projection::Include(names) => names,
            _ => &[],
        }
    }

    /// The projection as the API writes it.
    pub fn to_api(&self) -> Json {
        let mut projection = Map::new();
        projection.insert("ProjectionType".into(), self.type_name().into());
        if let Projection::Include(names) = self {
            projection.insert("NonKeyAttributes".into(), names.clone().into());
        }
        Json::Object(projection)
    }
}

/// How the table is billed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Billing {
    /// On demand: `PAY_PER_REQUEST`.
    #[default]
    PayPerRequest,
    /// Provisioned capacity, in units a second.
    Provisioned(Throughput),
}

/// Provisioned read and write capacity units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throughput {
    pub read: u64,
    pub write: u64,
}

/// A tag.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Tag {
    pub key: String,
    pub value: String,
}

/// An entity type of the table: what NoSQL Workbench calls a facet.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Facet {
    pub name: String,
    /// What the table's partition key holds for this entity, as a label
    /// (`CUSTOMER#{customerId}`).
    pub partition_key_alias: String,
    pub sort_key_alias: Option<String>,
    /// Its other attributes, by name.
    pub attributes: Vec<String>,
    /// Items of this entity type only (NoSQL Workbench 1.0 keeps them here).
    #[serde(default)]
    pub items: Vec<Item>,
    /// The playground's own description of the entity type, carried
    /// through a model so that it comes back as it was.
    #[serde(default)]
    pub chart: Option<Json>,
}

/// An access pattern: its description and the request that serves it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Pattern {
    pub name: String,
    /// The operation, as DynamoDB names it (`Query`).
    pub operation: String,
    /// The request, in DynamoDB's JSON.
    pub request: Json,
}

impl Table {
    /// The definitions of the attributes that a key of the table or of an
    /// index uses, in the order they are first used.
    pub fn used_attributes(&self) -> Vec<&Attribute> {
        let keys = std::iter::once(&self.key)
            .chain(self.local_indexes.iter().map(|i| &i.key))
            .chain(self.global_indexes.iter().map(|i| &i.key));
        let mut out: Vec<&Attribute> = Vec::new();
        for (name, _) in keys.flat_map(KeySchema::elements) {
            if out.iter().any(|a| a.name == name) {
                continue;
            }
            if let Some(attribute) = self.attributes.iter().find(|a| a.name == name) {
                out.push(attribute);
            }
        }
        out
    }

    /// The type of the key attribute `name`, if it is defined.
    pub fn attribute_type(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.attribute_type.as_str())
    }

    /// Every index, local ones first.
    pub fn indexes(&self) -> impl Iterator<Item = (&Index, bool)> {
        let local = self.local_indexes.iter().map(|i| (i, false));
        local.chain(self.global_indexes.iter().map(|i| (i, true)))
    }
}
