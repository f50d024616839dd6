//! A DynamoDB table, its items and its access patterns, to and from the
//! formats people already use.
//!
//! 1. [`model::Model`] is what every format is read into and written
//!    from: the table in the shape of CreateTable's input (with time to
//!    live, point-in-time recovery and tags beside it), items in DynamoDB
//!    JSON, entity types as NoSQL Workbench's facets, access patterns as
//!    requests. [`api`] reads it from DynamoDB's answers (DescribeTable
//!    and its siblings) and writes CreateTable's input.
//! 2. Exports ([`Export`], [`export`]): an aws CLI script that makes the
//!    table and puts its items ([`aws_cli`]), a Terraform resource
//!    ([`terraform`]), a CloudFormation template in YAML or JSON
//!    ([`cloudformation`]), a NoSQL Workbench model ([`workbench`]), the
//!    items as DynamoDB's export lines ([`export_lines`]) and the access
//!    patterns as code for the SDKs ([`sdk`]).
//! 3. Imports ([`Import`], [`import`]): a NoSQL Workbench model, a
//!    Terraform file, a CloudFormation template, or export lines (gzip or
//!    not) give an [`imported::Imported`] — one table's model, the
//!    file's other tables by name, and notes on what is not kept — or a
//!    [`refusal::Refusal`] that names the field and the bound, and
//!    nothing else. Every file is a stranger's: [`limits`] bounds it
//!    before the work it asks for, and every parser used holds its own
//!    nesting to a limit.
//!
//! 4. [`chart`]: for a model the playground did not write, the
//!    playground's entity chart made from its facets and items — here,
//!    where files are read, so that the page carries none of it.
//!
//! The page turns its playground into a model and a model back into a
//! playground; only [`chart`] speaks the playground's chart language.

pub mod api;
pub mod aws_cli;
pub mod chart;
pub mod cloudformation;
pub mod export_lines;
pub mod imported;
pub mod items;
pub mod limits;
pub mod model;
mod parse;
pub mod refusal;
pub mod sdk;
pub mod terraform;
mod text;
pub mod workbench;

use imported::Imported;
use model::{Model, Table};
use refusal::{Refusal, refuse};

/// A format a model is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// A bash script of aws CLI commands that makes the table and puts its items.
    AwsCli,
    /// An `aws_dynamodb_table` for provider 6.29.0 and later.
    Terraform,
    /// An `aws_dynamodb_table` for any provider version (`hash_key` and
    /// `range_key` on global indexes).
    TerraformAnyProvider,
    CloudFormationYaml,
    CloudFormationJson,
    /// A NoSQL Workbench 3.0 data model.
    Workbench,
    /// The items, one `{"Item": …}` a line.
    ExportLines,
    /// The access patterns for the AWS SDK for JavaScript v3.
    JavaScript,
    /// The access patterns for boto3.
    Python,
}

impl Export {
    /// Every export, in the order a menu lists them.
    pub const ALL: [Export; 9] = [
        Export::AwsCli,
        Export::Terraform,
        Export::TerraformAnyProvider,
        Export::CloudFormationYaml,
        Export::CloudFormationJson,
        Export::Workbench,
        Export::ExportLines,
        Export::JavaScript,
        Export::Python,
    ];

    /// Its name in links and in the page's API (`terraform`).
    pub fn name(self) -> &'static str {
        match self {
            Export::AwsCli => "aws-cli",
            Export::Terraform => "terraform",
            Export::TerraformAnyProvider => "terraform-any-provider",
            Export::CloudFormationYaml => "cloudformation-yaml",
            Export::CloudFormationJson => "cloudformation-json",
            Export::Workbench => "workbench",
            Export::ExportLines => "export-lines",
            Export::JavaScript => "javascript",
            Export::Python => "python",
        }
    }

    /// The export of that name.
    pub fn parse(name: &str) -> Option<Export> {
        Export::ALL.into_iter().find(|e| e.name() == name)
    }

    /// How a menu names it.
    pub fn label(self) -> &'static str {
        match self {
            Export::AwsCli => "aws CLI script",
            Export::Terraform => "Terraform",
            Export::TerraformAnyProvider => "Terraform (provider before 6.29)",
            Export::CloudFormationYaml => "CloudFormation (YAML)",
            Export::CloudFormationJson => "CloudFormation (JSON)",
            Export::Workbench => "NoSQL Workbench model",
            Export::ExportLines => "Items as export lines",
            Export::JavaScript => "Patterns for JavaScript (SDK v3)",
            Export::Python => "Patterns for Python (boto3)",
        }
    }

    /// The file's name for a table named `table`.
    pub fn file_name(self, table: &str) -> String {
        match self {
            Export::AwsCli => format!("{table}.sh"),
            Export::Terraform | Export::TerraformAnyProvider => format!("{table}.tf"),
            Export::CloudFormationYaml => format!("{table}-cloudformation.yaml"),
            Export::CloudFormationJson => format!("{table}-cloudformation.json"),
            Export::Workbench => format!("{table}-workbench.json"),
            Export::ExportLines => format!("{table}-items.jsonl"),
            Export::JavaScript => sdk::javascript::FILE_NAME.to_string(),
            Export::Python => sdk::python::FILE_NAME.to_string(),
        }
    }
}

/// `model` written as `format`; `now` (seconds since 1970) dates a NoSQL
/// Workbench model.
pub fn export(format: Export, model: &Model, now: i64) -> String {
    match format {
        Export::AwsCli => aws_cli::script(model),
        Export::Terraform => terraform::resource(model, terraform::KeyStyle::KeySchema),
        Export::TerraformAnyProvider => terraform::resource(model, terraform::KeyStyle::HashRange),
        Export::CloudFormationYaml => cloudformation::yaml(model),
        Export::CloudFormationJson => cloudformation::json(model),
        Export::Workbench => workbench::write(model, now),
        Export::ExportLines => export_lines::write(model),
        Export::JavaScript => sdk::javascript::module(model),
        Export::Python => sdk::python::program(model),
    }
}

/// A format a file is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Import {
    Workbench,
    Terraform,
    CloudFormation,
    /// Items for the current table.
    ExportLines,
}

impl Import {
    /// Every import.
    pub const ALL: [Import; 4] = [
        Import::Workbench,
        Import::Terraform,
        Import::CloudFormation,
        Import::ExportLines,
    ];

    /// Its name where the page and its module pass it (`terraform`).
    pub fn name(self) -> &'static str {
        match self {
            Import::Workbench => "workbench",
            Import::Terraform => "terraform",
            Import::CloudFormation => "cloudformation",
            Import::ExportLines => "export-lines",
        }
    }

    /// The import of that name.
    pub fn parse(name: &str) -> Option<Import> {
        Import::ALL.into_iter().find(|i| i.name() == name)
    }

    /// How a message names it.
    pub fn label(self) -> &'static str {
        match self {
            Import::Workbench => "a NoSQL Workbench model",
            Import::Terraform => "a Terraform file",
            Import::CloudFormation => "a CloudFormation template",
            Import::ExportLines => "items",
        }
    }

    /// What a file holds, from its name and its first bytes: `None` for a
    /// file none of these read (an aws CLI script among them: the console
    /// runs those).
    pub fn detect(file_name: &str, bytes: &[u8]) -> Option<Import> {
        let name = file_name.to_ascii_lowercase();
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
        if name.ends_with(".tf") || head.contains("resource \"aws_dynamodb_table\"") {
            return Some(Import::Terraform);
        }
        if name.ends_with(".gz") || name.ends_with(".jsonl") || bytes.starts_with(&[0x1f, 0x8b]) {
            return Some(Import::ExportLines);
        }
        if head.contains("\"DataModel\"") {
            return Some(Import::Workbench);
        }
        if head.contains("AWSTemplateFormatVersion") || head.contains("AWS::DynamoDB::Table") {
            return Some(Import::CloudFormation);
        }
        if name.ends_with(".yaml") || name.ends_with(".yml") || name.ends_with(".template") {
            return Some(Import::CloudFormation);
        }
        if name.ends_with(".json") || head.trim_start().starts_with(['{', '[']) {
            return Some(Import::ExportLines);
        }
        None
    }
}

/// `bytes` read as `kind`: the table named `choice`, else the file's
/// first; export lines are items for `current`, the table they go into.
pub fn import(
    kind: Import,
    bytes: &[u8],
    choice: Option<&str>,
    current: &Table,
) -> Result<Imported, Refusal> {
    let text = || {
        if bytes.len() > limits::MAX_FILE_BYTES {
            return refuse(format!(
                "the file is {} bytes; a file is read up to {}",
                bytes.len(),
                limits::MAX_FILE_BYTES
            ));
        }
        std::str::from_utf8(bytes).map_err(|_| {
            Refusal(format!(
                "{} is text, and this file is not UTF-8 text",
                kind.label()
            ))
        })
    };
    match kind {
        Import::ExportLines => export_lines::read(bytes, current),
        Import::Workbench => workbench::read(text()?, choice),
        Import::Terraform => terraform::read(text()?, choice),
        Import::CloudFormation => cloudformation::read(text()?, choice),
    }
}

/// The JSON the page and its module exchange: a model in, a file out.
pub fn export_json(format: &str, model: &str, now: i64) -> Result<String, Refusal> {
    let Some(format) = Export::parse(format) else {
        return refuse(format!("there is no export {format}"));
    };
    let model: Model = serde_json::from_str(model)
        .map_err(|e| Refusal(format!("the model does not read: {e}")))?;
    Ok(export(format, &model, now))
}

/// Whether `model` has anything an export in `format` would lose, in
/// words: a NoSQL Workbench model shows an index keyed on several
/// attributes by its first ones only.
pub fn export_warnings(format: Export, model: &Model) -> Vec<String> {
    let mut out = Vec::new();
    if format == Export::Workbench {
        for index in model
            .table
            .global_indexes
            .iter()
            .filter(|i| i.key.is_multi_attribute())
        {
            out.push(format!(
                "NoSQL Workbench shows the index {} by its first partition and sort key attributes only",
                index.name
            ));
        }
    }
    out
}
