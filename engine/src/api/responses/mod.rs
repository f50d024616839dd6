//! DynamoDB's response shapes, written straight from the engine's typed
//! responses: this file holds what every operation shares (consumed
//! capacity, items, errors), the others one family each.

mod batch;
#[cfg(not(target_arch = "wasm32"))]
mod body_crc;
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

/// The items' JSON is their size (names and values) and about a quarter
/// more for the quotes and type keys around them.
fn expected_page_bytes(response: &PageResponse) -> usize {
    256 + response.bytes_read + response.bytes_read / 4
}

fn wire_page(response: &PageResponse, mode: ReturnConsumedCapacity) -> WirePage<'_> {
    WirePage {
        items: response.items.as_deref().map(WireItems),
        count: response.count,
        scanned_count: response.scanned_count,
        last_evaluated_key: response.last_evaluated_key.as_ref().map(WireItem),
        consumed_capacity: consumed_capacity(&response.consumed, mode),
    }
}

/// A Query or Scan response body.
pub fn page(response: &PageResponse, mode: ReturnConsumedCapacity) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    if response.items.is_some() {
        return page_with_crc(response, mode).0;
    }
    encode::to_string_sized(&wire_page(response, mode), expected_page_bytes(response))
}

/// A Query or Scan response body and its CRC-32, natively: the items are
/// written from the texts kept of them (`item_texts`, the same bytes as
/// [`page`] writes), `{"Items":[…]`, then the rest of the page's members,
/// which always include `Count`; the CRC is put together from the kept
/// texts' own (`body_crc`).
#[cfg(not(target_arch = "wasm32"))]
pub fn page_with_crc(response: &PageResponse, mode: ReturnConsumedCapacity) -> (String, u32) {
    let page = wire_page(response, mode);
    let mut crc = body_crc::RunningCrc::default();
    let Some(WireItems(items)) = page.items else {
        let out = encode::to_string_sized(&page, expected_page_bytes(response));
        crc.bytes(out.as_bytes());
        return (out, crc.value());
    };
    let rest = WirePage {
        items: None,
        ..page
    };
    let mut out = String::with_capacity(expected_page_bytes(response));
    out.push_str(r#"{"Items":["#);
    crc.bytes(out.as_bytes());
    item_texts::write_items(&mut out, &mut crc, items);
    // The rest is `{"Count":…}`: its members follow the items.
    let rest = encode::to_string(&rest);
    let rest = rest.strip_prefix('{').unwrap_or(&rest);
    for piece in ["],", rest] {
        out.push_str(piece);
        crc.bytes(piece.as_bytes());
    }
    (out, crc.value())
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
    fn a_page_of_kept_texts_is_the_page_written_whole_with_its_crc() {
        let items: Vec<Item> = (0..30).map(order).collect();
        let stored = items.clone();
        let key = items[29].clone();
        let response = PageResponse {
            items: Some(items.clone()),
            count: 30,
            scanned_count: 31,
            last_evaluated_key: Some(key.clone()),
            consumed: Consumed {
                table_name: "orders".into(),
                table: 7.5,
                ..Consumed::default()
            },
            ..PageResponse::default()
        };
        let whole = WirePage {
            items: Some(WireItems(&items)),
            count: 30,
            scanned_count: 31,
            last_evaluated_key: Some(WireItem(&key)),
            consumed_capacity: consumed_capacity(&response.consumed, ReturnConsumedCapacity::Total),
        };
        let expected = serde_json::to_string(&whole).unwrap();
        assert!(expected.starts_with(r#"{"Items":[{"PK":{"S":"CUST#1"},"SK":{"S":"ORDER#0000"},"#));
        assert!(expected.ends_with(r#""CapacityUnits":7.5}}"#));
        // Written, then copied from what was kept.
        for _ in 0..2 {
            let (body, crc) = page_with_crc(&response, ReturnConsumedCapacity::Total);
            assert_eq!(body, expected);
            assert_eq!(crc, crc32fast::hash(expected.as_bytes()));
        }
        drop(stored);
    }

    #[test]
    fn a_page_without_items_or_with_none_comes_with_its_crc() {
        let counted = PageResponse {
            count: 4,
            scanned_count: 9,
            ..PageResponse::default()
        };
        let (body, crc) = page_with_crc(&counted, ReturnConsumedCapacity::None);
        assert_eq!(body, r#"{"Count":4,"ScannedCount":9}"#);
        // zlib.crc32(b'{"Count":4,"ScannedCount":9}') in Python.
        assert_eq!(crc, 0xD8A8_7AC5);
        let empty = PageResponse {
            items: Some(Vec::new()),
            ..PageResponse::default()
        };
        let (body, crc) = page_with_crc(&empty, ReturnConsumedCapacity::None);
        assert_eq!(body, r#"{"Items":[],"Count":0,"ScannedCount":0}"#);
        assert_eq!(crc, crc32fast::hash(body.as_bytes()));
    }
}
