//! Time to live through the JSON API: turning it on and off with
//! DynamoDB's messages, and the expiry step — which items go, that they
//! leave every index, that the stream records a REMOVE by the service,
//! and that reads still see an expired item until the step runs.

use ddbplay_tests::{Db, n, s};
use serde_json::json;

const NOW: f64 = 1_800_000_000.0;

fn db() -> Db {
    let mut db = Db::new();
    db.engine_mut().set_clock(NOW);
    db.ok(
        "CreateTable",
        json!({"TableName": "carts", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                        {"AttributeName": "g1", "AttributeType": "S"}, {"AttributeName": "g2", "AttributeType": "S"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
               "GlobalSecondaryIndexes": [
                   {"IndexName": "GSI1", "KeySchema": [{"AttributeName": "g1", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}},
                   {"IndexName": "GSI2", "KeySchema": [{"AttributeName": "g2", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}],
               "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "OLD_IMAGE"}}),
    );
    db
}

fn count(db: &mut Db, index: Option<&str>) -> u64 {
    let mut body = json!({"TableName": "carts", "Select": "COUNT"});
    if let Some(index) = index {
        body["IndexName"] = json!(index);
    }
    db.ok("Scan", body)["Count"].as_u64().unwrap()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn time_to_live_is_turned_on_once_an_hour_and_described() {
    let mut db = db();
    let on = json!({"TableName": "carts", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expiresAt"}});
    assert_eq!(
        db.ok("DescribeTimeToLive", json!({"TableName": "carts"})),
        json!({"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}})
    );
    assert_eq!(
        db.ok("UpdateTimeToLive", on.clone()),
        json!({"TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expiresAt"}})
    );
    assert_eq!(
        db.ok("DescribeTimeToLive", json!({"TableName": "carts"})),
        json!({"TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED", "AttributeName": "expiresAt"}})
    );
    assert_eq!(
        db.validation("UpdateTimeToLive", on),
        "TimeToLive is already enabled"
    );
    // Another attribute, to turn it on or off, names the active one.
    for enabled in [true, false] {
        assert_eq!(
            db.validation(
                "UpdateTimeToLive",
                json!({"TableName": "carts",
                "TimeToLiveSpecification": {"Enabled": enabled, "AttributeName": "ttl"}})
            ),
            "TimeToLive is active on a different AttributeName: current AttributeName is expiresAt"
        );
    }
    let off = json!({"TableName": "carts", "TimeToLiveSpecification": {"Enabled": false, "AttributeName": "expiresAt"}});
    assert_eq!(
        db.validation("UpdateTimeToLive", off.clone()),
        "Time to live has been modified multiple times within a fixed interval"
    );
    db.engine_mut().set_clock(NOW + 3600.0);
    db.ok("UpdateTimeToLive", off.clone());
    assert_eq!(
        db.validation("UpdateTimeToLive", off),
        "TimeToLive is already disabled"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn expired_items_leave_the_table_and_both_indexes_as_the_service() {
    let mut db = db();
    db.ok(
        "UpdateTimeToLive",
        json!({"TableName": "carts", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expiresAt"}}),
    );
    let item = |sk: &str, at: serde_json::Value| json!({"pk": s("CART#c1"), "sk": s(sk), "g1": s("OPEN"), "g2": s(sk), "expiresAt": at});
    db.put("carts", item("due", n(&(NOW - 60.0).to_string())));
    db.put("carts", item("later", n(&(NOW + 60.0).to_string())));
    db.put("carts", item("text", s("1700000000")));
    db.put("carts", item("ancient", n("100")));
    // Expired, but not yet deleted: reads still see it, as DynamoDB's do.
    let due = db.ok(
        "GetItem",
        json!({"TableName": "carts", "Key": {"pk": s("CART#c1"), "sk": s("due")}}),
    );
    assert!(due.get("Item").is_some());
    assert_eq!(
        (
            count(&mut db, None),
            count(&mut db, Some("GSI1")),
            count(&mut db, Some("GSI2"))
        ),
        (4, 4, 4)
    );
    assert_eq!(db.engine_mut().expire_items(NOW), 1);
    assert_eq!(
        (
            count(&mut db, None),
            count(&mut db, Some("GSI1")),
            count(&mut db, Some("GSI2"))
        ),
        (3, 3, 3)
    );
    let arn =
        db.ok("DescribeTable", json!({"TableName": "carts"}))["Table"]["LatestStreamArn"].clone();
    let shard = db.ok(
        "DynamoDBStreams_20120810.DescribeStream",
        json!({"StreamArn": arn}),
    )["StreamDescription"]["Shards"][0]["ShardId"]
        .clone();
    let iterator = db.ok(
        "DynamoDBStreams_20120810.GetShardIterator",
        json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "TRIM_HORIZON"}),
    )["ShardIterator"]
        .clone();
    let records = db.ok(
        "DynamoDBStreams_20120810.GetRecords",
        json!({"ShardIterator": iterator}),
    )["Records"]
        .clone();
    let last = &records[records.as_array().unwrap().len() - 1];
    assert_eq!(last["eventName"], "REMOVE");
    assert_eq!(last["dynamodb"]["Keys"]["sk"], s("due"));
    assert_eq!(last["dynamodb"]["OldImage"]["g1"], s("OPEN"));
    assert_eq!(
        last["userIdentity"],
        json!({"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"})
    );
    assert_eq!(records[0].get("userIdentity"), None);
    // An hour on, the later one goes too; the text one and the ancient one never do.
    assert_eq!(db.engine_mut().expire_items(NOW + 3600.0), 1);
    assert_eq!(count(&mut db, None), 2);
}
