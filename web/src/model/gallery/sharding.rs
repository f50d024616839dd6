//! Write sharding: votes for an event written under one key, next to the
//! same kind of votes spread over ten keys (`EVENT#<id>#0..9`), and the
//! read side of the sharded design: one Query per shard, or the same key
//! reads as one PartiQL `IN`, paged ten items at a time.

use serde_json::json;

use super::Example;
use crate::model::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, TableDesign, key_templates,
};
use crate::model::pattern::AccessPattern;
use crate::model::playground::Playground;

const TABLE: &str = "votes";

/// How many keys the sharded votes are spread over.
pub const SHARDS: usize = 10;

pub const EXAMPLE: Example = Example {
    name: "sharding",
    title: "Write sharding",
    technique: "Spreading one hot key's writes over N suffixes, and reading them back with N Queries",
    explanation: &[
        "Every vote for an event under one partition key, EVENT#<id>, keeps the votes together — one Query reads them — but sends every write to that one key, and a partition key's partition takes at most 1,000 write units a second. A popular event outgrows it.",
        "The sharded votes add a suffix drawn from ten, EVENT#<id>#0 to EVENT#<id>#9, so writes spread over ten keys and ten partitions' worth of throughput. The price is on the read side: the votes are in ten collections, so reading them all is ten Queries, one per shard — each charged on its own, at least half a unit — and the application merges the ten answers by time.",
        "The same ten reads can be written as one PartiQL SELECT with IN on the ten keys, and DynamoDB runs it as one key read per shard; but it returns at most ten items a page, each page charged on its own, so for a few hundred votes it costs several times the ten Queries (compare its units with one shard's Query, times ten).",
    ],
    table: TABLE,
    playground,
};

fn chart() -> Chart {
    let shards: Vec<String> = (0..SHARDS).map(|s| s.to_string()).collect();
    let shards: Vec<&str> = shards.iter().map(String::as_str).collect();
    Chart {
        table: TableDesign::keyed(TABLE, Vec::new()),
        entities: vec![
            Entity {
                name: "Event".into(),
                attributes: vec![
                    A::new("eventId", G::Id { prefix: "e".into() }),
                    A::new("title", G::Words { min: 2, max: 6 }),
                ],
                keys: key_templates(&[("PK", "EVENT#{eventId}"), ("SK", "METADATA")]),
                parent: None,
                count: (2, 2),
            },
            Entity {
                name: "Vote".into(),
                attributes: vec![
                    A::new("eventId", G::FromParent),
                    A::new("voteId", G::Id { prefix: "v".into() }),
                    A::new("castAt", G::Time { year: 2024 }),
                    A::new("option", G::one_of(&["A", "B", "C", "D"])),
                ],
                keys: key_templates(&[("PK", "EVENT#{eventId}"), ("SK", "VOTE#{castAt}#{voteId}")]),
                parent: Some("Event".into()),
                count: (500, 700),
            },
            Entity {
                name: "ShardedVote".into(),
                attributes: vec![
                    A::new("eventId", G::FromParent),
                    A::new("shard", G::one_of(&shards)),
                    A::new("voteId", G::Id { prefix: "w".into() }),
                    A::new("castAt", G::Time { year: 2024 }),
                    A::new("option", G::one_of(&["A", "B", "C", "D"])),
                ],
                keys: key_templates(&[
                    ("PK", "EVENT#{eventId}#{shard}"),
                    ("SK", "VOTE#{castAt}#{voteId}"),
                ]),
                parent: Some("Event".into()),
                count: (500, 700),
            },
        ],
    }
}

/// The scatter-gather over the shards of event `e1`, as PartiQL.
pub fn scatter_gather() -> String {
    let keys: Vec<String> = (0..SHARDS).map(|s| format!("'EVENT#e1#{s}'")).collect();
    format!(
        "SELECT * FROM \"{TABLE}\" WHERE PK IN [{}]",
        keys.join(", ")
    )
}

fn patterns() -> Vec<AccessPattern> {
    let one = json!({":event": {"S": "EVENT#e1"}, ":vote": {"S": "VOTE#"}});
    let unsharded = AccessPattern::new(
        "An event's votes under one key: one Query",
        "Query",
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :event AND begins_with(SK, :vote)",
            "ExpressionAttributeValues": one}),
    )
    .with_scan_filter("PK = :event AND begins_with(SK, :vote)", one);
    let shard = json!({":shard": {"S": "EVENT#e1#3"}, ":vote": {"S": "VOTE#"}});
    let one_shard = AccessPattern::new(
        "One shard of the sharded votes: one of the ten Queries",
        "Query",
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :shard AND begins_with(SK, :vote)",
            "ExpressionAttributeValues": shard}),
    )
    .with_scan_filter("PK = :shard AND begins_with(SK, :vote)", shard);
    vec![
        unsharded,
        one_shard,
        AccessPattern::new(
            "All the sharded votes in one PartiQL SELECT: IN on the ten keys, ten items a page",
            "ExecuteStatement",
            json!({"Statement": scatter_gather()}),
        ),
        AccessPattern::new(
            "Cast a vote under the one hot key",
            "PutItem",
            json!({"TableName": TABLE, "Item": {"PK": {"S": "EVENT#e1"}, "SK": {"S": "VOTE#2024-12-01T10:00:00Z#v9999"},
                "entityType": {"S": "Vote"}, "option": {"S": "B"}}}),
        ),
        AccessPattern::new(
            "Cast a vote on a shard drawn at random (here 7)",
            "PutItem",
            json!({"TableName": TABLE, "Item": {"PK": {"S": "EVENT#e1#7"}, "SK": {"S": "VOTE#2024-12-01T10:00:00Z#w9999"},
                "entityType": {"S": "ShardedVote"}, "shard": {"S": "7"}, "option": {"S": "B"}}}),
        ),
    ]
}

fn playground() -> Playground {
    Playground::new(chart(), 13).with_patterns(patterns(), 0)
}
