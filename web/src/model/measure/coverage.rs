//! Whether a keyed read still answers its question: the items its own
//! request returns against the items the Scan that asks the same without
//! keys finds (the comparison's Scan + filter), matched by primary key.
//!
//! A design change can leave every count and unit looking efficient while
//! the pattern stops finding what it is for — a key template that writes
//! another prefix, an index made sparse by an attribute the items lack.
//! Reading both to the end and comparing their keys is what catches it.
//! The first item the pattern misses is kept whole, with the key condition
//! the engine works out for the pattern's Query, so that the review can
//! say why that item is left out ([`crate::model::explain::review`]).

use engine::Engine;
use engine::api::Operation;
use engine::api::requests;
use engine::expr::keycond::KeyCondition;
use engine::key::{KeySchema, KeyValue};
use engine::types::Item;
use serde_json::Value as Json;
use std::collections::BTreeSet;

use crate::model::failure::Failure;
use crate::model::patterns::pattern::{AccessPattern, prune_placeholders};

/// Tables with at most this many items have every budgeted read checked
/// against its Scan after each change; on larger ones only the pattern
/// the comparison shows is (each check reads the whole table).
pub const CHECKED_UP_TO_ITEMS: usize = 5_000;

/// What a read returns, against what the Scan that asks the same finds.
#[derive(Clone, Debug, PartialEq)]
pub struct Coverage {
    /// Items the Scan finds.
    pub found: usize,
    /// Items the pattern's own request returns.
    pub returned: usize,
    /// Items the Scan finds that the pattern does not return.
    pub missed: usize,
    /// Items the pattern returns that the Scan does not find.
    pub extra: usize,
    /// The first item (in the Scan's order) the pattern does not return.
    pub first_missed: Option<Item>,
    /// For a Query: the key schema it reads and its key condition, as
    /// the engine works them out.
    pub key: Option<(KeySchema, KeyCondition)>,
}

/// A primary key, as items are matched by it.
type Key = (Option<KeyValue>, Option<KeyValue>);

/// Reads the pattern's own request and its Scan equivalent to the end and
/// compares their items. `None` for a pattern this does not apply to: not
/// a GetItem or an unsharded Query, or with no Scan that asks the same.
pub fn coverage(engine: &mut Engine, pattern: &AccessPattern) -> Result<Option<Coverage>, Failure> {
    let keyed = match pattern.operation {
        Operation::GetItem => true,
        Operation::Query => pattern.shards.is_none(),
        _ => false,
    };
    let (true, Some(scan)) = (keyed, pattern.scan_equivalent()) else {
        return Ok(None);
    };
    let table = pattern
        .request
        .get("TableName")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let Some(schema) = engine
        .table(table)
        .map(|t| t.description.key_schema.clone())
    else {
        return Ok(None);
    };
    let key_of = |item: &Item| -> Key {
        let value = |name: &str| item.get(name).and_then(KeyValue::from_value);
        (
            value(&schema.partition.name),
            schema.sort.as_ref().and_then(|s| value(&s.name)),
        )
    };
    let mut returned = BTreeSet::new();
    let mut key = None;
    let request = whole_items(&pattern.request);
    match pattern.operation {
        Operation::GetItem => {
            let (get, _) = requests::get_item(request.to_string().as_bytes())?;
            if let Some(item) = engine.get_item(get)?.item {
                returned.insert(key_of(&item));
            }
        }
        _ => {
            let (mut query, _) = requests::query(request.to_string().as_bytes())?;
            key = Some(engine.query_key_condition(&query)?);
            read_to_end(
                |start| {
                    query.exclusive_start_key = start;
                    engine.query(query.clone())
                },
                |item| {
                    returned.insert(key_of(item));
                },
            )?;
        }
    }
    let (mut scan, _) = requests::scan(scan.to_string().as_bytes())?;
    let (mut found, mut missed, mut first_missed) = (0, 0, None);
    let mut seen = BTreeSet::new();
    read_to_end(
        |start| {
            scan.exclusive_start_key = start;
            engine.scan(scan.clone())
        },
        |item| {
            let key = key_of(item);
            found += 1;
            if !returned.contains(&key) {
                missed += 1;
                first_missed.get_or_insert_with(|| item.clone());
            }
            seen.insert(key);
        },
    )?;
    Ok(Some(Coverage {
        found,
        returned: returned.len(),
        missed,
        extra: returned.difference(&seen).count(),
        first_missed,
        key,
    }))
}

/// The request as it picks items: no projection, no Limit (it is read to
/// the end anyway), and no placeholder only those used.
fn whole_items(request: &Json) -> Json {
    let mut request = request.clone();
    if let Some(fields) = request.as_object_mut() {
        for field in ["ProjectionExpression", "AttributesToGet", "Select", "Limit"] {
            fields.remove(field);
        }
    }
    prune_placeholders(&mut request);
    request
}

/// Pages a Query or Scan to its end, handing each item to `each`.
fn read_to_end(
    mut page: impl FnMut(Option<Item>) -> engine::Result<engine::ops::PageResponse>,
    mut each: impl FnMut(&Item),
) -> Result<(), Failure> {
    let mut start = None;
    for _ in 0..100_000 {
        let response = page(start.take())?;
        response.items.iter().flatten().for_each(&mut each);
        match response.last_evaluated_key {
            Some(key) => start = Some(key),
            None => return Ok(()),
        }
    }
    Err(Failure::refused(
        "the request did not finish after 100,000 pages",
    ))
}
