//! The JavaScript API, for course pages that want the playground without
//! an iframe, or the engine alone to run their own code samples.
//!
//! ```js
//! import { load } from "./ddbplay.js";
//! const ddbplay = await load();
//! const playground = ddbplay.mount(document.querySelector("#lesson"), {
//!   example: "commerce", panels: ["patterns", "comparison"], readOnly: true,
//! });
//! playground.link();            // the full playground on the same state
//! const engine = new ddbplay.Engine();
//! engine.execute("CreateTable", { TableName: "t", ... });  // DynamoDB's response
//! ```
//!
//! `execute` takes DynamoDB's JSON request and returns DynamoDB's JSON
//! response; a request DynamoDB refuses throws an `Error` whose `name` is
//! the exception (`ValidationException`), whose `message` is DynamoDB's and
//! whose `__type` is the full type DynamoDB sends. The types are in
//! `static/ddbplay.d.ts`, shipped beside the page.

use wasm_bindgen::prelude::*;

/// Starts the full page on `<body>` (what `index.html` calls).
#[wasm_bindgen(js_name = startPage)]
pub fn start_page() {
    crate::start();
}

thread_local! {
    /// Who is told when this instance of the module is about to trap.
    static ON_TRAP: std::cell::RefCell<Option<js_sys::Function>> = const { std::cell::RefCell::new(None) };
}

/// Calls `callback` with the reason when this instance of the module is
/// about to trap. The page is built with `panic = "abort"`, so a panic —
/// an overflow, a failed allocation, a broken invariant — ends the module
/// instance: nothing in it can run again. The bounds on every input are
/// there so that this never happens; when it does anyway, the callback is
/// how the page, or `ddbplay.js` for a course page's playgrounds and
/// engines, says so and offers to start again, in another instance.
#[wasm_bindgen(js_name = onTrap)]
pub fn on_trap(callback: js_sys::Function) {
    ON_TRAP.with(|slot| *slot.borrow_mut() = Some(callback));
    // Yew's own hook (the panic on the console) would replace one set
    // any other way when the first playground renders.
    yew::set_custom_panic_hook(Box::new(|info| {
        let reason = info.to_string();
        web_sys::console::error_1(&format!("ddbplay stopped: {reason}").into());
        // A hook that panics itself would end the module at once.
        if let Ok(slot) = ON_TRAP.try_with(|slot| slot.try_borrow().ok().and_then(|f| f.clone()))
            && let Some(callback) = slot
        {
            let _ = callback.call1(&wasm_bindgen::JsValue::NULL, &reason.into());
        }
    }));
}

/// Makes this instance trap, as a bug would: for the page's own tests of
/// what a trap costs and how the page recovers.
#[wasm_bindgen(js_name = __trap)]
pub fn trap_for_tests() {
    panic!("a trap asked for by a test");
}

#[cfg(feature = "js-api")]
pub use js::*;

/// The course pages' API: `mount` and `Engine`. A feature of its own so
/// that what it adds to the module can be measured (the page without it is
/// `--no-default-features` on `ddbplay-page`).
#[cfg(feature = "js-api")]
mod js {
    use std::cell::RefCell;
    use std::rc::Rc;

    use serde::Deserialize;
    use wasm_bindgen::prelude::*;

    use crate::app::{App, AppProps, Hosted};
    use crate::embed::{Options, Panel};
    use crate::model::gallery::commerce;
    use crate::session::{self, EXAMPLE};
    use crate::share::{LINK_PARAMETER, link_parameter};

    /// What `mount` accepts (all optional).
    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase", default)]
    struct MountOptions {
        /// An example of the gallery by name (`"commerce"`, `"sharding"`, …).
        example: Option<String>,
        /// A share link, whole or only its `#play=…` fragment.
        link: Option<String>,
        /// The contents of a `.ddbplay.json` file, as an object.
        #[serde(with = "serde_wasm_bindgen::preserve")]
        state: JsValue,
        /// The panels to show, by name, in order.
        panels: Option<Vec<String>>,
        read_only: bool,
        /// The access pattern to compare first, counting from 1.
        pattern: Option<usize>,
        /// Where the full playground lives (set by `ddbplay.js`).
        base: Option<String>,
    }

    /// A playground mounted into a course page.
    #[wasm_bindgen]
    pub struct Playground {
        app: Option<yew::AppHandle<App>>,
        hosted: Hosted,
    }

    #[wasm_bindgen]
    impl Playground {
        /// The link that opens the full playground on the same state.
        pub fn link(&self) -> String {
            self.hosted.full_link()
        }

        /// Takes the playground out of the page.
        pub fn unmount(&mut self) {
            if let Some(app) = self.app.take() {
                app.destroy();
            }
        }
    }

    fn error(message: String) -> JsError {
        JsError::new(&message)
    }

    /// Mounts a playground into `element`.
    #[wasm_bindgen]
    pub fn mount(element: web_sys::Element, options: JsValue) -> Result<Playground, JsError> {
        let options: MountOptions = if options.is_undefined() || options.is_null() {
            MountOptions::default()
        } else {
            serde_wasm_bindgen::from_value(options)
                .map_err(|e| error(format!("mount: the options do not read: {e}")))?
        };
        let playground = if let Some(link) = &options.link {
            let fragment = link.rsplit_once('#').map_or(link.as_str(), |(_, f)| f);
            let value = link_parameter(fragment)
                .ok_or_else(|| error(format!("mount: the link has no {LINK_PARAMETER}= part")))?;
            session::open_link(value)
                .map_err(|e| error(format!("mount: the link does not open: {e}")))?
        } else if !options.state.is_undefined() && !options.state.is_null() {
            let text = js_sys::JSON::stringify(&options.state)
                .ok()
                .and_then(|t| t.as_string())
                .unwrap_or_default();
            session::open_file(&text)
                .map_err(|e| error(format!("mount: the state does not open: {e}")))?
        } else {
            match options.example.as_deref() {
                None | Some(EXAMPLE) => commerce::playground(),
                Some(name) => match crate::model::gallery::find(name) {
                    Some(example) => (example.playground)(),
                    None => {
                        let names: Vec<&str> = crate::model::gallery::EXAMPLES
                            .iter()
                            .map(|e| e.name)
                            .collect();
                        return Err(error(format!(
                            "mount: there is no example called \"{name}\"; the examples are {}",
                            names.join(", ")
                        )));
                    }
                },
            }
        };
        let mut playground = playground;
        let pattern = options.pattern.and_then(|p| p.checked_sub(1));
        if let Some(pattern) = pattern.filter(|p| *p < playground.patterns.len()) {
            playground.selected = pattern;
        }
        let panels =
            match &options.panels {
                None => None,
                Some(names) => {
                    Some(
                        names
                            .iter()
                            .map(|n| {
                                Panel::from_name(n).ok_or_else(|| {
                            error(format!(
                                "mount: there is no panel called \"{n}\"; the panels are {}",
                                Panel::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
                            ))
                        })
                            })
                            .collect::<Result<Vec<_>, _>>()?,
                    )
                }
            };
        let hosted = Hosted {
            options: Options {
                embed: true,
                panels,
                read_only: options.read_only,
                pattern,
                ..Options::default()
            },
            playground: Rc::new(playground),
            state: Rc::new(RefCell::new(None)),
            base: options.base.unwrap_or_default(),
        };
        let app = yew::Renderer::<App>::with_root_and_props(
            element,
            AppProps {
                hosted: Some(hosted.clone()),
            },
        )
        .render();
        Ok(Playground {
            app: Some(app),
            hosted,
        })
    }

    /// A bare engine: DynamoDB's API, in the page.
    #[wasm_bindgen(js_name = Engine)]
    #[derive(Default)]
    pub struct JsEngine {
        engine: engine::Engine,
    }

    #[wasm_bindgen(js_class = Engine)]
    impl JsEngine {
        /// An engine with no tables.
        #[wasm_bindgen(constructor)]
        pub fn new() -> JsEngine {
            JsEngine::default()
        }

        /// Runs one DynamoDB operation (`"Query"`, `"PutItem"`, …) on its JSON
        /// request; returns DynamoDB's JSON response, or throws DynamoDB's
        /// error.
        pub fn execute(&mut self, operation: &str, request: JsValue) -> Result<JsValue, JsValue> {
            let body = js_sys::JSON::stringify(&request)
                .ok()
                .and_then(|t| t.as_string())
                .unwrap_or_default();
            let response = engine::api::handle(&mut self.engine, operation, body.as_bytes());
            let parsed = js_sys::JSON::parse(&response.body).unwrap_or(JsValue::NULL);
            if response.status == 200 {
                return Ok(parsed);
            }
            let field = |name: &str| {
                js_sys::Reflect::get(&parsed, &name.into())
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_default()
            };
            let full = field("__type");
            let failure = js_sys::Error::new(&field("message"));
            failure.set_name(full.rsplit('#').next().unwrap_or("Error"));
            let _ = js_sys::Reflect::set(&failure, &"__type".into(), &full.into());
            Err(failure.into())
        }
    }
}
