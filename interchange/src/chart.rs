//! The playground's entity chart made from a model's facets and items,
//! for a model the playground did not write: each entity as a playground
//! file writes it ([`Entity`]), its attributes in the chart's own lines
//! (`orderDate: date 2024`) and its keys as templates
//! (`CUSTOMER#{customerId}`).
//!
//! 1. The items are shared out among entities: a facet's own items (NoSQL
//!    Workbench 1.0 keeps them there); else each item goes to the facet
//!    whose key aliases' fixed text its keys start with, then whose
//!    attributes it has most of. A model without facets groups its items
//!    by an attribute that names their type (`entityType`, `type`, …), or
//!    by the text of their partition key before its first `#`.
//! 2. Each key attribute's template is read from the entity's values: the
//!    parts between `#`s that are the same in every item are fixed text,
//!    a part equal to one of the item's attributes is that attribute, and
//!    any other part an attribute of its own, named after the facet's
//!    alias (`USER#<username>` names it `username`) or after the fixed
//!    text before it (`ORDER#o1` gives `orderId`).
//! 3. Each attribute's kind is read from its values: numbers give their
//!    range, dates and times their year, few values repeated a `one of`,
//!    values all different an `id` with their common prefix, text of
//!    several words `words`.
//! 4. An entity whose every partition key is that of exactly one item of
//!    an entity above it is that entity's child (an item collection), and
//!    takes the attributes they share `from parent`.
//!
//! Counts are none: the items are already in the table.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::items::tagged;
use crate::limits::chart::{
    MAX_ATTRIBUTES, MAX_CHOICES, MAX_ENTITIES, MAX_NAME_BYTES, MAX_WORDS, YEARS,
};
use crate::model::{Facet, Item, Model};

/// An entity of the chart, as a playground file writes one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub name: String,
    pub parent: Option<String>,
    /// How many to generate, low and high: per parent item, or in all.
    pub count: (u32, u32),
    /// One `name: kind` line per attribute.
    pub attributes: String,
    /// Key attribute and template, in key-attribute order.
    pub keys: Vec<(String, String)>,
}

/// Attributes that name an item's entity type, by the usual names.
const TYPE_ATTRIBUTES: [&str; 7] = [
    "entityType",
    "EntityType",
    "type",
    "Type",
    "_type",
    "__typename",
    "_et",
];

/// The most values a `one of` made from data lists.
const MOST_CHOICES: usize = 12;

/// Gives every facet of `model` the entity of the chart it stands for
/// (in `Facet::chart`, as a playground file writes an entity): the one it
/// carries, or one made from the facets and the items; a model without
/// facets gets one facet an entity made. Runs where imports are read (the
/// module of exports and imports), so the page carries none of it.
pub fn with_charts(model: &mut Model) {
    if model.playground.is_some() {
        return;
    }
    let made = entities(model);
    if model.facets.len() != made.len() {
        model.facets = made
            .iter()
            .map(|e| Facet {
                name: e.name.clone(),
                ..Facet::default()
            })
            .collect();
    }
    for (facet, entity) in model.facets.iter_mut().zip(made) {
        facet.chart = serde_json::to_value(entity).ok();
    }
}

/// The chart's entities for `model`.
pub fn entities(model: &Model) -> Vec<Entity> {
    let carried: Vec<Entity> = model
        .facets
        .iter()
        .filter_map(|f| f.chart.clone().and_then(|c| serde_json::from_value(c).ok()))
        .collect();
    if !model.facets.is_empty() && carried.len() == model.facets.len() {
        return carried
            .into_iter()
            .map(|e| Entity { count: (0, 0), ..e })
            .collect();
    }
    let groups = groups(model);
    let keys = key_attributes(model);
    let mut entities: Vec<Entity> = groups
        .iter()
        .map(|group| entity(group, &keys, model))
        .collect();
    infer_parents(&mut entities, &groups, model);
    entities
}

/// Items of one entity, with what its facet says about them.
struct Group<'a> {
    name: String,
    facet: Option<&'a Facet>,
    items: Vec<&'a Item>,
}

/// Every key attribute of the table and its indexes, table keys first,
/// with the facet alias that describes it (the table's keys only).
fn key_attributes(model: &Model) -> Vec<(String, KeyRole)> {
    let table = &model.table;
    let mut out: Vec<(String, KeyRole)> = Vec::new();
    let mut add = |name: &str, role: KeyRole| {
        if !out.iter().any(|(n, _)| n == name) {
            out.push((name.to_string(), role));
        }
    };
    add(table.key.partition(), KeyRole::Partition);
    if let Some(sort) = table.key.sort() {
        add(sort, KeyRole::Sort);
    }
    for (index, _) in table.indexes() {
        for (name, _) in index.key.elements() {
            add(name, KeyRole::Index);
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq)]
enum KeyRole {
    Partition,
    Sort,
    Index,
}

fn groups(model: &Model) -> Vec<Group<'_>> {
    let mut groups: Vec<Group<'_>> = model
        .facets
        .iter()
        .take(MAX_ENTITIES)
        .map(|facet| Group {
            name: clip(&facet.name),
            facet: Some(facet),
            items: Vec::new(),
        })
        .collect();
    if groups
        .iter()
        .any(|g| g.facet.is_some_and(|f| !f.items.is_empty()))
    {
        for group in &mut groups {
            group.items = group
                .facet
                .map(|f| f.items.iter().collect())
                .unwrap_or_default();
        }
        return groups;
    }
    let mut unplaced: Vec<&Item> = Vec::new();
    for item in &model.items {
        match best_facet(item, &groups, model) {
            Some(at) => groups[at].items.push(item),
            None => unplaced.push(item),
        }
    }
    if !unplaced.is_empty() {
        groups.extend(groups_by_type(
            &unplaced,
            model,
            MAX_ENTITIES.saturating_sub(groups.len()),
        ));
    }
    groups.retain(|g| g.facet.is_some() || !g.items.is_empty());
    groups
}

/// The facet an item is most likely one of: its keys start with the fixed
/// text of the facet's aliases, then it has most of the facet's attributes.
fn best_facet(item: &Item, groups: &[Group<'_>], model: &Model) -> Option<usize> {
    let text = |name: &str| {
        item.get(name)
            .and_then(tagged)
            .and_then(|(_, v)| v.as_str())
            .unwrap_or("")
    };
    let mut best: Option<(usize, usize)> = None;
    for (at, group) in groups.iter().enumerate() {
        let Some(facet) = group.facet else { continue };
        let mut score = 0;
        let aliases = [
            (
                model.table.key.partition(),
                Some(facet.partition_key_alias.as_str()),
            ),
            (
                model.table.key.sort().unwrap_or(""),
                facet.sort_key_alias.as_deref(),
            ),
        ];
        for (key, alias) in aliases {
            let fixed = alias.map(fixed_prefix).unwrap_or("");
            if !key.is_empty() && !fixed.is_empty() && text(key).starts_with(fixed) {
                score += 1000;
            }
        }
        score += facet
            .attributes
            .iter()
            .filter(|a| item.contains_key(a.as_str()))
            .count();
        if score > 0 && best.is_none_or(|(_, s)| score > s) {
            best = Some((at, score));
        }
    }
    best.map(|(at, _)| at)
}

/// An alias's fixed text: what comes before its first placeholder.
fn fixed_prefix(alias: &str) -> &str {
    let end = alias.find(['<', '{', '$', '[']).unwrap_or(alias.len());
    &alias[..end]
}

/// Items grouped by the attribute that names their type, or by the text
/// of their partition key before its first `#`; at most `most` groups,
/// the rest in one.
fn groups_by_type<'a>(items: &[&'a Item], model: &Model, most: usize) -> Vec<Group<'a>> {
    let partition = model.table.key.partition();
    let type_attribute = TYPE_ATTRIBUTES.iter().find(|name| {
        items.iter().all(|i| {
            i.get(**name)
                .and_then(tagged)
                .is_some_and(|(t, _)| t == "S")
        })
    });
    let mut by_name: BTreeMap<String, Vec<&Item>> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for item in items {
        let value = |name: &str| {
            item.get(name)
                .and_then(tagged)
                .and_then(|(_, v)| v.as_str())
                .map(str::to_string)
        };
        let name = match type_attribute {
            Some(attribute) => value(attribute).unwrap_or_default(),
            None => value(partition)
                .and_then(|v| v.split_once('#').map(|(prefix, _)| title(prefix)))
                .unwrap_or_default(),
        };
        let name = if name.trim().is_empty() {
            "Item".to_string()
        } else {
            clip(&name)
        };
        if !by_name.contains_key(&name) {
            order.push(name.clone());
        }
        by_name.entry(name).or_default().push(item);
    }
    let mut out: Vec<Group<'a>> = Vec::new();
    for name in order {
        let items = by_name.remove(&name).unwrap_or_default();
        if out.len() + 1 < most.max(1) || out.is_empty() {
            out.push(Group {
                name,
                facet: None,
                items,
            });
        } else if let Some(last) = out.last_mut() {
            last.name = "Other items".into();
            last.items.extend(items);
        }
    }
    out
}

/// `CUSTOMER` as `Customer`.
fn title(text: &str) -> String {
    let lower = text.to_lowercase();
    let mut chars = lower.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A name cut to [`MAX_NAME_BYTES`] at a character boundary.
fn clip(name: &str) -> String {
    let mut end = name.len().min(MAX_NAME_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end].trim().to_string()
}

fn entity(group: &Group<'_>, keys: &[(String, KeyRole)], model: &Model) -> Entity {
    let key_names: BTreeSet<&str> = keys.iter().map(|(n, _)| n.as_str()).collect();
    let mut attributes: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    let listed = group
        .facet
        .map(|f| f.attributes.clone())
        .unwrap_or_default();
    let in_items = group.items.iter().flat_map(|i| i.keys().cloned());
    for name in listed.into_iter().chain(in_items) {
        if !key_names.contains(name.as_str()) && seen.insert(name.clone()) {
            attributes.push(name);
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut named: BTreeSet<String> = BTreeSet::new();
    for name in &attributes {
        let values: Vec<&Json> = group.items.iter().filter_map(|i| i.get(name)).collect();
        if let Some(kind) = kind_of(&values) {
            add_line(&mut lines, &mut named, name, &kind);
        }
    }
    let mut templates: Vec<(String, String)> = Vec::new();
    let mut made: Vec<Synthetic> = Vec::new();
    for (key, role) in keys {
        let alias = group.facet.and_then(|f| match role {
            KeyRole::Partition => Some(f.partition_key_alias.as_str()),
            KeyRole::Sort => f.sort_key_alias.as_deref(),
            KeyRole::Index => None,
        });
        let key_type = model.table.attribute_type(key).unwrap_or("S");
        let context = Context {
            key,
            key_type,
            items: &group.items,
            key_names: &key_names,
            named: &named,
        };
        if let Some(template) = template_of(&context, alias, &mut made) {
            templates.push((key.clone(), template));
        }
    }
    for synthetic in made {
        let values: Vec<&Json> = synthetic.values.iter().flatten().collect();
        let kind = kind_of(&values).unwrap_or_else(|| "id ".to_string());
        add_line(&mut lines, &mut named, &synthetic.name, &kind);
    }
    Entity {
        name: group.name.clone(),
        parent: None,
        count: (0, 0),
        attributes: lines.join("\n"),
        keys: templates,
    }
}

/// Adds `name: kind` when the name is one an attribute line can hold and
/// the entity has room for it.
fn add_line(lines: &mut Vec<String>, named: &mut BTreeSet<String>, name: &str, kind: &str) {
    let writable = !name.trim().is_empty()
        && name.trim() == name
        && !name.contains([':', '{', '}', '\n'])
        && name.len() <= MAX_NAME_BYTES;
    if writable && lines.len() < MAX_ATTRIBUTES && named.insert(name.to_string()) {
        lines.push(format!("{name}: {kind}"));
    }
}

/// The kind of value that makes values like these, as an attribute line
/// writes it; `None` for values no kind makes (maps, lists, sets, flags,
/// binary, or types mixed).
fn kind_of(values: &[&Json]) -> Option<String> {
    let typed: Vec<(&str, &Json)> = values.iter().filter_map(|v| tagged(v)).collect();
    let (first, _) = typed.first()?;
    if typed.iter().any(|(t, _)| t != first) {
        return None;
    }
    let texts: Vec<&str> = typed.iter().filter_map(|(_, v)| v.as_str()).collect();
    match *first {
        "N" => number_kind(&texts),
        "S" => Some(text_kind(&texts)),
        _ => None,
    }
}

fn number_kind(texts: &[&str]) -> Option<String> {
    let numbers: Vec<f64> = texts
        .iter()
        .filter_map(|t| t.parse::<f64>().ok())
        .filter(|n| n.is_finite())
        .collect();
    if numbers.is_empty() || numbers.iter().any(|n| n.abs() > 1e15) {
        return None;
    }
    let decimals = texts
        .iter()
        .map(|t| {
            t.split_once('.')
                .map_or(0, |(_, f)| f.trim_end_matches('0').len())
        })
        .max()
        .unwrap_or(0)
        .min(6);
    let low = numbers.iter().cloned().fold(f64::INFINITY, f64::min);
    let high = numbers.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    if decimals == 0 {
        return Some(format!("number {}..{}", low as i64, high as i64));
    }
    Some(format!(
        "number {}.{}..{}.{}",
        low.floor() as i64,
        "0".repeat(decimals),
        high.floor() as i64,
        "9".repeat(decimals)
    ))
}

fn text_kind(texts: &[&str]) -> String {
    let all = |test: fn(&str) -> bool| !texts.is_empty() && texts.iter().all(|t| test(t));
    let year = || {
        texts
            .first()
            .and_then(|t| t.get(..4))
            .and_then(|y| y.parse::<u32>().ok())
            .filter(|y| YEARS.contains(y))
    };
    if all(is_date)
        && let Some(year) = year()
    {
        return format!("date {year}");
    }
    if all(is_time)
        && let Some(year) = year()
    {
        return format!("time {year}");
    }
    if all(|t| t.contains('@') && t.contains('.') && !t.contains(' ')) {
        return "email".into();
    }
    if all(is_person_name) {
        return "person name".into();
    }
    let distinct: BTreeSet<&str> = texts.iter().copied().collect();
    let prefix = common_prefix(texts);
    let numbered = !prefix.is_empty()
        && distinct.len() == texts.len()
        && texts.iter().all(|t| {
            t.len() > prefix.len() && t[prefix.len()..].bytes().all(|b| b.is_ascii_alphanumeric())
        });
    if numbered {
        return format!("id {prefix}");
    }
    let choosable = distinct.len() <= MOST_CHOICES.min(MAX_CHOICES)
        && (distinct.len() < texts.len() || texts.len() <= 3)
        && distinct.iter().all(|v| {
            !v.is_empty()
                && v.trim() == *v
                && !v.contains([',', '\n'])
                && !v.starts_with("when ")
                && !v.split(' ').any(|w| w == "when")
        });
    if choosable {
        return format!(
            "one of {}",
            distinct.into_iter().collect::<Vec<_>>().join(", ")
        );
    }
    if texts.iter().any(|t| t.contains(' ')) {
        let words = |t: &&str| t.split_whitespace().count() as u32;
        let low = texts
            .iter()
            .map(words)
            .min()
            .unwrap_or(1)
            .clamp(1, MAX_WORDS);
        let high = texts
            .iter()
            .map(words)
            .max()
            .unwrap_or(1)
            .clamp(low, MAX_WORDS);
        return format!("words {low}..{high}");
    }
    format!("id {prefix}")
}

fn is_date(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && t.bytes().filter(u8::is_ascii_digit).count() == 8
}

fn is_time(t: &str) -> bool {
    t.len() >= 19 && is_date(&t[..10]) && t.as_bytes()[10] == b'T'
}

fn is_person_name(t: &str) -> bool {
    let words: Vec<&str> = t.split(' ').collect();
    words.len() == 2
        && words.iter().all(|w| {
            let mut chars = w.chars();
            chars.next().is_some_and(char::is_uppercase)
                && chars.clone().count() > 0
                && chars.all(char::is_lowercase)
        })
}

/// The letters every value starts with, before its first digit.
fn common_prefix(texts: &[&str]) -> String {
    let Some(first) = texts.first() else {
        return String::new();
    };
    let mut prefix: String = first.chars().take_while(|c| !c.is_ascii_digit()).collect();
    for text in texts {
        while !text.starts_with(&prefix) {
            prefix.pop();
        }
    }
    prefix.chars().take(32).collect()
}

/// An attribute a template makes up: its name and its value in each item
/// of the entity (`None` where the item does not give it).
struct Synthetic {
    name: String,
    values: Vec<Option<Json>>,
}

/// What a key's template is read from.
struct Context<'a> {
    key: &'a str,
    key_type: &'a str,
    items: &'a [&'a Item],
    key_names: &'a BTreeSet<&'a str>,
    named: &'a BTreeSet<String>,
}

impl Context<'_> {
    /// The attribute of the items that holds `part` of every item holding
    /// the key: one of their own, or one made up for an earlier key.
    fn same_as(
        &self,
        made: &[Synthetic],
        part: &dyn Fn(usize) -> Option<String>,
    ) -> Option<String> {
        let holding: Vec<usize> = (0..self.items.len())
            .filter(|&i| self.items[i].contains_key(self.key))
            .collect();
        let first = *holding.first()?;
        let wanted = part(first)?;
        let own = self.items[first].iter().filter(|(name, value)| {
            !self.key_names.contains(name.as_str())
                && scalar_text(value).as_deref() == Some(wanted.as_str())
        });
        for (name, _) in own {
            if holding.iter().all(|&i| {
                part(i).is_some() && self.items[i].get(name).and_then(scalar_text) == part(i)
            }) {
                return Some(name.clone());
            }
        }
        made.iter()
            .find(|m| {
                holding.iter().all(|&i| {
                    part(i).is_some() && m.values[i].as_ref().and_then(scalar_text) == part(i)
                })
            })
            .map(|m| m.name.clone())
    }

    /// A made-up attribute named after `base`, holding `value(i)` in item `i`.
    fn make_up(
        &self,
        base: &str,
        made: &mut Vec<Synthetic>,
        value: &dyn Fn(usize) -> Option<Json>,
    ) -> String {
        let mut taken = self.named.clone();
        taken.extend(made.iter().map(|m| m.name.clone()));
        taken.extend(self.items.iter().flat_map(|i| i.keys().cloned()));
        let name = fresh(base, &taken);
        made.push(Synthetic {
            name: name.clone(),
            values: (0..self.items.len()).map(value).collect(),
        });
        name
    }
}

/// The template of the context's key, making up the attributes it needs.
fn template_of(
    context: &Context<'_>,
    alias: Option<&str>,
    made: &mut Vec<Synthetic>,
) -> Option<String> {
    let key = context.key;
    let items = context.items;
    let value_of = |i: usize| items[i].get(key).cloned();
    let holding: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].contains_key(key))
        .collect();
    if holding.is_empty() {
        return None;
    }
    let whole = |i: usize| items[i].get(key).and_then(scalar_text);
    let text_of = |i: usize| {
        items[i]
            .get(key)
            .and_then(tagged)
            .and_then(|(t, v)| (t == "S").then_some(v.as_str()?))
    };
    let texts: Option<Vec<&str>> = holding.iter().map(|&i| text_of(i)).collect();
    let Some(texts) = texts.filter(|_| context.key_type == "S") else {
        let name = match context.same_as(made, &whole) {
            Some(name) => name,
            None => context.make_up(&format!("{}Value", lower_first(key)), made, &value_of),
        };
        return Some(format!("{{{name}}}"));
    };
    let parts: Vec<Vec<&str>> = texts.iter().map(|t| t.split('#').collect()).collect();
    let width = parts[0].len();
    if parts.iter().any(|p| p.len() != width) || width > 8 {
        let name = match context.same_as(made, &whole) {
            Some(name) => name,
            None => context.make_up(&format!("{}Value", lower_first(key)), made, &value_of),
        };
        return Some(format!("{{{name}}}"));
    }
    let alias_parts: Vec<&str> = alias.map(|a| a.split('#').collect()).unwrap_or_default();
    let mut template: Vec<String> = Vec::new();
    for position in 0..width {
        let column: Vec<&str> = parts.iter().map(|p| p[position]).collect();
        if column.iter().all(|c| *c == column[0]) && !column[0].contains(['{', '}']) {
            template.push(column[0].to_string());
            continue;
        }
        let part_at = |i: usize| -> Option<String> {
            text_of(i)?.split('#').nth(position).map(str::to_string)
        };
        if let Some(name) = context.same_as(made, &part_at) {
            template.push(format!("{{{name}}}"));
            continue;
        }
        let from_alias = alias_parts
            .get(position)
            .map(|p| p.trim_matches(|c| "<>{}$[]".contains(c)))
            .filter(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        let before = position
            .checked_sub(1)
            .and_then(|p| template.get(p))
            .filter(|t| {
                !t.starts_with('{') && !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric())
            })
            .map(|t| format!("{}Id", t.to_lowercase()));
        let base = from_alias
            .map(str::to_string)
            .or(before)
            .unwrap_or_else(|| format!("{}Part{}", lower_first(key), position + 1));
        let part_value = |i: usize| part_at(i).map(|p| serde_json::json!({ "S": p }));
        let name = context.make_up(&base, made, &part_value);
        template.push(format!("{{{name}}}"));
    }
    Some(template.join("#"))
}

/// A value's text when it is text or a number.
fn scalar_text(value: &Json) -> Option<String> {
    match tagged(value)? {
        ("S" | "N", Json::String(s)) => Some(s.clone()),
        _ => None,
    }
}

fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `base`, or `base2`, `base3`… — the first not in `taken`.
fn fresh(base: &str, taken: &BTreeSet<String>) -> String {
    let mut name = base.to_string();
    let mut n = 2;
    while taken.contains(&name) {
        name = format!("{base}{n}");
        n += 1;
    }
    name
}

/// Makes an entity the child of one above it whose items each own one of
/// its partitions, when every item of the entity lives in such a partition.
fn infer_parents(entities: &mut [Entity], groups: &[Group<'_>], model: &Model) {
    if model.table.key.sort().is_none() {
        return;
    }
    let partition = model.table.key.partition();
    let partitions = |group: &Group<'_>| -> Vec<String> {
        group
            .items
            .iter()
            .filter_map(|i| i.get(partition).map(Json::to_string))
            .collect()
    };
    let owned: Vec<Option<BTreeSet<String>>> = groups
        .iter()
        .map(|g| {
            let keys = partitions(g);
            let unique: BTreeSet<String> = keys.iter().cloned().collect();
            (!keys.is_empty() && unique.len() == keys.len()).then_some(unique)
        })
        .collect();
    for child in 1..groups.len() {
        let keys = partitions(&groups[child]);
        if keys.is_empty() {
            continue;
        }
        let parent = (0..child).find(|&p| {
            owned[p]
                .as_ref()
                .is_some_and(|set| keys.iter().all(|k| set.contains(k)))
        });
        if let Some(parent) = parent {
            let inherited: BTreeSet<String> = entities[parent]
                .attributes
                .lines()
                .filter_map(|l| l.split_once(':').map(|(n, _)| n.to_string()))
                .collect();
            let lines: Vec<String> = entities[child]
                .attributes
                .lines()
                .map(|line| match line.split_once(':') {
                    Some((name, _)) if inherited.contains(name) => format!("{name}: from parent"),
                    _ => line.to_string(),
                })
                .collect();
            entities[child].attributes = lines.join("\n");
            entities[child].parent = Some(entities[parent].name.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Attribute, KeySchema, Table};
    use serde_json::json;

    fn item(value: Json) -> Item {
        value.as_object().cloned().unwrap()
    }

    fn shop() -> Model {
        Model {
            table: Table {
                name: "Shop".into(),
                attributes: vec![
                    Attribute {
                        name: "PK".into(),
                        attribute_type: "S".into(),
                    },
                    Attribute {
                        name: "SK".into(),
                        attribute_type: "S".into(),
                    },
                ],
                key: KeySchema::simple("PK", Some("SK")),
                ..Table::default()
            },
            items: vec![
                item(
                    json!({"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "PROFILE"}, "customerId": {"S": "c1"}, "name": {"S": "Ana Lima"}, "email": {"S": "ana@example.com"}}),
                ),
                item(
                    json!({"PK": {"S": "CUSTOMER#c2"}, "SK": {"S": "PROFILE"}, "customerId": {"S": "c2"}, "name": {"S": "Bo Berg"}, "email": {"S": "bo@example.com"}}),
                ),
                item(
                    json!({"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#o1"}, "status": {"S": "PLACED"}, "total": {"N": "42.5"}, "placedAt": {"S": "2024-03-05"}}),
                ),
                item(
                    json!({"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#o2"}, "status": {"S": "SHIPPED"}, "total": {"N": "7"}, "placedAt": {"S": "2024-04-01"}}),
                ),
                item(
                    json!({"PK": {"S": "CUSTOMER#c2"}, "SK": {"S": "ORDER#o3"}, "status": {"S": "PLACED"}, "total": {"N": "12.25"}, "placedAt": {"S": "2024-05-09"}}),
                ),
            ],
            facets: vec![
                Facet {
                    name: "Customer".into(),
                    partition_key_alias: "CUSTOMER#<customerId>".into(),
                    sort_key_alias: Some("PROFILE".into()),
                    attributes: vec!["customerId".into(), "name".into(), "email".into()],
                    ..Facet::default()
                },
                Facet {
                    name: "Order".into(),
                    partition_key_alias: "CUSTOMER#<customerId>".into(),
                    sort_key_alias: Some("ORDER#<orderId>".into()),
                    attributes: vec!["status".into(), "total".into(), "placedAt".into()],
                    ..Facet::default()
                },
            ],
            ..Model::default()
        }
    }

    #[test]
    fn facets_and_their_items_give_templates_kinds_and_parents() {
        let entities = entities(&shop());
        let customer = &entities[0];
        assert_eq!(customer.name, "Customer");
        assert_eq!(customer.parent, None);
        assert_eq!(
            customer.keys,
            [
                ("PK".to_string(), "CUSTOMER#{customerId}".to_string()),
                ("SK".to_string(), "PROFILE".to_string())
            ]
        );
        assert_eq!(
            customer.attributes,
            "customerId: id c\nname: person name\nemail: email"
        );
        let order = &entities[1];
        assert_eq!(order.parent.as_deref(), Some("Customer"));
        assert_eq!(
            order.keys,
            [
                ("PK".to_string(), "CUSTOMER#{customerId}".to_string()),
                ("SK".to_string(), "ORDER#{orderId}".to_string())
            ]
        );
        assert_eq!(
            order.attributes,
            "status: one of PLACED, SHIPPED\ntotal: number 7.00..42.99\nplacedAt: date 2024\ncustomerId: from parent\norderId: id o"
        );
        assert_eq!(order.count, (0, 0));
    }

    #[test]
    fn items_without_facets_are_grouped_by_their_partition_key() {
        let mut model = shop();
        model.facets.clear();
        let entities = entities(&model);
        let names: Vec<&str> = entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Customer"]);
        model.items.iter_mut().for_each(|i| {
            let kind = if i["SK"]["S"] == "PROFILE" {
                "customer"
            } else {
                "order"
            };
            i.insert("entityType".into(), json!({"S": kind}));
        });
        let entities = super::entities(&model);
        let names: Vec<&str> = entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["customer", "order"]);
        assert_eq!(entities[1].parent.as_deref(), Some("customer"));
    }
}
