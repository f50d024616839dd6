//! A message about the page itself, above the panels: a link that would
//! not open, work the browser would not keep. It stays until put away, and
//! offers the download when that is what the learner should do.

use yew::prelude::*;

use crate::browser;
use crate::share::encode_file;
use crate::share::open::capture;
use crate::store::{Action, State};

#[derive(Properties, PartialEq)]
pub struct NoticeBarProps {
    pub state: UseReducerHandle<State>,
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
    let state = &props.state;
    let Some(notice) = state.notice.clone() else {
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
    html! {
        <div class={classes!("notice", notice.problem.then_some("problem"))}
            role={if notice.problem { "alert" } else { "status" }}>
            <p>{ &notice.text }</p>
            <div class="buttons">
                if notice.offer_download {
                    <button type="button" class="primary" onclick={on_download}>{ "Download as a file" }</button>
                }
                <button type="button" onclick={dismiss}>{ "Dismiss" }</button>
            </div>
        </div>
    }
}
