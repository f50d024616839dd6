//! Any file read as a NoSQL Workbench model, a Terraform file, a
//! CloudFormation template or export lines gives a model or a refusal —
//! never a panic, and never a case slower than the run's timeout — and
//! whatever model it gives is written in every export format.
#![no_main]

use interchange::model::{Attribute, KeySchema, Table};
use interchange::{Export, Import, export, import};
use libfuzzer_sys::fuzz_target;

const KINDS: [Import; 4] = [
    Import::Workbench,
    Import::Terraform,
    Import::CloudFormation,
    Import::ExportLines,
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, file)) = data.split_first() else { return };
    let kind = KINDS[usize::from(first) % KINDS.len()];
    let table = Table {
        name: "t".into(),
        attributes: vec![
            Attribute { name: "PK".into(), attribute_type: "S".into() },
            Attribute { name: "SK".into(), attribute_type: "N".into() },
        ],
        key: KeySchema::simple("PK", Some("SK")),
        ..Table::default()
    };
    let _ = Import::detect("file", file);
    if let Ok(imported) = import(kind, file, None, &table) {
        for format in Export::ALL {
            let _ = export(format, &imported.model, 0);
        }
    }
});
