//! The page's wasm in two modules: what a learner's visit runs, and the
//! rest, fetched only when first called.
//!
//! `cargo xtask dist` builds the page with Trunk, then replaces its wasm
//! and glue with a split pair made from the same crate:
//!
//! 1. The page crate is built again without the reference-types and
//!    multivalue features, and its `target_features` section is dropped,
//!    so that wasm-bindgen writes glue without an externref table
//!    (binaryen's `wasm-split` from Debian cannot read one).
//! 2. `wasm-split --instrument` makes a copy that records which functions
//!    run; `tests/e2e/build/split_profile.mjs` opens it in headless
//!    Chromium the ways a learner meets the page (the example drawn whole,
//!    a course page's embed, the JavaScript API) and writes a profile of
//!    each; the profiles are merged.
//! 3. `wasm-split --split` keeps the profiled functions in the primary
//!    module and moves the others to a secondary one; every call into the
//!    secondary goes through a table slot holding a placeholder until the
//!    secondary is instantiated. Both go through `wasm-opt -Oz`.
//! 4. The glue gets the placeholders (see [`LOADER`]): the first call to one
//!    fetches the secondary synchronously and instantiates it against the
//!    primary's memory, table and functions, which fills the slots; the
//!    page asks for it in the background first, when the learner reaches
//!    for the panels below the first screen (`web/src/rest_of_page.rs`).
//! 5. The files get names from their own content hashes, and the page's
//!    references and `integrity` attributes are rewritten to match.
//!
//! `cargo xtask serve` serves Trunk's own, unsplit build: the page behaves
//! the same, only its first load is larger.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::{root, run};
use crate::steps::WASM_TARGET;
use crate::tools::Tools;

/// The features the split page is built with and binaryen is told of.
const WASM_FEATURES: [&str; 4] = [
    "--enable-bulk-memory",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
];

/// Replaces `dist/`'s page wasm and glue with the split pair.
pub fn split_page(tools: &Tools) -> Result<(), String> {
    let dist = root().join("dist");
    let work = root().join("target").join("page-split");
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    eprintln!("xtask: splitting the page's wasm (built again without reference types)");
    let built = build_without_reference_types(tools)?;
    let stripped = work.join("page.wasm");
    write(&stripped, &without_target_features(&read(&built)?)?)?;
    let bound = work.join("bound");
    run(Command::new(tools.wasm_bindgen())
        .args(["--target", "web", "--out-name", "ddbplay-page", "--out-dir"])
        .arg(&bound)
        .arg(&stripped))?;
    let bound_wasm = bound.join("ddbplay-page_bg.wasm");
    let glue = fs::read_to_string(bound.join("ddbplay-page.js")).map_err(|e| e.to_string())?;

    // The profile: the instrumented module run as learners meet the page.
    let instrumented = work.join("instrumented.wasm");
    run(Command::new(tools.wasm_split())
        .arg("--instrument")
        .args(WASM_FEATURES)
        .arg(&bound_wasm)
        .arg("-o")
        .arg(&instrumented))?;
    let trial = work.join("trial");
    copy_dir(&dist, &trial)?;
    let page = PageFiles::find(&trial)?;
    write(&trial.join(&page.glue), glue.as_bytes())?;
    fs::copy(&instrumented, trial.join(&page.wasm)).map_err(|e| e.to_string())?;
    replace_snippets(&bound, &trial)?;
    drop_integrity(&trial)?;
    let profiles = work.join("profiles");
    fs::create_dir_all(&profiles).map_err(|e| e.to_string())?;
    run(Command::new("node")
        .arg(root().join("tests/e2e/build/split_profile.mjs"))
        .arg(&trial)
        .arg(&profiles))?;
    let mut listed: Vec<PathBuf> = fs::read_dir(&profiles)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    listed.sort();
    let merged = work.join("merged.profile");
    run(Command::new(tools.wasm_split())
        .arg("--merge-profiles")
        .args(&listed)
        .arg("-o")
        .arg(&merged))?;

    // The split, each half optimised.
    let (primary, secondary) = (work.join("primary.wasm"), work.join("secondary.wasm"));
    run(Command::new(tools.wasm_split())
        .arg("--split")
        .args(WASM_FEATURES)
        .arg(format!("--profile={}", merged.display()))
        .arg(&bound_wasm)
        .arg("-o1")
        .arg(&primary)
        .arg("-o2")
        .arg(&secondary))?;
    for module in [&primary, &secondary] {
        run(tools
            .wasm_env("wasm-opt")
            .arg("-Oz")
            .args(WASM_FEATURES)
            .arg(module)
            .arg("-o")
            .arg(module))?;
    }

    // Into dist/, under names of their own content.
    let secondary_bytes = read(&secondary)?;
    let secondary_name = format!("ddbplay-page-{}_rest.wasm", content_hash(&secondary_bytes));
    let primary_bytes = read(&primary)?;
    let primary_name = format!("ddbplay-page-{}_bg.wasm", content_hash(&primary_bytes));
    let glue = with_loader(&glue, &secondary_name)?;
    let glue_name = format!("ddbplay-page-{}.js", content_hash(glue.as_bytes()));
    let old = PageFiles::find(&dist)?;
    for stale in [&old.glue, &old.wasm] {
        fs::remove_file(dist.join(stale)).map_err(|e| e.to_string())?;
    }
    write(&dist.join(&primary_name), &primary_bytes)?;
    write(&dist.join(&secondary_name), &secondary_bytes)?;
    write(&dist.join(&glue_name), glue.as_bytes())?;
    replace_snippets(&bound, &dist)?;
    for text in ["index.html", "ddbplay.js"] {
        let path = dist.join(text);
        let content = fs::read_to_string(&path).map_err(|e| e.to_string())?;
        let renamed = content
            .replace(&old.glue, &glue_name)
            .replace(&old.wasm, &primary_name);
        write(&path, renamed.as_bytes())?;
    }
    refresh_integrity(&dist)?;
    eprintln!(
        "xtask: page split: {} KB primary, {} KB fetched when first called (before gzip)",
        primary_bytes.len() / 1024,
        secondary_bytes.len() / 1024
    );
    Ok(())
}

/// The page crate built for release without reference types and
/// multivalue, in a target folder of its own (other flags, other cache).
fn build_without_reference_types(tools: &Tools) -> Result<PathBuf, String> {
    let target = root().join("target").join("wasm-split-build");
    run(tools
        .wasm_cargo()
        .args(["build", "--quiet", "--profile", "wasm-release", "--target"])
        .arg(WASM_TARGET)
        .args(["-p", "ddbplay-page"])
        .env("CARGO_TARGET_DIR", &target)
        .env(
            "CARGO_ENCODED_RUSTFLAGS",
            "-Ctarget-feature=-reference-types,-multivalue",
        ))?;
    Ok(target
        .join(WASM_TARGET)
        .join("wasm-release")
        .join("ddbplay_page.wasm"))
}

/// The page's glue and wasm as Trunk named them in a dist folder.
struct PageFiles {
    glue: String,
    wasm: String,
}

impl PageFiles {
    fn find(dist: &Path) -> Result<PageFiles, String> {
        let mut glue = None;
        let mut wasm = None;
        for entry in fs::read_dir(dist).map_err(|e| e.to_string())? {
            let name = entry.map_err(|e| e.to_string())?.file_name();
            let name = name.to_string_lossy().to_string();
            if !name.starts_with("ddbplay-page-") {
                continue;
            }
            if name.ends_with("_bg.wasm") {
                wasm = Some(name);
            } else if name.ends_with(".js") {
                glue = Some(name);
            }
        }
        match (glue, wasm) {
            (Some(glue), Some(wasm)) => Ok(PageFiles { glue, wasm }),
            _ => Err(format!(
                "{}: no ddbplay-page module and wasm to split",
                dist.display()
            )),
        }
    }
}

/// The glue's additions: the placeholders the primary module imports, and
/// the loading of the secondary.
const LOADER: &str = r#"
// The rest of the page's code is a second wasm module, `SECONDARY`: what
// drawing the first screen does not run. Until it is instantiated, each
// table slot it fills holds a placeholder (imported from "placeholder"
// under the slot's number). The page asks for it in the background
// before it draws what needs it (web/src/rest_of_page.rs): fetched,
// compiled, instantiated against this instance's memory, table and
// functions — which fills the slots. A placeholder called before that
// fetches it at once, synchronously, and calls on.
const SECONDARY = new URL('SECONDARY_NAME', import.meta.url);
// Compiled once for every instance of the page in this window (the
// JavaScript API makes several, each with its own copy of this glue).
const compiledRest = (globalThis[Symbol.for('ddbplay.compiledRest')] ??= new Map());
let secondaryReady = false;
function instantiateSecondary(module) {
    if (secondaryReady) return;
    new WebAssembly.Instance(module, { primary: wasm });
    secondaryReady = true;
}
function loadSecondaryNow() {
    let module = compiledRest.get(SECONDARY.href)?.module;
    if (!module) {
        const request = new XMLHttpRequest();
        request.open('GET', SECONDARY, false);
        request.overrideMimeType('text/plain; charset=x-user-defined');
        request.send();
        if (request.status !== 200) throw new Error(`the page's second module could not be fetched (${request.status})`);
        const text = request.responseText;
        const bytes = new Uint8Array(text.length);
        for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
        module = new WebAssembly.Module(bytes);
        compiledRest.set(SECONDARY.href, { module, compiling: Promise.resolve(module) });
    }
    instantiateSecondary(module);
}
const splitPlaceholders = new Proxy({}, {
    get(_, name) {
        const slot = Number(name);
        return (...args) => {
            if (!secondaryReady) loadSecondaryNow();
            return wasm.table.get(slot)(...args);
        };
    },
});
// A server that does not send wasm as `application/wasm` gets a second,
// plain fetch; a failed one is tried again on the next call.
function compileSecondary() {
    let shared = compiledRest.get(SECONDARY.href);
    if (!shared) {
        shared = {};
        shared.compiling = WebAssembly.compileStreaming(fetch(SECONDARY))
            .catch(() => fetch(SECONDARY).then((response) => {
                if (!response.ok) throw new Error(`the page's second module could not be fetched (${response.status})`);
                return response.arrayBuffer();
            }).then((bytes) => WebAssembly.compile(bytes)))
            .then((module) => (shared.module = module));
        shared.compiling.catch(() => compiledRest.delete(SECONDARY.href));
        compiledRest.set(SECONDARY.href, shared);
    }
    return shared.compiling;
}
let secondaryLoading;
function loadSecondary() {
    secondaryLoading ??= compileSecondary()
        .then((module) => instantiateSecondary(module))
        .catch((error) => { secondaryLoading = undefined; throw error; });
    return secondaryLoading;
}
// Each instance offers its loader under its own memory.
function offerSecondary() {
    (globalThis[Symbol.for('ddbplay.restOfPage')] ??= new WeakMap()).set(wasm.memory, loadSecondary);
}
"#;

/// The glue with the placeholders and the loader, or what it no longer
/// looks like.
fn with_loader(glue: &str, secondary: &str) -> Result<String, String> {
    let imports = "    return {\n        __proto__: null,\n";
    let instance = "let wasmModule, wasmInstance, wasm;";
    let finalized = "    wasm = instance.exports;\n";
    if [imports, instance, finalized]
        .iter()
        .any(|shape| glue.matches(shape).count() != 1)
    {
        return Err("wasm-bindgen's glue no longer has the shape the split loader expects: see xtask/src/split.rs".into());
    }
    let loader = LOADER.replace("SECONDARY_NAME", secondary);
    Ok(glue
        .replace(
            imports,
            &format!("{imports}        placeholder: splitPlaceholders,\n"),
        )
        .replace(instance, &format!("{loader}\n{instance}"))
        .replace(finalized, &format!("{finalized}    offerSecondary();\n")))
}

/// The module without its `target_features` custom section.
fn without_target_features(wasm: &[u8]) -> Result<Vec<u8>, String> {
    fn leb(bytes: &[u8], mut at: usize) -> Result<(usize, usize), String> {
        let (mut value, mut shift) = (0usize, 0);
        loop {
            let byte = *bytes.get(at).ok_or("a wasm section runs past the end")?;
            at += 1;
            value |= usize::from(byte & 0x7f) << shift;
            shift += 7;
            if byte < 0x80 {
                return Ok((value, at));
            }
            if shift > 35 {
                return Err("a wasm section size is too long".into());
            }
        }
    }
    if wasm.get(..4) != Some(b"\0asm") {
        return Err("not a wasm module".into());
    }
    let mut out = wasm[..8].to_vec();
    let mut at = 8;
    while at < wasm.len() {
        let (size, body) = leb(wasm, at + 1)?;
        let end = body + size;
        let section = wasm
            .get(at..end)
            .ok_or("a wasm section runs past the end")?;
        let dropped = wasm[at] == 0 && {
            let (length, name) = leb(wasm, body)?;
            wasm.get(name..name + length) == Some(b"target_features")
        };
        if !dropped {
            out.extend_from_slice(section);
        }
        at = end;
    }
    Ok(out)
}

/// The first 16 hex digits of the SHA-256 of `bytes`, as Trunk names files.
fn content_hash(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Every `integrity` attribute in `dist/index.html` recomputed from the
/// file its tag names (Trunk's are SHA-384).
fn refresh_integrity(dist: &Path) -> Result<(), String> {
    use base64::Engine as _;
    use sha2::{Digest, Sha384};
    let path = dist.join("index.html");
    let html = fs::read_to_string(&path).map_err(|e| e.to_string())?;
    let mut out = String::with_capacity(html.len());
    let mut rest = html.as_str();
    while let Some(start) = rest.find('<') {
        let end = rest[start..]
            .find('>')
            .map_or(rest.len(), |e| start + e + 1);
        let tag = &rest[start..end];
        out.push_str(&rest[..start]);
        let file = tag
            .split("href=\"./")
            .nth(1)
            .and_then(|t| t.split('"').next());
        match (file, tag.find("integrity=\"sha384-")) {
            (Some(file), Some(at)) => {
                let digest = Sha384::digest(read(&dist.join(file))?);
                let value = base64::engine::general_purpose::STANDARD.encode(digest);
                let old_end = tag[at + 18..].find('"').map_or(tag.len(), |e| at + 18 + e);
                out.push_str(&tag[..at + 18]);
                out.push_str(&value);
                out.push_str(&tag[old_end..]);
            }
            _ => out.push_str(tag),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    write(&path, out.as_bytes())
}

/// Removes the `integrity` attributes of a folder's pages: the profile
/// run serves modules the attributes do not describe.
fn drop_integrity(folder: &Path) -> Result<(), String> {
    for entry in fs::read_dir(folder).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let html = fs::read_to_string(&path).map_err(|e| e.to_string())?;
            let mut out = String::with_capacity(html.len());
            let mut rest = html.as_str();
            while let Some(at) = rest.find(" integrity=\"") {
                out.push_str(&rest[..at]);
                let value = &rest[at + 12..];
                rest = value.find('"').map_or("", |e| &value[e + 1..]);
            }
            out.push_str(rest);
            write(&path, out.as_bytes())?;
        }
    }
    Ok(())
}

/// wasm-bindgen's snippets of this build in place of a folder's.
fn replace_snippets(bound: &Path, folder: &Path) -> Result<(), String> {
    let target = folder.join("snippets");
    let _ = fs::remove_dir_all(&target);
    copy_dir(&bound.join("snippets"), &target)
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(entry.file_name()))?;
        } else {
            fs::copy(&path, to.join(entry.file_name())).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_features_section_is_dropped_and_the_rest_kept() {
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        // A custom section "target_features" and one named "other".
        wasm.extend_from_slice(b"\0\x11\x0ftarget_features\x00");
        wasm.extend_from_slice(b"\0\x07\x05other\x2a");
        let out = without_target_features(&wasm).unwrap();
        assert_eq!(out, b"\0asm\x01\0\0\0\0\x07\x05other\x2a".to_vec());
    }

    #[test]
    fn a_glue_of_another_shape_is_refused() {
        assert!(with_loader("export function x() {}", "rest.wasm").is_err());
    }

    #[test]
    fn the_loader_names_the_secondary_and_the_imports_the_placeholders() {
        let glue = "function __wbg_get_imports() {\n    return {\n        __proto__: null,\n        \"./x_bg.js\": import0,\n    };\n}\nlet wasmModule, wasmInstance, wasm;\nfunction __wbg_finalize_init(instance, module) {\n    wasm = instance.exports;\n    return wasm;\n}\n";
        let out = with_loader(glue, "ddbplay-page-0123_rest.wasm").unwrap();
        assert!(out.contains("        placeholder: splitPlaceholders,\n        \"./x_bg.js\""));
        assert!(out.contains("new URL('ddbplay-page-0123_rest.wasm', import.meta.url)"));
        assert!(out.find("const splitPlaceholders") < out.find("let wasmModule"));
        // Each instance offers its loader once it has its memory.
        assert!(out.contains("    wasm = instance.exports;\n    offerSecondary();\n"));
    }

    #[test]
    fn content_hashes_are_sixteen_hex_digits_of_sha256() {
        // SHA-256("abc") = ba7816bf8f01cfea…
        assert_eq!(content_hash(b"abc"), "ba7816bf8f01cfea");
    }
}
