//! The line each request leaves on standard error (`--log`):
//!
//! - `requests` (the default): `PutItem 200 in=120B out=2B 85us
//!   id=4KBN…`, readable while a lesson runs;
//! - `json`: one JSON object a line (`time`, `requestId`, `operation`,
//!   `status`, `error` when it failed, `bytesIn`, `bytesOut`, `micros`),
//!   for a log collector or `jq`;
//! - `quiet`: nothing per request (start, stop and connection problems
//!   still print).
//!
//! A request refused before the engine (too large, too slow, a host the
//! server does not answer) logs its status and error like any other.

use serde_json::json;

/// How requests are logged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Quiet,
    #[default]
    Requests,
    Json,
}

/// One request, as logged.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<'a> {
    /// When it was answered, RFC 3339 by the wall clock.
    pub time: String,
    pub request_id: &'a str,
    /// The operation `X-Amz-Target` names (empty when none).
    pub operation: &'a str,
    pub status: u16,
    /// The error's name, when it failed (`ConditionalCheckFailedException`).
    pub error: Option<String>,
    pub bytes_in: usize,
    pub bytes_out: usize,
    pub micros: u128,
}

/// The line for `entry`, or none.
pub fn line(format: LogFormat, entry: &Entry) -> Option<String> {
    match format {
        LogFormat::Quiet => None,
        LogFormat::Requests => {
            let operation = if entry.operation.is_empty() {
                "-"
            } else {
                entry.operation
            };
            let error = entry
                .error
                .as_deref()
                .map(|e| format!(" {e}"))
                .unwrap_or_default();
            Some(format!(
                "{operation} {}{error} in={}B out={}B {}us id={}",
                entry.status, entry.bytes_in, entry.bytes_out, entry.micros, entry.request_id
            ))
        }
        LogFormat::Json => {
            let mut object = json!({
                "time": entry.time,
                "requestId": entry.request_id,
                "operation": entry.operation,
                "status": entry.status,
                "bytesIn": entry.bytes_in,
                "bytesOut": entry.bytes_out,
                "micros": entry.micros as u64,
            });
            if let Some(error) = &entry.error {
                object["error"] = json!(error);
            }
            Some(object.to_string())
        }
    }
}

/// Writes the line for `entry`, if the format has one.
pub fn write(format: LogFormat, entry: &Entry) {
    if let Some(line) = line(format, entry) {
        eprintln!("{line}");
    }
}

/// The error's name in a DynamoDB error body: the part of `__type`
/// after `#`.
pub fn error_name(status: u16, body: &str) -> Option<String> {
    if status < 300 {
        return None;
    }
    let parsed: serde_json::Value = serde_json::from_str(body).ok()?;
    let kind = parsed.get("__type")?.as_str()?;
    Some(kind.rsplit('#').next().unwrap_or(kind).to_string())
}

/// Now, in RFC 3339.
pub fn now() -> String {
    time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(error: Option<&str>) -> Entry<'static> {
        Entry {
            time: "2026-12-05T12:00:00.000Z".into(),
            request_id: "ABC",
            operation: "PutItem",
            status: if error.is_some() { 400 } else { 200 },
            error: error.map(str::to_string),
            bytes_in: 120,
            bytes_out: 2,
            micros: 85,
        }
    }

    #[test]
    fn each_format_writes_its_line() {
        assert_eq!(line(LogFormat::Quiet, &entry(None)), None);
        assert_eq!(
            line(LogFormat::Requests, &entry(None)).unwrap(),
            "PutItem 200 in=120B out=2B 85us id=ABC"
        );
        assert_eq!(
            line(
                LogFormat::Requests,
                &entry(Some("ConditionalCheckFailedException"))
            )
            .unwrap(),
            "PutItem 400 ConditionalCheckFailedException in=120B out=2B 85us id=ABC"
        );
        assert_eq!(
            line(LogFormat::Json, &entry(Some("ValidationException"))).unwrap(),
            r#"{"bytesIn":120,"bytesOut":2,"error":"ValidationException","micros":85,"operation":"PutItem","requestId":"ABC","status":400,"time":"2026-12-05T12:00:00.000Z"}"#
        );
    }

    #[test]
    fn the_error_name_is_the_type_after_its_hash() {
        let body = r#"{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"x"}"#;
        assert_eq!(
            error_name(400, body).as_deref(),
            Some("ResourceNotFoundException")
        );
        assert_eq!(error_name(200, "{}"), None);
        assert_eq!(error_name(500, "not json"), None);
    }
}
