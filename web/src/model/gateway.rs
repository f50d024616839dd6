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

/// A failed run: DynamoDB's error, and where in which field it points.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// e.g. `ValidationException`.
    pub kind: String,
    /// DynamoDB's message.
    pub message: String,
    /// The request parameter and byte range to underline.
    pub location: Option<(String, usize, usize)>,
    /// A cancelled transaction's reasons, one line per action in order.
    pub reasons: Vec<String>,
}

/// An engine error as the page shows it.
pub fn failure(error: engine::Error) -> Failure {
    Failure {
        kind: error.short_name().to_string(),
        message: error.to_string(),
        location: error
            .location()
            .map(|l| (l.parameter.to_string(), l.span.start, l.span.end)),
        reasons: match &error {
            engine::Error::TransactionCanceled { reasons } => reason_lines(reasons),
            _ => Vec::new(),
        },
    }
}

/// Runs a request body; the response JSON, or the failure.
pub fn run(engine: &mut Engine, operation: Operation, body: &Json) -> Result<Json, Failure> {
    match call(engine, operation, body.to_string().as_bytes()) {
        Ok(text) if text.is_empty() => Ok(json!({})),
        Ok(text) => serde_json::from_str(&text).map_err(|e| Failure {
            kind: "InternalError".into(),
            message: e.to_string(),
            location: None,
            reasons: Vec::new(),
        }),
        Err(error) => Err(failure(error)),
    }
}

/// A cancelled transaction's reasons as lines, in request order:
/// "2. ConditionalCheckFailed: The conditional request failed".
pub fn reason_lines(reasons: &[engine::error::CancellationReason]) -> Vec<String> {
    reasons
        .iter()
        .enumerate()
        .map(|(i, r)| match &r.message {
            Some(message) => format!("{}. {}: {message}", i + 1, r.code),
            None => format!("{}. {}", i + 1, r.code),
        })
        .collect()
}
