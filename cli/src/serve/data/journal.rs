//! The thread that appends records to the log and syncs them before
//! their answers go out, sealing the log for a snapshot when it is due.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc;

use engine::Engine;
use engine::api::Operation;

use super::Settings;
use super::directory::{self, Opened, create_log, log_path};
use super::record::Entry;
use super::snapshotter::Snapshotter;

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

/// Opens the data directory ([`directory::open`]: its lock, the newest
/// snapshot, the logs after it replayed into `engine`) and starts the
/// writer and the snapshot thread. The lock is held as long as the
/// returned file is open.
pub fn open(
    settings: &Settings,
    engine: &mut Engine,
    loaded: Option<Entry>,
) -> Result<(Journal, File), String> {
    let Opened {
        lock,
        log,
        generation,
        length,
        sealed,
        snapshot,
        snapshot_bytes,
    } = directory::open(settings, engine, loaded.as_ref())?;
    let snapshots = Snapshotter::start(
        settings.dir.clone(),
        snapshot,
        snapshot_bytes,
        settings.snapshot_after,
    );
    let log = Log {
        dir: settings.dir.clone(),
        file: log,
        generation,
        length,
        snapshots,
    };
    let (jobs, queue) = mpsc::channel();
    let sync = settings.sync;
    std::thread::Builder::new()
        .name("ddbplay-log".into())
        .spawn(move || write_loop(log, queue, sync, sealed > 0))
        .map_err(|e| e.to_string())?;
    Ok((Journal { jobs }, lock))
}

/// The log being appended to.
struct Log {
    dir: PathBuf,
    file: File,
    generation: u64,
    length: u64,
    snapshots: Snapshotter,
}

impl Log {
    fn path(&self) -> PathBuf {
        log_path(&self.dir, self.generation)
    }

    /// Seals this log and starts the next generation's when a snapshot is
    /// due (or `now`), handing the sealed ones to the snapshot thread. A
    /// log that cannot be started leaves things as they were: this one
    /// goes on.
    fn seal_if_due(&mut self, now: bool) {
        if !(now || self.snapshots.due(self.length)) {
            return;
        }
        match create_log(&self.dir, self.generation + 1) {
            Ok(file) => {
                self.file = file;
                self.generation += 1;
                self.length = super::record::HEADER.len() as u64;
                self.snapshots.take_before(self.generation);
            }
            Err(why) => eprintln!("ddbplay: no new log for a snapshot ({why}); this one goes on"),
        }
    }
}

/// Writes records as they come, in groups, syncing each group before its
/// answers go out. A log that cannot be written stops the server: no
/// answer may say a write is kept that is not.
fn write_loop(mut log: Log, queue: mpsc::Receiver<Job>, sync: SyncMode, sealed_waiting: bool) {
    log.seal_if_due(sealed_waiting);
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
        let written = log.file.write_all(&bytes).and_then(|()| match sync {
            SyncMode::None => Ok(()),
            _ => log.file.sync_data(),
        });
        if let Err(error) = written {
            eprintln!(
                "ddbplay: {} could not be written ({error}): stopping, so that no answer says a write is kept that is not",
                log.path().display()
            );
            std::process::exit(70);
        }
        log.length += bytes.len() as u64;
        for job in group {
            let _ = job.done.send(());
        }
        log.seal_if_due(false);
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
        let settings = Settings {
            dir: dir.clone(),
            sync: SyncMode::Batch,
            snapshot_after: 1 << 20,
        };
        let (_journal, _lock) = open(&settings, &mut Engine::new(), None).unwrap();
        let second = open(&settings, &mut Engine::new(), None).err().unwrap();
        assert!(
            second.starts_with("another ddbplay serve is using"),
            "{second}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
