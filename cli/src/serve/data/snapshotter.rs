//! Snapshots, taken in the background so the log stays short.
//!
//! When the log being appended to has grown past `--snapshot-after` (or a
//! quarter of the last snapshot, whichever is larger, so a large table is
//! not rewritten for every few writes), the writer seals it and starts the
//! next generation's log between two groups of records, and hands the
//! sealed generations to this thread. The thread never touches the
//! serving engine: it builds a private one from the last snapshot and the
//! sealed logs — the same replay a start does — writes it as the next
//! snapshot, and only once that is whole and synced removes the logs and
//! the snapshot it replaces. Writers wait for none of it; the price is the
//! processor time of the replay and, while it runs, a second copy of the
//! tables in memory. A snapshot that fails (a full disk) removes nothing:
//! the logs still hold every change, and the next one tries again.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use engine::Engine;

use super::directory::{log_path, read_and_replay, remove_superseded, snapshot_path};
use super::snapshot;

/// What the writer and the snapshot thread share.
pub struct Snapshotter {
    /// Sealed up to (not including) this generation: snapshot it.
    jobs: mpsc::Sender<u64>,
    busy: Arc<AtomicBool>,
    last_bytes: Arc<AtomicU64>,
    /// The smallest log that is sealed.
    after: u64,
}

impl Snapshotter {
    /// Starts the thread for `dir`, whose newest snapshot is `base` (0:
    /// none) of `bytes` bytes.
    pub fn start(dir: PathBuf, base: u64, bytes: u64, after: u64) -> Snapshotter {
        let (jobs, queue) = mpsc::channel::<u64>();
        let busy = Arc::new(AtomicBool::new(false));
        let last_bytes = Arc::new(AtomicU64::new(bytes));
        let (thread_busy, thread_bytes) = (busy.clone(), last_bytes.clone());
        let _ = std::thread::Builder::new()
            .name("ddbplay-snapshot".into())
            .spawn(move || {
                let mut base = base;
                for target in queue {
                    match take(&dir, base, target) {
                        Ok(bytes) => {
                            remove_superseded(&dir, target);
                            base = target;
                            thread_bytes.store(bytes, Ordering::Relaxed);
                        }
                        Err(why) => eprintln!(
                            "ddbplay: {}: no snapshot this time ({why}); the logs keep every change",
                            dir.display()
                        ),
                    }
                    thread_busy.store(false, Ordering::Release);
                }
            });
        Snapshotter {
            jobs,
            busy,
            last_bytes,
            after,
        }
    }

    /// True when a log of `length` bytes should be sealed and snapshotted
    /// now: it is past the threshold and no snapshot is being taken.
    pub fn due(&self, length: u64) -> bool {
        let threshold = self.after.max(self.last_bytes.load(Ordering::Relaxed) / 4);
        length >= threshold && !self.busy.load(Ordering::Acquire)
    }

    /// Snapshots every log below `generation` (just sealed).
    pub fn take_before(&self, generation: u64) {
        self.busy.store(true, Ordering::Release);
        if self.jobs.send(generation).is_err() {
            self.busy.store(false, Ordering::Release);
        }
    }
}

/// Builds the state before log `target` from snapshot `base` and the logs
/// `base..target`, and writes it as snapshot `target`. Returns its size.
fn take(dir: &std::path::Path, base: u64, target: u64) -> Result<u64, String> {
    let started = Instant::now();
    let mut engine = if base > 0 {
        let path = snapshot_path(dir, base);
        snapshot::read(&path).map_err(|d| d.describe(&path))?
    } else {
        Engine::new()
    };
    let mut changes = 0;
    for generation in base..target {
        let path = log_path(dir, generation);
        let read = read_and_replay(&path, &mut engine)?;
        if let Some((offset, why)) = read.torn {
            return Err(format!(
                "{} is damaged at byte {offset}: {why}",
                path.display()
            ));
        }
        changes += read.replayed;
    }
    let path = snapshot_path(dir, target);
    let written = snapshot::write(&engine, &path)?;
    eprintln!(
        "ddbplay: {}: {} written ({} bytes, {} parts: {changes} changes since the last) in {} ms",
        dir.display(),
        path.file_name().unwrap_or_default().to_string_lossy(),
        written.bytes,
        written.parts,
        started.elapsed().as_millis()
    );
    Ok(written.bytes)
}
