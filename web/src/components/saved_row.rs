//! One saved playground in the Playgrounds dialog: its name, when it was
//! saved, and what can be done with it — open it (after saving the one on
//! the screen), duplicate it, delete it after a question.

use yew::prelude::*;

use crate::hooks::store::use_store;

use crate::browser::{self, library};
use crate::rebuild;
use crate::saved::{Entry, SavedError};
use crate::session::{self, Session};

#[derive(Properties, PartialEq)]
pub struct SavedRowProps {
    pub entry: Entry,
    /// The playground on the screen.
    pub current: bool,
    /// Whether the row asks "Delete …?".
    pub asking: bool,
    pub session: UseStateHandle<Session>,
    /// What an action did to the shelf (an error is shown above the list).
    pub report: Callback<Result<(), SavedError>>,
    /// Asks about deleting this playground (`Some(id)`), or stops asking.
    pub on_ask: Callback<Option<String>>,
    pub on_close: Callback<()>,
}

fn saved_at_text(entry: &Entry) -> String {
    js_sys::Date::new(&entry.saved_at.into())
        .to_locale_string("en-GB", &js_sys::Object::new())
        .as_string()
        .unwrap_or_default()
}

#[function_component(SavedRow)]
pub fn saved_row(props: &SavedRowProps) -> Html {
    let state = use_store();
    let entry = &props.entry;
    let open = {
        let (state, session, report, on_close) = (
            state.clone(),
            props.session.clone(),
            props.report.clone(),
            props.on_close.clone(),
        );
        let entry = entry.clone();
        Callback::from(move |_| {
            let opened = session::keep_current(&state, &session, &mut library(), browser::now())
                .and_then(|()| library().load(&entry.id, browser::now()));
            match opened.map(|loaded| {
                crate::share::open::open(loaded.document).map(|p| (p, loaded.revision))
            }) {
                Ok(Ok((playground, revision))) => {
                    let _ = library().set_current(Some(&entry.id));
                    session.set(Session::saved(&entry.id, &entry.name, revision));
                    let failed = format!(
                        "The saved playground \"{}\" could not be opened: ",
                        entry.name
                    );
                    rebuild::open(&state, playground, &failed);
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
    let duplicate = {
        let (report, entry) = (props.report.clone(), entry.clone());
        Callback::from(move |_| {
            let copy = format!("{} (copy)", entry.name);
            report.emit(
                library()
                    .duplicate(&entry.id, &copy, browser::now())
                    .map(|_| ()),
            )
        })
    };
    let ask = {
        let (on_ask, id) = (props.on_ask.clone(), entry.id.clone());
        Callback::from(move |_| on_ask.emit(Some(id.clone())))
    };
    let keep = props.on_ask.reform(|_| None);
    let delete = {
        let (on_ask, session, report, id) = (
            props.on_ask.clone(),
            props.session.clone(),
            props.report.clone(),
            entry.id.clone(),
        );
        Callback::from(move |_| {
            on_ask.emit(None);
            if session.id.as_deref() == Some(id.as_str()) {
                // The playground stays on the screen, no longer saved.
                session.set(Session::unsaved(&session.name));
            }
            report.emit(library().delete(&id))
        })
    };
    html! {
        <tr class={classes!(props.current.then_some("selected"))}>
            <th scope="row">{ &entry.name }
                if props.current { <span class="muted">{ " (on the screen)" }</span> }
            </th>
            <td>{ saved_at_text(entry) }</td>
            <td class="actions">
                if props.asking {
                    <span>{ format!("Delete \"{}\"? ", entry.name) }</span>
                    <button type="button" class="danger" onclick={delete}>{ "Delete" }</button>
                    <button type="button" onclick={keep}>{ "Keep it" }</button>
                } else {
                    if !props.current {
                        <button type="button" onclick={open} aria-label={format!("Open {}", entry.name)}>{ "Open" }</button>
                    }
                    <button type="button" onclick={duplicate} aria-label={format!("Duplicate {}", entry.name)}>{ "Duplicate" }</button>
                    <button type="button" onclick={ask} aria-label={format!("Delete {}", entry.name)}>{ "Delete" }</button>
                }
            </td>
        </tr>
    }
}
