//! DynamoDB's response shapes, written straight from the engine's typed
//! responses: this file holds what every operation shares (consumed
//! capacity, items, errors), the others one family each.

mod batch;
pub mod control_plane;
mod encode;
#[cfg(not(target_arch = "wasm32"))]
mod item_texts;
mod partiql;
mod tables;
mod transactions;

pub use batch::{batch_get_item, batch_write_item, item_collection_metrics};
pub use encode::to_string;
pub use partiql::{batch_execute_statement, execute_statement, execute_transaction};
pub use tables::{deleted_table_description, list_tables, table_description};
pub use transactions::{transact_get_items, transact_write_items};

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::json;

use super::attribute_value::WireItem;
use crate::capacity::{Arms, Consumed, ReturnConsumedCapacity};
use crate::error::Error;
use crate::ops::PageResponse;
use crate::types::Item;

/// The account and region every ARN names.
pub(crate) use crate::ops::TABLE_ARN_PREFIX as ARN_PREFIX;

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct Units {
    capacity_units: f64,
}

/// `ConsumedCapacity` as DynamoDB writes it for single-item operations,
/// Query and Scan: an object; `TOTAL` gives the table name and total,
/// `INDEXES` adds the table arm and every index arm that was charged.
#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct WireConsumed<'a> {
    table_name: &'a str,
    capacity_units: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<Units>,
    #[serde(skip_serializing_if = "Option::is_none")]
    global_secondary_indexes: Option<BTreeMap<&'a str, Units>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    local_secondary_indexes: Option<BTreeMap<&'a str, Units>>,
}

fn arms(arms: &Arms) -> Option<BTreeMap<&str, Units>> {
    (!arms.is_empty()).then(|| {
        arms.iter()
            .map(|(k, v)| (k, Units { capacity_units: v }))
            .collect()
    })
}

/// The `ConsumedCapacity` field for a response, or `None` with `NONE`.
pub fn consumed_capacity(
    consumed: &Consumed,
    mode: ReturnConsumedCapacity,
) -> Option<WireConsumed<'_>> {
    match mode {
        ReturnConsumedCapacity::None => None,
        ReturnConsumedCapacity::Total => Some(WireConsumed {
            table_name: &consumed.table_name,
            capacity_units: consumed.total(),
            table: None,
            global_secondary_indexes: None,
            local_secondary_indexes: None,
        }),
        ReturnConsumedCapacity::Indexes => Some(WireConsumed {
            table_name: &consumed.table_name,
            capacity_units: consumed.total(),
            table: Some(Units {
                capacity_units: consumed.table,
            }),
            global_secondary_indexes: arms(&consumed.global_indexes),
            local_secondary_indexes: arms(&consumed.local_indexes),
        }),
    }
}

/// A single-item response: `Item` or `Attributes`, and capacity.
#[derive(Serialize)]
pub struct ItemResponse<'a> {
    #[serde(rename = "Item", skip_serializing_if = "Option::is_none")]
    pub item: Option<WireItem<'a>>,
    #[serde(rename = "Attributes", skip_serializing_if = "Option::is_none")]
    pub attributes: Option<WireItem<'a>>,
    #[serde(rename = "ConsumedCapacity", skip_serializing_if = "Option::is_none")]
    pub consumed_capacity: Option<WireConsumed<'a>>,
    #[serde(
        rename = "ItemCollectionMetrics",
        skip_serializing_if = "Option::is_none"
    )]
    pub item_collection_metrics: Option<serde_json::Value>,
}

pub(super) struct WireItems<'a>(&'a [Item]);

impl Serialize for WireItems<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(WireItem))
    }
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct WirePage<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    items: Option<WireItems<'a>>,
    count: usize,
    scanned_count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_evaluated_key: Option<WireItem<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    consumed_capacity: Option<WireConsumed<'a>>,
}

/// A Query or Scan response body.
pub fn page(response: &PageResponse, mode: ReturnConsumedCapacity) -> String {
    // The items' JSON is their size (names and values) and about a
    // quarter more for the quotes and type keys around them.
    let expected = 256 + response.bytes_read + response.bytes_read / 4;
    let page = WirePage {
        items: response.items.as_deref().map(WireItems),
        count: response.count,
        scanned_count: response.scanned_count,
        last_evaluated_key: response.last_evaluated_key.as_ref().map(WireItem),
        consumed_capacity: consumed_capacity(&response.consumed, mode),
    };
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(WireItems(items)) = page.items {
        return page_of_kept_texts(
            items,
            WirePage {
                items: None,
                ..page
            },
            expected,
        );
    }
    encode::to_string_sized(&page, expected)
}

/// A page whose items are written from [`item_texts`] (the same bytes as
/// [`WireItems`] writes): `{"Items":[…]`, then the rest of the page's
/// members, which always include `Count`.
#[cfg(not(target_arch = "wasm32"))]
fn page_of_kept_texts(items: &[Item], rest: WirePage<'_>, expected: usize) -> String {
    let mut out = String::with_capacity(expected);
    out.push_str(r#"{"Items":["#);
    item_texts::write_items(&mut out, items);
    out.push_str("],");
    // The rest is `{"Count":…}`: its members follow the items.
    let rest = encode::to_string(&rest);
    out.push_str(rest.strip_prefix('{').unwrap_or(&rest));
    out
}

/// An error body: `{"__type": …, "message": …}` (plus `Item` for a failed
/// condition that asked for the old item).
pub fn error(error: &Error) -> String {
    let mut out = json!({"__type": error.type_name(), "message": error.to_string()});
    if let Error::ConditionalCheckFailed { item: Some(item) } = error {
        out["Item"] = super::attribute_value::encode_item(item);
    }
    if let Error::TransactionCanceled { reasons } = error {
        let reasons: Vec<serde_json::Value> = reasons
            .iter()
            .map(|r| {
                let mut reason = json!({"Code": r.code});
                if let Some(message) = &r.message {
                    reason["Message"] = json!(message);
                }
                if let Some(item) = &r.item {
                    reason["Item"] = super::attribute_value::encode_item(item);
                }
                reason
            })
            .collect();
        out["CancellationReasons"] = json!(reasons);
    }
    let bare = matches!(error, Error::Serialization(message) if message.is_empty());
    if bare || matches!(error, Error::UnknownOperation) {
        out = json!({"__type": error.type_name()});
    }
    out.to_string()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::types::{Number, Value};

    fn order(n: u32) -> Item {
        [
            ("PK", Value::s("CUST#1")),
            ("SK", Value::s(format!("ORDER#{n:04}"))),
            (
                "total",
                Value::N(Number::parse(&format!("{n}.990")).unwrap()),
            ),
            ("notes", Value::s("quote \" tab \t é 😀 ".repeat(40))),
        ]
        .into_iter()
        .collect()
    }

    #[test]
    fn a_page_of_kept_texts_is_the_page_written_whole() {
        let items: Vec<Item> = (0..30).map(order).collect();
        let stored = items.clone();
        let key = items[29].clone();
        let consumed = Consumed {
            table_name: "orders".into(),
            table: 7.5,
            ..Consumed::default()
        };
        let whole = |items| WirePage {
            items,
            count: 30,
            scanned_count: 31,
            last_evaluated_key: Some(WireItem(&key)),
            consumed_capacity: consumed_capacity(&consumed, ReturnConsumedCapacity::Total),
        };
        let expected = serde_json::to_string(&whole(Some(WireItems(&items)))).unwrap();
        assert!(expected.starts_with(r#"{"Items":[{"PK":{"S":"CUST#1"},"SK":{"S":"ORDER#0000"},"#));
        assert!(expected.ends_with(r#""CapacityUnits":7.5}}"#));
        // Written, then copied from what was kept.
        for _ in 0..2 {
            assert_eq!(page_of_kept_texts(&items, whole(None), 0), expected);
        }
        drop(stored);
    }
}
