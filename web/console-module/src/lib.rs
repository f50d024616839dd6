//! The aws CLI console as a module of its own: the page imports it the
//! first time the console is used, so that the page's first render does
//! not wait for it.
//!
//! A [`ConsoleSession`] keeps a shell's state (variables, files, `$?`)
//! between scripts. [`ConsoleSession::run`] runs a script and reaches the
//! page's engine only through `send(operation, body)`, a function of the
//! page's that answers `[status, body]` — DynamoDB's wire protocol — so the
//! module holds no table of its own, and a bug in it stops this module's
//! instance, not the page's. What a run did comes back as JSON.

use console::call::service::{Answer, Service, Unsent};
use console::python::json::dumps;
use console::python::{Dict, Value};
use console::session::{Run, Session};
use engine::api::Operation;
use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;

#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// The page's engine, reached through the functions the page hands over.
struct Page<'a> {
    send: &'a Function,
    advance: &'a Function,
}

impl Service for Page<'_> {
    fn send(&mut self, operation: Operation, body: &str) -> Result<Answer, Unsent> {
        let answer = self
            .send
            .call2(
                &JsValue::NULL,
                &JsValue::from_str(operation.name()),
                &JsValue::from_str(body),
            )
            .map_err(|e| {
                Unsent(
                    e.as_string()
                        .unwrap_or_else(|| "the page did not answer".into()),
                )
            })?;
        let answer = Array::from(&answer);
        let status = answer.get(0).as_f64().unwrap_or(500.0) as u16;
        let body = answer.get(1).as_string().unwrap_or_default();
        Ok(Answer { status, body })
    }

    fn advance_clock(&mut self, seconds: f64) {
        let _ = self
            .advance
            .call1(&JsValue::NULL, &JsValue::from_f64(seconds));
    }
}

/// A console session: a shell's state between scripts.
#[wasm_bindgen]
#[derive(Default)]
pub struct ConsoleSession {
    session: Session,
}

fn text(text: &str) -> Value {
    Value::Str(text.to_string())
}

/// A run as JSON: `{"steps": [{line, source, comments, stdout, stderr,
/// status}], "status": n}`.
fn run_json(run: &Run) -> String {
    let steps = run
        .steps
        .iter()
        .map(|step| {
            let mut entry = Dict::new();
            entry.insert("line", Value::Int(step.line as i64));
            entry.insert("source", text(&step.source));
            entry.insert(
                "comments",
                Value::List(step.comments.iter().map(|c| text(c)).collect()),
            );
            entry.insert("stdout", text(&step.stdout));
            entry.insert("stderr", text(&step.stderr));
            entry.insert("status", Value::Int(i64::from(step.status)));
            Value::Dict(entry)
        })
        .collect();
    let mut out = Dict::new();
    out.insert("steps", Value::List(steps));
    out.insert("status", Value::Int(i64::from(run.status)));
    dumps(&Value::Dict(out))
}

#[wasm_bindgen]
impl ConsoleSession {
    #[wasm_bindgen(constructor)]
    pub fn new() -> ConsoleSession {
        ConsoleSession::default()
    }

    /// Runs `script`, each request through `send(operation, body)` (which
    /// answers `[status, body]`, or throws a string when it cannot) and
    /// each wait through `advance(seconds)`. Gives the run as JSON, or
    /// `{"refused": {"line": n, "message": "…"}}` when the script holds
    /// something the console does not run (then nothing of it ran).
    pub fn run(&mut self, script: &str, send: &Function, advance: &Function) -> String {
        let mut page = Page { send, advance };
        match self.session.run(script, &mut page, None) {
            Ok(run) => run_json(&run),
            Err(refusal) => {
                let mut why = Dict::new();
                why.insert("line", Value::Int(refusal.line as i64));
                why.insert("message", text(&refusal.message));
                let mut out = Dict::new();
                out.insert("refused", Value::Dict(why));
                dumps(&Value::Dict(out))
            }
        }
    }

    /// Keeps a file for `file://` to read.
    pub fn put_file(&mut self, name: &str, contents: Vec<u8>) {
        self.session.files.put(name, contents);
    }

    /// Forgets a file.
    pub fn remove_file(&mut self, name: &str) {
        self.session.files.remove(name);
    }

    /// Goes on past a failed command, or stops at the first.
    pub fn set_keep_going(&mut self, on: bool) {
        self.session.keep_going = on;
    }
}

/// A request written as the `aws dynamodb` command that makes it, or an
/// empty string when it cannot be.
#[wasm_bindgen]
pub fn command_line(operation: &str, body: &str) -> String {
    console::aws::command_line::command_line(operation, body).unwrap_or_default()
}

/// The commerce lab's script, for "Run the commerce lab".
#[wasm_bindgen]
pub fn commerce_lab() -> String {
    console::labs::COMMERCE.to_string()
}
