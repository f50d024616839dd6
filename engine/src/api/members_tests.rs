//! Every member DynamoDB's service model declares for a request is read by
//! the engine's decoder, or named here with the reason it is not.

use super::requests::members_read;
use super::shapes;
use crate::Engine;

/// The members no decoder reads, each with the reason. The engine accepts
/// them — their types are checked against the model like any other — and
/// they change nothing.
const NOT_READ: &[(&str, &str)] = &[
    ("CreateTable.GlobalTableSettingsReplicationMode", GLOBAL),
    ("CreateTable.GlobalTableSourceArn", GLOBAL),
    ("CreateTable.OnDemandThroughput", THROUGHPUT),
    (
        "CreateTable.ResourcePolicy",
        "no IAM here: every request is allowed, so a resource policy grants and denies nothing",
    ),
    (
        "CreateTable.SSESpecification",
        "encryption at rest changes no size, capacity or answer; DescribeTable shows no SSEDescription",
    ),
    (
        "CreateTable.VectorIndexes",
        "vector indexes are not modelled",
    ),
    ("CreateTable.WarmThroughput", THROUGHPUT),
    (
        "CreateTable.GlobalSecondaryIndexes[].OnDemandThroughput",
        THROUGHPUT,
    ),
    (
        "CreateTable.GlobalSecondaryIndexes[].WarmThroughput",
        THROUGHPUT,
    ),
    (
        "ListTagsOfResource.NextToken",
        "every answer carries all of a table's tags (at most 50), so no answer has a token to pass back",
    ),
    ("UpdateTable.DisassociationProtectionEnabled", GLOBAL),
    ("UpdateTable.GlobalTableSettingsReplicationMode", GLOBAL),
    ("UpdateTable.GlobalTableWitnessUpdates", GLOBAL),
    ("UpdateTable.MultiRegionConsistency", GLOBAL),
    (
        "UpdateTable.VectorIndexUpdates",
        "vector indexes are not modelled",
    ),
    (
        "UpdateTable.GlobalSecondaryIndexUpdates[].Create.OnDemandThroughput",
        THROUGHPUT,
    ),
    (
        "UpdateTable.GlobalSecondaryIndexUpdates[].Create.WarmThroughput",
        THROUGHPUT,
    ),
    (
        "UpdateTable.GlobalSecondaryIndexUpdates[].Update.OnDemandThroughput",
        THROUGHPUT,
    ),
    (
        "UpdateTable.GlobalSecondaryIndexUpdates[].Update.WarmThroughput",
        THROUGHPUT,
    ),
];

/// Why a global table's members are not read.
const GLOBAL: &str =
    "one region here: a table has no replicas, so the global table settings have nothing to set";

/// Why throughput settings are not read.
const THROUGHPUT: &str = "requests are never throttled here, so a cap on on-demand throughput or a pre-warmed rate changes no answer; DescribeTable does not show them";

#[test]
fn every_request_member_of_the_service_model_is_read() {
    let mut missing = Vec::new();
    for (operation, declared) in shapes::input_structures() {
        members_read::take();
        let _ = super::dispatch(&mut Engine::new(), operation, b"{}");
        let read = members_read::take();
        for (at, members) in &declared {
            // Where the decoder reads a structure as a JSON value (the
            // batch calls' `RequestItems`, a transaction's write actions),
            // its members are read apart and this test cannot see them.
            let Some((_, read_here)) = read.iter().find(|(place, _)| place == at) else {
                continue;
            };
            for member in members {
                if !read_here.contains(member) {
                    let place = if at.is_empty() {
                        String::new()
                    } else {
                        format!("{at}.")
                    };
                    missing.push(format!("{operation}.{place}{member}"));
                }
            }
        }
    }
    let expected: Vec<&str> = NOT_READ.iter().map(|(member, _)| *member).collect();
    assert_eq!(missing, expected);
}
