//! The header's buttons: the gallery's examples, Share (a link, a file,
//! an embed), Export (the formats of other tools), the saved playgrounds,
//! and opening a file — a playground's or another tool's — also by
//! dropping it on the page (`open_file.rs`).

use yew::prelude::*;

use super::export_dialog::ExportDialog;
use super::gallery::Gallery;
use super::playgrounds::Playgrounds;
use super::share_dialog::ShareDialog;
use crate::hooks::store::use_store;
use crate::open_file::{TableChoice, open_file};
use crate::session::Session;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub session: UseStateHandle<Session>,
    /// A file of several tables was opened: the learner picks one.
    pub on_choice: Callback<TableChoice>,
}

/// The files "Open a file…" offers: playground files and the files of
/// the tools the page reads.
const OPENS: &str = ".json,.jsonl,.gz,.tf,.yaml,.yml,.template,.sh,application/json";

/// Which of the toolbar's panels is open.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Nothing,
    Share,
    Export,
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
        let (state, session, on_choice) = (store, props.session.clone(), props.on_choice.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|files| files.get(0)) {
                open_file(&state, &session, file, on_choice.clone());
            }
            input.set_value("");
        })
    };
    html! {
        <div class="toolbar">
            <span class="session-name" title="The playground you are working on">{ &props.session.name }</span>
            <button type="button" onclick={toggle(Open::Examples)} aria-expanded={(*open == Open::Examples).to_string()}>{ "Examples" }</button>
            <button type="button" onclick={toggle(Open::Share)} aria-expanded={(*open == Open::Share).to_string()}>{ "Share" }</button>
            <button type="button" onclick={toggle(Open::Export)} aria-expanded={(*open == Open::Export).to_string()}>{ "Export" }</button>
            <button type="button" onclick={toggle(Open::Playgrounds)} aria-expanded={(*open == Open::Playgrounds).to_string()}>{ "Playgrounds" }</button>
            <label class="button">
                { "Open a file…" }
                <input type="file" accept={OPENS} class="visually-hidden" onchange={on_file}
                    aria-label="Open a file: a playground, a NoSQL Workbench model, Terraform, CloudFormation, items, or an aws CLI script" />
            </label>
            if *open == Open::Share {
                <ShareDialog on_close={close.clone()} />
            }
            if *open == Open::Export {
                <ExportDialog on_close={close.clone()} />
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
