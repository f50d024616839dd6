//! The playground on the screen by name: rename it (its saved copy
//! too), or save a copy of it as a new playground.

use yew::prelude::*;

use crate::browser::{self, library};
use crate::hooks::store::use_store;
use crate::saved::SavedError;
use crate::session::{self, Session};

#[derive(Properties, PartialEq)]
pub struct PlaygroundNamesProps {
    pub session: UseStateHandle<Session>,
    /// Told what each change to the shelf did.
    pub report: Callback<Result<(), SavedError>>,
}

#[function_component(PlaygroundNames)]
pub fn playground_names(props: &PlaygroundNamesProps) -> Html {
    let (state, session, report) = (&use_store(), &props.session, &props.report);
    let new_name = use_state(|| format!("{} (copy)", session.name));
    let name = use_state(|| session.name.clone());
    let on_rename = {
        let (session, name, report) = (session.clone(), name.clone(), report.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let new = name.trim().to_string();
            if new.is_empty() {
                return;
            }
            let result = match &session.id {
                Some(id) => library().rename(id, &new),
                None => Ok(()),
            };
            session.set(Session {
                name: new,
                ..(*session).clone()
            });
            report.emit(result);
        })
    };
    let on_save_as = {
        let (state, session, new_name, report) = (
            state.clone(),
            session.clone(),
            new_name.clone(),
            report.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let name = new_name.trim().to_string();
            if name.is_empty() {
                return;
            }
            let unsaved = Session::unsaved(&name);
            let result = session::save(&state, &unsaved, &mut library(), browser::now());
            if let Ok(saved) = &result {
                session.set(saved.clone());
                state.dispatch(crate::store::Action::Kept(std::rc::Rc::new(
                    state.playground(),
                )));
            }
            report.emit(result.map(|_| ()));
        })
    };
    let text_input = |handle: &UseStateHandle<String>| {
        let handle = handle.clone();
        Callback::from(move |e: InputEvent| {
            handle.set(
                e.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .value(),
            )
        })
    };
    html! {
        <>
            <form class="row" onsubmit={on_rename}>
                <label class="field inline">
                    <span>{ "This playground's name (saved after every change)" }</span>
                    <input type="text" value={(*name).clone()} oninput={text_input(&name)} aria-label="This playground's name" />
                </label>
                <button type="submit">{ "Rename" }</button>
            </form>
            <form class="row" onsubmit={on_save_as}>
                <label class="field inline">
                    <span>{ "Save a copy as a new playground" }</span>
                    <input type="text" value={(*new_name).clone()} oninput={text_input(&new_name)} aria-label="New playground's name" />
                </label>
                <button type="submit">{ "Save as" }</button>
            </form>
        </>
    }
}
