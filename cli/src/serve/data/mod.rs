//! `ddbplay serve --data DIR`: tables kept across restarts.
//!
//! The engine lives in memory as ever; what makes it durable is a log of
//! every change, appended before the change is acknowledged:
//!
//! 1. A request that changes something (any operation but the reads and
//!    descriptions) and that DynamoDB's API answered with 200 is written
//!    to the log as it arrived, with the server's clock, while the engine
//!    is still held — so the log's order is the order the engine applied
//!    them in — and so is each time-to-live sweep that deleted items
//!    ([`record`]). A transaction is one record: on replay it is all
//!    there or not at all.
//! 2. The answer waits until its record is on disk as `--sync` asks
//!    ([`journal`]): `always` syncs each record on its own; `batch` (the
//!    default) writes every record waiting and syncs them together — a
//!    group commit, one `fsync` for many clients; `none` leaves the
//!    bytes to the operating system (they survive the server being
//!    killed, not the machine losing power).
//! 3. On start the log is read and replayed through the engine, each
//!    request at its own clock, so item collections, indexes, streams and
//!    their records, time to live, tags, point-in-time recovery and
//!    transactions' idempotency tokens come back as they were. A torn or
//!    damaged last record — what a crash leaves — is named and cut off;
//!    damage with whole records after it stops the start and changes
//!    nothing.
//! 4. One server per directory: a lock on `DIR/lock`.
//!
//! Why a log of requests and not an embedded store: the engine is the
//! state, with its indexes, streams and capacity rules; a store of items
//! beside it would have to be kept equal to the engine's own and would
//! still need the engine's rules to rebuild indexes and streams. The
//! request log is the one thing the engine cannot recompute — the order
//! and time of its inputs — and appending it is a single sequential write.

pub mod journal;
pub mod record;

pub use journal::{Journal, SyncMode, open};
