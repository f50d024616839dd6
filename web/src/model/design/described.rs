//! A table design read back from DynamoDB's own description of a table:
//! what the console made with `create-table` and `update-table` becomes
//! the playground's table design, so the design panel shows it and a link
//! carries it.

use serde_json::Value as Json;

use engine::key::KeyType;
use engine::table::StreamViewType;

use super::chart::{IndexDesign, KeyAttribute, ProjectionDesign, TableDesign};

/// The design of the table DescribeTable described (its `Table`), with the
/// time-to-live attribute DescribeTimeToLive named when TTL is on; `None`
/// for a description without the keys a design needs.
pub fn design_from_description(table: &Json, ttl_attribute: Option<String>) -> Option<TableDesign> {
    let types = table["AttributeDefinitions"].as_array()?;
    let key_type = |name: &str| {
        types
            .iter()
            .find(|d| d["AttributeName"] == name)
            .and_then(|d| d["AttributeType"].as_str())
            .and_then(KeyType::from_tag)
    };
    // A key's partition attributes and sort attributes, each in order.
    let keys = |schema: &Json| -> Option<(Vec<KeyAttribute>, Vec<KeyAttribute>)> {
        let (mut partition, mut sort) = (Vec::new(), Vec::new());
        for element in schema.as_array()? {
            let name = element["AttributeName"].as_str()?;
            let attribute = KeyAttribute {
                name: name.to_string(),
                key_type: key_type(name)?,
            };
            match element["KeyType"].as_str()? {
                "HASH" => partition.push(attribute),
                "RANGE" => sort.push(attribute),
                _ => return None,
            }
        }
        (!partition.is_empty()).then_some((partition, sort))
    };
    let first = |attributes: Vec<KeyAttribute>| {
        let mut attributes = attributes.into_iter();
        (attributes.next(), attributes.collect::<Vec<_>>())
    };
    let (partition, sort) = keys(&table["KeySchema"])?;
    let (partition_key, sort_key) = (first(partition).0?, first(sort).0);
    let mut indexes = Vec::new();
    for (field, global) in [
        ("GlobalSecondaryIndexes", true),
        ("LocalSecondaryIndexes", false),
    ] {
        for index in table[field].as_array().into_iter().flatten() {
            // An index being deleted is no longer part of the design.
            if index["IndexStatus"] == "DELETING" {
                continue;
            }
            let (partition, sort) = keys(&index["KeySchema"])?;
            let ((partition_key, more_partition), (sort_key, more_sort)) =
                (first(partition), first(sort));
            let projection = match index["Projection"]["ProjectionType"].as_str()? {
                "ALL" => ProjectionDesign::All,
                "KEYS_ONLY" => ProjectionDesign::KeysOnly,
                "INCLUDE" => ProjectionDesign::Include(
                    index["Projection"]["NonKeyAttributes"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect(),
                ),
                _ => return None,
            };
            indexes.push(IndexDesign {
                name: index["IndexName"].as_str()?.to_string(),
                global,
                partition_key: partition_key?,
                sort_key,
                more_partition,
                more_sort,
                projection,
            });
        }
    }
    let stream = match &table["StreamSpecification"] {
        spec if spec["StreamEnabled"] == true => spec["StreamViewType"]
            .as_str()
            .and_then(StreamViewType::from_name),
        _ => None,
    };
    Some(TableDesign {
        name: table["TableName"].as_str()?.to_string(),
        partition_key,
        sort_key,
        indexes,
        stream,
        ttl_attribute,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::gallery::commerce;
    use engine::Engine;
    use engine::api::{Operation, call};

    #[test]
    fn a_design_created_and_described_reads_back_as_itself() {
        let design = commerce::playground().chart.table;
        let mut engine = Engine::new();
        let request = design.create_table_request();
        call(
            &mut engine,
            Operation::CreateTable,
            request.to_string().as_bytes(),
        )
        .unwrap();
        if let Some(view) = design.stream {
            let body = serde_json::json!({"TableName": design.name, "StreamSpecification": {"StreamEnabled": true, "StreamViewType": view.name()}});
            call(
                &mut engine,
                Operation::UpdateTable,
                body.to_string().as_bytes(),
            )
            .unwrap();
        }
        let described: Json = serde_json::from_str(
            &call(
                &mut engine,
                Operation::DescribeTable,
                serde_json::json!({"TableName": design.name})
                    .to_string()
                    .as_bytes(),
            )
            .unwrap(),
        )
        .unwrap();
        let read =
            design_from_description(&described["Table"], design.ttl_attribute.clone()).unwrap();
        assert_eq!(read, design);
        assert_eq!(read.indexes.len(), 2);
    }
}
