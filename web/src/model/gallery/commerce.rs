//! The example the page opens with: an online shop in one table.
//!
//! `commerce-main` holds customers, their orders, each order's lines, the
//! products with their stock, and abandoned carts that expire. GSI1 is
//! overloaded — orders by status and products by category and price share
//! it — and GSI2 is sparse: only open (PENDING) orders carry its key. The
//! table's stream feeds a handler that keeps each customer's `orderCount`;
//! time to live deletes carts whose `expiresAt` has passed.

use std::collections::BTreeMap;

use engine::api::Operation;
use engine::table::StreamViewType;
use serde_json::Value as Json;

use crate::model::data::edits::Edits;
use crate::model::data::view::Position;
use crate::model::design::chart::{
    AttributeDesign, Chart, Entity, Generator, IndexDesign, KeyAttribute, ProjectionDesign,
    TableDesign, key_templates,
};
use crate::model::design::generate::Generated;
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::{AccessPattern, Budget, ScanFilter};
use crate::model::patterns::runner::{Draft, Form};
use crate::model::playground::Playground;
use crate::model::stream::stream_handler::StreamHandler;
use engine::api::attribute_value::encode_item;

fn attribute(name: &str, generator: Generator) -> AttributeDesign {
    AttributeDesign::new(name, generator)
}

fn keys(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    key_templates(pairs)
}

fn choice(options: &[&str]) -> Generator {
    Generator::one_of(options)
}

/// The commerce chart.
pub fn chart() -> Chart {
    Chart {
        table: TableDesign {
            name: "commerce-main".into(),
            partition_key: KeyAttribute::s("PK"),
            sort_key: Some(KeyAttribute::s("SK")),
            indexes: vec![
                IndexDesign::global("GSI1", "GSI1PK", "GSI1SK", ProjectionDesign::All),
                IndexDesign::global(
                    "GSI2",
                    "GSI2PK",
                    "GSI2SK",
                    ProjectionDesign::Include(vec!["orderStatus".into(), "amount".into()]),
                ),
            ],
            stream: Some(StreamViewType::NewAndOldImages),
            ttl_attribute: Some("expiresAt".into()),
        },
        entities: vec![
            Entity {
                name: "Customer".into(),
                attributes: vec![
                    attribute("customerId", Generator::Id { prefix: "c".into() }),
                    attribute("fullName", Generator::PersonName),
                    attribute("email", Generator::Email),
                    attribute("address", Generator::Address),
                    attribute("preferences", Generator::Words { min: 20, max: 60 }),
                ],
                keys: keys(&[("PK", "CUST#{customerId}"), ("SK", "PROFILE")]),
                parent: None,
                count: (34, 34),
            },
            Entity {
                name: "Order".into(),
                attributes: vec![
                    attribute("customerId", Generator::FromParent),
                    attribute("orderId", Generator::Id { prefix: "o".into() }),
                    attribute("orderDate", Generator::Date { year: 2024 }),
                    attribute(
                        "orderStatus",
                        choice(&["PENDING", "SHIPPED", "DELIVERED", "CANCELLED"]),
                    ),
                    attribute(
                        "amount",
                        Generator::Decimal {
                            min: 5,
                            max: 500,
                            decimals: 2,
                        },
                    ),
                    attribute("shippingAddress", Generator::Address),
                    attribute("deliveryNotes", Generator::Words { min: 40, max: 120 }),
                    attribute(
                        "openFlag",
                        Generator::When {
                            attribute: "orderStatus".into(),
                            equals: "PENDING".into(),
                            then: Box::new(choice(&["OPEN"])),
                        },
                    ),
                ],
                keys: keys(&[
                    ("PK", "CUST#{customerId}"),
                    ("SK", "ORDER#{orderDate}#{orderId}"),
                    ("GSI1PK", "STATUS#{orderStatus}"),
                    ("GSI1SK", "{orderDate}#{orderId}"),
                    ("GSI2PK", "{openFlag}"),
                    ("GSI2SK", "{orderDate}#{orderId}"),
                ]),
                parent: Some("Customer".into()),
                count: (1, 12),
            },
            Entity {
                name: "OrderItem".into(),
                attributes: vec![
                    attribute("orderId", Generator::FromParent),
                    attribute("lineId", Generator::Id { prefix: "l".into() }),
                    attribute(
                        "productId",
                        choice(&[
                            "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11",
                            "p12",
                        ]),
                    ),
                    attribute("quantity", Generator::Integer { min: 1, max: 4 }),
                    attribute("giftMessage", Generator::Words { min: 0, max: 30 }),
                    // A copy of the product as it was sold: an order line
                    // reads whole without a second request.
                    attribute("productDetails", Generator::Words { min: 100, max: 220 }),
                ],
                keys: keys(&[("PK", "ORDER#{orderId}"), ("SK", "ITEM#{lineId}")]),
                parent: Some("Order".into()),
                count: (1, 4),
            },
            Entity {
                name: "Product".into(),
                attributes: vec![
                    attribute("productId", Generator::Id { prefix: "p".into() }),
                    attribute("category", choice(&["books", "games", "music"])),
                    attribute(
                        "price",
                        Generator::Decimal {
                            min: 3,
                            max: 120,
                            decimals: 2,
                        },
                    ),
                    attribute("description", Generator::Words { min: 60, max: 160 }),
                    // Units in the warehouse: placing an order takes them.
                    attribute("stock", Generator::Integer { min: 5, max: 40 }),
                ],
                keys: keys(&[
                    ("PK", "PRODUCT#{productId}"),
                    ("SK", "PRODUCT"),
                    ("GSI1PK", "CATEGORY#{category}"),
                    ("GSI1SK", "PRICE#{price:08.2}"),
                ]),
                parent: None,
                count: (12, 12),
            },
            Entity {
                name: "Cart".into(),
                attributes: vec![
                    attribute("cartId", Generator::Id { prefix: "k".into() }),
                    attribute("itemCount", Generator::Integer { min: 1, max: 6 }),
                    // Epoch seconds, July to December 2024: an abandoned
                    // cart is deleted by time to live once this has passed.
                    attribute(
                        "expiresAt",
                        Generator::Integer {
                            min: CARTS_EXPIRE_FROM,
                            max: CARTS_EXPIRE_UNTIL,
                        },
                    ),
                ],
                keys: keys(&[("PK", "CART#{cartId}"), ("SK", "CART")]),
                parent: None,
                count: (24, 24),
            },
        ],
    }
}

const TABLE: &str = "commerce-main";

/// When the example's abandoned carts expire: 2024-07-01 to 2024-12-31, in
/// epoch seconds.
pub const CARTS_EXPIRE_FROM: i64 = 1_719_792_000;
pub const CARTS_EXPIRE_UNTIL: i64 = 1_735_689_599;

/// Customer c11's orders, in the order they are generated from the first
/// seed. Tests pin generation to them natively and in the browser: the same
/// seed gives the same items on every platform.
pub const C11_ORDERS: [&str; 12] = [
    "ORDER#2024-07-21#o63",
    "ORDER#2024-06-02#o64",
    "ORDER#2024-08-14#o65",
    "ORDER#2024-10-03#o66",
    "ORDER#2024-02-21#o67",
    "ORDER#2024-09-07#o68",
    "ORDER#2024-09-13#o69",
    "ORDER#2024-02-13#o70",
    "ORDER#2024-03-20#o71",
    "ORDER#2024-08-27#o72",
    "ORDER#2024-11-09#o73",
    "ORDER#2024-02-09#o74",
];

/// The sort keys of one customer's orders among generated items, in the
/// order they were made.
pub fn order_keys(items: &[Generated], customer_key: &str) -> Vec<String> {
    items
        .iter()
        .map(|g| encode_item(&g.item))
        .filter(|j| j["PK"]["S"] == customer_key && j["entityType"]["S"] == "Order")
        .filter_map(|j| j["SK"]["S"].as_str().map(str::to_string))
        .collect()
}

/// The write pattern: ship one open order, which takes it out of GSI2.
pub const FULFIL: &str = "Fulfil an order: it leaves the open-orders index";

/// The example's access patterns, each with the Scan that would answer it
/// without keys, as data: `commerce-patterns.json` holds each pattern's
/// description, operation, request and (where the example spells it out)
/// the Scan filter that says the same without keys, and what the design
/// review expects of it (`budget`) and its requests a second (`rate`).
pub fn patterns() -> Vec<AccessPattern> {
    let text = include_str!("commerce-patterns.json");
    // Invariant: the file is valid JSON of this shape (tested).
    let list: Vec<Json> = serde_json::from_str(text).expect("the example's patterns read");
    list.into_iter()
        .map(|p| {
            let field = |name: &str| p[name].as_str().unwrap_or_default();
            let mut pattern = AccessPattern::new(
                field("description"),
                // Invariant: the example's operations are DynamoDB's (tested).
                Operation::parse(field("operation")).expect("an operation"),
                p["request"].clone(),
            );
            if let Some(filter) = p.get("scan_filter") {
                pattern.scan_filter = Some(ScanFilter {
                    expression: filter["expression"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                    names: None,
                    values: filter["values"].clone(),
                });
            }
            let budget = &p["budget"];
            pattern.budget = Budget {
                keyed: budget["keyed"].as_bool().unwrap_or(false),
                max_units: budget["max_units"].as_f64(),
                returns_what_it_reads: budget["returns_what_it_reads"].as_bool().unwrap_or(false),
                expected_items: budget["expected_items"]
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok()),
            };
            pattern.rate = p["rate"].as_f64().unwrap_or(0.0);
            pattern
        })
        .collect()
}

/// The pattern compared when the page opens: a Query that reads half a
/// read unit, next to a Scan that costs hundreds of times more.
pub const FIRST_PATTERN: usize = 2;

/// The seed the example generates its items from.
pub const FIRST_SEED: u64 = 42;

/// The example as the page opens it: the chart, its items from the first
/// seed, the patterns with an order's lines compared, and a customer's
/// orders of the first nine months in the runner.
pub fn playground() -> Playground {
    Playground {
        chart: chart(),
        seed: FIRST_SEED,
        patterns: patterns(),
        selected: FIRST_PATTERN,
        prices: Prices::default(),
        draft: Draft {
            form: Form {
                operation: Operation::Query,
                table: TABLE.into(),
                key_condition: "PK = :pk AND begins_with(SK, :prefix)".into(),
                values: r#"{":pk": {"S": "CUST#c11"}, ":prefix": {"S": "ORDER#2024-0"}}"#.into(),
                forward: true,
                ..Form::default()
            },
            ..Draft::default()
        },
        position: Position::default(),
        edits: Edits::default(),
        handler: Some(StreamHandler::order_count()),
        console_files: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_example_patterns_read_and_fulfil_an_order_that_is_pending() {
        let patterns = patterns();
        assert_eq!(patterns.len(), 13);
        let fulfil = patterns.iter().find(|p| p.description == FULFIL).unwrap();
        // An order that is PENDING in the items of the first seed.
        assert_eq!(
            fulfil.request["Key"],
            json!({"PK": {"S": "CUST#c11"}, "SK": {"S": "ORDER#2024-09-13#o69"}})
        );
        assert!(patterns.iter().all(|p| {
            let names = crate::model::data::multi_item::table_names(p.operation, &p.request);
            !names.is_empty() && names.iter().all(|n| n == TABLE)
        }));
    }

    #[test]
    fn the_example_chart_is_clean() {
        assert_eq!(chart().warnings(), vec![]);
    }

    #[test]
    fn colliding_and_broken_templates_are_flagged() {
        let mut chart = chart();
        chart.entities[3]
            .keys
            .insert("PK".into(), "CUST#{productId}".into());
        chart.entities[3].keys.insert("SK".into(), "PROFILE".into());
        chart.entities[1]
            .keys
            .insert("GSI1SK".into(), "{shipDate}".into());
        chart.entities[3]
            .keys
            .insert("GSI1SK".into(), "PRICE#{price}".into());
        let warnings: Vec<String> = chart.warnings().into_iter().map(|w| w.message).collect();
        assert!(
            warnings.iter().any(|w| w
                == "The GSI1SK template writes the number {price} as plain text, where 10 sorts before 9. Pad it to a fixed width, as in {price:010.2}. Or key the index on price itself, as a sort key attribute of its own: a global index's key can have several attributes, each compared by its type, so numbers need no padding."),
            "{warnings:?}"
        );
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("Customer and Product can get the same primary key")),
            "{warnings:?}"
        );
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("uses {shipDate}, but Order has no attribute shipDate")),
            "{warnings:?}"
        );
    }
}
