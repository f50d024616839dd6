//! Saved playgrounds: the learner's work kept in the browser, under names.
//!
//! The shelf is a key-value store (the browser's local storage in the page,
//! a map in tests) holding:
//! - `ddbplay/index`: the list of saved playgrounds (id, name, when saved),
//!   as JSON;
//! - `ddbplay/current`: the id of the playground the page shows, which is
//!   saved again after every change;
//! - `ddbplay/playground/<id>`: each playground, in the link encoding
//!   (compact, and read back by the same bounded decoder as a link).
//!
//! A write that fails (storage full, turned off, private mode) is returned
//! as an error for the page to report; nothing is lost silently. A saved
//! playground that no longer reads is moved aside to
//! `ddbplay/set-aside/<id>` (kept, never deleted) and reported.

use serde::{Deserialize, Serialize};

use crate::share::{Document, decode_link, encode_link};

const INDEX: &str = "ddbplay/index";
const CURRENT: &str = "ddbplay/current";
const PLAYGROUND: &str = "ddbplay/playground/";
const SET_ASIDE: &str = "ddbplay/set-aside/";

/// Where saved playgrounds live.
pub trait Shelf {
    fn get(&self, key: &str) -> Option<String>;
    /// Fails when the value cannot be stored, with the browser's reason.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&mut self, key: &str);
}

/// One saved playground, as listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// When it was last saved, in milliseconds since 1970.
    pub saved_at: f64,
}

/// Why a saved playground could not be read or written.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedError {
    /// The browser refused the write.
    NotSaved(String),
    /// It was stored, but no longer reads; it has been set aside.
    Unreadable { name: String, why: String },
    /// There is no such playground.
    Missing,
}

impl std::fmt::Display for SavedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SavedError::NotSaved(why) => write!(
                f,
                "This browser did not keep your work ({why}). Download it as a file to keep it."
            ),
            SavedError::Unreadable { name, why } => write!(
                f,
                "The saved playground \"{name}\" could not be read ({why}); it has been set aside and the rest are untouched."
            ),
            SavedError::Missing => f.write_str("That saved playground is no longer there."),
        }
    }
}

/// The saved playgrounds on a shelf.
pub struct Library<S: Shelf> {
    pub shelf: S,
}

impl<S: Shelf> Library<S> {
    /// The saved playgrounds, most recently saved first. An index that
    /// does not read counts as empty (the playgrounds themselves stay).
    pub fn list(&self) -> Vec<Entry> {
        let mut entries: Vec<Entry> = self
            .shelf
            .get(INDEX)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        entries.sort_by(|a, b| b.saved_at.total_cmp(&a.saved_at));
        entries
    }

    /// The id of the playground the page shows, if it was saved.
    pub fn current(&self) -> Option<String> {
        self.shelf
            .get(CURRENT)
            .filter(|id| self.list().iter().any(|e| &e.id == id))
    }

    /// Makes `id` the playground the page shows (`None`: an unsaved one).
    pub fn set_current(&mut self, id: Option<&str>) -> Result<(), SavedError> {
        match id {
            Some(id) => self.shelf.set(CURRENT, id).map_err(SavedError::NotSaved),
            None => {
                self.shelf.remove(CURRENT);
                Ok(())
            }
        }
    }

    /// Saves `document` under `id` (a new id when `None`) and `name`;
    /// returns the id.
    pub fn save(
        &mut self,
        id: Option<&str>,
        name: &str,
        document: &Document,
        now: f64,
    ) -> Result<String, SavedError> {
        let encoded = encode_link(document).map_err(|e| SavedError::NotSaved(e.to_string()))?;
        let value = encoded.split_once('=').map_or(encoded.as_str(), |(_, v)| v);
        let mut entries = self.list();
        let id = match id {
            Some(id) => id.to_string(),
            None => new_id(&entries, now),
        };
        self.shelf
            .set(&format!("{PLAYGROUND}{id}"), value)
            .map_err(SavedError::NotSaved)?;
        entries.retain(|e| e.id != id);
        entries.push(Entry {
            id: id.clone(),
            name: name.trim().to_string(),
            saved_at: now,
        });
        self.write_index(&entries)?;
        Ok(id)
    }

    /// Reads a saved playground. One that does not read is set aside.
    pub fn load(&mut self, id: &str) -> Result<Document, SavedError> {
        let entry = self
            .list()
            .into_iter()
            .find(|e| e.id == id)
            .ok_or(SavedError::Missing)?;
        let key = format!("{PLAYGROUND}{id}");
        let text = self.shelf.get(&key).ok_or(SavedError::Missing)?;
        decode_link(&text).map_err(|why| {
            let _ = self.shelf.set(&format!("{SET_ASIDE}{id}"), &text);
            self.shelf.remove(&key);
            let entries: Vec<Entry> = self.list().into_iter().filter(|e| e.id != id).collect();
            let _ = self.write_index(&entries);
            SavedError::Unreadable {
                name: entry.name,
                why: why.to_string(),
            }
        })
    }

    /// Gives a saved playground another name.
    pub fn rename(&mut self, id: &str, name: &str) -> Result<(), SavedError> {
        let mut entries = self.list();
        let entry = entries
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or(SavedError::Missing)?;
        entry.name = name.trim().to_string();
        self.write_index(&entries)
    }

    /// Copies a saved playground under a new name; returns the copy's id.
    pub fn duplicate(&mut self, id: &str, name: &str, now: f64) -> Result<String, SavedError> {
        let document = self.load(id)?;
        self.save(None, name, &document, now)
    }

    /// Deletes a saved playground.
    pub fn delete(&mut self, id: &str) -> Result<(), SavedError> {
        let entries: Vec<Entry> = self.list().into_iter().filter(|e| e.id != id).collect();
        self.write_index(&entries)?;
        self.shelf.remove(&format!("{PLAYGROUND}{id}"));
        if self.shelf.get(CURRENT).as_deref() == Some(id) {
            self.shelf.remove(CURRENT);
        }
        Ok(())
    }

    fn write_index(&mut self, entries: &[Entry]) -> Result<(), SavedError> {
        let text = serde_json::to_string(entries).unwrap_or_else(|_| "[]".into());
        self.shelf.set(INDEX, &text).map_err(SavedError::NotSaved)
    }
}

/// An id not yet used: the time, in base 36, and a counter if needed.
fn new_id(entries: &[Entry], now: f64) -> String {
    let base = radix36(now.max(0.0) as u64);
    (0..)
        .map(|n| {
            if n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|id| !entries.iter().any(|e| &e.id == id))
        .unwrap_or(base)
}

fn radix36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::model::commerce;
    use crate::share::open::capture;

    /// A shelf in memory that can be made to refuse writes, as a full
    /// browser storage does.
    #[derive(Default)]
    struct Memory {
        values: BTreeMap<String, String>,
        full: bool,
    }

    impl Shelf for Memory {
        fn get(&self, key: &str) -> Option<String> {
            self.values.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            if self.full {
                return Err("QuotaExceededError: the quota has been exceeded".into());
            }
            self.values.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.values.remove(key);
        }
    }

    fn library() -> Library<Memory> {
        Library {
            shelf: Memory::default(),
        }
    }

    #[test]
    fn playgrounds_are_saved_listed_renamed_copied_and_deleted() {
        let mut library = library();
        let document = capture(&commerce::playground());
        let first = library.save(None, "Shop", &document, 1000.0).unwrap();
        library.set_current(Some(&first)).unwrap();
        let second = library.save(None, " Blog ", &document, 2000.0).unwrap();
        assert_ne!(first, second);
        let names = |l: &Library<Memory>| l.list().into_iter().map(|e| e.name).collect::<Vec<_>>();
        assert_eq!(names(&library), ["Blog", "Shop"]);
        library.rename(&first, "Shop v2").unwrap();
        let copy = library.duplicate(&first, "Shop v2 (copy)", 3000.0).unwrap();
        assert_eq!(library.load(&copy).unwrap(), document);
        assert_eq!(names(&library), ["Shop v2 (copy)", "Blog", "Shop v2"]);
        assert_eq!(library.current(), Some(first.clone()));
        library.delete(&first).unwrap();
        assert_eq!(library.current(), None);
        assert_eq!(names(&library), ["Shop v2 (copy)", "Blog"]);
    }

    #[test]
    fn a_refused_write_is_reported_with_what_to_do() {
        let mut library = library();
        library.shelf.full = true;
        let error = library
            .save(None, "Shop", &capture(&commerce::playground()), 1.0)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "This browser did not keep your work (QuotaExceededError: the quota has been exceeded). Download it as a file to keep it."
        );
    }

    #[test]
    fn a_corrupt_playground_is_set_aside_and_the_others_stay() {
        let mut library = library();
        let document = capture(&commerce::playground());
        let good = library.save(None, "Good", &document, 1.0).unwrap();
        let bad = library.save(None, "Bad", &document, 2.0).unwrap();
        library
            .shelf
            .set(&format!("{PLAYGROUND}{bad}"), "1.garbage")
            .unwrap();
        let error = library.load(&bad).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("The saved playground \"Bad\" could not be read (it is damaged"),
            "{error}"
        );
        assert_eq!(
            library.shelf.get(&format!("{SET_ASIDE}{bad}")).as_deref(),
            Some("1.garbage")
        );
        assert_eq!(library.list().len(), 1);
        assert_eq!(library.load(&good).unwrap(), document);
    }

    #[test]
    fn an_index_that_does_not_read_counts_as_empty() {
        let mut library = library();
        library.shelf.set(INDEX, "{not json").unwrap();
        assert_eq!(library.list(), vec![]);
        assert_eq!(library.current(), None);
    }
}
