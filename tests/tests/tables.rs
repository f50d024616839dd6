//! CreateTable, DescribeTable, ListTables, UpdateTable and DeleteTable.

use ddbplay_tests::{Db, s, strings};
use serde_json::json;

fn commerce(db: &mut Db) {
    let key = |name: &str, kind: &str| json!({"AttributeName": name, "KeyType": kind});
    let attribute = |name: &str, t: &str| json!({"AttributeName": name, "AttributeType": t});
    db.ok("CreateTable", json!({"TableName": "commerce-main", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"), attribute("GSI1SK", "S"), attribute("price", "N")],
        "KeySchema": [key("PK", "HASH"), key("SK", "RANGE")],
        "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "KeySchema": [key("GSI1PK", "HASH"), key("GSI1SK", "RANGE")],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["status", "total"]}}],
        "LocalSecondaryIndexes": [{"IndexName": "by-price", "KeySchema": [key("PK", "HASH"), key("price", "RANGE")],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}]}));
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn describe_table_has_dynamodbs_shape() {
    let mut db = Db::new();
    commerce(&mut db);
    db.put(
        "commerce-main",
        json!({"PK": s("CUST#1"), "SK": s("PROFILE"), "GSI1PK": s("x"), "GSI1SK": s("y")}),
    );
    insta::assert_json_snapshot!(db.ok("DescribeTable", json!({"TableName": "commerce-main"})));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn list_tables_pages_in_name_order() {
    let mut db = Db::new();
    for name in ["ccc", "aaa", "bbb"] {
        db.simple_table(name, false);
    }
    let first = db.ok("ListTables", json!({"Limit": 2}));
    assert_eq!(
        first,
        json!({"TableNames": ["aaa", "bbb"], "LastEvaluatedTableName": "bbb"})
    );
    let rest = db.ok("ListTables", json!({"ExclusiveStartTableName": "bbb"}));
    assert_eq!(rest, json!({"TableNames": ["ccc"]}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_new_gsi_is_filled_from_existing_items_and_is_sparse() {
    let mut db = Db::new();
    db.simple_table("orders", true);
    db.put(
        "orders",
        json!({"pk": s("c1"), "sk": s("o1"), "open": s("yes")}),
    );
    db.put("orders", json!({"pk": s("c1"), "sk": s("o2")}));
    db.put(
        "orders",
        json!({"pk": s("c2"), "sk": s("o3"), "open": s("yes")}),
    );
    db.ok("UpdateTable", json!({"TableName": "orders",
        "AttributeDefinitions": [{"AttributeName": "open", "AttributeType": "S"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "open-orders",
            "KeySchema": [{"AttributeName": "open", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}}]}));
    let open = db.ok(
        "Scan",
        json!({"TableName": "orders", "IndexName": "open-orders"}),
    );
    let mut keys = strings(&open, "sk");
    keys.sort();
    assert_eq!(keys, ["o1", "o3"]);
    let described = db.ok("DescribeTable", json!({"TableName": "orders"}));
    assert_eq!(
        described["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"],
        json!(2)
    );
    // New writes keep it in step.
    db.put(
        "orders",
        json!({"pk": s("c3"), "sk": s("o4"), "open": s("yes")}),
    );
    assert_eq!(
        db.ok(
            "Scan",
            json!({"TableName": "orders", "IndexName": "open-orders"})
        )["Count"],
        json!(3)
    );
    db.ok("UpdateTable", json!({"TableName": "orders", "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "open-orders"}}]}));
    assert_eq!(
        db.validation(
            "Scan",
            json!({"TableName": "orders", "IndexName": "open-orders"})
        ),
        "The table does not have the specified index: open-orders"
    );
    assert_eq!(
        db.ok("DescribeTable", json!({"TableName": "orders"}))["Table"]["AttributeDefinitions"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn delete_table_forgets_everything() {
    let mut db = Db::new();
    commerce(&mut db);
    let deleted = db.ok("DeleteTable", json!({"TableName": "commerce-main"}));
    assert_eq!(
        deleted["TableDescription"]["TableStatus"],
        json!("DELETING")
    );
    // The summary DynamoDB answers with, not the whole description: no key
    // schema, definitions, indexes or stream (captured DeleteTable outputs).
    let fields: Vec<&str> = deleted["TableDescription"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        fields,
        [
            "BillingModeSummary",
            "DeletionProtectionEnabled",
            "ItemCount",
            "ProvisionedThroughput",
            "TableArn",
            "TableId",
            "TableName",
            "TableSizeBytes",
            "TableStatus"
        ]
    );
    assert_eq!(db.ok("ListTables", json!({})), json!({"TableNames": []}));
    assert_eq!(
        db.err("DeleteTable", json!({"TableName": "commerce-main"}))
            .kind,
        "ResourceNotFoundException"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn table_definitions_are_validated() {
    let mut db = Db::new();
    let base = |extra: serde_json::Value| {
        let mut body = json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (
            json!({"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "X"}]}),
            "1 validation error detected: Value 'X' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]",
        ),
        (
            json!({"KeySchema": [{"AttributeName": "pk", "KeyType": "RANGE"}]}),
            "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
        ),
        (
            json!({"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "x", "AttributeType": "S"}]}),
            "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
        ),
        (
            json!({"KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}),
            "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [id], AttributeDefinitions: [pk]",
        ),
        (
            json!({"BillingMode": null}),
            "No provisioned throughput specified for the table",
        ),
    ];
    for (extra, expected) in cases {
        assert_eq!(
            db.validation("CreateTable", base(extra.clone())),
            expected,
            "{extra}"
        );
    }
    db.ok("CreateTable", base(json!({"BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}})));
}

/// Key attribute names and projected attribute names are 1 to 255 bytes,
/// and an index projects at most 20 attributes by name, as the service
/// model declares: a longer name is refused for its length (Alternator's
/// tests, run against DynamoDB), with every breach listed together.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn attribute_names_in_definitions_and_projections_are_bounded() {
    let mut db = Db::new();
    let long = "k".repeat(256);
    let table = |key: &str, projected: serde_json::Value| {
        json!({"TableName": "named", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": key, "AttributeType": "S"},
                {"AttributeName": "g", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": key, "KeyType": "HASH"}],
            "GlobalSecondaryIndexes": [{"IndexName": "byG",
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": projected}}]})
    };
    assert_eq!(
        db.validation("CreateTable", table(&long, json!(["x"]))),
        format!(
            "2 validation errors detected: Value '{long}' at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255; Value '{long}' at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255"
        )
    );
    assert_eq!(
        db.validation("CreateTable", table("pk", json!([long]))),
        format!(
            "1 validation error detected: Value '[{long}]' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: Member must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 1]"
        )
    );
    let many: Vec<String> = (0..21).map(|i| format!("a{i}")).collect();
    assert_eq!(
        db.validation("CreateTable", table("pk", json!(many))),
        format!(
            "1 validation error detected: Value '[{}]' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: Member must have length less than or equal to 20",
            many.join(", ")
        )
    );
    db.ok(
        "CreateTable",
        table(&"k".repeat(255), json!(["k".repeat(255)])),
    );
}
