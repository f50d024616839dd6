//! Where the page's playground comes from when it opens, and where it goes
//! after each change.
//!
//! Opening, in this order: a playground in the address's fragment (a
//! shared link); else, outside a frame, the playground saved last in this
//! browser; else the example. A link or a save that cannot be opened
//! leaves the example in its place, with a notice saying what was wrong.
//!
//! After each change (debounced by the page), the playground is saved under
//! its name in the browser and its link is put in the address, without a
//! new history entry: reloading the page, or copying the address, gives
//! back exactly what is on the screen. Only a change saves: a playground
//! opened and not changed is not saved, nor is its address rewritten.
//! Before another playground replaces the one on the screen, a change
//! still waiting for the debounce is saved first ([`keep_current`]).
//!
//! Each tab remembers the revision of the saved playground it opened or
//! last saved. When another tab saved it meanwhile, the save is refused
//! and the learner chooses ([`resolve`]): keep this tab's, open the other
//! tab's, or keep both.

use crate::embed::Options;
use crate::model::failure::Failure;
use crate::model::playground::Playground;
use crate::model::{gallery, gallery::commerce};
use crate::saved::{Library, SavedError, Shelf};
use crate::share::open::{capture, open};
use crate::share::{
    LONG_LINK_BYTES, ShareError, decode_file, decode_link, encode_link, fragment_parameter,
    link_parameter,
};
use crate::store::{Notice, State, sentence};

/// The saved playground the page is showing.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// Its id on the shelf; `None` until it is first saved.
    pub id: Option<String>,
    pub name: String,
    /// The revision this tab opened or last saved.
    pub revision: Option<u64>,
}

impl Session {
    /// A playground not saved yet.
    pub fn unsaved(name: &str) -> Session {
        Session {
            id: None,
            name: name.to_string(),
            revision: None,
        }
    }

    /// A playground saved under `id`, at `revision`.
    pub fn saved(id: &str, name: &str, revision: u64) -> Session {
        Session {
            id: Some(id.to_string()),
            name: name.to_string(),
            revision: Some(revision),
        }
    }
}

/// What the page opens on.
pub struct Boot {
    pub playground: Playground,
    pub session: Session,
    pub notice: Option<Notice>,
}

/// The example's name in `#example=…` links.
pub const EXAMPLE: &str = "commerce";

/// What the page says when a link does not open.
pub const LINK_FAILED: &str = "This link could not be opened: ";

/// The example, with a notice saying why it is shown.
fn example_because(notice: Option<Notice>) -> Boot {
    Boot {
        playground: commerce::playground(),
        session: Session::unsaved("Commerce example"),
        notice,
    }
}

/// Reads a link's playground parameter into a playground.
pub fn open_link(value: &str) -> Result<Playground, Failure> {
    decode_link(value)
        .map_err(|e| Failure::refused(e.to_string()))
        .and_then(open)
}

/// Reads a `.ddbplay.json` file into a playground.
pub fn open_file(text: &str) -> Result<Playground, Failure> {
    decode_file(text)
        .map_err(|e| Failure::refused(e.to_string()))
        .and_then(open)
}

/// What a fragment the learner navigated to (a link pasted into the
/// address bar, Back, Forward) opens: a shared playground or an example,
/// with its session; `None` for a fragment that is only a place on the
/// page.
pub fn navigated(fragment: &str) -> Option<Result<(Playground, Session), Failure>> {
    if let Some(value) = link_parameter(fragment) {
        return Some(
            open_link(value)
                .map(|p| (p, Session::unsaved("Shared playground")))
                .map_err(|why| Failure::refused(sentence(LINK_FAILED, &why))),
        );
    }
    let name = fragment_parameter(fragment, "example")?;
    Some(match gallery::find(name) {
        Some(example) => Ok(((example.playground)(), example_session(example))),
        None => Err(Failure::refused(format!(
            "There is no example called \"{name}\"."
        ))),
    })
}

/// Keeps the playground on the screen before another replaces it: saved,
/// under its name, when it changed since it was opened or last saved —
/// a change made a moment ago, still waiting to be saved, included.
pub fn keep_current(
    state: &State,
    session: &Session,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Result<(), SavedError> {
    if !state.has_changes() {
        return Ok(());
    }
    save(state, session, library, now).map(|_| ())
}

/// The session of an example just opened: not saved until it changes.
pub fn example_session(example: &gallery::Example) -> Session {
    Session::unsaved(&format!("{} example", example.title))
}

/// Whether what the page opens on is read by code the page's first wasm
/// module leaves to the rest (`xtask/src/split.rs`). The first module
/// holds what opening the plain address (a first visit) or the commerce
/// example's own address runs, as a page or an embed; anything else — a
/// shared link, another example, a place on the page to arrive at, a
/// panel to open at, a playground saved in this browser — waits for the
/// rest, fetched in the background before the page starts, rather than
/// all at once, with the page frozen, at the first call into it.
///
/// The fragment is looked at first: reading it as options (`#patterns`
/// is also the `patterns` option) runs code the first module has not.
pub fn opens_with_the_rest(query: &str, fragment: &str, library: &Library<impl Shelf>) -> bool {
    let fragment = fragment.trim_start_matches('#');
    if !fragment.is_empty() && fragment.strip_prefix("example=") != Some(EXAMPLE) {
        return true;
    }
    let options = Options::read(query, fragment);
    options.show.is_some() || (fragment.is_empty() && !options.embed && library.has_current())
}

/// Decides what the page opens on.
pub fn boot(
    fragment: &str,
    options: &Options,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Boot {
    let mut boot = if let Some(value) = link_parameter(fragment) {
        match open_link(value) {
            Ok(playground) => Boot {
                playground,
                session: Session::unsaved("Shared playground"),
                notice: None,
            },
            Err(why) => example_because(Some(Notice::problem(format!(
                "{} The example is shown instead.",
                sentence(LINK_FAILED, &why)
            )))),
        }
    } else if let Some(name) = fragment_parameter(fragment, "example") {
        match gallery::find(name) {
            Some(example) => Boot {
                playground: (example.playground)(),
                session: example_session(example),
                notice: None,
            },
            None => example_because(Some(Notice::problem(format!(
                "There is no example called \"{name}\"; the {EXAMPLE} example is shown."
            )))),
        }
    } else if options.embed {
        example_because(None)
    } else if let Some(id) = library.current() {
        let name = library
            .list()
            .into_iter()
            .find(|e| e.id == id)
            .map_or_else(String::new, |e| e.name);
        match library
            .load(&id, now)
            .map_err(|e| e.to_string())
            .and_then(|loaded| {
                let revision = loaded.revision;
                open(loaded.document)
                    .map(|playground| (playground, revision))
                    .map_err(|why| {
                        format!("The saved playground \"{name}\" could not be opened: {why}")
                    })
            }) {
            Ok((playground, revision)) => Boot {
                playground,
                session: Session::saved(&id, &name, revision),
                notice: None,
            },
            Err(why) => example_because(Some(Notice::problem(format!(
                "{} The example is shown instead.",
                sentence("", &why)
            )))),
        }
    } else {
        example_because(None)
    };
    if let Some(pattern) = options
        .pattern
        .filter(|p| *p < boot.playground.patterns.len())
    {
        boot.playground.selected = pattern;
    }
    boot
}

/// What the first render needs: the state (with a notice when what was
/// asked for could not be opened), the session, and a large playground
/// still to be filled a slice at a time.
pub struct Started {
    pub state: State,
    pub session: Session,
    pub notice: Option<Notice>,
    pub pending: Option<Playground>,
}

/// Opens the page on what the fragment and the saved playgrounds say.
pub fn start(
    fragment: &str,
    options: &Options,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Started {
    let context = if link_parameter(fragment).is_some() {
        LINK_FAILED
    } else {
        ""
    };
    start_with(boot(fragment, options, library, now), context)
}

/// Builds what [`boot`] chose: at once when small, else the playground's
/// design on an empty table first (the example, if even that cannot be
/// made) and the playground pending. One that cannot be built leaves the example
/// with a notice; `context` says what it was ("This link could not be
/// opened: ").
pub fn start_with(boot: Boot, context: &str) -> Started {
    if !crate::rebuild::builds_at_once(&boot.playground.chart) {
        return Started {
            state: State::before_filling(&boot.playground).unwrap_or_else(|_| State::example()),
            session: boot.session,
            notice: boot.notice,
            pending: Some(boot.playground),
        };
    }
    match State::open(boot.playground) {
        Ok(state) => Started {
            state,
            session: boot.session,
            notice: boot.notice,
            pending: None,
        },
        Err(why) => Started {
            state: State::example(),
            session: Session::unsaved("Commerce example"),
            notice: Some(Notice::problem(format!(
                "{} The example is shown instead.",
                sentence(context, &why)
            ))),
            pending: None,
        },
    }
}

/// The fragment that carries the state, when it is short enough to share
/// as a link.
pub fn link_fragment(state: &State) -> Result<String, ShareError> {
    encode_link(&capture(&state.playground()))
}

/// Saves the state under the session's name, over the revision the
/// session read; returns the session it is saved as (a new id the first
/// time). Refused as a [`SavedError::Conflict`] when another tab saved it
/// since.
pub fn save(
    state: &State,
    session: &Session,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Result<Session, SavedError> {
    save_over(state, session, library, now, session.revision)
}

fn save_over(
    state: &State,
    session: &Session,
    library: &mut Library<impl Shelf>,
    now: f64,
    read_at: Option<u64>,
) -> Result<Session, SavedError> {
    let document = capture(&state.playground());
    let (id, revision) = library.save(
        session.id.as_deref(),
        &session.name,
        &document,
        now,
        read_at,
    )?;
    library.set_current(Some(&id))?;
    Ok(Session::saved(&id, &session.name, revision))
}

/// What to keep when another tab saved the playground on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Keep {
    /// This tab's: saved over the other tab's.
    ThisTab,
    /// The other tab's: opened in this tab instead.
    OtherTab,
    /// Both: this tab's saved as a playground of its own.
    Both,
}

/// What a choice of [`Keep`] leaves on the screen.
pub enum Resolved {
    /// This tab's playground, saved as this session.
    Saved(Session),
    /// The other tab's, to open, with its session.
    Open(Box<Playground>, Session),
}

/// Does what the learner chose when another tab saved the playground.
pub fn resolve(
    keep: Keep,
    state: &State,
    session: &Session,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Result<Resolved, SavedError> {
    match keep {
        Keep::ThisTab => save_over(state, session, library, now, None).map(Resolved::Saved),
        Keep::Both => {
            let copy = Session::unsaved(&format!("{} (this tab)", session.name));
            save_over(state, &copy, library, now, None).map(Resolved::Saved)
        }
        Keep::OtherTab => {
            let id = session.id.as_deref().ok_or(SavedError::Missing)?;
            let loaded = library.load(id, now)?;
            let playground = open(loaded.document).map_err(|why| SavedError::Unreadable {
                name: session.name.clone(),
                why: Box::new(why),
                kept: true,
            })?;
            library.set_current(Some(id))?;
            Ok(Resolved::Open(
                Box::new(playground),
                Session::saved(id, &session.name, loaded.revision),
            ))
        }
    }
}

/// True when another tab saved the playground this session shows since
/// this tab read it.
pub fn saved_elsewhere(session: &Session, library: &Library<impl Shelf>) -> bool {
    match (&session.id, session.revision) {
        (Some(id), Some(read_at)) => library.revision(id).is_some_and(|r| r != read_at),
        _ => false,
    }
}

/// True when a link of this length should be offered as a file instead.
pub fn too_long_to_share(link: &str) -> bool {
    link.len() > LONG_LINK_BYTES
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[derive(Default)]
    struct Memory(BTreeMap<String, String>);

    impl Shelf for Memory {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), Failure> {
            self.0.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn keys(&self, prefix: &str) -> Vec<String> {
            self.0
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

    #[test]
    fn only_the_plain_address_and_the_commerce_example_open_without_the_rest() {
        let empty = library();
        assert!(!opens_with_the_rest("", "", &empty));
        assert!(!opens_with_the_rest("", "#example=commerce", &empty));
        assert!(!opens_with_the_rest(
            "embed&panels=comparison",
            "example=commerce",
            &empty
        ));
        assert!(opens_with_the_rest("", "patterns", &empty));
        assert!(opens_with_the_rest("show=data", "", &empty));
        assert!(opens_with_the_rest("", "example=blog", &empty));
        assert!(opens_with_the_rest("", "play=1.AAAA", &empty));
        assert!(opens_with_the_rest(
            "",
            "example=commerce&play=1.AAAA",
            &empty
        ));
        let mut returning = library();
        save(
            &State::example(),
            &Session::unsaved("Mine"),
            &mut returning,
            1.0,
        )
        .unwrap();
        assert!(opens_with_the_rest("", "", &returning));
        assert!(!opens_with_the_rest("", "example=commerce", &returning));
        assert!(!opens_with_the_rest("embed", "", &returning));
    }

    #[test]
    fn a_first_visit_opens_the_example() {
        let boot = boot("", &Options::default(), &mut library(), 0.0);
        assert_eq!(boot.playground, commerce::playground());
        assert_eq!(boot.notice, None);
    }

    #[test]
    fn the_playground_saved_last_comes_back() {
        let mut library = library();
        let mut state = State::example();
        state.selected = 5;
        let saved = save(&state, &Session::unsaved("Mine"), &mut library, 1.0).unwrap();
        let boot = boot("", &Options::default(), &mut library, 0.0);
        assert_eq!(boot.playground.selected, 5);
        assert_eq!(boot.session, saved);
        assert_eq!(boot.session.revision, Some(1));
    }

    #[test]
    fn a_link_wins_over_the_saved_playground_and_a_bad_one_says_why() {
        let mut library = library();
        let mut state = State::example();
        state.selected = 5;
        save(&state, &Session::unsaved("Mine"), &mut library, 1.0).unwrap();
        state.selected = 7;
        let fragment = link_fragment(&state).unwrap();
        let opened = boot(&fragment, &Options::default(), &mut library, 0.0);
        assert_eq!(opened.playground.selected, 7);
        assert_eq!(opened.session.id, None);
        let broken = boot("play=1.AAAA", &Options::default(), &mut library, 0.0);
        assert_eq!(broken.playground, commerce::playground());
        assert_eq!(
            broken.notice.unwrap().text,
            "This link could not be opened: it is damaged: its data does not unpack (was it cut short?). The example is shown instead."
        );
    }

    #[test]
    fn an_example_link_opens_the_example_whatever_was_saved() {
        let mut library = library();
        let mut state = State::example();
        state.selected = 5;
        save(&state, &Session::unsaved("Mine"), &mut library, 1.0).unwrap();
        let boot = boot("example=commerce", &Options::default(), &mut library, 0.0);
        assert_eq!(boot.playground, commerce::playground());
        let unknown = boot_text("example=bloog", &mut library);
        assert_eq!(
            unknown,
            "There is no example called \"bloog\"; the commerce example is shown."
        );
    }

    #[test]
    fn a_large_playground_shows_its_own_design_while_its_table_fills() {
        let mut library = library();
        let started = start("example=invoicing", &Options::default(), &mut library, 0.0);
        let invoicing = (gallery::find("invoicing").unwrap().playground)();
        assert_eq!(started.state.chart, invoicing.chart);
        assert_eq!(started.state.item_count, 0);
        assert_eq!(started.pending, Some(invoicing));
        assert!(started.notice.is_none());
    }

    #[test]
    fn every_example_of_the_gallery_opens_from_its_link() {
        let mut library = library();
        for example in gallery::EXAMPLES {
            let fragment = format!("example={}", example.name);
            let boot = boot(&fragment, &Options::default(), &mut library, 0.0);
            assert_eq!(boot.playground, (example.playground)(), "{}", example.name);
            assert_eq!(boot.session.name, format!("{} example", example.title));
            assert!(boot.notice.is_none());
            let (playground, _) = navigated(&format!("#{fragment}")).unwrap().unwrap();
            assert_eq!(playground, (example.playground)());
            // And opens: its data builds and every pattern is measured.
            let state = State::open(playground).unwrap();
            assert!(state.runs.iter().all(Result::is_ok), "{}", example.name);
        }
        assert_eq!(
            navigated("#example=nothing").unwrap().unwrap_err(),
            Failure::refused("There is no example called \"nothing\".")
        );
    }

    fn boot_text(fragment: &str, library: &mut Library<Memory>) -> String {
        boot(fragment, &Options::default(), library, 0.0)
            .notice
            .map(|n| n.text)
            .unwrap_or_default()
    }

    #[test]
    fn an_embed_never_opens_the_learners_own_work() {
        let mut library = library();
        let mut state = State::example();
        state.selected = 5;
        save(&state, &Session::unsaved("Mine"), &mut library, 1.0).unwrap();
        let options = Options::read("embed&pattern=4", "");
        let boot = boot("", &options, &mut library, 0.0);
        assert_eq!(boot.playground.selected, 3);
    }

    #[test]
    fn an_unchanged_playground_is_not_kept_and_a_change_waiting_to_be_saved_is() {
        let mut library = library();
        let state = State::example();
        let session = Session::unsaved("Commerce example");
        keep_current(&state, &session, &mut library, 1.0).unwrap();
        assert_eq!(library.list(), vec![]);
        // Scrolling the data view is not a change of its own.
        let mut scrolled = State::example();
        scrolled.position = std::rc::Rc::new(crate::model::data::view::Position {
            index: None,
            row: 40,
        });
        assert!(!scrolled.has_changes());
        // A change not saved yet is saved before another playground opens.
        let mut changed = State::example();
        changed.selected = 6;
        assert!(changed.has_changes());
        keep_current(&changed, &session, &mut library, 2.0).unwrap();
        assert_eq!(library.list()[0].name, "Commerce example");
    }

    #[test]
    fn a_second_tab_is_refused_and_keeps_its_choice() {
        let mut library = library();
        let mut mine = State::example();
        mine.selected = 5;
        let opened = save(&mine, &Session::unsaved("Shop"), &mut library, 1.0).unwrap();
        // Another tab, open on the same playground, saves it.
        let mut theirs = State::example();
        theirs.selected = 7;
        save(&theirs, &opened, &mut library, 2.0).unwrap();
        assert!(saved_elsewhere(&opened, &library));
        mine.selected = 6;
        assert!(matches!(
            save(&mine, &opened, &mut library, 3.0),
            Err(SavedError::Conflict { .. })
        ));
        // Keep both: this tab's is saved as a playground of its own.
        let Resolved::Saved(both) = resolve(Keep::Both, &mine, &opened, &mut library, 4.0).unwrap()
        else {
            panic!("kept both")
        };
        assert_eq!(both.name, "Shop (this tab)");
        assert_eq!(library.list().len(), 2);
        // Open the other tab's: its playground, at its revision.
        let Resolved::Open(playground, session) =
            resolve(Keep::OtherTab, &mine, &opened, &mut library, 5.0).unwrap()
        else {
            panic!("opened theirs")
        };
        assert_eq!(playground.selected, 7);
        assert_eq!(session.revision, Some(2));
        // Keep this tab's: saved over theirs.
        let Resolved::Saved(kept) =
            resolve(Keep::ThisTab, &mine, &opened, &mut library, 6.0).unwrap()
        else {
            panic!("kept mine")
        };
        assert_eq!(kept.revision, Some(3));
        let id = kept.id.unwrap();
        assert_eq!(
            open(library.load(&id, 7.0).unwrap().document)
                .unwrap()
                .selected,
            6
        );
    }
}
