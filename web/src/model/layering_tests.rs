//! The model's modules import one another without a circle, and none of
//! them imports the page above it (the store, the components): each can be
//! read, and tested, with only what it stands on.

use std::collections::{BTreeMap, BTreeSet};

/// Each module of `src/model` and the modules of `src/model` it imports
/// outside its tests and comments; with the page's modules it names.
fn imports() -> BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&folder).unwrap().flatten() {
        let path = entry.path();
        let Some(name) = path.file_stem().and_then(|n| n.to_str()) else {
            continue;
        };
        if path.extension().is_none_or(|e| e != "rs") || name.ends_with("_tests") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let code = source
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        let mut model = BTreeSet::new();
        let mut page = BTreeSet::new();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for prefix in ["super::", "crate::model::"] {
                for (at, _) in line.match_indices(prefix) {
                    let rest = &line[at + prefix.len()..];
                    let module: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !module.is_empty() && module != name {
                        model.insert(module);
                    }
                }
            }
            for upper in [
                "crate::store",
                "crate::components",
                "crate::rebuild",
                "crate::app",
            ] {
                if line.contains(upper) {
                    page.insert(upper.to_string());
                }
            }
        }
        found.insert(name.to_string(), (model, page));
    }
    found
}

#[test]
fn no_two_model_modules_import_each_other_even_by_way_of_others() {
    let imports = imports();
    assert!(imports.len() > 30, "read {} modules", imports.len());
    // Depth-first from every module: reaching it again is a circle.
    fn reaches(
        from: &str,
        target: &str,
        imports: &BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        let Some((model, _)) = imports.get(from) else {
            return false;
        };
        model.iter().any(|next| {
            next == target || (seen.insert(next.clone()) && reaches(next, target, imports, seen))
        })
    }
    let circles: Vec<&String> = imports
        .keys()
        .filter(|name| reaches(name, name, &imports, &mut BTreeSet::new()))
        .collect();
    assert!(
        circles.is_empty(),
        "modules on a circle of imports: {circles:?}"
    );
}

#[test]
fn the_model_never_imports_the_page_above_it() {
    let upward: Vec<(String, BTreeSet<String>)> = imports()
        .into_iter()
        .filter(|(_, (_, page))| !page.is_empty())
        .map(|(name, (_, page))| (name, page))
        .collect();
    assert!(upward.is_empty(), "{upward:?}");
}
