//! [`Map`]: attribute name → value, the shape of every item and every `M`
//! value.
//!
//! Entries live in one vector sorted by name (UTF-8 byte order, as DynamoDB
//! sorts nothing here but responses should be deterministic), with short
//! names stored inline. An item is then one allocation holding its names and
//! small values side by side: lookups touch one or two cache lines, and a
//! stored item costs little more than DynamoDB's own size for it.

use std::borrow::Borrow;
use std::fmt;

use compact_str::CompactString;

use super::value::Value;

/// Text stored inline when short (up to 24 bytes), on the heap otherwise.
pub type Text = CompactString;

/// An ordered map from attribute name to value.
#[derive(Clone, Default, PartialEq)]
pub struct Map {
    entries: Vec<(Text, Value)>,
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// An empty map with room for `n` entries.
    pub fn with_capacity(n: usize) -> Map {
        Map {
            entries: Vec::with_capacity(n),
        }
    }

    fn position(&self, name: &str) -> Result<usize, usize> {
        self.entries
            .binary_search_by(|(k, _)| k.as_bytes().cmp(name.as_bytes()))
    }

    /// The value of an attribute.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.position(name).ok().map(|i| &self.entries[i].1)
    }

    /// The value of an attribute, mutably.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.position(name).ok().map(|i| &mut self.entries[i].1)
    }

    /// True when the attribute is present.
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_ok()
    }

    /// Sets an attribute, returning its previous value.
    pub fn insert(&mut self, name: impl Into<Text>, value: Value) -> Option<Value> {
        let name = name.into();
        match self.position(&name) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (name, value));
                None
            }
        }
    }

    /// Removes an attribute, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.position(name).ok().map(|i| self.entries.remove(i).1)
    }

    /// Number of attributes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
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

    /// Releases spare capacity (done once an item is stored).
    pub fn shrink_to_fit(&mut self) {
        self.entries.shrink_to_fit();
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Into<Text>> FromIterator<(K, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Map {
        let mut entries: Vec<(Text, Value)> =
            iter.into_iter().map(|(k, v)| (k.into(), v)).collect();
        // Later duplicates win, as with repeated inserts.
        entries.reverse();
        entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        entries.dedup_by(|a, b| a.0 == b.0);
        Map { entries }
    }
}

impl IntoIterator for Map {
    type Item = (Text, Value);
    type IntoIter = std::vec::IntoIter<(Text, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
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
    fn collecting_keeps_the_last_of_duplicate_names() {
        let map: Map = [("x", Value::s("first")), ("x", Value::s("last"))]
            .into_iter()
            .collect();
        assert_eq!(map.len(), 1);
        assert_eq!(map["x"], Value::s("last"));
    }
}
