//! Export: the playground in the formats of the tools a learner moves on
//! to — an aws CLI script, Terraform, CloudFormation, a NoSQL Workbench
//! model, DynamoDB export lines, the access patterns as SDK code — to
//! read here, download or copy. The files are written by the module of
//! exports and imports, loaded the first time this opens.

use interchange::Export;
use yew::platform::spawn_local;
use yew::prelude::*;

use super::field_value::field_value;
use crate::browser;
use crate::hooks::store::use_store;
use crate::interchange_host::{self, Exported};
use crate::model::failure::Failure;

#[derive(Properties, PartialEq)]
pub struct ExportDialogProps {
    pub on_close: Callback<()>,
}

/// What each export is for, in a sentence under the menu.
pub fn purpose(format: Export) -> &'static str {
    match format {
        Export::AwsCli => {
            "A bash script that makes this table, its indexes and settings, and puts every item: run it with the aws CLI v2 against AWS, or against any endpoint with AWS_ENDPOINT_URL set. The console here and ddbplay run run it too."
        }
        Export::Terraform => {
            "An aws_dynamodb_table resource for the hashicorp/aws provider 6.29 or later (index keys as key_schema blocks). Items are not part of it: the aws CLI script or the export lines carry them."
        }
        Export::TerraformAnyProvider => {
            "The same resource with hash_key and range_key on the indexes, which any provider version reads (6.29 deprecates them)."
        }
        Export::CloudFormationYaml => {
            "A CloudFormation template with this table as an AWS::DynamoDB::Table."
        }
        Export::CloudFormationJson => "The same template in JSON.",
        Export::Workbench => {
            "A NoSQL Workbench 3.0 data model: the table, its global indexes, one facet per entity with its key templates as aliases, and every item. Opened here again, it is this very playground."
        }
        Export::ExportLines => {
            "Every item as a line {\"Item\": …}, as DynamoDB's export to S3 writes them and its import from S3 reads them."
        }
        Export::JavaScript => {
            "The access patterns as a Node.js module for the AWS SDK for JavaScript v3 (its document client), one function each; reads follow every page."
        }
        Export::Python => {
            "The access patterns as a Python program for boto3, one function each; reads follow every page."
        }
    }
}

/// The media type of a downloaded export.
fn media_type(format: Export) -> &'static str {
    match format {
        Export::AwsCli => "text/x-shellscript",
        Export::Terraform | Export::TerraformAnyProvider => "text/plain",
        Export::CloudFormationYaml => "application/yaml",
        Export::CloudFormationJson | Export::Workbench => "application/json",
        Export::ExportLines => "application/x-ndjson",
        Export::JavaScript => "text/javascript",
        Export::Python => "text/x-python",
    }
}

#[function_component(ExportDialog)]
pub fn export_dialog(props: &ExportDialogProps) -> Html {
    let state = use_store();
    let choice = use_state(|| 0usize);
    let exported = use_state(|| None::<Result<Exported, Failure>>);
    let copied = use_state(|| None::<bool>);
    let format = interchange_host::exports()[*choice];
    {
        let (state, exported, copied) = (state.clone(), exported.clone(), copied.clone());
        use_effect_with((format.name(), state.revision), move |_| {
            exported.set(None);
            copied.set(None);
            let model = state.tools_model();
            spawn_local(async move {
                let now = (browser::now() / 1000.0) as i64;
                let made = match model {
                    Ok(model) => interchange_host::export(format, &model, now).await,
                    Err(why) => Err(why),
                };
                exported.set(Some(made));
            });
        });
    }
    let super::dialog::Dialog {
        node,
        on_key,
        close,
    } = super::dialog::use_dialog(&props.on_close);
    let on_choice = {
        let choice = choice.clone();
        Callback::from(move |e: Event| choice.set(field_value(&e).parse().unwrap_or(0)))
    };
    let body = match &*exported {
        None => html! { <p class="muted" role="status">{ "Writing it…" }</p> },
        Some(Err(why)) => html! {
            <p class="error" role="alert">{ format!("It could not be written: {}", why.message) }</p>
        },
        Some(Ok(file)) => {
            let on_download = {
                let file = file.clone();
                Callback::from(move |_| {
                    browser::download_as(&file.file_name, &file.text, media_type(format))
                })
            };
            let on_copy = {
                let (copied, text) = (copied.clone(), file.text.clone());
                Callback::from(move |_| {
                    let (copied, text) = (copied.clone(), text.clone());
                    spawn_local(async move { copied.set(Some(browser::copy_text(&text).await)) });
                })
            };
            html! { <>
                { for file.warnings.iter().map(|w| html! { <p class="warning">{ w }</p> }) }
                <label class="field">
                    <span>{ format!("{} ({} lines)", file.file_name, file.text.lines().count()) }</span>
                    <textarea readonly=true rows="14" spellcheck="false" class="export-text" value={file.text.clone()} />
                </label>
                <div class="row">
                    <button type="button" class="primary" onclick={on_download}>{ format!("Download {}", file.file_name) }</button>
                    <button type="button" onclick={on_copy}>{ "Copy" }</button>
                </div>
                { match *copied {
                    Some(true) => html! { <p class="ok" role="status">{ "Copied to the clipboard." }</p> },
                    Some(false) => html! { <p class="error" role="status">{ "The browser did not let the page copy: select the text and copy it yourself." }</p> },
                    None => html! {},
                } }
            </> }
        }
    };
    html! {
        <div class="dialog export-dialog" role="dialog" aria-labelledby="export-title" ref={node} onkeydown={on_key}>
            <h2 id="export-title">{ "Export this playground" }</h2>
            <label class="field">
                <span>{ "Format" }</span>
                <select onchange={on_choice} aria-label="Export format">
                    { for interchange_host::exports().iter().enumerate().map(|(i, f)| html! {
                        <option value={i.to_string()} selected={i == *choice}>{ f.label() }</option>
                    }) }
                </select>
            </label>
            <p class="hint">{ purpose(format) }</p>
            { body }
            <div class="row end">
                <button type="button" onclick={close}>{ "Close" }</button>
            </div>
        </div>
    }
}
