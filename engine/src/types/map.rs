//! [`Map`]: attribute name → value, the shape of every item and every `M`
//! value.
//!
//! Entries live in one shared, immutable slice sorted by name (UTF-8 byte
//! order: DynamoDB promises no attribute order, but responses should be
//! deterministic), with short names and strings stored inline. An item is
//! then a single allocation holding its reference count, names and small
//! values side by side: cloning it is a reference-count increment, a lookup
//! touches one or two cache lines, and a stored item costs little more than
//! DynamoDB's own size for it. Changing a map copies it (copy on write); maps
//! are built whole with [`FromIterator`] and changed rarely.

use std::borrow::Borrow;
use std::fmt;
use std::sync::{Arc, Weak};

use smol_str::SmolStr;

use super::prefetch::prefetch;
use super::value::Value;

/// Text stored inline when short (up to 23 bytes), else shared on the heap:
/// cloning a long string (an item copied to be changed, an index entry, a
/// stream image) is a reference-count increment, never a copy.
pub type Text = SmolStr;

/// An ordered map from attribute name to value.
#[derive(Clone, PartialEq)]
pub struct Map {
    entries: Arc<[(Text, Value)]>,
}

/// Sorts entries by name, keeping the later of two with one name.
fn sort_by_name(entries: &mut Vec<(Text, Value)>) {
    entries.reverse();
    // A stable sort: of equal names, the first (the later, reversed) stays.
    entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    entries.dedup_by(|a, b| a.0 == b.0);
}

impl Default for Map {
    fn default() -> Map {
        Map {
            entries: Arc::from(Vec::new()),
        }
    }
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// Builds a map from entries already sorted by name with unique names.
    /// A map of `entries` in any order; of two with one name, the later
    /// wins, as with repeated inserts. (Not generic, so that every way of
    /// collecting a map shares one sort.)
    fn from_unsorted(mut entries: Vec<(Text, Value)>) -> Map {
        sort_by_name(&mut entries);
        Map::from_sorted(entries)
    }

    /// A map of the entries in `buffer`, in any order (of two with one
    /// name, the later wins), leaving the buffer empty with its capacity:
    /// what builds many items one after another allocates only each map.
    pub fn from_buffer(buffer: &mut Vec<(Text, Value)>) -> Map {
        sort_by_name(buffer);
        Map {
            // A draining iterator knows its length: one allocation.
            entries: buffer.drain(..).collect(),
        }
    }

    fn from_sorted(entries: Vec<(Text, Value)>) -> Map {
        Map {
            entries: Arc::from(entries),
        }
    }

    /// The entries as a vector, to change them.
    fn to_vec(&self) -> Vec<(Text, Value)> {
        self.entries.to_vec()
    }

    /// Makes the entries this map's own, copying them (into one new
    /// allocation of the exact size) when they are shared; then changes them.
    fn unique_entries(&mut self) -> &mut [(Text, Value)] {
        if Arc::get_mut(&mut self.entries).is_none() {
            self.entries = self.entries.iter().cloned().collect();
        }
        // Invariant: the entries were made unique just above.
        Arc::get_mut(&mut self.entries).expect("unique entries")
    }

    fn position(&self, name: &str) -> Result<usize, usize> {
        self.entries
            .binary_search_by(|(k, _)| k.as_bytes().cmp(name.as_bytes()))
    }

    /// The value of an attribute, by binary search. (A front-to-back walk
    /// comparing lengths first was tried: it sped up writes by a fifth but
    /// slowed a Scan of a million items by half, touching more cache lines
    /// per item that is not in cache.)
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.position(name).ok().map(|i| &self.entries[i].1)
    }

    /// The value of an attribute, mutably (copying the map first if it is shared).
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        let i = self.position(name).ok()?;
        Some(&mut self.unique_entries()[i].1)
    }

    /// True when the attribute is present.
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_ok()
    }

    /// Sets an attribute, returning its previous value. A new map is built
    /// in one allocation of the exact size (the entries are shared with
    /// the map it was copied from until then).
    pub fn insert(&mut self, name: impl Into<Text>, value: Value) -> Option<Value> {
        let name = name.into();
        match self.position(&name) {
            Ok(i) => Some(std::mem::replace(&mut self.unique_entries()[i].1, value)),
            Err(i) => {
                let (before, after) = self.entries.split_at(i);
                self.entries = before
                    .iter()
                    .cloned()
                    .chain(std::iter::once((name, value)))
                    .chain(after.iter().cloned())
                    .collect();
                None
            }
        }
    }

    /// Removes an attribute, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        let i = self.position(name).ok()?;
        let old = self.entries[i].1.clone();
        let (before, after) = self.entries.split_at(i);
        self.entries = before.iter().chain(&after[1..]).cloned().collect();
        Some(old)
    }

    /// Number of attributes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Asks the processor to start loading the map's entries, ahead of a
    /// read that walks many items (Scan): the loads of successive items then
    /// overlap instead of queueing one cache miss behind another. A hint
    /// only; it changes no result, and does nothing off x86-64.
    #[inline]
    pub fn prefetch(&self) {
        let start = Arc::as_ptr(&self.entries) as *const u8;
        let bytes = std::mem::size_of_val(&*self.entries).min(448);
        for offset in (0..bytes).step_by(64) {
            prefetch(start.wrapping_add(offset));
        }
    }

    /// Asks the processor to start loading the shared texts the map's
    /// values point to (strings too long to sit inline), ahead of a write
    /// that will drop or compare them. Reads the map's own entries, so it
    /// pays once they have arrived ([`Map::prefetch`] first). A hint only.
    #[inline]
    pub fn prefetch_texts(&self) {
        for (_, value) in self.entries.iter() {
            if let Value::S(text) = value
                && text.is_heap_allocated()
            {
                // The shared text's counts sit just before its bytes.
                prefetch(text.as_ptr().wrapping_sub(16));
            }
        }
    }

    /// Attributes in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Text, &Value)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// Names in order.
    pub fn keys(&self) -> impl Iterator<Item = &Text> {
        self.entries.iter().map(|(k, _)| k)
    }

    /// Values in name order.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.entries.iter().map(|(_, v)| v)
    }
}

/// Knows one map without keeping it alive: [`MapWatch::is`] tells whether
/// a map is that same map, still alive. A map's entries never change while
/// it is shared (changing them copies them first, and a watch counts as a
/// sharer), so what was computed from a watched map holds for as long as
/// the watch recognises it — the use of [`MapWatch`]: a cache of a stored
/// item's encoding, checked by identity rather than by comparing items.
#[derive(Clone, Debug)]
pub struct MapWatch(Weak<[(Text, Value)]>);

impl MapWatch {
    /// True when `map` is the watched map and it is still alive.
    pub fn is(&self, map: &Map) -> bool {
        self.0.strong_count() > 0 && std::ptr::addr_eq(self.0.as_ptr(), Arc::as_ptr(&map.entries))
    }
}

impl Map {
    /// A watch on this map: see [`MapWatch`].
    pub fn watch(&self) -> MapWatch {
        MapWatch(Arc::downgrade(&self.entries))
    }

    /// A number unique to this map among the maps alive (its entries'
    /// address), for finding what a [`MapWatch`] keeps about it.
    pub fn identity(&self) -> usize {
        Arc::as_ptr(&self.entries) as *const u8 as usize
    }

    /// True when another handle shares this map (a stored item being
    /// read), rather than it being the only one (a map built for one
    /// response).
    pub fn is_shared(&self) -> bool {
        Arc::strong_count(&self.entries) > 1
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Into<Text>> FromIterator<(K, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Map {
        let entries: Vec<(Text, Value)> = iter.into_iter().map(|(k, v)| (k.into(), v)).collect();
        Map::from_unsorted(entries)
    }
}

impl IntoIterator for Map {
    type Item = (Text, Value);
    type IntoIter = std::vec::IntoIter<(Text, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.to_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Text, &'a Value);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (Text, Value)>,
        fn(&'a (Text, Value)) -> (&'a Text, &'a Value),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

impl<Q: Borrow<str> + ?Sized> std::ops::Index<&Q> for Map {
    type Output = Value;
    fn index(&self, name: &Q) -> &Value {
        // Invariant: indexing is for callers that know the attribute is there (tests, mostly).
        self.get(name.borrow()).expect("no such attribute")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_names_in_byte_order_and_replaces_on_insert() {
        let mut map = Map::new();
        map.insert("b", Value::s("1"));
        map.insert("a", Value::s("2"));
        map.insert("B", Value::s("3"));
        assert_eq!(map.insert("a", Value::s("4")), Some(Value::s("2")));
        let names: Vec<&str> = map.keys().map(|k| k.as_str()).collect();
        assert_eq!(names, ["B", "a", "b"]);
        assert_eq!(map.remove("b"), Some(Value::s("1")));
        assert_eq!(map.len(), 2);
    }

    #[test]
    fn a_map_from_a_buffer_is_the_collected_map_and_leaves_the_buffer_for_the_next() {
        let entries = [("b", "1"), ("a", "2"), ("b", "3"), ("c", "4")];
        let collected: Map = entries.iter().map(|&(k, v)| (k, Value::s(v))).collect();
        let mut buffer: Vec<(Text, Value)> = Vec::with_capacity(8);
        for _ in 0..2 {
            buffer.extend(entries.iter().map(|&(k, v)| (Text::from(k), Value::s(v))));
            let built = Map::from_buffer(&mut buffer);
            assert_eq!(built, collected);
            assert_eq!(built["b"], Value::s("3"), "the later of two wins");
            assert!(buffer.is_empty() && buffer.capacity() >= 8);
        }
    }

    #[test]
    fn changing_a_shared_map_leaves_the_other_copy_alone() {
        let original: Map = [("a", Value::s("1"))].into_iter().collect();
        let mut changed = original.clone();
        changed.insert("b", Value::s("2"));
        *changed.get_mut("a").unwrap() = Value::s("3");
        assert_eq!(original.len(), 1);
        assert_eq!(original["a"], Value::s("1"));
        assert_eq!(changed["a"], Value::s("3"));
    }

    #[test]
    fn collecting_keeps_the_last_of_duplicate_names() {
        let map: Map = [("x", Value::s("first")), ("x", Value::s("last"))]
            .into_iter()
            .collect();
        assert_eq!(map.len(), 1);
        assert_eq!(map["x"], Value::s("last"));
    }
}
