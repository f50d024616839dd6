//! The model's door to the engine's JSON API: an operation and a request
//! body in, DynamoDB's response JSON out, or a [`Failure`] that says what
//! went wrong in a way the page can underline. What the learner's requests
//! send goes through here, so the page answers as DynamoDB answers a
//! client; the bulk fill and the paged reads that measure a pattern
//! decode once and call the engine's typed operations instead.

use engine::Engine;
use engine::api::Operation;
use engine::api::call;
use serde_json::{Value as Json, json};

use super::failure::Failure;

/// Runs a request body; the response JSON, or the failure.
pub fn run(engine: &mut Engine, operation: Operation, body: &Json) -> Result<Json, Failure> {
    match call(engine, operation, body.to_string().as_bytes()) {
        Ok(text) if text.is_empty() => Ok(json!({})),
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| Failure::service("InternalServerError", e.to_string())),
        Err(error) => Err(Failure::from(error)),
    }
}
