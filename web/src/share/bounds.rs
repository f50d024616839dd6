//! The first check a document meets: every count and every length it
//! holds against the page's bounds ([`crate::limits`]) and DynamoDB's,
//! before anything of it is parsed further, generated or measured. A link
//! of any format is read into the current [`Document`] first, so one
//! check covers them all. The refusal names the part of the playground
//! and the limit, in the words the page shows.

use crate::model::failure::Failure;
use engine::limits::{
    MAX_EXPRESSION_BYTES, MAX_GLOBAL_INDEXES, MAX_INDEX_PARTITION_ATTRIBUTES,
    MAX_INDEX_SORT_ATTRIBUTES, MAX_ITEM_BYTES, MAX_LOCAL_INDEXES, MAX_PROJECTED_ATTRIBUTES,
    MAX_STATEMENT_CHARS,
};

use super::v1::JsonText;
use super::v7::Document;
use crate::limits::{
    MAX_ATTRIBUTE_LINE_BYTES, MAX_ATTRIBUTES, MAX_CONSOLE_FILE_BYTES,
    MAX_CONSOLE_FILE_BYTES_IN_ALL, MAX_CONSOLE_FILE_NAME_BYTES, MAX_CONSOLE_FILES,
    MAX_DESCRIPTION_BYTES, MAX_EDITS, MAX_ENTITIES, MAX_NAME_BYTES, MAX_PATTERNS,
    MAX_REQUEST_BYTES, MAX_TEMPLATE_BYTES,
};

/// Longest name DynamoDB gives a table or an index.
const MAX_TABLE_NAME_BYTES: usize = 255;

/// The most the text of one entity's attribute lines can be.
const MAX_ATTRIBUTE_TEXT_BYTES: usize = MAX_ATTRIBUTES * MAX_ATTRIBUTE_LINE_BYTES;

/// Checks every count and length of `document`.
pub fn check(document: &Document) -> Result<(), Failure> {
    let table = &document.table;
    longest("Its table's name", &table.name, MAX_TABLE_NAME_BYTES)?;
    most(
        "Its table",
        "indexes",
        table.indexes.len(),
        MAX_GLOBAL_INDEXES + MAX_LOCAL_INDEXES,
    )?;
    for key in std::iter::once(&table.partition_key).chain(&table.sort_key) {
        longest("A key attribute's name", &key.name, MAX_NAME_BYTES)?;
    }
    for index in &table.indexes {
        longest("An index's name", &index.name, MAX_TABLE_NAME_BYTES)?;
        let whose = format!("The index {}", index.name);
        most(
            &whose,
            "partition key attributes",
            1 + index.more_partition.len(),
            MAX_INDEX_PARTITION_ATTRIBUTES,
        )?;
        most(
            &whose,
            "sort key attributes",
            usize::from(index.sort_key.is_some()) + index.more_sort.len(),
            MAX_INDEX_SORT_ATTRIBUTES,
        )?;
        let keys = std::iter::once(&index.partition_key)
            .chain(&index.sort_key)
            .chain(&index.more_partition)
            .chain(&index.more_sort);
        for key in keys {
            longest("A key attribute's name", &key.name, MAX_NAME_BYTES)?;
        }
        if let super::v1::Projection::Include(names) = &index.projection {
            most(
                &format!("The index {}", index.name),
                "projected attributes",
                names.len(),
                MAX_PROJECTED_ATTRIBUTES,
            )?;
            for name in names {
                longest("A projected attribute's name", name, MAX_NAME_BYTES)?;
            }
        }
    }
    most("It", "entities", document.entities.len(), MAX_ENTITIES)?;
    for entity in &document.entities {
        longest("An entity's name", &entity.name, MAX_NAME_BYTES)?;
        if let Some(parent) = &entity.parent {
            longest("An entity's parent", parent, MAX_NAME_BYTES)?;
        }
        longest(
            &format!("{}'s attribute lines", entity.name),
            &entity.attributes,
            MAX_ATTRIBUTE_TEXT_BYTES,
        )?;
        most(
            &entity.name,
            "key templates",
            entity.keys.len(),
            2 + table
                .indexes
                .iter()
                .map(|i| 2 + i.more_partition.len() + i.more_sort.len())
                .sum::<usize>(),
        )?;
        for (key, template) in &entity.keys {
            longest("A key attribute's name", key, MAX_NAME_BYTES)?;
            longest(
                &format!("{}'s {key} template", entity.name),
                template,
                MAX_TEMPLATE_BYTES,
            )?;
        }
    }
    most(
        "It",
        "access patterns",
        document.patterns.len(),
        MAX_PATTERNS,
    )?;
    for (n, pattern) in document.patterns.iter().enumerate() {
        let what = |part: &str| format!("Access pattern {}'s {part}", n + 1);
        longest(
            &what("description"),
            &pattern.description,
            MAX_DESCRIPTION_BYTES,
        )?;
        longest(&what("operation"), &pattern.operation, MAX_NAME_BYTES)?;
        json_longest(&what("request"), &pattern.request, MAX_REQUEST_BYTES)?;
        if let Some(filter) = &pattern.scan_filter {
            longest(
                &what("Scan filter"),
                &filter.expression,
                MAX_EXPRESSION_BYTES,
            )?;
            json_longest(
                &what("Scan filter's values"),
                &filter.values,
                MAX_REQUEST_BYTES,
            )?;
            if let Some(names) = &filter.names {
                json_longest(&what("Scan filter's names"), names, MAX_REQUEST_BYTES)?;
            }
        }
        if let Some(alternative) = &pattern.alternative {
            longest(
                &what("statement to compare with"),
                alternative,
                MAX_STATEMENT_CHARS * 4,
            )?;
        }
    }
    most(
        "The runner",
        "fields",
        document.runner.len(),
        super::v7::RUNNER_FIELDS.len(),
    )?;
    for (field, value) in &document.runner {
        longest("A runner field's name", field, MAX_NAME_BYTES)?;
        longest(&format!("The runner's {field}"), value, MAX_REQUEST_BYTES)?;
    }
    if let Some(index) = &document.view.index {
        longest("The data view's index", index, MAX_TABLE_NAME_BYTES)?;
    }
    most(
        "It",
        "items changed by hand",
        document.edits.len(),
        MAX_EDITS,
    )?;
    for (n, edit) in document.edits.iter().enumerate() {
        let (super::v1::Edit::Put(json) | super::v1::Edit::Delete(json)) = edit;
        // An item is at most 400 KB by DynamoDB's measure; its DynamoDB
        // JSON, with the type of every value and base64 for binaries,
        // at most about twice that.
        json_longest(
            &format!("Change {} made by hand", n + 1),
            json,
            2 * MAX_ITEM_BYTES,
        )?;
    }
    let path = &document.write_path;
    for (what, text) in [
        ("Its stream's view type", path.stream.as_deref()),
        ("Its time-to-live attribute", path.ttl_attribute.as_deref()),
    ] {
        if let Some(text) = text {
            longest(what, text, MAX_NAME_BYTES)?;
        }
    }
    if let Some(handler) = &path.handler {
        longest("Its stream handler's event", &handler.event, MAX_NAME_BYTES)?;
        longest(
            "Its stream handler's attribute",
            &handler.when_attribute,
            MAX_NAME_BYTES,
        )?;
        longest(
            "Its stream handler's value",
            &handler.when_equals,
            MAX_TEMPLATE_BYTES,
        )?;
        most("Its stream handler", "key templates", handler.key.len(), 2)?;
        for (key, template) in &handler.key {
            longest("A key attribute's name", key, MAX_NAME_BYTES)?;
            longest(
                "Its stream handler's key template",
                template,
                MAX_TEMPLATE_BYTES,
            )?;
        }
        longest(
            "Its stream handler's update",
            &handler.update,
            MAX_EXPRESSION_BYTES,
        )?;
        longest(
            "Its stream handler's values",
            &handler.values,
            MAX_REQUEST_BYTES,
        )?;
    }
    console_files(document)
}

/// The console's files: how many, each name and size, and all together.
fn console_files(document: &Document) -> Result<(), Failure> {
    let files = &document.console_files;
    most("Its console", "files", files.len(), MAX_CONSOLE_FILES)?;
    let mut in_all = 0;
    for file in files {
        longest(
            "A console file's name",
            &file.name,
            MAX_CONSOLE_FILE_NAME_BYTES,
        )?;
        if file.name.is_empty() {
            return Err(Failure::refused("A console file has no name."));
        }
        let bytes = file.contents.len();
        if bytes > MAX_CONSOLE_FILE_BYTES {
            return Err(Failure::refused(format!(
                "The console file {} is {bytes} bytes long; the page reads at most {MAX_CONSOLE_FILE_BYTES}.",
                file.name
            )));
        }
        in_all += bytes;
    }
    if in_all > MAX_CONSOLE_FILE_BYTES_IN_ALL {
        return Err(Failure::refused(format!(
            "Its console's files hold {in_all} bytes; the page reads at most {MAX_CONSOLE_FILE_BYTES_IN_ALL}."
        )));
    }
    Ok(())
}

/// `text` is at most `limit` bytes.
fn longest(what: &str, text: &str, limit: usize) -> Result<(), Failure> {
    if text.len() > limit {
        return Err(Failure::refused(format!(
            "{what} is {} bytes long; the page reads at most {limit}.",
            text.len()
        )));
    }
    Ok(())
}

/// `json`, written as JSON, is at most `limit` bytes.
fn json_longest(what: &str, json: &JsonText, limit: usize) -> Result<(), Failure> {
    match json.encoded_len(limit) {
        Some(_) => Ok(()),
        None => Err(Failure::refused(format!(
            "{what} is more than {limit} bytes long; the page reads at most {limit}."
        ))),
    }
}

/// `n` things are at most `limit`.
fn most(whose: &str, things: &str, n: usize, limit: usize) -> Result<(), Failure> {
    if n > limit {
        return Err(Failure::refused(format!(
            "{whose} has {n} {things}; the page reads at most {limit}."
        )));
    }
    Ok(())
}
