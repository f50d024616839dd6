//! A PartiQL SELECT that fixes the partition key is the Query DynamoDB
//! would run for it: for any items, sort-key condition, filter and Limit,
//! its pages (followed by NextToken) return exactly what the Query's pages
//! (followed by LastEvaluatedKey) return, at the same capacity.

#![cfg(not(target_arch = "wasm32"))]

use ddbplay_tests::{Db, n, s};
use proptest::prelude::*;
use serde_json::{Value as Json, json};

fn load(items: &[(u8, u16, u8)]) -> Db {
    let mut db = Db::new();
    db.ok("CreateTable", json!({
        "TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}
        ],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]
    }));
    for (partition, sort, flag) in items {
        // Some items carry a long text, so that sizes (and units) differ.
        let mut item = json!({"pk": s(&format!("p{partition}")), "sk": n(&sort.to_string()), "flag": n(&flag.to_string())});
        if flag % 2 == 0 {
            item["text"] = s(&"x".repeat(usize::from(*sort) * 97));
        }
        db.put("tbl", item);
    }
    db
}

/// Every page of a request: the items and the summed capacity units.
fn pages(
    db: &mut Db,
    operation: &str,
    request: &Json,
    next: &str,
    resume: &str,
) -> (Vec<Json>, f64) {
    let mut items = Vec::new();
    let mut units = 0.0;
    let mut request = request.clone();
    for _ in 0..1000 {
        let page = db.ok(operation, request.clone());
        items.extend(page["Items"].as_array().unwrap().iter().cloned());
        units += page["ConsumedCapacity"]["CapacityUnits"].as_f64().unwrap();
        match page.get(next) {
            Some(token) => request[resume] = token.clone(),
            None => return (items, units),
        }
    }
    panic!("paging never ended");
}

/// A sort-key condition, as PartiQL and as a KeyConditionExpression.
fn sort_condition(kind: u8, a: u16, b: u16) -> Option<(String, String)> {
    let (lo, hi) = (a.min(b), a.max(b));
    Some(match kind {
        0 => return None,
        1 => (format!("sk = {a}"), "sk = :a".into()),
        2 => (format!("sk < {a}"), "sk < :a".into()),
        3 => (format!("sk >= {a}"), "sk >= :a".into()),
        _ => (
            format!("sk BETWEEN {lo} AND {hi}"),
            "sk BETWEEN :lo AND :hi".into(),
        ),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_select_fixing_the_partition_key_returns_and_costs_what_the_query_does(
        items in proptest::collection::vec((0u8..3, 0u16..60, 0u8..3), 0..40),
        kind in 0u8..5,
        a in 0u16..60,
        b in 0u16..60,
        filtered in any::<bool>(),
        limit in proptest::option::of(1u64..6),
        consistent in any::<bool>(),
    ) {
        let mut db = load(&items);
        let sort = sort_condition(kind, a, b);
        let mut statement = "SELECT * FROM tbl WHERE pk = 'p1'".to_string();
        let mut key_condition = "pk = :p".to_string();
        let mut values = json!({":p": s("p1")});
        if let Some((partiql, expression)) = &sort {
            statement.push_str(&format!(" AND {partiql}"));
            key_condition.push_str(&format!(" AND {expression}"));
            values[":a"] = n(&a.to_string());
            values[":lo"] = n(&a.min(b).to_string());
            values[":hi"] = n(&a.max(b).to_string());
            if kind != 4 {
                values.as_object_mut().unwrap().retain(|k, _| k != ":lo" && k != ":hi");
            } else {
                values.as_object_mut().unwrap().remove(":a");
            }
        }
        let mut query = json!({"TableName": "tbl", "KeyConditionExpression": key_condition,
            "ExpressionAttributeValues": values, "ConsistentRead": consistent,
            "ReturnConsumedCapacity": "TOTAL"});
        if filtered {
            statement.push_str(" AND flag = 1");
            query["FilterExpression"] = json!("flag = :one");
            query["ExpressionAttributeValues"][":one"] = n("1");
        }
        let mut select = json!({"Statement": statement, "ConsistentRead": consistent,
            "ReturnConsumedCapacity": "TOTAL"});
        if let Some(limit) = limit {
            query["Limit"] = json!(limit);
            select["Limit"] = json!(limit);
        }
        let (from_query, query_units) = pages(&mut db, "Query", &query, "LastEvaluatedKey", "ExclusiveStartKey");
        let (from_select, select_units) = pages(&mut db, "ExecuteStatement", &select, "NextToken", "NextToken");
        prop_assert_eq!(&from_select, &from_query, "{}", statement);
        prop_assert_eq!(select_units, query_units, "{}", statement);
    }
}

/// Pieces statements are made of, right and wrong.
const PIECES: &[&str] = &[
    "SELECT",
    "INSERT",
    "INTO",
    "UPDATE",
    "DELETE",
    "FROM",
    "WHERE",
    "SET",
    "REMOVE",
    "VALUE",
    "RETURNING",
    "ALL",
    "MODIFIED",
    "OLD",
    "NEW",
    "ORDER",
    "BY",
    "DESC",
    "AND",
    "OR",
    "NOT",
    "IN",
    "BETWEEN",
    "IS",
    "MISSING",
    "NULL",
    "TRUE",
    "EXISTS",
    "*",
    "tbl",
    "\"tbl\"",
    ".",
    "\"gsi\"",
    "pk",
    "sk",
    "v",
    "v[0]",
    "m.a",
    "=",
    "<>",
    "<",
    ">=",
    "+",
    "-",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<<",
    ">>",
    ",",
    ":",
    ";",
    "?",
    "'a'",
    "'b'",
    "''",
    "1",
    "-2.5",
    "1e3",
    "begins_with",
    "contains",
    "size",
    "attribute_type",
    "set_add",
    "list_append",
    "'S'",
    "--",
    "/*",
    "*/",
];

/// Beginnings that get random pieces past the first word.
const PREFIXES: &[&str] = &[
    "",
    "SELECT * FROM tbl WHERE",
    "SELECT v, m.a FROM \"tbl\".\"gsi\" WHERE g = 'x' AND",
    "UPDATE tbl SET v[1] =",
    "DELETE FROM tbl WHERE pk = 'a' AND",
    "INSERT INTO tbl VALUE",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_statement_is_answered_or_refused_and_the_table_stays_whole(
        prefix in 0..PREFIXES.len(),
        pieces in proptest::collection::vec(0..PIECES.len(), 0..24),
        parameters in proptest::collection::vec(0u8..3, 0..3),
        limit in proptest::option::of(1i64..4),
    ) {
        let mut db = Db::new();
        db.ok("CreateTable", json!({
            "TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [
                {"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                {"AttributeName": "g", "AttributeType": "S"}
            ],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [{"IndexName": "gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}]
        }));
        db.put("tbl", json!({"pk": s("a"), "sk": n("1"), "g": s("x"), "v": {"L": [n("2")]}}));
        let statement: Vec<&str> = std::iter::once(PREFIXES[prefix])
            .chain(pieces.iter().map(|&i| PIECES[i]))
            .collect();
        let parameters: Vec<Json> = parameters
            .iter()
            .map(|p| match p {
                0 => s("a"),
                1 => n("1"),
                _ => json!({"NULL": true}),
            })
            .collect();
        let mut body = json!({"Statement": statement.join(" ")});
        if !parameters.is_empty() {
            body["Parameters"] = json!(parameters);
        }
        if let Some(limit) = limit {
            body["Limit"] = json!(limit);
        }
        let (status, _) = db.raw("ExecuteStatement", body.clone());
        prop_assert!(status == 200 || status == 400);
        let batch = json!({"Statements": [body.clone(), body.clone()]});
        let (status, _) = db.raw("BatchExecuteStatement", batch);
        prop_assert!(status == 200 || status == 400);
        let (status, _) = db.raw("ExecuteTransaction", json!({"TransactStatements": [body]}));
        prop_assert!(status == 200 || status == 400);
        let (status, _) = db.raw("Scan", json!({"TableName": "tbl"}));
        prop_assert_eq!(status, 200);
    }
}
