//! One request: `POST /` with `X-Amz-Target: DynamoDB_20120810.<Operation>`
//! and a JSON body, answered with `application/x-amz-json-1.0`. Requests
//! are signed by clients, but any credentials are accepted. One log line
//! per request goes to stderr.
//!
//! The body is read under DynamoDB's 16 MB limit and the request timeout;
//! the engine then runs on a blocking thread, so that the server's other
//! connections are read and written meanwhile. Refusals before the engine
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

pub async fn health() -> &'static str {
    "healthy: ddbplay"
}

/// How often expired items are deleted.
const TTL_SWEEP: std::time::Duration = std::time::Duration::from_secs(10);

/// Deletes items whose time to live has passed, by the server's clock,
/// every few seconds (DynamoDB does it in the background too, only more
/// slowly).
pub async fn expire_items(engine: Arc<Mutex<Engine>>, clock: super::Clock) {
    let mut ticks = tokio::time::interval(TTL_SWEEP);
    loop {
        ticks.tick().await;
        let engine = engine.clone();
        let _ = tokio::task::spawn_blocking(move || {
            let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
            let now = clock.now();
            engine.set_clock(now);
            engine.expire_items(now);
        })
        .await;
    }
}

/// An error of DynamoDB's shape, before the engine.
fn refusal(status: StatusCode, kind: &str, message: &str) -> Response {
    let body = serde_json::json!({
        "__type": format!("com.amazon.coral.service#{kind}"),
        "message": message,
    });
    json_response(status, body.to_string())
}

fn json_response(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-amz-json-1.0"),
    );
    headers.insert("x-amzn-requestid", HeaderValue::from_static("ddbplay"));
    response
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
    eprintln!("ddbplay: refused a request for host {host:?}");
    refusal(
        StatusCode::FORBIDDEN,
        "AccessDeniedException",
        &format!(
            "ddbplay serve answers requests for 127.0.0.1, localhost and the address it listens on, not for {host:?}; start it with --allow-host to answer another name"
        ),
    )
}

/// Reads the body, at most [`MAX_REQUEST_BYTES`], within the request timeout.
async fn read_body(shared: &Shared, headers: &HeaderMap, body: Body) -> Result<Bytes, Response> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let too_large = |bytes: String| {
        refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            "RequestEntityTooLarge",
            &format!(
                "The request is {bytes} bytes; DynamoDB takes requests of at most {MAX_REQUEST_BYTES} bytes"
            ),
        )
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
        Err(_) => Err(refusal(
            StatusCode::REQUEST_TIMEOUT,
            "RequestTimeoutException",
            &format!(
                "The request's body did not arrive within {} seconds",
                shared.request_timeout.as_secs()
            ),
        )),
    }
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
    let operation = target.rsplit('.').next().unwrap_or("").to_string();
    let body = match read_body(&shared, &parts.headers, body).await {
        Ok(body) => body,
        Err(refused) => {
            eprintln!(
                "{operation} {} refused before the engine",
                refused.status().as_u16()
            );
            return refused;
        }
    };
    let in_bytes = body.len();
    let engine = shared.engine.clone();
    let clock = shared.clock;
    let answer = tokio::task::spawn_blocking(move || {
        // A poisoned lock only means an earlier request panicked; the engine
        // validates before it writes, so its state is still whole.
        let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
        engine.set_clock(clock.now());
        engine::api::handle(&mut engine, &target, &body)
    })
    .await;
    let Ok(answer) = answer else {
        return refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "InternalServerError",
            "The request could not be completed",
        );
    };
    eprintln!(
        "{operation} {} in={in_bytes}B out={}B {}us",
        answer.status,
        answer.body.len(),
        started.elapsed().as_micros()
    );
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::BAD_REQUEST);
    json_response(status, answer.body)
}
