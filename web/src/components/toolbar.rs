//! The header's buttons: the gallery's examples, Share (a link, a file,
//! an embed), the saved playgrounds, and opening a playground file (also by dropping it on the
//! page).

use yew::platform::spawn_local;
use yew::prelude::*;

use super::gallery::Gallery;
use super::playgrounds::Playgrounds;
use super::share_dialog::ShareDialog;
use crate::browser;
use crate::hooks::store::use_store;
use crate::rebuild;
use crate::session::{self, Session};
use crate::share::MAX_DOCUMENT_BYTES;
use crate::store::{Action, Notice, Store, sentence};

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub session: UseStateHandle<Session>,
}

/// What the file says when it does not open.
pub const FILE_FAILED: &str = "This file could not be opened: ";

/// Opens a playground file chosen or dropped by the learner.
pub fn open_file(state: &Store, session: &UseStateHandle<Session>, file: web_sys::File) {
    let (state, session) = (state.clone(), session.clone());
    spawn_local(async move {
        let name = file.name();
        let opened = browser::read_file(file, MAX_DOCUMENT_BYTES)
            .await
            .and_then(|text| session::open_file(&text));
        match opened {
            Ok(playground) => {
                // A change still waiting to be saved is saved first.
                let library = &mut browser::library();
                if let Err(error) = session::keep_current(&state, &session, library, browser::now())
                {
                    return state.dispatch(Action::Notify(Notice::not_kept(error.to_string())));
                }
                let title = name.trim_end_matches(".json").trim_end_matches(".ddbplay");
                session.set(Session::unsaved(title));
                rebuild::open(&state, playground, FILE_FAILED);
            }
            Err(why) => {
                state.dispatch(Action::Notify(Notice::problem(sentence(FILE_FAILED, &why))))
            }
        }
    });
}

/// Which of the toolbar's panels is open.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Nothing,
    Share,
    Playgrounds,
    Examples,
}

#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let store = use_store();
    let open = use_state(|| Open::Nothing);
    let toggle = |which: Open| {
        let open = open.clone();
        Callback::from(move |_| open.set(if *open == which { Open::Nothing } else { which }))
    };
    let close = {
        let open = open.clone();
        Callback::from(move |()| open.set(Open::Nothing))
    };
    let on_file = {
        let (state, session) = (store, props.session.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|files| files.get(0)) {
                open_file(&state, &session, file);
            }
            input.set_value("");
        })
    };
    html! {
        <div class="toolbar">
            <span class="session-name" title="The playground you are working on">{ &props.session.name }</span>
            <button type="button" onclick={toggle(Open::Examples)} aria-expanded={(*open == Open::Examples).to_string()}>{ "Examples" }</button>
            <button type="button" onclick={toggle(Open::Share)} aria-expanded={(*open == Open::Share).to_string()}>{ "Share" }</button>
            <button type="button" onclick={toggle(Open::Playgrounds)} aria-expanded={(*open == Open::Playgrounds).to_string()}>{ "Playgrounds" }</button>
            <label class="button">
                { "Open a file…" }
                <input type="file" accept=".json,application/json" class="visually-hidden" onchange={on_file}
                    aria-label="Open a playground file (.ddbplay.json)" />
            </label>
            if *open == Open::Share {
                <ShareDialog on_close={close.clone()} />
            }
            if *open == Open::Playgrounds {
                <Playgrounds session={props.session.clone()} on_close={close.clone()} />
            }
            if *open == Open::Examples {
                <Gallery session={props.session.clone()} on_close={close} />
            }
        </div>
    }
}
