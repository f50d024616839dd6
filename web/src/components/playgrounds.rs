//! The playgrounds saved in this browser: the one on the screen (saved
//! after every change, under its name), save as, open, rename, duplicate,
//! delete, and start again from the example. Before another playground
//! replaces the one on the screen, a change of that one still waiting to
//! be saved is saved, so no work is lost. Saved playgrounds that no longer
//! read are listed apart, with why, to download as they were stored or to
//! delete.

use yew::prelude::*;

use super::playground_names::PlaygroundNames;
use super::saved_row::SavedRow;
use super::set_aside_list::set_aside_list;
use crate::hooks::store::use_store;

use crate::browser::{self, BrowserShelf, library};
use crate::model::gallery::commerce;
use crate::rebuild;
use crate::saved::SavedError;
use crate::session::{self, Session};

#[derive(Properties, PartialEq)]
pub struct PlaygroundsProps {
    pub session: UseStateHandle<Session>,
    pub on_close: Callback<()>,
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
    let on_example = {
        let (state, session, report) = (state.clone(), session.clone(), report.clone());
        let on_close = props.on_close.clone();
        Callback::from(move |_| {
            let kept = session::keep_current(&state, &session, &mut library(), browser::now());
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
    let on_ask = {
        let deleting = deleting.clone();
        Callback::from(move |id: Option<String>| deleting.set(id))
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
                        { for entries.iter().map(|entry| html! {
                            <SavedRow
                                key={entry.id.clone()}
                                entry={entry.clone()}
                                current={session.id.as_deref() == Some(entry.id.as_str())}
                                asking={deleting.as_deref() == Some(entry.id.as_str())}
                                session={session.clone()}
                                report={report.clone()}
                                on_ask={on_ask.clone()}
                                on_close={props.on_close.clone()}
                            />
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
