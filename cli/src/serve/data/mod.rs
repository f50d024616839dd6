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
//! 3. When the log has grown past `--snapshot-after`, it is sealed and a
//!    new one started, and a thread of its own replays the sealed logs
//!    onto the last snapshot and writes the next ([`snapshotter`],
//!    [`snapshot`]: the engine's whole state, [`engine::persist`]); once
//!    that is on disk the logs it covers are removed.
//! 4. On start the newest snapshot is read and the logs after it are
//!    replayed through the engine, each request at its own clock, so item
//!    collections, indexes, streams and their records, time to live,
//!    tags, point-in-time recovery and transactions' idempotency tokens
//!    come back as they were ([`directory`]). A torn or damaged last
//!    record — what a crash leaves — is named and cut off; damage
//!    anywhere else stops the start and changes nothing.
//! 5. One server per directory: a lock on `DIR/lock`.
//!
//! Why a log of requests and not an embedded store: the engine is the
//! state, with its indexes, streams and capacity rules; a store of items
//! beside it would have to be kept equal to the engine's own and would
//! still need the engine's rules to rebuild indexes and streams. The
//! request log is the one thing the engine cannot recompute — the order
//! and time of its inputs — and appending it is a single sequential write.
//! Measured (`cargo bench -p ddbplay --bench durable_write`, a 1 KB
//! PutItem, medians on a 2-core machine's disk): appending the record and
//! `fdatasync` 144 µs, the same record committed to redb 5 with
//! `Durability::Immediate` 239 µs; eight writes per sync 254 µs against
//! 474 µs per redb commit of eight — the log keeps 1.7 to 1.9 times the
//! durable writes, where the engine's own apply takes 8.5 µs. The store
//! would also hold a second copy of every item.

pub mod directory;
pub mod journal;
pub mod record;
pub mod snapshot;
pub mod snapshotter;

pub use journal::{Journal, SyncMode, open};

/// `--data DIR`, `--sync` and `--snapshot-after`.
#[derive(Clone, Debug)]
pub struct Settings {
    pub dir: std::path::PathBuf,
    pub sync: SyncMode,
    /// Bytes of log after which a snapshot is taken (or a quarter of the
    /// last snapshot's size, when that is more).
    pub snapshot_after: u64,
}

/// `--snapshot-after`'s value: bytes, or with a `K`, `M` or `G` suffix
/// (powers of 1024); at least 1 KiB.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.trim().char_indices().last() {
        Some((at, 'K' | 'k')) => (&text[..at], 1u64 << 10),
        Some((at, 'M' | 'm')) => (&text[..at], 1 << 20),
        Some((at, 'G' | 'g')) => (&text[..at], 1 << 30),
        _ => (text, 1),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .filter(|&bytes| bytes >= 1024)
        .ok_or_else(|| format!("{text} is not a size of at least 1K: write 64M, 512K or 1G"))
}
