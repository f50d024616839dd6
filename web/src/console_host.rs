//! Where the console runs. In the page it is a wasm module of its own
//! (`web/console-module`), imported the first time the console is used
//! (`console-module.js`, beside the page's own files), so that the first
//! render does not wait for it; it reaches the page's engine through the
//! `send` function the store hands it, and a bug in it stops its instance,
//! not the page's. Natively — the page's own tests — the same crate runs in
//! this process.
//!
//! [`load`] starts the import (once); [`run`] runs a script once the
//! module is there.

use crate::model::failure::Failure;
use console::call::service::Answer;
use console::session::Run;
use console::shell::Refusal;
use engine::api::Operation;

/// How the store answers the console's requests.
pub type Send = Box<dyn FnMut(Operation, &str) -> Answer>;
/// How the store moves the engine's clock on (`sleep`, waiters).
pub type Advance = Box<dyn FnMut(f64)>;

/// What running a script came to.
#[derive(Clone, Debug, PartialEq)]
pub enum Ran {
    /// It ran: each command, what it printed and its status.
    Run(Run),
    /// It holds something the console does not run; nothing of it ran.
    Refused(Refusal),
    /// The console's module is not loaded yet.
    NotLoaded,
    /// The console's module stopped (a bug in it): why.
    Stopped(String),
}

#[cfg(target_arch = "wasm32")]
mod page {
    use std::cell::RefCell;

    use js_sys::{Array, Function, JsString, Reflect};
    use wasm_bindgen::prelude::*;

    use super::{Advance, Failure, Ran, Send};
    use crate::lazy_module::{self, Lazy, call, describe};
    use console::session::{FileStore, Run, Step};
    use console::shell::Refusal;
    use engine::api::Operation;

    #[wasm_bindgen(
        inline_js = "export function import_console() { return import(new URL('../../console-module.js', import.meta.url).href); }"
    )]
    extern "C" {
        fn import_console() -> js_sys::Promise;
    }

    thread_local! {
        static MODULE: Lazy = const { Lazy::new() };
        /// The module's session, once made.
        static SESSION: RefCell<Option<JsValue>> = const { RefCell::new(None) };
        /// The files given to the console, put in each session made.
        static FILES: RefCell<std::collections::BTreeMap<String, Vec<u8>>> = RefCell::default();
    }

    pub fn loaded() -> bool {
        SESSION.with(|s| s.borrow().is_some())
    }

    pub fn failure() -> Option<Failure> {
        lazy_module::failure(&MODULE)
    }

    /// Imports the module and makes its session, once, with the files
    /// given to the console so far.
    pub async fn load() -> Result<(), Failure> {
        let module = lazy_module::load(&MODULE, import_console).await?;
        if loaded() {
            return Ok(());
        }
        let made = Reflect::get(&module, &JsValue::from_str("ConsoleSession"))
            .and_then(|class| class.dyn_into::<Function>())
            .and_then(|class| Reflect::construct(&class, &Array::new()));
        let session = made.map_err(|error| Failure::refused(describe(&error)))?;
        FILES.with(|files| {
            for (name, contents) in files.borrow().iter() {
                let _ = call(
                    &session,
                    "put_file",
                    &[
                        JsValue::from_str(name),
                        js_sys::Uint8Array::from(&contents[..]).into(),
                    ],
                );
            }
        });
        SESSION.with(|s| *s.borrow_mut() = Some(session));
        Ok(())
    }

    fn session() -> Option<JsValue> {
        SESSION.with(|s| s.borrow().clone())
    }

    fn put_file(name: &str, contents: &[u8]) {
        FILES.with(|f| f.borrow_mut().insert(name.to_string(), contents.to_vec()));
        if let Some(session) = session() {
            let _ = call(
                &session,
                "put_file",
                &[
                    JsValue::from_str(name),
                    js_sys::Uint8Array::from(contents).into(),
                ],
            );
        }
    }

    fn remove_file(name: &str) {
        FILES.with(|f| f.borrow_mut().remove(name));
        if let Some(session) = session() {
            let _ = call(&session, "remove_file", &[JsValue::from_str(name)]);
        }
    }

    /// Gives the console exactly `files` (those of a playground opened).
    pub fn set_files(files: &FileStore) {
        let gone: Vec<String> = FILES.with(|f| {
            f.borrow()
                .keys()
                .filter(|name| files.get(name).is_none())
                .cloned()
                .collect()
        });
        for name in gone {
            remove_file(&name);
        }
        for (name, contents) in files.iter() {
            let same = FILES.with(|f| f.borrow().get(name) == Some(contents));
            if !same {
                put_file(name, contents);
            }
        }
    }

    fn module_call(method: &str, args: &[JsValue]) -> Option<String> {
        let module = lazy_module::ready(&MODULE)?;
        call(&module, method, args).ok().and_then(|v| v.as_string())
    }

    pub fn commerce_lab() -> Option<String> {
        module_call("commerce_lab", &[])
    }

    pub fn command_line(operation: Operation, body: &str) -> Option<String> {
        module_call(
            "command_line",
            &[JsValue::from_str(operation.name()), JsValue::from_str(body)],
        )
        .filter(|t| !t.is_empty())
    }

    fn read_run(text: &str) -> Ran {
        let json: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
        if let Some(refused) = json.get("refused") {
            return Ran::Refused(Refusal {
                line: refused["line"].as_u64().unwrap_or(1) as usize,
                message: refused["message"].as_str().unwrap_or_default().to_string(),
            });
        }
        let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
        let steps = json["steps"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|step| Step {
                line: step["line"].as_u64().unwrap_or(0) as usize,
                source: text(&step["source"]),
                comments: step["comments"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(text)
                    .collect(),
                stdout: text(&step["stdout"]),
                stderr: text(&step["stderr"]),
                status: step["status"].as_i64().unwrap_or(0) as i32,
            })
            .collect();
        Ran::Run(Run {
            steps,
            status: json["status"].as_i64().unwrap_or(0) as i32,
            stopped_early: false,
        })
    }

    pub fn run(script: &str, keep_going: bool, mut send: Send, mut advance: Advance) -> Ran {
        let Some(session) = session() else {
            return Ran::NotLoaded;
        };
        let _ = call(
            &session,
            "set_keep_going",
            &[JsValue::from_bool(keep_going)],
        );
        let send = Closure::<dyn FnMut(String, String) -> JsValue>::new(
            move |operation: String, body: String| {
                let Some(operation) = Operation::parse(&operation) else {
                    return JsValue::from_str(
                        "the console asked for an operation the engine does not serve",
                    );
                };
                let answer = send(operation, &body);
                let pair: Array = [
                    JsValue::from_f64(f64::from(answer.status)),
                    JsValue::from_str(&answer.body),
                ]
                .iter()
                .collect();
                pair.into()
            },
        );
        let advance = Closure::<dyn FnMut(f64)>::new(move |seconds: f64| advance(seconds));
        let ran = call(
            &session,
            "run",
            &[
                JsValue::from(JsString::from(script)),
                send.as_ref().clone(),
                advance.as_ref().clone(),
            ],
        );
        match ran {
            Ok(text) => read_run(&text.as_string().unwrap_or_default()),
            Err(error) => {
                // A trap: this module's instance is done; the next use loads
                // a fresh one.
                let why = describe(&error);
                lazy_module::stopped(&MODULE, &why);
                SESSION.with(|s| *s.borrow_mut() = None);
                Ran::Stopped(why)
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod page {
    use std::cell::RefCell;

    use super::{Advance, Failure, Ran, Send};
    use console::call::service::{Answer, Service, Unsent};
    use console::session::{FileStore, Session};
    use engine::api::Operation;

    thread_local! {
        static SESSION: RefCell<Session> = RefCell::new(Session::default());
    }

    struct Store {
        send: Send,
        advance: Advance,
    }

    impl Service for Store {
        fn send(&mut self, operation: Operation, body: &str) -> Result<Answer, Unsent> {
            Ok((self.send)(operation, body))
        }

        fn advance_clock(&mut self, seconds: f64) {
            (self.advance)(seconds);
        }
    }

    pub fn loaded() -> bool {
        true
    }

    pub fn failure() -> Option<Failure> {
        None
    }

    pub async fn load() -> Result<(), Failure> {
        Ok(())
    }

    pub fn set_files(files: &FileStore) {
        SESSION.with(|s| s.borrow_mut().files = files.clone());
    }

    pub fn command_line(operation: Operation, body: &str) -> Option<String> {
        console::aws::command_line::command_line(operation.name(), body).ok()
    }

    pub fn commerce_lab() -> Option<String> {
        Some(console::labs::COMMERCE.to_string())
    }

    pub fn run(script: &str, keep_going: bool, send: Send, advance: Advance) -> Ran {
        let mut store = Store { send, advance };
        SESSION.with(|s| {
            let mut session = s.borrow_mut();
            session.keep_going = keep_going;
            match session.run(script, &mut store, None) {
                Ok(run) => Ran::Run(run),
                Err(refusal) => Ran::Refused(refusal),
            }
        })
    }
}

pub use page::{command_line, commerce_lab, failure, load, loaded, run, set_files};
