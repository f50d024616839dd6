//! Running the aws CLI console from a component: the console's module is
//! imported the first time it is needed, and a script asked for meanwhile
//! runs as soon as it is there.

use yew::prelude::*;

use crate::console_host;
use crate::hooks::store::use_store;
use crate::store::{Action, ConsoleAction, Notice};

/// What a panel runs the console with.
#[derive(Clone)]
pub struct ConsoleRunner {
    /// Runs a script.
    pub run: Callback<String>,
    /// Runs the commerce lab (its script comes with the module).
    pub lab: Callback<()>,
    /// Starts importing the module, ahead of a run.
    pub prefetch: Callback<()>,
    /// The module is being imported for a run.
    pub loading: bool,
}

#[hook]
pub fn use_console_runner() -> ConsoleRunner {
    let state = use_store();
    let loading = use_state(|| false);
    // Imports the module, then dispatches the script `script` gives.
    let after_load = {
        let (state, loading) = (state.clone(), loading.clone());
        move |script: Box<dyn FnOnce() -> Option<String>>| {
            let (state, loading) = (state.clone(), loading.clone());
            loading.set(!console_host::loaded());
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = console_host::load().await;
                loading.set(false);
                match loaded.map(|()| script()) {
                    Ok(Some(script)) => state.dispatch(Action::Console(ConsoleAction::Run(script))),
                    Ok(None) => {}
                    Err(failure) => state.dispatch(Action::Notify(Notice::problem(format!(
                        "The aws CLI console could not be loaded: {}",
                        failure.message
                    )))),
                }
            });
        }
    };
    let run = {
        let after_load = after_load.clone();
        Callback::from(move |script: String| after_load(Box::new(move || Some(script))))
    };
    let lab = Callback::from(move |()| after_load(Box::new(console_host::commerce_lab)));
    let prefetch = Callback::from(|()| {
        wasm_bindgen_futures::spawn_local(async {
            let _ = console_host::load().await;
        })
    });
    ConsoleRunner {
        run,
        lab,
        prefetch,
        loading: *loading,
    }
}
