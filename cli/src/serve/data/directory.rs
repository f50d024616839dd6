//! The data directory and its start: the lock, then the newest snapshot,
//! then every log after it replayed.
//!
//! The directory holds `lock`; `snapshot-G`, the state before log `G`
//! (none until the first is taken); and the logs `log-G`, `log-G+1`, …,
//! the last one being appended to. Generations only go up: a log is
//! sealed when the next one starts, and a snapshot named `G` covers every
//! log below `G`. What a crash can leave besides — a `*.tmp` snapshot half
//! written, logs and a snapshot older than the newest snapshot not yet
//! removed — is removed on start; nothing else is ever guessed at.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

use engine::Engine;

use super::record::{self, Entry};
use super::{Settings, snapshot};

/// The log of generation `generation`.
pub fn log_path(dir: &Path, generation: u64) -> PathBuf {
    dir.join(format!("log-{generation:08}"))
}

/// The snapshot taken before log `generation`.
pub fn snapshot_path(dir: &Path, generation: u64) -> PathBuf {
    dir.join(format!("snapshot-{generation:08}"))
}

/// The generations of the snapshots and of the logs in `dir`, each in
/// increasing order.
fn generations(dir: &Path) -> Result<(Vec<u64>, Vec<u64>), String> {
    let (mut snapshots, mut logs) = (Vec::new(), Vec::new());
    let listing = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in listing.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let number = |prefix: &str| {
            name.strip_prefix(prefix)
                .filter(|n| n.len() == 8 && n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse::<u64>().ok())
        };
        if let Some(g) = number("snapshot-") {
            snapshots.push(g);
        } else if let Some(g) = number("log-") {
            logs.push(g);
        }
    }
    snapshots.sort_unstable();
    logs.sort_unstable();
    Ok((snapshots, logs))
}

/// A new, empty log, synced with its directory entry.
pub fn create_log(dir: &Path, generation: u64) -> Result<File, String> {
    let path = log_path(dir, generation);
    let failed = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut file = OpenOptions::new()
        .create_new(true)
        .append(true)
        .open(&path)
        .map_err(failed)?;
    file.write_all(record::HEADER)
        .and_then(|()| file.sync_all())
        .map_err(failed)?;
    File::open(dir).and_then(|d| d.sync_all()).map_err(failed)?;
    Ok(file)
}

/// What the start found, for the writer and the snapshots to go on from.
pub struct Opened {
    /// The lock: held as long as this file is open.
    pub lock: File,
    /// The log being appended to, its generation and length.
    pub log: File,
    pub generation: u64,
    pub length: u64,
    /// Logs before the one appended to, not yet in a snapshot: a snapshot
    /// is due at once when there are any (a crash came before it was done).
    pub sealed: usize,
    /// The newest snapshot's generation (0: none) and size.
    pub snapshot: u64,
    pub snapshot_bytes: u64,
}

/// Opens the directory (making it if needed), takes its lock, reads the
/// newest snapshot and replays the logs after it into `engine`. `loaded`
/// is the playground `engine` was built from (`--load`), kept as the
/// first record of a new directory; a directory that holds changes
/// already refuses it.
pub fn open(
    settings: &Settings,
    engine: &mut Engine,
    loaded: Option<&Entry>,
) -> Result<Opened, String> {
    let dir = settings.dir.as_path();
    let name = |file: &str| dir.join(file);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(name("lock"))
        .map_err(|e| format!("{}: {e}", name("lock").display()))?;
    if lock.try_lock().is_err() {
        return Err(format!(
            "another ddbplay serve is using {} (it holds {}): one server per data directory",
            dir.display(),
            name("lock").display()
        ));
    }
    // A directory from before snapshots has one log, named `log`.
    let (_, logs) = generations(dir)?;
    if name("log").exists() && logs.is_empty() {
        std::fs::rename(name("log"), log_path(dir, 0))
            .map_err(|e| format!("{}: {e}", name("log").display()))?;
    }
    let (snapshots, logs) = generations(dir)?;
    let base = snapshots.last().copied().unwrap_or(0);
    let logs: Vec<u64> = logs.into_iter().filter(|&g| g >= base).collect();
    if let Some(gap) = logs.iter().zip(base..).find(|(g, expected)| *g != expected) {
        return Err(format!(
            "{} is missing: the logs after {} go on at {}. Nothing was changed; \
             the server does not start on a history with a hole in it",
            log_path(dir, gap.1).display(),
            if base > 0 {
                snapshot_path(dir, base).display().to_string()
            } else {
                "the start".into()
            },
            log_path(dir, *gap.0).display()
        ));
    }
    let started = Instant::now();
    let mut replayed_into = Engine::new();
    let target = if loaded.is_some() {
        &mut replayed_into
    } else {
        &mut *engine
    };
    let mut snapshot_bytes = 0;
    if base > 0 {
        let path = snapshot_path(dir, base);
        *target = snapshot::read(&path).map_err(|d| {
            format!(
                "{}. Nothing was changed; \
                 the server does not start on a snapshot it would have to guess at",
                d.describe(&path)
            )
        })?;
        snapshot_bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    }
    let (mut replayed, mut refused, mut length) = (0, 0, record::HEADER.len() as u64);
    for (at, &generation) in logs.iter().enumerate() {
        let path = log_path(dir, generation);
        let last = at + 1 == logs.len();
        let read = read_and_replay(&path, target)?;
        replayed += read.replayed;
        refused += read.refused;
        length = read.whole as u64;
        if let Some((offset, why)) = read.torn {
            if !last {
                return Err(format!(
                    "{} is damaged at byte {offset}: {why}, and a later log follows it. \
                     Nothing was changed; the server does not start on a log it would have to guess at",
                    path.display()
                ));
            }
            eprintln!(
                "ddbplay: {}: the last record, at byte {offset} ({} bytes), is not whole — {why} — as a crash leaves it: it was never acknowledged, and is cut off",
                path.display(),
                read.length - offset
            );
            let file = OpenOptions::new()
                .write(true)
                .open(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            file.set_len(read.whole as u64)
                .and_then(|()| file.sync_all())
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    if loaded.is_some() && (replayed > 0 || base > 0) {
        return Err(format!(
            "{} already holds {replayed} changes: --load starts a new data directory, give an empty one",
            dir.display()
        ));
    }
    eprintln!(
        "ddbplay: {}: {}{replayed} changes replayed in {} ms{}",
        dir.display(),
        if base > 0 {
            format!(
                "{} read, then ",
                snapshot_path(dir, base)
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
            )
        } else {
            String::new()
        },
        started.elapsed().as_millis(),
        if refused > 0 {
            format!(" ({refused} refused on replay: the log was written by another version)")
        } else {
            String::new()
        }
    );
    remove_superseded(dir, base);
    let generation = logs.last().copied().unwrap_or(base);
    let mut log = if logs.is_empty() {
        create_log(dir, generation)?
    } else {
        OpenOptions::new()
            .append(true)
            .open(log_path(dir, generation))
            .map_err(|e| format!("{}: {e}", log_path(dir, generation).display()))?
    };
    if let Some(load) = loaded {
        let record = load.encode();
        log.write_all(&record)
            .and_then(|()| log.sync_data())
            .map_err(|e| format!("{}: {e}", log_path(dir, generation).display()))?;
        length += record.len() as u64;
    }
    Ok(Opened {
        lock,
        log,
        generation,
        length,
        sealed: logs.len().saturating_sub(1),
        snapshot: base,
        snapshot_bytes,
    })
}

/// Removes what the snapshot of generation `base` made obsolete: older
/// snapshots and logs, and any snapshot left half written. A file that
/// will not go is left: it is never read again.
pub fn remove_superseded(dir: &Path, base: u64) {
    if let Ok((snapshots, logs)) = generations(dir) {
        for g in snapshots.into_iter().filter(|&g| g < base) {
            let _ = std::fs::remove_file(snapshot_path(dir, g));
        }
        for g in logs.into_iter().filter(|&g| g < base) {
            let _ = std::fs::remove_file(log_path(dir, g));
        }
    }
    if let Ok(listing) = std::fs::read_dir(dir) {
        for entry in listing.flatten() {
            if entry.file_name().to_string_lossy().ends_with(".tmp") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// What reading and replaying one log found.
pub struct Replayed {
    /// The log's length, and where its whole records end.
    pub length: usize,
    pub whole: usize,
    /// A torn or damaged last record: where it starts, and what is wrong.
    pub torn: Option<(usize, &'static str)>,
    pub replayed: usize,
    /// Entries the engine refused (none, unless another version wrote the log).
    pub refused: usize,
}

/// Reads the log on a thread of its own (the file, the checksums) while
/// this one replays each entry into `engine` at its own clock. Damage
/// stops it before anything is written.
pub fn read_and_replay(path: &Path, engine: &mut Engine) -> Result<Replayed, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let length = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len() as usize;
    // Entries travel in batches: one hand-over per thousand, not each.
    let (batches, arriving) = mpsc::sync_channel::<Vec<Entry>>(16);
    let reader = std::thread::spawn(move || {
        let mut batch = Vec::with_capacity(1024);
        let read = record::read_from(
            std::io::BufReader::with_capacity(1 << 20, file),
            length,
            |entry| {
                batch.push(entry);
                if batch.len() == 1024 {
                    let _ = batches.send(std::mem::replace(&mut batch, Vec::with_capacity(1024)));
                }
            },
        );
        let _ = batches.send(batch);
        read
    });
    let (mut replayed, mut refused) = (0, 0);
    for entry in arriving.into_iter().flatten() {
        replayed += 1;
        refused += usize::from(!replay(engine, &entry));
    }
    let read = reader
        .join()
        .map_err(|_| format!("{}: the reader stopped", path.display()))?;
    let (whole, torn) = read.map_err(|d| {
        format!(
            "{} is damaged at byte {} (record {}): {}. Nothing was changed; \
             the server does not start on a log it would have to guess at",
            path.display(),
            d.offset,
            d.record,
            d.why
        )
    })?;
    Ok(Replayed {
        length,
        whole,
        torn,
        replayed,
        refused,
    })
}

/// Applies one entry to `engine` at its own clock; false if the engine
/// refused it.
pub fn replay(engine: &mut Engine, entry: &Entry) -> bool {
    match entry {
        Entry::Request {
            clock,
            operation,
            body,
        } => {
            engine.set_clock(*clock);
            engine::api::handle(engine, operation, body).status == 200
        }
        Entry::Expire { clock } => {
            engine.set_clock(*clock);
            engine.expire_items(*clock);
            true
        }
        Entry::Load { clock, document } => match crate::load::build_from_file(document) {
            Ok(loaded) => {
                *engine = loaded;
                engine.set_clock(*clock);
                true
            }
            Err(_) => false,
        },
    }
}
