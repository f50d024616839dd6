//! Saved playgrounds: the learner's work kept in the browser, under names.
//!
//! The shelf is a key-value store (the browser's local storage in the page,
//! a map in tests) holding:
//! - `ddbplay/index`: the list of saved playgrounds (id, name, when saved,
//!   revision), as JSON;
//! - `ddbplay/current`: the id of the playground the page shows;
//! - `ddbplay/playground/<id>`: each playground, as JSON with its name,
//!   when it was saved, its revision and the playground itself in the link
//!   encoding (compact, and read back by the same bounded decoder as a
//!   link). Earlier versions stored the link encoding alone, which still
//!   reads;
//! - `ddbplay/set-aside/<id>`: a playground that no longer reads, as it
//!   was stored, with its name and why.
//!
//! Nothing is lost on the way:
//! - A write that fails (storage full, turned off, private mode) is
//!   returned as an error for the page to report.
//! - A saved playground that does not read is copied aside first, and
//!   taken off the list only once the copy is stored; set-aside copies are
//!   listed ([`Library::set_aside`]) until the learner deletes them. One
//!   saved by a newer version of the page is not damaged: it is left as it
//!   is, and the page says so.
//! - An index that is missing or does not read is rebuilt from the saved
//!   playgrounds themselves, and a playground the index does not list is
//!   listed anyway, so a save never writes an index that forgets one.
//! - Every save of a playground counts its revision. A tab saves over a
//!   playground only when the revision it read is still the stored one;
//!   otherwise another tab saved it meanwhile, and the save is refused as
//!   a [`SavedError::Conflict`] for the learner to choose which to keep.

use crate::model::failure::Failure;
use serde::{Deserialize, Serialize};

use crate::share::{Document, ShareError, decode_link, encode_link};

const INDEX: &str = "ddbplay/index";
const CURRENT: &str = "ddbplay/current";
const PLAYGROUND: &str = "ddbplay/playground/";
const SET_ASIDE: &str = "ddbplay/set-aside/";

/// Where saved playgrounds live.
pub trait Shelf {
    fn get(&self, key: &str) -> Option<String>;
    /// Whether `key` holds anything, without reading it.
    fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }
    /// Fails when the value cannot be stored, with the browser's reason.
    fn set(&mut self, key: &str, value: &str) -> Result<(), Failure>;
    fn remove(&mut self, key: &str);
    /// Every key that starts with `prefix`.
    fn keys(&self, prefix: &str) -> Vec<String>;
}

/// One saved playground, as listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// When it was last saved, in milliseconds since 1970.
    pub saved_at: f64,
    /// How many times it has been saved (0 for a save of an earlier
    /// version that did not count).
    #[serde(default)]
    pub revision: u64,
}

/// A playground as stored, with what its entry in the index says.
#[derive(Serialize, Deserialize)]
struct Stored {
    name: String,
    saved_at: f64,
    revision: u64,
    /// The playground in the link encoding.
    link: String,
}

/// A saved playground that no longer reads, kept as it was stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetAside {
    #[serde(skip)]
    pub id: String,
    pub name: String,
    /// Why it could not be opened.
    pub why: String,
    /// When it was set aside, in milliseconds since 1970.
    pub at: f64,
    /// What was stored, as it was.
    pub text: String,
}

/// A saved playground read back, with the revision it was read at.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub document: Document,
    pub revision: u64,
}

/// Why a saved playground could not be read or written.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedError {
    /// The browser refused the write.
    NotSaved(Box<Failure>),
    /// It was stored, but no longer reads; it has been set aside (or, when
    /// the copy could not be stored, left where it was).
    Unreadable {
        name: String,
        why: Box<Failure>,
        kept: bool,
    },
    /// A newer version of the page saved it; it is left as it is.
    Newer { name: String, version: u32 },
    /// Another tab saved it since this tab read it.
    Conflict { name: String },
    /// There is no such playground.
    Missing,
}

impl SavedError {
    /// This browser would not store the work: `why` says what it answered.
    pub fn not_saved(why: Failure) -> SavedError {
        SavedError::NotSaved(Box::new(why))
    }
}

impl std::fmt::Display for SavedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SavedError::NotSaved(why) => write!(
                f,
                "This browser did not keep your work ({why}). Download it as a file to keep it."
            ),
            SavedError::Unreadable {
                name,
                why,
                kept: false,
            } => write!(
                f,
                "The saved playground \"{name}\" could not be read ({why}); it has been set aside, under Playgrounds, and the rest are untouched."
            ),
            SavedError::Unreadable {
                name,
                why,
                kept: true,
            } => write!(
                f,
                "The saved playground \"{name}\" could not be read ({why}); it is kept as it was, since this browser would not store a copy aside."
            ),
            SavedError::Newer { name, version } => write!(
                f,
                "The saved playground \"{name}\" was saved by a newer version of ddbplay (format {version}; this page reads format {} and older). It is kept as it is: open it in the newest ddbplay.",
                crate::share::VERSION
            ),
            SavedError::Conflict { name } => write!(
                f,
                "\"{name}\" was saved in another tab since this tab opened it."
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
    /// The saved playgrounds, most recently saved first: the index, with
    /// every stored playground it does not list added from what is stored
    /// with it (all of them when the index is missing or does not read).
    pub fn list(&self) -> Vec<Entry> {
        let mut entries: Vec<Entry> = self
            .shelf
            .get(INDEX)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let listed: std::collections::BTreeSet<String> =
            entries.iter().map(|e| e.id.clone()).collect();
        for key in self.shelf.keys(PLAYGROUND) {
            let id = &key[PLAYGROUND.len()..];
            if !listed.contains(id) {
                entries.push(self.recovered_entry(id));
            }
        }
        entries.sort_by(|a, b| b.saved_at.total_cmp(&a.saved_at));
        entries
    }

    /// The entry of a stored playground the index does not list: from
    /// what is stored with it, or, saved by an earlier version, a name
    /// from its id (the time it was first saved).
    fn recovered_entry(&self, id: &str) -> Entry {
        let stored = self
            .shelf
            .get(&format!("{PLAYGROUND}{id}"))
            .and_then(|text| serde_json::from_str::<Stored>(&text).ok());
        match stored {
            Some(stored) => Entry {
                id: id.to_string(),
                name: stored.name,
                saved_at: stored.saved_at,
                revision: stored.revision,
            },
            None => Entry {
                id: id.to_string(),
                name: format!("Recovered playground {id}"),
                saved_at: from_radix36(id.split('-').next().unwrap_or_default()) as f64,
                revision: 0,
            },
        }
    }

    /// Whether the page was showing a saved playground when last closed
    /// (cheaper than [`Library::current`]: the index is not read).
    pub fn has_current(&self) -> bool {
        self.shelf.has(CURRENT)
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
            Some(id) => self.shelf.set(CURRENT, id).map_err(SavedError::not_saved),
            None => {
                self.shelf.remove(CURRENT);
                Ok(())
            }
        }
    }

    /// The revision stored of `id`, if it is saved.
    pub fn revision(&self, id: &str) -> Option<u64> {
        self.list()
            .into_iter()
            .find(|e| e.id == id)
            .map(|e| e.revision)
    }

    /// Saves `document` under `id` (a new id when `None`) and `name`;
    /// returns the id and the revision saved. With `read_at`, the save is
    /// refused as a [`SavedError::Conflict`] when the stored revision is
    /// no longer that one (another tab saved it); without, it saves over
    /// whatever is stored.
    pub fn save(
        &mut self,
        id: Option<&str>,
        name: &str,
        document: &Document,
        now: f64,
        read_at: Option<u64>,
    ) -> Result<(String, u64), SavedError> {
        let encoded = encode_link(document)
            .map_err(|e| SavedError::not_saved(Failure::refused(e.to_string())))?;
        let link = encoded.split_once('=').map_or(encoded.as_str(), |(_, v)| v);
        let mut entries = self.list();
        let id = match id {
            Some(id) => id.to_string(),
            None => new_id(&entries, now),
        };
        let stored_revision = entries.iter().find(|e| e.id == id).map(|e| e.revision);
        if let (Some(read_at), Some(stored)) = (read_at, stored_revision)
            && read_at != stored
        {
            return Err(SavedError::Conflict {
                name: name.trim().to_string(),
            });
        }
        let revision = stored_revision.map_or(1, |r| r + 1);
        let stored = Stored {
            name: name.trim().to_string(),
            saved_at: now,
            revision,
            link: link.to_string(),
        };
        let text = serde_json::to_string(&stored)
            .map_err(|e| SavedError::not_saved(Failure::refused(e.to_string())))?;
        self.shelf
            .set(&format!("{PLAYGROUND}{id}"), &text)
            .map_err(SavedError::not_saved)?;
        entries.retain(|e| e.id != id);
        entries.push(Entry {
            id: id.clone(),
            name: stored.name,
            saved_at: now,
            revision,
        });
        self.write_index(&entries)?;
        Ok((id, revision))
    }

    /// Reads a saved playground. One that does not read is copied aside,
    /// and taken off the list once the copy is stored; one a newer version
    /// saved is left as it is.
    pub fn load(&mut self, id: &str, now: f64) -> Result<Loaded, SavedError> {
        let entry = self
            .list()
            .into_iter()
            .find(|e| e.id == id)
            .ok_or(SavedError::Missing)?;
        let key = format!("{PLAYGROUND}{id}");
        let text = self.shelf.get(&key).ok_or(SavedError::Missing)?;
        // A value of JSON is this version's; one of the link encoding alone,
        // an earlier version's.
        let link = match serde_json::from_str::<Stored>(&text) {
            Ok(stored) => stored.link,
            Err(_) => text.clone(),
        };
        match decode_link(&link) {
            Ok(document) => Ok(Loaded {
                document,
                revision: entry.revision,
            }),
            Err(ShareError::Newer { version }) => Err(SavedError::Newer {
                name: entry.name,
                version,
            }),
            Err(why) => {
                let aside = SetAside {
                    id: id.to_string(),
                    name: entry.name.clone(),
                    why: why.to_string(),
                    at: now,
                    text,
                };
                let copy = serde_json::to_string(&aside).unwrap_or_default();
                let kept = self.shelf.set(&format!("{SET_ASIDE}{id}"), &copy).is_err();
                if !kept {
                    let entries: Vec<Entry> =
                        self.list().into_iter().filter(|e| e.id != id).collect();
                    self.shelf.remove(&key);
                    let _ = self.write_index(&entries);
                }
                Err(SavedError::Unreadable {
                    name: entry.name,
                    why: Box::new(Failure::refused(why.to_string())),
                    kept,
                })
            }
        }
    }

    /// The playgrounds set aside because they no longer read, the latest
    /// first.
    pub fn set_aside(&self) -> Vec<SetAside> {
        let mut found: Vec<SetAside> = self
            .shelf
            .keys(SET_ASIDE)
            .into_iter()
            .filter_map(|key| {
                let text = self.shelf.get(&key)?;
                let id = key[SET_ASIDE.len()..].to_string();
                Some(match serde_json::from_str::<SetAside>(&text) {
                    Ok(aside) => SetAside { id, ..aside },
                    // Set aside by an earlier version: the stored text alone.
                    Err(_) => SetAside {
                        name: format!("Playground {id}"),
                        why: "it no longer read".into(),
                        at: 0.0,
                        text,
                        id,
                    },
                })
            })
            .collect();
        found.sort_by(|a, b| b.at.total_cmp(&a.at));
        found
    }

    /// Deletes a set-aside copy.
    pub fn delete_set_aside(&mut self, id: &str) {
        self.shelf.remove(&format!("{SET_ASIDE}{id}"));
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
        let loaded = self.load(id, now)?;
        self.save(None, name, &loaded.document, now, None)
            .map(|(id, _)| id)
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
        let text = serde_json::to_string(entries)
            .map_err(|e| SavedError::not_saved(Failure::refused(e.to_string())))?;
        self.shelf.set(INDEX, &text).map_err(SavedError::not_saved)
    }
}

/// An id not yet used: the time, in base 36, and a counter if needed.
fn new_id(entries: &[Entry], now: f64) -> String {
    let base = radix36(now.max(0.0) as u64);
    let taken: std::collections::BTreeSet<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    (0..)
        .map(|n| {
            if n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|id| !taken.contains(id.as_str()))
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

/// The number an id's first part writes in base 36 (0 when it is not one).
fn from_radix36(text: &str) -> u64 {
    text.chars()
        .try_fold(0u64, |n, c| {
            let digit = c.to_digit(36)?;
            n.checked_mul(36)?.checked_add(u64::from(digit))
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::model::gallery::commerce;
    use crate::share::open::capture;

    /// A shelf in memory that can be made to refuse writes, as a full
    /// browser storage does (all of them, or those under one prefix).
    #[derive(Default)]
    struct Memory {
        values: BTreeMap<String, String>,
        full: bool,
        refuses: Option<&'static str>,
    }

    impl Shelf for Memory {
        fn get(&self, key: &str) -> Option<String> {
            self.values.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), Failure> {
            if self.full || self.refuses.is_some_and(|p| key.starts_with(p)) {
                return Err(Failure::refused(
                    "QuotaExceededError: the quota has been exceeded",
                ));
            }
            self.values.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.values.remove(key);
        }
        fn keys(&self, prefix: &str) -> Vec<String> {
            self.values
                .keys()
                .filter(|k| k.starts_with(prefix))
                .cloned()
                .collect()
        }
    }

    fn library() -> Library<Memory> {
        Library {
            shelf: Memory::default(),
        }
    }

    fn names(library: &Library<Memory>) -> Vec<String> {
        library.list().into_iter().map(|e| e.name).collect()
    }

    fn example() -> Document {
        capture(&commerce::playground())
    }

    #[test]
    fn playgrounds_are_saved_listed_renamed_copied_and_deleted() {
        let mut library = library();
        let document = example();
        let (first, _) = library.save(None, "Shop", &document, 1000.0, None).unwrap();
        library.set_current(Some(&first)).unwrap();
        let (second, _) = library
            .save(None, " Blog ", &document, 2000.0, None)
            .unwrap();
        assert_ne!(first, second);
        assert_eq!(names(&library), ["Blog", "Shop"]);
        library.rename(&first, "Shop v2").unwrap();
        let copy = library.duplicate(&first, "Shop v2 (copy)", 3000.0).unwrap();
        assert_eq!(library.load(&copy, 3000.0).unwrap().document, document);
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
            .save(None, "Shop", &example(), 1.0, None)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "This browser did not keep your work (QuotaExceededError: the quota has been exceeded). Download it as a file to keep it."
        );
    }

    #[test]
    fn a_corrupt_playground_is_set_aside_listed_and_the_others_stay() {
        let mut library = library();
        let document = example();
        let (good, _) = library.save(None, "Good", &document, 1.0, None).unwrap();
        let (bad, _) = library.save(None, "Bad", &document, 2.0, None).unwrap();
        library
            .shelf
            .set(&format!("{PLAYGROUND}{bad}"), "1.garbage")
            .unwrap();
        let error = library.load(&bad, 5.0).unwrap_err();
        assert_eq!(
            error.to_string(),
            "The saved playground \"Bad\" could not be read (it is damaged: it is not the text a link holds (was it cut short or changed?)); it has been set aside, under Playgrounds, and the rest are untouched."
        );
        assert_eq!(
            library.set_aside(),
            [SetAside {
                id: bad.clone(),
                name: "Bad".into(),
                why:
                    "it is damaged: it is not the text a link holds (was it cut short or changed?)"
                        .into(),
                at: 5.0,
                text: "1.garbage".into(),
            }]
        );
        assert_eq!(names(&library), ["Good"]);
        assert_eq!(library.load(&good, 6.0).unwrap().document, document);
        library.delete_set_aside(&bad);
        assert_eq!(library.set_aside(), []);
    }

    #[test]
    fn a_corrupt_playground_whose_copy_cannot_be_stored_stays_where_it_was() {
        let mut library = library();
        let (bad, _) = library.save(None, "Bad", &example(), 2.0, None).unwrap();
        library
            .shelf
            .set(&format!("{PLAYGROUND}{bad}"), "4.garbage")
            .unwrap();
        library.shelf.refuses = Some(SET_ASIDE);
        let error = library.load(&bad, 5.0).unwrap_err();
        assert!(
            matches!(error, SavedError::Unreadable { kept: true, .. }),
            "{error}"
        );
        assert!(
            error.to_string().ends_with(
                "it is kept as it was, since this browser would not store a copy aside."
            )
        );
        assert_eq!(names(&library), ["Bad"]);
        assert_eq!(
            library.shelf.get(&format!("{PLAYGROUND}{bad}")).as_deref(),
            Some("4.garbage")
        );
    }

    #[test]
    fn a_playground_saved_by_a_newer_version_is_left_as_it_is() {
        let mut library = library();
        let (newer, _) = library
            .save(None, "From the future", &example(), 2.0, None)
            .unwrap();
        let key = format!("{PLAYGROUND}{newer}");
        library.shelf.set(&key, "9.AAAA").unwrap();
        let error = library.load(&newer, 5.0).unwrap_err();
        assert_eq!(
            error.to_string(),
            "The saved playground \"From the future\" was saved by a newer version of ddbplay (format 9; this page reads format 7 and older). It is kept as it is: open it in the newest ddbplay."
        );
        assert_eq!(library.shelf.get(&key).as_deref(), Some("9.AAAA"));
        assert_eq!(names(&library), ["From the future"]);
        assert_eq!(library.set_aside(), []);
    }

    #[test]
    fn a_damaged_index_is_rebuilt_from_the_saved_playgrounds() {
        let mut library = library();
        let document = example();
        library.save(None, "Shop", &document, 1000.0, None).unwrap();
        library.save(None, "Blog", &document, 2000.0, None).unwrap();
        // One saved by an earlier version, as the link encoding alone.
        library
            .shelf
            .set(&format!("{PLAYGROUND}{}", radix36(500)), "4.AAAA")
            .unwrap();
        library.shelf.set(INDEX, "{not json").unwrap();
        assert_eq!(names(&library), ["Blog", "Shop", "Recovered playground dw"]);
        // The next save writes an index that still lists every one.
        library
            .save(None, "Third", &document, 3000.0, None)
            .unwrap();
        let index: Vec<Entry> = serde_json::from_str(&library.shelf.get(INDEX).unwrap()).unwrap();
        assert_eq!(index.len(), 4);
        assert_eq!(index[2].saved_at, 500.0);
    }

    #[test]
    fn a_playground_the_index_does_not_list_is_listed_anyway() {
        let mut library = library();
        let document = example();
        let (kept, _) = library.save(None, "Kept", &document, 1.0, None).unwrap();
        library.shelf.set(INDEX, "[]").unwrap();
        assert_eq!(library.list().len(), 1);
        assert_eq!(library.load(&kept, 2.0).unwrap().document, document);
    }

    #[test]
    fn a_save_over_a_revision_another_tab_saved_is_refused() {
        let mut library = library();
        let document = example();
        let (id, first) = library.save(None, "Shop", &document, 1.0, None).unwrap();
        assert_eq!(first, 1);
        // Two tabs read revision 1; the first saves revision 2.
        let (_, second) = library
            .save(Some(&id), "Shop", &document, 2.0, Some(first))
            .unwrap();
        assert_eq!(second, 2);
        let error = library
            .save(Some(&id), "Shop", &document, 3.0, Some(first))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"Shop\" was saved in another tab since this tab opened it."
        );
        assert_eq!(library.revision(&id), Some(2));
        // Kept on purpose, it saves over the other tab's.
        assert_eq!(
            library
                .save(Some(&id), "Shop", &document, 4.0, None)
                .unwrap()
                .1,
            3
        );
    }
}
