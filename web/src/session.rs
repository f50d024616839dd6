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
//! back exactly what is on the screen.

use crate::embed::Options;
use crate::model::playground::Playground;
use crate::model::{commerce, gallery};
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
}

impl Session {
    /// A playground not saved yet.
    pub fn unsaved(name: &str) -> Session {
        Session {
            id: None,
            name: name.to_string(),
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
pub fn open_link(value: &str) -> Result<Playground, String> {
    decode_link(value).map_err(|e| e.to_string()).and_then(open)
}

/// Reads a `.ddbplay.json` file into a playground.
pub fn open_file(text: &str) -> Result<Playground, String> {
    decode_file(text).map_err(|e| e.to_string()).and_then(open)
}

/// What a fragment the learner navigated to (a link pasted into the
/// address bar, Back, Forward) opens: a shared playground or an example,
/// with its session; `None` for a fragment that is only a place on the
/// page.
pub fn navigated(fragment: &str) -> Option<Result<(Playground, Session), String>> {
    if let Some(value) = link_parameter(fragment) {
        return Some(
            open_link(value)
                .map(|p| (p, Session::unsaved("Shared playground")))
                .map_err(|why| sentence(LINK_FAILED, &why)),
        );
    }
    let name = fragment_parameter(fragment, "example")?;
    Some(match gallery::find(name) {
        Some(example) => Ok(((example.playground)(), example_session(example))),
        None => Err(format!("There is no example called \"{name}\".")),
    })
}

/// Keeps the playground on the screen before another replaces it: saved
/// again under its name when it has been saved before. One never saved
/// has not changed since it was opened (a change saves it), so there is
/// nothing to keep.
pub fn keep_current(
    state: &State,
    session: &Session,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Result<(), SavedError> {
    match session.id {
        Some(_) => save(state, session, library, now).map(|_| ()),
        None => Ok(()),
    }
}

/// The session of an example just opened: not saved until it changes.
pub fn example_session(example: &gallery::Example) -> Session {
    Session::unsaved(&format!("{} example", example.title))
}

/// Decides what the page opens on.
pub fn boot(fragment: &str, options: &Options, library: &mut Library<impl Shelf>) -> Boot {
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
        match library.load(&id).map_err(|e| e.to_string()).and_then(|d| {
            open(d).map_err(|why| {
                format!("The saved playground \"{name}\" could not be opened: {why}")
            })
        }) {
            Ok(playground) => Boot {
                playground,
                session: Session { id: Some(id), name },
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
pub fn start(fragment: &str, options: &Options, library: &mut Library<impl Shelf>) -> Started {
    let context = if link_parameter(fragment).is_some() {
        LINK_FAILED
    } else {
        ""
    };
    start_with(boot(fragment, options, library), context)
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

/// Saves the state under the session's name; returns the id it was saved
/// under (new the first time).
pub fn save(
    state: &State,
    session: &Session,
    library: &mut Library<impl Shelf>,
    now: f64,
) -> Result<String, SavedError> {
    let document = capture(&state.playground());
    let id = library.save(session.id.as_deref(), &session.name, &document, now)?;
    library.set_current(Some(&id))?;
    Ok(id)
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
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            self.0.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
    }

    fn library() -> Library<Memory> {
        Library {
            shelf: Memory::default(),
        }
    }

    #[test]
    fn a_first_visit_opens_the_example() {
        let boot = boot("", &Options::default(), &mut library());
        assert_eq!(boot.playground, commerce::playground());
        assert_eq!(boot.notice, None);
    }

    #[test]
    fn the_playground_saved_last_comes_back() {
        let mut library = library();
        let mut state = State::example();
        state.selected = 5;
        let id = save(&state, &Session::unsaved("Mine"), &mut library, 1.0).unwrap();
        let boot = boot("", &Options::default(), &mut library);
        assert_eq!(boot.playground.selected, 5);
        assert_eq!(
            boot.session,
            Session {
                id: Some(id),
                name: "Mine".into()
            }
        );
    }

    #[test]
    fn a_link_wins_over_the_saved_playground_and_a_bad_one_says_why() {
        let mut library = library();
        let mut state = State::example();
        state.selected = 5;
        save(&state, &Session::unsaved("Mine"), &mut library, 1.0).unwrap();
        state.selected = 7;
        let fragment = link_fragment(&state).unwrap();
        let opened = boot(&fragment, &Options::default(), &mut library);
        assert_eq!(opened.playground.selected, 7);
        assert_eq!(opened.session.id, None);
        let broken = boot("play=1.AAAA", &Options::default(), &mut library);
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
        let boot = boot("example=commerce", &Options::default(), &mut library);
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
        let started = start("example=invoicing", &Options::default(), &mut library);
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
            let boot = boot(&fragment, &Options::default(), &mut library);
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
            "There is no example called \"nothing\"."
        );
    }

    fn boot_text(fragment: &str, library: &mut Library<Memory>) -> String {
        boot(fragment, &Options::default(), library)
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
        let boot = boot("", &options, &mut library);
        assert_eq!(boot.playground.selected, 3);
    }
}
