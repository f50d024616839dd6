//! What each export writes for the shop's table, pinned: a change to any
//! writer shows here as a changed file to read.

mod fixtures;

use interchange::{Export, export};

/// 5 December 2026, 08:30 UTC.
const NOW: i64 = 1_796_459_400;

#[test]
fn every_export_of_the_shop() {
    for format in Export::ALL {
        let text = export(format, &fixtures::shop(), NOW);
        insta::assert_snapshot!(format.name(), text);
    }
}

#[test]
fn every_table_export_of_a_provisioned_ledger() {
    for format in [
        Export::AwsCli,
        Export::Terraform,
        Export::CloudFormationYaml,
        Export::Workbench,
    ] {
        let text = export(format, &fixtures::ledger(), NOW);
        insta::assert_snapshot!(format!("ledger-{}", format.name()), text);
    }
}
