//! `ddbplay serve`: the engine behind DynamoDB's HTTP API, on loopback by
//! default, for the aws CLI, boto3 and the SDKs on the same machine.
//!
//! A local server is still reachable by every web page the machine's
//! browser opens, and by every program on it, so it holds each client to
//! bounds before any of its bytes reach the engine:
//!
//! 1. **Who may ask** ([`hosts`]): a request whose `Host` header does not
//!    name the address the server listens on — 127.0.0.1, localhost,
//!    `[::1]`, the bound address, or a name given with `--allow-host` —
//!    is refused with 403. A web page that rebinds its own domain name to
//!    127.0.0.1 (DNS rebinding) sends its own name as the host, so it
//!    cannot read or write the tables.
//! 2. **How many at once**: at most `--max-connections` connections are
//!    served; more wait in the listen queue until one closes.
//! 3. **How slowly**: a connection that does not send a request's headers
//!    within `--header-timeout` seconds — a new request's, on a kept-alive
//!    connection, too — is closed, and a request whose body does not
//!    arrive within `--request-timeout` seconds is answered with a
//!    timeout ([`handler`]).
//! 4. **How much**: a body over DynamoDB's largest request, 16 MB
//!    ([`engine::limits::MAX_REQUEST_BYTES`]), is refused as it arrives,
//!    with a DynamoDB error, never read whole; headers are read up to
//!    64 KB ([`crate::limits`]).
//! 5. **How long it holds the engine**: the engine is one table store,
//!    and the bounds every input is held to ([`engine::limits`]) keep any
//!    one request's hold on it short — a few milliseconds for the largest
//!    (a 1 MB page of a Scan, 25 items of 400 KB).
//!
//! The server runs on one thread: connections are served side by side by
//! one asynchronous loop, and each request's engine work runs on it in
//! turn. The engine answers one request at a time anyway, and a second
//! worker thread only added hand-offs: with two, a Query of 100 items
//! cost 2.6 context switches and a GetItem 2.2, against 1.0 for either
//! on one thread, and the processor time per Query spread from 130 to
//! 255 µs between identical runs (119–153 µs on one thread). Memory comes
//! from mimalloc without transparent huge pages (its `no_thp` feature):
//! with them, a freed 2 MB region taken again was zeroed whole on its
//! first touch, a third of a 25-item BatchWriteItem's processor time.

pub mod data;
mod handler;
mod hosts;
mod identity;
mod request_log;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::routing::post;
use engine::Engine;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use hosts::Hosts;
pub use request_log::LogFormat;

/// How the server is run, from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub bind: String,
    pub port: u16,
    /// Host names allowed beside the address listened on.
    pub allow_hosts: Vec<String>,
    pub max_connections: usize,
    pub header_timeout: Duration,
    pub request_timeout: Duration,
    /// Where the clock starts (seconds since 1970), when not now.
    pub clock: Option<f64>,
    /// What each request leaves on standard error.
    pub log: LogFormat,
    /// Where tables are kept across restarts (`--data`), and how.
    pub data: Option<data::Settings>,
    /// The playground the engine was built from (`--load`), as a
    /// `.ddbplay.json` file's text: with `--data`, the log's first record.
    pub loaded: Option<String>,
}

/// What every request's handling shares.
#[derive(Clone)]
struct Shared {
    engine: Arc<Mutex<Engine>>,
    hosts: Arc<Hosts>,
    request_timeout: Duration,
    clock: Clock,
    log: LogFormat,
    /// The log every change is appended to, with `--data`.
    journal: Option<Arc<data::Journal>>,
}

/// The server's clock: the wall clock, or one started at another time
/// that runs on at the wall clock's pace.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    /// Seconds added to the wall clock.
    offset: f64,
}

impl Clock {
    /// A clock that reads `start` now.
    pub fn starting_at(start: Option<f64>) -> Clock {
        Clock {
            offset: start.map_or(0.0, |start| start - wall_seconds()),
        }
    }

    /// Seconds since 1970 by this clock.
    pub fn now(&self) -> f64 {
        wall_seconds() + self.offset
    }
}

fn wall_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| (d.as_millis() as f64) / 1000.0)
}

/// `--clock`'s value: RFC 3339 (`2024-06-01T00:00:00Z`) or seconds since 1970.
pub fn parse_clock(text: &str) -> Result<f64, String> {
    if let Ok(seconds) = text.parse::<f64>() {
        return Ok(seconds);
    }
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .map(|t| t.unix_timestamp() as f64)
        .map_err(|_| {
            format!("{text} is not a time: write 2024-06-01T00:00:00Z, or seconds since 1970")
        })
}

/// Serves `engine` (a fresh one, or one `--load` filled) until Ctrl-C.
pub fn run(options: Options, engine: Engine) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(options, engine))
}

async fn serve(options: Options, mut engine: Engine) -> std::io::Result<()> {
    let listener = TcpListener::bind((options.bind.as_str(), options.port)).await?;
    let address = listener.local_addr()?;
    // The lock file stays open, and so locked, while the server runs.
    let (journal, _lock) = match &options.data {
        Some(settings) => {
            let loaded = options
                .loaded
                .clone()
                .map(|document| data::record::Entry::Load {
                    clock: Clock::starting_at(options.clock).now(),
                    document,
                });
            let (journal, lock) = data::open(settings, &mut engine, loaded)
                .map_err(|why| std::io::Error::other(format!("--data: {why}")))?;
            (Some(Arc::new(journal)), Some(lock))
        }
        None => (None, None),
    };
    engine.set_endpoint(address.to_string());
    eprintln!("ddbplay: serving DynamoDB's API on http://{address} (Ctrl-C to stop)");
    let shared = Shared {
        engine: Arc::new(Mutex::new(engine)),
        hosts: Arc::new(Hosts::for_address(address, &options.allow_hosts)),
        request_timeout: options.request_timeout,
        clock: Clock::starting_at(options.clock),
        log: options.log,
        journal,
    };
    tokio::spawn(handler::expire_items(
        shared.engine.clone(),
        shared.clock,
        shared.journal.clone(),
    ));
    let app = router(shared);
    let connections = Arc::new(Semaphore::new(options.max_connections.max(1)));
    let stop = tokio::signal::ctrl_c();
    tokio::pin!(stop);
    loop {
        // A permit first: past the cap, connections wait to be accepted.
        let permit = tokio::select! {
            _ = &mut stop => break,
            permit = connections.clone().acquire_owned() => permit,
        };
        let Ok(permit) = permit else { break };
        let (stream, peer) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it
                // was accepted: the next one may be fine.
                Err(error) => {
                    eprintln!("ddbplay: accept: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let service = TowerToHyperService::new(app.clone());
        let header_timeout = options.header_timeout;
        tokio::spawn(async move {
            let _permit = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_buf_size(crate::limits::MAX_HEADER_BYTES)
                .keep_alive(true);
            if let Err(error) = http.serve_connection(TokioIo::new(stream), service).await {
                log_connection_error(peer, &error);
            }
        });
    }
    eprintln!("ddbplay: stopping");
    Ok(())
}

/// A connection closed for a reason worth a line: a timeout, or bytes
/// that are not HTTP. (A client hanging up is not.)
fn log_connection_error(peer: SocketAddr, error: &hyper::Error) {
    if error.is_timeout() {
        eprintln!("ddbplay: {peer}: closed, no request within the header timeout");
    } else if error.is_parse() || error.is_parse_too_large() {
        eprintln!("ddbplay: {peer}: closed, not an HTTP request");
    }
}

fn router(shared: Shared) -> Router {
    Router::new()
        .route("/", post(handler::dynamodb).get(handler::health))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            handler::only_allowed_hosts,
        ))
        .with_state(shared)
}
