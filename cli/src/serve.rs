//! The HTTP front of the engine: `POST /` with `X-Amz-Target:
//! DynamoDB_20120810.<Operation>` and a JSON body, answered with
//! `application/x-amz-json-1.0`. Requests are signed by clients, but any
//! credentials are accepted. One log line per request goes to stderr.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use engine::Engine;

type Shared = Arc<Mutex<Engine>>;

/// Serves until Ctrl-C.
pub fn run(bind: &str, port: u16) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((bind, port)).await?;
        let address = listener.local_addr()?;
        eprintln!("ddbplay: serving DynamoDB's API on http://{address} (Ctrl-C to stop)");
        let mut engine = Engine::new();
        engine.set_endpoint(address.to_string());
        let engine = Arc::new(Mutex::new(engine));
        tokio::spawn(expire_items(engine.clone()));
        axum::serve(listener, router(engine))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
                eprintln!("ddbplay: stopping");
            })
            .await
    })
}

fn router(engine: Shared) -> Router {
    Router::new()
        .route("/", post(dynamodb).get(health))
        .with_state(engine)
}

async fn health() -> &'static str {
    "healthy: ddbplay"
}

/// How often expired items are deleted.
const TTL_SWEEP: std::time::Duration = std::time::Duration::from_secs(10);

/// Deletes items whose time to live has passed, by the wall clock, every
/// few seconds (DynamoDB does it in the background too, only more slowly).
async fn expire_items(engine: Shared) {
    let mut ticks = tokio::time::interval(TTL_SWEEP);
    loop {
        ticks.tick().await;
        let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
        let now = now_seconds();
        engine.set_clock(now);
        engine.expire_items(now);
    }
}

fn now_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| (d.as_millis() as f64) / 1000.0)
}

async fn dynamodb(State(engine): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    let started = Instant::now();
    let target = headers
        .get("x-amz-target")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let answer = {
        // A poisoned lock only means an earlier request panicked; the engine
        // validates before it writes, so its state is still whole.
        let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
        engine.set_clock(now_seconds());
        engine::api::handle(&mut engine, &target, &body)
    };
    let operation = target.rsplit('.').next().unwrap_or("");
    eprintln!(
        "{operation} {} in={}B out={}B {}us",
        answer.status,
        body.len(),
        answer.body.len(),
        started.elapsed().as_micros()
    );
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::BAD_REQUEST);
    let mut response = (status, answer.body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-amz-json-1.0"),
    );
    headers.insert("x-amzn-requestid", HeaderValue::from_static("ddbplay"));
    response
}
