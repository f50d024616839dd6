//! Time series: device readings in month-bucketed partitions
//! (`DEVICE#<id>#<yyyy-mm>`), each bucket a bounded item collection sorted
//! by ISO 8601 time; beside it, an index holding every reading of a device
//! under one key, a partition that grows without end.

use engine::api::Operation;
use serde_json::json;

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, IndexDesign, ProjectionDesign,
    TableDesign, key_templates,
};
use crate::model::patterns::pattern::AccessPattern;
use crate::model::playground::Playground;

const TABLE: &str = "telemetry";

pub const EXAMPLE: Example = Example {
    name: "time-series",
    title: "Device readings",
    technique: "Time-bucketed partitions: one item collection per device and month, ranges by ISO 8601 time",
    explanation: &[
        "Each reading's partition key names its device and its month, DEVICE#<id>#<yyyy-mm> (the template {readAt:.7} keeps the first seven characters of the time), and its sort key is the time itself, as ISO 8601 writes it, so text order is time order. A week of one device is a BETWEEN on the sort key inside one bucket: the Query reads exactly those readings.",
        "Buckets bound what one partition key holds: a month of one device, however long the device keeps reporting. The index ByDevice is the same data without buckets — every reading of a device under DEVICE#<id> — and in the data view its collections are a whole year long and still growing; all of a device's writes land on that one key. The same week reads the same few items there, but the whole history is one ever larger Query, where the buckets need one Query per month.",
        "The last pattern looks for hot readings on any device: no key leads there, so it is a Scan of every bucket of every device.",
    ],
    table: TABLE,
    playground,
};

fn chart() -> Chart {
    Chart {
        table: TableDesign::keyed(
            TABLE,
            vec![IndexDesign::global(
                "ByDevice",
                "DevicePK",
                "DeviceSK",
                ProjectionDesign::All,
            )],
        ),
        entities: vec![
            Entity {
                name: "Device".into(),
                attributes: vec![
                    A::new(
                        "deviceId",
                        G::Id {
                            prefix: "dev".into(),
                        },
                    ),
                    A::new("model", G::one_of(&["T-100", "T-200", "H-300"])),
                    A::new("location", G::Address),
                ],
                keys: key_templates(&[("PK", "DEVICE#{deviceId}"), ("SK", "PROFILE")]),
                parent: None,
                count: (6, 6),
            },
            Entity {
                name: "Reading".into(),
                attributes: vec![
                    A::new("deviceId", G::FromParent),
                    A::new("readAt", G::Time { year: 2024 }),
                    A::new(
                        "temperature",
                        G::Decimal {
                            min: -5,
                            max: 35,
                            decimals: 1,
                        },
                    ),
                    A::new("humidity", G::Integer { min: 10, max: 95 }),
                ],
                keys: key_templates(&[
                    ("PK", "DEVICE#{deviceId}#{readAt:.7}"),
                    ("SK", "{readAt}"),
                    ("DevicePK", "DEVICE#{deviceId}"),
                    ("DeviceSK", "{readAt}"),
                ]),
                parent: Some("Device".into()),
                count: (600, 900),
            },
        ],
    }
}

fn query(
    description: &str,
    request: serde_json::Value,
    filter: &str,
    values: serde_json::Value,
) -> AccessPattern {
    AccessPattern::new(description, Operation::Query, request).with_scan_filter(filter, values)
}

fn patterns() -> Vec<AccessPattern> {
    let week =
        json!({":from": {"S": "2024-03-01T00:00:00Z"}, ":to": {"S": "2024-03-07T23:59:59Z"}});
    let in_bucket = json!({":bucket": {"S": "DEVICE#dev2#2024-03"},
        ":from": week[":from"], ":to": week[":to"]});
    let device =
        json!({":device": {"S": "DEVICE#dev2"}, ":from": week[":from"], ":to": week[":to"]});
    vec![
        query(
            "A device's readings in the first week of March, from its March bucket",
            json!({"TableName": TABLE, "KeyConditionExpression": "PK = :bucket AND SK BETWEEN :from AND :to",
                "ExpressionAttributeValues": in_bucket}),
            "PK = :bucket AND SK BETWEEN :from AND :to",
            in_bucket.clone(),
        ),
        query(
            "A device's readings of one month: its whole bucket",
            json!({"TableName": TABLE, "KeyConditionExpression": "PK = :bucket",
                "ExpressionAttributeValues": {":bucket": in_bucket[":bucket"]}}),
            "PK = :bucket",
            json!({":bucket": in_bucket[":bucket"]}),
        ),
        query(
            "The same week without buckets: from ByDevice, every reading of the device under one key",
            json!({"TableName": TABLE, "IndexName": "ByDevice",
                "KeyConditionExpression": "DevicePK = :device AND DeviceSK BETWEEN :from AND :to",
                "ExpressionAttributeValues": device}),
            "DevicePK = :device AND DeviceSK BETWEEN :from AND :to",
            device.clone(),
        ),
        query(
            "A device's whole history without buckets: one partition, as long as the device lives",
            json!({"TableName": TABLE, "IndexName": "ByDevice", "KeyConditionExpression": "DevicePK = :device",
                "ExpressionAttributeValues": {":device": device[":device"]}}),
            "DevicePK = :device",
            json!({":device": device[":device"]}),
        ),
        AccessPattern::new(
            "Readings over 34 °C on any device: no key leads there",
            Operation::Scan,
            json!({"TableName": TABLE, "FilterExpression": "temperature > :hot",
                "ExpressionAttributeValues": {":hot": {"N": "34"}}}),
        ),
    ]
}

fn playground() -> Playground {
    Playground::new(chart(), 21).with_patterns(super::with_default_budgets(patterns()), 0)
}
