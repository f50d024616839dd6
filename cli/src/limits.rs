//! The bounds `ddbplay serve` holds each client to, beside the engine's
//! own ([`engine::limits`], among them DynamoDB's 16 MB request):
//! the defaults of its command-line options, and the size of a request's
//! headers.

/// Connections served at once, by default; more wait to be accepted.
pub const MAX_CONNECTIONS: usize = 256;

/// Seconds a connection may take to send a request's headers, or stay
/// idle between requests, by default.
pub const HEADER_TIMEOUT_SECONDS: u64 = 30;

/// Seconds a request's body may take to arrive, by default.
pub const REQUEST_TIMEOUT_SECONDS: u64 = 60;

/// The most bytes of a request's headers read: far above what the SDKs
/// send (a signed request's headers are about 1 KB), far below hyper's
/// default of about 400 KB. Hyper checks the bound before each block it
/// reads, so the refusal (an empty 431, or 414 for a long request line)
/// comes at about 112 KB, measured. DynamoDB's own answer to oversized
/// request lines and headers is not published and cannot be recorded
/// here; these refusals are the server's.
pub const MAX_HEADER_BYTES: usize = 64 * 1024;
