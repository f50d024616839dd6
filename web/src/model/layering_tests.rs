//! The model's groups import only the groups below them — the gallery the
//! playground, that the explanations, they the measurements, those the
//! patterns, they the data, that the stream, that the design, and all of
//! them the engine gateway and the page's formats; no module imports
//! another by way of a circle; and none imports the page above the model
//! (the store, the components). Each group can be read, and tested, with
//! only what it stands on.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// How deep each group of `src/model` sits (a folder, or a file at its
/// top): a group may import only groups that sit deeper.
/// `fixtures`, which only tests use, stands on everything.
const LAYERS: [(&str, u8); 12] = [
    ("fixtures", 0),
    ("gallery", 1),
    ("playground", 2),
    ("explain", 2),
    ("measure", 3),
    ("patterns", 4),
    ("data", 5),
    ("stream", 6),
    ("design", 7),
    ("format", 8),
    ("gateway", 8),
    ("failure", 9),
];

/// The page above the model, which it must never name.
const PAGE: [&str; 6] = [
    "crate::store",
    "crate::components",
    "crate::rebuild",
    "crate::app",
    "crate::session",
    "crate::saved",
];

fn model_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model")
}

fn is_group_folder(group: &str) -> bool {
    model_folder().join(group).is_dir()
}

fn depth(group: &str) -> Option<u8> {
    LAYERS.iter().find(|(g, _)| *g == group).map(|(_, d)| *d)
}

/// A module of the model: its group and its name in the group (the group's
/// own name for a file at the top, `mod` for a group's `mod.rs`).
type Module = (String, String);

/// What one source file imports, outside its tests and comments.
struct Imports {
    modules: BTreeSet<Module>,
    page: BTreeSet<&'static str>,
}

fn sources(folder: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// A path's identifier after `at`.
fn word(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The modules named by `crate::model::group::module` and, from inside
/// `group`, by `super::module`.
fn imports_of(source: &str, own: &Module) -> Imports {
    let code = source
        .split("#[cfg(test)]\nmod tests {")
        .next()
        .unwrap_or_default();
    let at_top = own.0 == own.1;
    let mut imports = Imports {
        modules: BTreeSet::new(),
        page: BTreeSet::new(),
    };
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::model::") {
            let rest = &line[at + "crate::model::".len()..];
            let group = word(rest);
            // In a group's folder the next word is its module; a file at
            // the top is a module by itself.
            let inner = rest[group.len()..]
                .strip_prefix("::")
                .map(word)
                .filter(|m| !m.is_empty() && is_group_folder(&group));
            let module = inner.unwrap_or_else(|| group.clone());
            imports.modules.insert((group, module));
        }
        for (at, _) in line.match_indices("super::") {
            if at > 0 && line[..at].ends_with("super::") {
                continue;
            }
            let name = word(&line[at + "super::".len()..]);
            if name.is_empty() {
                continue;
            }
            // `super::` in a top file or a group's `mod.rs` is the model;
            // in a group's module it is the group.
            if at_top || own.1 == "mod" {
                imports.modules.insert((name.clone(), name));
            } else {
                imports.modules.insert((own.0.clone(), name));
            }
        }
        for page in PAGE {
            if line.contains(page) {
                imports.page.insert(page);
            }
        }
    }
    imports.modules.remove(own);
    imports
}

/// Every module of the model but the tests, with what it imports.
fn model() -> BTreeMap<Module, Imports> {
    let root = model_folder();
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut found = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&root).unwrap();
        let parts: Vec<String> = relative
            .components()
            .map(|c| {
                c.as_os_str()
                    .to_string_lossy()
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect();
        let own = match parts.as_slice() {
            [file] => (file.clone(), file.clone()),
            [group, file] => (group.clone(), file.clone()),
            _ => panic!("{} sits deeper than a group", relative.display()),
        };
        if own.1.ends_with("tests") || own.0 == "mod" {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        found.insert(own.clone(), imports_of(&source, &own));
    }
    found
}

#[test]
fn every_group_of_the_model_sits_in_the_table_of_layers() {
    let model = model();
    assert!(model.len() > 45, "read {} modules", model.len());
    let unplaced: BTreeSet<&String> = model
        .keys()
        .map(|(group, _)| group)
        .filter(|group| depth(group).is_none())
        .collect();
    assert!(unplaced.is_empty(), "groups with no layer: {unplaced:?}");
}

#[test]
fn every_group_imports_only_the_groups_below_it() {
    let mut upward = Vec::new();
    for ((group, module), imports) in model() {
        let Some(own) = depth(&group) else { continue };
        for (theirs, name) in &imports.modules {
            if let Some(below) = depth(theirs)
                && *theirs != group
                && below <= own
            {
                upward.push(format!("{group}::{module} imports {theirs}::{name}"));
            }
        }
    }
    assert!(upward.is_empty(), "{upward:#?}");
}

#[test]
fn no_two_model_modules_import_each_other_even_by_way_of_others() {
    let model = model();
    fn reaches(
        from: &Module,
        target: &Module,
        model: &BTreeMap<Module, Imports>,
        seen: &mut BTreeSet<Module>,
    ) -> bool {
        let Some(imports) = model.get(from) else {
            return false;
        };
        imports.modules.iter().any(|next| {
            next == target || (seen.insert(next.clone()) && reaches(next, target, model, seen))
        })
    }
    let circles: Vec<&Module> = model
        .keys()
        .filter(|module| reaches(module, module, &model, &mut BTreeSet::new()))
        .collect();
    assert!(
        circles.is_empty(),
        "modules on a circle of imports: {circles:?}"
    );
}

#[test]
fn the_model_never_imports_the_page_above_it() {
    let upward: Vec<(Module, BTreeSet<&str>)> = model()
        .into_iter()
        .filter(|(_, imports)| !imports.page.is_empty())
        .map(|(module, imports)| (module, imports.page))
        .collect();
    assert!(upward.is_empty(), "{upward:?}");
}

#[test]
fn an_upward_import_is_caught() {
    let own = ("design".to_string(), "chart".to_string());
    let imports = imports_of(
        "use crate::model::measure::reads::Run;\nuse super::template::Template;\n",
        &own,
    );
    let named: Vec<&Module> = imports.modules.iter().collect();
    assert_eq!(
        named,
        [
            &("design".to_string(), "template".to_string()),
            &("measure".to_string(), "reads".to_string()),
        ]
    );
    assert!(depth("measure").unwrap() < depth("design").unwrap());
}
