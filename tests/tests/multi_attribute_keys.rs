//! Global secondary indexes whose partition or sort key is made of several
//! attributes: declaring them, what they hold and in what order, Query's
//! rules and messages, paging, UpdateTable's backfill and PartiQL's
//! refusal. The captured cases are DynamoDB's own answers (2026).

use ddbplay_tests::{Db, n, s, strings};
use serde_json::{Value as Json, json};

fn key(name: &str, kind: &str) -> Json {
    json!({"AttributeName": name, "KeyType": kind})
}

fn attribute(name: &str, t: &str) -> Json {
    json!({"AttributeName": name, "AttributeType": t})
}

/// Table `tbl` keyed by `PK`, with index `gsi` over `index_keys`, every
/// attribute a string unless `types` says otherwise.
fn table_with_index(db: &mut Db, index_keys: &[(&str, &str)], types: &[(&str, &str)]) {
    let type_of = |name: &str| {
        types
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("S", |(_, t)| *t)
    };
    let mut definitions = vec![attribute("PK", "S")];
    definitions.extend(index_keys.iter().map(|(n, _)| attribute(n, type_of(n))));
    let schema: Vec<Json> = index_keys.iter().map(|(n, k)| key(n, k)).collect();
    db.ok(
        "CreateTable",
        json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": definitions, "KeySchema": [key("PK", "HASH")],
               "GlobalSecondaryIndexes": [{"IndexName": "gsi", "KeySchema": schema,
                                           "Projection": {"ProjectionType": "ALL"}}]}),
    );
}

/// The captured five-attribute index `h`, `a`, `b`, `c`, `d` and its items.
fn five_attribute_index(db: &mut Db) {
    table_with_index(
        db,
        &[
            ("h", "HASH"),
            ("a", "RANGE"),
            ("b", "RANGE"),
            ("c", "RANGE"),
            ("d", "RANGE"),
        ],
        &[],
    );
    let rows = [
        ("p1", Some("T"), "live", Some("b"), "r1"),
        ("p2", Some("T"), "live", Some("a"), "r2"),
        ("p3", Some("T"), "live", Some("a"), "r1"),
        ("p4", Some("T"), "draft", Some("c"), "r1"),
        ("p5", Some("F"), "live", Some("a"), "r0"),
        ("p6", Some("T"), "live", None, "r1"),
    ];
    for (pk, a, b, c, d) in rows {
        let mut item = json!({"PK": s(pk), "h": s("o1"), "b": s(b), "d": s(d)});
        if let Some(a) = a {
            item["a"] = s(a);
        }
        if let Some(c) = c {
            item["c"] = s(c);
        }
        db.put("tbl", item);
    }
}

fn query(db: &mut Db, condition: &str, values: Json) -> Result<Json, String> {
    let values = used_values(condition, values);
    db.call(
        "Query",
        json!({"TableName": "tbl", "IndexName": "gsi", "KeyConditionExpression": condition,
               "ExpressionAttributeValues": values}),
    )
    .map_err(|e| e.message)
}

/// Of `values`, those `condition` names (DynamoDB refuses unused ones).
fn used_values(condition: &str, values: Json) -> Json {
    let named = |name: &str| {
        condition
            .match_indices(name)
            .any(|(at, _)| !condition[at + name.len()..].starts_with(|c: char| c.is_alphanumeric()))
    };
    match values {
        Json::Object(map) => map.into_iter().filter(|(k, _)| named(k)).collect(),
        other => other,
    }
}

fn found(db: &mut Db, condition: &str, values: Json) -> Vec<String> {
    let response = query(db, condition, values).unwrap();
    strings(&response, "PK")
}

fn refused(db: &mut Db, condition: &str, values: Json) -> String {
    query(db, condition, values).unwrap_err()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_multi_attribute_index_orders_its_items_attribute_by_attribute() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    assert_eq!(
        found(&mut db, "h = :h", json!({":h": s("o1")})),
        ["p5", "p4", "p3", "p2", "p1"]
    );
    let scan = db.ok("Scan", json!({"TableName": "tbl", "IndexName": "gsi"}));
    assert_eq!(strings(&scan, "PK"), ["p5", "p4", "p3", "p2", "p1"]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn query_takes_a_prefix_of_the_sort_attributes_in_any_clause_order() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    let values = json!({":h": s("o1"), ":a": s("T"), ":b": s("live"), ":c": s("a"), ":d": s("r"), ":z": s("e")});
    assert_eq!(
        found(&mut db, "b = :b AND h = :h AND a = :a", values.clone()),
        ["p3", "p2", "p1"]
    );
    assert_eq!(
        found(&mut db, "h = :h AND a = :a AND b < :z", values.clone()),
        ["p4"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND a = :a AND b = :b AND c = :c AND begins_with(d, :d)",
            values.clone()
        ),
        ["p3", "p2"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND a > :a",
            json!({":h": s("o1"), ":a": s("F")})
        ),
        ["p4", "p3", "p2", "p1"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND a <= :a",
            json!({":h": s("o1"), ":a": s("F")})
        ),
        ["p5"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND a = :a AND b BETWEEN :lo AND :hi",
            json!({":h": s("o1"), ":a": s("T"), ":lo": s("draft"), ":hi": s("live")})
        ),
        ["p4", "p3", "p2", "p1"]
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn query_refusals_are_dynamodbs_in_its_order() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    let v = json!({":h": s("o1"), ":a": s("T"), ":b": s("live"), ":c": s("a"), ":d": s("r1"), ":x": s("x")});
    let range = |missing: &str, present: &str| {
        format!(
            "RANGE key attributes {missing} must have equality conditions specified in the query because a condition is present on key attribute {present}"
        )
    };
    assert_eq!(
        refused(&mut db, "h = :h AND a = :a AND c = :c", v.clone()),
        range("b", "c")
    );
    assert_eq!(
        refused(
            &mut db,
            "h = :h AND a = :a AND b > :b AND c = :c",
            v.clone()
        ),
        range("b", "c")
    );
    assert_eq!(
        refused(&mut db, "h = :h AND b = :b", v.clone()),
        range("a", "b")
    );
    assert_eq!(
        refused(&mut db, "h = :h AND d = :d", v.clone()),
        range("a, b, c", "d")
    );
    assert_eq!(
        refused(&mut db, "a = :a", v.clone()),
        "HASH key attributes h must have equality conditions specified in the query"
    );
    assert_eq!(
        refused(&mut db, "h = :h AND x = :x", v.clone()),
        "Query condition missed key schema element: a"
    );
    assert_eq!(
        refused(
            &mut db,
            "h = :h AND a = :a AND b = :b AND c = :c AND d = :d AND x = :x",
            v.clone()
        ),
        "The number of query conditions (6) exceeds the number of key attributes defined in the schema (5)"
    );
    assert_eq!(
        refused(&mut db, "h = :h AND a > :a AND a < :b", v.clone()),
        "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key"
    );
    assert_eq!(
        refused(
            &mut db,
            "h = :h AND a = :n",
            json!({":h": s("o1"), ":n": n("1")})
        ),
        "One or more parameter values were invalid: Condition parameter type does not match schema type"
    );
    assert_eq!(
        refused(
            &mut db,
            "h = :h AND a > :m",
            json!({":h": s("o1"), ":m": {"M": {}}})
        ),
        "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: >, operand type: M"
    );
    assert_eq!(
        refused(&mut db, "h = :h OR a = :a", v.clone()),
        "Invalid operator used in KeyConditionExpression: OR"
    );
    // The partition key's rule comes before the values' types.
    assert_eq!(
        refused(&mut db, "a = :n", json!({":n": n("1")})),
        "HASH key attributes h must have equality conditions specified in the query"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn several_partition_attributes_are_named_together() {
    let mut db = Db::new();
    table_with_index(
        &mut db,
        &[("h1", "HASH"), ("h2", "HASH"), ("s", "RANGE")],
        &[("h2", "N")],
    );
    db.put(
        "tbl",
        json!({"PK": s("p1"), "h1": s("g"), "h2": n("1.0"), "s": s("x")}),
    );
    db.put(
        "tbl",
        json!({"PK": s("p2"), "h1": s("g"), "h2": n("2"), "s": s("y")}),
    );
    assert_eq!(
        refused(&mut db, "s > :z", json!({":z": s("a")})),
        "HASH key attributes h1, h2 must have equality conditions specified in the query"
    );
    assert_eq!(
        refused(
            &mut db,
            "h1 = :g AND h2 > :one",
            json!({":g": s("g"), ":one": n("1")})
        ),
        "HASH key attributes h2 must have equality conditions specified in the query"
    );
    // 1 and 1.0 are one number, so one partition.
    assert_eq!(
        found(
            &mut db,
            "s > :z AND h2 = :one AND h1 = :g",
            json!({":g": s("g"), ":one": n("1"), ":z": s("a")})
        ),
        ["p1"]
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn numbers_and_binaries_in_a_sort_key_order_by_their_own_types() {
    let mut db = Db::new();
    table_with_index(
        &mut db,
        &[("h", "HASH"), ("n1", "RANGE"), ("bb", "RANGE")],
        &[("n1", "N"), ("bb", "B")],
    );
    // Binary values in base64: 00 = AA==, 10 = EA==, 00 01 = AAE=, 01 = AQ==, ff = /w==.
    let rows = [
        ("m10", "-10", Some("AA==")),
        ("half", "0.5", Some("EA==")),
        ("two-0001", "2", Some("AAE=")),
        ("two-01", "2", Some("AQ==")),
        ("two-ff", "2", Some("/w==")),
        ("ten", "10", Some("AA==")),
        ("no-bb", "3", None),
    ];
    for (pk, number, binary) in rows {
        let mut item = json!({"PK": s(pk), "h": s("o"), "n1": n(number)});
        if let Some(b) = binary {
            item["bb"] = json!({"B": b});
        }
        db.put("tbl", item);
    }
    assert_eq!(
        found(&mut db, "h = :h", json!({":h": s("o")})),
        ["m10", "half", "two-0001", "two-01", "two-ff", "ten"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND n1 = :two AND bb > :zero",
            json!({":h": s("o"), ":two": n("2.0"), ":zero": {"B": "AA=="}})
        ),
        ["two-0001", "two-01", "two-ff"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND n1 = :two AND begins_with(bb, :zero)",
            json!({":h": s("o"), ":two": n("2"), ":zero": {"B": "AA=="}})
        ),
        ["two-0001"]
    );
    assert_eq!(
        found(
            &mut db,
            "h = :h AND n1 BETWEEN :lo AND :hi",
            json!({":h": s("o"), ":lo": n("0"), ":hi": n("5")})
        ),
        ["half", "two-0001", "two-01", "two-ff"]
    );
    let backwards = db.ok(
        "Query",
        json!({"TableName": "tbl", "IndexName": "gsi", "KeyConditionExpression": "h = :h AND n1 < :two",
               "ExpressionAttributeValues": {":h": s("o"), ":two": n("2")}, "ScanIndexForward": false}),
    );
    assert_eq!(strings(&backwards, "PK"), ["half", "m10"]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn paging_carries_every_key_attribute_and_resumes() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    let page = |db: &mut Db, start: Option<Json>| {
        let mut request = json!({"TableName": "tbl", "IndexName": "gsi", "KeyConditionExpression": "h = :h",
            "ExpressionAttributeValues": {":h": s("o1")}, "Limit": 2, "ScanIndexForward": false});
        if let Some(start) = start {
            request["ExclusiveStartKey"] = start;
        }
        db.ok("Query", request)
    };
    let first = page(&mut db, None);
    assert_eq!(strings(&first, "PK"), ["p1", "p2"]);
    let last_key = first["LastEvaluatedKey"].clone();
    assert_eq!(
        last_key,
        json!({"PK": s("p2"), "h": s("o1"), "a": s("T"), "b": s("live"), "c": s("a"), "d": s("r2")})
    );
    let second = page(&mut db, Some(last_key.clone()));
    assert_eq!(strings(&second, "PK"), ["p3", "p4"]);
    let mut missing = last_key.clone();
    missing.as_object_mut().unwrap().remove("c");
    let message = db.validation(
        "Query",
        json!({"TableName": "tbl", "IndexName": "gsi", "KeyConditionExpression": "h = :h",
               "ExpressionAttributeValues": {":h": s("o1")}, "ExclusiveStartKey": missing}),
    );
    assert_eq!(message, "The provided starting key is invalid");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn items_lacking_a_key_attribute_stay_out_and_writes_move_them() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    let members = |db: &mut Db| {
        strings(
            &db.ok("Scan", json!({"TableName": "tbl", "IndexName": "gsi"})),
            "PK",
        )
    };
    assert!(!members(&mut db).contains(&"p6".to_string()));
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": {"PK": s("p6")},
        "UpdateExpression": "SET c = :c", "ExpressionAttributeValues": {":c": s("a")}}),
    );
    assert_eq!(members(&mut db), ["p5", "p4", "p3", "p6", "p2", "p1"]);
    db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": {"PK": s("p4")}, "UpdateExpression": "REMOVE d"}),
    );
    db.ok(
        "DeleteItem",
        json!({"TableName": "tbl", "Key": {"PK": s("p1")}}),
    );
    assert_eq!(members(&mut db), ["p5", "p3", "p6", "p2"]);
    let wrong = db.validation(
        "PutItem",
        json!({"TableName": "tbl",
        "Item": {"PK": s("p9"), "h": s("o1"), "c": n("1")}}),
    );
    assert_eq!(
        wrong,
        "One or more parameter values were invalid: Type mismatch for Index Key c Expected: S Actual: N IndexName: gsi"
    );
    let empty = db.validation(
        "PutItem",
        json!({"TableName": "tbl",
        "Item": {"PK": s("p9"), "h": s("o1"), "b": s("")}}),
    );
    assert_eq!(
        empty,
        "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi, IndexKey: b"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn create_table_declares_a_multi_attribute_key_as_given() {
    let mut db = Db::new();
    table_with_index(
        &mut db,
        &[
            ("h1", "HASH"),
            ("h2", "HASH"),
            ("r1", "RANGE"),
            ("r2", "RANGE"),
        ],
        &[("h2", "N"), ("r2", "B")],
    );
    let description = db.ok("DescribeTable", json!({"TableName": "tbl"}));
    assert_eq!(
        description["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"],
        json!([
            key("h1", "HASH"),
            key("h2", "HASH"),
            key("r1", "RANGE"),
            key("r2", "RANGE")
        ])
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn create_table_refuses_the_shapes_dynamodb_refuses() {
    let create = |index_keys: Json, table_keys: Json, locals: Option<Json>| {
        let mut db = Db::new();
        let names = [
            "PK", "SK", "h", "h2", "h3", "h4", "h5", "a", "b", "c", "d", "e",
        ];
        let mut request = json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": names.iter().map(|n| attribute(n, "S")).collect::<Vec<_>>(),
            "KeySchema": table_keys,
            "GlobalSecondaryIndexes": [{"IndexName": "gsi", "KeySchema": index_keys,
                                        "Projection": {"ProjectionType": "ALL"}}]});
        if let Some(locals) = locals {
            request["LocalSecondaryIndexes"] = locals;
        }
        db.validation("CreateTable", request)
    };
    let table = json!([key("PK", "HASH"), key("SK", "RANGE")]);
    assert_eq!(
        create(
            json!([
                key("h", "HASH"),
                key("h2", "HASH"),
                key("h3", "HASH"),
                key("h4", "HASH"),
                key("h5", "HASH")
            ]),
            table.clone(),
            None
        ),
        "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key attributes"
    );
    assert_eq!(
        create(
            json!([key("h", "HASH"), key("a", "RANGE"), key("h2", "HASH")]),
            table.clone(),
            None
        ),
        "One or more parameter values were invalid: All HASH key attributes must precede RANGE key attributes in the KeySchema"
    );
    assert_eq!(
        create(
            json!([key("h", "HASH"), key("a", "RANGE"), key("a", "RANGE")]),
            table.clone(),
            None
        ),
        "The KeySchema contains multiple key attributes with the same name"
    );
    let too_long_table = create(
        json!([key("h", "HASH")]),
        json!([key("PK", "HASH"), key("SK", "RANGE"), key("a", "RANGE")]),
        None,
    );
    assert!(
        too_long_table.ends_with("at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2"),
        "{too_long_table}"
    );
    let two_range_lsi = create(
        json!([key("h", "HASH")]),
        table,
        Some(
            json!([{"IndexName": "lsi", "KeySchema": [key("PK", "HASH"), key("a", "RANGE"), key("b", "RANGE")],
                     "Projection": {"ProjectionType": "ALL"}}]),
        ),
    );
    assert!(
        two_range_lsi.contains(
            "failed to satisfy constraint: Member must have length less than or equal to 2"
        ),
        "{two_range_lsi}"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn update_table_backfills_a_new_multi_attribute_index_from_the_attributes_items_have() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    db.ok(
        "UpdateTable",
        json!({"TableName": "tbl",
               "AttributeDefinitions": [attribute("h", "S"), attribute("b", "S"), attribute("d", "S")],
               "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "hbd",
                   "KeySchema": [key("h", "HASH"), key("b", "RANGE"), key("d", "RANGE")],
                   "Projection": {"ProjectionType": "KEYS_ONLY"}}}]}),
    );
    let response = db.ok(
        "Query",
        json!({"TableName": "tbl", "IndexName": "hbd", "KeyConditionExpression": "h = :h AND b = :b AND d = :d",
               "ExpressionAttributeValues": {":h": s("o1"), ":b": s("live"), ":d": s("r1")}}),
    );
    // p6 lacks c but has b and d: in this index it is.
    assert_eq!(strings(&response, "PK"), ["p1", "p3", "p6"]);
    assert_eq!(
        response["Items"][0],
        json!({"PK": s("p1"), "h": s("o1"), "b": s("live"), "d": s("r1")})
    );
    let twice = db.validation(
        "UpdateTable",
        json!({"TableName": "tbl", "AttributeDefinitions": [attribute("h", "S")],
               "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "again",
                   "KeySchema": [key("h", "HASH"), key("h", "HASH")],
                   "Projection": {"ProjectionType": "ALL"}}}]}),
    );
    assert_eq!(
        twice,
        "The KeySchema contains multiple key attributes with the same name"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn partiql_refuses_a_multi_attribute_index_and_reads_the_table() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    let statement = |db: &mut Db, text: &str| {
        db.call("ExecuteStatement", json!({"Statement": text}))
            .map_err(|e| e.message)
    };
    assert_eq!(
        statement(&mut db, r#"SELECT * FROM "tbl"."gsi" WHERE h = 'o1'"#).unwrap_err(),
        "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys."
    );
    assert_eq!(
        statement(&mut db, r#"SELECT * FROM "tbl"."nope""#).unwrap_err(),
        "The table does not have the specified index"
    );
    let table = statement(&mut db, r#"SELECT * FROM "tbl" WHERE PK = 'p1'"#).unwrap();
    assert_eq!(strings(&table, "PK"), ["p1"]);
    let batch = db.ok(
        "BatchExecuteStatement",
        json!({"Statements": [{"Statement": r#"SELECT * FROM "tbl"."gsi""#},
                              {"Statement": r#"SELECT * FROM "tbl" WHERE PK = 'p2'"#}]}),
    );
    assert_eq!(batch["Responses"][0]["Error"]["Code"], "ValidationError");
    assert_eq!(
        batch["Responses"][0]["Error"]["Message"],
        "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys."
    );
    assert_eq!(batch["Responses"][1]["Item"]["PK"], s("p2"));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_worked_orders_example_answers_as_derived() {
    let mut db = Db::new();
    db.ok(
        "CreateTable",
        json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
               "AttributeDefinitions": [attribute("orderId", "S"), attribute("customerId", "S"),
                                        attribute("status", "S"), attribute("orderDate", "S")],
               "KeySchema": [key("orderId", "HASH")],
               "GlobalSecondaryIndexes": [{"IndexName": "ByCustomerStatusDate",
                   "KeySchema": [key("customerId", "HASH"), key("status", "RANGE"), key("orderDate", "RANGE")],
                   "Projection": {"ProjectionType": "ALL"}}]}),
    );
    let orders = [
        ("o1", "c1", Some("SHIPPED"), "2025-11-03"),
        ("o2", "c1", Some("PENDING"), "2025-11-20"),
        ("o3", "c1", Some("SHIPPED"), "2025-11-15"),
        ("o4", "c1", Some("SHIPPED"), "2025-10-28"),
        ("o5", "c2", Some("SHIPPED"), "2025-11-04"),
        ("o6", "c1", None, "2025-11-21"),
    ];
    for (id, customer, status, date) in orders {
        let mut item = json!({"orderId": s(id), "customerId": s(customer), "orderDate": s(date)});
        if let Some(status) = status {
            item["status"] = s(status);
        }
        db.put("Orders", item);
    }
    let ask = |db: &mut Db, condition: &str, values: Json, forward: bool| {
        db.call(
            "Query",
            json!({"TableName": "Orders", "IndexName": "ByCustomerStatusDate",
                   "KeyConditionExpression": condition, "ExpressionAttributeNames": {"#s": "status"},
                   "ExpressionAttributeValues": values, "ScanIndexForward": forward}),
        )
        .map(|r| strings(&r, "orderId"))
        .map_err(|e| e.message)
    };
    let c1 = json!({":c": s("c1")});
    let plain = |db: &mut Db, condition: &str, values: Json, forward: bool| {
        db.call(
            "Query",
            json!({"TableName": "Orders", "IndexName": "ByCustomerStatusDate",
                   "KeyConditionExpression": condition, "ExpressionAttributeValues": values,
                   "ScanIndexForward": forward}),
        )
        .map(|r| strings(&r, "orderId"))
        .map_err(|e| e.message)
    };
    assert_eq!(
        plain(&mut db, "customerId = :c", c1, true).unwrap(),
        ["o2", "o4", "o1", "o3"]
    );
    let shipped = json!({":c": s("c1"), ":s": s("SHIPPED")});
    assert_eq!(
        ask(&mut db, "customerId = :c AND #s = :s", shipped, true).unwrap(),
        ["o4", "o1", "o3"]
    );
    assert_eq!(
        ask(
            &mut db,
            "customerId = :c AND #s = :s AND begins_with(orderDate, :m)",
            json!({":c": s("c1"), ":s": s("SHIPPED"), ":m": s("2025-11")}),
            false
        )
        .unwrap(),
        ["o3", "o1"]
    );
    assert_eq!(
        ask(&mut db, "customerId = :c AND #s = :s AND orderDate BETWEEN :a AND :b",
            json!({":c": s("c1"), ":s": s("SHIPPED"), ":a": s("2025-11-01"), ":b": s("2025-11-30")}), true).unwrap(),
        ["o1", "o3"]
    );
    assert_eq!(
        plain(
            &mut db,
            "customerId = :c AND orderDate >= :d",
            json!({":c": s("c1"), ":d": s("2025-11-01")}),
            true
        )
        .unwrap_err(),
        "RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute orderDate"
    );
    assert_eq!(
        ask(&mut db, "#s = :s", json!({":s": s("SHIPPED")}), true).unwrap_err(),
        "HASH key attributes customerId must have equality conditions specified in the query"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn consistent_reads_and_filters_on_key_attributes_are_refused_as_on_any_global_index() {
    let mut db = Db::new();
    five_attribute_index(&mut db);
    let strong = db.validation(
        "Query",
        json!({"TableName": "tbl", "IndexName": "gsi", "KeyConditionExpression": "h = :h",
               "ExpressionAttributeValues": {":h": s("o1")}, "ConsistentRead": true}),
    );
    assert_eq!(
        strong,
        "Consistent reads are not supported on global secondary indexes"
    );
    let filtered = db.validation(
        "Query",
        json!({"TableName": "tbl", "IndexName": "gsi", "KeyConditionExpression": "h = :h",
               "FilterExpression": "c = :c", "ExpressionAttributeValues": {":h": s("o1"), ":c": s("a")}}),
    );
    assert_eq!(
        filtered,
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: c"
    );
    // A Scan of the index filters on anything.
    let scan = db.ok(
        "Scan",
        json!({"TableName": "tbl", "IndexName": "gsi", "FilterExpression": "c = :c",
               "ExpressionAttributeValues": {":c": s("a")}}),
    );
    assert_eq!(strings(&scan, "PK"), ["p5", "p3", "p2"]);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_composite_sort_key_is_limited_to_1024_bytes_in_all() {
    let mut db = Db::new();
    table_with_index(
        &mut db,
        &[("h", "HASH"), ("a", "RANGE"), ("b", "RANGE")],
        &[],
    );
    let half = "x".repeat(600);
    let refused = db.validation(
        "PutItem",
        json!({"TableName": "tbl", "Item": {"PK": s("p"), "h": s("o"), "a": s(&half), "b": s(&half)}}),
    );
    assert_eq!(
        refused,
        "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
    );
    db.put(
        "tbl",
        json!({"PK": s("p"), "h": s("o"), "a": s(&half), "b": s(&"x".repeat(424))}),
    );
}
