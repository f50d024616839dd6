//! Access patterns: what the application needs, in the learner's words,
//! bound to the one request that serves it.
//!
//! A pattern is written first and designed for: a GetItem, a Query on the
//! table or an index, a Scan, or a write. Reads are compared with the Scan
//! that would answer the same need without keys; writes are measured for
//! what they cost on the table and on every index they touch.

use engine::api::Operation;
use serde_json::{Map, Value as Json, json};

pub use crate::limits::MAX_PATTERNS;

/// An access pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessPattern {
    /// In the learner's words.
    pub description: String,
    /// `GetItem`, `Query`, `Scan`, `PutItem`, `UpdateItem` or `DeleteItem`.
    pub operation: Operation,
    /// The request body (DynamoDB JSON, `TableName` included).
    pub request: Json,
    /// The Scan filter that says the same without keys, when the example
    /// spells one out; otherwise it is derived from the key condition.
    pub scan_filter: Option<ScanFilter>,
    /// For a PartiQL SELECT that is a Scan: the keyed SELECT that would
    /// serve the same need, to compare it with, when the learner gives one.
    pub alternative: Option<String>,
    /// Write sharding: the partition key's value takes a suffix `#0` …
    /// `#N-1` (see [`crate::model::measure::sharding`]).
    pub shards: Option<u32>,
    /// What the design review expects of the pattern.
    pub budget: Budget,
    /// Requests per second, for the throughput view (0: not counted).
    pub rate: f64,
}

/// What a design review expects of a pattern (see [`crate::model::explain::review`]);
/// nothing, by default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Budget {
    /// Served by a key — GetItem or Query — never a Scan.
    pub keyed: bool,
    /// At most this many units a request: read units (eventually
    /// consistent) for a read, write units for a write.
    pub max_units: Option<f64>,
    /// Returns what it reads: Count equal to ScannedCount.
    pub returns_what_it_reads: bool,
    /// A read returns exactly this many items on the playground's data:
    /// the answer the learner worked out, held against the design.
    pub expected_items: Option<u32>,
}

impl Budget {
    /// Served by a key and returning what it reads: what a pattern meant
    /// to be efficient is held to.
    pub fn efficient() -> Budget {
        Budget {
            keyed: true,
            returns_what_it_reads: true,
            ..Budget::default()
        }
    }

    /// The same, never a Scan.
    pub fn keyed(mut self) -> Budget {
        self.keyed = true;
        self
    }

    /// The same with a ceiling on the units a request.
    pub fn at_most(mut self, units: f64) -> Budget {
        self.max_units = Some(units);
        self
    }

    /// The same, returning exactly `items` items.
    pub fn returning(mut self, items: u32) -> Budget {
        self.expected_items = Some(items);
        self
    }

    /// True when it expects nothing.
    pub fn is_empty(&self) -> bool {
        *self == Budget::default()
    }
}

/// A Scan's FilterExpression and its placeholders.
#[derive(Clone, Debug, PartialEq)]
pub struct ScanFilter {
    pub expression: String,
    pub names: Option<Json>,
    pub values: Json,
}

/// How DynamoDB finds what a pattern needs.
#[derive(Clone, Debug, PartialEq)]
pub enum ServedBy {
    /// GetItem: straight to one item by its full primary key.
    KeyLookup,
    /// A Query on the table (`None`) or on an index.
    Query(Option<String>),
    /// One Query per shard on the table (`None`) or an index, merged.
    ScatterGather { index: Option<String>, shards: u32 },
    /// A Scan of the table (`None`) or of an index: every item is read.
    Scan(Option<String>),
    /// A write to one item by its key.
    Write(String),
    /// Writes to several items, all or none.
    Transaction,
}

impl ServedBy {
    /// "Key lookup (GetItem)", "Query on GSI1", "Scan of the table".
    pub fn describe(&self) -> String {
        let on = |index: &Option<String>| index.clone().unwrap_or_else(|| "the table".into());
        match self {
            ServedBy::KeyLookup => "Key lookup (GetItem)".into(),
            ServedBy::Query(index) => format!("Query on {}", on(index)),
            ServedBy::ScatterGather { index, shards } => {
                format!("{shards} Queries on {}, one per shard, merged", on(index))
            }
            ServedBy::Scan(index) => format!("Scan of {}", on(index)),
            ServedBy::Write(operation) => format!("Write by key ({operation})"),
            ServedBy::Transaction => "Writes by key, all or none (TransactWriteItems)".into(),
        }
    }
}

/// The operations an access pattern can use: one request that serves one
/// need — a read, a write by key, a transaction, or a PartiQL SELECT.
pub const PATTERN_OPERATIONS: [Operation; 8] = [
    Operation::Query,
    Operation::Scan,
    Operation::ExecuteStatement,
    Operation::GetItem,
    Operation::PutItem,
    Operation::UpdateItem,
    Operation::DeleteItem,
    Operation::TransactWriteItems,
];

impl AccessPattern {
    /// The same pattern with the Scan filter that says it without keys.
    pub fn with_scan_filter(mut self, expression: &str, values: Json) -> AccessPattern {
        self.scan_filter = Some(ScanFilter {
            expression: expression.to_string(),
            names: None,
            values,
        });
        self
    }

    /// A pattern from a request; the Scan to compare with is derived.
    pub fn new(description: &str, operation: Operation, request: Json) -> AccessPattern {
        AccessPattern {
            description: description.to_string(),
            operation,
            request,
            scan_filter: None,
            alternative: None,
            shards: None,
            budget: Budget::default(),
            rate: 0.0,
        }
    }

    /// The same pattern with these expectations.
    pub fn with_budget(mut self, budget: Budget) -> AccessPattern {
        self.budget = budget;
        self
    }

    /// The same pattern made this many times a second.
    pub fn with_rate(mut self, requests_per_second: f64) -> AccessPattern {
        self.rate = requests_per_second;
        self
    }

    /// The same pattern spread over `shards` partition key values.
    pub fn sharded(mut self, shards: u32) -> AccessPattern {
        self.shards = Some(shards);
        self
    }

    /// How the pattern is served.
    pub fn served_by(&self) -> ServedBy {
        let index = self
            .request
            .get("IndexName")
            .and_then(Json::as_str)
            .map(str::to_string);
        match self.operation {
            Operation::GetItem => ServedBy::KeyLookup,
            Operation::Query => match self.shards {
                Some(shards) => ServedBy::ScatterGather { index, shards },
                None => ServedBy::Query(index),
            },
            Operation::Scan => ServedBy::Scan(index),
            Operation::TransactWriteItems => ServedBy::Transaction,
            other => ServedBy::Write(other.to_string()),
        }
    }

    /// The Scan of the whole table that returns what this GetItem or Query
    /// returns: its key condition (or key) and filter become one filter.
    /// `None` for Scans and writes.
    pub fn scan_equivalent(&self) -> Option<Json> {
        let table = self.request.get("TableName")?.clone();
        let mut scan = json!({ "TableName": table });
        if self.shards.is_some() && self.scan_filter.is_none() {
            // The key condition names one shard's base value, which holds
            // none of the sharded items: only a given filter says it.
            return None;
        }
        if let Some(given) = &self.scan_filter {
            scan["FilterExpression"] = json!(given.expression);
            if !given.values.is_null() {
                scan["ExpressionAttributeValues"] = given.values.clone();
            }
            if let Some(names) = &given.names {
                scan["ExpressionAttributeNames"] = names.clone();
            }
            return Some(scan);
        }
        for field in ["ExpressionAttributeNames", "ExpressionAttributeValues"] {
            if let Some(map) = self.request.get(field) {
                scan[field] = map.clone();
            }
        }
        let text = |field: &str| self.request.get(field).and_then(Json::as_str);
        let filter = match self.operation {
            Operation::Query => match (text("KeyConditionExpression")?, text("FilterExpression")) {
                (keys, Some(filter)) => format!("({keys}) AND ({filter})"),
                (keys, None) => keys.to_string(),
            },
            Operation::GetItem => key_as_filter(self.request.get("Key")?.as_object()?, &mut scan),
            _ => return None,
        };
        scan["FilterExpression"] = json!(filter);
        prune_placeholders(&mut scan);
        Some(scan)
    }
}

/// Drops the placeholders only the removed filter used, so that DynamoDB's
/// unused-placeholder rule still holds.
pub fn prune_placeholders(body: &mut Json) {
    let used: String = [
        "KeyConditionExpression",
        "FilterExpression",
        "ProjectionExpression",
        "ConditionExpression",
        "UpdateExpression",
    ]
    .iter()
    .filter_map(|k| body.get(*k).and_then(Json::as_str))
    .collect::<Vec<_>>()
    .join(" ");
    let is_used = |placeholder: &str| {
        used.match_indices(placeholder).any(|(at, _)| {
            !used[at + placeholder.len()..]
                .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    for field in ["ExpressionAttributeNames", "ExpressionAttributeValues"] {
        if let Some(map) = body.get_mut(field).and_then(Json::as_object_mut) {
            map.retain(|k, _| is_used(k));
            if map.is_empty() {
                body.as_object_mut().map(|o| o.remove(field));
            }
        }
    }
}

/// `#key0 = :key0 AND #key1 = :key1` for a GetItem key, with the
/// placeholders added to the request.
fn key_as_filter(key: &Map<String, Json>, scan: &mut Json) -> String {
    let mut terms = Vec::new();
    for (i, (name, value)) in key.iter().enumerate() {
        let (name_placeholder, value_placeholder) = (format!("#key{i}"), format!(":key{i}"));
        placeholders(scan, "ExpressionAttributeNames")
            .insert(name_placeholder.clone(), json!(name));
        placeholders(scan, "ExpressionAttributeValues")
            .insert(value_placeholder.clone(), value.clone());
        terms.push(format!("{name_placeholder} = {value_placeholder}"));
    }
    terms.join(" AND ")
}

fn placeholders<'a>(request: &'a mut Json, field: &str) -> &'a mut Map<String, Json> {
    if !request.get(field).is_some_and(Json::is_object) {
        request[field] = json!({});
    }
    // Invariant: the field was made an object just above.
    request[field].as_object_mut().expect("an object")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_on_an_index_is_compared_with_a_scan_of_the_table() {
        let pattern = AccessPattern::new(
            "Orders by status",
            Operation::Query,
            json!({"TableName": "shop", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
                   "FilterExpression": "amount > :min", "ProjectionExpression": "#n",
                   "ExpressionAttributeNames": {"#n": "name"},
                   "ExpressionAttributeValues": {":s": {"S": "STATUS#OPEN"}, ":min": {"N": "5"}}}),
        );
        assert_eq!(pattern.served_by().describe(), "Query on GSI1");
        assert_eq!(
            pattern.scan_equivalent().unwrap(),
            json!({"TableName": "shop", "FilterExpression": "(GSI1PK = :s) AND (amount > :min)",
                   "ExpressionAttributeValues": {":s": {"S": "STATUS#OPEN"}, ":min": {"N": "5"}}})
        );
    }

    #[test]
    fn a_get_item_key_becomes_a_scan_filter() {
        let pattern = AccessPattern::new(
            "Profile",
            Operation::GetItem,
            json!({"TableName": "shop", "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "PROFILE"}}}),
        );
        assert_eq!(pattern.served_by(), ServedBy::KeyLookup);
        assert_eq!(
            pattern.scan_equivalent().unwrap(),
            json!({"TableName": "shop", "FilterExpression": "#key0 = :key0 AND #key1 = :key1",
                   "ExpressionAttributeNames": {"#key0": "PK", "#key1": "SK"},
                   "ExpressionAttributeValues": {":key0": {"S": "CUST#1"}, ":key1": {"S": "PROFILE"}}})
        );
    }

    #[test]
    fn scans_and_writes_have_nothing_to_compare_with() {
        let scan = AccessPattern::new("All", Operation::Scan, json!({"TableName": "shop"}));
        assert_eq!(scan.served_by().describe(), "Scan of the table");
        assert_eq!(scan.scan_equivalent(), None);
        let write = AccessPattern::new("Ship", Operation::UpdateItem, json!({"TableName": "shop"}));
        assert_eq!(write.served_by().describe(), "Write by key (UpdateItem)");
        assert_eq!(write.scan_equivalent(), None);
    }
}
