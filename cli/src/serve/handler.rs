//! One request: `POST /` with `X-Amz-Target: DynamoDB_20120810.<Operation>`
//! and a JSON body, answered with `application/x-amz-json-1.0`. Requests
//! are signed by clients, but any credentials are accepted. Every answer
//! carries its own request id and its body's CRC32, as DynamoDB's do
//! ([`super::identity`]). One log line per request goes to stderr, as
//! `--log` asks ([`super::request_log`]).
//!
//! The body is read under DynamoDB's 16 MB limit and the request timeout;
//! the engine then runs on the connection's own task ([`run_engine`]). Refusals before the engine
//! are JSON errors of DynamoDB's shape, so the SDKs report them as errors
//! with a name and a message (the names are this server's choice where
//! DynamoDB's own front end is not documented):
//!
//! - a body over 16 MB: 413, `RequestEntityTooLarge`;
//! - a body that does not arrive within the request timeout: 408,
//!   `RequestTimeoutException`;
//! - a `Host` the server does not answer ([`super::hosts`]): 403,
//!   `AccessDeniedException`.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use engine::Engine;
use engine::limits::MAX_REQUEST_BYTES;

use super::Shared;
use super::data::Journal;
use super::data::journal::changes_state;
use super::data::record::Entry;
use super::request_log;

pub async fn health() -> &'static str {
    "healthy: ddbplay"
}

/// How often expired items are deleted.
const TTL_SWEEP: std::time::Duration = std::time::Duration::from_secs(10);

/// Deletes items whose time to live has passed, by the server's clock,
/// every few seconds (DynamoDB does it in the background too, only more
/// slowly).
/// A sweep that deleted something is a change like any other: with
/// `--data` it is logged, and the next sweep waits until it is written.
pub async fn expire_items(
    engine: Arc<Mutex<Engine>>,
    clock: super::Clock,
    journal: Option<Arc<Journal>>,
) {
    let mut ticks = tokio::time::interval(TTL_SWEEP);
    loop {
        ticks.tick().await;
        let engine = engine.clone();
        let journal = journal.clone();
        let logged = tokio::task::spawn_blocking(move || {
            let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
            let now = clock.now();
            engine.set_clock(now);
            let deleted = engine.expire_items(now);
            journal
                .filter(|_| deleted > 0)
                .map(|j| j.append(&Entry::Expire { clock: now }))
        })
        .await;
        if let Ok(Some(written)) = logged {
            let _ = written.await;
        }
    }
}

/// A request refused before the engine: its status, DynamoDB's name for
/// the error, and the message.
struct Refused {
    status: StatusCode,
    kind: &'static str,
    message: String,
}

/// One request being answered: what its log line needs.
struct Answering<'a> {
    shared: &'a Shared,
    request_id: String,
    operation: &'a str,
    started: Instant,
    bytes_in: usize,
}

impl Answering<'_> {
    /// The answer, with DynamoDB's content type, the request's id and the
    /// body's CRC32 ([`super::identity`]), logged ([`super::request_log`]).
    fn answer(
        &self,
        status: StatusCode,
        body: String,
        crc32: Option<u32>,
        error: Option<String>,
    ) -> Response {
        request_log::write(
            self.shared.log,
            &request_log::Entry {
                time: request_log::now(),
                request_id: &self.request_id,
                operation: self.operation,
                status: status.as_u16(),
                error,
                bytes_in: self.bytes_in,
                bytes_out: body.len(),
                micros: self.started.elapsed().as_micros(),
            },
        );
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/x-amz-json-1.0"),
        );
        super::identity::stamp(&mut headers, &self.request_id, body.as_bytes(), crc32);
        (status, headers, body).into_response()
    }

    /// An error of DynamoDB's shape, before the engine.
    fn refuse(&self, refused: Refused) -> Response {
        let body = serde_json::json!({
            "__type": format!("com.amazon.coral.service#{}", refused.kind),
            "message": refused.message,
        });
        self.answer(
            refused.status,
            body.to_string(),
            None,
            Some(refused.kind.to_string()),
        )
    }
}

/// Refuses a request whose `Host` the server does not answer.
pub async fn only_allowed_hosts(
    State(shared): State<Shared>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if shared.hosts.allows(host) {
        return next.run(request).await;
    }
    let answering = Answering {
        shared: &shared,
        request_id: super::identity::request_id(),
        operation: operation_of(request.headers()),
        started: Instant::now(),
        bytes_in: 0,
    };
    answering.refuse(Refused {
        status: StatusCode::FORBIDDEN,
        kind: "AccessDeniedException",
        message: format!(
            "ddbplay serve answers requests for 127.0.0.1, localhost and the address it listens on, not for {host:?}; start it with --allow-host to answer another name"
        ),
    })
}

/// The operation `X-Amz-Target` names, as logged.
fn operation_of(headers: &HeaderMap) -> &str {
    headers
        .get("x-amz-target")
        .and_then(|v| v.to_str().ok())
        .and_then(|t| t.rsplit('.').next())
        .unwrap_or("")
}

/// Reads the body, at most [`MAX_REQUEST_BYTES`], within the request timeout.
async fn read_body(shared: &Shared, headers: &HeaderMap, body: Body) -> Result<Bytes, Refused> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let too_large = |bytes: String| Refused {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        kind: "RequestEntityTooLarge",
        message: format!(
            "The request is {bytes} bytes; DynamoDB takes requests of at most {MAX_REQUEST_BYTES} bytes"
        ),
    };
    if let Some(length) = declared.filter(|n| *n > MAX_REQUEST_BYTES as u64) {
        return Err(too_large(length.to_string()));
    }
    match tokio::time::timeout(
        shared.request_timeout,
        axum::body::to_bytes(body, MAX_REQUEST_BYTES),
    )
    .await
    {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(too_large(format!("more than {MAX_REQUEST_BYTES}"))),
        Err(_) => Err(Refused {
            status: StatusCode::REQUEST_TIMEOUT,
            kind: "RequestTimeoutException",
            message: format!(
                "The request's body did not arrive within {} seconds",
                shared.request_timeout.as_secs()
            ),
        }),
    }
}

/// Runs one request in the engine, on the connection's own task, and
/// hands its change to the log when it made one.
///
/// The engine answers in microseconds (a Query of 100 items) to a few
/// milliseconds (a 1 MB page of a Scan, 25 items of 400 KB), less than a
/// hop to another thread costs in processor time: moving each call to
/// tokio's blocking pool cost more than the engine itself on small
/// requests. The server's one thread serves the other connections
/// between requests ([`super`]).
fn run_engine(
    shared: &Shared,
    target: String,
    body: &Bytes,
) -> (
    engine::api::Response,
    Option<tokio::sync::oneshot::Receiver<()>>,
) {
    // A poisoned lock only means an earlier request panicked; the engine
    // validates before it writes, so its state is still whole.
    let mut engine = shared.engine.lock().unwrap_or_else(|p| p.into_inner());
    let now = shared.clock.now();
    engine.set_clock(now);
    let answer = engine::api::handle(&mut engine, &target, body);
    // Logged while the engine is held: the log keeps its order.
    let logged = shared
        .journal
        .as_ref()
        .filter(|_| answer.status == 200 && changes_state(&target))
        .map(|j| {
            j.append(&Entry::Request {
                clock: now,
                operation: target,
                body: body.to_vec(),
            })
        });
    (answer, logged)
}

pub async fn dynamodb(State(shared): State<Shared>, request: Request) -> Response {
    let started = Instant::now();
    let (parts, body) = request.into_parts();
    let target = parts
        .headers
        .get("x-amz-target")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut answering = Answering {
        shared: &shared,
        request_id: super::identity::request_id(),
        operation: operation_of(&parts.headers),
        started,
        bytes_in: 0,
    };
    let body = match read_body(&shared, &parts.headers, body).await {
        Ok(body) => body,
        Err(refused) => return answering.refuse(refused),
    };
    answering.bytes_in = body.len();
    let (answer, logged) = run_engine(&shared, target, &body);
    // The answer waits until its change is on disk, as --sync asks.
    let answer = match logged {
        Some(written) => written.await.ok().map(|()| answer),
        None => Some(answer),
    };
    let Some(answer) = answer else {
        return answering.refuse(Refused {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            kind: "InternalServerError",
            message: "The request could not be completed".into(),
        });
    };
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::BAD_REQUEST);
    let error = request_log::error_name(answer.status, &answer.body);
    answering.answer(status, answer.body, answer.crc32, error)
}
