//! Write sharding: votes for an event written under one key, next to the
//! same kind of votes spread over ten keys (`EVENT#<id>#0..9`), and the
//! read side of the sharded design: one Query per shard, or the same key
//! reads as one PartiQL `IN`, paged ten items at a time.

use engine::api::Operation;
use serde_json::json;

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, TableDesign, key_templates,
};
use crate::model::patterns::pattern::{AccessPattern, Budget};
use crate::model::playground::Playground;

const TABLE: &str = "votes";

/// How many keys the sharded votes are spread over.
pub const SHARDS: usize = 10;

pub const EXAMPLE: Example = Example {
    name: "sharding",
    title: "Write sharding",
    technique: "Spreading one hot key's writes over N suffixes, and reading them back with N Queries",
    explanation: &[
        "Every vote for an event under one partition key, EVENT#<id>, keeps the votes together — one Query reads them — but sends every write to that one key, and a partition key's partition takes at most 1,000 write units a second. A popular event outgrows it, and the chart warns of EVENT#e1 for that reason: it is the key this example sets out to fix.",
        "The sharded votes add a suffix drawn from ten, EVENT#<id>#0 to EVENT#<id>#9, so writes spread over ten keys and ten partitions' worth of throughput. At 1,500 votes a second the one hot key is over its ceiling (see Throughput); each shard takes 150. The price is on the read side: the votes are in ten collections, so reading them all is a scatter-gather — ten Queries, one per shard, each charged on its own (at least half a unit) — whose answers the application merges by time.",
        "The same ten reads can be written as one PartiQL SELECT with IN on the ten keys, and DynamoDB runs it as one key read per shard; but it returns at most ten items a page, each page charged on its own, so for a few hundred votes it costs several times the ten Queries.",
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

/// Votes cast a second at the event's peak, in both designs alike.
pub const VOTES_PER_SECOND: f64 = 1_500.0;

/// Reads of the votes a second, in both designs alike.
const READS_PER_SECOND: f64 = 10.0;

fn patterns() -> Vec<AccessPattern> {
    let one = json!({":event": {"S": "EVENT#e1"}, ":vote": {"S": "VOTE#"}});
    let unsharded = AccessPattern::new("An event's votes under one key: one Query", Operation::Query,
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :event AND begins_with(SK, :vote)",
            "ExpressionAttributeValues": one}),
    )
    .with_scan_filter("PK = :event AND begins_with(SK, :vote)", one.clone())
    .with_budget(Budget::efficient())
    .with_rate(READS_PER_SECOND);
    let sharded = AccessPattern::new(
        "All the sharded votes: ten Queries, one per shard, merged by time",
        Operation::Query,
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :event AND begins_with(SK, :vote)",
            "ExpressionAttributeValues": one}),
    )
    .sharded(SHARDS as u32)
    .with_scan_filter(
        "begins_with(PK, :shards) AND begins_with(SK, :vote)",
        json!({":shards": {"S": "EVENT#e1#"}, ":vote": {"S": "VOTE#"}}),
    )
    .with_budget(Budget::efficient())
    .with_rate(READS_PER_SECOND);
    let vote = |pk: &str, id: &str, entity: &str| {
        json!({"TableName": TABLE, "Item": {"PK": {"S": pk}, "SK": {"S": format!("VOTE#2024-12-01T10:00:00Z#{id}")},
            "entityType": {"S": entity}, "option": {"S": "B"}}})
    };
    vec![
        unsharded,
        sharded,
        AccessPattern::new(
            "All the sharded votes in one PartiQL SELECT: IN on the ten keys, ten items a page",
            Operation::ExecuteStatement,
            json!({"Statement": scatter_gather()}),
        )
        .with_budget(Budget::efficient()),
        AccessPattern::new(
            "Cast a vote under the one hot key",
            Operation::PutItem,
            vote("EVENT#e1", "v9999", "Vote"),
        )
        .with_budget(Budget::default().at_most(1.0))
        .with_rate(VOTES_PER_SECOND),
        AccessPattern::new(
            "Cast a vote on one of the ten shards, drawn at random",
            Operation::PutItem,
            vote("EVENT#e1", "w9999", "ShardedVote"),
        )
        .sharded(SHARDS as u32)
        .with_budget(Budget::default().at_most(1.0))
        .with_rate(VOTES_PER_SECOND),
    ]
}

fn playground() -> Playground {
    Playground::new(chart(), 13).with_patterns(super::with_default_budgets(patterns()), 0)
}
