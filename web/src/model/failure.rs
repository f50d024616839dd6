//! Why something the learner asked for did not happen, as one type the
//! whole page passes around and shows: DynamoDB's answer to a request the
//! engine refused (its exception name, message, the span it points at, a
//! cancelled transaction's reasons), or the page's own refusal of an input
//! (a link over a bound, a template that does not read, a file too large),
//! whose message names the field and the limit. It writes itself: a
//! DynamoDB failure as the SDKs print it, `ValidationException: …`, the
//! page's own as its sentence.

use std::fmt;

/// A refusal or an error, in the words the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// DynamoDB's exception, e.g. `ValidationException`; `None` when the
    /// page itself refused the input.
    pub kind: Option<String>,
    /// DynamoDB's message, or the page's sentence.
    pub message: String,
    /// The request parameter and byte range to underline.
    pub location: Option<(String, usize, usize)>,
    /// A cancelled transaction's reasons, one line per action in order.
    pub reasons: Vec<String>,
}

impl Failure {
    /// The page's own refusal: `message` names what was refused and why.
    pub fn refused(message: impl Into<String>) -> Failure {
        Failure {
            kind: None,
            message: message.into(),
            location: None,
            reasons: Vec::new(),
        }
    }

    /// A DynamoDB exception the page raises itself, as the service would
    /// (a request body that is not JSON is a `SerializationException`).
    pub fn service(kind: &str, message: impl Into<String>) -> Failure {
        Failure {
            kind: Some(kind.to_string()),
            ..Failure::refused(message)
        }
    }

    /// This failure as the cause of a larger one: "`doing`: what failed".
    /// The kind moves into the sentence, which is all the larger failure
    /// has to say.
    pub fn within(self, doing: &str) -> Failure {
        Failure::refused(format!("{doing}: {self}"))
    }

    /// DynamoDB's exception name, or "" for the page's own refusal.
    pub fn kind(&self) -> &str {
        self.kind.as_deref().unwrap_or("")
    }
}

impl From<engine::Error> for Failure {
    fn from(error: engine::Error) -> Failure {
        Failure {
            kind: Some(error.short_name().to_string()),
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
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Some(kind) => write!(f, "{kind}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Failure {}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dynamodb_failure_writes_its_exception_before_its_message() {
        let failure = Failure::service(
            "ValidationException",
            "One or more parameter values were invalid",
        );
        assert_eq!(
            failure.to_string(),
            "ValidationException: One or more parameter values were invalid"
        );
    }

    #[test]
    fn the_pages_own_refusal_is_its_sentence() {
        let failure = Failure::refused("The link is longer than 65536 characters.");
        assert_eq!(
            failure.to_string(),
            "The link is longer than 65536 characters."
        );
        assert_eq!(failure.kind(), "");
    }

    #[test]
    fn a_failure_within_a_larger_one_keeps_its_exception_in_the_sentence() {
        let undo = Failure::service(
            "ConditionalCheckFailedException",
            "The conditional request failed",
        )
        .within("Could not undo the measured write");
        assert_eq!(
            undo.to_string(),
            "Could not undo the measured write: ConditionalCheckFailedException: The conditional request failed"
        );
        assert_eq!(undo.kind, None);
    }

    #[test]
    fn an_engine_error_keeps_the_span_it_points_at() {
        let mut engine = engine::Engine::new();
        engine::api::call(
            &mut engine,
            engine::api::Operation::CreateTable,
            br#"{"TableName":"items","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],
                "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}"#,
        )
        .unwrap();
        let error = engine::api::call(
            &mut engine,
            engine::api::Operation::Query,
            br#"{"TableName":"items","KeyConditionExpression":"PK = = :v"}"#,
        )
        .unwrap_err();
        let failure = Failure::from(error);
        assert_eq!(failure.kind(), "ValidationException");
        let (parameter, start, end) = failure
            .location
            .expect("a syntax error points at its token");
        assert_eq!(parameter, "KeyConditionExpression");
        assert!(start < end && end <= "PK = = :v".len(), "{start}..{end}");
    }
}
