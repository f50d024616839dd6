//! The page's modules that load when first needed — the aws CLI console,
//! and the exports and imports — each a wasm module of its own beside the
//! page's files, built by `static/module.sh`. A [`Lazy`] holds one: it
//! imports it once (however many callers wait for it), keeps it, and after
//! a trap in it — which ends that module's instance, not the page's —
//! imports a fresh one on the next use.

use std::cell::RefCell;
use std::thread::LocalKey;

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::model::failure::Failure;

enum State {
    Absent,
    Loading,
    Ready(JsValue),
    Failed(Failure),
}

/// One module's state.
pub struct Lazy(RefCell<State>);

impl Lazy {
    /// A module not yet imported.
    pub const fn new() -> Lazy {
        Lazy(RefCell::new(State::Absent))
    }
}

impl Default for Lazy {
    fn default() -> Lazy {
        Lazy::new()
    }
}

/// The module, once it is there.
pub fn ready(lazy: &'static LocalKey<Lazy>) -> Option<JsValue> {
    lazy.with(|l| match &*l.0.borrow() {
        State::Ready(module) => Some(module.clone()),
        _ => None,
    })
}

/// Why the module could not be loaded, if it could not.
pub fn failure(lazy: &'static LocalKey<Lazy>) -> Option<Failure> {
    lazy.with(|l| match &*l.0.borrow() {
        State::Failed(why) => Some(why.clone()),
        _ => None,
    })
}

/// Marks the module stopped (a trap in it): the next use imports it again.
pub fn stopped(lazy: &'static LocalKey<Lazy>, why: &str) {
    lazy.with(|l| *l.0.borrow_mut() = State::Failed(Failure::refused(why)));
}

/// Imports the module with `import` (a dynamic `import()` of its entry)
/// and runs its start, once; a caller arriving meanwhile waits for that
/// one import to end.
pub async fn load(
    lazy: &'static LocalKey<Lazy>,
    import: fn() -> Promise,
) -> Result<JsValue, Failure> {
    let start = lazy.with(|l| {
        let mut state = l.0.borrow_mut();
        match &*state {
            State::Absent | State::Failed(_) => {
                *state = State::Loading;
                true
            }
            _ => false,
        }
    });
    if !start {
        loop {
            let now = lazy.with(|l| match &*l.0.borrow() {
                State::Ready(module) => Some(Ok(module.clone())),
                State::Failed(why) => Some(Err(why.clone())),
                _ => None,
            });
            if let Some(done) = now {
                return done;
            }
            crate::browser::next_task().await;
        }
    }
    let made = async {
        let module = JsFuture::from(import()).await?;
        let init: Function = Reflect::get(&module, &JsValue::from_str("default"))?.dyn_into()?;
        JsFuture::from(Promise::from(init.call0(&JsValue::NULL)?)).await?;
        Ok::<_, JsValue>(module)
    }
    .await;
    let state = match &made {
        Ok(module) => State::Ready(module.clone()),
        Err(error) => State::Failed(Failure::refused(describe(error))),
    };
    lazy.with(|l| *l.0.borrow_mut() = state);
    made.map_err(|error| Failure::refused(describe(&error)))
}

/// An error thrown in JavaScript, in words.
pub fn describe(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| {
            Reflect::get(error, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| "it could not be loaded".into())
}

/// Calls `target.method(...args)`.
pub fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let function: Function = Reflect::get(target, &JsValue::from_str(method))?.dyn_into()?;
    let args: Array = args.iter().collect();
    function.apply(target, &args)
}
