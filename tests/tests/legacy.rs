//! The legacy (pre-expression) parameters through the JSON API: `Expected`
//! and `ConditionalOperator` on writes, `AttributeUpdates`,
//! `AttributesToGet`, `KeyConditions`, `QueryFilter` and `ScanFilter` —
//! what each means, what it costs, and DynamoDB's message for every request
//! it refuses (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LegacyConditionalParameters.html>).

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

fn db() -> Db {
    let mut db = Db::new();
    db.simple_table("tbl", true);
    db.put(
        "tbl",
        json!({"pk": s("a"), "sk": s("1"), "n": n("5"), "tags": {"SS": ["x", "y"]}, "name": s("Ada"), "l": {"L": [n("1")]}}),
    );
    db.put(
        "tbl",
        json!({"pk": s("a"), "sk": s("2"), "n": n("7"), "name": s("Bo")}),
    );
    db.put("tbl", json!({"pk": s("a"), "sk": s("3"), "name": s("Cy")}));
    db.put("tbl", json!({"pk": s("b"), "sk": s("1"), "n": n("1")}));
    db
}

fn key(pk: &str, sk: &str) -> Json {
    json!({"pk": s(pk), "sk": s(sk)})
}

fn get(db: &mut Db, pk: &str, sk: &str) -> Json {
    db.ok("GetItem", json!({"TableName": "tbl", "Key": key(pk, sk)}))["Item"].clone()
}

fn condition_fails(db: &mut Db, operation: &str, body: Json) {
    let e = db.err(operation, body);
    assert_eq!(
        (e.kind.as_str(), e.message.as_str()),
        (
            "ConditionalCheckFailedException",
            "The conditional request failed"
        )
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn expected_guards_writes_in_each_of_its_forms() {
    let mut db = db();
    // Create-only: the key must not exist.
    condition_fails(
        &mut db,
        "PutItem",
        json!({"TableName": "tbl", "Item": key("a", "1"), "Expected": {"pk": {"Exists": false}}}),
    );
    db.ok(
        "PutItem",
        json!({"TableName": "tbl", "Item": {"pk": s("c"), "sk": s("1"), "n": n("1")}, "Expected": {"pk": {"Exists": false}}}),
    );
    // {Value} and {Exists: true, Value} are equality.
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": key("a", "1"), "AttributeUpdates": {"seen": {"Value": n("1")}},
               "Expected": {"name": {"Value": s("Ada")}, "n": {"Exists": true, "Value": n("5")}}}),
    );
    condition_fails(
        &mut db,
        "DeleteItem",
        json!({"TableName": "tbl", "Key": key("a", "1"), "Expected": {"name": {"Value": s("Bo")}}}),
    );
    // Operators, combined with OR.
    db.ok(
        "DeleteItem",
        json!({"TableName": "tbl", "Key": key("a", "3"), "ConditionalOperator": "OR",
               "Expected": {"n": {"ComparisonOperator": "GT", "AttributeValueList": [n("100")]},
                            "name": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [s("C")]}}}),
    );
    assert_eq!(get(&mut db, "a", "3"), json!(null));
    // On a missing item only absence and NE hold.
    condition_fails(
        &mut db,
        "PutItem",
        json!({"TableName": "tbl", "Item": key("z", "1"), "Expected": {"n": {"ComparisonOperator": "NOT_CONTAINS", "AttributeValueList": [n("1")]}}}),
    );
    db.ok(
        "PutItem",
        json!({"TableName": "tbl", "Item": key("z", "1"), "Expected": {"n": {"ComparisonOperator": "NE", "AttributeValueList": [n("1")]},
               "x": {"ComparisonOperator": "NULL"}}}),
    );
    // A failed condition can return the item, and is still charged.
    let e = db.err(
        "PutItem",
        json!({"TableName": "tbl", "Item": key("a", "1"), "Expected": {"n": {"Value": n("6")}},
               "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}),
    );
    assert_eq!(e.kind, "ConditionalCheckFailedException");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn expected_entries_are_refused_with_dynamodbs_messages() {
    let mut db = db();
    let refused = |db: &mut Db, expected: Json| {
        db.validation(
            "PutItem",
            json!({"TableName": "tbl", "Item": key("a", "9"), "Expected": expected}),
        )
    };
    let cases = [
        (
            json!({"a": {}}),
            "One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a",
        ),
        (
            json!({"a": {"Exists": true}}),
            "One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a",
        ),
        (
            json!({"a": {"Exists": false, "Value": s("x")}}),
            "One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: a",
        ),
        (
            json!({"a": {"Value": s("x"), "AttributeValueList": [s("x")]}}),
            "One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: a",
        ),
        (
            json!({"a": {"Exists": true, "ComparisonOperator": "EQ"}}),
            "One or more parameter values were invalid: Exists and ComparisonOperator cannot be used together for Attribute: a",
        ),
        (
            json!({"a": {"AttributeValueList": [s("x")]}}),
            "One or more parameter values were invalid: AttributeValueList can only be used with a ComparisonOperator for Attribute: a",
        ),
        (
            json!({"a": {"ComparisonOperator": "LT"}}),
            "One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: LT for Attribute: a",
        ),
        (
            json!({"a": {"ComparisonOperator": "BETWEEN", "Value": n("1")}}),
            "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator",
        ),
        (
            json!({"a": {"ComparisonOperator": "IN", "AttributeValueList": [n("1"), s("x")]}}),
            "One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type",
        ),
        (
            json!({"a": {"ComparisonOperator": "GE", "AttributeValueList": [{"BOOL": true}]}}),
            "One or more parameter values were invalid: ComparisonOperator GE is not valid for BOOL AttributeValue type",
        ),
        (
            json!({"a": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [n("9"), n("1")]}}),
            "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
        ),
        (
            json!({"a": {"ComparisonOperator": "eq", "AttributeValueList": [n("1")]}}),
            "1 validation error detected: Value 'eq' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]",
        ),
    ];
    for (expected, message) in cases {
        assert_eq!(refused(&mut db, expected.clone()), message, "{expected}");
    }
    // Nothing was written.
    assert_eq!(get(&mut db, "a", "9"), json!(null));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn legacy_and_expression_parameters_do_not_mix_and_the_operator_needs_two_conditions() {
    let mut db = db();
    assert_eq!(
        db.validation(
            "UpdateItem",
            json!({"TableName": "tbl", "Key": key("a", "1"), "UpdateExpression": "SET n = :n", "ConditionExpression": "attribute_exists(pk)",
                   "ExpressionAttributeValues": {":n": n("1")}, "AttributeUpdates": {"x": {"Value": n("1")}},
                   "ConditionalOperator": "AND", "Expected": {"a": {"Exists": false}, "b": {"Exists": false}}}),
        ),
        "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} Expression parameters: {UpdateExpression, ConditionExpression}"
    );
    assert_eq!(
        db.validation(
            "Scan",
            json!({"TableName": "tbl", "ScanFilter": {"n": {"ComparisonOperator": "NOT_NULL"}}, "ProjectionExpression": "pk"}),
        ),
        "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {ScanFilter} Expression parameters: {ProjectionExpression}"
    );
    assert_eq!(
        db.validation(
            "Query",
            json!({"TableName": "tbl", "AttributesToGet": ["pk"], "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]}},
                   "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": s("a")}}),
        ),
        "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, KeyConditions} Expression parameters: {KeyConditionExpression}"
    );
    assert_eq!(
        db.validation(
            "GetItem",
            json!({"TableName": "tbl", "Key": key("a", "1"), "AttributesToGet": ["n"], "ProjectionExpression": "n"}),
        ),
        "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}"
    );
    // KeyConditions with a FilterExpression is allowed.
    let r = db.ok(
        "Query",
        json!({"TableName": "tbl", "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]}},
               "FilterExpression": "n > :m", "ExpressionAttributeValues": {":m": n("5")}}),
    );
    assert_eq!(
        (r["Count"].clone(), r["ScannedCount"].clone()),
        (json!(1), json!(3))
    );
    for (body, message) in [
        (
            json!({"TableName": "tbl", "Item": key("q", "1"), "ConditionalOperator": "OR"}),
            "ConditionalOperator cannot be used without Filter or Expected",
        ),
        (
            json!({"TableName": "tbl", "Item": key("q", "1"), "ConditionalOperator": "OR", "Expected": {"a": {"Exists": false}}}),
            "ConditionalOperator can only be used when Filter or Expected has two or more elements",
        ),
        (
            json!({"TableName": "tbl", "Item": key("q", "1"), "ConditionalOperator": "AN", "Expected": {"a": {"Exists": false}}}),
            "1 validation error detected: Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]",
        ),
    ] {
        assert_eq!(db.validation("PutItem", body), message);
    }
    // The operator applies to the filter only, never to KeyConditions.
    assert_eq!(
        db.validation(
            "Query",
            json!({"TableName": "tbl", "ConditionalOperator": "OR",
                   "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]}, "sk": {"ComparisonOperator": "GT", "AttributeValueList": [s("1")]}}}),
        ),
        "ConditionalOperator cannot be used without Filter or Expected"
    );
    // Placeholders without an expression.
    assert_eq!(
        db.validation(
            "PutItem",
            json!({"TableName": "tbl", "Item": key("q", "1"), "Expected": {"a": {"Exists": false}}, "ExpressionAttributeNames": {"#a": "a"}}),
        ),
        "ExpressionAttributeNames can only be specified when using expressions"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn attribute_updates_put_add_and_delete_as_dynamodb_does() {
    let mut db = db();
    let r = db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": key("a", "1"), "ReturnValues": "UPDATED_NEW", "ReturnConsumedCapacity": "TOTAL",
               "AttributeUpdates": {
                   "name": {"Action": "PUT", "Value": s("Ann")},
                   "n": {"Action": "ADD", "Value": n("-2.5")},
                   "tags": {"Action": "DELETE", "Value": {"SS": ["x"]}},
                   "l": {"Action": "ADD", "Value": {"L": [n("1"), n("2")]}},
                   "fresh": {"Value": n("1")}}}),
    );
    assert_eq!(
        r["Attributes"],
        json!({"fresh": n("1"), "l": {"L": [n("1"), n("1"), n("2")]}, "n": n("2.5"), "name": s("Ann"), "tags": {"SS": ["y"]}})
    );
    assert_eq!(r["ConsumedCapacity"]["CapacityUnits"], json!(1.0));
    // An emptied set is removed; DELETE without a value removes the attribute.
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": key("a", "1"), "AttributeUpdates": {"tags": {"Action": "DELETE", "Value": {"SS": ["y"]}}, "fresh": {"Action": "DELETE"}}}),
    );
    let item = get(&mut db, "a", "1");
    assert!(
        item.get("tags").is_none() && item.get("fresh").is_none(),
        "{item}"
    );
    // DELETEs alone do not create a missing item; ADD does.
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": key("new", "1"), "AttributeUpdates": {"x": {"Action": "DELETE"}}}),
    );
    assert_eq!(get(&mut db, "new", "1"), json!(null));
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": key("new", "1"), "AttributeUpdates": {"c": {"Action": "ADD", "Value": n("3")}}}),
    );
    assert_eq!(
        get(&mut db, "new", "1"),
        json!({"c": n("3"), "pk": s("new"), "sk": s("1")})
    );
    // No updates at all still creates the item.
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": key("empty", "1"), "AttributeUpdates": {}}),
    );
    assert_eq!(get(&mut db, "empty", "1"), key("empty", "1"));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn attribute_updates_are_refused_with_dynamodbs_messages() {
    let mut db = db();
    let update = |db: &mut Db, updates: Json| {
        db.validation(
            "UpdateItem",
            json!({"TableName": "tbl", "Key": key("a", "1"), "AttributeUpdates": updates}),
        )
    };
    let cases = [
        (
            json!({"x": {"Action": "PUT"}}),
            "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified",
        ),
        (
            json!({"x": {"Action": "DELETE", "Value": s("v")}}),
            "One or more parameter values were invalid: DELETE action with value is not supported for the type S",
        ),
        (
            json!({"x": {"Action": "ADD", "Value": {"BOOL": true}}}),
            "One or more parameter values were invalid: ADD action is not supported for the type BOOL",
        ),
        (
            json!({"sk": {"Value": s("2")}}),
            "One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key",
        ),
        (
            json!({"n": {"Action": "ADD", "Value": {"SS": ["x"]}}}),
            "Type mismatch for attribute to update",
        ),
        (
            json!({"name": {"Action": "ADD", "Value": {"L": [n("1")]}}}),
            "Type mismatch for attribute to update",
        ),
        (
            json!({"x": {"Action": "REPLACE", "Value": n("1")}}),
            "1 validation error detected: Value 'REPLACE' at 'attributeUpdates.x.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]",
        ),
    ];
    for (updates, message) in cases {
        assert_eq!(update(&mut db, updates.clone()), message, "{updates}");
    }
    assert_eq!(get(&mut db, "a", "1")["n"], n("5"), "nothing changed");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn attributes_to_get_returns_whole_named_attributes_without_the_keys() {
    let mut db = db();
    let r = db.ok(
        "GetItem",
        json!({"TableName": "tbl", "Key": key("a", "1"), "AttributesToGet": ["n", "tags", "missing"]}),
    );
    assert_eq!(r["Item"], json!({"n": n("5"), "tags": {"SS": ["x", "y"]}}));
    let r = db.ok(
        "Scan",
        json!({"TableName": "tbl", "AttributesToGet": ["n"], "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(r["Count"], json!(4));
    assert_eq!(
        r["Items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| **i == json!({}))
            .count(),
        1,
        "an item without the attribute still counts"
    );
    let r = db.ok(
        "BatchGetItem",
        json!({"RequestItems": {"tbl": {"Keys": [key("a", "2")], "AttributesToGet": ["name"]}}}),
    );
    assert_eq!(r["Responses"]["tbl"], json!([{"name": s("Bo")}]));
    for (operation, body, message) in [
        (
            "GetItem",
            json!({"TableName": "tbl", "Key": key("a", "1"), "AttributesToGet": ["n", "n"]}),
            "One or more parameter values were invalid: Duplicate value in attribute name: n",
        ),
        (
            "GetItem",
            json!({"TableName": "tbl", "Key": key("a", "1"), "AttributesToGet": []}),
            "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
        ),
        (
            "Query",
            json!({"TableName": "tbl", "Select": "ALL_ATTRIBUTES", "AttributesToGet": ["n"],
                   "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]}}}),
            "1 validation error detected: Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES",
        ),
        (
            "Scan",
            json!({"TableName": "tbl", "Select": "COUNT", "AttributesToGet": ["n"]}),
            "Cannot specify the AttributesToGet when choosing to get only the Count",
        ),
    ] {
        assert_eq!(db.validation(operation, body), message);
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn key_conditions_read_what_the_key_condition_expression_reads() {
    let mut db = db();
    let legacy = db.ok(
        "Query",
        json!({"TableName": "tbl", "ScanIndexForward": false, "ReturnConsumedCapacity": "TOTAL",
               "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]},
                                 "sk": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [s("1"), s("2")]}}}),
    );
    let modern = db.ok(
        "Query",
        json!({"TableName": "tbl", "ScanIndexForward": false, "ReturnConsumedCapacity": "TOTAL",
               "KeyConditionExpression": "pk = :p AND sk BETWEEN :a AND :b",
               "ExpressionAttributeValues": {":p": s("a"), ":a": s("1"), ":b": s("2")}}),
    );
    assert_eq!(legacy, modern);
    assert_eq!(legacy["Count"], json!(2));
    let begins = db.ok(
        "Query",
        json!({"TableName": "tbl", "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]},
               "sk": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [s("3")]}}}),
    );
    assert_eq!(begins["Count"], json!(1));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn key_conditions_are_refused_with_dynamodbs_messages() {
    let mut db = db();
    let eq = |v: &str| json!({"ComparisonOperator": "EQ", "AttributeValueList": [s(v)]});
    let cases = [
        (
            None,
            "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        ),
        (Some(json!({})), "Conditions can be of length 1 or 2 only"),
        (
            Some(json!({"sk": eq("1")})),
            "Query condition missed key schema element: pk",
        ),
        (
            Some(json!({"pk": {"ComparisonOperator": "GT", "AttributeValueList": [s("a")]}})),
            "Query key condition not supported",
        ),
        (
            Some(
                json!({"pk": eq("a"), "sk": {"ComparisonOperator": "NE", "AttributeValueList": [s("1")]}}),
            ),
            "Attempted conditional constraint is not an indexable operation",
        ),
        (
            Some(json!({"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [n("1")]}})),
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        ),
        (
            Some(json!({"pk": eq("a"), "sk": eq("1"), "n": eq("x")})),
            "Conditions can be of length 1 or 2 only",
        ),
        (
            Some(json!({"pk": {"AttributeValueList": [s("a")]}})),
            "1 validation error detected: Value null at 'keyConditions.pk.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
        ),
    ];
    for (conditions, message) in cases {
        let mut body = json!({"TableName": "tbl"});
        if let Some(c) = &conditions {
            body["KeyConditions"] = c.clone();
        }
        assert_eq!(db.validation("Query", body), message, "{conditions:?}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn query_and_scan_filters_count_what_they_read_and_return_what_matches() {
    let mut db = db();
    let r = db.ok(
        "Query",
        json!({"TableName": "tbl", "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]}},
               "QueryFilter": {"n": {"ComparisonOperator": "GE", "AttributeValueList": [n("6")]}, "name": {"ComparisonOperator": "EQ", "AttributeValueList": [s("Cy")]}},
               "ConditionalOperator": "OR", "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(
        (r["Count"].clone(), r["ScannedCount"].clone()),
        (json!(2), json!(3))
    );
    assert_eq!(r["ConsumedCapacity"]["CapacityUnits"], json!(0.5));
    let r = db.ok(
        "Scan",
        json!({"TableName": "tbl", "ScanFilter": {"tags": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [s("x")]},
               "sk": {"ComparisonOperator": "IN", "AttributeValueList": [s("1"), s("9")]}}}),
    );
    assert_eq!(
        (r["Count"].clone(), r["ScannedCount"].clone()),
        (json!(1), json!(4))
    );
    assert_eq!(
        db.validation(
            "Query",
            json!({"TableName": "tbl", "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("a")]}},
                   "QueryFilter": {"sk": {"ComparisonOperator": "EQ", "AttributeValueList": [s("1")]}}}),
        ),
        "QueryFilter can only contain non-primary key attributes: Primary key attribute: sk"
    );
    assert_eq!(
        db.validation(
            "Scan",
            json!({"TableName": "tbl", "ScanFilter": {"n": {"ComparisonOperator": "GT"}}}),
        ),
        "One or more parameter values were invalid: Invalid number of argument(s) for the GT ComparisonOperator"
    );
}
