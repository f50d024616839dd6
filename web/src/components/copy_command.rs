//! "Copy as aws CLI": a request put on the clipboard as the `aws dynamodb`
//! command that makes it, ready for a terminal or the console.

use engine::api::Operation;
use serde_json::Value as Json;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CopyCommandProps {
    pub operation: Operation,
    /// The request body, DynamoDB's JSON.
    pub request: Json,
    /// What the request is, for the button's accessible name.
    #[prop_or_default]
    pub about: AttrValue,
}

#[function_component(CopyCommand)]
pub fn copy_command(props: &CopyCommandProps) -> Html {
    let copied = use_state(|| None::<bool>);
    let onclick = {
        let (copied, operation, request) = (copied.clone(), props.operation, props.request.clone());
        Callback::from(move |_| {
            let (copied, request) = (copied.clone(), request.to_string());
            // The command is written by the console's module, loaded when
            // first needed.
            wasm_bindgen_futures::spawn_local(async move {
                let command = match crate::console_host::load().await {
                    Ok(()) => crate::console_host::command_line(operation, &request),
                    Err(_) => None,
                };
                let done = match command {
                    Some(text) => crate::browser::copy_text(&text).await,
                    None => false,
                };
                copied.set(Some(done));
            });
        })
    };
    let label = match *copied {
        Some(true) => "Copied",
        Some(false) => "Could not copy",
        None => "Copy as aws CLI",
    };
    let name = if props.about.is_empty() {
        "Copy as aws CLI".to_string()
    } else {
        format!("Copy as aws CLI: {}", props.about)
    };
    html! {
        <button type="button" class="copy-command" {onclick} aria-label={name}>{ label }</button>
    }
}
