//! The worked commerce example: one table, an overloaded GSI1 and a sparse
//! GSI2, queried for each access pattern, with the numbers DynamoDB reports.

use ddbplay_tests::{Db, n, s, strings};
use serde_json::{Value as Json, json};

const TABLE: &str = "commerce-main";

fn create(db: &mut Db) {
    let attribute = |name: &str| json!({"AttributeName": name, "AttributeType": "S"});
    let keys = |pk: &str, sk: &str| json!([{"AttributeName": pk, "KeyType": "HASH"}, {"AttributeName": sk, "KeyType": "RANGE"}]);
    db.ok("CreateTable", json!({
        "TableName": TABLE,
        "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [attribute("PK"), attribute("SK"), attribute("GSI1PK"), attribute("GSI1SK"), attribute("GSI2PK"), attribute("GSI2SK")],
        "KeySchema": keys("PK", "SK"),
        "GlobalSecondaryIndexes": [
            {"IndexName": "GSI1", "KeySchema": keys("GSI1PK", "GSI1SK"), "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "GSI2", "KeySchema": keys("GSI2PK", "GSI2SK"), "Projection": {"ProjectionType": "KEYS_ONLY"}}
        ]
    }));
}

fn put(db: &mut Db, item: Json) -> Json {
    db.ok(
        "PutItem",
        json!({"TableName": TABLE, "Item": item, "ReturnConsumedCapacity": "INDEXES"}),
    )
}

fn order(customer: &str, id: &str, date: &str, status: &str, total: &str) -> Json {
    let mut item = json!({
        "PK": s(&format!("CUST#{customer}")), "SK": s(&format!("ORDER#{date}#{id}")),
        "GSI1PK": s(&format!("STATUS#{status}")), "GSI1SK": s(&format!("{date}#{id}")),
        "orderId": s(id), "orderDate": s(date), "status": s(status), "total": n(total), "type": s("Order"),
    });
    if status == "PENDING" {
        item["GSI2PK"] = s("OPEN");
        item["GSI2SK"] = s(&format!("{date}#{id}"));
    }
    item
}

fn load(db: &mut Db) {
    create(db);
    put(
        db,
        json!({"PK": s("CUST#c1"), "SK": s("PROFILE"), "name": s("Ada"), "email": s("ada@example.com"), "type": s("Customer")}),
    );
    let first = put(db, order("c1", "o1", "2024-07-15", "PENDING", "42.50"));
    // A new order enters the table, GSI1 and the sparse GSI2: one unit each.
    assert_eq!(
        first["ConsumedCapacity"],
        json!({
            "TableName": TABLE, "CapacityUnits": 3.0, "Table": {"CapacityUnits": 1.0},
            "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 1.0}, "GSI2": {"CapacityUnits": 1.0}}
        })
    );
    put(db, order("c1", "o2", "2024-06-02", "PENDING", "10"));
    let shipped = put(db, order("c1", "o3", "2024-07-20", "SHIPPED", "7.25"));
    // Not open: it never enters GSI2, which is then absent from the report.
    assert_eq!(
        shipped["ConsumedCapacity"]["GlobalSecondaryIndexes"],
        json!({"GSI1": {"CapacityUnits": 1.0}})
    );
    put(
        db,
        json!({"PK": s("ORDER#o1"), "SK": s("META"), "orderId": s("o1"), "status": s("PENDING"), "type": s("Order")}),
    );
    put(
        db,
        json!({"PK": s("ORDER#o1"), "SK": s("ITEM#p2"), "productId": s("p2"), "qty": n("1"), "type": s("OrderItem")}),
    );
    put(
        db,
        json!({"PK": s("ORDER#o1"), "SK": s("ITEM#p1"), "productId": s("p1"), "qty": n("2"), "type": s("OrderItem")}),
    );
    for (id, category, price) in [
        ("p1", "books", "0012.50"),
        ("p2", "books", "0004.99"),
        ("p3", "games", "0059.00"),
    ] {
        put(
            db,
            json!({
                "PK": s(&format!("PRODUCT#{id}")), "SK": s("PRODUCT"), "type": s("Product"),
                "GSI1PK": s(&format!("CATEGORY#{category}")), "GSI1SK": s(&format!("PRICE#{price}")), "price": n(price)
            }),
        );
    }
}

fn query(db: &mut Db, request: Json) -> Json {
    let mut request = request;
    request["TableName"] = json!(TABLE);
    request["ReturnConsumedCapacity"] = json!("TOTAL");
    db.ok("Query", request)
}

fn assert_counts(response: &Json, count: u64, scanned: u64, units: f64) {
    assert_eq!(response["Count"], json!(count), "{response}");
    assert_eq!(response["ScannedCount"], json!(scanned), "{response}");
    assert_eq!(
        response["ConsumedCapacity"]["CapacityUnits"],
        json!(units),
        "{response}"
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn customer_orders_newest_first() {
    let mut db = Db::new();
    load(&mut db);
    let r = query(
        &mut db,
        json!({
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :order)",
            "ExpressionAttributeValues": {":pk": s("CUST#c1"), ":order": s("ORDER#")},
            "ScanIndexForward": false
        }),
    );
    assert_eq!(strings(&r, "orderId"), ["o3", "o1", "o2"]);
    assert_counts(&r, 3, 3, 0.5);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn order_with_its_items_in_one_query_sorts_items_before_meta() {
    let mut db = Db::new();
    load(&mut db);
    let r = query(
        &mut db,
        json!({
            "KeyConditionExpression": "PK = :pk",
            "ExpressionAttributeValues": {":pk": s("ORDER#o1")}
        }),
    );
    // DynamoDB compares strings by UTF-8 bytes: "I" (0x49) sorts before "M" (0x4D).
    assert_eq!(strings(&r, "SK"), ["ITEM#p1", "ITEM#p2", "META"]);
    assert_counts(&r, 3, 3, 0.5);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn pending_orders_and_pending_orders_in_july() {
    let mut db = Db::new();
    load(&mut db);
    let all = query(
        &mut db,
        json!({
            "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
            "ExpressionAttributeValues": {":s": s("STATUS#PENDING")}
        }),
    );
    assert_eq!(strings(&all, "orderId"), ["o2", "o1"]);
    assert_counts(&all, 2, 2, 0.5);
    let july = query(
        &mut db,
        json!({
            "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s AND begins_with(GSI1SK, :month)",
            "ExpressionAttributeValues": {":s": s("STATUS#PENDING"), ":month": s("2024-07")}
        }),
    );
    assert_eq!(strings(&july, "orderId"), ["o1"]);
    assert_counts(&july, 1, 1, 0.5);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn books_by_price() {
    let mut db = Db::new();
    load(&mut db);
    let r = query(
        &mut db,
        json!({
            "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :c AND GSI1SK BETWEEN :lo AND :hi",
            "ExpressionAttributeValues": {":c": s("CATEGORY#books"), ":lo": s("PRICE#0000.00"), ":hi": s("PRICE#0050.00")}
        }),
    );
    assert_eq!(strings(&r, "PK"), ["PRODUCT#p2", "PRODUCT#p1"]);
    assert_counts(&r, 2, 2, 0.5);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn open_orders_come_from_the_sparse_index() {
    let mut db = Db::new();
    load(&mut db);
    let r = query(
        &mut db,
        json!({
            "IndexName": "GSI2", "KeyConditionExpression": "GSI2PK = :open",
            "ExpressionAttributeValues": {":open": s("OPEN")}
        }),
    );
    assert_eq!(
        strings(&r, "SK"),
        ["ORDER#2024-06-02#o2", "ORDER#2024-07-15#o1"]
    );
    // KEYS_ONLY: the entries carry the table and index keys, nothing else.
    let first = r["Items"][0].as_object().unwrap();
    let mut names: Vec<&str> = first.keys().map(String::as_str).collect();
    names.sort();
    assert_eq!(names, ["GSI2PK", "GSI2SK", "PK", "SK"]);
    assert_counts(&r, 2, 2, 0.5);
    let scan = db.ok(
        "Scan",
        json!({"TableName": TABLE, "IndexName": "GSI2", "Select": "COUNT"}),
    );
    assert_eq!(scan["Count"], json!(2));
    assert_eq!(scan["ScannedCount"], json!(2));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn fulfilling_an_order_moves_it_in_gsi1_and_out_of_gsi2() {
    let mut db = Db::new();
    load(&mut db);
    let r = db.ok("UpdateItem", json!({
        "TableName": TABLE,
        "Key": {"PK": s("CUST#c1"), "SK": s("ORDER#2024-07-15#o1")},
        "UpdateExpression": "SET GSI1PK = :shipped, #status = :s REMOVE GSI2PK",
        "ConditionExpression": "#status = :pending",
        "ExpressionAttributeNames": {"#status": "status"},
        "ExpressionAttributeValues": {":shipped": s("STATUS#SHIPPED"), ":s": s("SHIPPED"), ":pending": s("PENDING")},
        "ReturnConsumedCapacity": "INDEXES",
        "ReturnValues": "UPDATED_NEW"
    }));
    // GSI1: the key changed, a delete and a put; GSI2: the entry left.
    assert_eq!(
        r["ConsumedCapacity"],
        json!({
            "TableName": TABLE, "CapacityUnits": 4.0, "Table": {"CapacityUnits": 1.0},
            "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 2.0}, "GSI2": {"CapacityUnits": 1.0}}
        })
    );
    assert_eq!(
        r["Attributes"],
        json!({"GSI1PK": s("STATUS#SHIPPED"), "status": s("SHIPPED")})
    );
    let open = query(
        &mut db,
        json!({
            "IndexName": "GSI2", "KeyConditionExpression": "GSI2PK = :open",
            "ExpressionAttributeValues": {":open": s("OPEN")}
        }),
    );
    assert_eq!(strings(&open, "SK"), ["ORDER#2024-06-02#o2"]);
    let shipped = query(
        &mut db,
        json!({
            "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
            "ExpressionAttributeValues": {":s": s("STATUS#SHIPPED")}
        }),
    );
    assert_eq!(strings(&shipped, "orderId"), ["o1", "o3"]);
    // Fulfilling it twice fails the condition and changes nothing.
    let again = db.err(
        "UpdateItem",
        json!({
            "TableName": TABLE,
            "Key": {"PK": s("CUST#c1"), "SK": s("ORDER#2024-07-15#o1")},
            "UpdateExpression": "SET #status = :s",
            "ConditionExpression": "#status = :pending",
            "ExpressionAttributeNames": {"#status": "status"},
            "ExpressionAttributeValues": {":s": s("SHIPPED"), ":pending": s("PENDING")}
        }),
    );
    assert_eq!(again.kind, "ConditionalCheckFailedException");
    assert_eq!(again.message, "The conditional request failed");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn scan_with_filter_reads_everything_to_return_little() {
    let mut db = Db::new();
    load(&mut db);
    let r = db.ok(
        "Scan",
        json!({
            "TableName": TABLE, "FilterExpression": "#t = :order AND #s = :pending",
            "ExpressionAttributeNames": {"#t": "type", "#s": "status"},
            "ExpressionAttributeValues": {":order": s("Order"), ":pending": s("PENDING")},
            "ReturnConsumedCapacity": "TOTAL"
        }),
    );
    assert_eq!(r["ScannedCount"], json!(10));
    assert_eq!(r["Count"], json!(3));
    assert_eq!(r["ConsumedCapacity"]["CapacityUnits"], json!(0.5));
}
