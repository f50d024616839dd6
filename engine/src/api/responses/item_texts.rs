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
//! Measured in-process over 20,000 stored items of ~1 KB, 200 Queries of
//! 100 of them in turn: 42 µs a Query written anew, 18–25 µs copied from
//! the cache once it holds them; the first pass, which fills it, pays for
//! the cache's memory being touched for the first time.

use std::cell::RefCell;

use hashbrown::HashTable;
use xxhash_rust::xxh3::xxh3_64;

use super::encode;
use crate::api::attribute_value::WireItem;
use crate::types::{Map, MapWatch, Text, Value};

/// The most the cache takes, texts and entries together: 32 MiB.
pub const BUDGET: usize = 32 << 20;

/// What an entry takes besides its text and the watched item's
/// attributes, rounded up: its place in the table, the watch, the text's
/// allocation.
const ENTRY_BYTES: usize = 64;

/// What keeping `text` for `item` takes: the text, the entry, and the
/// item's attribute slots, which the watch keeps allocated (not their
/// strings or nested maps) after the item itself is gone.
fn cost(text: &[u8], attributes: usize) -> usize {
    text.len() + ENTRY_BYTES + attributes * std::mem::size_of::<(Text, Value)>()
}

struct Cached {
    identity: usize,
    /// What it is counted as ([`cost`]).
    bytes: usize,
    watch: MapWatch,
    text: Box<[u8]>,
}

#[derive(Default)]
struct Texts {
    table: HashTable<Cached>,
    bytes: usize,
}

thread_local! {
    static TEXTS: RefCell<Texts> = RefCell::default();
}

fn hash(identity: usize) -> u64 {
    xxh3_64(&identity.to_ne_bytes())
}

/// Appends `item`'s JSON text (as [`WireItem`] writes it) to `out`, from
/// the cache when it holds it, else written and kept.
pub fn write_item(out: &mut Vec<u8>, item: &Map) {
    TEXTS.with(|texts| match texts.try_borrow_mut() {
        Ok(mut texts) => texts.write(out, item),
        Err(_) => encode::append(out, &WireItem(item)),
    })
}

impl Texts {
    fn write(&mut self, out: &mut Vec<u8>, item: &Map) {
        let identity = item.identity();
        let hash = hash(identity);
        // An identity is unique among the items alive, and a watch keeps
        // its item's address from being reused: a match is this item.
        if let Some(cached) = self.table.find(hash, |c| c.identity == identity)
            && cached.watch.is(item)
        {
            out.extend_from_slice(&cached.text);
            return;
        }
        let start = out.len();
        encode::append(out, &WireItem(item));
        if item.is_shared() {
            let text: Box<[u8]> = Box::from(&out[start..]);
            let bytes = cost(&text, item.len());
            self.keep(hash, identity, item.watch(), text, bytes);
        }
    }

    fn keep(&mut self, hash: u64, identity: usize, watch: MapWatch, text: Box<[u8]>, bytes: usize) {
        if bytes > BUDGET {
            return;
        }
        if self.bytes + bytes > BUDGET {
            *self = Texts::default();
        }
        if let Ok(stale) = self.table.find_entry(hash, |c| c.identity == identity) {
            let (stale, _) = stale.remove();
            self.bytes -= stale.bytes;
        }
        self.table.insert_unique(
            hash,
            Cached {
                identity,
                bytes,
                watch,
                text,
            },
            |c| self::hash(c.identity),
        );
        self.bytes += bytes;
    }
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

    fn written(item: &Map) -> String {
        let mut out = Vec::new();
        write_item(&mut out, item);
        String::from_utf8(out).unwrap()
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
