//! Where exports and imports run. In the page they are a wasm module of
//! their own (`web/interchange-module`), imported the first time the
//! learner exports or opens another tool's file (`interchange-module.js`,
//! beside the page's own files): the YAML reader, the HCL parser and gzip
//! stay out of the first render, and a bug in them stops that module's
//! instance, not the page's. Natively — the page's own tests — the same
//! crate runs in this process.

use interchange::imported::Imported;
use interchange::model::{Model, Table};
use interchange::{Export, Import};

use crate::model::failure::Failure;

/// An export's file.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    pub text: String,
    pub file_name: String,
    /// What the format cannot show of the playground, one sentence each.
    pub warnings: Vec<String>,
}

#[cfg(target_arch = "wasm32")]
mod page {
    use js_sys::Uint8Array;
    use wasm_bindgen::prelude::*;

    use super::{Exported, Failure, Import, Imported, Model, Table};
    use crate::lazy_module::{self, Lazy, call, describe};
    use interchange::Export;

    #[wasm_bindgen(
        inline_js = "export function import_interchange() { return import(new URL('../../interchange-module.js', import.meta.url).href); }"
    )]
    extern "C" {
        fn import_interchange() -> js_sys::Promise;
    }

    thread_local! {
        static MODULE: Lazy = const { Lazy::new() };
    }

    /// Calls the module's `method`, loading it first; a trap in it is
    /// reported and the next call loads a fresh one.
    async fn ask(method: &str, args: &[JsValue]) -> Result<serde_json::Value, Failure> {
        let module = lazy_module::load(&MODULE, import_interchange).await?;
        let answer = call(&module, method, args).map_err(|error| {
            let why = describe(&error);
            lazy_module::stopped(&MODULE, &why);
            Failure::refused(format!("The exports and imports stopped: {why}"))
        })?;
        let text = answer.as_string().unwrap_or_default();
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| Failure::refused(e.to_string()))?;
        match value.get("refused").and_then(|r| r.as_str()) {
            Some(why) => Err(Failure::refused(why)),
            None => Ok(value),
        }
    }

    pub async fn export(format: Export, model: &Model, now: i64) -> Result<Exported, Failure> {
        let model = serde_json::to_string(model).map_err(|e| Failure::refused(e.to_string()))?;
        let answer = ask(
            "export_file",
            &[
                JsValue::from_str(format.name()),
                JsValue::from_str(&model),
                JsValue::from_f64(now as f64),
            ],
        )
        .await?;
        Ok(Exported {
            text: answer["text"].as_str().unwrap_or_default().to_string(),
            file_name: answer["file_name"].as_str().unwrap_or_default().to_string(),
            warnings: answer["warnings"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|w| w.as_str().map(str::to_string))
                .collect(),
        })
    }

    pub async fn import(
        kind: Import,
        bytes: &[u8],
        choice: Option<&str>,
        current: &Table,
    ) -> Result<Imported, Failure> {
        let current =
            serde_json::to_string(current).map_err(|e| Failure::refused(e.to_string()))?;
        let answer = ask(
            "import_file",
            &[
                JsValue::from_str(kind.name()),
                Uint8Array::from(bytes).into(),
                JsValue::from_str(choice.unwrap_or_default()),
                JsValue::from_str(&current),
            ],
        )
        .await?;
        serde_json::from_value(answer).map_err(|e| Failure::refused(e.to_string()))
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod page {
    use super::{Exported, Failure, Import, Imported, Model, Table};
    use interchange::Export;

    pub async fn export(format: Export, model: &Model, now: i64) -> Result<Exported, Failure> {
        Ok(Exported {
            text: interchange::export(format, model, now),
            file_name: format.file_name(&model.table.name),
            warnings: interchange::export_warnings(format, model),
        })
    }

    pub async fn import(
        kind: Import,
        bytes: &[u8],
        choice: Option<&str>,
        current: &Table,
    ) -> Result<Imported, Failure> {
        let mut imported = interchange::import(kind, bytes, choice, current)
            .map_err(|refusal| Failure::refused(refusal.0))?;
        interchange::chart::with_charts(&mut imported.model);
        Ok(imported)
    }
}

pub use page::{export, import};

/// What a file holds, by its name and first bytes: one of the imports, or
/// `None` (an aws CLI script, which the console runs, or a playground file).
pub fn detect(file_name: &str, bytes: &[u8]) -> Option<Import> {
    Import::detect(file_name, bytes)
}

/// Every export, as a menu lists it.
pub fn exports() -> &'static [Export] {
    &Export::ALL
}
