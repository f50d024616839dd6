//! The hostile corpus: one file per way a stranger's link could try to
//! kill or freeze the page, in `testdata/hostile/`, each with the notice
//! the page must show and what must still work after it.
//!
//! A case is the example's readable playground file with changes made at
//! JSON pointers into it:
//!
//! ```json
//! {
//!   "what": "why the case is here",
//!   "changes": [{"at": "/entities/1/attributes", "set": "x: number 0.0..922337203685477581.0"}],
//!   "message": "This link could not be opened: … The example is shown instead.",
//!   "runs": [{"pattern": 1, "error": "…"}]
//! }
//! ```
//!
//! A value to set may be made rather than written: `{"repeat": "ab",
//! "times": 1000, "before": "", "after": ""}` is a text, `{"list": v,
//! "times": 100000}` a list of copies of `v`, `{"numbered": "m{n}",
//! "times": 40000}` the list `m0` … `m39999` (or, with `"join": "\n"`,
//! one text of them, between `before` and `after`), `{"each": v,
//! "times": n}` `n` copies of `v` with `{n}` in its texts numbered, `{"keys": "f{n}", "value": v, "times": n}` an
//! object of `n` fields, `{"nested": v, "times": n, "inner": w}` `v`
//! wrapped around itself `n` times with `w` at the deepest point (each
//! copy's text `"@"` marks where the next goes), `{"json": v}` any JSON as
//! it is; the fields of
//! any other object are made in turn. The changed file is packed into a link exactly as the page
//! packs one (without the encoder's own size check, so that a link too
//! large to make can still be tried), opened as the page opens it, and —
//! when its table is too large to build at once — filled as the page
//! fills it (and the same file, opened, must give the same reason, or
//! `file_message` when its reader stops sooner). Each case must give its message exactly, within
//! [`BUDGET`], and leave a page whose every pattern was measured: the
//! example when the link is refused, the link's playground when it opens
//! (with the errors its patterns' runs are expected to give).
//!
//! The corpus runs in the test profile, which checks every arithmetic
//! operation for overflow (`overflow-checks`, set in `Cargo.toml`), so an
//! overflow is a failing case here as it would be a trap in the page.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use super::hostile::Empty;
use super::open::capture;
use super::{LINK_PARAMETER, VERSION, encode_file};
use crate::embed::Options;
use crate::model::gallery::commerce;
use crate::saved::Library;
use crate::session::{self, LINK_FAILED};
use crate::store::{State, sentence};

/// The most one case may take, opening and filling included, in a debug
/// build: a link that asks for more work than this is a finding.
const BUDGET: Duration = Duration::from_secs(10);

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/share/testdata/hostile")
}

/// The cases, by file name.
pub fn cases() -> Vec<(String, Json)> {
    let mut cases: Vec<(String, Json)> = std::fs::read_dir(folder())
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let case = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, case)
        })
        .collect();
    cases.sort_by(|a, b| a.0.cmp(&b.0));
    cases
}

/// A value as a case writes it, made.
fn made(value: &Json) -> Json {
    if let Json::Array(items) = value {
        return Json::Array(items.iter().map(made).collect());
    }
    let Some(fields) = value.as_object() else {
        return value.clone();
    };
    if let Some(unit) = fields.get("repeat").and_then(Json::as_str) {
        let times = fields["times"].as_u64().unwrap() as usize;
        let part = |name: &str| fields.get(name).and_then(Json::as_str).unwrap_or("");
        return Json::String(format!(
            "{}{}{}",
            part("before"),
            unit.repeat(times),
            part("after")
        ));
    }
    if let Some(item) = fields.get("list") {
        let times = fields["times"].as_u64().unwrap() as usize;
        return Json::Array(vec![made(item); times]);
    }
    if let Some(pattern) = fields.get("numbered").and_then(Json::as_str) {
        let times = fields["times"].as_u64().unwrap() as usize;
        let each = (0..times).map(|n| pattern.replace("{n}", &n.to_string()));
        let part = |name: &str| fields.get(name).and_then(Json::as_str).unwrap_or("");
        return match fields.get("join").and_then(Json::as_str) {
            Some(join) => Json::String(format!(
                "{}{}{}",
                part("before"),
                each.collect::<Vec<_>>().join(join),
                part("after")
            )),
            None => Json::Array(each.map(Json::String).collect()),
        };
    }
    if let Some(item) = fields.get("each") {
        let times = fields["times"].as_u64().unwrap() as usize;
        let item = made(item);
        return Json::Array((0..times).map(|n| numbered(&item, n)).collect());
    }
    if let Some(pattern) = fields.get("keys").and_then(Json::as_str) {
        let times = fields["times"].as_u64().unwrap() as usize;
        let value = made(&fields["value"]);
        return Json::Object(
            (0..times)
                .map(|n| (pattern.replace("{n}", &n.to_string()), value.clone()))
                .collect(),
        );
    }
    if let Some(wrapper) = fields.get("nested") {
        let times = fields["times"].as_u64().unwrap() as usize;
        return (0..times).fold(made(&fields["inner"]), |inside, _| {
            let mut outer = wrapper.clone();
            *hole(&mut outer).expect("a nested maker marks its hole with \"@\"") = inside;
            outer
        });
    }
    if let Some(json) = fields.get("json") {
        return json.clone();
    }
    // Any other object: its fields made.
    Json::Object(fields.iter().map(|(k, v)| (k.clone(), made(v))).collect())
}

/// The text `"@"` in `value`: where a nested maker puts the next level.
fn hole(value: &mut Json) -> Option<&mut Json> {
    match value {
        Json::String(text) if text == "@" => Some(value),
        Json::Array(items) => items.iter_mut().find_map(hole),
        Json::Object(fields) => fields.values_mut().find_map(hole),
        _ => None,
    }
}

/// `value` with `{n}` in every text replaced by `n`.
fn numbered(value: &Json, n: usize) -> Json {
    match value {
        Json::String(text) => Json::String(text.replace("{n}", &n.to_string())),
        Json::Array(items) => Json::Array(items.iter().map(|v| numbered(v, n)).collect()),
        Json::Object(fields) => Json::Object(
            fields
                .iter()
                .map(|(k, v)| (k.clone(), numbered(v, n)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The example's readable file, with the case's changes made.
pub fn file_of(case: &Json) -> String {
    with_room(case, file_of_here)
}

fn file_of_here(case: &Json) -> String {
    let mut file: Json =
        serde_json::from_str(&encode_file(&capture(&commerce::playground()))).unwrap();
    for change in case["changes"].as_array().into_iter().flatten() {
        let at = change["at"].as_str().unwrap();
        let target = file
            .pointer_mut(&format!("/playground{at}"))
            .unwrap_or_else(|| panic!("no {at} in the example's file"));
        *target = made(&change["set"]);
    }
    file.to_string()
}

/// The link the page would make of the case's file, its size unchecked.
pub fn link_of(case: &Json) -> String {
    with_room(case, link_of_here)
}

/// `make(case)` on a thread of a large stack: a case nested 10,000 levels
/// deep is built, written and dropped by recursion here (the page reads it
/// only to the depth its JSON reader follows).
fn with_room<T: Send + 'static>(case: &Json, make: fn(&Json) -> T) -> T {
    let case = case.clone();
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || make(&case))
        .unwrap()
        .join()
        .unwrap()
}

fn link_of_here(case: &Json) -> String {
    let compressed = super::deflate::deflate(&packed_of_here(case));
    format!(
        "{LINK_PARAMETER}={VERSION}.{}",
        URL_SAFE_NO_PAD.encode(compressed)
    )
}

/// The case's document in the link's compact bytes, before compression.
fn packed_of_here(case: &Json) -> Vec<u8> {
    // Read as the file's reader reads it, but past its size check and its
    // nesting limit, so that a link too deep to read can still be made.
    let text = file_of_here(case);
    let mut reader = serde_json::Deserializer::from_str(&text);
    reader.disable_recursion_limit();
    let mut file = Json::deserialize(&mut reader).unwrap();
    let document: super::Document = serde_json::from_value(file["playground"].take()).unwrap();
    postcard::to_allocvec(&document).unwrap()
}

/// What the page shows on opening `fragment`: its notice (empty when it
/// opened) and the state it is left with once filled.
pub fn opened(fragment: &str) -> (String, State) {
    let started = session::start(
        fragment,
        &Options::default(),
        &mut Library { shelf: Empty },
        0.0,
    );
    let mut notice = started.notice.map(|n| n.text).unwrap_or_default();
    let state = match started.pending {
        None => started.state,
        // Filled as the page fills it; a fill that fails leaves the
        // design on its empty table, with the reason.
        Some(playground) => match State::open(playground) {
            Ok(state) => state,
            Err(why) => {
                notice = sentence(LINK_FAILED, &why);
                started.state
            }
        },
    };
    (notice, state)
}

/// The pattern runs a case expects to fail: the pattern, and its error
/// (`error`) or how a long error starts (`error_starts`).
fn expected_errors(case: &Json) -> Vec<(usize, String, bool)> {
    case["runs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|run| {
            let (error, whole) = match run.get("error") {
                Some(error) => (error, true),
                None => (&run["error_starts"], false),
            };
            (
                run["pattern"].as_u64().unwrap() as usize - 1,
                error.as_str().unwrap().to_string(),
                whole,
            )
        })
        .collect()
}

#[test]
fn every_hostile_case_gives_its_message_in_time_and_leaves_a_working_page() {
    let cases = cases();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let example = capture(&commerce::playground());
    for (name, case) in &cases {
        let link = link_of(case);
        let started = Instant::now();
        let (notice, state) = opened(&link);
        let took = started.elapsed();
        assert_eq!(notice, case["message"].as_str().unwrap(), "{name}");
        assert!(took < BUDGET, "{name} took {took:?}");
        let expected = expected_errors(case);
        if !notice.is_empty() && state.item_count > 0 {
            // Refused: the example, whole and measured.
            assert_eq!(capture(&state.playground()), example, "{name}");
        }
        assert_eq!(state.runs.len(), state.patterns.len(), "{name}");
        for (n, run) in state.runs.iter().enumerate() {
            match expected.iter().find(|(at, _, _)| *at == n) {
                Some((_, error, true)) => {
                    assert_eq!(
                        run.as_ref().err().map(|e| e.to_string()).as_ref(),
                        Some(error),
                        "{name}: pattern {}",
                        n + 1
                    )
                }
                Some((_, start, false)) => assert!(
                    run.as_ref()
                        .err()
                        .is_some_and(|e| e.to_string().starts_with(start.as_str())),
                    "{name}: pattern {}: {:?}",
                    n + 1,
                    run.as_ref().err()
                ),
                None if notice.is_empty() || state.item_count > 0 => {
                    assert!(
                        run.is_ok(),
                        "{name}: pattern {}: {:?}",
                        n + 1,
                        run.as_ref().err()
                    )
                }
                None => {}
            }
        }
    }
}

#[test]
fn a_refused_file_gives_the_reason_its_link_gives() {
    for (name, case) in cases() {
        let message = case["message"].as_str().unwrap();
        let Some(why) = message
            .strip_prefix(LINK_FAILED)
            .and_then(|m| m.strip_suffix(" The example is shown instead."))
        else {
            continue;
        };
        let file = file_of(&case);
        if file.len() > crate::limits::MAX_DOCUMENT_BYTES {
            continue;
        }
        // A file read as one JSON tree may stop sooner, with its reason.
        let why = case["file_message"].as_str().unwrap_or(why);
        match session::open_file(&file) {
            Err(file_why) => assert_eq!(sentence("", &file_why), why, "{name}"),
            // The link was refused while its table was filled.
            Ok(playground) => assert!(State::open(playground).is_err(), "{name}"),
        }
    }
}

/// Writes the browser tests' fixture from the cases marked `"browser":
/// true`: how `tests/e2e/fixtures/hostile-corpus.json` was made.
#[test]
#[ignore = "run by hand to write the browser tests' fixture"]
fn write_the_browser_fixture() {
    let chosen: Vec<Json> = cases()
        .into_iter()
        .filter(|(_, case)| case["browser"] == json!(true))
        .map(|(name, case)| {
            json!({"name": name, "fragment": link_of(&case), "message": case["message"]})
        })
        .collect();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/e2e/fixtures/hostile-corpus.json"
    );
    std::fs::write(path, serde_json::to_string_pretty(&chosen).unwrap() + "\n").unwrap();
}

#[test]
fn the_browser_fixture_is_the_corpus_as_it_is() {
    let fixture: Vec<Json> = serde_json::from_str(include_str!(
        "../../../tests/e2e/fixtures/hostile-corpus.json"
    ))
    .unwrap();
    let chosen: Vec<(String, Json)> = cases()
        .into_iter()
        .filter(|(_, case)| case["browser"] == json!(true))
        .collect();
    assert_eq!(fixture.len(), chosen.len());
    for (entry, (name, case)) in fixture.iter().zip(chosen) {
        assert_eq!(entry["name"], json!(name));
        assert_eq!(
            entry["fragment"],
            json!(link_of(&case)),
            "{name}: out of date"
        );
        assert_eq!(entry["message"], case["message"], "{name}");
    }
}

/// The fuzz targets' seeds: for `documents`, the compact bytes of every
/// committed link (after its format's byte) and of every hostile case
/// small enough to mutate (64 KB); for `chart_language`, every gallery
/// entity's attribute lines and key templates as text. File name → bytes.
fn fuzz_seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/share/testdata");
    for version in 1..=VERSION {
        let text = std::fs::read_to_string(testdata.join(format!("link-v{version}.txt"))).unwrap();
        let value = super::link_parameter(text.trim()).unwrap_or(text.trim());
        let (_, payload) = value.split_once('.').unwrap();
        let compressed = URL_SAFE_NO_PAD.decode(payload).unwrap();
        let packed = match version {
            1 => miniz_oxide::inflate::decompress_to_vec(&compressed).unwrap(),
            _ => super::deflate::inflate(&compressed, crate::limits::MAX_DOCUMENT_BYTES).unwrap(),
        };
        // The target's first byte: 0 for the current format, then 1 to 6.
        let mode = (version % VERSION) as u8;
        seeds.push((
            format!("documents/link-v{version}"),
            [vec![mode], packed].concat(),
        ));
    }
    for (name, case) in cases() {
        let packed = with_room(&case, packed_of_here);
        if packed.len() < 64 * 1024 {
            seeds.push((format!("documents/{name}"), [vec![0], packed].concat()));
        }
    }
    for example in crate::model::gallery::EXAMPLES {
        let chart = (example.playground)().chart;
        for entity in &chart.entities {
            let mut text =
                crate::model::design::attribute_text::print_attributes(&entity.attributes);
            for template in entity.keys.values() {
                text.push('\u{1}');
                text.push_str(template);
            }
            let name = format!("chart_language/{}-{}", example.name, entity.name);
            seeds.push((name, [vec![0], text.into_bytes()].concat()));
        }
    }
    seeds
}

fn seeds_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds")
}

/// Writes the fuzz targets' seeds: how `fuzz/seeds/documents` and
/// `fuzz/seeds/chart_language` were made.
#[test]
#[ignore = "run by hand to write the fuzz targets' seeds"]
fn write_the_fuzz_seeds() {
    for target in ["documents", "chart_language"] {
        let folder = seeds_folder().join(target);
        std::fs::create_dir_all(&folder).unwrap();
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            if !entry.file_name().to_string_lossy().starts_with("found-") {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
    for (name, bytes) in fuzz_seeds() {
        std::fs::write(seeds_folder().join(name), bytes).unwrap();
    }
}

#[test]
fn the_fuzz_seeds_are_every_link_and_hostile_case_as_they_are() {
    let seeds = fuzz_seeds();
    assert!(seeds.len() > 60, "{} seeds", seeds.len());
    for (name, bytes) in &seeds {
        let committed = std::fs::read(seeds_folder().join(name))
            .unwrap_or_else(|_| panic!("no seed {name}: run write_the_fuzz_seeds"));
        assert!(committed == *bytes, "{name}: out of date");
    }
    for target in ["documents", "chart_language"] {
        // Inputs a fuzz target once failed on are kept beside the seeds,
        // named found-…, as regressions.
        let committed = std::fs::read_dir(seeds_folder().join(target))
            .unwrap()
            .flatten()
            .filter(|e| !e.file_name().to_string_lossy().starts_with("found-"))
            .count();
        let made = seeds.iter().filter(|(n, _)| n.starts_with(target)).count();
        assert_eq!(committed, made, "{target}: seeds no case makes");
    }
}
