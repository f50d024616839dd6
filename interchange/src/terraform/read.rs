//! `aws_dynamodb_table` resources read from a Terraform file, parsed by
//! hcl-rs (whose parser holds nesting to 64 levels and chains of
//! operators to 128, so no file overflows the stack).
//!
//! Only literal values are read: a name from a variable, a local or a
//! function call cannot be known without the rest of the configuration,
//! so such a value is refused by name, and so is a `dynamic` block. What
//! the provider knows but the playground's table does not keep (server-
//! side encryption, replicas, capacity limits, `lifecycle`) becomes a
//! note; an argument the provider does not know is refused, as Terraform
//! would refuse it.

use hcl::{Block, Body, Expression};

use crate::imported::{Imported, choose};
use crate::limits::MAX_TEMPLATE_BYTES;
use crate::model::{
    Attribute, Billing, Index, KeySchema, Model, Projection, Table, Tag, Throughput,
};
use crate::refusal::{Refusal, refuse};

/// The arguments and blocks the provider takes that the playground's
/// table does not keep: read past, with a note.
const NOT_KEPT: [&str; 19] = [
    "server_side_encryption",
    "replica",
    "global_table_witness",
    "import_table",
    "on_demand_throughput",
    "warm_throughput",
    "restore_source_name",
    "restore_source_table_arn",
    "restore_backup_arn",
    "restore_date_time",
    "restore_to_latest_time",
    "region",
    "timeouts",
    "lifecycle",
    "provider",
    "depends_on",
    "tags_all",
    "stream_label",
    "count",
];

/// Reads the `aws_dynamodb_table` named `choice` (its `name`), else the
/// first of the file.
pub fn read(text: &str, choice: Option<&str>) -> Result<Imported, Refusal> {
    if text.len() > MAX_TEMPLATE_BYTES {
        return refuse(format!(
            "the file is {} bytes; a Terraform file is read up to {MAX_TEMPLATE_BYTES}",
            text.len()
        ));
    }
    let body = hcl::parse(text).map_err(|e| Refusal(format!("the file is not HCL: {e}")))?;
    let resources: Vec<&Block> = body
        .blocks()
        .filter(|b| {
            b.identifier() == "resource"
                && b.labels().first().map(|l| l.as_str()) == Some("aws_dynamodb_table")
        })
        .collect();
    let names: Vec<String> = resources.iter().map(|r| table_name(r).0).collect();
    let at = choose(&names, choice, "aws_dynamodb_table resource")?;
    let mut notes = Vec::new();
    let table = read_table(resources[at], &mut notes)?;
    Ok(Imported {
        model: Model {
            table,
            ..Model::default()
        },
        tables: names,
        notes,
    })
}

/// `aws_dynamodb_table.orders`: how messages name a resource.
fn place(block: &Block) -> String {
    let label = block.labels().get(1).map(|l| l.as_str()).unwrap_or("?");
    format!("aws_dynamodb_table.{label}")
}

/// The table's name: its `name` when that is literal, else the
/// resource's label, with a note saying so.
fn table_name(resource: &Block) -> (String, Option<String>) {
    let place = place(resource);
    let label = resource
        .labels()
        .get(1)
        .map(|l| l.as_str())
        .unwrap_or("table");
    match attribute(resource.body(), "name") {
        Some(Expression::String(name)) => (name.clone(), None),
        Some(other) => {
            let written = hcl::format::to_string(other).unwrap_or_default();
            let note = format!(
                "{place}: name is {written}, which needs the rest of the configuration; the table is named {label}"
            );
            (label.to_string(), Some(note))
        }
        None => (
            label.to_string(),
            Some(format!("{place} has no name; the table is named {label}")),
        ),
    }
}

fn read_table(resource: &Block, notes: &mut Vec<String>) -> Result<Table, Refusal> {
    let place = place(resource);
    let body = resource.body();
    check_arguments(body, &place, notes)?;
    let required = |key: &str| -> Result<String, Refusal> {
        text_of(body, key, &place)?.ok_or_else(|| Refusal(format!("{place} has no {key}")))
    };
    let (name, note) = table_name(resource);
    notes.extend(note);
    let mut table = Table {
        name,
        ..Table::default()
    };
    let table_key: Vec<&Block> = blocks(body, "key_schema").collect();
    table.key = if table_key.is_empty() {
        KeySchema::simple(
            &required("hash_key")?,
            text_of(body, "range_key", &place)?.as_deref(),
        )
    } else {
        key_schema(&table_key, &place)?
    };
    for block in blocks(body, "attribute") {
        let at = format!("{place} attribute");
        let name = text_of(block.body(), "name", &at)?
            .ok_or_else(|| Refusal(format!("an attribute block of {place} has no name")))?;
        let attribute_type = text_of(block.body(), "type", &at)?
            .ok_or_else(|| Refusal(format!("the attribute block {name} of {place} has no type")))?;
        if !["S", "N", "B"].contains(&attribute_type.as_str()) {
            return refuse(format!(
                "the attribute block {name} of {place} has type {attribute_type}; a key attribute is S, N or B"
            ));
        }
        table.attributes.push(Attribute {
            name,
            attribute_type,
        });
    }
    let mode = text_of(body, "billing_mode", &place)?.unwrap_or_else(|| "PROVISIONED".into());
    table.billing = match mode.as_str() {
        "PAY_PER_REQUEST" => Billing::PayPerRequest,
        "PROVISIONED" => Billing::Provisioned(capacity(body, &place)?.ok_or_else(|| {
            Refusal(format!(
                "{place} is PROVISIONED but has no read_capacity and write_capacity"
            ))
        })?),
        other => {
            return refuse(format!(
                "{place} has billing_mode {other}; it is PROVISIONED or PAY_PER_REQUEST"
            ));
        }
    };
    for block in blocks(body, "global_secondary_index") {
        table.global_indexes.push(global_index(block, &place)?);
    }
    for block in blocks(body, "local_secondary_index") {
        let name = text_of(block.body(), "name", &place)?
            .ok_or_else(|| Refusal(format!("a local_secondary_index of {place} has no name")))?;
        let at = format!("{place} local_secondary_index {name}");
        let range = text_of(block.body(), "range_key", &at)?
            .ok_or_else(|| Refusal(format!("{at} has no range_key")))?;
        table.local_indexes.push(Index {
            key: KeySchema::simple(table.key.partition(), Some(&range)),
            projection: projection(block.body(), &at)?,
            name,
            throughput: None,
        });
    }
    if boolean_of(body, "stream_enabled", &place)?.unwrap_or(false) {
        table.stream = Some(text_of(body, "stream_view_type", &place)?.ok_or_else(|| {
            Refusal(format!(
                "{place} has stream_enabled but no stream_view_type"
            ))
        })?);
    }
    if let Some(ttl) = blocks(body, "ttl").next() {
        let at = format!("{place} ttl");
        if boolean_of(ttl.body(), "enabled", &at)?.unwrap_or(false) {
            table.ttl =
                Some(text_of(ttl.body(), "attribute_name", &at)?.ok_or_else(|| {
                    Refusal(format!("{at} is enabled but has no attribute_name"))
                })?);
        }
    }
    if let Some(pitr) = blocks(body, "point_in_time_recovery").next() {
        let at = format!("{place} point_in_time_recovery");
        table.point_in_time_recovery = boolean_of(pitr.body(), "enabled", &at)?.unwrap_or(false);
    }
    if let Some(tags) = attribute(body, "tags") {
        table.tags = read_tags(tags, &place)?;
    }
    if let Some(class) = text_of(body, "table_class", &place)?.filter(|c| c != "STANDARD") {
        table.table_class = Some(class);
    }
    table.deletion_protection =
        boolean_of(body, "deletion_protection_enabled", &place)?.unwrap_or(false);
    Ok(table)
}

/// Refuses `dynamic` blocks and arguments the provider does not know;
/// notes the ones the playground does not keep.
fn check_arguments(body: &Body, place: &str, notes: &mut Vec<String>) -> Result<(), Refusal> {
    const KEPT: [&str; 20] = [
        "name",
        "billing_mode",
        "hash_key",
        "range_key",
        "read_capacity",
        "write_capacity",
        "attribute",
        "global_secondary_index",
        "local_secondary_index",
        "stream_enabled",
        "stream_view_type",
        "ttl",
        "point_in_time_recovery",
        "tags",
        "table_class",
        "deletion_protection_enabled",
        "key_schema",
        "for_each",
        "id",
        "arn",
    ];
    for block in body.blocks() {
        if block.identifier() == "dynamic" {
            let label = block.labels().first().map(|l| l.as_str()).unwrap_or("");
            return refuse(format!(
                "{place} has a dynamic \"{label}\" block; only blocks written out are read"
            ));
        }
    }
    let keys = body
        .attributes()
        .map(|a| a.key())
        .chain(body.blocks().map(|b| b.identifier()));
    for key in keys {
        if key == "for_each" {
            return refuse(format!(
                "{place} has for_each; only a resource written out for one table is read"
            ));
        }
        if NOT_KEPT.contains(&key) {
            notes.push(format!(
                "{place}: {key} is not part of the playground's table and is left out"
            ));
        } else if !KEPT.contains(&key) {
            return refuse(format!(
                "{place} has {key}, which aws_dynamodb_table does not take"
            ));
        }
    }
    Ok(())
}

fn blocks<'a>(body: &'a Body, identifier: &'a str) -> impl Iterator<Item = &'a Block> + 'a {
    body.blocks().filter(move |b| b.identifier() == identifier)
}

fn attribute<'a>(body: &'a Body, key: &str) -> Option<&'a Expression> {
    body.attributes().find(|a| a.key() == key).map(|a| a.expr())
}

/// Why `expression` is not read: it is not a literal.
fn not_literal<T>(expression: &Expression, key: &str, place: &str) -> Result<T, Refusal> {
    let written = hcl::format::to_string(expression).unwrap_or_default();
    refuse(format!(
        "{place}: {key} is {written}; only literal values are read (a variable, a local or a function needs the rest of the configuration)"
    ))
}

fn text_of(body: &Body, key: &str, place: &str) -> Result<Option<String>, Refusal> {
    match attribute(body, key) {
        None | Some(Expression::Null) => Ok(None),
        Some(expression) => literal_text(expression, key, place).map(Some),
    }
}

fn literal_text(expression: &Expression, key: &str, place: &str) -> Result<String, Refusal> {
    match expression {
        Expression::String(s) => Ok(s.clone()),
        Expression::Number(n) => Ok(n.to_string()),
        Expression::Bool(b) => Ok(b.to_string()),
        other => not_literal(other, key, place),
    }
}

fn boolean_of(body: &Body, key: &str, place: &str) -> Result<Option<bool>, Refusal> {
    match attribute(body, key) {
        None | Some(Expression::Null) => Ok(None),
        Some(Expression::Bool(b)) => Ok(Some(*b)),
        Some(Expression::String(s)) if s == "true" || s == "false" => Ok(Some(s == "true")),
        Some(other) => not_literal(other, key, place),
    }
}

fn whole_of(body: &Body, key: &str, place: &str) -> Result<Option<u64>, Refusal> {
    match attribute(body, key) {
        None | Some(Expression::Null) => Ok(None),
        Some(Expression::Number(n)) => n.as_u64().map(Some).ok_or_else(|| {
            Refusal(format!(
                "{place}: {key} is {n}; it should be a whole number"
            ))
        }),
        Some(Expression::String(s)) => s.parse().map(Some).map_err(|_| {
            Refusal(format!(
                "{place}: {key} is \"{s}\"; it should be a whole number"
            ))
        }),
        Some(other) => not_literal(other, key, place),
    }
}

fn capacity(body: &Body, place: &str) -> Result<Option<Throughput>, Refusal> {
    match (
        whole_of(body, "read_capacity", place)?,
        whole_of(body, "write_capacity", place)?,
    ) {
        (Some(read), Some(write)) => Ok(Some(Throughput { read, write })),
        _ => Ok(None),
    }
}

fn key_schema(elements: &[&Block], place: &str) -> Result<KeySchema, Refusal> {
    let mut key = KeySchema::default();
    for element in elements {
        let name = text_of(element.body(), "attribute_name", place)?.ok_or_else(|| {
            Refusal(format!(
                "a key_schema block of {place} has no attribute_name"
            ))
        })?;
        match text_of(element.body(), "key_type", place)?.as_deref() {
            Some("HASH") if !key.range.is_empty() => {
                return refuse(format!(
                    "{place}: All elements of key_schema with \"key_type\" \"HASH\" must be before elements with \"key_type\" \"RANGE\""
                ));
            }
            Some("HASH") => key.hash.push(name),
            Some("RANGE") => key.range.push(name),
            other => {
                return refuse(format!(
                    "{place}: the key_schema block of {name} has key_type {}; it is HASH or RANGE",
                    other.unwrap_or("(none)")
                ));
            }
        }
    }
    if key.hash.is_empty() {
        return refuse(format!(
            "{place}: The first element of key_schema must have \"key_type\" \"HASH\""
        ));
    }
    Ok(key)
}

fn global_index(block: &Block, place: &str) -> Result<Index, Refusal> {
    let body = block.body();
    let name = text_of(body, "name", place)?
        .ok_or_else(|| Refusal(format!("a global_secondary_index of {place} has no name")))?;
    let at = format!("{place} global_secondary_index {name}");
    let elements: Vec<&Block> = blocks(body, "key_schema").collect();
    let hash_key = text_of(body, "hash_key", &at)?;
    let key = match (elements.is_empty(), hash_key) {
        (false, None) => key_schema(&elements, &at)?,
        (true, Some(hash)) => KeySchema::simple(&hash, text_of(body, "range_key", &at)?.as_deref()),
        (false, Some(_)) => {
            return refuse(format!(
                "{at} has both key_schema and hash_key; it takes one"
            ));
        }
        (true, None) => return refuse(format!("{at} has neither key_schema nor hash_key")),
    };
    Ok(Index {
        key,
        projection: projection(body, &at)?,
        throughput: capacity(body, &at)?,
        name,
    })
}

fn projection(body: &Body, place: &str) -> Result<Projection, Refusal> {
    let kind = text_of(body, "projection_type", place)?
        .ok_or_else(|| Refusal(format!("{place} has no projection_type")))?;
    Ok(match kind.as_str() {
        "ALL" => Projection::All,
        "KEYS_ONLY" => Projection::KeysOnly,
        "INCLUDE" => Projection::Include(match attribute(body, "non_key_attributes") {
            None => Vec::new(),
            Some(Expression::Array(names)) => names
                .iter()
                .map(|n| literal_text(n, "non_key_attributes", place))
                .collect::<Result<_, _>>()?,
            Some(other) => return not_literal(other, "non_key_attributes", place),
        }),
        other => {
            return refuse(format!(
                "{place} has projection_type {other}; it is ALL, KEYS_ONLY or INCLUDE"
            ));
        }
    })
}

fn read_tags(expression: &Expression, place: &str) -> Result<Vec<Tag>, Refusal> {
    let Expression::Object(entries) = expression else {
        return not_literal(expression, "tags", place);
    };
    entries
        .iter()
        .map(|(key, value)| {
            let key = match key {
                hcl::ObjectKey::Identifier(identifier) => identifier.as_str().to_string(),
                hcl::ObjectKey::Expression(expression) => {
                    literal_text(expression, "a tag's key", place)?
                }
                _ => return refuse(format!("{place}: a tag's key is not literal")),
            };
            Ok(Tag {
                value: literal_text(value, &format!("tag {key}"), place)?,
                key,
            })
        })
        .collect()
}
