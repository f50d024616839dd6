//! What holds across the page's folders: the model, the links and the
//! conversions to other tools' formats know nothing of the browser or the
//! page drawn from them (so they could be a
//! crate of their own, for the command line to share); the page names
//! operations by the engine's type, never by a string of its own; it fails
//! with one type, `model::failure::Failure`, never a bare string; and only
//! the store changes the engine: a component sends an action. Components
//! reach the store through its context, not through props.

use std::path::{Path, PathBuf};

use engine::api::Operation;

fn sources(folder: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !path.ends_with("testdata") {
                sources(&path, into);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// Each source file of the page but the tests, by its path under `src`,
/// with its code outside tests and comments.
fn page_code() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut code = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).unwrap().display().to_string();
        let stem = file.file_stem().unwrap().to_string_lossy();
        // The pinned links and the hostile cases are tests of the links.
        if stem.ends_with("tests") || ["pinned", "hostile", "hostile_corpus"].contains(&&*stem) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        let text: String = source
            .split("#[cfg(test)]\nmod tests {")
            .next()
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        code.push((relative, text));
    }
    code
}

#[test]
fn the_page_names_no_operation_by_a_string_of_its_own() {
    let code = page_code();
    assert!(code.len() > 80, "read {} files", code.len());
    let mut named = Vec::new();
    for (file, text) in &code {
        for operation in Operation::ALL {
            if text.contains(&format!("\"{}\"", operation.name())) {
                named.push(format!("{file}: \"{operation}\""));
            }
        }
    }
    assert!(named.is_empty(), "{named:#?}");
}

#[test]
fn only_the_store_changes_the_engine() {
    let code = page_code();
    let changing: Vec<&str> = code
        .iter()
        .filter(|(file, text)| !file.starts_with("store") && text.contains("engine.borrow_mut()"))
        .map(|(file, _)| file.as_str())
        .collect();
    assert!(
        changing.is_empty(),
        "a change to the data is an Action the reducer applies: {changing:?}"
    );
    // The rule has something to hold on to: the reducer's changes.
    let store = code.iter().filter(|(file, _)| file.starts_with("store"));
    assert!(
        store
            .filter(|(_, text)| text.contains("engine.borrow_mut()"))
            .count()
            >= 2
    );
}

#[test]
fn components_reach_the_store_through_its_context_never_a_prop() {
    let code = page_code();
    let components: Vec<_> = code
        .iter()
        .filter(|(file, _)| file.starts_with("components"))
        .collect();
    assert!(
        components.len() > 20,
        "read {} components",
        components.len()
    );
    let handed: Vec<&str> = components
        .iter()
        .filter(|(_, text)| text.contains(": Store,") || text.contains("UseReducerHandle"))
        .map(|(file, _)| file.as_str())
        .collect();
    assert!(handed.is_empty(), "use hooks::store::use_store: {handed:?}");
    let reaching = components
        .iter()
        .filter(|(_, text)| text.contains("use_store()"))
        .count();
    assert!(reaching >= 18, "{reaching} components use the store");
}

/// The most lines a component's function may take: one that grows past
/// it has more than one job, and splits into components or hooks.
const LONGEST_COMPONENT: usize = 170;

#[test]
fn no_component_is_longer_than_a_screenful_or_two() {
    let mut long = Vec::new();
    for (file, text) in page_code() {
        if !(file.starts_with("components") || file == "app.rs") {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        for (start, line) in lines.iter().enumerate() {
            if !line.starts_with("pub fn ") && !line.starts_with("fn ") {
                continue;
            }
            let end = lines[start..].iter().position(|l| *l == "}").unwrap_or(0);
            if end + 1 > LONGEST_COMPONENT {
                long.push(format!("{file}: {line} ({} lines)", end + 1));
            }
        }
    }
    assert!(long.is_empty(), "{long:#?}");
}

#[test]
fn the_model_and_the_links_know_nothing_of_the_browser_or_the_page() {
    const PAGE: [&str; 10] = [
        "crate::store",
        "crate::components",
        "crate::app",
        "crate::session",
        "crate::saved",
        "crate::rebuild",
        "crate::browser",
        "yew",
        "web_sys",
        "gloo",
    ];
    let mut upward = Vec::new();
    let mut read = 0;
    for (file, text) in page_code() {
        if !(file.starts_with("model")
            || file.starts_with("share")
            || file.starts_with("interchange/"))
        {
            continue;
        }
        read += 1;
        for page in PAGE {
            if text.contains(page) {
                upward.push(format!("{file} names {page}"));
            }
        }
    }
    assert!(read > 60, "read {read} files");
    assert!(upward.is_empty(), "{upward:#?}");
}

/// The text of each `Result<…>` type written in `text`, its generics matched.
fn result_types(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for (start, _) in text.match_indices("Result<") {
        let mut depth = 0;
        for (i, c) in text[start..].char_indices() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        found.push(&text[start..=start + i]);
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    found
}

#[test]
fn the_page_fails_with_a_failure_never_a_string() {
    let code = page_code();
    assert!(code.len() > 80, "read {} files", code.len());
    let stringly: Vec<String> = code
        .iter()
        .flat_map(|(file, text)| {
            result_types(text)
                .into_iter()
                .filter(|t| t.ends_with(", String>") || t.ends_with(",String>"))
                .map(move |t| format!("{file}: {t}"))
        })
        .collect();
    assert!(
        stringly.is_empty(),
        "errors are model::failure::Failure, which writes itself:\n{}",
        stringly.join("\n")
    );
}

#[test]
fn a_result_type_is_read_with_its_generics() {
    assert_eq!(
        result_types("fn f() -> Result<Vec<Run>, String> { let r: Result<u8, Failure> = Ok(1); }"),
        ["Result<Vec<Run>, String>", "Result<u8, Failure>"]
    );
}
