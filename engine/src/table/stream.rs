//! A table's stream: every change to an item, in order, as DynamoDB
//! Streams records it. A write that changes nothing (the same item put
//! again, a delete of a missing item) records nothing; a refused write or a
//! cancelled transaction never reaches the table, so it records nothing
//! either. Records are kept for 24 hours of the engine's clock; older ones
//! leave the stream at once and are freed in batches, away from the write
//! that let them go ([`free_elsewhere`]).

use std::collections::VecDeque;
use std::sync::OnceLock;
use std::sync::mpsc::{SyncSender, sync_channel};

use crate::types::{Item, item_size};

/// How long records are kept, in seconds.
pub const RETENTION_SECONDS: f64 = 24.0 * 3600.0;

/// What a record carries besides the keys (`StreamViewType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum StreamViewType {
    /// Only the keys.
    KeysOnly,
    /// The item after the change.
    NewImage,
    /// The item before the change.
    OldImage,
    /// Both.
    NewAndOldImages,
}

impl StreamViewType {
    /// Every view type, from the least a record carries to the most.
    pub const ALL: [StreamViewType; 4] = [
        StreamViewType::KeysOnly,
        StreamViewType::NewImage,
        StreamViewType::OldImage,
        StreamViewType::NewAndOldImages,
    ];

    /// DynamoDB's name for it.
    pub fn name(self) -> &'static str {
        match self {
            StreamViewType::KeysOnly => "KEYS_ONLY",
            StreamViewType::NewImage => "NEW_IMAGE",
            StreamViewType::OldImage => "OLD_IMAGE",
            StreamViewType::NewAndOldImages => "NEW_AND_OLD_IMAGES",
        }
    }

    /// The view type with this name.
    pub fn from_name(name: &str) -> Option<StreamViewType> {
        StreamViewType::ALL.into_iter().find(|v| v.name() == name)
    }

    fn with_new(self) -> bool {
        matches!(
            self,
            StreamViewType::NewImage | StreamViewType::NewAndOldImages
        )
    }

    fn with_old(self) -> bool {
        matches!(
            self,
            StreamViewType::OldImage | StreamViewType::NewAndOldImages
        )
    }
}

/// `INSERT`, `MODIFY` or `REMOVE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub enum EventName {
    Insert,
    Modify,
    Remove,
}

impl EventName {
    /// Every event, in the order DynamoDB's documentation lists them.
    pub const ALL: [EventName; 3] = [EventName::Insert, EventName::Modify, EventName::Remove];

    /// Reads `INSERT`, `MODIFY` or `REMOVE`.
    pub fn from_name(name: &str) -> Option<EventName> {
        EventName::ALL.into_iter().find(|e| e.name() == name)
    }

    /// DynamoDB's name for it.
    pub fn name(self) -> &'static str {
        match self {
            EventName::Insert => "INSERT",
            EventName::Modify => "MODIFY",
            EventName::Remove => "REMOVE",
        }
    }
}

/// One change.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct StreamRecord {
    /// Increases by one with every record of the stream.
    pub sequence: u64,
    pub event_name: EventName,
    /// The item's key attributes.
    pub keys: Item,
    /// The item after the change, when the view type carries it.
    pub new_image: Option<Item>,
    /// The item before the change, when the view type carries it.
    pub old_image: Option<Item>,
    /// The record's size: its keys and images.
    pub size_bytes: usize,
    /// The engine's clock when the change was made, in epoch seconds.
    pub created_at: f64,
    /// Made by the service itself (a TTL deletion), not by a request.
    pub by_service: bool,
}

/// A stream: what it records, and the records.
#[derive(Clone, Debug)]
pub struct Stream {
    pub view_type: StreamViewType,
    /// When it was enabled, in epoch seconds; its label is this time.
    pub created_at: f64,
    /// False once disabled: it keeps its records but takes no more.
    pub enabled: bool,
    /// The records still kept, oldest first.
    pub records: VecDeque<StreamRecord>,
    next_sequence: u64,
    /// Records past retention, not yet handed to [`free_elsewhere`].
    expired: Vec<StreamRecord>,
}

/// How many records past retention are handed over to be freed at once.
const EXPIRED_BATCH: usize = 1024;

/// How many batches may wait to be freed before a write waits for the
/// thread that frees them: the memory they hold stays bounded.
const BATCHES_WAITING: usize = 8;

impl Stream {
    /// A stream as it was kept: its records oldest first, each numbered
    /// below `next_sequence` and in increasing order.
    pub fn restored(
        view_type: StreamViewType,
        created_at: f64,
        enabled: bool,
        records: VecDeque<StreamRecord>,
        next_sequence: u64,
    ) -> Result<Stream, String> {
        let mut previous = 0;
        for record in &records {
            if record.sequence <= previous || record.sequence >= next_sequence {
                return Err(format!(
                    "stream record {} is out of order (next {next_sequence})",
                    record.sequence
                ));
            }
            previous = record.sequence;
        }
        Ok(Stream {
            view_type,
            created_at,
            enabled,
            records,
            next_sequence,
            expired: Vec::new(),
        })
    }

    /// A new, empty, enabled stream.
    pub fn new(view_type: StreamViewType, created_at: f64) -> Stream {
        Stream {
            view_type,
            created_at,
            enabled: true,
            records: VecDeque::new(),
            next_sequence: 1,
            expired: Vec::new(),
        }
    }

    /// The sequence number the next record will get.
    pub fn next_sequence(&self) -> u64 {
        self.next_sequence
    }

    /// Forgets every record from sequence number `first` on, as if those
    /// changes had never been recorded: the next record gets `first`.
    pub fn forget_from(&mut self, first: u64) {
        while self.records.back().is_some_and(|r| r.sequence >= first) {
            self.records.pop_back();
        }
        self.next_sequence = self.next_sequence.min(first);
    }

    /// Records a change from `old` to `new` (`None`: no item); the writer
    /// has made sure there is one. `sizes` are the two items' sizes (0 for
    /// none), known to the writer already.
    pub fn record(
        &mut self,
        keys: Item,
        old: Option<&Item>,
        new: Option<&Item>,
        sizes: (usize, usize),
        now: f64,
        by_service: bool,
    ) {
        if !self.enabled {
            return;
        }
        let event_name = match (old, new) {
            (None, None) => return,
            (None, Some(_)) => EventName::Insert,
            (Some(_), Some(_)) => EventName::Modify,
            (Some(_), None) => EventName::Remove,
        };
        let new_image = new.filter(|_| self.view_type.with_new()).cloned();
        let old_image = old.filter(|_| self.view_type.with_old()).cloned();
        let (old_size, new_size) = sizes;
        let size_bytes = item_size(&keys)
            + if new_image.is_some() { new_size } else { 0 }
            + if old_image.is_some() { old_size } else { 0 };
        self.records.push_back(StreamRecord {
            sequence: self.next_sequence,
            event_name,
            keys,
            new_image,
            old_image,
            size_bytes,
            created_at: now,
            by_service,
        });
        self.next_sequence += 1;
        while self
            .records
            .front()
            .is_some_and(|r| now - r.created_at > RETENTION_SECONDS)
        {
            if let Some(record) = self.records.pop_front() {
                self.expired.push(record);
            }
        }
        if self.expired.len() >= EXPIRED_BATCH {
            let batch = std::mem::replace(&mut self.expired, Vec::with_capacity(EXPIRED_BATCH));
            free_elsewhere(batch);
        }
    }
}

/// Frees records that have left a stream on a thread of its own, where
/// there can be one: a record past retention holds the item a write
/// replaced a day before, whose memory is long out of the processor's
/// caches, and freeing it on the write's own thread made a write with a
/// stream wait for that memory. DynamoDB, too, trims a stream in the
/// background. Where no thread can be started (in the browser), they are
/// freed at once.
fn free_elsewhere(records: Vec<StreamRecord>) {
    // The page runs on the browser's one thread: not even an attempt.
    if cfg!(target_arch = "wasm32") {
        return drop(records);
    }
    static FREER: OnceLock<Option<SyncSender<Vec<StreamRecord>>>> = OnceLock::new();
    let freer = FREER.get_or_init(|| {
        let (send, receive) = sync_channel::<Vec<StreamRecord>>(BATCHES_WAITING);
        std::thread::Builder::new()
            .name("stream-trim".into())
            .spawn(move || receive.into_iter().for_each(drop))
            .ok()
            .map(|_| send)
    });
    // Without the thread (or with it gone), the records are dropped here:
    // a failed send hands them back, and they go with it.
    if let Some(send) = freer {
        let _ = send.send(records);
    }
}

/// Epoch seconds as DynamoDB writes a stream label: ISO 8601 to the
/// millisecond, in UTC, without a zone (`2026-07-14T09:30:00.000`).
pub fn stream_label(epoch_seconds: f64) -> String {
    let nanos = (epoch_seconds * 1000.0).round().max(0.0) as i128 * 1_000_000;
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second(),
        at.millisecond()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(stream: &mut Stream, n: usize, now: f64) {
        let item = Item::from_iter([("pk", crate::types::Value::S(format!("k{n}").into()))]);
        stream.record(item.clone(), Some(&item), Some(&item), (10, 10), now, false);
    }

    #[test]
    fn records_past_a_day_leave_the_stream_and_are_freed_a_batch_at_a_time() {
        let mut stream = Stream::new(StreamViewType::NewAndOldImages, 0.0);
        // One record a second for a day, then as many again and a few more.
        let day = RETENTION_SECONDS as usize;
        let writes = day + 2 * EXPIRED_BATCH + 5;
        for n in 0..writes {
            put(&mut stream, n, n as f64);
        }
        // Kept: the records of the last day, its first second included.
        assert_eq!(stream.records.len(), day + 1);
        assert_eq!(
            stream.records.front().unwrap().sequence,
            (writes - day) as u64
        );
        // Those gone are handed over a batch at a time; fewer than a batch wait.
        let gone = writes - day - 1;
        assert_eq!(stream.expired.len(), gone % EXPIRED_BATCH);
        assert_eq!(stream.next_sequence(), writes as u64 + 1);
    }

    #[test]
    fn labels_are_iso_dates_to_the_millisecond() {
        assert_eq!(stream_label(0.0), "1970-01-01T00:00:00.000");
        assert_eq!(stream_label(1_784_021_400.0), "2026-07-14T09:30:00.000");
        assert_eq!(stream_label(951_782_400.25), "2000-02-29T00:00:00.250");
    }
}
