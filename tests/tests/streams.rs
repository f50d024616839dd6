//! Streams through the JSON API: turning a table's stream on and off, the
//! records each change makes (and the changes that make none), and reading
//! them with the DynamoDB Streams operations.

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

const STREAMS: &str = "DynamoDBStreams_20120810.";

fn streams(db: &mut Db, operation: &str, body: Json) -> Json {
    db.ok(&format!("{STREAMS}{operation}"), body)
}

fn db(view_type: &str) -> Db {
    let mut db = Db::new();
    db.ok(
        "CreateTable",
        json!({"TableName": "orders", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
               "StreamSpecification": {"StreamEnabled": true, "StreamViewType": view_type}}),
    );
    db
}

/// Every record so far, from the start of the stream's one shard.
fn records(db: &mut Db) -> Vec<Json> {
    let arn = streams(db, "ListStreams", json!({"TableName": "orders"}))["Streams"][0]["StreamArn"]
        .clone();
    let shard =
        streams(db, "DescribeStream", json!({"StreamArn": arn}))["StreamDescription"]["Shards"][0]
            ["ShardId"]
            .clone();
    let iterator = streams(
        db,
        "GetShardIterator",
        json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "TRIM_HORIZON"}),
    )["ShardIterator"]
        .clone();
    streams(db, "GetRecords", json!({"ShardIterator": iterator}))["Records"]
        .as_array()
        .unwrap()
        .clone()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn every_change_is_recorded_in_order_with_the_images_the_view_asks_for() {
    let mut db = db("NEW_AND_OLD_IMAGES");
    db.put("orders", json!({"pk": s("o1"), "v": n("1")}));
    db.put("orders", json!({"pk": s("o1"), "v": n("1")}));
    db.ok(
        "UpdateItem",
        json!({"TableName": "orders", "Key": {"pk": s("o1")}, "UpdateExpression": "SET v = :two", "ExpressionAttributeValues": {":two": n("2")}}),
    );
    db.ok(
        "DeleteItem",
        json!({"TableName": "orders", "Key": {"pk": s("nothing")}}),
    );
    db.ok(
        "DeleteItem",
        json!({"TableName": "orders", "Key": {"pk": s("o1")}}),
    );
    let records = records(&mut db);
    let names: Vec<&str> = records
        .iter()
        .map(|r| r["eventName"].as_str().unwrap())
        .collect();
    // The same item put again and a delete of a missing item record nothing.
    assert_eq!(names, ["INSERT", "MODIFY", "REMOVE"]);
    let modify = &records[1]["dynamodb"];
    assert_eq!(modify["Keys"], json!({"pk": s("o1")}));
    assert_eq!(modify["OldImage"], json!({"pk": s("o1"), "v": n("1")}));
    assert_eq!(modify["NewImage"], json!({"pk": s("o1"), "v": n("2")}));
    assert_eq!(modify["StreamViewType"], "NEW_AND_OLD_IMAGES");
    assert_eq!(records[2]["dynamodb"].get("NewImage"), None);
    assert_eq!(records[0]["eventSource"], "aws:dynamodb");
    let sequence = |r: &Json| {
        r["dynamodb"]["SequenceNumber"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(
        sequence(&records[0]) < sequence(&records[1])
            && sequence(&records[1]) < sequence(&records[2])
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_write_returning_the_old_item_gives_it_to_the_caller_and_to_the_record() {
    let mut db = db("NEW_AND_OLD_IMAGES");
    db.put("orders", json!({"pk": s("o1"), "v": n("1")}));
    let put = db.ok(
        "PutItem",
        json!({"TableName": "orders", "Item": {"pk": s("o1"), "v": n("2")}, "ReturnValues": "ALL_OLD"}),
    );
    assert_eq!(put["Attributes"], json!({"pk": s("o1"), "v": n("1")}));
    let silent = db.ok(
        "PutItem",
        json!({"TableName": "orders", "Item": {"pk": s("o1"), "v": n("3")}}),
    );
    assert_eq!(silent.get("Attributes"), None);
    let deleted = db.ok(
        "DeleteItem",
        json!({"TableName": "orders", "Key": {"pk": s("o1")}, "ReturnValues": "ALL_OLD"}),
    );
    assert_eq!(deleted["Attributes"], json!({"pk": s("o1"), "v": n("3")}));
    let old_images: Vec<Json> = records(&mut db)
        .iter()
        .map(|r| r["dynamodb"].get("OldImage").cloned().unwrap_or(Json::Null))
        .collect();
    assert_eq!(
        old_images,
        [
            Json::Null,
            json!({"pk": s("o1"), "v": n("1")}),
            json!({"pk": s("o1"), "v": n("2")}),
            json!({"pk": s("o1"), "v": n("3")}),
        ]
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn refused_writes_and_cancelled_transactions_record_nothing() {
    let mut db = db("KEYS_ONLY");
    db.put("orders", json!({"pk": s("o1")}));
    db.err(
        "PutItem",
        json!({"TableName": "orders", "Item": {"pk": s("o1")}, "ConditionExpression": "attribute_not_exists(pk)"}),
    );
    db.err(
        "TransactWriteItems",
        json!({"TransactItems": [
            {"Put": {"TableName": "orders", "Item": {"pk": s("o2")}}},
            {"ConditionCheck": {"TableName": "orders", "Key": {"pk": s("o1")}, "ConditionExpression": "attribute_not_exists(pk)"}}]}),
    );
    db.ok(
        "TransactWriteItems",
        json!({"TransactItems": [
            {"Put": {"TableName": "orders", "Item": {"pk": s("o3")}}},
            {"ConditionCheck": {"TableName": "orders", "Key": {"pk": s("o1")}, "ConditionExpression": "attribute_exists(pk)"}}]}),
    );
    let records = records(&mut db);
    let keys: Vec<&Json> = records.iter().map(|r| &r["dynamodb"]["Keys"]).collect();
    // One INSERT for o1, one for the transaction's put; the ConditionCheck records nothing.
    assert_eq!(keys, [&json!({"pk": s("o1")}), &json!({"pk": s("o3")})]);
    assert_eq!(records[0]["dynamodb"].get("NewImage"), None);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn describe_table_shows_the_stream_and_it_can_be_turned_off_and_on() {
    let mut db = db("NEW_IMAGE");
    let table = db.ok("DescribeTable", json!({"TableName": "orders"}))["Table"].clone();
    assert_eq!(
        table["StreamSpecification"],
        json!({"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"})
    );
    let arn = table["LatestStreamArn"].as_str().unwrap().to_string();
    assert!(
        arn.starts_with("arn:aws:dynamodb:local:000000000000:table/orders/stream/"),
        "{arn}"
    );
    assert_eq!(
        db.validation(
            "UpdateTable",
            json!({"TableName": "orders", "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}})
        ),
        "Table already has an enabled stream: TableName: orders"
    );
    db.ok(
        "UpdateTable",
        json!({"TableName": "orders", "StreamSpecification": {"StreamEnabled": false}}),
    );
    let off = db.ok("DescribeTable", json!({"TableName": "orders"}))["Table"].clone();
    assert_eq!(off.get("StreamSpecification"), None);
    assert_eq!(off["LatestStreamArn"], json!(arn));
    let described = streams(&mut db, "DescribeStream", json!({"StreamArn": arn}));
    assert_eq!(described["StreamDescription"]["StreamStatus"], "DISABLED");
    assert_eq!(
        db.validation(
            "UpdateTable",
            json!({"TableName": "orders", "StreamSpecification": {"StreamEnabled": false}})
        ),
        "Table has no stream to disable: TableName: orders"
    );
    assert_eq!(
        db.validation(
            "CreateTable",
            json!({"TableName": "other", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                   "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST",
                   "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "EVERYTHING"}})
        ),
        "1 validation error detected: Value 'EVERYTHING' at 'streamSpecification.streamViewType' failed to satisfy constraint: Member must satisfy enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn shard_iterators_start_where_they_are_asked_to() {
    let mut db = db("KEYS_ONLY");
    for i in 0..5 {
        db.put("orders", json!({"pk": s(&format!("o{i}"))}));
    }
    let all = records(&mut db);
    let arn = streams(&mut db, "ListStreams", json!({}))["Streams"][0]["StreamArn"].clone();
    let shard = streams(&mut db, "DescribeStream", json!({"StreamArn": arn}))["StreamDescription"]
        ["Shards"][0]["ShardId"]
        .clone();
    let second = all[1]["dynamodb"]["SequenceNumber"].clone();
    let from = |db: &mut Db, kind: &str| -> Vec<Json> {
        let mut body = json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": kind});
        if kind.ends_with("SEQUENCE_NUMBER") {
            body["SequenceNumber"] = second.clone();
        }
        let iterator = streams(db, "GetShardIterator", body)["ShardIterator"].clone();
        streams(
            db,
            "GetRecords",
            json!({"ShardIterator": iterator, "Limit": 2}),
        )["Records"]
            .as_array()
            .unwrap()
            .clone()
    };
    assert_eq!(from(&mut db, "AT_SEQUENCE_NUMBER"), all[1..3]);
    assert_eq!(from(&mut db, "AFTER_SEQUENCE_NUMBER"), all[2..4]);
    assert_eq!(from(&mut db, "LATEST"), Vec::<Json>::new());
    // LATEST sees what comes after it.
    let iterator = streams(
        &mut db,
        "GetShardIterator",
        json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "LATEST"}),
    )["ShardIterator"]
        .clone();
    db.put("orders", json!({"pk": s("later")}));
    let page = streams(&mut db, "GetRecords", json!({"ShardIterator": iterator}));
    assert_eq!(
        page["Records"][0]["dynamodb"]["Keys"],
        json!({"pk": s("later")})
    );
    assert!(page["NextShardIterator"].is_string());
    let missing = db.err(
        &format!("{STREAMS}GetShardIterator"),
        json!({"StreamArn": arn, "ShardId": "shardId-00000000000000000000-00000000", "ShardIteratorType": "LATEST"}),
    );
    assert_eq!(
        (missing.kind.as_str(), missing.message.as_str()),
        (
            "ResourceNotFoundException",
            "Requested resource not found: Shard does not exist: shardId-00000000000000000000-00000000"
        )
    );
    // The request's own constraints come first, together (the Streams API
    // model: a shard id of 28 to 65 characters, a sequence number of 21 to
    // 40).
    assert_eq!(
        db.validation(
            &format!("{STREAMS}GetShardIterator"),
            json!({"StreamArn": arn, "ShardId": "shardId-nope", "ShardIteratorType": "AT_SEQUENCE_NUMBER",
                "SequenceNumber": "1"}),
        ),
        "2 validation errors detected: Value 'shardId-nope' at 'shardId' failed to satisfy constraint: Member must have length greater than or equal to 28; Value '1' at 'sequenceNumber' failed to satisfy constraint: Member must have length greater than or equal to 21"
    );
    assert_eq!(
        db.validation(
            &format!("{STREAMS}GetRecords"),
            json!({"ShardIterator": "", "Limit": 1001}),
        ),
        "2 validation errors detected: Value '' at 'shardIterator' failed to satisfy constraint: Member must have length greater than or equal to 1; Value '1001' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 1000"
    );
    let no_sequence = db.validation(
        &format!("{STREAMS}GetShardIterator"),
        json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "AT_SEQUENCE_NUMBER"}),
    );
    assert_eq!(
        no_sequence,
        "Must specify a sequence number for iterator type AT_SEQUENCE_NUMBER"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_write_tried_and_undone_to_measure_it_leaves_no_record() {
    let mut db = db("NEW_AND_OLD_IMAGES");
    db.put("orders", json!({"pk": s("o1"), "total": n("1")}));
    db.engine_mut().without_stream_records(|engine| {
        let put = json!({"TableName": "orders", "Item": {"pk": s("o1"), "total": n("2")}});
        engine::api::handle(engine, "PutItem", put.to_string().as_bytes());
        let undo = json!({"TableName": "orders", "Item": {"pk": s("o1"), "total": n("1")}});
        engine::api::handle(engine, "PutItem", undo.to_string().as_bytes());
    });
    db.put("orders", json!({"pk": s("o2"), "total": n("3")}));
    let records = records(&mut db);
    let sequence = |r: &Json| {
        r["dynamodb"]["SequenceNumber"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["dynamodb"]["Keys"]["pk"], s("o2"));
    assert!(
        sequence(&records[0]) < sequence(&records[1]),
        "the next record continues the sequence as if nothing had been tried"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_consumer_paging_through_shards_and_streams_comes_to_an_end() {
    let mut db = db("KEYS_ONLY");
    db.ok(
        "CreateTable",
        json!({"TableName": "returns", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
               "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}}),
    );
    // ListStreams a stream at a time: the first page says where it stopped.
    let first = streams(&mut db, "ListStreams", json!({"Limit": 1}));
    let arns: Vec<&str> = first["Streams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["StreamArn"].as_str().unwrap())
        .collect();
    assert_eq!(arns.len(), 1);
    assert_eq!(first["LastEvaluatedStreamArn"], json!(arns[0]));
    let second = streams(
        &mut db,
        "ListStreams",
        json!({"Limit": 1, "ExclusiveStartStreamArn": arns[0]}),
    );
    assert_eq!(second["Streams"].as_array().unwrap().len(), 1);
    assert_ne!(second["Streams"][0]["StreamArn"], json!(arns[0]));
    assert_eq!(second.get("LastEvaluatedStreamArn"), None);
    // DescribeStream after the last shard: no shard, and nothing more to read.
    let arn = arns[0];
    let all = streams(
        &mut db,
        "DescribeStream",
        json!({"StreamArn": arn, "Limit": 100}),
    );
    let shard = all["StreamDescription"]["Shards"][0]["ShardId"].clone();
    assert_eq!(all["StreamDescription"].get("LastEvaluatedShardId"), None);
    let after = streams(
        &mut db,
        "DescribeStream",
        json!({"StreamArn": arn, "ExclusiveStartShardId": shard}),
    );
    assert_eq!(after["StreamDescription"]["Shards"], json!([]));
    assert_eq!(after["StreamDescription"].get("LastEvaluatedShardId"), None);
    // The one shard never splits: it has no children.
    let children = streams(
        &mut db,
        "DescribeStream",
        json!({"StreamArn": arn, "ShardFilter": {"Type": "CHILD_SHARDS", "ShardId": shard}}),
    );
    assert_eq!(children["StreamDescription"]["Shards"], json!([]));
    for (operation, body) in [
        ("ListStreams", json!({"Limit": 0})),
        ("DescribeStream", json!({"StreamArn": arn, "Limit": 101})),
    ] {
        let refused = db.validation(&format!("{STREAMS}{operation}"), body);
        assert!(
            refused.starts_with("1 validation error detected: Value '"),
            "{refused}"
        );
        assert!(
            refused.contains("at 'limit' failed to satisfy constraint: Member must have value"),
            "{refused}"
        );
    }
    let unknown = db.validation(
        &format!("{STREAMS}DescribeStream"),
        json!({"StreamArn": arn, "ShardFilter": {"Type": "PARENT_SHARDS", "ShardId": shard}}),
    );
    assert_eq!(
        unknown,
        "1 validation error detected: Value 'PARENT_SHARDS' at 'shardFilter.type' failed to satisfy constraint: Member must satisfy enum value set: [CHILD_SHARDS]"
    );
}
