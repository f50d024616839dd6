//! PutItem, GetItem, DeleteItem and UpdateItem through the JSON API.

use ddbplay_tests::{Db, n, s};
use serde_json::{Value as Json, json};

fn db() -> Db {
    let mut db = Db::new();
    db.simple_table("items", true);
    db.put("items", json!({"pk": s("a"), "sk": s("1"), "count": n("5"), "tags": {"SS": ["x", "y"]}, "flags": {"SS": ["x"]},
        "doc": {"M": {"nums": {"L": [n("1"), n("2"), n("3")]}, "name": s("doc")}}}));
    db
}

fn get(db: &mut Db, projection: Option<&str>) -> serde_json::Value {
    let mut body = json!({"TableName": "items", "Key": {"pk": s("a"), "sk": s("1")}});
    if let Some(p) = projection {
        body["ProjectionExpression"] = json!(p);
        body["ExpressionAttributeNames"] = json!({"#c": "count"});
    }
    db.ok("GetItem", body)
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn get_item_projects_nested_paths_and_list_elements() {
    let mut db = db();
    let r = get(&mut db, Some("#c, doc.nums[2], doc.nums[0], absent"));
    assert_eq!(
        r["Item"],
        json!({"count": n("5"), "doc": {"M": {"nums": {"L": [n("1"), n("3")]}}}})
    );
    let none = db.ok(
        "GetItem",
        json!({"TableName": "items", "Key": {"pk": s("a"), "sk": s("nope")}}),
    );
    assert_eq!(none, json!({}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn put_item_returns_the_old_item_and_honours_conditions() {
    let mut db = db();
    let r = db.ok("PutItem", json!({"TableName": "items", "Item": {"pk": s("a"), "sk": s("1"), "v": n("1")}, "ReturnValues": "ALL_OLD"}));
    assert_eq!(r["Attributes"]["count"], n("5"));
    let failed = db.err("PutItem", json!({"TableName": "items", "Item": {"pk": s("a"), "sk": s("1")},
        "ConditionExpression": "attribute_not_exists(pk)", "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}));
    assert_eq!(failed.kind, "ConditionalCheckFailedException");
    assert_eq!(
        get(&mut db, None)["Item"],
        json!({"pk": s("a"), "sk": s("1"), "v": n("1")})
    );
    let fresh = db.ok(
        "PutItem",
        json!({"TableName": "items", "Item": {"pk": s("b"), "sk": s("1")},
        "ConditionExpression": "attribute_not_exists(pk)", "ReturnValues": "ALL_OLD"}),
    );
    assert_eq!(fresh, json!({}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn failed_condition_carries_the_old_item_when_asked() {
    let mut db = db();
    let body = json!({"TableName": "items", "Key": {"pk": s("a"), "sk": s("1")},
        "ConditionExpression": "#c > :ten", "ExpressionAttributeNames": {"#c": "count"},
        "ExpressionAttributeValues": {":ten": n("10")}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"});
    let (status, answer) = db.raw("DeleteItem", body);
    assert_eq!(status, 400);
    assert_eq!(
        answer["__type"],
        json!("com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException")
    );
    assert_eq!(answer["message"], json!("The conditional request failed"));
    assert_eq!(answer["Item"]["count"], n("5"));
    assert_eq!(answer.get("ConsumedCapacity"), None);
    assert_eq!(get(&mut db, None)["Item"]["count"], n("5"));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn delete_item_removes_and_returns_the_item() {
    let mut db = db();
    let r = db.ok("DeleteItem", json!({"TableName": "items", "Key": {"pk": s("a"), "sk": s("1")}, "ReturnValues": "ALL_OLD"}));
    assert_eq!(r["Attributes"]["pk"], s("a"));
    assert_eq!(get(&mut db, None), json!({}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn update_item_sets_removes_adds_and_deletes() {
    let mut db = db();
    let r = db.ok("UpdateItem", json!({"TableName": "items", "Key": {"pk": s("a"), "sk": s("1")},
        "UpdateExpression": "SET #c = #c + :one, doc.#n = :renamed, doc.nums[1] = :two, fresh = if_not_exists(fresh, :zero) REMOVE doc.nums[0] ADD tags :z DELETE flags :x",
        "ExpressionAttributeNames": {"#c": "count", "#n": "name"},
        "ExpressionAttributeValues": {":one": n("1"), ":renamed": s("renamed"), ":two": n("20"), ":zero": n("0"),
            ":z": {"SS": ["z"]}, ":x": {"SS": ["x"]}},
        "ReturnValues": "ALL_NEW"}));
    let item = &r["Attributes"];
    assert_eq!(item["count"], n("6"));
    assert_eq!(
        item["doc"],
        json!({"M": {"nums": {"L": [n("20"), n("3")]}, "name": s("renamed")}})
    );
    assert_eq!(item["fresh"], n("0"));
    let mut tags: Vec<&str> = item["tags"]["SS"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    tags.sort();
    assert_eq!(tags, ["x", "y", "z"]);
    // DELETE emptied the set, which removes the attribute.
    assert_eq!(item.get("flags"), None);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn update_item_swaps_with_pre_update_values_and_reports_updated_old() {
    let mut db = Db::new();
    db.simple_table("swap", false);
    db.put("swap", json!({"pk": s("k"), "a": s("A"), "b": s("B")}));
    let r = db.ok(
        "UpdateItem",
        json!({"TableName": "swap", "Key": {"pk": s("k")},
        "UpdateExpression": "SET a = b, b = a", "ReturnValues": "UPDATED_OLD"}),
    );
    assert_eq!(r["Attributes"], json!({"a": s("A"), "b": s("B")}));
    let now = db.ok(
        "GetItem",
        json!({"TableName": "swap", "Key": {"pk": s("k")}}),
    );
    assert_eq!(now["Item"], json!({"pk": s("k"), "a": s("B"), "b": s("A")}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn update_item_creates_a_missing_item_and_reports_runtime_errors() {
    let mut db = Db::new();
    db.simple_table("upsert", false);
    let r = db.ok("UpdateItem", json!({"TableName": "upsert", "Key": {"pk": s("new")},
        "UpdateExpression": "SET v = :v", "ExpressionAttributeValues": {":v": n("1")}, "ReturnValues": "ALL_NEW"}));
    assert_eq!(r["Attributes"], json!({"pk": s("new"), "v": n("1")}));
    assert_eq!(
        db.validation(
            "UpdateItem",
            json!({"TableName": "upsert", "Key": {"pk": s("new")},
            "UpdateExpression": "SET v = absent + :v", "ExpressionAttributeValues": {":v": n("1")}})
        ),
        "The provided expression refers to an attribute that does not exist in the item"
    );
    assert_eq!(
        db.validation("UpdateItem", json!({"TableName": "upsert", "Key": {"pk": s("new")},
            "UpdateExpression": "SET nope.deeper = :v", "ExpressionAttributeValues": {":v": n("1")}})),
        "The document path provided in the update expression is invalid for update"
    );
    assert_eq!(
        db.validation("UpdateItem", json!({"TableName": "upsert", "Key": {"pk": s("new")},
            "UpdateExpression": "SET v = :big - :one", "ExpressionAttributeValues": {":big": n("1E50"), ":one": n("1")}})),
        "Number overflow. Attempting to store a number with magnitude larger than supported range"
    );
    // None of the failures changed the item.
    let now = db.ok(
        "GetItem",
        json!({"TableName": "upsert", "Key": {"pk": s("new")}}),
    );
    assert_eq!(now["Item"], json!({"pk": s("new"), "v": n("1")}));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn sets_past_the_end_of_a_list_append_in_the_order_of_their_indexes() {
    let mut db = Db::new();
    db.simple_table("tbl", false);
    db.put("tbl", json!({"pk": s("a"), "l": {"L": [n("0")]}}));
    let updated = db.ok(
        "UpdateItem",
        json!({"TableName": "tbl", "Key": {"pk": s("a")},
               "UpdateExpression": "SET l[9] = :b, l[5] = :a, l[0] = :z",
               "ExpressionAttributeValues": {":a": s("a"), ":b": s("b"), ":z": s("z")},
               "ReturnValues": "ALL_NEW"}),
    );
    assert_eq!(
        updated["Attributes"]["l"],
        json!({"L": [s("z"), s("a"), s("b")]})
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_write_journal_notes_every_key_written_however_it_is_written() {
    let mut db = Db::new();
    db.simple_table("journal", true);
    db.put("journal", json!({"pk": s("before"), "sk": s("x")}));
    db.engine_mut().keep_write_journal("journal");
    db.put("journal", json!({"pk": s("a"), "sk": s("1"), "v": n("1")}));
    db.ok(
        "BatchWriteItem",
        json!({"RequestItems": {"journal": [
            {"PutRequest": {"Item": {"pk": s("b"), "sk": s("2")}}},
            {"DeleteRequest": {"Key": {"pk": s("before"), "sk": s("x")}}}]}}),
    );
    db.ok(
        "ExecuteStatement",
        json!({"Statement": "UPDATE journal SET v = 2 WHERE pk = 'a' AND sk = '1'"}),
    );
    // A failed condition writes nothing and notes nothing.
    let _ = db.call(
        "PutItem",
        json!({"TableName": "journal", "Item": {"pk": s("a"), "sk": s("1")}, "ConditionExpression": "attribute_not_exists(pk)"}),
    );
    let keys: Vec<Json> = db
        .engine_mut()
        .take_write_journal("journal")
        .iter()
        .map(engine::api::attribute_value::encode_item)
        .collect();
    assert_eq!(
        keys,
        [
            json!({"pk": s("a"), "sk": s("1")}),
            json!({"pk": s("b"), "sk": s("2")}),
            json!({"pk": s("before"), "sk": s("x")}),
            json!({"pk": s("a"), "sk": s("1")}),
        ]
    );
    db.put("journal", json!({"pk": s("after"), "sk": s("y")}));
    assert!(db.engine_mut().take_write_journal("journal").is_empty());
}
