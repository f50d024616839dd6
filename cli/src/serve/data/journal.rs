//! The data directory: its lock, its log read and replayed on start, and
//! the thread that appends records and syncs them before their answers
//! go out.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

use engine::Engine;
use engine::api::Operation;

use super::record::{self, Entry};

/// How each record reaches the disk before its answer goes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SyncMode {
    /// fsync every record on its own: the slowest, nothing acknowledged
    /// is lost even if the machine loses power.
    Always,
    /// Write every record waiting, then one fsync for all of them (group
    /// commit): as safe as `always`, much faster with several clients.
    Batch,
    /// No fsync: a killed server loses nothing, a machine that loses power
    /// may lose the last acknowledged writes.
    None,
}

/// Records waiting to be written at most, in one group.
const MAX_GROUP: usize = 4096;

/// Where records go: the writer thread's queue.
pub struct Journal {
    jobs: mpsc::Sender<Job>,
}

struct Job {
    record: Vec<u8>,
    done: tokio::sync::oneshot::Sender<()>,
}

impl Journal {
    /// Queues a record; the receiver answers once it is written and
    /// synced as `--sync` asks. Call it while the engine is held, so the
    /// log keeps the engine's order.
    pub fn append(&self, entry: &Entry) -> tokio::sync::oneshot::Receiver<()> {
        let (done, written) = tokio::sync::oneshot::channel();
        let _ = self.jobs.send(Job {
            record: entry.encode(),
            done,
        });
        written
    }
}

/// True for a request whose success changes what the engine holds: every
/// operation but the reads and the descriptions (a PartiQL statement may
/// write, so it counts).
pub fn changes_state(target: &str) -> bool {
    use Operation::*;
    match Operation::parse(target) {
        Some(
            GetItem
            | BatchGetItem
            | Query
            | Scan
            | TransactGetItems
            | DescribeTable
            | ListTables
            | ListTagsOfResource
            | DescribeContinuousBackups
            | DescribeLimits
            | DescribeEndpoints,
        ) => false,
        Some(operation) => !operation.name().starts_with("Describe"),
        None => false,
    }
}

/// Opens `dir` (making it if needed), takes its lock, reads its log and
/// replays it into `engine`, and starts the writer. The lock is held as
/// long as the returned file is open.
pub fn open(dir: &Path, sync: SyncMode, engine: &mut Engine) -> Result<(Journal, File), String> {
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
    let path = name("log");
    if !path.exists() {
        let mut file = File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        file.write_all(record::HEADER)
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        File::open(dir).and_then(|d| d.sync_all()).ok();
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let read = record::read(&bytes).map_err(|d| {
        format!(
            "{} is damaged at byte {} (record {}): {}. Nothing was changed; \
             the server does not start on a log it would have to guess at",
            path.display(),
            d.offset,
            d.record,
            d.why
        )
    })?;
    if let Some((offset, why)) = read.torn {
        eprintln!(
            "ddbplay: {}: the last record, at byte {offset} ({} bytes), is not whole — {why} — as a crash leaves it: it was never acknowledged, and is cut off",
            path.display(),
            bytes.len() - offset
        );
        let file = OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        file.set_len(read.whole as u64)
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let started = Instant::now();
    let refused = replay(engine, &read.entries);
    eprintln!(
        "ddbplay: {}: {} changes replayed in {} ms{}",
        dir.display(),
        read.entries.len(),
        started.elapsed().as_millis(),
        if refused > 0 {
            format!(" ({refused} refused on replay: the log was written by another version)")
        } else {
            String::new()
        }
    );
    let file = OpenOptions::new()
        .append(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let (jobs, queue) = mpsc::channel();
    std::thread::Builder::new()
        .name("ddbplay-log".into())
        .spawn(move || write_loop(file, path, queue, sync))
        .map_err(|e| e.to_string())?;
    Ok((Journal { jobs }, lock))
}

/// Applies every entry to `engine` at its own clock; how many requests
/// the engine refused (none, unless another version wrote the log).
pub fn replay(engine: &mut Engine, entries: &[Entry]) -> usize {
    let mut refused = 0;
    for entry in entries {
        match entry {
            Entry::Request {
                clock,
                operation,
                body,
            } => {
                engine.set_clock(*clock);
                if engine::api::handle(engine, operation, body).status != 200 {
                    refused += 1;
                }
            }
            Entry::Expire { clock } => {
                engine.set_clock(*clock);
                engine.expire_items(*clock);
            }
        }
    }
    refused
}

/// Writes records as they come, in groups, syncing each group before its
/// answers go out. A log that cannot be written stops the server: no
/// answer may say a write is kept that is not.
fn write_loop(mut file: File, path: PathBuf, queue: mpsc::Receiver<Job>, sync: SyncMode) {
    while let Ok(first) = queue.recv() {
        let mut group = vec![first];
        if sync != SyncMode::Always {
            while group.len() < MAX_GROUP {
                match queue.try_recv() {
                    Ok(job) => group.push(job),
                    Err(_) => break,
                }
            }
        }
        let mut bytes = Vec::with_capacity(group.iter().map(|j| j.record.len()).sum());
        for job in &group {
            bytes.extend_from_slice(&job.record);
        }
        let written = file.write_all(&bytes).and_then(|()| match sync {
            SyncMode::None => Ok(()),
            _ => file.sync_data(),
        });
        if let Err(error) = written {
            eprintln!(
                "ddbplay: {} could not be written ({error}): stopping, so that no answer says a write is kept that is not",
                path.display()
            );
            std::process::exit(70);
        }
        for job in group {
            let _ = job.done.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_descriptions_are_not_logged_and_everything_else_is() {
        for read in [
            "GetItem",
            "DynamoDB_20120810.Query",
            "DescribeTimeToLive",
            "ListTables",
        ] {
            assert!(!changes_state(read), "{read}");
        }
        for write in [
            "PutItem",
            "DynamoDB_20120810.TransactWriteItems",
            "ExecuteStatement",
            "UpdateTimeToLive",
            "TagResource",
            "CreateTable",
        ] {
            assert!(changes_state(write), "{write}");
        }
        assert!(!changes_state("DynamoDBStreams_20120810.GetRecords"));
    }

    #[test]
    fn a_second_server_on_the_same_directory_is_refused() {
        let dir = std::env::temp_dir().join(format!("ddbplay-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (_journal, _lock) = open(&dir, SyncMode::Batch, &mut Engine::new()).unwrap();
        let second = open(&dir, SyncMode::Batch, &mut Engine::new())
            .err()
            .unwrap();
        assert!(
            second.starts_with("another ddbplay serve is using"),
            "{second}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
