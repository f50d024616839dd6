//! The aws CLI console: `aws dynamodb …` lines pasted as a tutorial
//! prints them, run on the playground's own engine, answered with what
//! the aws CLI v2 would print. What a script writes shows in the data
//! view, and a table it changes in the table design.
//!
//! Ctrl+Enter (⌘+Enter) runs; the up and down arrows at the start and the
//! end of the script step through the scripts run before; files added
//! (or dropped on the console) are what `file://name` reads, and they travel with the
//! playground (its link, its file, its saved copy).

use web_sys::{HtmlInputElement, HtmlTextAreaElement, KeyboardEvent};
use yew::prelude::*;

use super::collapsible::Collapsible;
use crate::browser;
use crate::embed::{Panel, use_read_only};
use crate::hooks::console::use_console_runner;
use crate::hooks::store::use_store;
use crate::store::{Action, ConsoleAction, Entry, Store};

/// One command of the transcript: its narration, the line as typed, what
/// it printed, and its status when it failed.
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
fn files(state: &Store, read_only: bool) -> Html {
    let names: Vec<(String, usize)> = state
        .console
        .files
        .iter()
        .map(|(name, contents)| (name.clone(), contents.len()))
        .collect();
    if names.is_empty() {
        return html! {};
    }
    html! {
        <>
        <p class="muted small">{ "These files travel with the playground: its link, its file and its saved copy carry them." }</p>
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
        </>
    }
}

/// Reads a file the learner gave the console and keeps it for `file://`.
fn add_file(state: &Store, file: web_sys::File) {
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

/// The script box: what is typed, the history under the arrows, and the
/// console's controls.
#[function_component(ConsoleInput)]
fn console_input() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let runner = use_console_runner();
    let script = use_state(String::new);
    // While stepping through the history: which script is shown.
    let recalled = use_state(|| None::<usize>);
    let run = {
        let (script, recalled, run) = (script.clone(), recalled.clone(), runner.run.clone());
        move || {
            if !script.trim().is_empty() {
                run.emit((*script).clone());
                script.set(String::new());
                recalled.set(None);
            }
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
        let (history, script, recalled) = (
            state.console.history.clone(),
            script.clone(),
            recalled.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let caret = area.selection_start().ok().flatten().unwrap_or(0) as usize;
            let at_end = caret >= area.value().chars().count();
            let step = match e.key().as_str() {
                "Enter" if e.ctrl_key() || e.meta_key() => {
                    e.prevent_default();
                    return run();
                }
                "ArrowUp" if caret == 0 && !history.is_empty() => {
                    Some(recalled.map_or(history.len() - 1, |i| i.saturating_sub(1)))
                }
                "ArrowDown" if at_end && recalled.is_some() => recalled.map(|i| i + 1),
                _ => return,
            };
            e.prevent_default();
            match step.filter(|&i| i < history.len()) {
                Some(i) => {
                    script.set(history[i].clone());
                    recalled.set(Some(i));
                }
                None => {
                    script.set(String::new());
                    recalled.set(None);
                }
            }
        })
    };
    let on_focus = {
        let prefetch = runner.prefetch.clone();
        Callback::from(move |_: FocusEvent| prefetch.emit(()))
    };
    let on_lab = {
        let lab = runner.lab.clone();
        Callback::from(move |_| lab.emit(()))
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
                for file in (0..list.length()).filter_map(|i| list.get(i)) {
                    add_file(&state, file);
                }
            }
            input.set_value("");
        })
    };
    html! {
        <form class="console-input" onsubmit={on_submit}>
            <label for="console-script" class="visually-hidden">{ "Commands to run" }</label>
            <textarea id="console-script" rows="6" spellcheck="false" autocapitalize="off"
                placeholder="aws dynamodb list-tables"
                value={(*script).clone()} oninput={on_input} onkeydown={on_key} onfocus={on_focus} disabled={read_only} />
            <div class="row">
                <button type="submit" class="primary" disabled={read_only || runner.loading}
                    aria-label="Run the commands">
                    { if runner.loading { "Loading the console…" } else { "Run" } }
                </button>
                <button type="button" onclick={on_lab} disabled={read_only}>{ "Run the commerce lab" }</button>
                <label>
                    <input type="checkbox" checked={state.console.keep_going}
                        onchange={on_keep_going} disabled={read_only} />
                    { " Go on past a failed command" }
                </label>
                <label class="button">
                    { "Add files for file://… (or drop them here)" }
                    <input type="file" multiple=true class="visually-hidden" onchange={on_files}
                        disabled={read_only} aria-label="Add files for file:// to read" />
                </label>
                if !state.console.transcript.is_empty() {
                    <button type="button" onclick={on_clear}>{ "Clear" }</button>
                }
            </div>
        </form>
    }
}

#[function_component(Console)]
pub fn console() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
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
    // A file dropped on the console is one for `file://` to read, not a
    // playground to open: it stops here.
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let on_drop = {
        let state = state.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            e.stop_propagation();
            if read_only {
                return;
            }
            if let Some(list) = e.data_transfer().and_then(|d| d.files()) {
                for file in (0..list.length()).filter_map(|i| list.get(i)) {
                    add_file(&state, file);
                }
            }
        })
    };
    html! {
        <Collapsible panel={Panel::Console}>
          <div class="console-drop" ondragover={on_drag_over} ondrop={on_drop}>
            <p class="muted">
                { "Paste aws dynamodb commands as a tutorial prints them — one or a whole script — and run them on this playground's table: the output is what the aws CLI v2 prints. Options like --region and --endpoint-url are read and set aside." }
            </p>
            <ol class="transcript" ref={log} role="log" aria-label="What the commands printed">
                { for state.console.transcript.iter().map(entry) }
            </ol>
            if let Some(note) = &state.console.note {
                <p class="console-note" role="status">{ note }</p>
            }
            <ConsoleInput />
            { files(state, read_only) }
            if read_only {
                <p class="muted">{ "This page is read-only: the console does not run here." }</p>
            }
          </div>
        </Collapsible>
    }
}
