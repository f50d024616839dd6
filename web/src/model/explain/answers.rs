//! Whether a keyed read still answers its question, in words: what it
//! returns against what the Scan that asks the same finds
//! ([`crate::model::measure::coverage`]), and — when it misses items — why
//! one of them is left out, derived from that item, the key condition the
//! engine worked out for the request and the chart's key templates:
//!
//! - the item lacks a key attribute of the index read: it is not in it;
//! - its partition key holds another value than the one asked for;
//! - its sort key fails the sort-key condition;
//!
//! each followed by the template the item's entity writes that attribute
//! with, and any attribute the template names that the entity lacks.

use engine::expr::keycond::{KeyCondition, SortCondition};
use engine::key::{KeySchema, KeyValue};
use engine::types::{Item, Value};
use serde_json::Value as Json;

use crate::model::design::chart::{Chart, ENTITY_ATTRIBUTE};
use crate::model::format::thousands;
use crate::model::measure::coverage::Coverage;
use crate::model::patterns::pattern::AccessPattern;

/// What the check found: met (a line for the review) or broken (the
/// reason), with the short name a badge shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Answers(String),
    Misses { badge: String, reason: String },
}

fn items(n: usize) -> String {
    format!("{} item{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// The check of one pattern's coverage.
pub fn answers(pattern: &AccessPattern, coverage: &Coverage, chart: &Chart) -> Answer {
    let Coverage {
        found,
        returned,
        missed,
        extra,
        ..
    } = *coverage;
    if missed > 0 {
        let nothing = if returned == 0 {
            " — it returns nothing"
        } else {
            ""
        };
        let why = coverage
            .first_missed
            .as_ref()
            .map(|item| {
                format!(
                    " {}",
                    why_missed(pattern, item, coverage.key.as_ref(), chart)
                )
            })
            .unwrap_or_default();
        return Answer::Misses {
            badge: format!("misses {} of {}", thousands(missed), thousands(found)),
            reason: format!(
                "It misses {} of the {} the Scan that asks the same finds{nothing}.{why}",
                thousands(missed),
                items(found)
            ),
        };
    }
    if extra > 0 {
        return Answer::Misses {
            badge: format!("{} too many", thousands(extra)),
            reason: format!(
                "It returns {} the Scan that asks the same does not find: the index it reads, or its key condition, takes in items the question leaves out.",
                items(extra)
            ),
        };
    }
    if found == 0 {
        return Answer::Misses {
            badge: "returns nothing".into(),
            reason: "It returns nothing, and the Scan that asks the same finds nothing either: no item in the current data answers it, so its numbers show nothing yet. Add items it should find, or check the values it asks for.".into(),
        };
    }
    Answer::Answers(format!(
        "Answers its question: it returns the {} the Scan that asks the same finds.",
        items(found)
    ))
}

/// Why `item` is not among the pattern's results.
fn why_missed(
    pattern: &AccessPattern,
    item: &Item,
    key: Option<&(KeySchema, KeyCondition)>,
    chart: &Chart,
) -> String {
    let entity = match item.get(ENTITY_ATTRIBUTE) {
        Some(Value::S(name)) => Some(name.to_string()),
        _ => None,
    };
    let named = format!(
        "The {}item {}",
        entity.as_ref().map(|e| format!("{e} ")).unwrap_or_default(),
        table_key_text(item, chart)
    );
    let Some((schema, condition)) = key else {
        return format!("{named} is one of them.");
    };
    let place = match pattern.request.get("IndexName").and_then(Json::as_str) {
        Some(index) => index.to_string(),
        None => "the table".into(),
    };
    let template = |attribute: &str| template_note(chart, entity.as_deref(), attribute);
    let value = |name: &str| item.get(name).and_then(KeyValue::from_value);
    // Every key attribute first: lacking one, the item is not in what is
    // read at all (a multi-attribute index needs each of its attributes).
    for (attribute, _) in schema.attributes() {
        let name = &attribute.name;
        if value(name).is_none() {
            return format!(
                "{named} has no {name}, so it is not in {place}.{}",
                template(name)
            );
        }
    }
    for (name, wanted) in &condition.by_attribute {
        let Some(held) = value(name) else {
            continue;
        };
        if wanted.matches(&held) {
            continue;
        }
        return match wanted {
            SortCondition::Eq(asked) if schema.partition_attributes().any(|a| a.name == *name) => {
                format!(
                    "{named} has {name} {}, where the Query asks for {}.{}",
                    quoted(&held),
                    quoted(asked),
                    template(name)
                )
            }
            range => format!(
                "{named} has {name} {}, which {}.{}",
                quoted(&held),
                fails(range),
                template(name)
            ),
        };
    }
    format!("{named} is one of them.")
}

/// "does not begin with "2024-07"" — how a sort-key value fails `range`.
fn fails(range: &SortCondition) -> String {
    match range {
        SortCondition::Eq(v) => format!("is not {}", quoted(v)),
        SortCondition::Lt(v) => format!("is not below {}", quoted(v)),
        SortCondition::Le(v) => format!("is above {}", quoted(v)),
        SortCondition::Gt(v) => format!("is not above {}", quoted(v)),
        SortCondition::Ge(v) => format!("is below {}", quoted(v)),
        SortCondition::Between(low, high) => {
            format!("is not between {} and {}", quoted(low), quoted(high))
        }
        SortCondition::BeginsWith(prefix) => format!("does not begin with {}", quoted(prefix)),
    }
}

/// " Order writes GSI1SK from the template ORDER#{orderDate}." and what
/// is wrong with that template, when the item's entity is in the chart.
fn template_note(chart: &Chart, entity: Option<&str>, attribute: &str) -> String {
    let Some(entity) = entity.and_then(|name| chart.entity(name)) else {
        return String::new();
    };
    let text = entity.keys.get(attribute).map_or("", String::as_str);
    let plain = chart
        .table
        .plain_key_attributes()
        .iter()
        .any(|k| k.name == attribute);
    if plain && text.trim().is_empty() {
        // An index keyed on several attributes takes the item's own.
        return match entity.attributes.iter().any(|a| a.name == attribute) {
            true => String::new(),
            false => format!(" {} has no attribute {attribute}.", entity.name),
        };
    }
    if text.trim().is_empty() {
        return format!(" {} has no {attribute} template.", entity.name);
    }
    let unknown: Vec<String> = chart
        .template(entity, attribute)
        .map(|t| {
            t.attributes()
                .filter(|a| !entity.attributes.iter().any(|known| known.name == *a))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let lacking = match unknown.as_slice() {
        [] => String::new(),
        names => format!(
            ", which names {}, an attribute {} does not have",
            names.join(" and "),
            entity.name
        ),
    };
    format!(
        " {} writes {attribute} from the template {text}{lacking}.",
        entity.name
    )
}

/// `PK "CUST#c3", SK "ORDER#2024-07-15#o12"`.
fn table_key_text(item: &Item, chart: &Chart) -> String {
    let table = &chart.table;
    std::iter::once(&table.partition_key)
        .chain(table.sort_key.as_ref())
        .filter_map(|k| {
            let value = item.get(&k.name).and_then(KeyValue::from_value)?;
            Some(format!("{} {}", k.name, quoted(&value)))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A key value as the learner typed it: strings in quotes.
fn quoted(value: &KeyValue) -> String {
    match value {
        KeyValue::S(s) => format!("\"{s}\""),
        other => crate::model::format::key_text(other),
    }
}
