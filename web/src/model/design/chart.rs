//! The entity chart: the table design and, per entity type, its attributes,
//! how to generate them, and a key template for every key attribute of the
//! table and its indexes.

use std::collections::BTreeMap;

use serde_json::{Value as Json, json};

use engine::key::KeyType;
use engine::table::StreamViewType;

use super::template::{Part, Template};
use super::template_meet::SEPARATOR;

/// A key attribute: name and type (`S`, `N` or `B`).
#[derive(Clone, Debug, PartialEq)]
pub struct KeyAttribute {
    pub name: String,
    pub key_type: KeyType,
}

impl KeyAttribute {
    /// A string key attribute.
    pub fn s(name: &str) -> KeyAttribute {
        KeyAttribute {
            name: name.to_string(),
            key_type: KeyType::S,
        }
    }
}

/// What an index's entries carry.
#[derive(Clone, Debug, PartialEq)]
pub enum ProjectionDesign {
    KeysOnly,
    Include(Vec<String>),
    All,
}

/// A secondary index of the design. A global one may have a key of several
/// attributes (up to four partition and four sort key attributes): items
/// keep their own attributes, typed, and the index composes them, so they
/// need no template.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexDesign {
    pub name: String,
    pub global: bool,
    pub partition_key: KeyAttribute,
    pub sort_key: Option<KeyAttribute>,
    /// A multi-attribute partition key's further attributes, in order.
    pub more_partition: Vec<KeyAttribute>,
    /// A multi-attribute sort key's further attributes, in order (only
    /// with a sort key).
    pub more_sort: Vec<KeyAttribute>,
    pub projection: ProjectionDesign,
}

/// The table design.
#[derive(Clone, Debug, PartialEq)]
pub struct TableDesign {
    pub name: String,
    pub partition_key: KeyAttribute,
    pub sort_key: Option<KeyAttribute>,
    pub indexes: Vec<IndexDesign>,
    /// The stream's view type (`NEW_AND_OLD_IMAGES`, …), when the table has
    /// a stream. It is turned on once the generated items are in, so that
    /// only the learner's changes are recorded.
    pub stream: Option<StreamViewType>,
    /// The time-to-live attribute, when TTL is on.
    pub ttl_attribute: Option<String>,
}

/// How an attribute's values are made up when items are generated.
#[derive(Clone, Debug, PartialEq)]
pub enum Generator {
    /// A unique id: the prefix and a counter, as in `c17`.
    Id { prefix: String },
    /// One of these values, uniformly.
    Choice(Vec<String>),
    /// A whole number in `min..=max`.
    Integer { min: i64, max: i64 },
    /// A number in `min..=max` with `decimals` decimals.
    Decimal { min: i64, max: i64, decimals: u32 },
    /// A date `YYYY-MM-DD` in the given year.
    Date { year: u32 },
    /// A moment in the given year, to the second, as ISO 8601 writes it in
    /// UTC (`2024-03-05T14:07:33Z`): text that sorts in time order.
    Time { year: u32 },
    /// A person's name.
    PersonName,
    /// An email address made from the item's `name` attribute if there is one.
    Email,
    /// Between `min` and `max` words of filler text (notes, descriptions).
    Words { min: u32, max: u32 },
    /// A street address.
    Address,
    /// The same attribute of the parent item.
    FromParent,
    /// Only when another attribute of the item has a given value; absent
    /// otherwise. An index key template reading an absent attribute leaves
    /// the item out of that index, which is how a sparse index is made.
    When {
        attribute: String,
        equals: String,
        then: Box<Generator>,
    },
}

impl Generator {
    /// One of these values, uniformly.
    pub fn one_of(options: &[&str]) -> Generator {
        Generator::Choice(options.iter().map(|o| o.to_string()).collect())
    }

    /// The DynamoDB type the values get: `N` for numbers, else `S`
    /// (`None` when they come from the parent item).
    pub fn value_type(&self) -> Option<&'static str> {
        match self {
            Generator::Integer { .. } | Generator::Decimal { .. } => Some("N"),
            Generator::FromParent => None,
            Generator::When { then, .. } => then.value_type(),
            _ => Some("S"),
        }
    }
}

/// An attribute of an entity type.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeDesign {
    pub name: String,
    pub generator: Generator,
}

impl AttributeDesign {
    /// An attribute and how its values are made.
    pub fn new(name: &str, generator: Generator) -> AttributeDesign {
        AttributeDesign {
            name: name.to_string(),
            generator,
        }
    }
}

/// Key templates, key attribute → template: what [`Entity::keys`] holds.
pub fn key_templates(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// An entity type: one row of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    pub name: String,
    pub attributes: Vec<AttributeDesign>,
    /// Key attribute name → template text; a blank or missing template means none.
    pub keys: BTreeMap<String, String>,
    /// The entity type each item belongs to (an order belongs to a customer), if any.
    pub parent: Option<String>,
    /// How many to generate: per parent item when there is a parent, else in all.
    pub count: (u32, u32),
}

/// The whole chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub table: TableDesign,
    pub entities: Vec<Entity>,
}

/// The attribute every generated item carries to say which entity it is.
pub const ENTITY_ATTRIBUTE: &str = "entityType";

impl IndexDesign {
    /// A global index on two string key attributes.
    pub fn global(
        name: &str,
        partition: &str,
        sort: &str,
        projection: ProjectionDesign,
    ) -> IndexDesign {
        IndexDesign {
            name: name.to_string(),
            global: true,
            partition_key: KeyAttribute::s(partition),
            sort_key: Some(KeyAttribute::s(sort)),
            more_partition: Vec::new(),
            more_sort: Vec::new(),
            projection,
        }
    }

    /// The partition key's attributes, in order.
    pub fn partition_keys(&self) -> impl Iterator<Item = &KeyAttribute> {
        std::iter::once(&self.partition_key).chain(&self.more_partition)
    }

    /// The sort key's attributes, in order (none without a sort key).
    pub fn sort_keys(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.sort_key.iter().chain(&self.more_sort)
    }

    /// Every key attribute, partition key's first.
    pub fn keys(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.partition_keys().chain(self.sort_keys())
    }

    /// True when its partition or sort key has several attributes.
    pub fn is_multi_attribute(&self) -> bool {
        !self.more_partition.is_empty() || !self.more_sort.is_empty()
    }
}

impl TableDesign {
    /// A table keyed on the string attributes `PK` and `SK`, the names
    /// single-table designs give them, with these indexes; no stream, no
    /// time to live.
    pub fn keyed(name: &str, indexes: Vec<IndexDesign>) -> TableDesign {
        TableDesign {
            name: name.to_string(),
            partition_key: KeyAttribute::s("PK"),
            sort_key: Some(KeyAttribute::s("SK")),
            indexes,
            stream: None,
            ttl_attribute: None,
        }
    }

    /// Every key attribute of the table and its indexes, table keys first, without repeats.
    pub fn key_attributes(&self) -> Vec<&KeyAttribute> {
        let mut out: Vec<&KeyAttribute> = Vec::new();
        let all = std::iter::once(&self.partition_key)
            .chain(self.sort_key.iter())
            .chain(self.indexes.iter().flat_map(IndexDesign::keys));
        for key in all {
            if !out.iter().any(|k| k.name == key.name) {
                out.push(key);
            }
        }
        out
    }

    /// The key attributes only multi-attribute global indexes use: each an
    /// item's own attribute, which those indexes compose as it is — the
    /// chart gives them no template. (An attribute the table's key or a
    /// one-attribute index also uses keeps its template.)
    pub fn plain_key_attributes(&self) -> Vec<&KeyAttribute> {
        let templated: Vec<&str> = std::iter::once(&self.partition_key)
            .chain(self.sort_key.iter())
            .chain(
                self.indexes
                    .iter()
                    .filter(|i| !i.is_multi_attribute())
                    .flat_map(IndexDesign::keys),
            )
            .map(|k| k.name.as_str())
            .collect();
        let mut out: Vec<&KeyAttribute> = Vec::new();
        for key in self
            .indexes
            .iter()
            .filter(|i| i.is_multi_attribute())
            .flat_map(IndexDesign::keys)
        {
            if !templated.contains(&key.name.as_str()) && !out.iter().any(|k| k.name == key.name) {
                out.push(key);
            }
        }
        out
    }

    /// The names of [`TableDesign::key_attributes`].
    pub fn key_attribute_names(&self) -> Vec<String> {
        self.key_attributes()
            .iter()
            .map(|k| k.name.clone())
            .collect()
    }

    /// The CreateTable request for the design (on-demand billing).
    pub fn create_table_request(&self) -> Json {
        let schema = |pk: &KeyAttribute, sk: &Option<KeyAttribute>| {
            let mut s = vec![json!({"AttributeName": pk.name, "KeyType": "HASH"})];
            if let Some(sk) = sk {
                s.push(json!({"AttributeName": sk.name, "KeyType": "RANGE"}));
            }
            s
        };
        let index = |i: &IndexDesign| {
            let projection = match &i.projection {
                ProjectionDesign::KeysOnly => json!({"ProjectionType": "KEYS_ONLY"}),
                ProjectionDesign::All => json!({"ProjectionType": "ALL"}),
                ProjectionDesign::Include(names) => {
                    json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": names})
                }
            };
            let key_schema: Vec<Json> = i
                .partition_keys()
                .map(|k| json!({"AttributeName": k.name, "KeyType": "HASH"}))
                .chain(
                    i.sort_keys()
                        .map(|k| json!({"AttributeName": k.name, "KeyType": "RANGE"})),
                )
                .collect();
            json!({"IndexName": i.name, "KeySchema": key_schema, "Projection": projection})
        };
        let mut request = json!({
            "TableName": self.name,
            "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": self.key_attributes().iter()
                .map(|k| json!({"AttributeName": k.name, "AttributeType": k.key_type.tag()})).collect::<Vec<_>>(),
            "KeySchema": schema(&self.partition_key, &self.sort_key),
        });
        let globals: Vec<Json> = self
            .indexes
            .iter()
            .filter(|i| i.global)
            .map(index)
            .collect();
        let locals: Vec<Json> = self
            .indexes
            .iter()
            .filter(|i| !i.global)
            .map(index)
            .collect();
        if !globals.is_empty() {
            request["GlobalSecondaryIndexes"] = Json::Array(globals);
        }
        if !locals.is_empty() {
            request["LocalSecondaryIndexes"] = Json::Array(locals);
        }
        request
    }
}

/// An entity's templates for the table's keys, and whether each of its
/// attributes may hold `#` in its items.
struct EntityKeys {
    templates: Vec<Template>,
    holds: BTreeMap<String, bool>,
}

impl EntityKeys {
    /// Whether the attribute `name` may hold `#` in this entity's items:
    /// one it does not have may hold anything.
    fn may_hold_separator(&self, name: &str) -> bool {
        self.holds.get(name).copied().unwrap_or(true)
    }
}

/// True when, for every table key, the two entities' templates could
/// produce the same value: a field may hold `#` when it may in either
/// entity's items.
fn can_collide(a: &EntityKeys, b: &EntityKeys) -> bool {
    let holds = |name: &str, _: char| a.may_hold_separator(name) || b.may_hold_separator(name);
    a.templates
        .iter()
        .zip(&b.templates)
        .all(|(ta, tb)| ta.can_meet(tb, &holds))
}

/// Something in the design worth a second look, in plain words.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    /// The entity it is about, if one.
    pub entity: Option<String>,
    /// What to look at.
    pub message: String,
}

impl Chart {
    /// The entity with this name.
    pub fn entity(&self, name: &str) -> Option<&Entity> {
        self.entities.iter().find(|e| e.name == name)
    }

    /// The parsed template of an entity for a key attribute (blank if none).
    pub fn template(
        &self,
        entity: &Entity,
        key: &str,
    ) -> Result<Template, super::template::TemplateError> {
        Template::parse(entity.keys.get(key).map_or("", String::as_str))
    }

    /// Checks the chart: templates that do not parse or name unknown
    /// attributes, entities without a table key, and entities whose keys can
    /// collide. Low-cardinality keys are found on data, by [`super::generate`].
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        let table_keys: Vec<&str> = std::iter::once(self.table.partition_key.name.as_str())
            .chain(self.table.sort_key.iter().map(|k| k.name.as_str()))
            .collect();
        for entity in &self.entities {
            let known: Vec<&str> = entity.attributes.iter().map(|a| a.name.as_str()).collect();
            for key in self.table.key_attributes() {
                match self.template(entity, &key.name) {
                    Err(e) => out.push(Warning {
                        entity: Some(entity.name.clone()),
                        message: format!("The {} template does not read: {}.", key.name, e.message),
                    }),
                    Ok(t) => {
                        for attribute in t.attributes().filter(|a| !known.contains(a)) {
                            out.push(Warning {
                                entity: Some(entity.name.clone()),
                                message: format!("The {} template uses {{{attribute}}}, but {} has no attribute {attribute}.", key.name, entity.name),
                            });
                        }
                        if t.is_blank() && table_keys.contains(&key.name.as_str()) {
                            out.push(Warning {
                                entity: Some(entity.name.clone()),
                                message: format!(
                                    "{} has no {} template; every item needs the table's keys.",
                                    entity.name, key.name
                                ),
                            });
                        }
                    }
                }
            }
        }
        out.extend(self.unpadded_numbers());
        out.extend(self.mistyped_plain_keys());
        // Each entity's table-key templates, read once, and whether each
        // attribute they name may hold the separator, worked out once: the
        // pairs below only walk them.
        let keys: Vec<Option<EntityKeys>> = self
            .entities
            .iter()
            .map(|entity| self.key_templates(entity, &table_keys))
            .collect();
        for (i, a) in self.entities.iter().enumerate() {
            for (j, b) in self.entities.iter().enumerate().skip(i + 1) {
                let (Some(ka), Some(kb)) = (&keys[i], &keys[j]) else {
                    continue;
                };
                if can_collide(ka, kb) {
                    out.push(Warning {
                        entity: Some(b.name.clone()),
                        message: format!(
                            "{} and {} can get the same primary key: their key templates start alike. Give each entity its own prefix (as in ORDER#…).",
                            a.name, b.name
                        ),
                    });
                }
            }
        }
        out
    }

    /// An entity's templates for the table's keys, with what its
    /// attributes may hold; `None` when a template is blank or does not
    /// read (such an entity is warned of above, and collides with nothing).
    fn key_templates(&self, entity: &Entity, table_keys: &[&str]) -> Option<EntityKeys> {
        let templates = table_keys
            .iter()
            .map(|key| {
                let template = self.template(entity, key).ok()?;
                (!template.is_blank()).then_some(template)
            })
            .collect::<Option<Vec<_>>>()?;
        let holds = entity
            .attributes
            .iter()
            .map(|a| (a.name.clone(), self.may_hold(entity, &a.name, SEPARATOR)))
            .collect();
        Some(EntityKeys { templates, holds })
    }

    /// Sort keys of type S that write a number without padding: as text,
    /// "10" sorts before "9", so range conditions and ordering go wrong.
    fn unpadded_numbers(&self) -> Vec<Warning> {
        let sort_keys: Vec<&KeyAttribute> = self
            .table
            .sort_key
            .iter()
            .chain(
                self.table
                    .indexes
                    .iter()
                    .filter_map(|i| i.sort_key.as_ref()),
            )
            .filter(|k| k.key_type == KeyType::S)
            .collect();
        let global_sort_keys: Vec<&str> = self
            .table
            .indexes
            .iter()
            .filter(|i| i.global)
            .filter_map(|i| i.sort_key.as_ref())
            .map(|k| k.name.as_str())
            .collect();
        let mut out = Vec::new();
        for entity in &self.entities {
            for key in &sort_keys {
                let Ok(template) = self.template(entity, &key.name) else {
                    continue;
                };
                for part in template.parts() {
                    let Part::Field {
                        name,
                        padding: None,
                    } = part
                    else {
                        continue;
                    };
                    let is_number = entity
                        .attributes
                        .iter()
                        .any(|a| a.name == *name && a.generator.value_type() == Some("N"));
                    if is_number {
                        let or_index = if global_sort_keys.contains(&key.name.as_str()) {
                            format!(
                                " Or key the index on {name} itself, as a sort key attribute of its own: a global index's key can have several attributes, each compared by its type, so numbers need no padding."
                            )
                        } else {
                            String::new()
                        };
                        out.push(Warning {
                            entity: Some(entity.name.clone()),
                            message: format!(
                                "The {} template writes the number {{{name}}} as plain text, where 10 sorts before 9. Pad it to a fixed width, as in {{{name}:010.2}}.{or_index}",
                                key.name
                            ),
                        });
                    }
                }
            }
        }
        out
    }

    /// Entities whose own attribute a multi-attribute index keys on, but
    /// whose values have another type than the key's: DynamoDB would
    /// refuse every such item.
    fn mistyped_plain_keys(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        for key in self.table.plain_key_attributes() {
            for entity in &self.entities {
                let Some(value_type) = entity
                    .attributes
                    .iter()
                    .find(|a| a.name == key.name)
                    .and_then(|a| a.generator.value_type())
                else {
                    continue;
                };
                if value_type != key.key_type.tag() {
                    out.push(Warning {
                        entity: Some(entity.name.clone()),
                        message: format!(
                            "{}'s {} values are of type {value_type}, but an index keys on {} as type {}: DynamoDB refuses such items. Give the key attribute type {value_type} in the table design, or change the attribute's kind.",
                            entity.name,
                            key.name,
                            key.name,
                            key.key_type.tag()
                        ),
                    });
                }
            }
        }
        out
    }

    /// True when an entity's attribute may hold the character `c` in its
    /// generated values (through its parents for `from parent`); an
    /// attribute the entity does not have may hold anything.
    fn may_hold(&self, entity: &Entity, attribute: &str, c: char) -> bool {
        fn generator_may_hold(
            chart: &Chart,
            entity: &Entity,
            attribute: &str,
            generator: &Generator,
            c: char,
            depth: usize,
        ) -> bool {
            match generator {
                Generator::Id { prefix } => prefix.contains(c),
                Generator::Choice(options) => options.iter().any(|o| o.contains(c)),
                Generator::Integer { .. }
                | Generator::Decimal { .. }
                | Generator::Date { .. }
                | Generator::Time { .. } => c.is_ascii_digit() || "-.:TZ".contains(c),
                Generator::PersonName | Generator::Words { .. } => c.is_alphabetic() || c == ' ',
                Generator::Email => c.is_alphanumeric() || "@.".contains(c),
                Generator::Address => c.is_alphanumeric() || " ,".contains(c),
                Generator::When { then, .. } => {
                    generator_may_hold(chart, entity, attribute, then, c, depth)
                }
                Generator::FromParent => {
                    let parent = entity
                        .parent
                        .as_ref()
                        .and_then(|p| chart.entities.iter().find(|e| &e.name == p));
                    match parent {
                        Some(parent) if depth < chart.entities.len() => parent
                            .attributes
                            .iter()
                            .find(|a| a.name == attribute)
                            .is_none_or(|a| {
                                generator_may_hold(
                                    chart,
                                    parent,
                                    attribute,
                                    &a.generator,
                                    c,
                                    depth + 1,
                                )
                            }),
                        _ => true,
                    }
                }
            }
        }
        entity
            .attributes
            .iter()
            .find(|a| a.name == attribute)
            .is_none_or(|a| generator_may_hold(self, entity, attribute, &a.generator, c, 0))
    }
}
