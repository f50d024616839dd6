//! The engine's layers import only the layers below them: the JSON API
//! (`api`) the operations (`ops`), they the capacity rules and the PartiQL
//! parser, those the expressions and the table, those the keys, and all of
//! them the error type and the value types. A layer can be read, and
//! tested, with only what it stands on.

use std::path::Path;

/// How deep each top-level module sits: a module may import only modules
/// that sit deeper.
const LAYERS: [(&str, u8); 11] = [
    ("api", 0),
    ("persist", 0),
    ("ops", 1),
    ("capacity", 2),
    ("partiql", 2),
    ("expr", 3),
    ("table", 3),
    ("key", 4),
    ("error", 5),
    ("types", 6),
    ("limits", 7),
];

fn depth(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, d)| *d)
}

/// Every `crate::…` module a source file names outside its tests and
/// comments.
fn named_modules(source: &str) -> Vec<String> {
    let code = source
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    let mut named = Vec::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            let module: String = line[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            named.push(module);
        }
    }
    named
}

fn sources(folder: &Path, into: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

#[test]
fn every_layer_imports_only_the_layers_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut upward = Vec::new();
    let mut checked = 0;
    for file in files {
        let relative = file.strip_prefix(&root).unwrap();
        let top = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let Some(own) = depth(top.trim_end_matches(".rs")) else {
            continue;
        };
        checked += 1;
        let source = std::fs::read_to_string(&file).unwrap();
        for module in named_modules(&source) {
            if let Some(theirs) = depth(&module)
                && module != top.trim_end_matches(".rs")
                && theirs <= own
            {
                upward.push(format!("{} imports crate::{module}", relative.display()));
            }
        }
    }
    assert!(checked > 50, "read {checked} files");
    upward.sort();
    upward.dedup();
    assert!(upward.is_empty(), "{upward:#?}");
}

/// `source` without its `cfg_attr(feature = "persist", …)` attributes,
/// however they are laid out over lines.
fn without_persist_attributes(source: &str) -> String {
    let mut kept = String::with_capacity(source.len());
    let mut rest = source;
    while let Some(at) = rest.find("cfg_attr(") {
        let inside = &rest[at + "cfg_attr(".len()..];
        if !inside.trim_start().starts_with(r#"feature = "persist""#) {
            kept.push_str(&rest[..at + "cfg_attr(".len()]);
            rest = inside;
            continue;
        }
        kept.push_str(&rest[..at]);
        let mut depth = 1;
        let end = inside
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(inside.len(), |(i, _)| i + 1);
        rest = &inside[end..];
    }
    kept.push_str(rest);
    kept
}

#[test]
fn only_the_json_api_knows_dynamodbs_wire_shapes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut outside = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap();
        // A snapshot's encoding (the `persist` feature) is no wire shape.
        if relative.starts_with("api")
            || relative.ends_with("layering_tests.rs")
            || relative.ends_with("persist.rs")
        {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        let code = source
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        if without_persist_attributes(code)
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .any(|l| l.contains("serde"))
        {
            outside.push(relative.display().to_string());
        }
    }
    assert!(files.len() > 50, "read {} files", files.len());
    assert!(outside.is_empty(), "JSON outside engine::api: {outside:#?}");
}

#[test]
fn only_the_constraint_module_words_a_constraint_breach() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut wording = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap();
        if relative.ends_with("constraint.rs") || relative.ends_with("layering_tests.rs") {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        let code = source
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        if code.contains("failed to satisfy constraint") {
            wording.push(relative.display().to_string());
        }
    }
    assert!(files.len() > 50, "read {} files", files.len());
    assert!(
        wording.is_empty(),
        "constraint messages written by hand, not by error::constraint: {wording:#?}"
    );
}

#[test]
fn the_code_cites_no_document_outside_the_repository_or_the_web() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for folder in [
        "engine/src",
        "web/src",
        "cli/src",
        "tests/src",
        "tests/tests",
        "xtask/src",
    ] {
        sources(&root.join(folder), &mut files);
    }
    assert!(files.len() > 150, "read {} files", files.len());
    let citing: Vec<String> = files
        .iter()
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            text.contains(concat!("shared/", "spec")) || text.contains(concat!("spec ", "§"))
        })
        .map(|file| file.display().to_string())
        .collect();
    assert!(citing.is_empty(), "{citing:#?}");
}
