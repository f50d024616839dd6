//! Every format that carries a table reads back the table it wrote.

mod fixtures;

use interchange::{Export, Import, export, import};

fn round_trip(
    format: Export,
    kind: Import,
    model: &interchange::model::Model,
) -> interchange::imported::Imported {
    let text = export(format, model, 1_796_459_400);
    import(kind, text.as_bytes(), None, &model.table)
        .unwrap_or_else(|refusal| panic!("{format:?} did not read back: {refusal}\n{text}"))
}

/// The table with its attribute definitions in name order: a set, which
/// each format lists in an order of its own.
fn sorted(table: &interchange::model::Table) -> interchange::model::Table {
    let mut table = table.clone();
    table.attributes.sort();
    table
}

#[test]
fn terraform_reads_back_the_table_it_wrote() {
    for model in [fixtures::shop(), fixtures::ledger()] {
        for format in [Export::Terraform, Export::TerraformAnyProvider] {
            let read = round_trip(format, Import::Terraform, &model);
            assert_eq!(
                sorted(&read.model.table),
                sorted(&model.table),
                "{format:?}"
            );
            assert!(read.notes.is_empty(), "{:?}", read.notes);
        }
    }
}

#[test]
fn cloudformation_reads_back_the_table_it_wrote_in_yaml_and_json() {
    for model in [fixtures::shop(), fixtures::ledger()] {
        for format in [Export::CloudFormationYaml, Export::CloudFormationJson] {
            let read = round_trip(format, Import::CloudFormation, &model);
            assert_eq!(
                sorted(&read.model.table),
                sorted(&model.table),
                "{format:?}"
            );
            assert_eq!(read.tables, vec![model.table.name.as_str()]);
        }
    }
}

#[test]
fn a_workbench_model_reads_back_its_table_items_and_facets() {
    for model in [fixtures::shop(), fixtures::ledger()] {
        let read = round_trip(Export::Workbench, Import::Workbench, &model);
        assert_eq!(sorted(&read.model.table), sorted(&model.table));
        let mut items = model.items.clone();
        interchange::items::sort_by_key(&model.table, &mut items);
        assert_eq!(read.model.items, items);
        assert_eq!(read.model.facets, model.facets);
        assert_eq!(read.model.playground, model.playground);
    }
}

#[test]
fn a_workbench_model_whose_items_changed_no_longer_opens_as_the_playground() {
    let model = fixtures::shop();
    let text = export(Export::Workbench, &model, 0).replace("ana@example.com", "ana@example.org");
    let read = import(Import::Workbench, text.as_bytes(), None, &model.table).unwrap();
    assert_eq!(read.model.playground, None);
    assert_eq!(
        read.notes,
        [
            "Shop: the items were changed since the playground wrote this model, so its chart is made again from the facets and the items"
        ]
    );
}

#[test]
fn export_lines_read_back_every_item() {
    let model = fixtures::shop();
    let read = round_trip(Export::ExportLines, Import::ExportLines, &model);
    let mut items = model.items.clone();
    interchange::items::sort_by_key(&model.table, &mut items);
    assert_eq!(read.model.items, items);
}
