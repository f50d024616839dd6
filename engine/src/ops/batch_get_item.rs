//! BatchGetItem: up to 100 items by key, from one or more tables, each
//! table read with its own consistency and projection. Every key is charged
//! as a GetItem of it would be (a missing item too), and the units are
//! summed per table. A response stops short of 16 MB: the keys it did not
//! reach come back as `UnprocessedKeys`, to be asked for again.

use std::collections::BTreeMap;

use super::shared::read::{ReadExpressions, parse_read};
use super::{Engine, ExpressionParameters};
use crate::capacity::{Consumed, read_units};
use crate::error::constraint::{self, Rule, Violation};
use crate::error::{Error, Result};
use crate::key::{PrimaryKey, key_from_request};
use crate::types::{Item, Path, path::project};

pub use crate::limits::MAX_BATCH_GETS;

pub use crate::limits::MAX_BATCH_GET_BYTES;

/// One table's part of a BatchGetItem (`KeysAndAttributes`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeysAndAttributes {
    /// `Keys`.
    pub keys: Vec<Item>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
    /// `ProjectionExpression`.
    pub projection_expression: Option<String>,
    /// `ExpressionAttributeNames`.
    pub expression_attribute_names: Option<BTreeMap<String, String>>,
    /// `AttributesToGet`: the legacy form of a projection.
    pub attributes_to_get: Option<Vec<String>>,
}

/// A BatchGetItem request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchGetItemRequest {
    /// `RequestItems`: table name → what to read there, in the request's order.
    pub request_items: Vec<(String, KeysAndAttributes)>,
}

/// A BatchGetItem response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchGetItemResponse {
    /// `Responses`: per table, the items found (missing keys are left out).
    pub responses: Vec<(String, Vec<Item>)>,
    /// `UnprocessedKeys`: per table, the keys past the 16 MB the response holds.
    pub unprocessed: Vec<(String, KeysAndAttributes)>,
    /// Capacity consumed, one entry per table.
    pub consumed: Vec<Consumed>,
}

/// A table's part, checked: its keys and projection.
struct Planned {
    /// The `RequestItems` key as sent — the table's name or its ARN — which
    /// keys the table's part of the response.
    sent_as: String,
    /// The table's name.
    table: String,
    keys: Vec<(Item, PrimaryKey)>,
    projection: Option<Vec<Path>>,
    request: KeysAndAttributes,
}

impl Engine {
    /// BatchGetItem.
    pub fn batch_get_item(&mut self, request: BatchGetItemRequest) -> Result<BatchGetItemResponse> {
        check_request_items(&request.request_items)?;
        let mut planned = Vec::with_capacity(request.request_items.len());
        for (sent_as, part) in request.request_items {
            let parameters = ExpressionParameters {
                names: part.expression_attribute_names.clone(),
                values: None,
            };
            let projection = parse_read(
                &parameters,
                ReadExpressions::projection(
                    part.projection_expression.as_deref(),
                    part.attributes_to_get.as_deref(),
                ),
            )?
            .projection;
            // The same key twice is refused before the table is looked up
            // (dynalite's suite, recorded against the service); a request
            // holds at most 100 keys, checked above.
            if part
                .keys
                .iter()
                .enumerate()
                .any(|(i, key)| part.keys[..i].contains(key))
            {
                return Err(Error::validation(
                    "Provided list of item keys contains duplicates",
                ));
            }
            let table_name = super::table_named_by(&sent_as)?.to_string();
            let table = self.table_or_not_found(&table_name)?;
            // A table named twice, once by name and once by ARN, is one
            // table: a key asked in both parts is the same key twice.
            let earlier: Vec<&PrimaryKey> = planned
                .iter()
                .filter(|p: &&Planned| p.table == table_name)
                .flat_map(|p| p.keys.iter().map(|(_, k)| k))
                .collect();
            let mut keys: Vec<(Item, PrimaryKey)> = Vec::with_capacity(part.keys.len());
            for key in &part.keys {
                let primary = key_from_request(&table.description.key_schema, key)?;
                if keys.iter().any(|(_, k)| *k == primary) || earlier.contains(&&primary) {
                    return Err(Error::validation(
                        "Provided list of item keys contains duplicates",
                    ));
                }
                keys.push((key.clone(), primary));
            }
            planned.push(Planned {
                sent_as,
                table: table_name,
                keys,
                projection,
                request: part,
            });
        }
        let mut response = BatchGetItemResponse::default();
        let mut returned_bytes = 0usize;
        for part in planned {
            let table = self.table_mut_or_not_found(&part.table)?;
            let mut consumed = Consumed::new(&part.table);
            let mut items = Vec::new();
            let mut left: Vec<Item> = Vec::new();
            for (key_item, key) in part.keys {
                let entry = table.get(&key);
                let size = entry.map_or(0, |e| e.size);
                if !left.is_empty() || returned_bytes + size > MAX_BATCH_GET_BYTES {
                    left.push(key_item);
                    continue;
                }
                returned_bytes += size;
                let units = read_units(size, part.request.consistent_read);
                if let Some(entry) = entry {
                    items.push(match &part.projection {
                        Some(paths) => project(&entry.item, paths),
                        None => entry.item.clone(),
                    });
                }
                table.usage.add_read(None, &key.partition, units);
                consumed.table += units;
            }
            if !left.is_empty() {
                response.unprocessed.push((
                    part.sent_as.clone(),
                    KeysAndAttributes {
                        keys: left,
                        ..part.request
                    },
                ));
            }
            response.responses.push((part.sent_as, items));
            response.consumed.push(consumed);
        }
        Ok(response)
    }
}

/// The breach of `RequestItems`' keys, when a table name breaks DynamoDB's
/// rules (the request's decoder lists it with its own).
pub fn table_names_problem(names: &[&str]) -> Option<Violation> {
    names
        .iter()
        .any(|name| super::request_items_key_breaks(name))
        .then(|| {
            let shown =
                super::request_map_text(names.iter().map(|name| (*name, 1, "KeysAndAttributes")));
            Violation::new(
                shown,
                "requestItems",
                Rule::MapKeys(constraint::TABLE_NAME_AS_MAP_KEY),
            )
        })
}

/// The request-level constraints: table names, 1 to 100 keys per table and
/// at most 100 in all.
fn check_request_items(items: &[(String, KeysAndAttributes)]) -> Result<()> {
    if items.is_empty() {
        return Err(Violation::new("{}", "requestItems", Rule::LengthAtLeast(1)).into());
    }
    let names: Vec<&str> = items.iter().map(|(name, _)| name.as_str()).collect();
    let mut problems: Vec<Violation> = table_names_problem(&names).into_iter().collect();
    for (name, part) in items {
        if part.keys.is_empty() {
            problems.push(Violation::new(
                "[]",
                format!("requestItems.{name}.member.keys"),
                Rule::LengthAtLeast(1),
            ));
        } else if part.keys.len() > MAX_BATCH_GETS {
            problems.push(Violation::unshown(
                format!("RequestItems.{name}.member.Keys"),
                Rule::LengthAtMost(MAX_BATCH_GETS),
            ));
        }
    }
    constraint::check(problems)?;
    let total: usize = items.iter().map(|(_, part)| part.keys.len()).sum();
    if total > MAX_BATCH_GETS {
        return Err(Error::validation(
            "Too many items requested for the BatchGetItem call",
        ));
    }
    Ok(())
}
