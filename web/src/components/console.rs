//! The aws CLI console: `aws dynamodb …` lines pasted as a tutorial
//! prints them, run on the playground's own engine, answered with what
//! the aws CLI v2 would print. What a script writes shows in the data
//! view, and a table it changes in the table design.
//!
//! Ctrl+Enter (⌘+Enter) runs; the up and down arrows at the start and the
//! end of the script step through the scripts run before; files dropped
//! here are what `file://name` reads.

use web_sys::{HtmlInputElement, HtmlTextAreaElement, KeyboardEvent};
use yew::prelude::*;

use super::collapsible::Collapsible;
use crate::browser;
use crate::embed::{Panel, use_read_only};
use crate::hooks::store::use_store;
use crate::store::{Action, ConsoleAction, Entry};

/// One command of the transcript: the line as typed, what it printed,
/// and its status when it failed.
fn entry(entry: &Entry) -> Html {
    let step = &entry.step;
    html! {
        <li class="step">
            if !step.comments.is_empty() {
                <pre class="comment">{ step.comments.join("\n") }</pre>
            }
            <pre class="command"><span class="prompt" aria-hidden="true">{ "$ " }</span>{ &step.source }</pre>
            if !step.stdout.is_empty() {
                <pre class="stdout">{ &step.stdout }</pre>
            }
            if !step.stderr.is_empty() {
                <pre class="stderr">{ &step.stderr }</pre>
            }
            if step.status != 0 {
                <p class="status">{ format!("exit status {}", step.status) }</p>
            }
        </li>
    }
}

/// The files `file://` reads, each with a button to forget it.
fn files(state: &crate::store::Store, read_only: bool) -> Html {
    let names: Vec<(String, usize)> = state
        .console
        .session
        .files
        .iter()
        .map(|(name, contents)| (name.clone(), contents.len()))
        .collect();
    if names.is_empty() {
        return html! {};
    }
    html! {
        <ul class="console-files" aria-label="Files for file://">
            { for names.into_iter().map(|(name, bytes)| {
                let remove = {
                    let (state, name) = (state.clone(), name.clone());
                    Callback::from(move |_| state.dispatch(Action::Console(ConsoleAction::RemoveFile(name.clone()))))
                };
                html! {
                    <li>
                        <code>{ format!("file://{name}") }</code>{ format!(" · {bytes} bytes ") }
                        <button type="button" onclick={remove} disabled={read_only}
                            aria-label={format!("Remove {name}")}>{ "Remove" }</button>
                    </li>
                }
            }) }
        </ul>
    }
}

#[function_component(Console)]
pub fn console() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let script = use_state(String::new);
    // While stepping through the history: which script is shown.
    let recalled = use_state(|| None::<usize>);
    let log = use_node_ref();
    {
        // The end of the transcript stays in sight as it grows.
        let log = log.clone();
        use_effect_with(state.console.transcript.len(), move |_| {
            if let Some(element) = log.cast::<web_sys::Element>() {
                element.set_scroll_top(element.scroll_height());
            }
        });
    }
    let run = {
        let (state, script, recalled) = (state.clone(), script.clone(), recalled.clone());
        move || {
            if script.trim().is_empty() {
                return;
            }
            state.dispatch(Action::Console(ConsoleAction::Run((*script).clone())));
            script.set(String::new());
            recalled.set(None);
        }
    };
    let on_submit = {
        let run = run.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            run();
        })
    };
    let on_input = {
        let script = script.clone();
        Callback::from(move |e: InputEvent| {
            script.set(e.target_unchecked_into::<HtmlTextAreaElement>().value());
        })
    };
    let on_key = {
        let (state, script, recalled) = (state.clone(), script.clone(), recalled.clone());
        Callback::from(move |e: KeyboardEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let history = &state.console.history;
            let caret = area.selection_start().ok().flatten().unwrap_or(0) as usize;
            let at_end = caret >= area.value().chars().count();
            match e.key().as_str() {
                "Enter" if e.ctrl_key() || e.meta_key() => {
                    e.prevent_default();
                    run();
                }
                "ArrowUp" if caret == 0 && !history.is_empty() => {
                    e.prevent_default();
                    let at = recalled.map_or(history.len() - 1, |i| i.saturating_sub(1));
                    script.set(history[at].clone());
                    recalled.set(Some(at));
                }
                "ArrowDown" if at_end && recalled.is_some() => {
                    e.prevent_default();
                    let next = recalled.map_or(history.len(), |i| i + 1);
                    if next < history.len() {
                        script.set(history[next].clone());
                        recalled.set(Some(next));
                    } else {
                        script.set(String::new());
                        recalled.set(None);
                    }
                }
                _ => {}
            }
        })
    };
    let on_lab = {
        let state = state.clone();
        Callback::from(move |_| {
            state.dispatch(Action::Console(ConsoleAction::Run(
                console::labs::COMMERCE.to_string(),
            )))
        })
    };
    let on_keep_going = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            state.dispatch(Action::Console(ConsoleAction::KeepGoing(on)));
        })
    };
    let on_clear = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Console(ConsoleAction::Clear)))
    };
    let on_files = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(list) = input.files() {
                for i in 0..list.length() {
                    if let Some(file) = list.get(i) {
                        add_file(&state, file);
                    }
                }
            }
            input.set_value("");
        })
    };
    let transcript = &state.console.transcript;
    html! {
        <Collapsible panel={Panel::Console}>
            <p class="muted">
                { "Paste aws dynamodb commands as a tutorial prints them — one or a whole script — and run them on this playground's table: the output is what the aws CLI v2 prints. Options like --region and --endpoint-url are read and set aside." }
            </p>
            <ol class="transcript" ref={log} role="log" aria-label="What the commands printed">
                { for transcript.iter().map(entry) }
            </ol>
            if let Some(note) = &state.console.note {
                <p class="console-note" role="status">{ note }</p>
            }
            <form class="console-input" onsubmit={on_submit}>
                <label for="console-script" class="visually-hidden">{ "Commands to run" }</label>
                <textarea id="console-script" rows="6" spellcheck="false" autocapitalize="off"
                    placeholder="aws dynamodb list-tables"
                    value={(*script).clone()} oninput={on_input} onkeydown={on_key} disabled={read_only} />
                <div class="row">
                    <button type="submit" class="primary" disabled={read_only}>{ "Run" }</button>
                    <button type="button" onclick={on_lab} disabled={read_only}>{ "Run the commerce lab" }</button>
                    <label>
                        <input type="checkbox" checked={state.console.session.keep_going}
                            onchange={on_keep_going} disabled={read_only} />
                        { " Go on past a failed command" }
                    </label>
                    <label class="button">
                        { "Add files for file://…" }
                        <input type="file" multiple=true class="visually-hidden" onchange={on_files}
                            disabled={read_only} aria-label="Add files for file:// to read" />
                    </label>
                    if !transcript.is_empty() {
                        <button type="button" onclick={on_clear}>{ "Clear" }</button>
                    }
                </div>
            </form>
            { files(state, read_only) }
            if read_only {
                <p class="muted">{ "This page is read-only: the console does not run here." }</p>
            }
        </Collapsible>
    }
}

/// Reads a file the learner gave the console and keeps it for `file://`.
fn add_file(state: &crate::store::Store, file: web_sys::File) {
    let state = state.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        match browser::read_bytes(file, crate::store::MAX_CONSOLE_FILE_BYTES).await {
            Ok(contents) => {
                state.dispatch(Action::Console(ConsoleAction::AddFile { name, contents }))
            }
            Err(failure) => state.dispatch(Action::Notify(crate::store::Notice::problem(format!(
                "{name} was not added to the console: {}",
                failure.message
            )))),
        }
    });
}
