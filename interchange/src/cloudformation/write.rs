//! The table as a CloudFormation template: `AWSTemplateFormatVersion`, a
//! description, and one `AWS::DynamoDB::Table` whose logical ID is the
//! table's name in letters and digits followed by `Table`. Properties are
//! in the order the template reference lists them, and those the table
//! does not set are left out, as CloudFormation's defaults are DynamoDB's.

use super::document::{Node, to_yaml};
use crate::model::{Billing, Index, KeySchema, Model, Table, Throughput};

/// The template in YAML.
pub fn yaml(model: &Model) -> String {
    format!(
        "# The DynamoDB table {}, as a CloudFormation stack makes it.\n{}",
        model.table.name,
        to_yaml(&template(&model.table))
    )
}

/// The template in JSON.
pub fn json(model: &Model) -> String {
    let mut text = serde_json::to_string_pretty(&template(&model.table)).unwrap_or_default();
    text.push('\n');
    text
}

/// The table's logical ID: its name's letters and digits, then `Table`.
pub fn logical_id(name: &str) -> String {
    let mut id: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    if !id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        id.insert_str(0, "DynamoDB");
    }
    id.push_str("Table");
    id
}

fn entry(key: &str, value: Node) -> (String, Node) {
    (key.to_string(), value)
}

fn template(table: &Table) -> Node {
    let mut properties = vec![entry("TableName", Node::text(&table.name))];
    match table.billing {
        Billing::PayPerRequest => {
            properties.push(entry("BillingMode", Node::text("PAY_PER_REQUEST")))
        }
        Billing::Provisioned(throughput) => {
            properties.push(entry("BillingMode", Node::text("PROVISIONED")));
            properties.push(entry("ProvisionedThroughput", capacity(throughput)));
        }
    }
    let definitions = table
        .used_attributes()
        .into_iter()
        .map(|a| {
            Node::Map(vec![
                entry("AttributeName", Node::text(&a.name)),
                entry("AttributeType", Node::text(&a.attribute_type)),
            ])
        })
        .collect();
    properties.push(entry("AttributeDefinitions", Node::List(definitions)));
    properties.push(entry("KeySchema", key_schema(&table.key)));
    for (name, indexes) in [
        ("GlobalSecondaryIndexes", &table.global_indexes),
        ("LocalSecondaryIndexes", &table.local_indexes),
    ] {
        if !indexes.is_empty() {
            properties.push(entry(name, Node::List(indexes.iter().map(index).collect())));
        }
    }
    if let Some(view) = &table.stream {
        properties.push(entry(
            "StreamSpecification",
            Node::Map(vec![entry("StreamViewType", Node::text(view))]),
        ));
    }
    if let Some(attribute) = &table.ttl {
        properties.push(entry(
            "TimeToLiveSpecification",
            Node::Map(vec![
                entry("AttributeName", Node::text(attribute)),
                entry("Enabled", Node::Flag(true)),
            ]),
        ));
    }
    if table.point_in_time_recovery {
        properties.push(entry(
            "PointInTimeRecoverySpecification",
            Node::Map(vec![entry("PointInTimeRecoveryEnabled", Node::Flag(true))]),
        ));
    }
    if let Some(class) = &table.table_class {
        properties.push(entry("TableClass", Node::text(class)));
    }
    if table.deletion_protection {
        properties.push(entry("DeletionProtectionEnabled", Node::Flag(true)));
    }
    if !table.tags.is_empty() {
        let tags = table
            .tags
            .iter()
            .map(|t| {
                Node::Map(vec![
                    entry("Key", Node::text(&t.key)),
                    entry("Value", Node::text(&t.value)),
                ])
            })
            .collect();
        properties.push(entry("Tags", Node::List(tags)));
    }
    let resource = Node::Map(vec![
        entry("Type", Node::text("AWS::DynamoDB::Table")),
        entry("Properties", Node::Map(properties)),
    ]);
    Node::Map(vec![
        entry("AWSTemplateFormatVersion", Node::text("2010-09-09")),
        entry(
            "Description",
            Node::text(format!("The DynamoDB table {}.", table.name)),
        ),
        entry(
            "Resources",
            Node::Map(vec![(logical_id(&table.name), resource)]),
        ),
    ])
}

fn key_schema(key: &KeySchema) -> Node {
    Node::List(
        key.elements()
            .map(|(name, key_type)| {
                Node::Map(vec![
                    entry("AttributeName", Node::text(name)),
                    entry("KeyType", Node::text(key_type)),
                ])
            })
            .collect(),
    )
}

fn index(index: &Index) -> Node {
    let mut projection = vec![entry(
        "ProjectionType",
        Node::text(index.projection.type_name()),
    )];
    let names = index.projection.non_key_attributes();
    if !names.is_empty() {
        projection.push(entry(
            "NonKeyAttributes",
            Node::List(names.iter().map(Node::text).collect()),
        ));
    }
    let mut out = vec![
        entry("IndexName", Node::text(&index.name)),
        entry("KeySchema", key_schema(&index.key)),
        entry("Projection", Node::Map(projection)),
    ];
    if let Some(throughput) = index.throughput {
        out.push(entry("ProvisionedThroughput", capacity(throughput)));
    }
    Node::Map(out)
}

fn capacity(throughput: Throughput) -> Node {
    Node::Map(vec![
        entry("ReadCapacityUnits", Node::Number(throughput.read)),
        entry("WriteCapacityUnits", Node::Number(throughput.write)),
    ])
}
