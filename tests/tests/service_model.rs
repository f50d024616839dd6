//! The engine's table of DynamoDB's request shapes
//! (`engine/src/api/shapes/model.rs`) is generated from the service model
//! the AWS SDKs are built from (botocore's `dynamodb/2012-08-10`), so that
//! every member of every request is checked against the type DynamoDB
//! declares for it. `write_the_shapes` regenerates the table; the test
//! beside it fails when the committed table and the model disagree.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn committed() -> PathBuf {
    repository().join("engine/src/api/shapes/model.rs")
}

/// botocore's model, from the project's Python environment (`cargo xtask
/// setup` installs boto3 there); `None` where it is not installed.
fn service_model() -> Option<(String, Json)> {
    let packages = repository().join(".tools/venv/lib");
    let python = std::fs::read_dir(&packages).ok()?.flatten().next()?.path();
    let botocore = python.join("site-packages/botocore");
    let model = botocore.join("data/dynamodb/2012-08-10/service-2.json.gz");
    let json = Command::new("gzip").arg("-dc").arg(&model).output().ok()?;
    let version = std::fs::read_dir(python.join("site-packages"))
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .find_map(|n| {
            n.strip_prefix("botocore-")
                .and_then(|v| v.strip_suffix(".dist-info"))
                .map(str::to_string)
        })?;
    Some((version, serde_json::from_slice(&json.stdout).ok()?))
}

/// Whether the engine serves the operation: the table holds no other.
fn served(name: &str) -> bool {
    engine::api::operation::Operation::ALL
        .iter()
        .any(|operation| operation.name() == name)
}

/// The Rust source of the table: every shape reachable from the
/// input of an operation the engine serves, numbered in the order they are first reached.
fn generate(version: &str, model: &Json) -> String {
    let shapes = model["shapes"].as_object().expect("shapes");
    let operations: BTreeMap<&str, &str> = model["operations"]
        .as_object()
        .expect("operations")
        .iter()
        .filter(|(name, _)| served(name))
        .filter_map(|(name, op)| Some((name.as_str(), op["input"]["shape"].as_str()?)))
        .collect();
    let mut order: Vec<String> = Vec::new();
    let mut ids: BTreeMap<String, usize> = BTreeMap::new();
    fn reach(
        name: &str,
        shapes: &serde_json::Map<String, Json>,
        order: &mut Vec<String>,
        ids: &mut BTreeMap<String, usize>,
    ) {
        if ids.contains_key(name) {
            return;
        }
        ids.insert(name.to_string(), order.len());
        order.push(name.to_string());
        let shape = &shapes[name];
        let mut children: Vec<&str> = Vec::new();
        match shape["type"].as_str() {
            Some("structure") => {
                for member in shape["members"].as_object().expect("members").values() {
                    children.push(member["shape"].as_str().expect("member shape"));
                }
            }
            Some("list") => children.push(shape["member"]["shape"].as_str().expect("member")),
            Some("map") => children.push(shape["value"]["shape"].as_str().expect("value")),
            _ => {}
        }
        for child in children {
            reach(child, shapes, order, ids);
        }
    }
    for input in operations.values() {
        reach(input, shapes, &mut order, &mut ids);
    }
    let mut out = String::new();
    out.push_str(&format!(
        "//! DynamoDB's request shapes, generated from the service model of\n\
         //! botocore {version} (`dynamodb/2012-08-10`) by\n\
         //! `cargo test -p ddbplay-tests --test service_model -- --ignored write_the_shapes`.\n\
         //! Do not edit: regenerate.\n\n\
         use super::{{Kind, Shape}};\n\n\
         /// Each operation's input shape.\n\
         pub(super) static OPERATIONS: &[(&str, u16)] = &[\n"
    ));
    for (operation, input) in &operations {
        out.push_str(&format!("    ({operation:?}, {}),\n", ids[*input]));
    }
    out.push_str("];\n\n/// Every shape an input reaches, by number.\npub(super) static SHAPES: &[Shape] = &[\n");
    for name in &order {
        let shape = &shapes[name.as_str()];
        let kind = match shape["type"].as_str().expect("type") {
            "structure" => {
                let members: Vec<String> = shape["members"]
                    .as_object()
                    .expect("members")
                    .iter()
                    .map(|(m, s)| format!("({m:?}, {})", ids[s["shape"].as_str().expect("shape")]))
                    .collect();
                format!("Kind::Structure(&[{}])", members.join(", "))
            }
            "list" => format!(
                "Kind::List({})",
                ids[shape["member"]["shape"].as_str().expect("m")]
            ),
            "map" => format!(
                "Kind::Map({})",
                ids[shape["value"]["shape"].as_str().expect("v")]
            ),
            "string" => "Kind::String".into(),
            "boolean" => "Kind::Boolean".into(),
            "integer" => "Kind::Integer".into(),
            "long" => "Kind::Long".into(),
            "blob" => "Kind::Blob".into(),
            other => panic!("{name}: the engine reads no {other} yet: give shapes::Kind one"),
        };
        out.push_str(&format!("    Shape {{ name: {name:?}, kind: {kind} }},\n"));
    }
    out.push_str("];\n");
    out
}

#[test]
fn the_committed_shapes_are_the_service_models() {
    let Some((version, model)) = service_model() else {
        eprintln!("botocore is not installed in .tools/venv: `cargo xtask setup` installs it");
        return;
    };
    let committed = std::fs::read_to_string(committed()).expect("model.rs");
    let stated = committed
        .lines()
        .nth(1)
        .and_then(|l| l.strip_prefix("//! botocore "))
        .and_then(|l| l.split(' ').next())
        .expect("the generating botocore's version on line 2");
    if stated != version {
        eprintln!("model.rs comes from botocore {stated}, installed is {version}: not compared");
        return;
    }
    assert!(
        committed == generate(&version, &model),
        "engine/src/api/shapes/model.rs differs from botocore {version}'s model: regenerate it"
    );
}

#[test]
#[ignore = "writes engine/src/api/shapes/model.rs"]
fn write_the_shapes() {
    let (version, model) = service_model().expect("botocore in .tools/venv");
    std::fs::write(committed(), generate(&version, &model)).expect("written");
}
