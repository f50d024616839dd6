//! Multi-attribute keys: a customer's orders by status and date, asked of
//! two indexes over the same orders — GSI1, keyed on the concatenated
//! synthetic attributes a design writes into every item, and
//! ByCustomerStatusDate, keyed on the orders' own attributes, which the
//! index composes — each question and each change once per index.

use engine::api::Operation;
use serde_json::{Value as Json, json};

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, IndexDesign, KeyAttribute,
    ProjectionDesign, TableDesign, key_templates,
};
use crate::model::patterns::pattern::AccessPattern;
use crate::model::playground::Playground;

const TABLE: &str = "orders";

/// The index keyed on the orders' own attributes.
pub const COMPOSED: &str = "ByCustomerStatusDate";

pub const EXAMPLE: Example = Example {
    name: "multi-attribute",
    title: "Multi-attribute keys",
    technique: "An index keyed on several of the items' own attributes, beside the concatenated key it replaces",
    explanation: &[
        "The question: a customer's orders with a given status, within a range of dates, newest first. The classic answer writes two synthetic attributes into every order — GSI1PK = CUSTOMER#<id> and GSI1SK = STATUS#<status>#DATE#<date> — and keys GSI1 on them, so that one Query with begins_with or BETWEEN on the concatenated string reads exactly the orders asked for.",
        "Since November 2025 a global index can instead be keyed on up to four partition and four sort key attributes. ByCustomerStatusDate is keyed on customerId, then orderStatus and orderDate as two sort key attributes: the orders' own attributes, each compared by its own type, so there is nothing to concatenate, no separator to get wrong and no number to pad. The patterns ask each question of both indexes: they read the same orders for the same units.",
        "The difference is in the writes and in what comes later. The synthetic attributes are bytes in every order and in GSI1's entries, and every change of status has to rewrite GSI1SK too, in the same request, or the index answers wrongly. Adding such an index to a table in use means writing the synthetic attributes into every existing item first; an index keyed on attributes the items already have is filled by DynamoDB from them as it is created. The rules come with it: a Query gives = on every partition key attribute and uses the sort key attributes left to right, = on each but the last one it names — try the runner on ByCustomerStatusDate with orderDate and no orderStatus to see DynamoDB's refusal.",
    ],
    table: TABLE,
    playground,
};

fn chart() -> Chart {
    let composed = IndexDesign {
        name: COMPOSED.into(),
        global: true,
        partition_key: KeyAttribute::s("customerId"),
        sort_key: Some(KeyAttribute::s("orderStatus")),
        more_partition: Vec::new(),
        more_sort: vec![KeyAttribute::s("orderDate")],
        projection: ProjectionDesign::All,
    };
    Chart {
        table: TableDesign::keyed(
            TABLE,
            vec![
                IndexDesign::global("GSI1", "GSI1PK", "GSI1SK", ProjectionDesign::All),
                composed,
            ],
        ),
        entities: vec![
            Entity {
                name: "Customer".into(),
                attributes: vec![
                    A::new("customerId", G::Id { prefix: "c".into() }),
                    A::new("fullName", G::PersonName),
                ],
                keys: key_templates(&[("PK", "CUSTOMER#{customerId}"), ("SK", "PROFILE")]),
                parent: None,
                count: (40, 40),
            },
            Entity {
                name: "Order".into(),
                attributes: vec![
                    A::new("customerId", G::FromParent),
                    A::new("orderId", G::Id { prefix: "o".into() }),
                    A::new(
                        "orderStatus",
                        G::one_of(&["PENDING", "SHIPPED", "SHIPPED", "DELIVERED", "DELIVERED"]),
                    ),
                    A::new("orderDate", G::Date { year: 2024 }),
                    A::new(
                        "total",
                        G::Decimal {
                            min: 5,
                            max: 500,
                            decimals: 2,
                        },
                    ),
                ],
                keys: key_templates(&[
                    ("PK", "ORDER#{orderId}"),
                    ("SK", "ORDER"),
                    ("GSI1PK", "CUSTOMER#{customerId}"),
                    ("GSI1SK", "STATUS#{orderStatus}#DATE#{orderDate}"),
                ]),
                parent: Some("Customer".into()),
                count: (4, 20),
            },
        ],
    }
}

/// One question asked of both indexes: the synthetic key's Query, then
/// the composed key's, each with the Scan + filter that asks the same.
fn both_ways(
    question: &str,
    synthetic: (&str, Json),
    composed: (&str, Json),
    filter: (&str, Json),
    newest_first: bool,
) -> [AccessPattern; 2] {
    let query = |index: &str, (condition, values): (&str, Json)| {
        let mut request = json!({"TableName": TABLE, "IndexName": index,
            "KeyConditionExpression": condition, "ExpressionAttributeValues": values});
        if newest_first {
            request["ScanIndexForward"] = json!(false);
        }
        request
    };
    [
        AccessPattern::new(
            &format!("{question}: GSI1, the concatenated key"),
            Operation::Query,
            query("GSI1", synthetic),
        )
        .with_scan_filter(filter.0, filter.1.clone()),
        AccessPattern::new(
            &format!("{question}: {COMPOSED}, the orders' own attributes"),
            Operation::Query,
            query(COMPOSED, composed),
        )
        .with_scan_filter(filter.0, filter.1),
    ]
}

fn patterns(shipped: &str) -> Vec<AccessPattern> {
    let s = |text: &str| json!({"S": text});
    let july = both_ways(
        "c7's SHIPPED orders of December, newest first",
        (
            "GSI1PK = :c AND begins_with(GSI1SK, :p)",
            json!({":c": s("CUSTOMER#c7"), ":p": s("STATUS#SHIPPED#DATE#2024-12")}),
        ),
        (
            "customerId = :c AND orderStatus = :s AND begins_with(orderDate, :m)",
            json!({":c": s("c7"), ":s": s("SHIPPED"), ":m": s("2024-12")}),
        ),
        (
            "customerId = :c AND orderStatus = :s AND begins_with(orderDate, :m)",
            json!({":c": s("c7"), ":s": s("SHIPPED"), ":m": s("2024-12")}),
        ),
        true,
    );
    let half = both_ways(
        "c7's DELIVERED orders of the second half of the year",
        (
            "GSI1PK = :c AND GSI1SK BETWEEN :a AND :b",
            json!({":c": s("CUSTOMER#c7"), ":a": s("STATUS#DELIVERED#DATE#2024-07-01"),
                   ":b": s("STATUS#DELIVERED#DATE#2024-12-31")}),
        ),
        (
            "customerId = :c AND orderStatus = :s AND orderDate BETWEEN :a AND :b",
            json!({":c": s("c7"), ":s": s("DELIVERED"), ":a": s("2024-07-01"), ":b": s("2024-12-31")}),
        ),
        (
            "customerId = :c AND orderStatus = :s AND orderDate BETWEEN :a AND :b",
            json!({":c": s("c7"), ":s": s("DELIVERED"), ":a": s("2024-07-01"), ":b": s("2024-12-31")}),
        ),
        false,
    );
    let all = both_ways(
        "All of c7's orders, by status, then date",
        ("GSI1PK = :c", json!({":c": s("CUSTOMER#c7")})),
        ("customerId = :c", json!({":c": s("c7")})),
        (
            "entityType = :order AND customerId = :c",
            json!({":order": s("Order"), ":c": s("c7")}),
        ),
        false,
    );
    let ship = |description: &str, update: &str, values: Json| {
        AccessPattern::new(
            description,
            Operation::UpdateItem,
            json!({"TableName": TABLE, "Key": {"PK": s(shipped), "SK": s("ORDER")},
                "UpdateExpression": update, "ConditionExpression": "orderStatus = :pending",
                "ExpressionAttributeValues": values}),
        )
    };
    let mut out: Vec<AccessPattern> = july.into_iter().chain(half).chain(all).collect();
    out.push(ship(
        "Ship an order: the status, and GSI1SK rewritten in step",
        "SET orderStatus = :shipped, GSI1SK = :sk",
        json!({":shipped": s("SHIPPED"), ":pending": s("PENDING"),
               ":sk": s(&format!("STATUS#SHIPPED#DATE#{SHIPPED_ORDER_DATE}"))}),
    ));
    out.push(ship(
        "Ship an order: the status alone, which the index composes",
        "SET orderStatus = :shipped",
        json!({":shipped": s("SHIPPED"), ":pending": s("PENDING")}),
    ));
    out
}

/// A PENDING order of c7's in the example's items, and its date.
const PENDING_ORDER: &str = "ORDER#o85";
const SHIPPED_ORDER_DATE: &str = "2024-07-20";

fn playground() -> Playground {
    Playground::new(chart(), 5)
        .with_patterns(super::with_default_budgets(patterns(PENDING_ORDER)), 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::key::KeyType;

    #[test]
    fn the_composed_index_takes_the_orders_own_attributes_with_no_template() {
        let chart = chart();
        let plain: Vec<&str> = chart
            .table
            .plain_key_attributes()
            .iter()
            .map(|k| k.name.as_str())
            .collect();
        assert_eq!(plain, ["customerId", "orderStatus", "orderDate"]);
        let request = chart.table.create_table_request();
        assert_eq!(
            request["GlobalSecondaryIndexes"][1]["KeySchema"],
            json!([{"AttributeName": "customerId", "KeyType": "HASH"},
                   {"AttributeName": "orderStatus", "KeyType": "RANGE"},
                   {"AttributeName": "orderDate", "KeyType": "RANGE"}])
        );
    }

    #[test]
    fn an_own_attribute_of_another_type_than_the_key_is_warned_of() {
        let mut chart = chart();
        chart.table.indexes[1].more_sort[0].key_type = KeyType::N;
        let warnings: Vec<String> = chart.warnings().into_iter().map(|w| w.message).collect();
        assert_eq!(
            warnings,
            [
                "Order's orderDate values are of type S, but an index keys on orderDate as type N: DynamoDB refuses such items. Give the key attribute type S in the table design, or change the attribute's kind."
            ]
        );
    }
}
