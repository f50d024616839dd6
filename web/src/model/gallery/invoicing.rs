//! Invoicing, redesigned: "an account's overdue invoices, newest first"
//! read from a sparse index that holds an invoice only while it is
//! overdue, beside the Scan + filter a flat invoices table needs.

use engine::api::Operation;
use serde_json::json;

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, IndexDesign, ProjectionDesign,
    TableDesign, key_templates,
};
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::AccessPattern;
use crate::model::playground::Playground;

const TABLE: &str = "invoices";

pub const EXAMPLE: Example = Example {
    name: "invoicing",
    title: "Overdue invoices",
    technique: "A sparse index in place of a Scan + filter: written only while an invoice is overdue",
    explanation: &[
        "A dashboard shows each account's overdue invoices, newest first. Kept as a flat list, the invoices can only be searched: a Scan reads all 40,000 of them, every page, and a filter keeps the few that are overdue — and the read units are charged for everything read.",
        "Here an invoice carries an extra attribute, overdue, only while it is overdue, and the index Overdue is keyed on it (OVERDUE#<account>, by due date). An invoice without the attribute is simply not in the index, so the index holds the overdue invoices and nothing else: the dashboard's question is one Query reading exactly what it shows. Paying an invoice removes the attribute, and with it the index entry.",
        "The comparison prices both at the dashboard's rate, 3,000,000 requests a month (fifty people, a refresh every ten seconds through the working day). Even listing every overdue invoice of every account is cheap: a Scan of the sparse index reads only what is in it.",
    ],
    table: TABLE,
    playground,
};

fn chart() -> Chart {
    let mut statuses = vec!["PAID"; 15];
    statuses.extend(["OPEN", "OPEN", "OPEN", "OVERDUE"]);
    Chart {
        table: TableDesign::keyed(
            TABLE,
            vec![IndexDesign::global(
                "Overdue",
                "OverduePK",
                "OverdueSK",
                ProjectionDesign::Include(vec!["amount".into(), "invoiceId".into()]),
            )],
        ),
        entities: vec![
            Entity {
                name: "Account".into(),
                attributes: vec![
                    A::new("accountId", G::Id { prefix: "a".into() }),
                    A::new("company", G::Words { min: 1, max: 3 }),
                    A::new("billingAddress", G::Address),
                ],
                keys: key_templates(&[("PK", "ACCOUNT#{accountId}"), ("SK", "PROFILE")]),
                parent: None,
                count: (200, 200),
            },
            Entity {
                name: "Invoice".into(),
                attributes: vec![
                    A::new("accountId", G::FromParent),
                    A::new("invoiceId", G::Id { prefix: "i".into() }),
                    A::new("issuedOn", G::Date { year: 2024 }),
                    A::new("dueOn", G::Date { year: 2024 }),
                    A::new(
                        "amount",
                        G::Decimal {
                            min: 20,
                            max: 9000,
                            decimals: 2,
                        },
                    ),
                    A::new("invoiceStatus", G::one_of(&statuses)),
                    A::new(
                        "overdue",
                        G::When {
                            attribute: "invoiceStatus".into(),
                            equals: "OVERDUE".into(),
                            then: Box::new(G::one_of(&["OVERDUE"])),
                        },
                    ),
                    A::new("lines", G::Words { min: 8, max: 30 }),
                ],
                keys: key_templates(&[
                    ("PK", "ACCOUNT#{accountId}"),
                    ("SK", "INVOICE#{issuedOn}#{invoiceId}"),
                    ("OverduePK", "{overdue}#{accountId}"),
                    ("OverdueSK", "{dueOn}#{invoiceId}"),
                ]),
                parent: Some("Account".into()),
                count: (150, 250),
            },
        ],
    }
}

fn patterns(paid: (&str, &str)) -> Vec<AccessPattern> {
    let account = json!({":account": {"S": "OVERDUE#a7"}});
    let dashboard = AccessPattern::new(
        "An account's overdue invoices, newest first (the dashboard)",
        Operation::Query,
        json!({"TableName": TABLE, "IndexName": "Overdue", "KeyConditionExpression": "OverduePK = :account",
            "ExpressionAttributeValues": account, "ScanIndexForward": false}),
    )
    .with_scan_filter(
        "accountId = :account AND invoiceStatus = :overdue",
        json!({":account": {"S": "a7"}, ":overdue": {"S": "OVERDUE"}}),
    );
    let month = json!({":account": {"S": "ACCOUNT#a7"}, ":month": {"S": "INVOICE#2024-03"}});
    let march = AccessPattern::new("An account's invoices issued in March", Operation::Query,
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :account AND begins_with(SK, :month)",
            "ExpressionAttributeValues": month}),
    )
    .with_scan_filter("PK = :account AND begins_with(SK, :month)", month);
    vec![
        dashboard,
        march,
        AccessPattern::new(
            "Every overdue invoice, for the collections team: a Scan of the sparse index",
            Operation::Scan,
            json!({"TableName": TABLE, "IndexName": "Overdue"}),
        ),
        AccessPattern::new(
            "Pay an overdue invoice: it leaves the index",
            Operation::UpdateItem,
            json!({"TableName": TABLE, "Key": {"PK": {"S": paid.0}, "SK": {"S": paid.1}},
                "UpdateExpression": "SET invoiceStatus = :paid REMOVE overdue, OverduePK, OverdueSK",
                "ConditionExpression": "invoiceStatus = :overdue",
                "ExpressionAttributeValues": {":paid": {"S": "PAID"}, ":overdue": {"S": "OVERDUE"}}}),
        ),
    ]
}

/// An overdue invoice of account a7 in the example's items.
const OVERDUE_INVOICE: (&str, &str) = ("ACCOUNT#a7", "INVOICE#2024-08-11#i1259");

fn playground() -> Playground {
    Playground {
        prices: Prices {
            requests_per_month: 3_000_000.0,
            ..Prices::default()
        },
        ..Playground::new(chart(), 3)
            .with_patterns(super::with_default_budgets(patterns(OVERDUE_INVOICE)), 0)
    }
}
