//! An organisation in one partition per company, its hierarchy spelled out
//! in composite sort keys: a `begins_with` Query answers every level.

use engine::api::Operation;
use serde_json::json;

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, TableDesign, key_templates,
};
use crate::model::patterns::pattern::AccessPattern;
use crate::model::playground::Playground;

const TABLE: &str = "org";

pub const EXAMPLE: Example = Example {
    name: "hierarchy",
    title: "Organisation hierarchy",
    technique: "Composite sort keys: a begins_with Query at every level of a hierarchy",
    explanation: &[
        "Each company is one partition. Its departments, teams and people are items whose sort keys spell out where they sit: DEPT#<d>, DEPT#<d>#TEAM#<t>, DEPT#<d>#TEAM#<t>#EMP#<e>. Because items are stored in sort-key order, everything under a department, or under a team, is one contiguous range: a begins_with Query reads exactly that subtree and nothing else.",
        "The key serves questions that follow the hierarchy from the top. A question across it — everyone with a given surname, whatever their department — is not a prefix of any sort key, so it is a Scan of every company with a filter, and it costs what reading the whole table costs. A design that needs it often would add an index keyed on the surname.",
        "Prefixes need an end: DEPT#d1 is also the start of DEPT#d10, so the Query for department d1 would read d10 too in a company that had both. A design that must never mix them ends each level with its separator (DEPT#d1#) or pads the ids to one width (DEPT#d001).",
        "The chart warns that PK takes only four values, one per company: that is the design, not a slip. Keeping a company in one partition is what lets a single Query read any subtree; the cost is that every read and write for one company meets the same partition's ceiling, which a few hundred people never come near. A company with tens of thousands of employees and busy writes would split its people into a collection of their own, or shard it.",
    ],
    table: TABLE,
    playground,
};

fn chart() -> Chart {
    let from_parent = |name: &str| A::new(name, G::FromParent);
    Chart {
        table: TableDesign::keyed(TABLE, Vec::new()),
        entities: vec![
            Entity {
                name: "Company".into(),
                attributes: vec![
                    A::new("companyId", G::Id { prefix: "x".into() }),
                    A::new("companyName", G::Words { min: 1, max: 3 }),
                    A::new("address", G::Address),
                ],
                keys: key_templates(&[("PK", "COMPANY#{companyId}"), ("SK", "METADATA")]),
                parent: None,
                count: (4, 4),
            },
            Entity {
                name: "Department".into(),
                attributes: vec![
                    from_parent("companyId"),
                    A::new("deptId", G::Id { prefix: "d".into() }),
                    A::new(
                        "deptName",
                        G::one_of(&[
                            "Sales",
                            "Engineering",
                            "Finance",
                            "Support",
                            "Legal",
                            "People",
                        ]),
                    ),
                ],
                keys: key_templates(&[("PK", "COMPANY#{companyId}"), ("SK", "DEPT#{deptId}")]),
                parent: Some("Company".into()),
                count: (2, 4),
            },
            Entity {
                name: "Team".into(),
                attributes: vec![
                    from_parent("companyId"),
                    from_parent("deptId"),
                    A::new("teamId", G::Id { prefix: "t".into() }),
                    A::new("mission", G::Words { min: 5, max: 15 }),
                ],
                keys: key_templates(&[
                    ("PK", "COMPANY#{companyId}"),
                    ("SK", "DEPT#{deptId}#TEAM#{teamId}"),
                ]),
                parent: Some("Department".into()),
                count: (2, 4),
            },
            Entity {
                name: "Employee".into(),
                attributes: vec![
                    from_parent("companyId"),
                    from_parent("deptId"),
                    from_parent("teamId"),
                    A::new("employeeId", G::Id { prefix: "e".into() }),
                    A::new("fullName", G::PersonName),
                    A::new("email", G::Email),
                    A::new(
                        "role",
                        G::one_of(&["Engineer", "Manager", "Analyst", "Designer", "Lead"]),
                    ),
                    A::new("startDate", G::Date { year: 2023 }),
                ],
                keys: key_templates(&[
                    ("PK", "COMPANY#{companyId}"),
                    ("SK", "DEPT#{deptId}#TEAM#{teamId}#EMP#{employeeId}"),
                ]),
                parent: Some("Team".into()),
                count: (3, 12),
            },
        ],
    }
}

fn under(description: &str, prefix: &str) -> AccessPattern {
    let values = json!({":company": {"S": "COMPANY#x2"}, ":prefix": {"S": prefix}});
    AccessPattern::new(description, Operation::Query,
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :company AND begins_with(SK, :prefix)",
            "ExpressionAttributeValues": values}),
    )
    .with_scan_filter("PK = :company AND begins_with(SK, :prefix)", values)
}

fn patterns(department: &str, team: &str) -> Vec<AccessPattern> {
    let company = json!({":company": {"S": "COMPANY#x2"}});
    let whole = AccessPattern::new(
        "A whole company: every department, team and person",
        Operation::Query,
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :company",
            "ExpressionAttributeValues": company}),
    )
    .with_scan_filter("PK = :company", company);
    vec![
        whole,
        under("A company's departments and everything under them", "DEPT#"),
        under(
            "One department: its teams and their people",
            &format!("DEPT#{department}"),
        ),
        under(
            "One team and its people",
            &format!("DEPT#{department}#TEAM#{team}"),
        ),
        AccessPattern::new(
            "Everyone with the surname Hopper, in any department",
            Operation::Scan,
            json!({"TableName": TABLE, "FilterExpression": "entityType = :employee AND contains(fullName, :surname)",
                "ExpressionAttributeValues": {":employee": {"S": "Employee"}, ":surname": {"S": " Hopper"}}}),
        ),
    ]
}

fn playground() -> Playground {
    Playground::new(chart(), 11)
        .with_patterns(super::with_default_budgets(patterns(DEPARTMENT, TEAM)), 2)
}

/// A department of company x2 in the example's items, and one of its teams.
const DEPARTMENT: &str = "d5";
const TEAM: &str = "t12";
