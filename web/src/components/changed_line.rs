//! What the last edit did, said where the learner made it and in the
//! header: every pattern whose numbers moved — "PENDING orders placed in
//! July: 3 → 0 returned, now fails its review" — each a link to its row in
//! the pattern list, and how many patterns the edit fixed and broke
//! ([`crate::model::explain::changes`]).

use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::store::Action;

/// The id of pattern `i`'s row in the pattern list.
pub fn pattern_row_id(i: usize) -> String {
    format!("pattern-row-{i}")
}

#[derive(Properties, PartialEq)]
pub struct ChangedLineProps {
    /// Whether a screen reader announces it: only one of the lines on a
    /// page does.
    #[prop_or_default]
    pub announce: bool,
}

#[function_component(ChangedLine)]
pub fn changed_line(props: &ChangedLineProps) -> Html {
    let state = use_store();
    let Some(changed) = state.page.changed.clone() else {
        return html! {};
    };
    let go = |i: usize| {
        let state = state.clone();
        Callback::from(move |event: MouseEvent| {
            event.prevent_default();
            state.dispatch(Action::Select(i));
            crate::browser::arrive_at(&pattern_row_id(i));
        })
    };
    let tally = changed.tally();
    html! {
        <p class="changed" role={props.announce.then_some("status")}>
            <strong>{ "What changed: " }</strong>
            if changed.moved.is_empty() {
                { "no pattern's numbers moved." }
            }
            { for changed.moved.iter().enumerate().map(|(n, moved)| html! { <>
                if n > 0 { { " · " } }
                <a href={format!("#{}", pattern_row_id(moved.pattern))} onclick={go(moved.pattern)}>{ &moved.text }</a>
            </> }) }
            if !tally.is_empty() {
                { format!(" · {tally}") }
            }
        </p>
    }
}
