//! Everything the page asks of the browser beyond drawing: the address
//! (its query and fragment, replaced without new history entries), local
//! storage, the clipboard, downloads and dropped files, the parent window
//! of an embedded page, and scrolling a panel into view. Kept in one file
//! so the rest of the page reads as plain Rust.
//!
//! Nothing here panics when the browser says no: storage may be turned off
//! (or forbidden in a sandboxed frame), the clipboard may be refused, there
//! may be no parent window. Each function says what happened instead.

use crate::model::failure::Failure;
use gloo::events::EventListener;
use gloo::storage::{LocalStorage, Storage};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::saved::{Library, Shelf};

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The fragment of the address, without `#`.
pub fn fragment() -> String {
    window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// The query of the address, without `?`.
pub fn query() -> String {
    window()
        .and_then(|w| w.location().search().ok())
        .map(|q| q.trim_start_matches('?').to_string())
        .unwrap_or_default()
}

/// The address without its fragment.
pub fn address_without_fragment() -> String {
    let href = window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    match href.split_once('#') {
        Some((before, _)) => before.to_string(),
        None => href,
    }
}

/// Puts `fragment` in the address (none when `None`) without a new
/// history entry and without a `hashchange` event.
pub fn replace_fragment(fragment: Option<&str>) {
    let Some(history) = window().and_then(|w| w.history().ok()) else {
        return;
    };
    let url = match fragment {
        Some(f) => format!("{}#{f}", address_without_fragment()),
        None => address_without_fragment(),
    };
    if url
        != window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default()
    {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Calls `on_change` with the new fragment whenever the learner changes
/// it (a link pasted into the address bar, Back, Forward).
pub fn on_fragment_change(on_change: impl Fn(String) + 'static) -> Option<EventListener> {
    let window = window()?;
    Some(EventListener::new(&window, "hashchange", move |_| {
        on_change(fragment())
    }))
}

/// The playgrounds saved in this browser.
pub fn library() -> Library<BrowserShelf> {
    Library {
        shelf: BrowserShelf,
    }
}

/// The browser's local storage, as a shelf for saved playgrounds. Reads
/// find nothing and writes fail with a reason when storage is turned off.
pub struct BrowserShelf;

impl BrowserShelf {
    /// True when this page may use local storage at all (a sandboxed frame
    /// or a browser with storage turned off may not).
    pub fn available() -> bool {
        window()
            .and_then(|w| w.local_storage().ok().flatten())
            .is_some()
    }
}

impl Shelf for BrowserShelf {
    fn get(&self, key: &str) -> Option<String> {
        if !Self::available() {
            return None;
        }
        LocalStorage::get::<String>(key).ok()
    }

    /// The raw value's presence: what the page opens on is decided by the
    /// first wasm module, which does not hold the JSON reader of a value
    /// (`crate::session::opens_with_the_rest`).
    fn has(&self, key: &str) -> bool {
        window()
            .and_then(|w| w.local_storage().ok().flatten())
            .and_then(|storage| storage.get_item(key).ok().flatten())
            .is_some()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Failure> {
        if !Self::available() {
            return Err(Failure::refused("storage is turned off for this page"));
        }
        LocalStorage::set(key, value).map_err(|e| {
            Failure::refused(match e {
                gloo::storage::errors::StorageError::JsError(js) => {
                    format!("{}: {}", js.name, js.message)
                }
                other => other.to_string(),
            })
        })
    }

    fn remove(&mut self, key: &str) {
        if Self::available() {
            LocalStorage::delete(key);
        }
    }

    fn keys(&self, prefix: &str) -> Vec<String> {
        let Some(storage) = window().and_then(|w| w.local_storage().ok().flatten()) else {
            return Vec::new();
        };
        let length = storage.length().unwrap_or(0);
        (0..length)
            .filter_map(|i| storage.key(i).ok().flatten())
            .filter(|key| key.starts_with(prefix))
            .collect()
    }
}

/// Calls `on_change` with the key whenever another tab of this site
/// changes local storage (the `storage` event, which the tab that wrote
/// does not get).
pub fn on_storage_change(on_change: impl Fn(String) + 'static) -> Option<EventListener> {
    let window = window()?;
    Some(EventListener::new(&window, "storage", move |event| {
        let key = event
            .dyn_ref::<web_sys::StorageEvent>()
            .and_then(web_sys::StorageEvent::key);
        if let Some(key) = key {
            on_change(key);
        }
    }))
}

/// Gives the thread back to the browser until its next task, for a long
/// job between two slices: the page draws and answers meanwhile. It is a
/// message to a channel of the page's own, not a zero timeout: a browser
/// holds back a zero timeout set from within another by 4 ms, which a fill
/// of twenty slices and a dozen measurements would spend idle.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        // A port with a handler and a message waiting is kept alive until
        // the message is delivered.
        let posted = web_sys::MessageChannel::new().ok().is_some_and(|channel| {
            channel.port1().set_onmessage(Some(&resolve));
            channel.port2().post_message(&JsValue::NULL).is_ok()
        });
        if !posted {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Drops `value` in a task of its own after the current one: freeing a
/// large table (a hundred thousand items) takes a while, which the task
/// that lands the next one should not spend too. (Natively, at once.)
pub fn drop_later<T: 'static>(value: T) {
    #[cfg(target_arch = "wasm32")]
    yew::platform::spawn_local(async move {
        next_task().await;
        drop(value);
    });
    #[cfg(not(target_arch = "wasm32"))]
    drop(value);
}

/// Milliseconds since 1970, from the browser's clock.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Today's date and time as the learner reads it ("1 Dec 2026, 14:03").
pub fn local_time_text() -> String {
    let options = js_sys::Object::new();
    for (key, value) in [
        ("day", "numeric"),
        ("month", "short"),
        ("year", "numeric"),
        ("hour", "2-digit"),
        ("minute", "2-digit"),
    ] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    js_sys::Date::new_0()
        .to_locale_string("en-GB", &options)
        .as_string()
        .unwrap_or_default()
}

/// Copies `text` to the clipboard; false when the browser refuses.
pub async fn copy_text(text: &str) -> bool {
    let Some(clipboard) = window().map(|w| w.navigator().clipboard()) else {
        return false;
    };
    wasm_bindgen_futures::JsFuture::from(clipboard.write_text(text))
        .await
        .is_ok()
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str) {
    download_as(name, text, "application/json");
}

/// Offers `text` as a file named `name` of the media type `media_type`.
pub fn download_as(name: &str, text: &str, media_type: &str) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let blob = gloo::file::Blob::new_with_options(text, Some(media_type));
    let url = gloo::file::ObjectUrl::from(blob);
    let Ok(anchor) = document
        .create_element("a")
        .map(|a| a.unchecked_into::<web_sys::HtmlAnchorElement>())
    else {
        return;
    };
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The address must outlive the click; the browser reads it at once.
    gloo::timers::callback::Timeout::new(10_000, move || drop(url)).forget();
}

/// Reads a file the learner chose or dropped, refusing one larger than
/// `limit` bytes before reading it.
pub async fn read_file(file: web_sys::File, limit: usize) -> Result<String, Failure> {
    let file = gloo::file::File::from(file);
    if file.size() > limit as u64 {
        return Err(Failure::refused(format!(
            "the file is {:.1} MB, and a playground file is at most {:.0} MB",
            file.size() as f64 / (1024.0 * 1024.0),
            limit as f64 / (1024.0 * 1024.0)
        )));
    }
    gloo::file::futures::read_as_text(&file)
        .await
        .map_err(|e| Failure::refused(format!("the file could not be read ({e})")))
}

/// Reads a file the learner gave the page (the console's, another tool's),
/// as bytes, refusing one larger than `limit` bytes before reading it.
pub async fn read_bytes(file: web_sys::File, limit: usize) -> Result<Vec<u8>, Failure> {
    let file = gloo::file::File::from(file);
    if file.size() > limit as u64 {
        return Err(Failure::refused(format!(
            "it is {} bytes, and a file of at most {limit} is read here",
            file.size()
        )));
    }
    gloo::file::futures::read_as_bytes(&file)
        .await
        .map_err(|e| Failure::refused(format!("it could not be read ({e})")))
}

/// The shape of the message an embedded page posts to its parent when its
/// height changes: `{"type": "ddbplay:height", "height": 812, "id": "…"}`.
#[derive(serde::Serialize)]
struct HeightMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    height: f64,
    /// The `id` the embedding page gave in the address, to tell frames apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
}

/// True on a window under 900 CSS px tall, a laptop's screen: the
/// header keeps its long texts folded, so the workbench below it shows.
pub fn is_short() -> bool {
    window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .is_some_and(|h| h < 900.0)
}

/// True on a phone-sized window (under 600 CSS px wide).
pub fn is_narrow() -> bool {
    window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w < 600.0)
}

/// True when the page runs inside another page's frame.
pub fn in_frame() -> bool {
    let Some(window) = window() else {
        return false;
    };
    match (window.parent(), window.self_()) {
        (Ok(Some(parent)), this) => !js_sys::Object::is(&parent, &this),
        _ => false,
    }
}

/// Tells the parent window the page's height whenever it changes.
/// Returns what keeps watching; dropping it stops.
pub fn post_height_to_parent(id: Option<String>) -> Option<HeightWatch> {
    let window = window()?;
    let parent = window.parent().ok().flatten()?;
    let body = window.document()?.body()?;
    let post = Closure::<dyn FnMut()>::new(move || {
        let Some(html) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        else {
            return;
        };
        let message = HeightMessage {
            kind: "ddbplay:height",
            height: f64::from(html.scroll_height()),
            id: id.as_deref(),
        };
        if let Ok(value) = serde_wasm_bindgen::to_value(&message) {
            let _ = parent.post_message(&value, "*");
        }
    });
    let observer = web_sys::ResizeObserver::new(post.as_ref().unchecked_ref()).ok()?;
    observer.observe(&body);
    Some(HeightWatch {
        observer,
        _post: post,
    })
}

/// Keeps a [`post_height_to_parent`] going.
pub struct HeightWatch {
    observer: web_sys::ResizeObserver,
    _post: Closure<dyn FnMut()>,
}

impl Drop for HeightWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Takes the reader to the element with this id, as a click that answers
/// somewhere else must: scrolls it into view if it is not (smoothly unless
/// the reader asked for reduced motion — the stylesheet decides), moves
/// keyboard focus to it, and marks it `arrived`, which the stylesheet
/// flashes once. An element that is not on the page is left alone; a
/// panel not yet drawn is arrived at again once it is.
pub fn arrive_at(id: &str) {
    let Some(element) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    else {
        return;
    };
    if element
        .class_list()
        .contains(crate::rest_of_page::PENDING_CLASS)
    {
        crate::rest_of_page::arrive_when_drawn(id);
    }
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    element.scroll_into_view_with_scroll_into_view_options(&options);
    if let Some(html) = element.dyn_ref::<web_sys::HtmlElement>() {
        if !html.has_attribute("tabindex") {
            let _ = html.set_attribute("tabindex", "-1");
        }
        let focus = web_sys::FocusOptions::new();
        focus.set_prevent_scroll(true);
        let _ = html.focus_with_options(&focus);
        // The flash starts again each time: the class comes off, the
        // layout is read (which ends the old animation), and it goes back.
        let classes = html.class_list();
        let _ = classes.remove_1("arrived");
        let _ = html.offset_width();
        let _ = classes.add_1("arrived");
    }
    if in_frame() {
        ask_host_to_show(id);
    }
}

/// The message a framed page posts to its host to have the host scroll
/// a place of it into view (a framed page is as tall as its content, so
/// only the host can scroll): `{"type": "ddbplay:show", "top": 1180,
/// "height": 420}`, in CSS pixels from the top of the framed page.
#[derive(serde::Serialize)]
struct ShowMessage {
    #[serde(rename = "type")]
    kind: &'static str,
    top: f64,
    height: f64,
}

/// Asks the host page to bring the element with this id into view.
fn ask_host_to_show(id: &str) {
    let Some(window) = window() else {
        return;
    };
    let (Some(parent), Some(element)) = (
        window.parent().ok().flatten(),
        window.document().and_then(|d| d.get_element_by_id(id)),
    ) else {
        return;
    };
    let rect = element.get_bounding_client_rect();
    let message = ShowMessage {
        kind: "ddbplay:show",
        top: rect.top() + window.scroll_y().unwrap_or(0.0),
        height: rect.height(),
    };
    if let Ok(value) = serde_wasm_bindgen::to_value(&message) {
        let _ = parent.post_message(&value, "*");
    }
}

/// True when the top of the element with this id is on the screen, with
/// room under it to read a line or two (in a frame: the frame's own
/// viewport, which the host sizes to the page).
pub fn top_in_view(id: &str) -> bool {
    let Some(window) = window() else {
        return true;
    };
    let Some(element) = window.document().and_then(|d| d.get_element_by_id(id)) else {
        return true;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let top = element.get_bounding_client_rect().top();
    (0.0..=height - 80.0).contains(&top)
}

/// Brings the element with this id into view.
pub fn scroll_into_view(id: &str) {
    if let Some(element) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        element.scroll_into_view();
    }
}

/// Calls `then` once the browser has painted what is on the screen now: at
/// the next animation frame, in a task of its own after that frame's paint.
pub fn after_next_paint(then: impl FnOnce() + 'static) {
    let Some(window) = window() else {
        return then();
    };
    let painted = Closure::once_into_js(move || {
        gloo::timers::callback::Timeout::new(0, then).forget();
    });
    if window
        .request_animation_frame(painted.unchecked_ref())
        .is_err()
    {
        web_sys::console::warn_1(&"no animation frame: the rest of the page waits".into());
    }
}
