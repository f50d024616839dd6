//! The JSON text of the stored items that reads have returned, kept
//! natively: a Query that returns the same hundred items again copies
//! their text instead of writing it anew (writing it is most of such a
//! Query's handling — about a kilobyte of string bytes escaped per item,
//! and its numbers formatted).
//!
//! A text is found by its item's identity and recognised by a
//! [`MapWatch`]: a stored item never changes (a write stores a new item in
//! its place), so its text holds for as long as the watch recognises the
//! item, and a replaced item's text is never taken for its successor's.
//! Only items held elsewhere too are kept (stored in a table, an index or
//! a stream); an item built for one response (projected) is not.
//!
//! Bounded: the texts, their entries and the attribute slots their
//! watches keep allocated take at most [`BUDGET`] bytes;
//! the entry that would pass it empties the cache first (and with it the
//! entries of items replaced since). One cache per thread: `ddbplay serve`
//! runs on one. Not in the page's build, where a read's items are written
//! once and memory is the learner's.
//!
//! A page's texts are looked up all at once before any is copied, each
//! asking for its text's first bytes ahead: each lookup is a load from a
//! table too big for the processor's caches, and lookups that do not wait
//! on one another's copies overlap.
//!
//! Each text is kept with its CRC-32 ([`PieceCrc`]), so that the page's
//! own CRC, which `ddbplay serve` sends with it, is put together from
//! them instead of read again ([`super::body_crc`]).
//!
//! Measured in-process over 20,000 stored items of ~1 KB, 200 Queries of
//! 100 of them in turn: 42 µs a Query written anew, 18–25 µs copied from
//! the cache once it holds them; the first pass, which fills it, pays for
//! the cache's memory being touched for the first time.

use std::cell::RefCell;
use std::ops::Range;

use hashbrown::HashTable;
use xxhash_rust::xxh3::xxh3_64;

use super::body_crc::{PieceCrc, RunningCrc};
use super::encode;
use crate::api::attribute_value::WireItem;
use crate::types::{Map, MapWatch, Text, Value, prefetch};

/// The most the cache takes, texts and entries together: 32 MiB.
pub const BUDGET: usize = 32 << 20;

/// What an entry takes besides its text and the watched item's
/// attributes, rounded up: its place in the table, the watch, the text's
/// allocation.
const ENTRY_BYTES: usize = 64;

/// What keeping `text` for `item` takes: the text, the entry, and the
/// item's attribute slots, which the watch keeps allocated (not their
/// strings or nested maps) after the item itself is gone.
fn cost(text: &str, attributes: usize) -> usize {
    text.len() + ENTRY_BYTES + attributes * std::mem::size_of::<(Text, Value)>()
}

struct Cached {
    identity: usize,
    /// What it is counted as ([`cost`]).
    bytes: usize,
    watch: MapWatch,
    text: Box<str>,
    crc: PieceCrc,
}

#[derive(Default)]
struct Texts {
    table: HashTable<Cached>,
    bytes: usize,
    /// Where a text not kept yet is written, reused.
    scratch: Vec<u8>,
}

thread_local! {
    static TEXTS: RefCell<Texts> = RefCell::default();
}

fn hash(identity: usize) -> u64 {
    xxh3_64(&identity.to_ne_bytes())
}

/// Appends the JSON texts of `items` (as [`WireItem`] writes each),
/// separated by commas, to `out`, and to `crc`: each from the cache when
/// it holds it, else written and kept.
pub fn write_items(out: &mut String, crc: &mut RunningCrc, items: &[Map]) {
    TEXTS.with(|texts| match texts.try_borrow_mut() {
        Ok(mut texts) => texts.write_all(out, crc, items),
        Err(_) => {
            let start = out.len();
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&encode::to_string(&WireItem(item)));
            }
            crc.bytes(&out.as_bytes()[start..]);
        }
    })
}

impl Texts {
    fn write_all(&mut self, out: &mut String, crc: &mut RunningCrc, items: &[Map]) {
        // Every lookup first, each asking for its text ahead; then the
        // copies, into room taken once; then the texts written anew kept.
        let found: Vec<Option<(&str, PieceCrc)>> = items
            .iter()
            .map(|item| {
                let text = find(&self.table, item);
                if let Some((text, _)) = text {
                    prefetch(text.as_ptr());
                }
                text
            })
            .collect();
        out.reserve(found.iter().flatten().map(|(text, _)| text.len() + 1).sum());
        let mut written: Vec<(&Map, Range<usize>, PieceCrc)> = Vec::new();
        for (i, (item, text)) in items.iter().zip(found).enumerate() {
            if i > 0 {
                out.push(',');
                crc.byte(b',');
            }
            match text {
                Some((text, text_crc)) => {
                    out.push_str(text);
                    crc.piece(text_crc);
                }
                None => {
                    let start = out.len();
                    self.scratch.clear();
                    encode::append(&mut self.scratch, &WireItem(item));
                    let text = std::str::from_utf8(&self.scratch).unwrap_or("{}");
                    let text_crc = PieceCrc::of(text.as_bytes());
                    out.push_str(text);
                    crc.piece(text_crc);
                    if item.is_shared() {
                        written.push((item, start..out.len(), text_crc));
                    }
                }
            }
        }
        for (item, range, text_crc) in written {
            if let Some(text) = out.get(range) {
                let bytes = cost(text, item.len());
                let identity = item.identity();
                let kept = Cached {
                    identity,
                    bytes,
                    watch: item.watch(),
                    text: text.into(),
                    crc: text_crc,
                };
                self.keep(hash(identity), kept);
            }
        }
    }

    fn keep(&mut self, hash: u64, kept: Cached) {
        let Cached {
            identity, bytes, ..
        } = kept;
        if bytes > BUDGET {
            return;
        }
        if self.bytes + bytes > BUDGET {
            self.table = HashTable::new();
            self.bytes = 0;
        }
        if let Ok(stale) = self.table.find_entry(hash, |c| c.identity == identity) {
            let (stale, _) = stale.remove();
            self.bytes -= stale.bytes;
        }
        self.table
            .insert_unique(hash, kept, |c| self::hash(c.identity));
        self.bytes += bytes;
    }
}

/// The text kept for `item` and its CRC, if any.
fn find<'t>(table: &'t HashTable<Cached>, item: &Map) -> Option<(&'t str, PieceCrc)> {
    let identity = item.identity();
    // An identity is unique among the items alive, and a watch keeps its
    // item's address from being reused: a match is this item.
    table
        .find(hash(identity), |c| c.identity == identity)
        .filter(|cached| cached.watch.is(item))
        .map(|cached| (&*cached.text, cached.crc))
}

/// The number of texts kept, and the bytes they are counted as.
#[cfg(test)]
pub fn kept() -> (usize, usize) {
    TEXTS.with(|texts| {
        let texts = texts.borrow();
        (texts.table.len(), texts.bytes)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page of `items`, checked to come with its own CRC-32.
    fn page_of(items: &[Map]) -> String {
        let mut out = String::new();
        let mut crc = RunningCrc::default();
        write_items(&mut out, &mut crc, items);
        assert_eq!(crc.value(), crc32fast::hash(out.as_bytes()), "{out}");
        out
    }

    fn written(item: &Map) -> String {
        page_of(std::slice::from_ref(item))
    }

    fn stored(notes: &str) -> Map {
        [("PK", Value::s("A")), ("notes", Value::s(notes))]
            .into_iter()
            .collect()
    }

    #[test]
    fn a_stored_item_is_written_once_and_then_copied() {
        let item = stored("first");
        let store = item.clone();
        let before = kept().0;
        assert_eq!(written(&item), r#"{"PK":{"S":"A"},"notes":{"S":"first"}}"#);
        assert_eq!(kept().0, before + 1);
        assert_eq!(written(&item), r#"{"PK":{"S":"A"},"notes":{"S":"first"}}"#);
        assert_eq!(kept().0, before + 1);
        drop(store);
    }

    #[test]
    fn an_item_changed_after_it_was_written_is_written_anew() {
        let mut item = stored("before");
        let store = item.clone();
        assert_eq!(written(&item), r#"{"PK":{"S":"A"},"notes":{"S":"before"}}"#);
        item.insert("notes", Value::s("after"));
        let _shared = item.clone();
        assert_eq!(written(&item), r#"{"PK":{"S":"A"},"notes":{"S":"after"}}"#);
        assert_eq!(
            written(&store),
            r#"{"PK":{"S":"A"},"notes":{"S":"before"}}"#
        );
    }

    #[test]
    fn a_page_of_texts_kept_and_new_is_the_items_in_order() {
        let first = stored("one");
        let second = stored("two");
        let store = [first.clone(), second.clone()];
        assert_eq!(written(&first), r#"{"PK":{"S":"A"},"notes":{"S":"one"}}"#);
        let page = page_of(&[second.clone(), first.clone(), second.clone()]);
        assert_eq!(
            page,
            r#"{"PK":{"S":"A"},"notes":{"S":"two"}},{"PK":{"S":"A"},"notes":{"S":"one"}},{"PK":{"S":"A"},"notes":{"S":"two"}}"#
        );
        let kept_now = kept().0;
        page_of(&[second.clone(), first.clone()]);
        assert_eq!(
            kept().0,
            kept_now,
            "both texts were kept, the repeated one once"
        );
        drop(store);
    }

    #[test]
    fn an_item_no_one_else_holds_is_not_kept() {
        let before = kept().0;
        assert_eq!(
            written(&stored("once")),
            r#"{"PK":{"S":"A"},"notes":{"S":"once"}}"#
        );
        assert_eq!(kept().0, before);
    }

    #[test]
    fn the_cache_empties_rather_than_pass_its_budget() {
        let long = "x".repeat(300_000);
        let items: Vec<Map> = (0..200).map(|_| stored(&long)).collect();
        let shares: Vec<Map> = items.clone();
        for item in &items {
            written(item);
            assert!(kept().1 <= BUDGET, "{} bytes kept", kept().1);
        }
        // 300,033 bytes of text, 64 of entry and 2 attribute slots of 56
        // bytes: 300,209 an entry, so 111 fit in 32 MiB; the 112th emptied it.
        assert_eq!(std::mem::size_of::<(Text, Value)>(), 56);
        assert_eq!(kept().0, 200 - 111);
        assert_eq!(kept().1, (200 - 111) * 300_209);
        drop(shares);
    }
}
