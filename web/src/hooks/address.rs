//! The address bar as a way in: a link pasted into it, or Back and
//! Forward to another link, opens that playground (the work on the
//! screen saved first).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser::{self, library};
use crate::rebuild;
use crate::session::{self, LINK_FAILED, Session};
use crate::store::{Action, Notice, Store};

/// Opens the playground of each new link in the address, on the page
/// itself (`own_page`); `latest` is the newest store, `last_fragment` the
/// link the page last put there itself.
#[hook]
pub fn use_address_navigation(
    latest: &Rc<RefCell<Store>>,
    session: &UseStateHandle<Session>,
    last_fragment: &Rc<RefCell<String>>,
    own_page: bool,
) {
    let (latest, session, last_fragment) = (latest.clone(), session.clone(), last_fragment.clone());
    use_effect_with((), move |_| {
        let listener = own_page
            .then(|| {
                browser::on_fragment_change(move |fragment| {
                    if *last_fragment.borrow() == fragment {
                        return;
                    }
                    let Some(opened) = session::navigated(&fragment) else {
                        return;
                    };
                    *last_fragment.borrow_mut() = fragment.clone();
                    let state = latest.borrow().clone();
                    // A change still waiting to be saved is saved first.
                    if let Err(error) =
                        session::keep_current(&state, &session, &mut library(), browser::now())
                    {
                        return state.dispatch(Action::Notify(Notice::not_kept(error.to_string())));
                    }
                    match opened {
                        Ok((playground, opened)) => {
                            session.set(opened);
                            rebuild::open(&state, playground, LINK_FAILED);
                        }
                        Err(why) => state.dispatch(Action::Notify(Notice::problem(why))),
                    }
                })
            })
            .flatten();
        move || drop(listener)
    });
}
