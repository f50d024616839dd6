//! The calls clients and tools make around a table, through the JSON API:
//! tags, point-in-time recovery, limits and endpoints, billing mode and
//! provisioned throughput, deletion protection and table class — with
//! DynamoDB's shapes and messages.

use ddbplay_tests::Db;
use serde_json::{Value as Json, json};

const NOW: f64 = 1_800_000_000.0;
const ARN: &str = "arn:aws:dynamodb:local:000000000000:table/orders";

fn keys() -> Json {
    json!([{"AttributeName": "pk", "KeyType": "HASH"}])
}

fn gsi(throughput: Option<(u64, u64)>) -> Json {
    let mut index = json!({"IndexName": "byStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                           "Projection": {"ProjectionType": "KEYS_ONLY"}});
    if let Some((read, write)) = throughput {
        index["ProvisionedThroughput"] =
            json!({"ReadCapacityUnits": read, "WriteCapacityUnits": write});
    }
    index
}

fn definitions() -> Json {
    json!([{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "status", "AttributeType": "S"}])
}

/// A provisioned table with one global index, 5/5 units each.
fn db() -> Db {
    let mut db = Db::new();
    db.engine_mut().set_clock(NOW);
    db.ok(
        "CreateTable",
        json!({"TableName": "orders", "AttributeDefinitions": definitions(), "KeySchema": keys(),
               "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
               "GlobalSecondaryIndexes": [gsi(Some((5, 5)))],
               "Tags": [{"Key": "team", "Value": "checkout"}]}),
    );
    db
}

fn describe(db: &mut Db) -> Json {
    db.ok("DescribeTable", json!({"TableName": "orders"}))["Table"].clone()
}

fn tags(db: &mut Db) -> Json {
    db.ok("ListTagsOfResource", json!({"ResourceArn": ARN}))
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn tags_are_added_replaced_listed_and_removed_by_arn() {
    let mut db = db();
    assert_eq!(
        tags(&mut db),
        json!({"Tags": [{"Key": "team", "Value": "checkout"}]})
    );
    let answer = db.call(
        "TagResource",
        json!({"ResourceArn": ARN, "Tags": [{"Key": "team", "Value": "payments"}, {"Key": "env", "Value": "test"}]}),
    );
    assert_eq!(
        answer.unwrap(),
        Json::Null,
        "TagResource answers with an empty body"
    );
    assert_eq!(
        tags(&mut db),
        json!({"Tags": [{"Key": "env", "Value": "test"}, {"Key": "team", "Value": "payments"}]})
    );
    db.ok(
        "UntagResource",
        json!({"ResourceArn": ARN, "TagKeys": ["team", "never-there"]}),
    );
    assert_eq!(
        tags(&mut db),
        json!({"Tags": [{"Key": "env", "Value": "test"}]})
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn bad_tags_are_refused_whole_with_dynamodbs_messages() {
    let mut db = db();
    let tag = |tags: Json| json!({"ResourceArn": ARN, "Tags": tags});
    for (tags, message) in [
        (json!([]), "Atleast one Tag needs to be provided as Input."),
        (
            json!([{"Key": "ok", "Value": "1"}, {"Key": "aws:owner", "Value": "x"}]),
            "Tag Key cannot be prefixed with aws:, Key: aws:owner",
        ),
        (
            json!([{"Key": "bad#key", "Value": "x"}]),
            "The Tag Key provided is invalid, Key: bad#key",
        ),
        (
            json!([{"Key": "", "Value": "x"}]),
            "The Tag Key provided is invalid, Key: ",
        ),
        (
            json!([{"Key": "k"}]),
            "The Tag Value provided is invalid, Value: null",
        ),
        (
            json!([{"Key": "k", "Value": "x".repeat(257)}]),
            &*format!(
                "The Tag Value provided is invalid, Value: {}",
                "x".repeat(257)
            ),
        ),
        (
            json!([{"Key": "k", "Value": "1"}, {"Key": "k", "Value": "2"}]),
            "Duplicate Tag Keys provided as input: Duplicate Tag Key found k",
        ),
    ] {
        assert_eq!(db.validation("TagResource", tag(tags)), message);
    }
    assert_eq!(
        tags(&mut db)["Tags"].as_array().unwrap().len(),
        1,
        "a refused request adds nothing"
    );
    let fifty: Vec<Json> = (0..50)
        .map(|i| json!({"Key": format!("k{i}"), "Value": "v"}))
        .collect();
    assert_eq!(
        db.validation("TagResource", tag(Json::Array(fifty.clone()))),
        "Number of Tags exceed the current limit for the provided ResourceArn",
        "50 new tags on a table that has one is 51"
    );
    db.ok(
        "UntagResource",
        json!({"ResourceArn": ARN, "TagKeys": ["team"]}),
    );
    db.ok("TagResource", tag(Json::Array(fifty)));
    assert_eq!(tags(&mut db)["Tags"].as_array().unwrap().len(), 50);
    assert_eq!(
        db.validation("UntagResource", json!({"ResourceArn": ARN, "TagKeys": []})),
        "Atleast one Tag Key needs to be provided as Input."
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_arn_that_names_no_table_gets_the_error_for_how_it_is_wrong() {
    let mut db = db();
    let list = |db: &mut Db, arn: Json| db.err("ListTagsOfResource", json!({"ResourceArn": arn}));
    let e = list(
        &mut db,
        json!("arn:aws:dynamodb:local:000000000000:table/nothing"),
    );
    assert_eq!(e.kind, "ResourceNotFoundException");
    assert_eq!(
        e.message,
        "Requested resource not found: ResourcArn: arn:aws:dynamodb:local:000000000000:table/nothing not found"
    );
    for (arn, message) in [
        (
            "orders",
            "One or more parameter values were invalid: ARNs must start with 'arn:': orders",
        ),
        (
            "arn:aws:s3:::bucket",
            "One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: arn:aws:s3:::bucket",
        ),
        (
            "arn:aws:dynamodb:us-east-1:123456789012:table/orders",
            "Invalid TableArn: Invalid ResourceArn provided as input arn:aws:dynamodb:us-east-1:123456789012:table/orders",
        ),
        (
            "arn:aws:dynamodb:local:000000000000:table/orders/index/byStatus",
            "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is accepted. Provided resource arn: arn:aws:dynamodb:local:000000000000:table/orders/index/byStatus",
        ),
    ] {
        let e = list(&mut db, json!(arn));
        assert_eq!(
            (e.kind.as_str(), e.message.as_str()),
            ("ValidationException", message)
        );
    }
    assert_eq!(
        db.validation("ListTagsOfResource", json!({})),
        "Invalid TableArn"
    );
    db.ok("DeleteTable", json!({"TableName": "orders"}));
    assert_eq!(
        list(&mut db, json!(ARN)).kind,
        "ResourceNotFoundException",
        "a deleted table's tags go with it"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_table_is_named_by_its_arn_wherever_a_table_name_is_asked() {
    let mut db = db();
    db.ok(
        "PutItem",
        json!({"TableName": ARN, "Item": {"pk": {"S": "o1"}, "status": {"S": "NEW"}}}),
    );
    let got = db.ok(
        "GetItem",
        json!({"TableName": ARN, "Key": {"pk": {"S": "o1"}}}),
    );
    assert_eq!(got["Item"]["status"], json!({"S": "NEW"}));
    let query = db.ok(
        "Query",
        json!({"TableName": ARN, "IndexName": "byStatus", "KeyConditionExpression": "#s = :s",
               "ExpressionAttributeNames": {"#s": "status"},
               "ExpressionAttributeValues": {":s": {"S": "NEW"}},
               "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(query["Count"], json!(1));
    assert_eq!(query["ConsumedCapacity"]["TableName"], json!("orders"));
    db.ok(
        "UpdateItem",
        json!({"TableName": ARN, "Key": {"pk": {"S": "o1"}}, "UpdateExpression": "SET #s = :s",
               "ExpressionAttributeNames": {"#s": "status"},
               "ExpressionAttributeValues": {":s": {"S": "PAID"}}}),
    );
    db.ok(
        "TransactWriteItems",
        json!({"TransactItems": [{"Delete": {"TableName": ARN, "Key": {"pk": {"S": "o1"}}}}]}),
    );
    assert_eq!(db.ok("Scan", json!({"TableName": ARN}))["Count"], json!(0));
    let described = db.ok("DescribeTable", json!({"TableName": ARN}));
    assert_eq!(described["Table"]["TableName"], json!("orders"));
    db.ok(
        "UpdateTimeToLive",
        json!({"TableName": ARN, "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}}),
    );
    let ttl = db.ok("DescribeTimeToLive", json!({"TableName": ARN}));
    assert_eq!(
        ttl["TimeToLiveDescription"]["AttributeName"],
        json!("expires")
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_table_name_given_as_an_arn_of_no_table_here_is_refused() {
    let mut db = db();
    let missing = db.err(
        "GetItem",
        json!({"TableName": "arn:aws:dynamodb:local:000000000000:table/nothing",
               "Key": {"pk": {"S": "o1"}}}),
    );
    assert_eq!(missing.kind, "ResourceNotFoundException");
    assert_eq!(missing.message, "Requested resource not found");
    for arn in [
        "arn:aws:dynamodb:us-east-1:123456789012:table/orders",
        "arn:aws:dynamodb:local:000000000000:table/orders/stream/2026-01-01T00:00:00.000",
        "arn:aws:dynamodb:local:000000000000:table/or ders",
    ] {
        for (operation, body) in [
            (
                "GetItem",
                json!({"TableName": arn, "Key": {"pk": {"S": "o1"}}}),
            ),
            ("DescribeTable", json!({"TableName": arn})),
        ] {
            assert_eq!(
                db.validation(operation, body),
                format!("Invalid TableArn: Invalid ResourceArn provided as input {arn}"),
                "{operation} {arn}"
            );
        }
    }
    let long = format!("{ARN}{}", "x".repeat(1024 - ARN.len() + 1));
    let message = db.validation(
        "GetItem",
        json!({"TableName": long, "Key": {"pk": {"S": "o1"}}}),
    );
    assert_eq!(
        message,
        format!(
            "1 validation error detected: Value '{long}' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 1024"
        )
    );
    // A constraint broken elsewhere is answered before the ARN.
    let message = db.validation(
        "GetItem",
        json!({"TableName": "arn:aws:dynamodb:us-east-1:123456789012:table/orders",
               "Key": {"pk": {"S": "o1"}}, "ReturnConsumedCapacity": "ALL"}),
    );
    assert!(
        message.starts_with("1 validation error detected: Value 'ALL' at 'returnConsumedCapacity'"),
        "{message}"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn batch_calls_take_a_tables_arn_as_a_key_and_answer_under_the_key_sent() {
    let mut db = db();
    let written = db.ok(
        "BatchWriteItem",
        json!({"RequestItems": {ARN: [
                   {"PutRequest": {"Item": {"pk": {"S": "o1"}, "status": {"S": "NEW"}}}},
                   {"PutRequest": {"Item": {"pk": {"S": "o2"}, "status": {"S": "PAID"}}}}]},
               "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(written["UnprocessedItems"], json!({}));
    // Capacity names the table, as every other call's does.
    assert_eq!(
        written["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 4.0}])
    );
    let read = db.ok(
        "BatchGetItem",
        json!({"RequestItems": {ARN: {"Keys": [{"pk": {"S": "o1"}}, {"pk": {"S": "o2"}}],
                                      "ProjectionExpression": "pk"}},
               "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(read["Responses"][ARN].as_array().map(Vec::len), Some(2));
    assert_eq!(read["Responses"].as_object().map(|r| r.len()), Some(1));
    assert_eq!(read["UnprocessedKeys"], json!({}));
    assert_eq!(
        read["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 1.0}])
    );
    // The name and the ARN in one request are one table: the same key
    // under both is a key asked twice.
    for (operation, body) in [
        (
            "BatchGetItem",
            json!({"RequestItems": {"orders": {"Keys": [{"pk": {"S": "o1"}}]},
                                    ARN: {"Keys": [{"pk": {"S": "o1"}}]}}}),
        ),
        (
            "BatchWriteItem",
            json!({"RequestItems": {"orders": [{"DeleteRequest": {"Key": {"pk": {"S": "o1"}}}}],
                                    ARN: [{"DeleteRequest": {"Key": {"pk": {"S": "o1"}}}}]}}),
        ),
    ] {
        assert_eq!(
            db.validation(operation, body),
            "Provided list of item keys contains duplicates",
            "{operation}"
        );
    }
    let both = db.ok(
        "BatchGetItem",
        json!({"RequestItems": {"orders": {"Keys": [{"pk": {"S": "o1"}}]},
                                ARN: {"Keys": [{"pk": {"S": "o2"}}]}}}),
    );
    assert_eq!(both["Responses"]["orders"][0]["pk"], json!({"S": "o1"}));
    assert_eq!(both["Responses"][ARN][0]["pk"], json!({"S": "o2"}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_batch_key_that_is_an_arn_of_no_table_here_is_refused() {
    let mut db = db();
    let elsewhere = "arn:aws:dynamodb:us-east-1:123456789012:table/orders";
    for (operation, body) in [
        (
            "BatchGetItem",
            json!({"RequestItems": {elsewhere: {"Keys": [{"pk": {"S": "o1"}}]}}}),
        ),
        (
            "BatchWriteItem",
            json!({"RequestItems": {elsewhere: [{"DeleteRequest": {"Key": {"pk": {"S": "o1"}}}}]}}),
        ),
    ] {
        assert_eq!(
            db.validation(operation, body),
            format!("Invalid TableArn: Invalid ResourceArn provided as input {elsewhere}"),
            "{operation}"
        );
    }
    let missing = db.err(
        "BatchGetItem",
        json!({"RequestItems": {"arn:aws:dynamodb:local:000000000000:table/nothing":
                                {"Keys": [{"pk": {"S": "o1"}}]}}}),
    );
    assert_eq!(missing.kind, "ResourceNotFoundException");
    // An ARN is held to 1,024 bytes, not to a name's 255 and characters.
    let long = format!("{ARN}{}", "x".repeat(1024 - ARN.len() + 1));
    let message = db.validation(
        "BatchWriteItem",
        json!({"RequestItems": {long.clone(): [{"DeleteRequest": {"Key": {"pk": {"S": "o1"}}}}]}}),
    );
    assert!(
        message.starts_with("1 validation error detected: Value '{")
            && message.contains(
                "at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint"
            ),
        "{message}"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn point_in_time_recovery_is_kept_per_table_and_described() {
    let mut db = db();
    let describe = |db: &mut Db| db.ok("DescribeContinuousBackups", json!({"TableName": "orders"}));
    assert_eq!(
        describe(&mut db),
        json!({"ContinuousBackupsDescription": {"ContinuousBackupsStatus": "ENABLED",
               "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": "DISABLED"}}})
    );
    let on = db.ok(
        "UpdateContinuousBackups",
        json!({"TableName": "orders", "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": true, "RecoveryPeriodInDays": 7}}),
    );
    assert_eq!(
        on,
        json!({"ContinuousBackupsDescription": {"ContinuousBackupsStatus": "ENABLED",
               "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": "ENABLED", "RecoveryPeriodInDays": 7,
                                                  "EarliestRestorableDateTime": NOW, "LatestRestorableDateTime": NOW}}})
    );
    db.engine_mut().set_clock(NOW + 30.0 * 86_400.0);
    let later =
        describe(&mut db)["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"].clone();
    assert_eq!(
        later["EarliestRestorableDateTime"],
        json!(NOW + 23.0 * 86_400.0),
        "the window reaches back the recovery period"
    );
    assert_eq!(
        later["LatestRestorableDateTime"],
        json!(NOW + 30.0 * 86_400.0 - 300.0)
    );
    db.ok(
        "UpdateContinuousBackups",
        json!({"TableName": "orders", "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": false}}),
    );
    assert_eq!(
        describe(&mut db)["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"],
        json!({"PointInTimeRecoveryStatus": "DISABLED"})
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn continuous_backup_errors_are_dynamodbs() {
    let mut db = db();
    let update =
        |spec: Json| json!({"TableName": "orders", "PointInTimeRecoverySpecification": spec});
    for (body, message) in [
        (
            json!({"TableName": "orders"}),
            "1 validation error detected: Value null at 'pointInTimeRecoverySpecification' failed to satisfy constraint: Member must not be null",
        ),
        (
            update(json!({})),
            "1 validation error detected: Value null at 'pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled' failed to satisfy constraint: Member must not be null",
        ),
        (
            update(json!({"PointInTimeRecoveryEnabled": true, "RecoveryPeriodInDays": 36})),
            "1 validation error detected: Value '36' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: Member must have value less than or equal to 35",
        ),
        (
            update(json!({"PointInTimeRecoveryEnabled": false, "RecoveryPeriodInDays": 3})),
            "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time recovery.",
        ),
    ] {
        assert_eq!(db.validation("UpdateContinuousBackups", body), message);
    }
    let e = db.err("DescribeContinuousBackups", json!({"TableName": "nothing"}));
    assert_eq!(
        (e.kind.as_str(), e.message.as_str()),
        ("TableNotFoundException", "Table not found: nothing")
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn limits_and_endpoints_answer_as_dynamodb_does() {
    let mut db = Db::new();
    assert_eq!(
        db.ok("DescribeLimits", json!({})),
        json!({"AccountMaxReadCapacityUnits": 80000, "AccountMaxWriteCapacityUnits": 80000,
               "TableMaxReadCapacityUnits": 40000, "TableMaxWriteCapacityUnits": 40000})
    );
    db.engine_mut().set_endpoint("127.0.0.1:8123");
    assert_eq!(
        db.ok("DescribeEndpoints", json!({})),
        json!({"Endpoints": [{"Address": "127.0.0.1:8123", "CachePeriodInMinutes": 1440}]})
    );
    assert_eq!(
        db.call_raw("DescribeLimits", b"[1]").unwrap_err().kind,
        "SerializationException"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn provisioned_throughput_is_kept_changed_and_described() {
    let mut db = db();
    let table = describe(&mut db);
    assert_eq!(
        table["ProvisionedThroughput"],
        json!({"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 5, "WriteCapacityUnits": 5})
    );
    assert_eq!(
        table.get("BillingModeSummary"),
        None,
        "a table created provisioned has none"
    );
    assert_eq!(
        table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"],
        json!({"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 5, "WriteCapacityUnits": 5})
    );
    db.engine_mut().set_clock(NOW + 60.0);
    db.ok(
        "UpdateTable",
        json!({"TableName": "orders", "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 2},
               "GlobalSecondaryIndexUpdates": [{"Update": {"IndexName": "byStatus",
                   "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}}]}),
    );
    let table = describe(&mut db);
    assert_eq!(
        table["ProvisionedThroughput"],
        json!({"NumberOfDecreasesToday": 1, "ReadCapacityUnits": 10, "WriteCapacityUnits": 2,
               "LastIncreaseDateTime": NOW + 60.0, "LastDecreaseDateTime": NOW + 60.0})
    );
    assert_eq!(
        table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"],
        json!({"NumberOfDecreasesToday": 1, "ReadCapacityUnits": 1, "WriteCapacityUnits": 1,
               "LastDecreaseDateTime": NOW + 60.0})
    );
    assert_eq!(
        db.validation("UpdateTable", json!({"TableName": "orders", "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 2}})),
        "The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: 10. Requested ReadCapacityUnits: 10. Current WriteCapacityUnits provisioned for the table: 2. Requested WriteCapacityUnits: 2. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits."
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn billing_mode_switches_both_ways_under_dynamodbs_rules() {
    let mut db = db();
    db.engine_mut().set_clock(NOW + 10.0);
    db.ok(
        "UpdateTable",
        json!({"TableName": "orders", "BillingMode": "PAY_PER_REQUEST"}),
    );
    let table = describe(&mut db);
    assert_eq!(
        table["BillingModeSummary"],
        json!({"BillingMode": "PAY_PER_REQUEST", "LastUpdateToPayPerRequestDateTime": NOW + 10.0})
    );
    assert_eq!(
        table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"],
        json!({"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0, "WriteCapacityUnits": 0})
    );
    let to_provisioned = |index_update: bool| {
        let mut body = json!({"TableName": "orders", "BillingMode": "PROVISIONED",
                              "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 3}});
        if index_update {
            body["GlobalSecondaryIndexUpdates"] = json!([{"Update": {"IndexName": "byStatus",
                "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}}]);
        }
        body
    };
    for (body, message) in [
        (
            json!({"TableName": "orders", "BillingMode": "PROVISIONED"}),
            "One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
        ),
        (
            to_provisioned(false),
            "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: byStatus",
        ),
        (
            json!({"TableName": "orders", "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 3}}),
            "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
        ),
        (
            json!({"TableName": "orders", "BillingMode": "PAY_PER_REQUEST", "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 3}}),
            "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
        ),
        (
            json!({"TableName": "orders", "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 3},
                "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}}),
            "One or more parameter values were invalid: You cannot modify stream status while updating table IOPS",
        ),
    ] {
        assert_eq!(db.validation("UpdateTable", body), message);
    }
    assert_eq!(
        describe(&mut db)["BillingModeSummary"]["BillingMode"],
        "PAY_PER_REQUEST",
        "refused requests change nothing"
    );
    db.ok("UpdateTable", to_provisioned(true));
    let table = describe(&mut db);
    assert_eq!(
        table["BillingModeSummary"],
        json!({"BillingMode": "PROVISIONED", "LastUpdateToPayPerRequestDateTime": NOW + 10.0})
    );
    assert_eq!(table["ProvisionedThroughput"]["ReadCapacityUnits"], 3);
    assert_eq!(
        table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["WriteCapacityUnits"],
        2
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn create_table_checks_every_indexs_throughput_against_the_billing_mode() {
    let mut db = Db::new();
    let create = |billing: Json, throughput: Option<Json>, index: Json| {
        let mut body = json!({"TableName": "t100", "AttributeDefinitions": definitions(), "KeySchema": keys(),
                              "GlobalSecondaryIndexes": [index]});
        if !billing.is_null() {
            body["BillingMode"] = billing;
        }
        if let Some(t) = throughput {
            body["ProvisionedThroughput"] = t;
        }
        body
    };
    let units = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
    for (body, message) in [
        (
            create(Json::Null, Some(units.clone()), gsi(None)),
            "One or more parameter values were invalid: ProvisionedThroughput is not specified for index: byStatus",
        ),
        (
            create(json!("PAY_PER_REQUEST"), None, gsi(Some((1, 1)))),
            "One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: byStatus when BillingMode is PAY_PER_REQUEST",
        ),
        (
            create(
                Json::Null,
                Some(json!({"ReadCapacityUnits": 0, "WriteCapacityUnits": 1})),
                gsi(Some((1, 1))),
            ),
            "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1",
        ),
    ] {
        assert_eq!(db.validation("CreateTable", body), message);
    }
    let mut body = create(json!("PAY_PER_REQUEST"), None, gsi(None));
    body["TableClass"] = json!("GLACIER");
    assert_eq!(
        db.validation("CreateTable", body),
        "Invalid table-class parameter provided. Please try again with a valid table-class value: [STANDARD, STANDARD_INFREQUENT_ACCESS]."
    );
    assert_eq!(db.ok("ListTables", json!({}))["TableNames"], json!([]));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn deletion_protection_refuses_delete_table_until_it_is_turned_off() {
    let mut db = db();
    db.ok(
        "UpdateTable",
        json!({"TableName": "orders", "DeletionProtectionEnabled": true, "TableClass": "STANDARD_INFREQUENT_ACCESS"}),
    );
    let table = describe(&mut db);
    assert_eq!(table["DeletionProtectionEnabled"], true);
    assert_eq!(
        table["TableClassSummary"],
        json!({"TableClass": "STANDARD_INFREQUENT_ACCESS"})
    );
    assert_eq!(
        db.validation("DeleteTable", json!({"TableName": "orders"})),
        "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first."
    );
    db.ok(
        "UpdateTable",
        json!({"TableName": "orders", "DeletionProtectionEnabled": false}),
    );
    db.ok("DeleteTable", json!({"TableName": "orders"}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn update_table_of_settings_not_modelled_here_is_accepted_and_changes_nothing() {
    let mut db = db();
    let before = describe(&mut db);
    for setting in [
        json!({"SSESpecification": {"Enabled": true, "SSEType": "KMS"}}),
        json!({"WarmThroughput": {"ReadUnitsPerSecond": 15000}}),
        json!({"OnDemandThroughput": {"MaxReadRequestUnits": 100}}),
        json!({"ReplicaUpdates": [{"Create": {"RegionName": "eu-west-1"}}]}),
    ] {
        let mut body = setting.clone();
        body["TableName"] = json!("orders");
        db.ok("UpdateTable", body);
        assert_eq!(describe(&mut db), before, "{setting}");
    }
    assert_eq!(
        db.validation("UpdateTable", json!({"TableName": "orders"})),
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required"
    );
}
