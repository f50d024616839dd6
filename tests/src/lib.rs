//! Shared helpers for the behaviour tests: a database driven only through
//! DynamoDB's JSON API, exactly as the server and the page drive it.

use engine::Engine;
use engine::api::handle;
use serde_json::{Value as Json, json};

/// An error answer: the short exception name and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// e.g. `ValidationException`.
    pub kind: String,
    /// DynamoDB's message.
    pub message: String,
}

/// An engine spoken to in JSON.
#[derive(Default)]
pub struct Db {
    engine: Engine,
}

impl Db {
    /// An empty database.
    pub fn new() -> Db {
        Db::default()
    }

    /// A database around a given engine (one with a test-only limit).
    pub fn with_engine(engine: Engine) -> Db {
        Db { engine }
    }

    /// The engine itself, for what the JSON API does not show (per-partition usage).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The engine itself, to drive what only the host drives: its clock,
    /// and deleting expired items.
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Runs an operation; `Ok` with the response body, or the error.
    pub fn call(&mut self, operation: &str, body: Json) -> Result<Json, ApiError> {
        self.call_raw(operation, body.to_string().as_bytes())
    }

    /// Runs an operation and returns the status and the whole body.
    pub fn raw(&mut self, operation: &str, body: Json) -> (u16, Json) {
        let response = handle(&mut self.engine, operation, body.to_string().as_bytes());
        (response.status, body_json(&response.body))
    }

    /// Runs an operation on raw bytes.
    pub fn call_raw(&mut self, operation: &str, body: &[u8]) -> Result<Json, ApiError> {
        let response = handle(&mut self.engine, operation, body);
        let json = body_json(&response.body);
        if response.status == 200 {
            Ok(json)
        } else {
            let kind = json["__type"]
                .as_str()
                .unwrap_or("")
                .rsplit('#')
                .next()
                .unwrap_or("")
                .to_string();
            Err(ApiError {
                kind,
                message: json["message"].as_str().unwrap_or("").to_string(),
            })
        }
    }

    /// Runs an operation that must succeed.
    pub fn ok(&mut self, operation: &str, body: Json) -> Json {
        match self.call(operation, body.clone()) {
            Ok(json) => json,
            Err(e) => panic!("{operation} {body} failed: {e:?}"),
        }
    }

    /// Runs an operation that must fail; returns the message.
    pub fn err(&mut self, operation: &str, body: Json) -> ApiError {
        match self.call(operation, body.clone()) {
            Ok(json) => panic!("{operation} {body} should have failed, answered {json}"),
            Err(e) => e,
        }
    }

    /// Runs an operation that must fail with a ValidationException; returns the message.
    pub fn validation(&mut self, operation: &str, body: Json) -> String {
        let e = self.err(operation, body);
        assert_eq!(e.kind, "ValidationException", "{}", e.message);
        e.message
    }

    /// Creates an on-demand table with string keys `pk` (and `sk` when `with_sort`).
    pub fn simple_table(&mut self, name: &str, with_sort: bool) {
        let mut definitions = vec![json!({"AttributeName": "pk", "AttributeType": "S"})];
        let mut schema = vec![json!({"AttributeName": "pk", "KeyType": "HASH"})];
        if with_sort {
            definitions.push(json!({"AttributeName": "sk", "AttributeType": "S"}));
            schema.push(json!({"AttributeName": "sk", "KeyType": "RANGE"}));
        }
        self.ok(
            "CreateTable",
            json!({"TableName": name, "AttributeDefinitions": definitions, "KeySchema": schema,
                   "BillingMode": "PAY_PER_REQUEST"}),
        );
    }

    /// Puts an item given in DynamoDB JSON.
    pub fn put(&mut self, table: &str, item: Json) {
        self.ok("PutItem", json!({"TableName": table, "Item": item}));
    }
}

/// A string attribute value.
pub fn s(text: &str) -> Json {
    json!({ "S": text })
}

/// A number attribute value.
pub fn n(text: &str) -> Json {
    json!({ "N": text })
}

/// The string values of one attribute across a response's `Items`.
pub fn strings(response: &Json, attribute: &str) -> Vec<String> {
    response["Items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i[attribute]["S"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A response body as JSON: `null` for the empty body of TagResource and
/// UntagResource.
fn body_json(body: &str) -> Json {
    if body.is_empty() {
        return Json::Null;
    }
    serde_json::from_str(body).expect("the engine answers JSON or nothing")
}
