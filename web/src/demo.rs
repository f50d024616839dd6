//! A small commerce table, loaded through the engine's JSON API, and the
//! numbers of one access pattern read two ways.

use engine::Engine;
use engine::api::handle;
use serde_json::{Value as Json, json};

/// What one read returned and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Numbers {
    /// Items read (`ScannedCount`).
    pub scanned_count: u64,
    /// Items returned (`Count`).
    pub count: u64,
    /// Consumed read units.
    pub capacity_units: f64,
}

/// One row of the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// What was run.
    pub label: &'static str,
    /// Its numbers, or DynamoDB's error message.
    pub outcome: Result<Numbers, String>,
}

fn call(engine: &mut Engine, operation: &str, body: Json) -> Result<Json, String> {
    let response = handle(engine, operation, body.to_string().as_bytes());
    let json: Json = serde_json::from_str(&response.body).map_err(|e| e.to_string())?;
    if response.status == 200 {
        Ok(json)
    } else {
        Err(json["message"]
            .as_str()
            .unwrap_or("request failed")
            .to_string())
    }
}

fn numbers(response: Json) -> Numbers {
    Numbers {
        scanned_count: response["ScannedCount"].as_u64().unwrap_or(0),
        count: response["Count"].as_u64().unwrap_or(0),
        capacity_units: response["ConsumedCapacity"]["CapacityUnits"]
            .as_f64()
            .unwrap_or(0.0),
    }
}

fn load(engine: &mut Engine) -> Result<(), String> {
    call(
        engine,
        "CreateTable",
        json!({
            "TableName": "commerce-main", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}]
        }),
    )?;
    let padding = "x".repeat(400);
    for customer in 0..50 {
        let pk = format!("CUST#c{customer}");
        call(
            engine,
            "PutItem",
            json!({"TableName": "commerce-main", "Item": {
                "PK": {"S": pk}, "SK": {"S": "PROFILE"}, "name": {"S": format!("Customer {customer}")}
            }}),
        )?;
        for order in 0..(1 + customer % 7) {
            call(
                engine,
                "PutItem",
                json!({"TableName": "commerce-main", "Item": {
                    "PK": {"S": pk}, "SK": {"S": format!("ORDER#2024-07-{:02}#o{customer}-{order}", 1 + order)},
                    "type": {"S": "Order"}, "notes": {"S": padding}
                }}),
            )?;
        }
    }
    Ok(())
}

/// Loads the table, then reads customer c1's orders with a Query and with a Scan.
pub fn run_demo() -> Vec<Comparison> {
    let mut engine = Engine::new();
    if let Err(message) = load(&mut engine) {
        return vec![Comparison {
            label: "Load",
            outcome: Err(message),
        }];
    }
    let query = call(
        &mut engine,
        "Query",
        json!({
            "TableName": "commerce-main",
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :order)",
            "ExpressionAttributeValues": {":pk": {"S": "CUST#c1"}, ":order": {"S": "ORDER#"}},
            "ReturnConsumedCapacity": "TOTAL"
        }),
    );
    let scan = call(
        &mut engine,
        "Scan",
        json!({
            "TableName": "commerce-main",
            "FilterExpression": "PK = :pk AND begins_with(SK, :order)",
            "ExpressionAttributeValues": {":pk": {"S": "CUST#c1"}, ":order": {"S": "ORDER#"}},
            "ReturnConsumedCapacity": "TOTAL"
        }),
    );
    vec![
        Comparison {
            label: "Query",
            outcome: query.map(numbers),
        },
        Comparison {
            label: "Scan + filter",
            outcome: scan.map(numbers),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_reads_only_what_it_returns_and_scan_reads_everything() {
        let rows = run_demo();
        let query = rows[0].outcome.clone().unwrap();
        let scan = rows[1].outcome.clone().unwrap();
        assert_eq!((query.scanned_count, query.count), (2, 2));
        assert_eq!(scan.count, 2);
        assert!(scan.scanned_count > 200);
        assert!(scan.capacity_units > 10.0 * query.capacity_units);
    }
}
