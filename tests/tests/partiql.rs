//! PartiQL through the JSON API: ExecuteStatement's SELECT (a Query when
//! the partition key is fixed, a Scan otherwise, at that request's
//! capacity), INSERT, UPDATE and DELETE with their conditions, paging by
//! NextToken, BatchExecuteStatement's per-statement outcomes and
//! ExecuteTransaction's all or nothing — with DynamoDB's messages
//! (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.html>).

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

/// `orders`: pk/sk strings, a GSI `byStatus` on status/sk (KEYS_ONLY plus
/// `total`), eight orders for `c1`, two for `c2`.
fn db() -> Db {
    let mut db = Db::new();
    db.ok(
        "CreateTable",
        json!({
            "TableName": "orders",
            "AttributeDefinitions": [
                {"AttributeName": "pk", "AttributeType": "S"},
                {"AttributeName": "sk", "AttributeType": "S"},
                {"AttributeName": "status", "AttributeType": "S"}
            ],
            "KeySchema": [
                {"AttributeName": "pk", "KeyType": "HASH"},
                {"AttributeName": "sk", "KeyType": "RANGE"}
            ],
            "GlobalSecondaryIndexes": [{
                "IndexName": "byStatus",
                "KeySchema": [
                    {"AttributeName": "status", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"}
                ],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]}
            }],
            "BillingMode": "PAY_PER_REQUEST"
        }),
    );
    for i in 1..=8 {
        let status = if i % 2 == 0 { "OPEN" } else { "SHIPPED" };
        db.put(
            "orders",
            json!({"pk": s("c1"), "sk": s(&format!("o{i}")), "status": s(status),
                   "total": n(&format!("{}", i * 10)), "note": s("x")}),
        );
    }
    for i in 1..=2 {
        db.put(
            "orders",
            json!({"pk": s("c2"), "sk": s(&format!("o{i}")), "total": n("5"), "address": {"M": {"city": s("Oslo")}}}),
        );
    }
    db
}

fn run(db: &mut Db, statement: &str) -> Json {
    db.ok(
        "ExecuteStatement",
        json!({"Statement": statement, "ReturnConsumedCapacity": "TOTAL"}),
    )
}

fn sks(response: &Json) -> Vec<String> {
    response["Items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sk"]["S"].as_str().unwrap_or("-").to_string())
        .collect()
}

fn units(response: &Json) -> f64 {
    response["ConsumedCapacity"]["CapacityUnits"]
        .as_f64()
        .unwrap()
}

fn refused(db: &mut Db, statement: &str) -> String {
    db.validation("ExecuteStatement", json!({"Statement": statement}))
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_select_that_fixes_the_partition_key_reads_and_costs_what_the_query_does() {
    let mut db = db();
    let select = run(
        &mut db,
        r#"SELECT * FROM "orders" WHERE pk = 'c1' AND sk BETWEEN 'o2' AND 'o4' AND total > 20"#,
    );
    let query = db.ok(
        "Query",
        json!({"TableName": "orders",
               "KeyConditionExpression": "pk = :p AND sk BETWEEN :a AND :b",
               "FilterExpression": "#t > :t", "ExpressionAttributeNames": {"#t": "total"},
               "ExpressionAttributeValues": {":p": s("c1"), ":a": s("o2"), ":b": s("o4"), ":t": n("20")},
               "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(sks(&select), vec!["o3", "o4"]);
    assert_eq!(select["Items"], query["Items"]);
    assert_eq!(units(&select), units(&query));
    assert_eq!(units(&select), 0.5);
    assert!(select.get("NextToken").is_none());
    assert!(select.get("LastEvaluatedKey").is_none());
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_select_that_does_not_fix_the_partition_key_is_a_scan_of_the_whole_table() {
    let mut db = db();
    let select = run(&mut db, r#"SELECT sk FROM orders WHERE total = 5"#);
    let scan = db.ok(
        "Scan",
        json!({"TableName": "orders", "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(select["Items"], json!([{"sk": s("o1")}, {"sk": s("o2")}]));
    // Charged for every item read, not for the two returned.
    assert_eq!(units(&select), units(&scan));
    // pk = 'c1' OR a non-key condition is a Scan too.
    let or = run(&mut db, "SELECT * FROM orders WHERE pk = 'c1' OR total = 5");
    assert_eq!(sks(&or).len(), 10);
    assert_eq!(units(&or), units(&scan));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn projections_are_named_by_their_last_step_and_missing_attributes_left_out() {
    let mut db = db();
    let got = run(
        &mut db,
        "SELECT address.city, total, nothing FROM orders WHERE pk = 'c2' AND sk = 'o1'",
    );
    assert_eq!(got["Items"], json!([{"city": s("Oslo"), "total": n("5")}]));
    let none = run(
        &mut db,
        "SELECT nothing FROM orders WHERE pk = 'c2' AND sk = 'o1'",
    );
    assert_eq!(none["Items"], json!([{}]));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn in_on_the_partition_key_reads_each_partition_ten_items_a_page() {
    let mut db = db();
    let statement = "SELECT * FROM orders WHERE pk IN ['c2', 'c1']";
    let first = run(&mut db, statement);
    // Partitions in the order listed, each in sort-key order.
    assert_eq!(
        sks(&first),
        vec!["o1", "o2", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8"]
    );
    let token = first["NextToken"]
        .as_str()
        .expect("a full page says there may be more");
    let second = db.ok(
        "ExecuteStatement",
        json!({"Statement": statement, "NextToken": token}),
    );
    assert_eq!(second["Items"], json!([]));
    assert!(second.get("NextToken").is_none());
    // The token belongs to its statement.
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": "SELECT * FROM orders WHERE pk IN ['c1', 'c2']", "NextToken": token})
        ),
        "NextToken does not match request"
    );
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": statement, "NextToken": "not a token"})
        ),
        "Invalid NextToken"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn limit_counts_items_read_and_next_token_goes_on_where_it_stopped() {
    let mut db = db();
    let statement = "SELECT * FROM orders WHERE pk = ? AND total >= 30";
    let mut seen = Vec::new();
    let mut token: Option<String> = None;
    let mut pages = 0;
    loop {
        let mut body = json!({"Statement": statement, "Parameters": [s("c1")], "Limit": 3});
        if let Some(t) = &token {
            body["NextToken"] = json!(t);
        }
        let page = db.ok("ExecuteStatement", body);
        pages += 1;
        seen.extend(sks(&page));
        match page["NextToken"].as_str() {
            Some(t) => token = Some(t.to_string()),
            None => break,
        }
    }
    assert_eq!(seen, vec!["o3", "o4", "o5", "o6", "o7", "o8"]);
    // 8 items, 3 a page: the third page stops at the limit and a fourth finds nothing.
    assert_eq!(pages, 3);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn order_by_the_sort_key_reads_backwards_and_its_rules_are_dynamodbs() {
    let mut db = db();
    let got = run(
        &mut db,
        "SELECT sk FROM orders WHERE pk = 'c1' AND sk < 'o4' ORDER BY sk DESC",
    );
    assert_eq!(sks(&got), vec!["o3", "o2", "o1"]);
    assert_eq!(
        refused(&mut db, "SELECT * FROM orders ORDER BY sk"),
        "Must have WHERE clause in the statement when using ORDER BY clause."
    );
    assert_eq!(
        refused(
            &mut db,
            "SELECT * FROM orders WHERE pk = 'c1' ORDER BY total"
        ),
        "Attribute total in ORDER BY clause must be part of the primary key"
    );
    assert_eq!(
        refused(&mut db, "SELECT * FROM orders WHERE total = 1 ORDER BY sk"),
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause."
    );
    assert_eq!(
        refused(
            &mut db,
            "SELECT * FROM orders WHERE pk IN ['c1', 'c2'] ORDER BY sk"
        ),
        "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause."
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_index_read_returns_the_projection_and_refuses_what_it_lacks() {
    let mut db = db();
    let open = run(
        &mut db,
        r#"SELECT * FROM "orders"."byStatus" WHERE status = 'OPEN'"#,
    );
    assert_eq!(sks(&open), vec!["o2", "o4", "o6", "o8"]);
    assert!(open["Items"][0].get("note").is_none());
    assert_eq!(open["Items"][0]["total"], n("20"));
    assert_eq!(
        refused(
            &mut db,
            r#"SELECT note FROM "orders"."byStatus" WHERE status = 'OPEN'"#
        ),
        "One or more parameter values were invalid: Global secondary index byStatus does not project [note]"
    );
    assert_eq!(
        refused(
            &mut db,
            r#"SELECT * FROM "orders"."byStatus" WHERE status = 'OPEN' AND note = 'x'"#
        ),
        "One or more parameter values were invalid: Secondary index byStatus does not project one or more filter attributes: [note]"
    );
    assert_eq!(
        refused(
            &mut db,
            r#"SELECT * FROM "orders"."nope" WHERE status = 'OPEN'"#
        ),
        "The table does not have the specified index"
    );
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": r#"SELECT * FROM "orders"."byStatus" WHERE status = 'OPEN'"#, "ConsistentRead": true})
        ),
        "Strongly consistent read is not supported on Global Secondary Indexes"
    );
    let missing = db.err(
        "ExecuteStatement",
        json!({"Statement": "SELECT * FROM nope"}),
    );
    assert_eq!(
        (missing.kind.as_str(), missing.message.as_str()),
        ("ResourceNotFoundException", "Requested resource not found")
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn insert_adds_a_new_item_and_refuses_an_existing_key() {
    let mut db = db();
    let done = run(
        &mut db,
        "INSERT INTO orders VALUE {'pk': 'c3', 'sk': 'o1', 'total': 12.50, 'tags': <<'a', 'b'>>}",
    );
    assert_eq!(done["Items"], json!([]));
    assert_eq!(units(&done), 1.0);
    let item = db.ok(
        "GetItem",
        json!({"TableName": "orders", "Key": {"pk": s("c3"), "sk": s("o1")}}),
    )["Item"]
        .clone();
    assert_eq!(item["total"], n("12.5"));
    assert_eq!(item["tags"], json!({"SS": ["a", "b"]}));
    let again = db.err(
        "ExecuteStatement",
        json!({"Statement": "INSERT INTO orders VALUE {'pk': 'c3', 'sk': 'o1'}"}),
    );
    assert_eq!(
        (again.kind.as_str(), again.message.as_str()),
        (
            "DuplicateItemException",
            "Duplicate primary key exists in table"
        )
    );
    assert_eq!(
        refused(&mut db, "INSERT INTO orders VALUE {'pk': 'c4'}"),
        "One or more parameter values were invalid: Missing the key sk in the item"
    );
    assert_eq!(
        refused(
            &mut db,
            r#"INSERT INTO "orders"."byStatus" VALUE {'pk': 'c4'}"#
        ),
        "FROM clause may only contain a single table name in data manipulation statements at 1:13:8"
    );
    // A parameter carries what literals cannot (a binary): the whole item,
    // or an attribute's value, as DynamoDB's own examples write it
    // (`INSERT INTO Music VALUE {'Artist': ?, 'SongTitle': ?}`); never a
    // value inside a list or a map of the item.
    db.ok(
        "ExecuteStatement",
        json!({"Statement": "INSERT INTO orders VALUE ?",
               "Parameters": [{"M": {"pk": s("c4"), "sk": s("o9"), "blob": {"B": "AAEC"}}}]}),
    );
    db.ok(
        "ExecuteStatement",
        json!({"Statement": "INSERT INTO orders VALUE {'pk': ?, 'sk': 'o10', 'blob': ?}",
               "Parameters": [s("c4"), {"B": "AAEC"}]}),
    );
    let item = db.ok(
        "GetItem",
        json!({"TableName": "orders", "Key": {"pk": s("c4"), "sk": s("o10")}}),
    );
    assert_eq!(item["Item"]["blob"], json!({"B": "AAEC"}));
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": "INSERT INTO orders VALUE {'pk': 'c4', 'sk': 'o11', 'm': {'k': ?}}", "Parameters": [s("x")]})
        ),
        "Unsupported data type: Parameter under key root.k at 1:63:1"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn update_changes_an_existing_item_only_and_returns_what_it_asks_for() {
    let mut db = db();
    let done = run(
        &mut db,
        "UPDATE orders SET total = total + 1 SET tags = <<'x'>> REMOVE note WHERE pk = 'c1' AND sk = 'o1' RETURNING MODIFIED NEW *",
    );
    assert_eq!(
        done["Items"],
        json!([{"total": n("11"), "tags": {"SS": ["x"]}}])
    );
    let added = run(
        &mut db,
        "UPDATE orders SET tags = set_add(tags, <<'y'>>) WHERE pk = 'c1' AND sk = 'o1' RETURNING ALL NEW *",
    );
    assert_eq!(added["Items"][0]["tags"], json!({"SS": ["x", "y"]}));
    assert!(added["Items"][0].get("note").is_none());
    // Not an upsert: a missing item fails the condition and nothing is made.
    let missing = db.err(
        "ExecuteStatement",
        json!({"Statement": "UPDATE orders SET total = 1 WHERE pk = 'c9' AND sk = 'o1'"}),
    );
    assert_eq!(missing.kind, "ConditionalCheckFailedException");
    assert_eq!(
        db.ok("Scan", json!({"TableName": "orders", "Select": "COUNT"}))["Count"],
        10
    );
    // The rest of the WHERE is a condition on the stored item.
    let wrong = db.err(
        "ExecuteStatement",
        json!({"Statement": "UPDATE orders SET total = 1 WHERE pk = 'c1' AND sk = 'o2' AND total > 100",
               "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}),
    );
    assert_eq!(wrong.kind, "ConditionalCheckFailedException");
    assert_eq!(
        refused(&mut db, "UPDATE orders SET total = 1 WHERE pk = 'c1'"),
        "Where clause does not contain a mandatory equality on all key attributes"
    );
    assert_eq!(
        refused(
            &mut db,
            "UPDATE orders SET total = 1 WHERE pk = 'c1' AND sk = 'o1' AND pk = 'c2'"
        ),
        "Multiple conditions on same key pk. Only single item Update/Insert/Delete are supported"
    );
    assert_eq!(
        refused(
            &mut db,
            r#"UPDATE "orders"."byStatus" SET total = 1 WHERE pk = 'c1' AND sk = 'o1'"#
        ),
        "This operation is not supported on an index"
    );
    assert_eq!(
        refused(
            &mut db,
            "UPDATE orders SET total = total + 'x' WHERE pk = 'c1' AND sk = 'o1'"
        ),
        "Incorrect operand type for operator or function; operator or function: +, operand type: S"
    );
    assert_eq!(
        refused(
            &mut db,
            "UPDATE orders SET tags = set_add(other, <<'y'>>) WHERE pk = 'c1' AND sk = 'o1'"
        ),
        "The first argument to SET_ADD must equal the assignment value"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn delete_of_a_missing_item_succeeds_and_a_false_condition_fails() {
    let mut db = db();
    let gone = run(
        &mut db,
        "DELETE FROM orders WHERE pk = 'c1' AND sk = 'o1' RETURNING ALL OLD *",
    );
    assert_eq!(gone["Items"][0]["total"], n("10"));
    let again = run(
        &mut db,
        "DELETE FROM orders WHERE pk = 'c1' AND sk = 'o1' AND total = 10",
    );
    assert_eq!(again["Items"], json!([]));
    assert_eq!(units(&again), 1.0);
    let kept = db.err(
        "ExecuteStatement",
        json!({"Statement": "DELETE FROM orders WHERE pk = 'c1' AND sk = 'o2' AND total = 1"}),
    );
    assert_eq!(kept.kind, "ConditionalCheckFailedException");
    assert_eq!(
        refused(
            &mut db,
            "DELETE FROM orders WHERE pk = 'c1' AND sk = 'o2' RETURNING ALL NEW *"
        ),
        "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements."
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn bad_statements_and_parameters_get_dynamodbs_messages() {
    let mut db = db();
    assert!(
        refused(&mut db, "SELEKT * FROM orders")
            .starts_with("Statement wasn't well formed, can't be processed: ")
    );
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": "SELECT * FROM orders WHERE pk = ? AND sk = ?", "Parameters": [s("c1")]})
        ),
        "Number of parameters in request and statement don't match."
    );
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": "SELECT * FROM orders", "Parameters": []})
        ),
        "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
    assert_eq!(
        db.validation(
            "ExecuteStatement",
            json!({"Statement": "SELECT * FROM orders", "Limit": 0})
        ),
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"
    );
    assert_eq!(
        refused(&mut db, "SELECT * FROM orders WHERE pk = 1"),
        "Key attribute's data type should match its data type in table's schema: Key pk"
    );
    assert_eq!(
        refused(&mut db, "SELECT * FROM orders WHERE total > TRUE"),
        "Incorrect operand type for operator or function; operator or function: >, operand type: BOOL"
    );
    assert_eq!(
        refused(&mut db, "SELECT * FROM orders WHERE pk IN ['c1', 'c1']"),
        "Overlapping conditions with range keys are not supported in where clause"
    );
    assert_eq!(
        refused(
            &mut db,
            "EXISTS(SELECT * FROM orders WHERE pk = 'c1' AND sk = 'o1' AND total = 1)"
        ),
        "EXISTS can only be used in ExecuteTransaction write requests."
    );
    // WHERE errors come before the table is looked up.
    assert_eq!(
        refused(&mut db, "SELECT * FROM nope WHERE n > TRUE"),
        "Incorrect operand type for operator or function; operator or function: >, operand type: BOOL"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_batch_answers_each_statement_on_its_own() {
    let mut db = db();
    let reads = db.ok(
        "BatchExecuteStatement",
        json!({"Statements": [
            {"Statement": "SELECT total FROM orders WHERE pk = 'c1' AND sk = 'o1'"},
            {"Statement": "SELECT * FROM orders WHERE pk = 'c1' AND sk = 'zz'", "ConsistentRead": true},
            {"Statement": "SELECT * FROM orders WHERE pk = 'c1'"},
            {"Statement": "SELECT * FROM nope WHERE pk = 'c1' AND sk = 'o1'"}
        ], "ReturnConsumedCapacity": "TOTAL"}),
    );
    let responses = reads["Responses"].as_array().unwrap();
    assert_eq!(
        responses[0],
        json!({"TableName": "orders", "Item": {"total": n("10")}})
    );
    assert_eq!(responses[1], json!({"TableName": "orders"}));
    assert_eq!(
        responses[2]["Error"],
        json!({"Code": "ValidationError", "Message": "Select statements within BatchExecuteStatement must specify the primary key in the where clause."})
    );
    assert_eq!(responses[3]["Error"]["Code"], "ResourceNotFound");
    // 0.5 for the eventual read, 1 for the strong one.
    assert_eq!(
        reads["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 1.5}])
    );

    let writes = db.ok(
        "BatchExecuteStatement",
        json!({"Statements": [
            {"Statement": "INSERT INTO orders VALUE {'pk': 'c1', 'sk': 'o1'}"},
            {"Statement": "INSERT INTO orders VALUE {'pk': 'c5', 'sk': 'o1'}"},
            {"Statement": "UPDATE orders SET total = 0 WHERE pk = 'c1' AND sk = 'o2' AND total = 999"}
        ], "ReturnConsumedCapacity": "INDEXES"}),
    );
    let responses = writes["Responses"].as_array().unwrap();
    assert_eq!(
        responses[0],
        json!({"TableName": "orders", "Error": {"Code": "DuplicateItem", "Message": "Duplicate primary key exists in table"}})
    );
    assert_eq!(responses[1], json!({"TableName": "orders"}));
    assert_eq!(responses[2]["Error"]["Code"], "ConditionalCheckFailed");
    // The INSERT that went ahead costs 1 on the table; the two that failed
    // on their items are charged 1 each in the total, on no arm.
    assert_eq!(
        writes["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 3.0, "Table": {"CapacityUnits": 1.0}}])
    );

    assert_eq!(
        db.validation(
            "BatchExecuteStatement",
            json!({"Statements": [
                {"Statement": "SELECT * FROM orders WHERE pk = 'c1' AND sk = 'o1'"},
                {"Statement": "DELETE FROM orders WHERE pk = 'c1' AND sk = 'o1'"}
            ]})
        ),
        "Read and write requests together in the same batch is not supported."
    );
    assert_eq!(
        db.validation(
            "BatchExecuteStatement",
            json!({"Statements": [
                {"Statement": "SELECT * FROM orders WHERE pk = 'c1' AND sk = 'o1'"},
                {"Statement": "SELECT total FROM orders WHERE sk = 'o1' AND pk = 'c1'"}
            ]})
        ),
        "Provided list of item keys contains duplicates"
    );
    assert_eq!(
        db.validation("BatchExecuteStatement", json!({"Statements": []})),
        "1 validation error detected: Value '[]' at 'statements' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_transaction_writes_all_or_nothing_at_a_transactions_capacity() {
    let mut db = db();
    let done = db.ok(
        "ExecuteTransaction",
        json!({"TransactStatements": [
            {"Statement": "INSERT INTO orders VALUE {'pk': 'c7', 'sk': 'o1', 'status': 'OPEN'}"},
            {"Statement": "UPDATE orders SET status = 'SHIPPED' WHERE pk = 'c1' AND sk = 'o2'"},
            {"Statement": "EXISTS(SELECT * FROM orders WHERE pk = 'c2' AND sk = 'o1' AND total = 5)"}
        ], "ReturnConsumedCapacity": "INDEXES"}),
    );
    assert_eq!(done["Responses"], json!([{}, {}, {}]));
    // The table arm doubles; the GSI arms are ordinary writes (the INSERT
    // adds an entry, the UPDATE moves one: 1 + 2).
    assert_eq!(done["ConsumedCapacity"][0]["Table"]["CapacityUnits"], 6.0);
    assert_eq!(
        done["ConsumedCapacity"][0]["GlobalSecondaryIndexes"]["byStatus"]["CapacityUnits"],
        3.0
    );

    let cancelled = db.err(
        "ExecuteTransaction",
        json!({"TransactStatements": [
            {"Statement": "INSERT INTO orders VALUE {'pk': 'c8', 'sk': 'o1'}"},
            {"Statement": "INSERT INTO orders VALUE {'pk': 'c7', 'sk': 'o1'}"},
            {"Statement": "UPDATE orders SET total = 1 WHERE pk = 'c9' AND sk = 'o1'"}
        ]}),
    );
    assert_eq!(cancelled.kind, "TransactionCanceledException");
    assert_eq!(
        cancelled.message,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, DuplicateItem, ConditionalCheckFailed]"
    );
    // Nothing of it was written.
    let c8 = db.ok(
        "GetItem",
        json!({"TableName": "orders", "Key": {"pk": s("c8"), "sk": s("o1")}}),
    );
    assert!(c8.get("Item").is_none());

    let reads = db.ok(
        "ExecuteTransaction",
        json!({"TransactStatements": [
            {"Statement": "SELECT total FROM orders WHERE pk = 'c2' AND sk = 'o1'"},
            {"Statement": "SELECT * FROM orders WHERE pk = 'c2' AND sk = 'o9'"}
        ], "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(reads["Responses"], json!([{"Item": {"total": n("5")}}, {}]));
    assert_eq!(
        reads["ConsumedCapacity"],
        json!([{"TableName": "orders", "CapacityUnits": 4.0, "ReadCapacityUnits": 4.0}])
    );

    let message = |db: &mut Db, statements: Json| {
        db.validation(
            "ExecuteTransaction",
            json!({"TransactStatements": statements}),
        )
    };
    assert_eq!(
        message(
            &mut db,
            json!([
                {"Statement": "SELECT * FROM orders WHERE pk = 'c2' AND sk = 'o1'"},
                {"Statement": "DELETE FROM orders WHERE pk = 'c2' AND sk = 'o1'"}
            ])
        ),
        "ExecuteTransaction API does not support both read and write operations in the same request."
    );
    assert_eq!(
        message(
            &mut db,
            json!([{"Statement": "DELETE FROM orders WHERE pk = 'c2' AND sk = 'o1' RETURNING ALL OLD *"}])
        ),
        "Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction."
    );
    assert_eq!(
        message(
            &mut db,
            json!([{"Statement": r#"SELECT * FROM "orders"."byStatus" WHERE status = 'OPEN'"#}])
        ),
        "Validation failed in TransactStatements[0]: Reads on indices are not supported within transactions."
    );
    assert_eq!(
        message(
            &mut db,
            json!([{"Statement": "EXISTS(SELECT * FROM orders WHERE pk = 'c2' AND sk = 'o1')"}])
        ),
        "Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition"
    );
    assert_eq!(
        message(
            &mut db,
            json!([
                {"Statement": "DELETE FROM orders WHERE pk = 'c2' AND sk = 'o1'"},
                {"Statement": "UPDATE orders SET total = 1 WHERE pk = 'c2' AND sk = 'o1'"}
            ])
        ),
        "Transaction request cannot include multiple operations on one item"
    );
    let missing = db.err(
        "ExecuteTransaction",
        json!({"TransactStatements": [{"Statement": "DELETE FROM nope WHERE pk = 'c2' AND sk = 'o1'"}]}),
    );
    assert_eq!(
        missing.message,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [ResourceNotFound]"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_transaction_token_makes_it_idempotent() {
    let mut db = db();
    let body = json!({"TransactStatements": [
        {"Statement": "UPDATE orders SET total = total + 1 WHERE pk = 'c2' AND sk = 'o1'"}
    ], "ClientRequestToken": "token-1"});
    db.ok("ExecuteTransaction", body.clone());
    db.ok("ExecuteTransaction", body);
    let item = db.ok(
        "GetItem",
        json!({"TableName": "orders", "Key": {"pk": s("c2"), "sk": s("o1")}}),
    );
    assert_eq!(item["Item"]["total"], n("6"));
    let other = db.err(
        "ExecuteTransaction",
        json!({"TransactStatements": [
            {"Statement": "UPDATE orders SET total = total + 2 WHERE pk = 'c2' AND sk = 'o1'"}
        ], "ClientRequestToken": "token-1"}),
    );
    assert_eq!(other.kind, "IdempotentParameterMismatchException");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_statement_says_what_it_becomes_without_running() {
    use engine::ops::Served;
    use engine::types::Value;
    let db = db();
    let served = |statement: &str, parameters: &[Value]| {
        db.engine().explain_statement(statement, parameters)
    };
    match served(
        "SELECT * FROM orders WHERE pk IN [?, 'c2'] AND total > 1",
        &[Value::s("c1")],
    ) {
        Ok(Served::Query { index: None, reads }) => {
            assert_eq!(reads.len(), 2);
            assert_eq!(reads[0].partition, Value::s("c1"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        served(r#"SELECT * FROM "orders"."byStatus" WHERE total = 1"#, &[]),
        Ok(Served::Scan {
            index: Some("byStatus".into())
        })
    );
    assert_eq!(
        served("UPDATE orders SET n = 1 WHERE pk = 'c1' AND sk = 'o1'", &[]),
        Ok(Served::Update)
    );
    assert!(served("SELECT * FROM orders WHERE pk = ?", &[]).is_err());
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_keyed_select_read_as_a_scan_returns_the_same_items_at_the_scans_cost() {
    use engine::ops::{ExecuteStatementRequest, Served};
    let mut db = db();
    let statement = r#"SELECT * FROM "orders"."byStatus" WHERE status = 'OPEN' AND total > 30"#;
    let request = |scan_table_instead| ExecuteStatementRequest {
        statement: statement.into(),
        scan_table_instead,
        ..ExecuteStatementRequest::default()
    };
    let keyed = db.engine_mut().execute_statement(request(false)).unwrap();
    let scanned = db.engine_mut().execute_statement(request(true)).unwrap();
    assert!(matches!(keyed.served, Served::Query { .. }));
    assert_eq!(scanned.served, Served::Scan { index: None });
    let sort_keys = |items: &[engine::types::Item]| {
        let mut keys: Vec<String> = items.iter().map(|i| format!("{:?}", i.get("sk"))).collect();
        keys.sort();
        keys
    };
    assert_eq!(sort_keys(&keyed.items), sort_keys(&scanned.items));
    assert_eq!(keyed.items.len(), 3);
    assert_eq!((keyed.scanned_count, scanned.scanned_count), (4, 10));
    let scan = db.ok(
        "Scan",
        json!({"TableName": "orders", "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(
        scanned.consumed.total(),
        scan["ConsumedCapacity"]["CapacityUnits"].as_f64().unwrap()
    );
    assert!(scanned.bytes_read > keyed.bytes_read);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn parameters_stand_for_values_in_an_insert_an_update_and_a_delete() {
    let mut db = db();
    let call = |db: &mut Db, statement: &str, parameters: Json| {
        db.call(
            "ExecuteStatement",
            json!({"Statement": statement, "Parameters": parameters}),
        )
        .map_err(|e| e.message)
    };
    call(
        &mut db,
        r#"INSERT INTO "orders" VALUE {'pk': ?, 'sk': ?, 'total': ?, 'tags': ?}"#,
        json!([s("c9"), s("o1"), n("12"), {"SS": ["a", "b"]}]),
    )
    .unwrap();
    call(
        &mut db,
        r#"UPDATE "orders" SET total = ? WHERE pk = ? AND sk = ?"#,
        json!([n("13"), s("c9"), s("o1")]),
    )
    .unwrap();
    let item = db.ok(
        "GetItem",
        json!({"TableName": "orders", "Key": {"pk": s("c9"), "sk": s("o1")}}),
    );
    assert_eq!(item["Item"]["total"], n("13"));
    assert_eq!(item["Item"]["tags"], json!({"SS": ["a", "b"]}));
    call(
        &mut db,
        r#"DELETE FROM "orders" WHERE pk = ? AND sk = ?"#,
        json!([s("c9"), s("o1")]),
    )
    .unwrap();
    let gone = db.ok(
        "GetItem",
        json!({"TableName": "orders", "Key": {"pk": s("c9"), "sk": s("o1")}}),
    );
    assert_eq!(gone.get("Item"), None);
}
