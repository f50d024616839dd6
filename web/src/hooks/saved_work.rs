//! The work on the screen kept in the browser: saved a moment after each
//! change, with its link put in the address; and another tab saving the
//! same playground noticed, to ask which to keep.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::browser::{self, library};
use crate::rebuild;
use crate::saved::SavedError;
use crate::session::{self, Keep, Resolved, Session};
use crate::store::{Action, Notice, Store};

/// How long the page waits after a change before saving it.
const SAVE_AFTER_MS: u32 = 600;

/// Saves the playground and puts its link in the address after each
/// change, on the page itself (`own_page`); not at the first render.
#[hook]
pub fn use_autosave(
    state: &Store,
    session: &UseStateHandle<Session>,
    last_fragment: &Rc<RefCell<String>>,
    own_page: bool,
) {
    let (state, session, last_fragment) = (state.clone(), session.clone(), last_fragment.clone());
    let first = use_mut_ref(|| true);
    let failed = use_mut_ref(|| None::<String>);
    use_effect_with(state.playground_version(), move |_| {
        let skip = !own_page || std::mem::replace(&mut *first.borrow_mut(), false);
        // Saving needs the rest of the page's code (the link's encoder and
        // compressor): it waits for it, which a change has already asked
        // for (a change comes from the learner's reaching for the page).
        let timer = (!skip).then(|| {
            Timeout::new(SAVE_AFTER_MS, move || {
                crate::rest_of_page::when_ready(Box::new(move || {
                    keep(&state, &session, &last_fragment, &failed)
                }))
            })
        });
        move || drop(timer)
    });
}

/// Asks which to keep when another tab saves the playground on the screen.
#[hook]
pub fn use_saved_elsewhere(
    latest: &Rc<RefCell<Store>>,
    session: &UseStateHandle<Session>,
    own_page: bool,
) {
    let (latest, session) = (latest.clone(), session.clone());
    use_effect_with(session.clone(), move |session| {
        let session = session.clone();
        let listener = own_page
            .then(|| {
                browser::on_storage_change(move |_key| {
                    let state = latest.borrow().clone();
                    if session::saved_elsewhere(&session, &library())
                        && !state.page.notice.as_ref().is_some_and(|n| n.conflict)
                    {
                        state.dispatch(Action::Notify(Notice::conflict(
                            SavedError::Conflict {
                                name: session.name.clone(),
                            }
                            .to_string(),
                        )));
                    }
                })
            })
            .flatten();
        move || drop(listener)
    });
}

/// Saves the playground in the browser and puts its link in the address,
/// when the learner changed it since it was opened or last saved.
fn keep(
    state: &Store,
    session: &UseStateHandle<Session>,
    last_fragment: &Rc<RefCell<String>>,
    failed: &Rc<RefCell<Option<String>>>,
) {
    if !state.has_changes() {
        return;
    }
    match session::save(state, session, &mut library(), browser::now()) {
        Ok(saved) => {
            *failed.borrow_mut() = None;
            session.set(saved);
            state.dispatch(Action::Kept(Rc::new(state.playground())));
        }
        Err(error) => {
            let text = error.to_string();
            // A conflict is asked about until it is settled; a refused
            // write is said once, not after every change.
            if matches!(error, SavedError::Conflict { .. }) {
                if !state.page.notice.as_ref().is_some_and(|n| n.conflict) {
                    state.dispatch(Action::Notify(Notice::conflict(text)));
                }
            } else if failed.borrow().as_deref() != Some(text.as_str()) {
                state.dispatch(Action::Notify(Notice::not_kept(text.clone())));
                *failed.borrow_mut() = Some(text);
            }
        }
    }
    let fragment = session::link_fragment(state)
        .ok()
        .filter(|f| !session::too_long_to_share(f));
    browser::replace_fragment(fragment.as_deref());
    *last_fragment.borrow_mut() = fragment.unwrap_or_default();
}

/// What the notice asking which playground to keep does with the
/// learner's answer ([`Keep`]): saves the one on the screen, or opens the
/// one saved elsewhere, or says why neither could be done.
#[hook]
pub fn use_keep(state: &Store, session: &UseStateHandle<Session>) -> Callback<Keep> {
    // Made again each render: it reads the state on the screen now.
    let (state, session) = (state.clone(), session.clone());
    Callback::from(move |keep: Keep| {
        match session::resolve(keep, &state, &session, &mut library(), browser::now()) {
            Ok(Resolved::Saved(saved)) => {
                session.set(saved);
                state.dispatch(Action::Kept(Rc::new(state.playground())));
                state.dispatch(Action::Dismiss);
            }
            Ok(Resolved::Open(playground, opened)) => {
                session.set(opened);
                state.dispatch(Action::Dismiss);
                rebuild::open(&state, *playground, "");
            }
            Err(error) => state.dispatch(Action::Notify(Notice::problem(error.to_string()))),
        }
    })
}
