//! A blog in one table: a post and its comments share an item collection,
//! comments sorted by when they were written; an author's posts are found
//! newest first on GSI1; a post's likes are a counter kept with `ADD`.

use engine::api::Operation;
use serde_json::json;

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, IndexDesign, ProjectionDesign,
    TableDesign, key_templates,
};
use crate::model::patterns::pattern::{AccessPattern, Budget};
use crate::model::playground::Playground;

const TABLE: &str = "blog";

pub const EXAMPLE: Example = Example {
    name: "blog",
    title: "Blog",
    technique: "An item collection per post, sort keys that sort by time, an index for the other way in",
    explanation: &[
        "A post's metadata (SK METADATA) and its comments (SK COMMENT#<time>#<id>) share the partition POST#<id>. The post and all its comments are one Query; because the sort key starts with an ISO 8601 time, begins_with lists them oldest first (or newest first, ScanIndexForward false), and BETWEEN picks out one month.",
        "Authors reach their posts through GSI1: each post carries GSI1PK AUTHOR#<id> and GSI1SK its creation time, so an author's posts come back newest first from one Query. The likes on a post are one number kept with UpdateItem ADD: no read before the write, and two likes at once never lose one. A write is charged for the whole item, however little it changes: one more like on a post of a few kilobytes costs several write units, which is why a busy counter is often kept in a small item of its own.",
        "The last pattern asks for the most liked posts across the blog. No key leads to them, so it is a Scan that reads every post and comment to keep a handful: compare its units with the Queries above.",
    ],
    table: TABLE,
    playground,
};

fn chart() -> Chart {
    Chart {
        table: TableDesign::keyed(
            TABLE,
            vec![IndexDesign::global(
                "GSI1",
                "GSI1PK",
                "GSI1SK",
                ProjectionDesign::Include(vec!["title".into(), "likes".into()]),
            )],
        ),
        entities: vec![
            Entity {
                name: "Author".into(),
                attributes: vec![
                    A::new("authorId", G::Id { prefix: "a".into() }),
                    A::new("name", G::PersonName),
                    A::new("email", G::Email),
                    A::new("bio", G::Words { min: 10, max: 40 }),
                ],
                keys: key_templates(&[("PK", "AUTHOR#{authorId}"), ("SK", "PROFILE")]),
                parent: None,
                count: (6, 6),
            },
            Entity {
                name: "Post".into(),
                attributes: vec![
                    A::new("authorId", G::FromParent),
                    A::new("postId", G::Id { prefix: "p".into() }),
                    A::new("title", G::Words { min: 3, max: 8 }),
                    A::new("createdAt", G::Time { year: 2024 }),
                    A::new("likes", G::Integer { min: 0, max: 500 }),
                    A::new("body", G::Words { min: 150, max: 400 }),
                ],
                keys: key_templates(&[
                    ("PK", "POST#{postId}"),
                    ("SK", "METADATA"),
                    ("GSI1PK", "AUTHOR#{authorId}"),
                    ("GSI1SK", "{createdAt}"),
                ]),
                parent: Some("Author".into()),
                count: (3, 9),
            },
            Entity {
                name: "Comment".into(),
                attributes: vec![
                    A::new("postId", G::FromParent),
                    A::new("commentId", G::Id { prefix: "m".into() }),
                    A::new("createdAt", G::Time { year: 2024 }),
                    A::new("name", G::PersonName),
                    A::new("text", G::Words { min: 5, max: 60 }),
                ],
                keys: key_templates(&[
                    ("PK", "POST#{postId}"),
                    ("SK", "COMMENT#{createdAt}#{commentId}"),
                ]),
                parent: Some("Post".into()),
                count: (0, 30),
            },
        ],
    }
}

fn query(
    description: &str,
    request: serde_json::Value,
    scan: (&str, serde_json::Value),
) -> AccessPattern {
    AccessPattern::new(description, Operation::Query, request).with_scan_filter(scan.0, scan.1)
}

fn patterns() -> Vec<AccessPattern> {
    let post = json!({"S": "POST#p7"});
    vec![
        AccessPattern::new(
            "A post, by its id",
            Operation::GetItem,
            json!({"TableName": TABLE, "Key": {"PK": post, "SK": {"S": "METADATA"}}}),
        ),
        query(
            "A post and all its comments, in one request",
            json!({"TableName": TABLE, "KeyConditionExpression": "PK = :post",
                "ExpressionAttributeValues": {":post": post}}),
            ("PK = :post", json!({":post": post})),
        ),
        query(
            "A post's comments, newest first",
            json!({"TableName": TABLE, "KeyConditionExpression": "PK = :post AND begins_with(SK, :comment)",
                "ExpressionAttributeValues": {":post": post, ":comment": {"S": "COMMENT#"}},
                "ScanIndexForward": false}),
            (
                "PK = :post AND begins_with(SK, :comment)",
                json!({":post": post, ":comment": {"S": "COMMENT#"}}),
            ),
        ),
        query(
            "A post's comments written in March",
            json!({"TableName": TABLE, "KeyConditionExpression": "PK = :post AND SK BETWEEN :from AND :to",
                "ExpressionAttributeValues": {":post": post, ":from": {"S": "COMMENT#2024-03"}, ":to": {"S": "COMMENT#2024-04"}}}),
            (
                "PK = :post AND SK BETWEEN :from AND :to",
                json!({":post": post, ":from": {"S": "COMMENT#2024-03"}, ":to": {"S": "COMMENT#2024-04"}}),
            ),
        ),
        query(
            "An author's posts, newest first",
            json!({"TableName": TABLE, "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :author",
                "ExpressionAttributeValues": {":author": {"S": "AUTHOR#a2"}}, "ScanIndexForward": false}),
            (
                "entityType = :post AND authorId = :author",
                json!({":post": {"S": "Post"}, ":author": {"S": "a2"}}),
            ),
        ),
        AccessPattern::new(
            "Like a post: one more on its total, no read first",
            Operation::UpdateItem,
            json!({"TableName": TABLE, "Key": {"PK": post, "SK": {"S": "METADATA"}},
                "UpdateExpression": "ADD likes :one", "ExpressionAttributeValues": {":one": {"N": "1"}},
                "ReturnValues": "UPDATED_NEW"}),
        )
        .with_budget(Budget::default().at_most(3.0))
        .with_rate(50.0),
        AccessPattern::new("The most liked posts (over 450 likes): no key leads there", Operation::Scan,
            json!({"TableName": TABLE, "FilterExpression": "entityType = :post AND likes > :many",
                "ExpressionAttributeValues": {":post": {"S": "Post"}, ":many": {"N": "450"}}}),
        ),
    ]
}

fn playground() -> Playground {
    Playground::new(chart(), 7).with_patterns(super::with_default_budgets(patterns()), 1)
}
