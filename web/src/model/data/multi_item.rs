//! Requests on several items at once — BatchGetItem, BatchWriteItem,
//! TransactGetItems, TransactWriteItems — as the runner and the patterns
//! handle them: the page's one table named inside them, the keys they
//! write, their capacity summed over the tables, their items, and the
//! reasons a cancelled transaction gives.

use engine::api::Operation;
use serde_json::{Map, Value as Json};

use super::item_keys::key_of;
use crate::model::design::chart::TableDesign;

/// The request parameter that holds an operation's items.
pub fn items_parameter(operation: Operation) -> Option<&'static str> {
    match operation {
        Operation::BatchGetItem | Operation::BatchWriteItem => Some("RequestItems"),
        Operation::TransactGetItems | Operation::TransactWriteItems => Some("TransactItems"),
        _ => None,
    }
}

/// Points every table a request names at `table`: the page has one table,
/// whatever it is called now. A batch's per-table maps are merged.
pub fn retarget(operation: Operation, request: &mut Json, table: &str) {
    if operation == Operation::ExecuteStatement {
        // A statement names its table in its text.
        return;
    }
    match items_parameter(operation) {
        None => request["TableName"] = Json::String(table.to_string()),
        Some("RequestItems") => {
            let Some(items) = request.get("RequestItems").and_then(Json::as_object) else {
                return;
            };
            let merged = items
                .values()
                .cloned()
                .reduce(|a, b| merge_batch(operation, a, b))
                .unwrap_or(Json::Null);
            if !merged.is_null() {
                let mut one = Map::new();
                one.insert(table.to_string(), merged);
                request["RequestItems"] = Json::Object(one);
            }
        }
        Some(_) => {
            if let Some(actions) = request
                .get_mut("TransactItems")
                .and_then(Json::as_array_mut)
            {
                for action in actions {
                    if let Some(inner) = action.as_object_mut().and_then(|o| o.values_mut().next())
                        && inner.get("TableName").is_some()
                    {
                        inner["TableName"] = Json::String(table.to_string());
                    }
                }
            }
        }
    }
}

/// Every table a request names, in order, repeats and all.
pub fn table_names(operation: Operation, request: &Json) -> Vec<String> {
    let text = |v: &Json| v.as_str().map(str::to_string);
    match items_parameter(operation) {
        None => text(&request["TableName"]).into_iter().collect(),
        Some("RequestItems") => request["RequestItems"]
            .as_object()
            .map(|tables| tables.keys().cloned().collect())
            .unwrap_or_default(),
        Some(_) => request["TransactItems"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_object()?.values().next())
            .filter_map(|inner| text(&inner["TableName"]))
            .collect(),
    }
}

/// Two tables' parts of one batch as one: write lists joined, key lists joined.
fn merge_batch(operation: Operation, mut a: Json, b: Json) -> Json {
    let append = |target: Option<&mut Json>, more: Option<&Json>| {
        if let (Some(Json::Array(list)), Some(Json::Array(more))) = (target, more) {
            list.extend(more.iter().cloned());
        }
    };
    if operation == Operation::BatchWriteItem {
        append(Some(&mut a), Some(&b));
    } else {
        append(a.get_mut("Keys"), b.get("Keys"));
    }
    a
}

/// The table keys a successful write request changed, for the data view to
/// mark them: the item of a PutItem, the key of an update or delete, and
/// each of those inside a batch or a transaction.
pub fn written_keys(operation: Operation, request: &Json, table: &TableDesign) -> Vec<Json> {
    let one = |kind: &str, body: &Json| -> Option<Json> {
        match kind {
            "Put" | "PutRequest" => key_of(body.get("Item")?, table),
            "Update" | "Delete" | "DeleteRequest" => body.get("Key").cloned(),
            _ => None,
        }
    };
    match operation {
        Operation::BatchWriteItem => request["RequestItems"]
            .as_object()
            .into_iter()
            .flat_map(|tables| tables.values())
            .filter_map(Json::as_array)
            .flatten()
            .filter_map(Json::as_object)
            .filter_map(|w| w.iter().next())
            .filter_map(|(kind, body)| one(kind, body))
            .collect(),
        Operation::TransactWriteItems => request["TransactItems"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Json::as_object)
            .filter_map(|a| a.iter().next())
            .filter_map(|(kind, body)| one(kind, body))
            .collect(),
        Operation::PutItem => one("Put", request).into_iter().collect(),
        Operation::UpdateItem | Operation::DeleteItem => {
            one("Update", request).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// Capacity units in a response: one `ConsumedCapacity`, or the sum of a
/// batch's or transaction's per-table list.
pub fn consumed_units(response: &Json) -> f64 {
    match &response["ConsumedCapacity"] {
        Json::Array(tables) => tables
            .iter()
            .filter_map(|t| t["CapacityUnits"].as_f64())
            .sum(),
        one => one["CapacityUnits"].as_f64().unwrap_or(0.0),
    }
}

/// The items a response carries, whatever its shape: `Items`, `Item`,
/// `Attributes`, a batch's `Responses` by table, a transaction's list.
pub fn response_items(response: &Json) -> Vec<Json> {
    if let Some(items) = response.get("Items").and_then(Json::as_array) {
        return items.clone();
    }
    match response.get("Responses") {
        Some(Json::Object(tables)) => tables
            .values()
            .filter_map(Json::as_array)
            .flatten()
            .cloned()
            .collect(),
        Some(Json::Array(list)) => list.iter().filter_map(|r| r.get("Item")).cloned().collect(),
        _ => response
            .get("Item")
            .or_else(|| response.get("Attributes"))
            .cloned()
            .into_iter()
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::gallery::commerce;
    use serde_json::json;

    #[test]
    fn every_table_a_request_names_becomes_the_pages_table() {
        let mut batch = json!({"RequestItems": {
            "old": [{"PutRequest": {"Item": {"PK": {"S": "a"}}}}],
            "other": [{"DeleteRequest": {"Key": {"PK": {"S": "b"}}}}]}});
        retarget(Operation::BatchWriteItem, &mut batch, "shop");
        assert_eq!(batch["RequestItems"]["shop"].as_array().unwrap().len(), 2);
        let mut transaction = json!({"TransactItems": [
            {"Put": {"TableName": "old", "Item": {}}},
            {"ConditionCheck": {"TableName": "old", "Key": {}, "ConditionExpression": "x"}}]});
        retarget(Operation::TransactWriteItems, &mut transaction, "shop");
        assert_eq!(
            transaction["TransactItems"][1]["ConditionCheck"]["TableName"],
            "shop"
        );
        let mut gets = json!({"RequestItems": {"a": {"Keys": [{"PK": {"S": "1"}}]}, "b": {"Keys": [{"PK": {"S": "2"}}]}}});
        retarget(Operation::BatchGetItem, &mut gets, "shop");
        assert_eq!(
            gets["RequestItems"]["shop"]["Keys"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn the_keys_a_transaction_writes_are_found_in_each_action() {
        let table = commerce::chart().table;
        let request = json!({"TransactItems": [
            {"Put": {"TableName": "t", "Item": {"PK": {"S": "CUST#c1"}, "SK": {"S": "ORDER#1"}, "x": {"N": "1"}}}},
            {"Update": {"TableName": "t", "Key": {"PK": {"S": "PRODUCT#p1"}, "SK": {"S": "PRODUCT"}}, "UpdateExpression": "SET a = :a"}},
            {"ConditionCheck": {"TableName": "t", "Key": {"PK": {"S": "CUST#c1"}, "SK": {"S": "PROFILE"}}, "ConditionExpression": "x"}}]});
        let keys = written_keys(Operation::TransactWriteItems, &request, &table);
        assert_eq!(
            keys,
            vec![
                json!({"PK": {"S": "CUST#c1"}, "SK": {"S": "ORDER#1"}}),
                json!({"PK": {"S": "PRODUCT#p1"}, "SK": {"S": "PRODUCT"}})
            ]
        );
    }

    #[test]
    fn capacity_and_items_are_read_from_every_response_shape() {
        let batch = json!({"ConsumedCapacity": [{"TableName": "a", "CapacityUnits": 2.0}, {"TableName": "b", "CapacityUnits": 1.5}],
                           "Responses": {"a": [{"x": {"S": "1"}}, {"x": {"S": "2"}}]}});
        assert_eq!(consumed_units(&batch), 3.5);
        assert_eq!(response_items(&batch).len(), 2);
        let transaction = json!({"Responses": [{"Item": {"x": {"S": "1"}}}, {}]});
        assert_eq!(response_items(&transaction), vec![json!({"x": {"S": "1"}})]);
    }
}
