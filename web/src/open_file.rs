//! What a file the learner chose or dropped on the page opens as:
//!
//! - a playground file (`.ddbplay.json`): that playground;
//! - an aws CLI script: it runs in the console;
//! - a NoSQL Workbench model, a Terraform file or a CloudFormation
//!   template: a new playground with that table (the learner picks one
//!   when the file holds several), opened through the checks every link
//!   goes through, so it opens whole or not at all, with a note of what
//!   the playground does not keep;
//! - DynamoDB export lines (gzip or not), a Scan's output, items: put into
//!   the current table, all of them or none.

use std::rc::Rc;

use interchange::Import;
use yew::Callback;
use yew::platform::spawn_local;
use yew::prelude::UseStateHandle;

use crate::browser;
use crate::interchange::from_model::{document_of, items_of};
use crate::interchange_host;
use crate::model::failure::Failure;
use crate::rebuild;
use crate::session::{self, Session};
use crate::share::MAX_DOCUMENT_BYTES;
use crate::share::open::open;
use crate::store::{Action, Change, ConsoleAction, Notice, Store, sentence};

/// What the page says when a file does not open.
pub const FILE_FAILED: &str = "This file could not be opened: ";

/// A file that holds several tables, waiting for the learner to pick one.
#[derive(Clone, Debug, PartialEq)]
pub struct TableChoice {
    pub file_name: String,
    pub bytes: Rc<Vec<u8>>,
    pub kind: Import,
    pub tables: Vec<String>,
}

/// What a file holds.
enum Contents {
    Playground(String),
    Script(String),
    Import(Import),
}

fn contents(name: &str, bytes: &[u8]) -> Result<Contents, Failure> {
    let text = std::str::from_utf8(bytes).ok();
    let head = text.map(|t| &t[..t.len().min(4096)]).unwrap_or_default();
    if head.trim_start().starts_with('{') && head.contains("\"ddbplay playground\"") {
        return Ok(Contents::Playground(text.unwrap_or_default().to_string()));
    }
    let script = name.ends_with(".sh")
        || name.ends_with(".bash")
        || head.starts_with("#!")
        || head
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with("aws "));
    if let (true, Some(text)) = (script, text) {
        return Ok(Contents::Script(text.to_string()));
    }
    interchange_host::detect(name, bytes).map(Contents::Import).ok_or_else(|| {
        Failure::refused(
            "it is none of the files the page opens: a playground file, an aws CLI script, a NoSQL Workbench model, a Terraform file, a CloudFormation template, or DynamoDB export lines",
        )
    })
}

/// Opens the file the learner chose or dropped; a file of several tables
/// asks `on_choice` to let the learner pick one.
pub fn open_file(
    state: &Store,
    session: &UseStateHandle<Session>,
    file: web_sys::File,
    on_choice: Callback<TableChoice>,
) {
    let (state, session) = (state.clone(), session.clone());
    spawn_local(async move {
        let name = file.name();
        let read = browser::read_bytes(file, interchange::limits::MAX_FILE_BYTES)
            .await
            .and_then(|bytes| Ok((contents(&name, &bytes)?, bytes)));
        let problem = |why: &dyn std::fmt::Display| {
            Action::Notify(Notice::problem(sentence(FILE_FAILED, why)))
        };
        match read {
            Ok((Contents::Playground(text), _)) if text.len() > MAX_DOCUMENT_BYTES => state
                .dispatch(problem(&format!(
                    "the file is {} bytes, and a playground file is at most {MAX_DOCUMENT_BYTES}",
                    text.len()
                ))),
            Ok((Contents::Playground(text), _)) => match session::open_file(&text) {
                Ok(playground) => {
                    let title = name.trim_end_matches(".json").trim_end_matches(".ddbplay");
                    open_new(&state, &session, title, playground, None);
                }
                Err(why) => state.dispatch(problem(&why)),
            },
            Ok((Contents::Script(script), _)) => run_script(&state, script),
            Ok((Contents::Import(kind), bytes)) => {
                let choice = TableChoice {
                    file_name: name,
                    bytes: Rc::new(bytes),
                    kind,
                    tables: Vec::new(),
                };
                import_file(&state, &session, choice, None, on_choice);
            }
            Err(why) => state.dispatch(problem(&why)),
        }
    });
}

/// Keeps the work on the screen, then opens `playground` as a new one.
fn open_new(
    state: &Store,
    session: &UseStateHandle<Session>,
    title: &str,
    playground: crate::model::playground::Playground,
    note: Option<String>,
) {
    // A change still waiting to be saved is saved first.
    let library = &mut browser::library();
    if let Err(error) = session::keep_current(state, session, library, browser::now()) {
        return state.dispatch(Action::Notify(Notice::not_kept(error.to_string())));
    }
    session.set(Session::unsaved(title));
    rebuild::open_noting(state, playground, FILE_FAILED, note);
}

/// Runs an aws CLI script in the console, once its module is there.
fn run_script(state: &Store, script: String) {
    let state = state.clone();
    spawn_local(async move {
        match crate::console_host::load().await {
            Ok(()) => {
                state.dispatch(Action::Console(ConsoleAction::Run(script)));
                state.dispatch(Action::Notify(Notice::news(
                    "The script ran in the aws CLI console: its transcript is there.",
                )));
            }
            Err(why) => state.dispatch(Action::Notify(Notice::problem(sentence(
                "The aws CLI console could not be loaded: ",
                &why.message,
            )))),
        }
    });
}

/// Reads another tool's file, the table `table` (or the first), and opens
/// it — or asks `on_choice` which table, when the file holds several and
/// none was picked.
pub fn import_file(
    state: &Store,
    session: &UseStateHandle<Session>,
    file: TableChoice,
    table: Option<String>,
    on_choice: Callback<TableChoice>,
) {
    let (state, session) = (state.clone(), session.clone());
    spawn_local(async move {
        let context = format!("This file could not be opened as {}: ", file.kind.label());
        let problem =
            |why: &dyn std::fmt::Display| Action::Notify(Notice::problem(sentence(&context, why)));
        let current = match state.tools_model() {
            Ok(model) => model.table,
            Err(why) => return state.dispatch(problem(&why)),
        };
        let imported = match interchange_host::import(
            file.kind,
            &file.bytes,
            table.as_deref(),
            &current,
        )
        .await
        {
            Ok(imported) => imported,
            Err(why) => return state.dispatch(problem(&why)),
        };
        if file.kind == Import::ExportLines {
            let items = items_of(&imported.model);
            let items = serde_json::Value::Array(items).to_string();
            return state.dispatch(Action::Change(Change::Import {
                file_name: file.file_name,
                items,
            }));
        }
        if table.is_none() && imported.tables.len() > 1 {
            return on_choice.emit(TableChoice {
                tables: imported.tables,
                ..file
            });
        }
        let opened =
            document_of(&imported).and_then(|opened| Ok((open(opened.document)?, opened.notes)));
        match opened {
            Ok((playground, notes)) => {
                let name = imported.model.table.name.clone();
                let mut note = format!("Opened the table {name} from {}.", file.file_name);
                for line in notes {
                    note.push(' ');
                    note.push_str(line.trim_end_matches('.'));
                    note.push('.');
                }
                open_new(&state, &session, &name, playground, Some(note));
            }
            Err(why) => state.dispatch(problem(&why)),
        }
    });
}
