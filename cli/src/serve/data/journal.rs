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
/// long as the returned file is open. `loaded` is the playground `engine`
/// was built from (`--load`), kept as the first record of a new log; a
/// log that holds changes already refuses it.
pub fn open(
    dir: &Path,
    sync: SyncMode,
    engine: &mut Engine,
    loaded: Option<Entry>,
) -> Result<(Journal, File), String> {
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
    let length = std::fs::metadata(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len() as usize;
    let started = Instant::now();
    let mut replayed_into = Engine::new();
    let target = if loaded.is_some() {
        &mut replayed_into
    } else {
        &mut *engine
    };
    let (whole, torn, replayed, refused) = read_and_replay(&path, length, target)?;
    if loaded.is_some() && replayed > 0 {
        return Err(format!(
            "{} already holds {replayed} changes: --load starts a new data directory, give an empty one",
            dir.display()
        ));
    }
    if let Some((offset, why)) = torn {
        eprintln!(
            "ddbplay: {}: the last record, at byte {offset} ({} bytes), is not whole — {why} — as a crash leaves it: it was never acknowledged, and is cut off",
            path.display(),
            length - offset
        );
        let file = OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        file.set_len(whole as u64)
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    eprintln!(
        "ddbplay: {}: {replayed} changes replayed in {} ms{}",
        dir.display(),
        started.elapsed().as_millis(),
        if refused > 0 {
            format!(" ({refused} refused on replay: the log was written by another version)")
        } else {
            String::new()
        }
    );
    let mut file = OpenOptions::new()
        .append(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(load) = loaded {
        file.write_all(&load.encode())
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let (jobs, queue) = mpsc::channel();
    std::thread::Builder::new()
        .name("ddbplay-log".into())
        .spawn(move || write_loop(file, path, queue, sync))
        .map_err(|e| e.to_string())?;
    Ok((Journal { jobs }, lock))
}

/// Reads the log on a thread of its own (the file, the checksums) while
/// this one replays each entry into `engine` at its own clock. Returns
/// where the whole records end, the torn last record, how many entries
/// were replayed and how many the engine refused (none, unless another
/// version wrote the log). Damage stops it before anything is written.
#[allow(clippy::type_complexity)]
fn read_and_replay(
    path: &Path,
    length: usize,
    engine: &mut Engine,
) -> Result<(usize, Option<(usize, &'static str)>, usize, usize), String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
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
    Ok((whole, torn, replayed, refused))
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
        let (_journal, _lock) = open(&dir, SyncMode::Batch, &mut Engine::new(), None).unwrap();
        let second = open(&dir, SyncMode::Batch, &mut Engine::new(), None)
            .err()
            .unwrap();
        assert!(
            second.starts_with("another ddbplay serve is using"),
            "{second}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
