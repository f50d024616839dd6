//! Errors, one variant per DynamoDB exception.
//!
//! [`Error::type_name`] is the exact `__type` DynamoDB puts in the response
//! body and `Display` is its message, byte for byte where it is known.
//! Expression errors also carry the byte [`Span`] of the offending token, so a
//! front end can underline it; the span is never part of the message.

pub mod constraint;

use std::fmt;

pub use constraint::{Rule, Violation};

use crate::types::Item;

/// A byte range in an expression string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// Where in the request a validation error points, for the UI to underline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The request parameter, e.g. `FilterExpression`.
    pub parameter: &'static str,
    /// The bytes of that parameter's expression.
    pub span: Span,
}

/// An engine error.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// `ValidationException`: the request is malformed or breaks a rule.
    Validation {
        /// DynamoDB's message.
        message: String,
        /// The offending expression token, where there is one.
        location: Option<Location>,
    },
    /// `ResourceNotFoundException`: the table or index does not exist.
    ResourceNotFound(String),
    /// `ResourceInUseException`: e.g. the table already exists.
    ResourceInUse(String),
    /// `ConditionalCheckFailedException`; `item` is the old item when the
    /// request asked for it with `ReturnValuesOnConditionCheckFailure=ALL_OLD`.
    ConditionalCheckFailed {
        /// The item as it was, if asked for.
        item: Option<Item>,
    },
    /// `SerializationException`: the body is not the JSON DynamoDB expects.
    Serialization(String),
    /// `UnknownOperationException`: the target names no operation.
    UnknownOperation,
    /// `LimitExceededException`: e.g. too many indexes being built at once.
    LimitExceeded(String),
    /// `TransactionCanceledException`: one reason per action, in request order.
    TransactionCanceled {
        /// Why each action could or could not go ahead.
        reasons: Vec<CancellationReason>,
    },
    /// `IdempotentParameterMismatchException`: a `ClientRequestToken` used
    /// again, within ten minutes, for another request.
    IdempotentParameterMismatch,
    /// `ExpiredIteratorException`: a shard iterator older than 15 minutes.
    ExpiredIterator(String),
    /// `TrimmedDataAccessException`: a stream record no longer kept.
    TrimmedDataAccess(String),
    /// `ItemCollectionSizeLimitExceededException`: a write would grow an
    /// item collection (on a table with a local index) past 10 GB.
    ItemCollectionSizeLimitExceeded,
    /// `TableNotFoundException`: the continuous-backup calls' own way of
    /// saying a table does not exist.
    TableNotFound(String),
    /// `DuplicateItemException`: a PartiQL INSERT of a key that exists.
    DuplicateItem,
}

/// Why one action of a cancelled transaction could not go ahead.
#[derive(Clone, Debug, PartialEq)]
pub struct CancellationReason {
    /// `None`, `ConditionalCheckFailed`, `ValidationError`, …
    pub code: &'static str,
    /// DynamoDB's message (absent for `None`).
    pub message: Option<String>,
    /// The item as it was, when the action asked for it
    /// (`ReturnValuesOnConditionCheckFailure=ALL_OLD`).
    pub item: Option<Item>,
}

impl CancellationReason {
    /// An action that could have gone ahead.
    pub fn none() -> CancellationReason {
        CancellationReason {
            code: "None",
            message: None,
            item: None,
        }
    }

    /// An action DynamoDB would refuse, with its message.
    pub fn validation(message: impl Into<String>) -> CancellationReason {
        CancellationReason {
            code: "ValidationError",
            message: Some(message.into()),
            item: None,
        }
    }
}

impl Error {
    /// A validation error with no location.
    pub fn validation(message: impl Into<String>) -> Error {
        Error::Validation {
            message: message.into(),
            location: None,
        }
    }

    /// A validation error that points at part of an expression.
    pub fn at(message: impl Into<String>, parameter: &'static str, span: Span) -> Error {
        Error::Validation {
            message: message.into(),
            location: Some(Location { parameter, span }),
        }
    }

    /// `One or more parameter values were invalid: <detail>`.
    pub fn invalid_parameter(detail: impl fmt::Display) -> Error {
        Error::validation(format!(
            "One or more parameter values were invalid: {detail}"
        ))
    }

    /// The standard not-found error.
    pub fn resource_not_found() -> Error {
        Error::ResourceNotFound("Requested resource not found".into())
    }

    /// DynamoDB's `__type` for this error.
    pub fn type_name(&self) -> &'static str {
        match self {
            Error::Validation { .. } => "com.amazon.coral.validate#ValidationException",
            Error::ResourceNotFound(_) => {
                "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException"
            }
            Error::ResourceInUse(_) => "com.amazonaws.dynamodb.v20120810#ResourceInUseException",
            Error::ConditionalCheckFailed { .. } => {
                "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException"
            }
            Error::Serialization(_) => "com.amazon.coral.service#SerializationException",
            Error::UnknownOperation => "com.amazon.coral.service#UnknownOperationException",
            Error::LimitExceeded(_) => "com.amazonaws.dynamodb.v20120810#LimitExceededException",
            Error::TransactionCanceled { .. } => {
                "com.amazonaws.dynamodb.v20120810#TransactionCanceledException"
            }
            Error::IdempotentParameterMismatch => {
                "com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException"
            }
            Error::ExpiredIterator(_) => {
                "com.amazonaws.dynamodb.v20120810#ExpiredIteratorException"
            }
            Error::TrimmedDataAccess(_) => {
                "com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException"
            }
            Error::ItemCollectionSizeLimitExceeded => {
                "com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException"
            }
            Error::TableNotFound(_) => "com.amazonaws.dynamodb.v20120810#TableNotFoundException",
            Error::DuplicateItem => "com.amazonaws.dynamodb.v20120810#DuplicateItemException",
        }
    }

    /// The short exception name, e.g. `ValidationException`.
    pub fn short_name(&self) -> &'static str {
        let full = self.type_name();
        full.rsplit('#').next().unwrap_or(full)
    }

    /// The HTTP status DynamoDB answers with (all of these are client errors).
    pub fn status(&self) -> u16 {
        400
    }

    /// Points a validation error that has no location yet at `span` of
    /// `parameter` (for errors found after parsing, which point at the
    /// whole expression).
    pub fn or_at(self, parameter: &'static str, span: Span) -> Error {
        match self {
            Error::Validation {
                message,
                location: None,
            } => Error::Validation {
                message,
                location: Some(Location { parameter, span }),
            },
            other => other,
        }
    }

    /// Where the error points, if it points into an expression.
    pub fn location(&self) -> Option<&Location> {
        match self {
            Error::Validation { location, .. } => location.as_ref(),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Validation { message, .. } => f.write_str(message),
            Error::ResourceNotFound(m)
            | Error::ResourceInUse(m)
            | Error::Serialization(m)
            | Error::LimitExceeded(m)
            | Error::ExpiredIterator(m)
            | Error::TrimmedDataAccess(m)
            | Error::TableNotFound(m) => f.write_str(m),
            Error::ConditionalCheckFailed { .. } => f.write_str("The conditional request failed"),
            Error::ItemCollectionSizeLimitExceeded => f.write_str("Collection size exceeded."),
            Error::DuplicateItem => f.write_str("Duplicate primary key exists in table"),
            Error::UnknownOperation => f.write_str(""),
            Error::TransactionCanceled { reasons } => {
                let codes: Vec<&str> = reasons.iter().map(|r| r.code).collect();
                write!(
                    f,
                    "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
                    codes.join(", ")
                )
            }
            // DynamoDB's wording for this one is not published; this says
            // what happened in its terms.
            Error::IdempotentParameterMismatch => f.write_str(
                "The request uses the same client token as a previous, but non-identical request.",
            ),
        }
    }
}

impl std::error::Error for Error {}

/// The engine's result type.
pub type Result<T> = std::result::Result<T, Error>;
