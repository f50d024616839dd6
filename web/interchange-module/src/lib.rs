//! Exports and imports as a module of its own: the page imports it the
//! first time the learner exports or opens a file of another tool, so
//! that the page's first render does not wait for it.
//!
//! The functions are not named `export` and `import`, which JavaScript
//! keeps for itself. Models cross as JSON ([`interchange::model::Model`] and
//! [`interchange::imported::Imported`] in serde's shape); a refusal comes
//! back as `{"refused": "…"}`.

use interchange::model::Table;
use interchange::{Export, Import};
use serde_json::{Value as Json, json};
use wasm_bindgen::prelude::*;

#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn refused(message: &str) -> String {
    json!({ "refused": message }).to_string()
}

/// The model (`model`, JSON) written as the export named `format`, dated
/// `now` (seconds since 1970): `{"text": …, "file_name": …, "warnings":
/// […]}`, or `{"refused": …}`.
#[wasm_bindgen]
pub fn export_file(format: &str, model: &str, now: f64) -> String {
    let Some(format) = Export::parse(format) else {
        return refused(&format!("there is no export {format}"));
    };
    let model: interchange::model::Model = match serde_json::from_str(model) {
        Ok(model) => model,
        Err(e) => return refused(&format!("the model does not read: {e}")),
    };
    json!({
        "text": interchange::export(format, &model, now as i64),
        "file_name": format.file_name(&model.table.name),
        "warnings": interchange::export_warnings(format, &model),
    })
    .to_string()
}

/// What a file named `file_name` holds: `workbench`, `terraform`,
/// `cloudformation`, `export-lines`, or `""` for none of them.
#[wasm_bindgen]
pub fn detect_file(file_name: &str, bytes: &[u8]) -> String {
    Import::detect(file_name, bytes)
        .map(Import::name)
        .unwrap_or_default()
        .to_string()
}

/// `bytes` read as `kind` (a name [`detect_file`] gives), the table named
/// `choice` (or the first when it is empty), export lines for the table
/// `current` (JSON): the [`interchange::imported::Imported`] as JSON, or
/// `{"refused": …}`.
#[wasm_bindgen]
pub fn import_file(kind: &str, bytes: &[u8], choice: &str, current: &str) -> String {
    let Some(kind) = Import::parse(kind) else {
        return refused(&format!("there is no import {kind}"));
    };

    let current: Table = serde_json::from_str(current).unwrap_or_default();
    let choice = (!choice.is_empty()).then_some(choice);
    match interchange::import(kind, bytes, choice, &current) {
        Ok(mut imported) => {
            interchange::chart::with_charts(&mut imported.model);
            serde_json::to_string(&imported).unwrap_or_else(|e| refused(&e.to_string()))
        }
        Err(refusal) => refused(&refusal.0),
    }
}

/// The names of every export, for the page's menu: `[[name, label], …]`.
#[wasm_bindgen]
pub fn export_names() -> String {
    Json::Array(
        Export::ALL
            .iter()
            .map(|e| json!([e.name(), e.label()]))
            .collect(),
    )
    .to_string()
}
