//! Seeded item generation from the chart: the same chart and seed always
//! give the same items, on every machine.
//!
//! Entities without a parent get `count` items in all; entities with one get
//! `count` items per parent item (50 customers × 1–20 orders × 1–5 lines).
//! Every item carries its entity's attributes, its key attributes rendered
//! from the templates, and `entityType`.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;
use std::rc::Rc;

use engine::key::KeyType;
use engine::types::{Item, Number, Text, Value};
use smol_str::format_smolstr;

use super::chart::{Chart, ENTITY_ATTRIBUTE, Entity, Generator};
use super::template::{RenderError, Template};

const FIRST_NAMES: [&str; 16] = [
    "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Dennis",
    "Radia", "Tim", "Sophie", "Linus", "Hedy", "John",
];
const LAST_NAMES: [&str; 16] = [
    "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton",
    "Ritchie", "Perlman", "Lee", "Wilson", "Torvalds", "Lamarr", "Backus",
];
const WORDS: [&str; 32] = [
    "parcel", "blue", "quick", "gift", "wrap", "leave", "door", "fragile", "spare", "paper",
    "morning", "call", "before", "delivery", "north", "gate", "garden", "bright", "small", "box",
    "keep", "dry", "extra", "label", "second", "floor", "ring", "twice", "warm", "soft", "corner",
    "shop",
];
const STREETS: [&str; 8] = [
    "Mill Lane",
    "Harbour Road",
    "Elm Street",
    "Station Road",
    "Kings Way",
    "Church Walk",
    "Park Avenue",
    "Bridge Street",
];
const TOWNS: [&str; 8] = [
    "Springfield",
    "Riverton",
    "Oakham",
    "Lakeside",
    "Northbury",
    "Westford",
    "Hillcrest",
    "Eastwick",
];
const DAYS_IN_MONTH: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// One generated item and the entity it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// Index into the chart's entities.
    pub entity: usize,
    /// The item, ready for PutItem.
    pub item: Item,
}

/// Why generation stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateError(pub String);

struct ItemMaker {
    chart: Rc<Chart>,
    rng: fastrand::Rng,
    /// The last number given, per entity and attribute (`Id`, `Email`).
    counters: BTreeMap<String, BTreeMap<String, u64>>,
    templates: Vec<Vec<KeyTemplate>>,
    /// Per entity, the attributes its templates or its descendants read.
    needed: Vec<HashSet<String>>,
    /// Per entity, whether another entity's items are made for each of its
    /// items (and read its attributes).
    has_children: Vec<bool>,
    /// Per entity, each attribute's position in its list, by name.
    positions: Rc<Vec<BTreeMap<String, usize>>>,
    /// Buffers kept from one item to the next, so that making an item
    /// allocates only what the item keeps: its attributes, its key values
    /// and the text of a long value while it is written.
    buffers: Buffers,
}

#[derive(Default)]
struct Buffers {
    own: Vec<(Text, Value)>,
    /// Per attribute of the entity, where its value is in `own`.
    at: Vec<Option<usize>>,
    keys: Vec<(Text, Value)>,
    text: String,
}

fn number(text: &str) -> Value {
    // Invariant: generated numbers are small decimals.
    Value::N(Number::parse(text).expect("generated numbers are valid"))
}

impl ItemMaker {
    /// A day of a (non-leap) year: its month and day, both from 1.
    fn day_of_year(&mut self) -> (usize, u32) {
        let mut day = self.rng.u32(0..365);
        let mut month = 0;
        while day >= DAYS_IN_MONTH[month] {
            day -= DAYS_IN_MONTH[month];
            month += 1;
        }
        (month + 1, day + 1)
    }

    /// The next number of an entity's counter (1, 2, …).
    fn next_count(&mut self, entity: &str, attribute: &str) -> u64 {
        if !self.counters.contains_key(entity) {
            self.counters.insert(entity.to_string(), BTreeMap::new());
        }
        let counters = self.counters.get_mut(entity).expect("inserted above");
        let counter = match counters.get_mut(attribute) {
            Some(counter) => counter,
            None => counters.entry(attribute.to_string()).or_insert(0),
        };
        *counter += 1;
        *counter
    }

    /// The text buffer, empty, to write a value into; [`Self::text_value`]
    /// gives it back.
    fn take_text(&mut self) -> String {
        let mut text = std::mem::take(&mut self.buffers.text);
        text.clear();
        text
    }

    /// A string value of `text`, written in the text buffer, which is kept
    /// for the next (the value is its only allocation, when it is long).
    fn text_value(&mut self, text: String) -> Value {
        let value = Value::s(text.as_str());
        self.buffers.text = text;
        value
    }

    /// An index below `len`, the same on every platform (a `usize` draw
    /// would differ between 32-bit wasm and 64-bit native builds).
    fn pick(&mut self, len: usize) -> usize {
        self.rng.u32(..u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// A value of `generator` for attribute `name`; `own` finds the item's
    /// attributes made so far.
    fn value<'v>(
        &mut self,
        entity: &Entity,
        generator: &Generator,
        name: &str,
        own: &dyn Fn(&str) -> Option<&'v Value>,
        parent: Option<&Item>,
    ) -> Option<Value> {
        Some(match generator {
            Generator::Id { prefix } => {
                let counter = self.next_count(&entity.name, name);
                Value::S(format_smolstr!("{prefix}{counter}"))
            }
            Generator::Choice(options) => {
                Value::s(options.get(self.pick(options.len().max(1)))?.as_str())
            }
            // An empty range, or one whose steps overflow, gives no value;
            // the attribute text refuses both, so only a chart built in
            // code could ask for one.
            Generator::Integer { min, max } if min > max => return None,
            Generator::Integer { min, max } => {
                Value::N(Number::from_i64(self.rng.i64(*min..=*max)))
            }
            Generator::Decimal { min, max, decimals } => {
                let scale = 10i64.checked_pow(*decimals)?;
                let (low, high) = (min.checked_mul(scale)?, max.checked_mul(scale)?);
                if low > high {
                    return None;
                }
                let raw = self.rng.i64(low..=high);
                // Below zero, the sign goes in front of the whole number
                // (-0.5, not 0.-5).
                let sign = if raw < 0 { "-" } else { "" };
                let text = format_smolstr!(
                    "{sign}{}.{:0width$}",
                    raw.unsigned_abs() / scale.unsigned_abs(),
                    raw.unsigned_abs() % scale.unsigned_abs(),
                    width = *decimals as usize
                );
                number(if *decimals == 0 {
                    text.trim_end_matches('.')
                } else {
                    &text
                })
            }
            Generator::Date { year } => {
                let (month, day) = self.day_of_year();
                Value::S(format_smolstr!("{year}-{month:02}-{day:02}"))
            }
            Generator::Time { year } => {
                let (month, day) = self.day_of_year();
                let second = self.rng.u32(0..86_400);
                Value::S(format_smolstr!(
                    "{year}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
                    second / 3600,
                    second / 60 % 60,
                    second % 60
                ))
            }
            Generator::PersonName => Value::S(format_smolstr!(
                "{} {}",
                FIRST_NAMES[self.pick(FIRST_NAMES.len())],
                LAST_NAMES[self.pick(LAST_NAMES.len())]
            )),
            Generator::Email => {
                let mut address = self.take_text();
                match own("name").or_else(|| own("fullName")) {
                    Some(Value::S(n)) => address.extend(n.chars().map(|c| match c {
                        ' ' => '.',
                        c => c.to_ascii_lowercase(),
                    })),
                    _ => address.push_str("user"),
                }
                let counter = self.next_count("", "email");
                // Writing to a String cannot fail.
                let _ = write!(address, "{counter}@example.com");
                self.text_value(address)
            }
            Generator::Words { min, max } => {
                let n = self.rng.u32((*min).min(*max)..=(*max).max(*min));
                // The same words as joining them, written in one pass.
                let mut text = self.take_text();
                for i in 0..n {
                    if i > 0 {
                        text.push(' ');
                    }
                    text.push_str(WORDS[self.pick(WORDS.len())]);
                }
                self.text_value(text)
            }
            Generator::Address => {
                let mut text = self.take_text();
                let number = self.rng.u32(1..200);
                let street = STREETS[self.pick(STREETS.len())];
                let town = TOWNS[self.pick(TOWNS.len())];
                let code = self.rng.u32(10000..99999);
                let _ = write!(text, "{number} {street}, {town} {code:05}");
                self.text_value(text)
            }
            Generator::FromParent => parent?.get(name)?.clone(),
            Generator::When {
                attribute,
                equals,
                then,
            } => match own(attribute) {
                Some(Value::S(v)) if v.as_str() == equals => {
                    self.value(entity, then, name, own, parent)?
                }
                _ => return None,
            },
        })
    }

    /// One item of entity `index` (under `parent`), and what its children
    /// read of it, if it has children.
    fn instance(
        &mut self,
        index: usize,
        parent: Option<&Item>,
    ) -> Result<(Item, Option<Item>), GenerateError> {
        let chart = self.chart.clone();
        let entity = &chart.entities[index];
        let positions = self.positions.clone();
        let positions = &positions[index];
        let mut own = std::mem::take(&mut self.buffers.own);
        own.clear();
        // Where each attribute's value is in `own`, if it has one: an
        // attribute is found by name in O(log n), not by a walk of `own`.
        let mut at = std::mem::take(&mut self.buffers.at);
        at.clear();
        at.resize(entity.attributes.len(), None);
        for (n, attribute) in entity.attributes.iter().enumerate() {
            let found = |name: &str| find_own(&own, &at, positions, name);
            if let Some(value) = self.value(
                entity,
                &attribute.generator,
                &attribute.name,
                &found,
                parent,
            ) {
                at[n] = Some(own.len());
                own.push((attribute.name.as_str().into(), value));
            }
        }
        // Templates read the item's own attributes and its parent's; the
        // item's own win.
        let lookup = |name: &str| {
            find_own(&own, &at, positions, name).or_else(|| parent.and_then(|p| p.get(name)))
        };
        let mut keys = std::mem::take(&mut self.buffers.keys);
        let mut text = std::mem::take(&mut self.buffers.text);
        let rendered = key_values(
            &self.templates[index],
            &entity.name,
            lookup,
            &mut text,
            &mut keys,
        );
        self.buffers.text = text;
        // A child reads only what a template or a FromParent value of its
        // own or of its descendants reads, so long texts are not copied
        // down the family.
        let context = self.has_children[index].then(|| {
            let needed = &self.needed[index];
            parent
                .into_iter()
                .flat_map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())))
                .chain(own.iter().cloned())
                .filter(|(k, _)| needed.contains(k.as_str()))
                .collect()
        });
        // (Generation stops at an error: the buffers can go with it.)
        rendered?;
        own.append(&mut keys);
        own.push((ENTITY_ATTRIBUTE.into(), Value::s(entity.name.as_str())));
        let item = Item::from_buffer(&mut own);
        self.buffers.own = own;
        self.buffers.at = at;
        self.buffers.keys = keys;
        Ok((item, context))
    }
}

/// An entity's few attributes are found faster by a walk than by a map.
const FEW_ATTRIBUTES: usize = 16;

/// The item's own attribute `name`, if it has a value: by a walk of the
/// values made so far when the entity has few attributes, else through
/// the entity's index of its attributes (`at`: each one's place in `own`),
/// so that an entity of a hundred attributes costs no walk per lookup.
fn find_own<'v>(
    own: &'v [(Text, Value)],
    at: &[Option<usize>],
    positions: &BTreeMap<String, usize>,
    name: &str,
) -> Option<&'v Value> {
    if at.len() <= FEW_ATTRIBUTES {
        return own.iter().find(|(k, _)| k.as_str() == name).map(|(_, v)| v);
    }
    let position = at[*positions.get(name)?]?;
    own.get(position).map(|(_, v)| v)
}

/// The key attributes an entity's templates give for an item's attributes
/// (as `lookup` finds them), appended to `out`; `text` is the buffer each is
/// written in. A table key that cannot be filled is an error; an index key
/// that reads an absent attribute is left out (the item is not in that index).
fn key_values<'v>(
    templates: &[KeyTemplate],
    entity: &str,
    lookup: impl Fn(&str) -> Option<&'v Value>,
    text: &mut String,
    out: &mut Vec<(Text, Value)>,
) -> Result<(), GenerateError> {
    for key in templates {
        text.clear();
        match key.template.render_with(&lookup, text) {
            Ok(()) => {}
            Err(RenderError::Missing(_)) if !key.is_table_key => continue,
            Err(e) => {
                return Err(GenerateError(format!(
                    "{entity}: the {} template cannot be filled: {e}",
                    key.name
                )));
            }
        };
        let value = match key.key_type {
            KeyType::N => Value::N(Number::parse(text).map_err(|_| {
                GenerateError(format!(
                    "{entity}: {} is a number key, but its template gives \"{text}\"",
                    key.name
                ))
            })?),
            _ => Value::s(text.as_str()),
        };
        out.push((key.name.as_str().into(), value));
    }
    Ok(())
}

/// An item of an entity from its attributes alone: its keys computed from
/// the chart's templates, and `entityType` added.
pub fn keyed_item(chart: &Chart, entity: &str, attributes: &Item) -> Result<Item, GenerateError> {
    let index = chart
        .entities
        .iter()
        .position(|e| e.name == entity)
        .ok_or_else(|| GenerateError(format!("there is no entity {entity} in the chart")))?;
    let templates = parse_templates(chart)?;
    let mut keys = Vec::new();
    key_values(
        &templates[index],
        entity,
        |name| attributes.get(name),
        &mut String::new(),
        &mut keys,
    )?;
    Ok(attributes
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .chain(keys)
        .chain(std::iter::once((
            Text::from(ENTITY_ATTRIBUTE),
            Value::s(entity),
        )))
        .collect())
}

/// A key template of one entity, parsed once.
struct KeyTemplate {
    name: String,
    key_type: KeyType,
    is_table_key: bool,
    template: Template,
}

/// Every entity's non-blank key templates, parsed.
fn parse_templates(chart: &Chart) -> Result<Vec<Vec<KeyTemplate>>, GenerateError> {
    let table_keys: Vec<&str> = std::iter::once(chart.table.partition_key.name.as_str())
        .chain(chart.table.sort_key.iter().map(|k| k.name.as_str()))
        .collect();
    chart
        .entities
        .iter()
        .map(|entity| {
            let mut out = Vec::new();
            for key in chart.table.key_attributes() {
                let template = chart.template(entity, &key.name).map_err(|e| {
                    GenerateError(format!(
                        "{}: the {} template does not read: {e}",
                        entity.name, key.name
                    ))
                })?;
                if !template.is_blank() {
                    out.push(KeyTemplate {
                        name: key.name.clone(),
                        key_type: key.key_type,
                        is_table_key: table_keys.contains(&key.name.as_str()),
                        template,
                    });
                }
            }
            Ok(out)
        })
        .collect()
}

/// Per entity, the attributes read from its items' context: by its own
/// templates, and by its descendants' templates and `FromParent` values.
fn needed_attributes(chart: &Chart, templates: &[Vec<KeyTemplate>]) -> Vec<HashSet<String>> {
    let mut needed: Vec<HashSet<String>> = templates
        .iter()
        .map(|keys| {
            keys.iter()
                .flat_map(|k| k.template.attributes().map(str::to_string))
                .collect()
        })
        .collect();
    // Children come after their parents, so walking backwards passes each
    // child's needs up before its parent is passed on.
    for child in (0..chart.entities.len()).rev() {
        let entity = &chart.entities[child];
        let Some(parent) = entity
            .parent
            .as_ref()
            .and_then(|p| chart.entities[..child].iter().position(|e| &e.name == p))
        else {
            continue;
        };
        let mut from_child: HashSet<String> = needed[child].clone();
        from_child.extend(
            entity
                .attributes
                .iter()
                .filter(|a| a.generator == Generator::FromParent)
                .map(|a| a.name.clone()),
        );
        needed[parent].extend(from_child);
    }
    needed
}

/// Generates every entity's items; parents come before their children.
pub fn generate(chart: &Chart, seed: u64) -> Result<Vec<Generated>, GenerateError> {
    Generation::new(chart, seed)?.collect()
}

/// Item generation that can stop after any item and go on later, so the
/// page can fill a large table a slice at a time. It draws from the seeded
/// generator in exactly the order [`generate`] does.
pub struct Generation {
    maker: ItemMaker,
    /// Per entity, the context of every item generated so far (children read it).
    contexts: Vec<Vec<Item>>,
    /// The entity being generated.
    entity: usize,
    /// The parent items of that entity (one `None` for a top-level entity).
    parents: Vec<Option<Item>>,
    /// The parent being generated for.
    parent: usize,
    /// Items still to make for that parent; `None` until its count is drawn.
    remaining: Option<u32>,
}

impl Generation {
    /// Checks the templates and starts at the first entity.
    pub fn new(chart: &Chart, seed: u64) -> Result<Generation, GenerateError> {
        let templates = parse_templates(chart)?;
        let mut generation = Generation {
            maker: ItemMaker {
                chart: Rc::new(chart.clone()),
                rng: fastrand::Rng::with_seed(seed),
                counters: BTreeMap::new(),
                needed: needed_attributes(chart, &templates),
                has_children: chart
                    .entities
                    .iter()
                    .map(|e| {
                        chart
                            .entities
                            .iter()
                            .any(|child| child.parent.as_ref() == Some(&e.name))
                    })
                    .collect(),
                templates,
                positions: Rc::new(
                    chart
                        .entities
                        .iter()
                        .map(|e| {
                            e.attributes
                                .iter()
                                .enumerate()
                                .map(|(n, a)| (a.name.clone(), n))
                                .collect()
                        })
                        .collect(),
                ),
                buffers: Buffers::default(),
            },
            contexts: vec![Vec::new(); chart.entities.len()],
            entity: 0,
            parents: Vec::new(),
            parent: 0,
            remaining: None,
        };
        generation.start_entity()?;
        Ok(generation)
    }

    /// About how many items there will be: each entity's average count
    /// times its parent's expected number of items.
    pub fn expected_total(chart: &Chart) -> usize {
        let mut expected: Vec<f64> = Vec::with_capacity(chart.entities.len());
        for (i, entity) in chart.entities.iter().enumerate() {
            let (low, high) = (
                entity.count.0.min(entity.count.1),
                entity.count.0.max(entity.count.1),
            );
            let per = (f64::from(low) + f64::from(high)) / 2.0;
            let parents = entity
                .parent
                .as_ref()
                .and_then(|p| chart.entities[..i].iter().position(|e| &e.name == p))
                .map_or(1.0, |p| expected[p]);
            expected.push(per * parents);
        }
        expected.iter().sum::<f64>().round() as usize
    }

    /// Gathers the parents of the current entity, if there is one.
    fn start_entity(&mut self) -> Result<(), GenerateError> {
        let chart = self.maker.chart.clone();
        let Some(entity) = chart.entities.get(self.entity) else {
            return Ok(());
        };
        self.parents = match &entity.parent {
            None => vec![None],
            Some(parent) => {
                let p = chart
                    .entities
                    .iter()
                    .position(|e| &e.name == parent)
                    .filter(|p| *p < self.entity)
                    .ok_or_else(|| {
                        GenerateError(format!(
                            "{}'s parent {parent} must be an entity listed before it",
                            entity.name
                        ))
                    })?;
                self.contexts[p].iter().cloned().map(Some).collect()
            }
        };
        self.parent = 0;
        self.remaining = None;
        Ok(())
    }
}

impl Iterator for Generation {
    type Item = Result<Generated, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        let chart = self.maker.chart.clone();
        loop {
            let entity = chart.entities.get(self.entity)?;
            if self.parent >= self.parents.len() {
                self.entity += 1;
                if let Err(e) = self.start_entity() {
                    // Stop after reporting the error once.
                    self.entity = chart.entities.len();
                    return Some(Err(e));
                }
                continue;
            }
            let remaining = match self.remaining {
                Some(n) => n,
                None => {
                    let (low, high) = (
                        entity.count.0.min(entity.count.1),
                        entity.count.0.max(entity.count.1),
                    );
                    self.maker.rng.u32(low..=high)
                }
            };
            if remaining == 0 {
                self.parent += 1;
                self.remaining = None;
                continue;
            }
            self.remaining = Some(remaining - 1);
            let parent = self.parents[self.parent].clone();
            return Some(match self.maker.instance(self.entity, parent.as_ref()) {
                Ok((item, context)) => {
                    self.contexts[self.entity].extend(context);
                    Ok(Generated {
                        entity: self.entity,
                        item,
                    })
                }
                Err(e) => {
                    self.entity = chart.entities.len();
                    Err(e)
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_below_zero_are_numbers_in_their_range() {
        let mut chart = crate::model::gallery::commerce::chart();
        chart.entities[0]
            .attributes
            .push(crate::model::design::chart::AttributeDesign::new(
                "temperature",
                Generator::Decimal {
                    min: -5,
                    max: 3,
                    decimals: 1,
                },
            ));
        let mut seen_below_zero = false;
        for generated in generate(&chart, 9)
            .unwrap()
            .iter()
            .filter(|g| g.entity == 0)
        {
            let Some(Value::N(n)) = generated.item.get("temperature") else {
                panic!("no temperature")
            };
            let t = n.to_f64().unwrap();
            assert!((-5.0..=3.0).contains(&t), "{t}");
            seen_below_zero |= t < 0.0;
        }
        assert!(seen_below_zero);
    }
    use crate::model::gallery::commerce;

    #[test]
    fn the_same_seed_gives_the_same_items() {
        let chart = commerce::chart();
        assert_eq!(generate(&chart, 7).unwrap(), generate(&chart, 7).unwrap());
        assert_ne!(generate(&chart, 7).unwrap(), generate(&chart, 8).unwrap());
    }

    #[test]
    fn the_same_seed_gives_the_same_items_on_every_platform() {
        let items = generate(&commerce::chart(), 42).unwrap();
        assert_eq!(
            commerce::order_keys(&items, "CUST#c11"),
            commerce::C11_ORDERS
        );
    }

    #[test]
    fn children_inherit_and_keys_come_from_templates() {
        let chart = commerce::chart();
        let items = generate(&chart, 1).unwrap();
        let order_index = chart
            .entities
            .iter()
            .position(|e| e.name == "Order")
            .unwrap();
        let order = items.iter().find(|g| g.entity == order_index).unwrap();
        let Some(Value::S(pk)) = order.item.get("PK") else {
            panic!("no PK")
        };
        let Some(Value::S(customer)) = order.item.get("customerId") else {
            panic!("no customerId")
        };
        assert_eq!(pk.as_str(), format!("CUST#{customer}"));
        assert_eq!(order.item.get(ENTITY_ATTRIBUTE), Some(&Value::s("Order")));
    }

    #[test]
    fn generation_can_pause_anywhere_and_estimates_its_size() {
        let chart = commerce::chart();
        let all = generate(&chart, 3).unwrap();
        let mut generation = Generation::new(&chart, 3).unwrap();
        let mut resumed = Vec::new();
        while let Some(first) = generation.next() {
            resumed.push(first.unwrap());
            resumed.extend(generation.by_ref().take(7).map(Result::unwrap));
        }
        assert_eq!(resumed, all);
        let expected = Generation::expected_total(&chart) as f64;
        assert!(
            (expected - all.len() as f64).abs() < 0.25 * expected,
            "{expected} vs {}",
            all.len()
        );
    }
}
