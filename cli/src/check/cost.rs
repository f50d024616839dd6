//! What a check costs on AWS, known before it starts: the engine runs the
//! whole check first, and every request it answered is counted here with
//! the capacity it consumed — the load, the reads, the writes and their
//! undoing. On an AWS endpoint that is what the table's on-demand bill
//! counts, if the engine is right.

use engine::api::Operation;
use serde_json::{Value as Json, json};
use web::model::measure::prices::Prices;

use super::dynamo::{ApiError, Dynamo};

/// A side that counts the capacity of every request it answers; a
/// request that did not ask for its ConsumedCapacity is asked for it.
pub struct Tally<S> {
    pub side: S,
    pub read_units: f64,
    pub write_units: f64,
}

impl<S: Dynamo> Tally<S> {
    pub fn new(side: S) -> Tally<S> {
        Tally {
            side,
            read_units: 0.0,
            write_units: 0.0,
        }
    }

    /// Dollars at on-demand prices (request units; the table's storage for
    /// the minutes it lives is left out: a fraction of a cent).
    pub fn dollars(&self, prices: &Prices) -> f64 {
        self.read_units * prices.read_per_million / 1e6
            + self.write_units * prices.write_per_million / 1e6
    }

    /// The sentence shown before a check against AWS.
    pub fn estimate(&self, prices: &Prices) -> String {
        format!(
            "This check sends about {} write request units and {} read request units: {} at DynamoDB's on-demand prices in us-east-1 (${} a million writes, ${} a million reads; other regions differ a little). Its table is deleted afterwards.",
            thousands(self.write_units),
            thousands(self.read_units),
            dollars(self.dollars(prices)),
            prices.write_per_million,
            prices.read_per_million
        )
    }
}

/// `about $0.42`, or `less than a cent`.
fn dollars(amount: f64) -> String {
    if amount < 0.01 {
        "less than a cent".to_string()
    } else {
        format!("about ${amount:.2}")
    }
}

/// A whole number with thousands separated: `1,623` (fractions rounded up).
pub fn thousands(units: f64) -> String {
    let whole = units.ceil() as u64;
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn has_capacity(operation: Operation) -> bool {
    matches!(
        operation,
        Operation::GetItem
            | Operation::Query
            | Operation::Scan
            | Operation::PutItem
            | Operation::UpdateItem
            | Operation::DeleteItem
            | Operation::BatchWriteItem
            | Operation::TransactWriteItems
            | Operation::ExecuteStatement
    )
}

impl<S: Dynamo> Dynamo for Tally<S> {
    fn call(&mut self, operation: Operation, body: &Json) -> Result<Json, ApiError> {
        let mut body = body.clone();
        if has_capacity(operation) && body.get("ReturnConsumedCapacity").is_none() {
            body["ReturnConsumedCapacity"] = json!("TOTAL");
        }
        let answer = self.side.call(operation, &body)?;
        let consumed: f64 = match &answer["ConsumedCapacity"] {
            Json::Array(list) => list
                .iter()
                .filter_map(|c| c["CapacityUnits"].as_f64())
                .sum(),
            one => one["CapacityUnits"].as_f64().unwrap_or(0.0),
        };
        if operation.is_write() {
            self.write_units += consumed;
        } else {
            self.read_units += consumed;
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::dynamo::Local;

    #[test]
    fn every_request_is_counted_with_the_units_it_consumed() {
        let mut tally = Tally::new(Local {
            engine: engine::Engine::new(),
        });
        tally
            .call(
                Operation::CreateTable,
                &json!({"TableName": "tally", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]}),
            )
            .unwrap();
        let big = "x".repeat(1500);
        tally
            .call(
                Operation::PutItem,
                &json!({"TableName": "tally", "Item": {"PK": {"S": "a"}, "v": {"S": big}}}),
            )
            .unwrap();
        tally
            .call(
                Operation::GetItem,
                &json!({"TableName": "tally", "Key": {"PK": {"S": "a"}}, "ConsistentRead": true}),
            )
            .unwrap();
        // 1,508 bytes: two write units; one strongly consistent read unit.
        assert_eq!((tally.write_units, tally.read_units), (2.0, 1.0));
        assert_eq!(
            tally.estimate(&Prices::default()),
            "This check sends about 2 write request units and 1 read request units: less than a cent at DynamoDB's on-demand prices in us-east-1 ($0.625 a million writes, $0.125 a million reads; other regions differ a little). Its table is deleted afterwards."
        );
    }
}
