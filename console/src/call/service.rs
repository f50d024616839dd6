//! Where requests go: the engine in memory, or (for `ddbplay run
//! --endpoint`) a DynamoDB endpoint over HTTP. Either way a request is an
//! operation and a JSON body, and the answer a status and a JSON body —
//! DynamoDB's wire protocol — so the console reads every answer as the aws
//! CLI reads what comes over the network.

use engine::Engine;
use engine::api::Operation;

/// An answer as it came: the HTTP status and the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// Why a request could not be sent at all, in words the CLI prints (a
/// connection refused, an answer that never came).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsent(pub String);

/// Something that answers DynamoDB requests.
pub trait Service {
    /// Sends one request; `Err` when it could not be sent at all.
    fn send(&mut self, operation: Operation, body: &str) -> Result<Answer, Unsent>;

    /// Moves the service's clock on (`sleep`, and the waits between a
    /// waiter's polls); a service on a real clock lets time pass by itself.
    fn advance_clock(&mut self, _seconds: f64) {}
}

/// The engine, in this process: the page's own, or a fresh one for
/// `ddbplay run`.
impl Service for Engine {
    fn send(&mut self, operation: Operation, body: &str) -> Result<Answer, Unsent> {
        let response = engine::api::handle(self, operation.name(), body.as_bytes());
        Ok(Answer {
            status: response.status,
            body: response.body,
        })
    }

    fn advance_clock(&mut self, seconds: f64) {
        let now = self.clock() + seconds;
        self.set_clock(now);
    }
}

/// A service error as botocore reads it from an error body: the code (the
/// part of `__type` after `#`), the message (`message` or `Message`), and
/// the body for the error's modelled fields.
#[derive(Clone, Debug, PartialEq)]
pub struct ServiceError {
    pub code: String,
    pub message: String,
    pub status: u16,
    pub body: crate::python::Value,
}

/// Reads an error answer (`BaseJSONParser._do_error_parse`).
pub fn service_error(answer: &Answer) -> ServiceError {
    let body = crate::python::json::loads(&answer.body)
        .unwrap_or(crate::python::Value::Dict(crate::python::Dict::new()));
    let field = |name: &str| {
        body.as_dict()
            .and_then(|d| d.get(name))
            .and_then(crate::python::Value::as_str)
            .map(str::to_string)
    };
    let message = field("message")
        .or_else(|| field("Message"))
        .unwrap_or_default();
    let mut code = field("__type").unwrap_or_else(|| answer.status.to_string());
    if let Some((before, _)) = code.split_once(':') {
        code = before.to_string();
    }
    if let Some((_, after)) = code.rsplit_once('#') {
        code = after.to_string();
    }
    ServiceError {
        code,
        message,
        status: answer.status,
        body,
    }
}

/// The error codes botocore's standard retry mode retries (throttling and
/// transient errors, and every 500, 502, 503 and 504): three attempts in
/// all, after which the message says `(reached max retries: 2)`.
pub fn is_retryable(error: &ServiceError) -> bool {
    const RETRIED: [&str; 17] = [
        "Throttling",
        "ThrottlingException",
        "ThrottledException",
        "RequestThrottledException",
        "TooManyRequestsException",
        "ProvisionedThroughputExceededException",
        "TransactionInProgressException",
        "RequestLimitExceeded",
        "BandwidthLimitExceeded",
        "LimitExceededException",
        "RequestThrottled",
        "SlowDown",
        "PriorRequestNotComplete",
        "EC2ThrottledException",
        "RequestTimeout",
        "RequestTimeoutException",
        "IDPCommunicationError",
    ];
    RETRIED.contains(&error.code.as_str()) || matches!(error.status, 500 | 502 | 503 | 504)
}

/// How many times the CLI sends a request that keeps failing with a
/// retryable error.
pub const MAX_ATTEMPTS: usize = 3;
