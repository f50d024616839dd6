//! DynamoDB's validation errors, byte for byte: each case is a request a
//! learner might send and the exact message DynamoDB answers with.

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

/// A table `t` with `pk`/`sk` (S), a GSI `gsi1` (KEYS_ONLY) on `g1pk`/`g1sk`
/// and an LSI `lsi1` on `lsk` (N), holding one item.
fn db() -> Db {
    let mut db = Db::new();
    db.ok("CreateTable", json!({
        "TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
            {"AttributeName": "g1pk", "AttributeType": "S"}, {"AttributeName": "g1sk", "AttributeType": "S"},
            {"AttributeName": "lsk", "AttributeType": "N"}
        ],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "gsi1",
            "KeySchema": [{"AttributeName": "g1pk", "KeyType": "HASH"}, {"AttributeName": "g1sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "LocalSecondaryIndexes": [{"IndexName": "lsi1",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "lsk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"}}]
    }));
    db.put(
        "tbl",
        json!({"pk": s("a"), "sk": s("1"), "g1pk": s("x"), "g1sk": s("y"), "hue": n("1")}),
    );
    db
}

fn query(extra: Json) -> Json {
    let mut body = json!({"TableName": "tbl"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn check(cases: &[(&str, Json, &str)]) {
    for (operation, body, expected) in cases {
        let mut db = db();
        let message = db.validation(operation, body.clone());
        assert_eq!(message, *expected, "{operation} {body}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn key_condition_mistakes() {
    let v = |p: &str| json!({":p": s(p), ":s": s("1"), ":t": s("2")});
    check(&[
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "sk = :s", "ExpressionAttributeValues": {":s": s("1")}}),
            ),
            "Query condition missed key schema element: pk",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk < :p", "ExpressionAttributeValues": {":p": s("a")}}),
            ),
            "Query key condition not supported",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p AND sk > :s AND sk < :t", "ExpressionAttributeValues": v("a")}),
            ),
            "The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p AND sk > :s AND sk < :s", "ExpressionAttributeValues": {":p": s("a"), ":s": s("1")}}),
            ),
            "The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p AND hue = :s", "ExpressionAttributeValues": {":p": s("a"), ":s": s("1")}}),
            ),
            "Query condition missed key schema element: sk",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p OR sk = :s", "ExpressionAttributeValues": {":p": s("a"), ":s": s("1")}}),
            ),
            "Invalid operator used in KeyConditionExpression: OR",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p AND attribute_exists(sk)", "ExpressionAttributeValues": {":p": s("a")}}),
            ),
            "Invalid operator used in KeyConditionExpression: attribute_exists",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p AND begins_with(sk, :n)", "ExpressionAttributeValues": {":p": s("a"), ":n": n("1")}}),
            ),
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": n("1")}}),
            ),
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk.x = :p", "ExpressionAttributeValues": {":p": s("a")}}),
            ),
            "KeyConditionExpressions cannot have conditions on nested attributes",
        ),
        (
            "Query",
            query(
                json!({"KeyConditionExpression": "pk = :p", "FilterExpression": "sk = :s", "ExpressionAttributeValues": {":p": s("a"), ":s": s("1")}}),
            ),
            "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk",
        ),
        (
            "Query",
            query(json!({"KeyConditionExpression": "  "})),
            "Invalid KeyConditionExpression: The expression can not be empty;",
        ),
        (
            "Query",
            query(json!({})),
            "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        ),
    ]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn placeholder_and_reserved_word_mistakes() {
    check(&[
        (
            "Scan",
            query(
                json!({"FilterExpression": "status = :s", "ExpressionAttributeValues": {":s": s("x")}}),
            ),
            "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "hue = :s", "ExpressionAttributeValues": {":s": s("x"), ":unused": s("y")}}),
            ),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "hue = :s", "ExpressionAttributeNames": {"#unused": "x"}, "ExpressionAttributeValues": {":s": s("x")}}),
            ),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}",
        ),
        (
            "Scan",
            query(json!({"FilterExpression": "hue = :v"})),
            "Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :v",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "#missing = :v", "ExpressionAttributeValues": {":v": s("x")}}),
            ),
            "Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #missing",
        ),
        (
            "Scan",
            query(json!({"ProjectionExpression": "!!"})),
            "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"",
        ),
        (
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")}, "UpdateExpression": "INVALID SYNTAX"}),
            "Invalid UpdateExpression: Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\"",
        ),
        (
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")}, "UpdateExpression": "SET x = :v"}),
            "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :v",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1")}, "ConditionExpression": "((hue = :v))", "ExpressionAttributeValues": {":v": s("x")}}),
            "Invalid ConditionExpression: The expression has redundant parentheses;",
        ),
        (
            "Scan",
            query(json!({"ExpressionAttributeValues": {":v": s("x")}})),
            "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
        ),
        (
            "Scan",
            query(json!({"FilterExpression": "hue = :v", "ExpressionAttributeValues": {}})),
            "ExpressionAttributeValues must not be empty",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "hue = :v", "ExpressionAttributeValues": {":v": {"NULL": false}}}),
            ),
            "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: Null attribute value types must have the value of true for key :v",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "hue = :v", "ExpressionAttributeValues": {"v": s("x")}}),
            ),
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"",
        ),
        (
            "Scan",
            query(json!({"FilterExpression": "contains(hue, hue)"})),
            "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [hue]",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "hue BETWEEN :hi AND :lo", "ExpressionAttributeValues": {":lo": n("1"), ":hi": n("5")}}),
            ),
            "Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}",
        ),
        (
            "Scan",
            query(
                json!({"FilterExpression": "attribute_type(hue, :t)", "ExpressionAttributeValues": {":t": s("X")}}),
            ),
            "Invalid FilterExpression: Invalid attribute type name found; type: X, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}",
        ),
        (
            "Scan",
            query(json!({"FilterExpression": "foo(hue)"})),
            "Invalid FilterExpression: Invalid function name; function: foo",
        ),
        (
            "Scan",
            query(json!({"FilterExpression": "size(hue)"})),
            "Invalid FilterExpression: The function is not allowed to be used this way in an expression; function: size",
        ),
        (
            "Scan",
            query(json!({"ProjectionExpression": "a, a.b"})),
            "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]",
        ),
        (
            "Scan",
            query(json!({"ProjectionExpression": "a.b, a[1]"})),
            "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]",
        ),
    ]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn item_and_key_mistakes() {
    check(&[
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": n("1"), "sk": s("1")}}),
            "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"sk": s("1")}}),
            "One or more parameter values were invalid: Missing the key pk in the item",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s(""), "sk": s("1")}}),
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1"), "g1pk": s("")}}),
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi1, IndexKey: g1pk",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1"), "lsk": s("oops")}}),
            "One or more parameter values were invalid: Type mismatch for Index Key lsk Expected: N Actual: S IndexName: lsi1",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s(&"p".repeat(2049)), "sk": s("1")}}),
            "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s(&"s".repeat(1025))}}),
            "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1"), "big": s(&"x".repeat(409_600))}}),
            "Item size has exceeded the maximum allowed size",
        ),
        (
            "GetItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a")}}),
            "The provided key element does not match the schema",
        ),
        (
            "GetItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": n("1")}}),
            "The provided key element does not match the schema",
        ),
        (
            "GetItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1"), "x": s("y")}}),
            "The provided key element does not match the schema",
        ),
        (
            "DeleteItem",
            json!({"TableName": "tbl", "Key": {"pk": s(""), "sk": s("1")}}),
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
        ),
        (
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")}, "UpdateExpression": "SET pk = :v", "ExpressionAttributeValues": {":v": s("b")}}),
            "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1"), "set": {"SS": []}}}),
            "One or more parameter values were invalid: An string set  may not be empty",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1"), "n": {"N": "1E126"}}}),
            "Number overflow. Attempting to store a number with magnitude larger than supported range",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("1")}, "ReturnValues": "ALL_NEW"}),
            "ReturnValues can only be ALL_OLD or NONE",
        ),
    ]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn read_parameter_mistakes() {
    let kce = |extra: Json| {
        let mut body = query(
            json!({"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": s("a")}}),
        );
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    check(&[
        (
            "Query",
            kce(
                json!({"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p", "ConsistentRead": true}),
            ),
            "Consistent reads are not supported on global secondary indexes",
        ),
        (
            "Query",
            kce(json!({"IndexName": "byEmail"})),
            "The table does not have the specified index: byEmail",
        ),
        (
            "Query",
            kce(
                json!({"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p", "Select": "ALL_ATTRIBUTES"}),
            ),
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index gsi1 because its projection type is not ALL",
        ),
        (
            "Query",
            kce(json!({"Limit": 0})),
            "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        ),
        (
            "Scan",
            query(json!({"Limit": 0})),
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        ),
        (
            "Query",
            kce(json!({"ExclusiveStartKey": {"pk": s("a")}})),
            "The provided starting key is invalid",
        ),
        (
            "Scan",
            query(json!({"ExclusiveStartKey": {"pk": s("a")}})),
            "The provided starting key is invalid: The provided key element does not match the schema",
        ),
        (
            "Query",
            kce(json!({"ExclusiveStartKey": {"pk": s("b"), "sk": s("1")}})),
            "The provided starting key is outside query boundaries based on provided conditions",
        ),
        // A starting key is exactly the key attributes (the index's, then
        // the table's), each of its schema's type: Query says it is invalid
        // when one is missing or extra and that an element does not match
        // when one has another type; a Scan of the table says both at once
        // (dynalite's suite).
        (
            "Query",
            kce(json!({"ExclusiveStartKey": {"pk": s("a"), "sk": s("1"), "hue": n("1")}})),
            "The provided starting key is invalid",
        ),
        (
            "Query",
            kce(json!({"ExclusiveStartKey": {"pk": s("a"), "sk": n("1")}})),
            "The provided key element does not match the schema",
        ),
        (
            "Query",
            kce(
                json!({"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p",
                "ExclusiveStartKey": {"g1pk": s("a"), "g1sk": s("y"), "pk": n("1"), "sk": s("1")}}),
            ),
            "The provided starting key is invalid: The provided key element does not match the schema",
        ),
        (
            "Query",
            kce(
                json!({"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p",
                "ExclusiveStartKey": {"g1pk": s("a"), "g1sk": s("y")}}),
            ),
            "The provided starting key is invalid",
        ),
        (
            "Query",
            kce(
                json!({"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p",
                "ExclusiveStartKey": {"g1pk": s("x"), "g1sk": s("y"), "pk": s("a"), "sk": s("1")}}),
            ),
            "The provided starting key is outside query boundaries based on provided conditions",
        ),
        (
            "Scan",
            query(json!({"ExclusiveStartKey": {"pk": s("a"), "sk": s("1"), "hue": n("1")}})),
            "The provided starting key is invalid: The provided key element does not match the schema",
        ),
        (
            "Scan",
            query(json!({"ExclusiveStartKey": {"pk": s("a"), "sk": n("1")}})),
            "The provided starting key is invalid: The provided key element does not match the schema",
        ),
        (
            "Scan",
            query(json!({"IndexName": "gsi1", "ExclusiveStartKey": {"g1pk": s("x")}})),
            "The provided starting key is invalid",
        ),
        // Its values are key values like any other: never empty.
        (
            "Query",
            kce(json!({"ExclusiveStartKey": {"pk": s("a"), "sk": s("")}})),
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk",
        ),
        (
            "Scan",
            query(json!({"ExclusiveStartKey": {"pk": s(""), "sk": s("1")}})),
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
        ),
        (
            "Query",
            kce(json!({"Select": "COUNT", "ProjectionExpression": "hue"})),
            "Cannot specify the ProjectionExpression when choosing to get only the Count",
        ),
        (
            "Query",
            kce(json!({"Select": "SPECIFIC_ATTRIBUTES"})),
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
        ),
        (
            "Query",
            kce(json!({"Select": "ALL_PROJECTED_ATTRIBUTES"})),
            "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
        ),
        (
            "Query",
            kce(json!({"Select": "EVERYTHING"})),
            "1 validation error detected: Value 'EVERYTHING' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
        ),
        (
            "Query",
            kce(json!({"ReturnConsumedCapacity": "ALL"})),
            "1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
        ),
        (
            "Scan",
            query(json!({"Segment": 1})),
            "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
        ),
        (
            "Scan",
            query(json!({"TotalSegments": 2})),
            "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
        ),
        (
            "Scan",
            query(json!({"Segment": 5, "TotalSegments": 5})),
            "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5",
        ),
    ]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn table_mistakes() {
    let mut db = db();
    assert_eq!(
        db.validation(
            "CreateTable",
            json!({"TableName": "bad table!@#", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})
        ),
        "1 validation error detected: Value 'bad table!@#' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
    );
    assert_eq!(
        db.validation("CreateTable", json!({"TableName": "hash-only", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "x", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "LocalSecondaryIndexes": [{"IndexName": "lsi", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "x", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]})),
        "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"
    );
    // An index name is checked where it stands in the request.
    assert_eq!(
        db.validation("CreateTable", json!({"TableName": "short-index", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "GlobalSecondaryIndexes": [{"IndexName": "id", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]})),
        "1 validation error detected: Value 'id' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3"
    );
    let in_use = db.err(
        "CreateTable",
        json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}),
    );
    assert_eq!(
        (in_use.kind.as_str(), in_use.message.as_str()),
        ("ResourceInUseException", "Table already exists: tbl")
    );
    let missing = db.err(
        "GetItem",
        json!({"TableName": "nope", "Key": {"pk": s("a")}}),
    );
    assert_eq!(
        (missing.kind.as_str(), missing.message.as_str()),
        ("ResourceNotFoundException", "Requested resource not found")
    );
    let described = db.err("DescribeTable", json!({"TableName": "nope"}));
    assert_eq!(
        described.message,
        "Requested resource not found: Table: nope not found"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn expression_errors_point_at_the_offending_text() {
    use engine::Engine;
    use engine::ops::{ExpressionParameters, QueryRequest};
    let mut engine = Engine::new();
    let table = r#"{"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]}"#;
    assert_eq!(
        engine::api::handle(&mut engine, "CreateTable", table.as_bytes()).status,
        200
    );
    let values = ExpressionParameters {
        names: None,
        values: Some(
            [(":p".to_string(), engine::types::Value::s("a"))]
                .into_iter()
                .collect(),
        ),
    };
    let query = |condition: &str, filter: Option<&str>| QueryRequest {
        table_name: "tbl".into(),
        key_condition_expression: Some(condition.into()),
        filter_expression: filter.map(str::to_string),
        expression: values.clone(),
        ..QueryRequest::default()
    };
    let syntax = engine.query(query("pk = :p AND AND", None)).unwrap_err();
    let at = syntax.location().unwrap();
    assert_eq!(
        (at.parameter, at.span.start, at.span.end),
        ("KeyConditionExpression", 12, 15)
    );
    let reserved = engine
        .query(query("pk = :p", Some("size > :p OR status = :p")))
        .unwrap_err();
    let at = reserved.location().unwrap();
    assert_eq!(
        (at.parameter, at.span.start, at.span.end),
        ("FilterExpression", 0, 4)
    );
    let undefined = engine.query(query("pk = :nope", None)).unwrap_err();
    assert_eq!(undefined.location().unwrap().span.start, 5);
    let whole = engine.query(query("pk > :p", None)).unwrap_err();
    assert_eq!(whole.location().unwrap().span.end, 7);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn malformed_bodies_are_serialization_errors_and_change_nothing() {
    let mut db = db();
    for body in [
        &b"{"[..],
        b"[]",
        b"{\"TableName\": 5}",
        b"\xff\xfe",
        b"null",
    ] {
        let error = db.call_raw("PutItem", body).unwrap_err();
        assert_eq!(
            error.kind,
            "SerializationException",
            "{:?}",
            String::from_utf8_lossy(body)
        );
    }
    let number = db.err(
        "PutItem",
        json!({"TableName": "tbl", "Item": {"pk": s("a"), "sk": s("2"), "n": {"N": 5}}}),
    );
    assert_eq!(
        (number.kind.as_str(), number.message.as_str()),
        (
            "SerializationException",
            "NUMBER_VALUE cannot be converted to String"
        )
    );
    let unknown = db.err("Frobnicate", json!({}));
    assert_eq!(unknown.kind, "UnknownOperationException");
    let scan = db.ok("Scan", json!({"TableName": "tbl"}));
    assert_eq!(scan["Count"], json!(1));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn request_constraints_are_reported_together_in_dynamodbs_order() {
    // The strings of dynalite's suite, recorded against DynamoDB.
    let mut db = Db::new();
    assert_eq!(
        db.validation("GetItem", json!({})),
        "2 validation errors detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null; Value null at 'key' failed to satisfy constraint: Member must not be null"
    );
    assert_eq!(
        db.validation("DeleteItem", json!({"TableName": ""})),
        "3 validation errors detected: Value '' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; Value null at 'key' failed to satisfy constraint: Member must not be null"
    );
    assert_eq!(
        db.validation(
            "DeleteItem",
            json!({"TableName": "abc;", "ReturnConsumedCapacity": "hi", "ReturnItemCollectionMetrics": "hi", "ReturnValues": "hi"})
        ),
        "5 validation errors detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'abc;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]; Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]; Value null at 'key' failed to satisfy constraint: Member must not be null"
    );
    let long = "a".repeat(256);
    assert_eq!(
        db.validation("Scan", json!({ "TableName": long })),
        format!(
            "1 validation error detected: Value '{long}' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255"
        )
    );
    assert_eq!(
        db.validation("Scan", json!({"TableName": ""})),
        "2 validation errors detected: Value '' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3"
    );
    // Nothing else is looked at first: the table need not exist.
    assert_eq!(
        db.validation(
            "PutItem",
            json!({"TableName": "missing", "ReturnValues": "hi"})
        ),
        "2 validation errors detected: Value null at 'item' failed to satisfy constraint: Member must not be null; Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn document_paths_nest_at_most_32_levels() {
    let mut db = db();
    let path = |depth: usize| {
        let mut p = "a".to_string();
        for _ in 1..depth {
            p.push_str(".a");
        }
        p
    };
    db.ok(
        "Scan",
        json!({"TableName": "tbl", "ProjectionExpression": path(32)}),
    );
    assert_eq!(
        db.validation(
            "Scan",
            json!({"TableName": "tbl", "ProjectionExpression": path(33)})
        ),
        "Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33"
    );
    assert_eq!(
        db.validation(
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")},
                   "UpdateExpression": format!("SET {}[0] = :v", path(32)), "ExpressionAttributeValues": {":v": n("1")}})
        ),
        "Invalid UpdateExpression: The document path has too many nesting levels; nesting levels: 33"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn index_keys_are_checked_on_every_write_path() {
    let mut db = db();
    let empty = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi1, IndexKey: g1pk";
    let null = "One or more parameter values were invalid: Type mismatch for Index Key g1pk Expected: S Actual: NULL IndexName: gsi1";
    assert_eq!(
        db.validation(
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")},
                   "UpdateExpression": "SET g1pk = :e", "ExpressionAttributeValues": {":e": s("")}})
        ),
        empty
    );
    assert_eq!(
        db.validation(
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")},
                   "UpdateExpression": "SET g1pk = :e", "ExpressionAttributeValues": {":e": {"NULL": true}}})
        ),
        null
    );
    assert_eq!(
        db.validation(
            "BatchWriteItem",
            json!({"RequestItems": {"tbl": [{"PutRequest": {"Item": {"pk": s("b"), "sk": s("1"), "g1pk": {"NULL": true}}}}]}})
        ),
        null
    );
    let cancelled = db.err(
        "TransactWriteItems",
        json!({"TransactItems": [{"Put": {"TableName": "tbl", "Item": {"pk": s("b"), "sk": s("1"), "g1pk": s("")}}}]}),
    );
    assert_eq!(cancelled.kind, "TransactionCanceledException");
    assert_eq!(
        cancelled.message,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]"
    );
    // Nothing of it was written.
    let item = db.ok(
        "GetItem",
        json!({"TableName": "tbl", "Key": {"pk": s("b"), "sk": s("1")}}),
    );
    assert!(item.get("Item").is_none());
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn functions_belong_to_their_kind_of_expression() {
    let mut db = db();
    let update = |db: &mut Db, expression: &str| {
        db.validation(
            "UpdateItem",
            json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")},
                   "UpdateExpression": expression, "ExpressionAttributeValues": {":v": {"L": []}}}),
        )
    };
    assert_eq!(
        update(&mut db, "SET a = size(b), c = :v"),
        "Invalid UpdateExpression: The function is not allowed in an update expression; function: size"
    );
    assert_eq!(
        update(&mut db, "SET a = attribute_exists(b), c = :v"),
        "Invalid UpdateExpression: The function is not allowed in an update expression; function: attribute_exists"
    );
    assert_eq!(
        update(&mut db, "SET a = nope(b), c = :v"),
        "Invalid UpdateExpression: Invalid function name; function: nope"
    );
    // The idiom that appends to a list that may not be there yet.
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")},
               "UpdateExpression": "SET l = list_append(if_not_exists(l, :v), :one)",
               "ExpressionAttributeValues": {":v": {"L": []}, ":one": {"L": [n("1")]}}}),
    );
    assert_eq!(
        db.validation(
            "Scan",
            json!({"TableName": "tbl", "FilterExpression": "if_not_exists(a, :v) = :v",
                   "ExpressionAttributeValues": {":v": n("1")}})
        ),
        "Invalid FilterExpression: The function is not allowed in a condition expression; function: if_not_exists"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn create_table_checks_its_name_first_then_reports_its_constraints_together() {
    // dynalite's suite, as updated against the service.
    let mut db = Db::new();
    assert_eq!(
        db.validation("CreateTable", json!({})),
        "The parameter 'TableName' is required but was not present in the request"
    );
    for name in ["", "a;", &"a".repeat(256)] {
        assert_eq!(
            db.validation("CreateTable", json!({ "TableName": name })),
            "TableName must be at least 3 characters long and at most 255 characters long"
        );
    }
    assert_eq!(
        db.validation("CreateTable", json!({"TableName": "abc;"})),
        "3 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; Value 'abc;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value null at 'keySchema' failed to satisfy constraint: Member must not be null"
    );
    assert_eq!(
        db.validation(
            "CreateTable",
            json!({"TableName": "abc", "AttributeDefinitions": [], "BillingMode": "A"})
        ),
        "2 validation errors detected: Value 'A' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]; Value null at 'keySchema' failed to satisfy constraint: Member must not be null"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn requests_that_hold_requests_report_their_members_constraints_by_path() {
    let mut db = db();
    let item = json!({"pk": s("a"), "sk": s("2")});
    let null = |path: &str| {
        format!("Value null at '{path}' failed to satisfy constraint: Member must not be null")
    };
    let enum_rcc = "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]";
    let enum_ricm = "Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]";
    assert_eq!(
        db.validation(
            "TransactWriteItems",
            json!({"ReturnConsumedCapacity": "hi", "ReturnItemCollectionMetrics": "hi",
                "TransactItems": [{"Put": {"TableName": "tbl", "Item": item}}]})
        ),
        format!("2 validation errors detected: {enum_rcc}; {enum_ricm}")
    );
    // Every action's own constraints, each at its path, with the request's.
    assert_eq!(
        db.validation(
            "TransactWriteItems",
            json!({"ReturnConsumedCapacity": "hi", "TransactItems": [
                {"Put": {"Item": item}},
                {"Update": {"TableName": "tbl", "UpdateExpression": "SET hue = :h"}},
                {"ConditionCheck": {"TableName": "a;", "Key": item}}
            ]})
        ),
        format!(
            "6 validation errors detected: {enum_rcc}; {}; {}; {}; {}",
            null("transactItems.1.member.put.tableName"),
            null("transactItems.2.member.update.key"),
            "Value 'a;' at 'transactItems.3.member.conditionCheck.tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a;' at 'transactItems.3.member.conditionCheck.tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
            null("transactItems.3.member.conditionCheck.conditionExpression"),
        )
    );
    // A value holding the words a field is named by changes nothing.
    assert_eq!(
        db.validation(
            "TransactWriteItems",
            json!({"TransactItems": [{"Put": {"TableName": "tbl", "Item": item,
                "ReturnValuesOnConditionCheckFailure": "x' at 'y"}}]})
        ),
        "1 validation error detected: Value 'x' at 'y' at 'transactItems.1.member.put.returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]"
    );
    assert_eq!(
        db.validation(
            "TransactGetItems",
            json!({"ReturnConsumedCapacity": "hi", "TransactItems": [
                {"Get": {"TableName": "tbl"}}, {}
            ]})
        ),
        format!(
            "3 validation errors detected: {enum_rcc}; {}; {}",
            null("transactItems.1.member.get.key"),
            null("transactItems.2.member.get"),
        )
    );
    assert_eq!(
        db.validation(
            "BatchWriteItem",
            json!({"ReturnConsumedCapacity": "hi", "ReturnItemCollectionMetrics": "hi",
                "RequestItems": {"tbl": [{"PutRequest": {"Item": item}}]}})
        ),
        format!("2 validation errors detected: {enum_rcc}; {enum_ricm}")
    );
    assert_eq!(
        db.validation(
            "UpdateTable",
            json!({"TableName": "a;b", "BillingMode": "hi"})
        ),
        "2 validation errors detected: Value 'a;b' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'hi' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"
    );
}

/// A body that is not JSON gets the exception's name and no message
/// (dynalite's connection tests, recorded against the service); a member of
/// the wrong JSON type is refused before the request's own constraints,
/// a missing `TableName` included.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_body_that_is_not_json_or_not_of_the_declared_types_is_a_serialization_exception() {
    let mut db = db();
    let (status, body) = {
        let response = engine::api::handle(db.engine_mut(), "ListTables", b"hi");
        (response.status, response.body)
    };
    assert_eq!(status, 400);
    assert_eq!(
        body,
        r#"{"__type":"com.amazon.coral.service#SerializationException"}"#
    );
    for (body, message) in [
        (
            json!({"Item": {"a": {"S": 23}}}),
            "NUMBER_VALUE cannot be converted to String",
        ),
        (
            json!({"Item": {"a": {"S": 2.5}}}),
            "DECIMAL_VALUE cannot be converted to String",
        ),
        (json!({"Item": {"a": {"SS": "x"}}}), "Unexpected field type"),
        (
            json!({"Item": {"a": "x"}}),
            "Unexpected value type in payload",
        ),
        (
            json!({"Item": []}),
            "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>",
        ),
        (
            json!({"Item": {"a": {"B": "abcde"}}}),
            "Base64 encoded length is expected a multiple of 4 bytes but found: 5",
        ),
        (
            json!({"Item": {"a": {"BOOL": "maybe"}}}),
            "Unexpected token received from parser",
        ),
        (
            json!({"TableName": {}}),
            "Start of structure or map found where not expected",
        ),
    ] {
        let error = db.err("PutItem", body.clone());
        assert_eq!(
            (error.kind.as_str(), error.message.as_str()),
            ("SerializationException", message),
            "{body}"
        );
    }
    // What DynamoDB converts rather than refuses: "yes" is true, 2.9 is 2.
    db.ok(
        "PutItem",
        json!({"TableName": "tbl", "Item": {"pk": {"S": "b"}, "sk": {"S": "1"}, "on": {"BOOL": "yes"}}}),
    );
    let got = db.ok(
        "Query",
        json!({"TableName": "tbl", "KeyConditionExpression": "pk = :p", "Limit": 1.9,
            "ConsistentRead": "1", "ExpressionAttributeValues": {":p": {"S": "b"}}}),
    );
    assert_eq!(got["Items"][0]["on"], json!({"BOOL": true}));
    assert_eq!(got["Count"], json!(1));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_conditions_mistakes_are_reported_by_category_not_by_position() {
    let scan = |filter: &str, values: Json| {
        let mut body = json!({"TableName": "tbl", "FilterExpression": filter});
        if !values.is_null() {
            body["ExpressionAttributeValues"] = values;
        }
        ("Scan", body)
    };
    let cases = [
        // Redundant parentheses before an unknown function written earlier.
        (
            scan("nope(a) = :v OR ((hue)) = :v", json!({":v": n("1")})),
            "Invalid FilterExpression: The expression has redundant parentheses;",
        ),
        // An unknown function before a misused one written earlier.
        (
            scan("contains(a, b) = :v OR nope(a) = :v", json!({":v": n("1")})),
            "Invalid FilterExpression: Invalid function name; function: nope",
        ),
        // A misused function before a reserved word written earlier.
        (
            scan("size = :v OR begins_with(a, b) = :v", json!({":v": n("1")})),
            "Invalid FilterExpression: The function is not allowed to be used this way in an expression; function: begins_with",
        ),
        // A reserved word before an undefined value written earlier.
        (
            scan("hue = :nope OR size = :v", json!({":v": n("1")})),
            "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: size",
        ),
        // The first wrong comparison wins, whatever is wrong with a later one.
        (
            scan("hue = hue OR hue = :nope", Json::Null),
            "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [hue]",
        ),
        // Within one call: an undefined value before a wrong operand count.
        (
            scan("contains(hue, :nope, :v)", json!({":v": n("1")})),
            "Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :nope",
        ),
        // size() of a value with no size.
        (
            scan("size(:v) > hue", json!({":v": n("1")})),
            "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N",
        ),
        // size() is a number, which begins_with does not take.
        (
            scan("begins_with(hue, size(hue))", Json::Null),
            "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        ),
    ];
    for ((operation, body), expected) in cases {
        let message = db().validation(operation, body.clone());
        assert_eq!(message, expected, "{body}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_updates_mistakes_are_reported_by_category_not_by_position() {
    let update = |expression: &str, values: Json| {
        let mut body = json!({"TableName": "tbl", "Key": {"pk": s("a"), "sk": s("1")},
                              "UpdateExpression": expression});
        if !values.is_null() {
            body["ExpressionAttributeValues"] = values;
        }
        ("UpdateItem", body)
    };
    let cases = [
        // Syntax before an unknown function written earlier.
        (
            update("SET a = nope(b, 100)", Json::Null),
            "Invalid UpdateExpression: Syntax error; token: \"100\", near: \", 100\"",
        ),
        // A reserved word before an unknown function written earlier.
        (
            update("SET a = nope(b) REMOVE abort", Json::Null),
            "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: abort",
        ),
        // An unknown function before a repeated clause written earlier.
        (
            update("SET a = :v SET b = nope(c)", json!({":v": n("1")})),
            "Invalid UpdateExpression: Invalid function name; function: nope",
        ),
        // A repeated clause before an undefined value.
        (
            update("SET a = :nope SET b = c", Json::Null),
            "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;",
        ),
        // Overlapping paths before conflicting ones written earlier.
        (
            update("SET d[1] = b, d.e = b, f.g = b, f = b", Json::Null),
            "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [f, g], path two: [f]",
        ),
        // An ADD operand before a function operand written earlier.
        (
            update("SET b = list_append(:s, c) ADD d :s", json!({":s": s("x")})),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
        ),
        // Within functions, the innermost is read first.
        (
            update(
                "SET b = list_append(:s, if_not_exists(:s, c))",
                json!({":s": s("x")}),
            ),
            "Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists",
        ),
    ];
    for ((operation, body), expected) in cases {
        let message = db().validation(operation, body.clone());
        assert_eq!(message, expected, "{body}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_path_may_be_grouped_and_size_may_measure_a_value() {
    let mut db = db();
    db.put(
        "tbl",
        json!({"pk": s("b"), "sk": s("1"), "doc": {"M": {"tags": {"L": [s("red"), s("blue")]}}}}),
    );
    let count = |db: &mut Db, filter: &str, values: Json| {
        let body = json!({"TableName": "tbl", "FilterExpression": filter,
                          "ExpressionAttributeValues": values});
        db.ok("Scan", body)["Count"].clone()
    };
    // `(doc.tags)[1]` is the path `doc.tags[1]`.
    assert_eq!(
        count(&mut db, "(doc.tags)[1] = :v", json!({":v": s("blue")})),
        1
    );
    assert_eq!(
        count(&mut db, "(doc).tags[0] = :v", json!({":v": s("red")})),
        1
    );
    // The size of a string value is its length, so this holds for both items.
    assert_eq!(
        count(
            &mut db,
            "size(:s) = :n",
            json!({":s": s("four"), ":n": n("4")})
        ),
        2
    );
    assert_eq!(
        count(
            &mut db,
            "size(doc.tags) = size(:two)",
            json!({":two": {"L": [n("1"), n("2")]}})
        ),
        1
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_index_without_a_projection_is_refused_index_by_index() {
    let message = db().validation(
        "UpdateTable",
        json!({"TableName": "tbl", "GlobalSecondaryIndexUpdates": [{"Create": {
            "IndexName": "byG1sk",
            "KeySchema": [{"AttributeName": "g1sk", "KeyType": "HASH"}]}}]}),
    );
    assert_eq!(
        message,
        "1 validation error detected: Value null at 'globalSecondaryIndexUpdates.1.member.create.projection' failed to satisfy constraint: Member must not be null"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_scan_lists_the_ten_breaches_dynamodb_lists() {
    let message = db().validation(
        "Scan",
        json!({"TableName": "abc;", "ReturnConsumedCapacity": "hi", "AttributesToGet": [],
               "IndexName": "abc;", "Segment": -1, "TotalSegments": -1, "Select": "hi", "Limit": -1,
               "ScanFilter": {"a": {}, "b": {"ComparisonOperator": ""}}, "ConditionalOperator": "AN"}),
    );
    let fields: Vec<&str> = message
        .split(" at '")
        .skip(1)
        .map(|rest| rest.split('\'').next().unwrap())
        .collect();
    assert_eq!(
        fields,
        [
            "select",
            "indexName",
            "totalSegments",
            "returnConsumedCapacity",
            "tableName",
            "conditionalOperator",
            "scanFilter.a.member.comparisonOperator",
            "scanFilter.b.member.comparisonOperator",
            "segment",
            "limit",
        ]
    );
}
