//! What `ddbplay check` talks to: anything that answers DynamoDB's JSON
//! requests. The engine answers them in-process ([`Local`]); an endpoint
//! answers them through the AWS SDK for Rust (`super::remote`). Both
//! return the response's JSON as DynamoDB writes it, or DynamoDB's error,
//! so every step of a check is written once and run on both.

use engine::Engine;
use engine::api::Operation;
use serde_json::Value as Json;

/// DynamoDB's error: its code (`ValidationException`) and message. A
/// failure before any answer (no connection, a timeout) has the code
/// [`ApiError::NO_ANSWER`].
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    pub code: String,
    pub message: String,
}

impl ApiError {
    /// The code of a request that got no answer from DynamoDB.
    pub const NO_ANSWER: &'static str = "NoAnswer";

    pub fn new(code: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            code: code.to_string(),
            message: message.into(),
        }
    }

    /// True for the errors DynamoDB asks a client to retry after a pause.
    pub fn is_throttling(&self) -> bool {
        matches!(
            self.code.as_str(),
            "ProvisionedThroughputExceededException"
                | "ThrottlingException"
                | "RequestLimitExceeded"
                | "LimitExceededException"
        )
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.code == ApiError::NO_ANSWER {
            write!(f, "no answer: {}", self.message)
        } else {
            write!(f, "{}: {}", self.code, self.message)
        }
    }
}

/// One side of a check.
pub trait Dynamo {
    /// Sends one request and returns the answer's JSON.
    fn call(&mut self, operation: Operation, body: &Json) -> Result<Json, ApiError>;

    /// Sends several BatchWriteItem requests, at once where the side can,
    /// calling `done` with the number of items each finished batch held.
    /// Each batch's unprocessed items are sent again until none are left.
    fn write_batches(
        &mut self,
        batches: Vec<Json>,
        done: &mut dyn FnMut(usize),
    ) -> Result<(), ApiError> {
        for batch in batches {
            let items = batch_items(&batch);
            super::table::write_until_processed(self, batch)?;
            done(items);
        }
        Ok(())
    }

    /// Whether the user asked to stop (Ctrl-C): a long step checks it.
    fn interrupted(&self) -> bool {
        false
    }
}

/// How many items a BatchWriteItem request holds.
pub fn batch_items(batch: &Json) -> usize {
    batch["RequestItems"].as_object().map_or(0, |tables| {
        tables
            .values()
            .map(|writes| writes.as_array().map_or(0, Vec::len))
            .sum()
    })
}

/// The engine, in this process: the prediction.
pub struct Local {
    pub engine: Engine,
}

impl Dynamo for Local {
    fn call(&mut self, operation: Operation, body: &Json) -> Result<Json, ApiError> {
        let response = engine::api::handle(
            &mut self.engine,
            operation.name(),
            body.to_string().as_bytes(),
        );
        let json: Json = serde_json::from_str(&response.body)
            .map_err(|e| ApiError::new(ApiError::NO_ANSWER, e.to_string()))?;
        if response.status == 200 {
            return Ok(json);
        }
        let code = json["__type"]
            .as_str()
            .unwrap_or_default()
            .rsplit('#')
            .next()
            .unwrap_or_default();
        let message = json["message"]
            .as_str()
            .or(json["Message"].as_str())
            .unwrap_or_default();
        Err(ApiError::new(code, message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_engine_answers_with_dynamodbs_json_and_its_error_code() {
        let mut local = Local {
            engine: Engine::new(),
        };
        let error = local
            .call(Operation::DescribeTable, &json!({"TableName": "nowhere"}))
            .unwrap_err();
        assert_eq!(error.code, "ResourceNotFoundException");
        assert_eq!(
            error.message,
            "Requested resource not found: Table: nowhere not found"
        );
        let answer = local.call(Operation::ListTables, &json!({})).unwrap();
        assert_eq!(answer, json!({"TableNames": []}));
    }
}
