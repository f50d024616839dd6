//! A message about the page itself, above the panels: a link that would
//! not open, work the browser would not keep, the same playground saved in
//! another tab. It stays until put away, offers the download when that is
//! what the learner should do, and asks which playground to keep when
//! another tab saved this one.

use yew::prelude::*;

use crate::hooks::store::use_store;

use crate::browser;
use crate::session::Keep;
use crate::share::encode_file;
use crate::share::open::capture;
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct NoticeBarProps {
    /// What the learner chose to keep, when another tab saved the
    /// playground on the screen.
    #[prop_or_default]
    pub on_keep: Callback<Keep>,
}

/// The name a downloaded playground gets.
pub fn file_name(state: &State) -> String {
    let name: String = state
        .chart
        .table
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("{name}.ddbplay.json")
}

/// Downloads the playground as a `.ddbplay.json` file.
pub fn download(state: &State) {
    browser::download(
        &file_name(state),
        &encode_file(&capture(&state.playground())),
    );
}

#[function_component(NoticeBar)]
pub fn notice_bar(props: &NoticeBarProps) -> Html {
    let state = &use_store();
    let Some(notice) = state.page.notice.clone() else {
        return html! {};
    };
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Dismiss))
    };
    let on_download = {
        let state = state.clone();
        Callback::from(move |_| download(&state))
    };
    let keep = |choice: Keep| {
        let on_keep = props.on_keep.clone();
        Callback::from(move |_| on_keep.emit(choice))
    };
    html! {
        <div class={classes!("notice", notice.problem.then_some("problem"))}
            role={if notice.problem { "alert" } else { "status" }}>
            <p>{ &notice.text }</p>
            <div class="buttons">
                if notice.conflict {
                    <button type="button" class="primary" onclick={keep(Keep::ThisTab)}>{ "Keep this tab's" }</button>
                    <button type="button" onclick={keep(Keep::OtherTab)}>{ "Open the other tab's" }</button>
                    <button type="button" onclick={keep(Keep::Both)}>{ "Keep both" }</button>
                }
                if notice.offer_download {
                    <button type="button" class="primary" onclick={on_download}>{ "Download as a file" }</button>
                }
                <button type="button" onclick={dismiss}>{ "Dismiss" }</button>
            </div>
        </div>
    }
}
