//! The playgrounds saved in this browser: the one on the screen (saved
//! after every change, under its name), save as, open, rename, duplicate,
//! delete, and start again from the example. Before another playground
//! replaces the one on the screen, a change of that one still waiting to
//! be saved is saved, so no work is lost. Saved playgrounds that no longer
//! read are listed apart, with why, to download as they were stored or to
//! delete.

use yew::prelude::*;

use super::playground_names::PlaygroundNames;
use super::set_aside_list::set_aside_list;
use crate::hooks::store::use_store;

use crate::browser::{self, BrowserShelf, library};
use crate::model::gallery::commerce;
use crate::rebuild;
use crate::saved::{Entry, SavedError};
use crate::session::{self, Session};

#[derive(Properties, PartialEq)]
pub struct PlaygroundsProps {
    pub session: UseStateHandle<Session>,
    pub on_close: Callback<()>,
}

fn saved_at_text(entry: &Entry) -> String {
    js_sys::Date::new(&entry.saved_at.into())
        .to_locale_string("en-GB", &js_sys::Object::new())
        .as_string()
        .unwrap_or_default()
}

#[function_component(Playgrounds)]
pub fn playgrounds(props: &PlaygroundsProps) -> Html {
    let (state, session) = (&use_store(), &props.session);
    // Bumped after every change to the shelf, to list it again.
    let changes = use_state(|| 0u32);
    let problem = use_state(|| None::<String>);
    let deleting = use_state(|| None::<String>);
    let entries = library().list();
    let report = {
        let (problem, changes) = (problem.clone(), changes.clone());
        Callback::from(move |result: Result<(), SavedError>| {
            problem.set(result.err().map(|e| e.to_string()));
            changes.set(*changes + 1);
        })
    };
    let keep_current = {
        let (state, session) = (state.clone(), session.clone());
        move || session::keep_current(&state, &session, &mut library(), browser::now())
    };
    let on_example = {
        let (state, session, keep_current, report) = (
            state.clone(),
            session.clone(),
            keep_current.clone(),
            report.clone(),
        );
        let on_close = props.on_close.clone();
        Callback::from(move |_| {
            let kept = keep_current();
            let failed = kept.is_err();
            report.emit(kept);
            if failed {
                return;
            }
            session.set(Session::unsaved("Commerce example"));
            rebuild::open(&state, commerce::playground(), "");
            on_close.emit(());
        })
    };
    let open = |entry: &Entry| {
        let (state, session, keep_current, report) = (
            state.clone(),
            session.clone(),
            keep_current.clone(),
            report.clone(),
        );
        let on_close = props.on_close.clone();
        let entry = entry.clone();
        Callback::from(move |_| {
            let opened = keep_current().and_then(|()| library().load(&entry.id, browser::now()));
            match opened.map(|loaded| {
                crate::share::open::open(loaded.document).map(|p| (p, loaded.revision))
            }) {
                Ok(Ok((playground, revision))) => {
                    let _ = library().set_current(Some(&entry.id));
                    session.set(Session::saved(&entry.id, &entry.name, revision));
                    rebuild::open(
                        &state,
                        playground,
                        &format!(
                            "The saved playground \"{}\" could not be opened: ",
                            entry.name
                        ),
                    );
                    on_close.emit(());
                }
                Ok(Err(why)) => report.emit(Err(SavedError::Unreadable {
                    name: entry.name.clone(),
                    why: Box::new(why),
                    kept: true,
                })),
                Err(error) => report.emit(Err(error)),
            }
        })
    };
    let duplicate = |entry: &Entry| {
        let (report, entry) = (report.clone(), entry.clone());
        Callback::from(move |_| {
            let copy = format!("{} (copy)", entry.name);
            report.emit(
                library()
                    .duplicate(&entry.id, &copy, browser::now())
                    .map(|_| ()),
            )
        })
    };
    let ask_delete = |entry: &Entry| {
        let (deleting, id) = (deleting.clone(), entry.id.clone());
        Callback::from(move |_| deleting.set(Some(id.clone())))
    };
    let delete = |entry: &Entry| {
        let (deleting, session, report, id) = (
            deleting.clone(),
            session.clone(),
            report.clone(),
            entry.id.clone(),
        );
        Callback::from(move |_| {
            deleting.set(None);
            if session.id.as_deref() == Some(id.as_str()) {
                // The playground stays on the screen, no longer saved.
                session.set(Session::unsaved(&session.name));
            }
            report.emit(library().delete(&id))
        })
    };
    let keep = {
        let deleting = deleting.clone();
        Callback::from(move |_| deleting.set(None))
    };
    let super::dialog::Dialog {
        node,
        on_key,
        close,
    } = super::dialog::use_dialog(&props.on_close);
    html! {
        <div class="dialog" role="dialog" aria-labelledby="playgrounds-title" ref={node} onkeydown={on_key}>
            <h2 id="playgrounds-title">{ "Playgrounds saved in this browser" }</h2>
            if !BrowserShelf::available() {
                <p class="error" role="alert">{ "This browser does not let the page keep anything (storage is turned off). Download your work as a file to keep it." }</p>
            }
            <PlaygroundNames session={session.clone()} report={report.clone()} />
            if let Some(problem) = &*problem {
                <p class="error" role="alert">{ problem }</p>
            }
            if entries.is_empty() {
                <p class="muted">{ "Nothing saved yet: the playground on the screen is saved as soon as you change it." }</p>
            } else {
                <table class="grid saved">
                    <thead><tr>
                        <th scope="col">{ "Name" }</th>
                        <th scope="col">{ "Saved" }</th>
                        <th scope="col"><span class="visually-hidden">{ "Actions" }</span></th>
                    </tr></thead>
                    <tbody>
                        { for entries.iter().map(|entry| {
                            let current = session.id.as_deref() == Some(entry.id.as_str());
                            html! {
                                <tr class={classes!(current.then_some("selected"))}>
                                    <th scope="row">{ &entry.name }
                                        if current { <span class="muted">{ " (on the screen)" }</span> }
                                    </th>
                                    <td>{ saved_at_text(entry) }</td>
                                    <td class="actions">
                                        if deleting.as_deref() == Some(entry.id.as_str()) {
                                            <span>{ format!("Delete \"{}\"? ", entry.name) }</span>
                                            <button type="button" class="danger" onclick={delete(entry)}>{ "Delete" }</button>
                                            <button type="button" onclick={keep.clone()}>{ "Keep it" }</button>
                                        } else {
                                            if !current {
                                                <button type="button" onclick={open(entry)} aria-label={format!("Open {}", entry.name)}>{ "Open" }</button>
                                            }
                                            <button type="button" onclick={duplicate(entry)} aria-label={format!("Duplicate {}", entry.name)}>{ "Duplicate" }</button>
                                            <button type="button" onclick={ask_delete(entry)} aria-label={format!("Delete {}", entry.name)}>{ "Delete" }</button>
                                        }
                                    </td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
            { set_aside_list(&report) }
            <div class="row end">
                <button type="button" onclick={on_example}>{ "Start again from the example" }</button>
                <button type="button" onclick={close}>{ "Close" }</button>
            </div>
        </div>
    }
}
