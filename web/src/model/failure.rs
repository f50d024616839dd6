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

    /// The same, pointing at where `text`, typed into `field`, stopped
    /// reading as JSON: the character serde_json stopped at, or the end
    /// of the text when it ended too soon.
    pub fn at_json_error(mut self, field: &str, text: &str, error: &serde_json::Error) -> Failure {
        let at = json_error_offset(text, error);
        self.location = Some((field.to_string(), at, at + 1));
        self
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

/// The byte of `text` a JSON reader stopped at. serde_json counts lines
/// from 1 and columns in bytes from the line's start to just past the
/// character it stopped on (0 when it stopped before any).
fn json_error_offset(text: &str, error: &serde_json::Error) -> usize {
    if error.is_eof() {
        return text.len();
    }
    let line_start: usize = text
        .split_inclusive('\n')
        .take(error.line().saturating_sub(1))
        .map(str::len)
        .sum();
    let mut at = (line_start + error.column().saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A place in typed text shown as an editor shows an error: the line it
/// is on, its number, and a marker line with a caret under the place.
#[derive(Clone, Debug, PartialEq)]
pub struct Caret {
    /// Counted from 1.
    pub line_number: usize,
    pub line: String,
    /// Spaces (tabs where the line has tabs) up to the place, then `^`.
    pub marker: String,
}

/// The caret at byte `at` of `text` (past its end: after the last
/// character).
pub fn caret(text: &str, at: usize) -> Caret {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let marker: String = text[line_start..at]
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .chain(std::iter::once('^'))
        .collect();
    Caret {
        line_number: text[..line_start].matches('\n').count() + 1,
        line: text[line_start..line_end]
            .trim_end_matches('\r')
            .to_string(),
        marker,
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

    fn json_failure(text: &str) -> Failure {
        let error = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        Failure::refused("not JSON").at_json_error("ExpressionAttributeValues", text, &error)
    }

    #[test]
    fn a_json_error_points_at_the_character_the_reader_stopped_at() {
        // A number where DynamoDB JSON wants {"N": "5"} is valid JSON; a
        // single-quoted string is not, and the reader stops at its quote.
        let text = "{\n  \":min\": {'N': 5}\n}";
        let failure = json_failure(text);
        let (field, start, end) = failure.location.unwrap();
        assert_eq!(field, "ExpressionAttributeValues");
        assert_eq!((start, end), (13, 14));
        assert_eq!(&text[start..end], "'");
        assert_eq!(
            caret(text, start),
            Caret {
                line_number: 2,
                line: "  \":min\": {'N': 5}".into(),
                marker: "           ^".into(),
            }
        );
    }

    #[test]
    fn a_json_text_cut_short_points_past_its_end() {
        let text = "{\":pk\": {\"S\": \"CUST#c1\"}";
        let (_, start, _) = json_failure(text).location.unwrap();
        assert_eq!(start, text.len());
        assert_eq!(
            caret(text, start).marker,
            format!("{}^", " ".repeat(text.len()))
        );
    }

    #[test]
    fn a_caret_counts_characters_not_bytes_and_keeps_tabs() {
        let text = "{\n\t\"é\": x}";
        let (_, start, _) = json_failure(text).location.unwrap();
        assert_eq!(&text[start..start + 1], "x");
        let shown = caret(text, start);
        assert_eq!((shown.line_number, shown.marker.as_str()), (2, "\t     ^"));
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
