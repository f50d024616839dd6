//! Round trips through every format that carries a table: the shop the
//! page opens with, exported and read back, opens as the same design —
//! and, through a NoSQL Workbench model, as the same playground.

use engine::Engine;
use interchange::{Export, Import};
use serde_json::Value as Json;

use super::from_model::document_of;
use super::to_model::model_of;
use crate::model::data::write_path;
use crate::model::gallery::commerce;
use crate::model::playground::Playground;
use crate::share::open::open;

fn built(playground: &Playground) -> Engine {
    let (engine, _, _) = write_path::build(
        &playground.chart,
        playground.seed,
        playground.handler.as_ref(),
        Some(&playground.edits),
    )
    .expect("the playground builds");
    engine
}

/// `playground` exported as `format` and opened again.
fn through(format: Export, kind: Import, playground: &Playground) -> (Playground, Vec<String>) {
    let mut engine = built(playground);
    let model = model_of(&mut engine, playground).expect("the model is made");
    let text = interchange::export(format, &model, 0);
    let mut imported = interchange::import(kind, text.as_bytes(), None, &model.table)
        .unwrap_or_else(|refusal| panic!("{format:?} does not read back: {refusal}"));
    interchange::chart::with_charts(&mut imported.model);
    let opened = document_of(&imported).expect("a document is made");
    let reopened =
        open(opened.document).unwrap_or_else(|failure| panic!("{format:?}: {failure:?}"));
    (reopened, opened.notes)
}

#[test]
fn terraform_and_cloudformation_give_back_the_table_design() {
    let playground = commerce::playground();
    for (format, kind) in [
        (Export::Terraform, Import::Terraform),
        (Export::TerraformAnyProvider, Import::Terraform),
        (Export::CloudFormationYaml, Import::CloudFormation),
        (Export::CloudFormationJson, Import::CloudFormation),
    ] {
        let (reopened, notes) = through(format, kind, &playground);
        assert_eq!(reopened.chart.table, playground.chart.table, "{format:?}");
        assert!(reopened.chart.entities.is_empty(), "{format:?}");
        assert!(notes.is_empty(), "{format:?}: {notes:?}");
    }
}

#[test]
fn an_index_keyed_on_several_attributes_travels_through_terraform_and_cloudformation() {
    let playground = (crate::model::gallery::find("multi-attribute")
        .unwrap()
        .playground)();
    for (format, kind) in [
        (Export::Terraform, Import::Terraform),
        (Export::CloudFormationYaml, Import::CloudFormation),
    ] {
        let (reopened, _) = through(format, kind, &playground);
        assert_eq!(reopened.chart.table, playground.chart.table, "{format:?}");
        let composed = &reopened.chart.table.indexes[1];
        let sort: Vec<&str> = composed.sort_keys().map(|k| k.name.as_str()).collect();
        assert_eq!(sort, ["orderStatus", "orderDate"], "{format:?}");
    }
}

#[test]
fn a_workbench_model_gives_back_the_very_playground() {
    let playground = commerce::playground();
    let (reopened, notes) = through(Export::Workbench, Import::Workbench, &playground);
    assert_eq!(reopened, playground);
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn a_workbench_model_changed_elsewhere_keeps_its_chart_and_its_items() {
    let playground = commerce::playground();
    let mut engine = built(&playground);
    let model = model_of(&mut engine, &playground).unwrap();
    let items = model.items.len();
    let text = interchange::export(Export::Workbench, &model, 0);
    let mut file: Json = serde_json::from_str(&text).unwrap();
    let data = file["DataModel"][0]["TableData"].as_array_mut().unwrap();
    data.pop();
    let mut imported = interchange::import(
        Import::Workbench,
        file.to_string().as_bytes(),
        None,
        &model.table,
    )
    .unwrap();
    interchange::chart::with_charts(&mut imported.model);
    let opened = document_of(&imported).unwrap();
    assert_eq!(opened.notes.len(), 1, "{:?}", opened.notes);
    let reopened = open(opened.document).unwrap();
    assert_eq!(reopened.chart.table, playground.chart.table);
    let names = |p: &Playground| {
        p.chart
            .entities
            .iter()
            .map(|e| e.name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&reopened), names(&playground));
    for (entity, was) in reopened
        .chart
        .entities
        .iter()
        .zip(&playground.chart.entities)
    {
        assert_eq!(entity.count, (0, 0));
        assert_eq!(
            (&entity.keys, &entity.attributes, &entity.parent),
            (&was.keys, &was.attributes, &was.parent)
        );
    }
    assert_eq!(reopened.edits.len(), items - 1);
    let rebuilt = built(&reopened);
    let table = &playground.chart.table.name;
    assert_eq!(rebuilt.table(table).unwrap().items.n_items(), items - 1);
}

#[test]
fn export_lines_give_back_every_item() {
    let playground = commerce::playground();
    let mut engine = built(&playground);
    let model = model_of(&mut engine, &playground).unwrap();
    let text = interchange::export(Export::ExportLines, &model, 0);
    let imported =
        interchange::import(Import::ExportLines, text.as_bytes(), None, &model.table).unwrap();
    let mut expected = model.items.clone();
    interchange::items::sort_by_key(&model.table, &mut expected);
    assert_eq!(imported.model.items, expected);
    assert!(expected.len() > 100, "{} items", expected.len());
}

/// A model written elsewhere, opened: its design, its chart and its items.
fn opened_from(file: &str) -> (Playground, Vec<String>, usize) {
    let mut imported = interchange::import(
        Import::Workbench,
        file.as_bytes(),
        None,
        &Default::default(),
    )
    .expect("the model reads");
    let items = imported.model.items.len();
    interchange::chart::with_charts(&mut imported.model);
    let opened = document_of(&imported).expect("a document is made");
    let playground = open(opened.document).unwrap_or_else(|f| panic!("{f:?}"));
    (playground, opened.notes, items)
}

#[test]
fn a_workbench_3_model_opens_with_a_chart_made_from_its_facets() {
    let (playground, notes, items) = opened_from(include_str!("testdata/music-3.0.json"));
    assert_eq!(items, 5);
    assert_eq!(playground.edits.len(), 5);
    assert_eq!(
        notes,
        [
            "Music: autoscaling is not part of a table's definition and is left out",
            "Provisioned capacity (5 read and 5 write units a second) is left out: the playground measures every request in on-demand units."
        ]
    );
    let album = playground.chart.entity("Album").unwrap();
    assert_eq!(album.parent.as_deref(), Some("Artist"));
    assert_eq!(album.keys["pk"], "ARTIST#{artistId}");
    assert_eq!(album.keys["sk"], "ALBUM#{albumId}");
    assert_eq!(album.keys["gsi1pk"], "YEAR#{year}");
    assert_eq!(album.keys["gsi1sk"], "ALBUM#{albumId}");
    let rebuilt = built(&playground);
    assert_eq!(rebuilt.table("Music").unwrap().items.n_items(), 5);
}

#[test]
fn a_workbench_1_model_takes_each_facets_own_items() {
    let (playground, notes, items) = opened_from(include_str!("testdata/bank-1.0.json"));
    assert_eq!(items, 4);
    assert_eq!(notes.len(), 1, "{notes:?}");
    let names: Vec<&str> = playground
        .chart
        .entities
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, ["Account", "Payment"]);
    let payment = playground.chart.entity("Payment").unwrap();
    assert_eq!(payment.parent.as_deref(), Some("Account"));
    assert_eq!(payment.keys["Entry"], "P#{pId}#{entryPart3}");
}

#[test]
fn a_chart_made_from_a_file_keeps_within_the_pages_bounds() {
    use crate::limits;
    use interchange::limits::chart;
    assert_eq!(chart::MAX_ENTITIES, limits::MAX_ENTITIES);
    assert_eq!(chart::MAX_ATTRIBUTES, limits::MAX_ATTRIBUTES);
    assert_eq!(chart::MAX_NAME_BYTES, limits::MAX_NAME_BYTES);
    assert_eq!(chart::MAX_CHOICES, limits::MAX_CHOICES);
    assert_eq!(chart::MAX_WORDS, limits::MAX_WORDS);
    assert_eq!(chart::YEARS, limits::YEARS);
}
