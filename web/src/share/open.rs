//! A playground in and out of the document format: [`capture`] writes what
//! the learner made into a [`Document`], and [`open`] reads one back —
//! through the same checks as typed input, because a document may come
//! from a stranger's link. Attribute lines are parsed as the entity editor
//! parses them, requests rebuilt as the runner builds them, the chart
//! checked as a chart edit is; the table design goes to CreateTable and the
//! hand-made changes to PutItem and DeleteItem when the data is built, so a
//! design or an item DynamoDB would refuse is refused with its message.

use crate::model::failure::Failure;
use std::collections::BTreeMap;

use engine::api::Operation;
use engine::key::KeyType;
use engine::table::{EventName, StreamViewType};
use serde_json::Value as Json;

use super::v1;
use super::v7::{self as current, ConsoleFile, Contents, Document};
use crate::model::data::edits::{Edit, Edits};
use crate::model::data::multi_item::retarget;
use crate::model::data::view::Position;
use crate::model::design::attribute_text::{parse_attributes, print_attributes};
use crate::model::design::chart::{
    Chart, Entity, IndexDesign, KeyAttribute, ProjectionDesign, TableDesign,
};
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::PATTERN_OPERATIONS;
use crate::model::patterns::pattern::{AccessPattern, Budget, MAX_PATTERNS, ScanFilter};
use crate::model::patterns::pattern_settings::check_settings;
use crate::model::patterns::runner::{Draft, Form, OPERATIONS};
use crate::model::playground::Playground;
use crate::model::stream::stream_handler::StreamHandler;
use console::session::FileStore;

/// The document for a playground.
pub fn capture(playground: &Playground) -> Document {
    let Playground {
        chart,
        seed,
        patterns,
        selected,
        prices,
        draft,
        position,
        edits,
        handler,
        console_files,
    } = playground;
    let key_order = chart.table.key_attribute_names();
    Document {
        table: table_out(&chart.table),
        entities: chart
            .entities
            .iter()
            .map(|e| v1::Entity {
                name: e.name.clone(),
                parent: e.parent.clone(),
                count: e.count,
                attributes: print_attributes(&e.attributes),
                keys: key_order
                    .iter()
                    .filter_map(|k| Some((k.clone(), e.keys.get(k)?.clone())))
                    .filter(|(_, template)| !template.is_empty())
                    .collect(),
            })
            .collect(),
        seed: *seed,
        patterns: patterns
            .iter()
            .map(|p| current::Pattern {
                description: p.description.clone(),
                operation: p.operation.name().to_string(),
                request: v1::JsonText::new(p.request.clone()),
                scan_filter: p.scan_filter.as_ref().map(|f| v1::ScanFilter {
                    expression: f.expression.clone(),
                    names: f.names.clone().map(v1::JsonText::new),
                    values: v1::JsonText::new(f.values.clone()),
                }),
                alternative: p.alternative.clone(),
                budget: current::Budget {
                    keyed: p.budget.keyed,
                    max_units: p.budget.max_units,
                    returns_what_it_reads: p.budget.returns_what_it_reads,
                    expected_items: p.budget.expected_items,
                },
                rate: p.rate,
                shards: p.shards,
            })
            .collect(),
        selected: count32(*selected),
        prices: v1::Prices {
            read_per_million: prices.read_per_million,
            write_per_million: prices.write_per_million,
            requests_per_month: prices.requests_per_month,
        },
        runner: runner_out(draft),
        view: v1::View {
            index: position.index.clone(),
            row: count32(position.row),
        },
        edits: edits
            .iter()
            .map(|e| match e {
                Edit::Put(item) => v1::Edit::Put(v1::JsonText::new(item.clone())),
                Edit::Delete(key) => v1::Edit::Delete(v1::JsonText::new(key.clone())),
            })
            .collect(),
        write_path: current::WritePath {
            stream: chart.table.stream.map(|v| v.name().to_string()),
            ttl_attribute: chart.table.ttl_attribute.clone(),
            handler: handler.as_ref().map(|h| current::Handler {
                event: h.event.name().to_string(),
                when_attribute: h.when_attribute.clone(),
                when_equals: h.when_equals.clone(),
                key: h.key.clone(),
                update: h.update.clone(),
                values: h.values.clone(),
                idempotent: h.idempotent,
            }),
        },
        console_files: console_files
            .iter()
            .map(|(name, contents)| ConsoleFile {
                name: name.clone(),
                contents: Contents::of(contents.clone()),
            })
            .collect(),
    }
}

/// Reads a document back into a playground, or says what is wrong with it.
pub fn open(document: Document) -> Result<Playground, Failure> {
    super::bounds::check(&document)?;
    let table = table_in(&document.table, &document.write_path)?;
    let entities = document
        .entities
        .into_iter()
        .map(|e| entity_in(e, &table))
        .collect::<Result<Vec<_>, _>>()?;
    let chart = Chart { table, entities };
    chart.validate()?;
    if document.patterns.len() > MAX_PATTERNS {
        return Err(Failure::refused(format!(
            "It has {} access patterns; a playground holds at most {MAX_PATTERNS}.",
            document.patterns.len()
        )));
    }
    let patterns = document
        .patterns
        .into_iter()
        .enumerate()
        .map(|(n, p)| {
            pattern_in(p, &chart.table.name)
                .map_err(|e| e.within(&format!("Access pattern {}", n + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let selected = position_in(document.selected, patterns.len(), "selects access pattern")?;
    let prices = prices_in(document.prices)?;
    let draft = runner_in(document.runner, &chart.table.name, patterns.len())?;
    if let Some(index) = &document.view.index
        && !chart.table.indexes.iter().any(|i| &i.name == index)
    {
        return Err(Failure::refused(format!(
            "The data view shows the index {index}, which the table does not have."
        )));
    }
    let changes = document
        .edits
        .into_iter()
        .enumerate()
        .map(|(n, e)| {
            let context = |why| Failure::refused(format!("Change {} made by hand: {why}.", n + 1));
            match e {
                v1::Edit::Put(item) => item.into_value().map(Edit::Put).map_err(context),
                v1::Edit::Delete(key) => key.into_value().map(Edit::Delete).map_err(context),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let edits = Edits::from_changes(changes, &chart.table)?;
    let handler = document
        .write_path
        .handler
        .map(|h| handler_in(h, &chart))
        .transpose()?;
    Ok(Playground {
        chart,
        seed: document.seed,
        patterns,
        selected,
        prices,
        draft,
        position: Position {
            index: document.view.index,
            row: document.view.row as usize,
        },
        edits,
        handler,
        console_files: console_files_in(document.console_files)?,
    })
}

/// The console's files, each name once (as `file://` reads it: `./a` is
/// `a`). Their counts and sizes were checked with the document's bounds.
fn console_files_in(files: Vec<ConsoleFile>) -> Result<FileStore, Failure> {
    let mut store = FileStore::default();
    for file in files {
        if store.get(&file.name).is_some() {
            return Err(Failure::refused(format!(
                "Its console has two files named {}.",
                FileStore::normalise(&file.name)
            )));
        }
        store.put(&file.name, file.contents.into_bytes());
    }
    Ok(store)
}

/// The stream handler, checked as the handler editor checks it.
fn handler_in(handler: current::Handler, chart: &Chart) -> Result<StreamHandler, Failure> {
    if chart.table.stream.is_none() {
        return Err(Failure::refused(
            "It has a stream handler, but the table has no stream.",
        ));
    }
    let Some(event) = EventName::from_name(&handler.event) else {
        return Err(Failure::refused(format!(
            "Its stream handler acts on \"{}\", which is not INSERT, MODIFY or REMOVE.",
            handler.event
        )));
    };
    let key_names = [
        Some(chart.table.partition_key.name.as_str()),
        chart.table.sort_key.as_ref().map(|k| k.name.as_str()),
    ];
    if handler.key.len() != key_names.iter().flatten().count()
        || !handler
            .key
            .iter()
            .all(|(name, _)| key_names.contains(&Some(name.as_str())))
    {
        return Err(Failure::refused(
            "Its stream handler's key does not name the table's key attributes.",
        ));
    }
    for (name, text) in &handler.key {
        crate::model::design::template::Template::parse(text)
            .map_err(|e| Failure::refused(format!("Its stream handler's {name} template: {e}.")))?;
    }
    Ok(StreamHandler {
        event,
        when_attribute: handler.when_attribute,
        when_equals: handler.when_equals,
        key: handler.key,
        update: handler.update,
        values: handler.values,
        idempotent: handler.idempotent,
    })
}

fn count32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A position in a list: `selected` must name one of `len` things (or be
/// 0 when there are none).
fn position_in(n: u32, len: usize, what: &str) -> Result<usize, Failure> {
    let n = n as usize;
    if n < len || n == 0 {
        Ok(n)
    } else {
        Err(Failure::refused(format!(
            "It {what} {}, but there are only {len}.",
            n + 1
        )))
    }
}

fn key_out(key: &KeyAttribute) -> v1::Key {
    v1::Key {
        name: key.name.clone(),
        key_type: match key.key_type {
            KeyType::S => v1::KeyType::S,
            KeyType::N => v1::KeyType::N,
            KeyType::B => v1::KeyType::B,
        },
    }
}

fn key_in(key: &v1::Key) -> KeyAttribute {
    KeyAttribute {
        name: key.name.clone(),
        key_type: match key.key_type {
            v1::KeyType::S => KeyType::S,
            v1::KeyType::N => KeyType::N,
            v1::KeyType::B => KeyType::B,
        },
    }
}

fn table_out(table: &TableDesign) -> current::Table {
    current::Table {
        name: table.name.clone(),
        partition_key: key_out(&table.partition_key),
        sort_key: table.sort_key.as_ref().map(key_out),
        indexes: table
            .indexes
            .iter()
            .map(|i| current::Index {
                name: i.name.clone(),
                global: i.global,
                partition_key: key_out(&i.partition_key),
                sort_key: i.sort_key.as_ref().map(key_out),
                more_partition: i.more_partition.iter().map(key_out).collect(),
                more_sort: i.more_sort.iter().map(key_out).collect(),
                projection: match &i.projection {
                    ProjectionDesign::KeysOnly => v1::Projection::KeysOnly,
                    ProjectionDesign::Include(names) => v1::Projection::Include(names.clone()),
                    ProjectionDesign::All => v1::Projection::All,
                },
            })
            .collect(),
    }
}

/// The table design; DynamoDB's own checks run when the table is created
/// (and when its stream and time to live are turned on).
fn table_in(
    table: &current::Table,
    write_path: &current::WritePath,
) -> Result<TableDesign, Failure> {
    let stream = match &write_path.stream {
        None => None,
        Some(view) => Some(StreamViewType::from_name(view).ok_or_else(|| {
            Failure::refused(format!(
                "Its table's stream has the view type \"{view}\", which DynamoDB does not have."
            ))
        })?),
    };
    Ok(TableDesign {
        stream,
        ttl_attribute: write_path.ttl_attribute.clone(),
        name: table.name.clone(),
        partition_key: key_in(&table.partition_key),
        sort_key: table.sort_key.as_ref().map(key_in),
        indexes: table
            .indexes
            .iter()
            .map(|i| IndexDesign {
                name: i.name.clone(),
                global: i.global,
                partition_key: key_in(&i.partition_key),
                sort_key: i.sort_key.as_ref().map(key_in),
                more_partition: i.more_partition.iter().map(key_in).collect(),
                more_sort: i.more_sort.iter().map(key_in).collect(),
                projection: match &i.projection {
                    v1::Projection::KeysOnly => ProjectionDesign::KeysOnly,
                    v1::Projection::Include(names) => ProjectionDesign::Include(names.clone()),
                    v1::Projection::All => ProjectionDesign::All,
                },
            })
            .collect(),
    })
}

fn entity_in(entity: v1::Entity, table: &TableDesign) -> Result<Entity, Failure> {
    let attributes = parse_attributes(&entity.attributes).map_err(|e| {
        Failure::refused(format!(
            "{}: attribute line {}: {}.",
            entity.name, e.line, e.message
        ))
    })?;
    let key_names = table.key_attribute_names();
    let mut keys = BTreeMap::new();
    for (key, template) in entity.keys {
        if !key_names.contains(&key) {
            return Err(Failure::refused(format!(
                "{} has a template for {key}, which is not a key attribute of the table or its indexes.",
                entity.name
            )));
        }
        if !template.trim().is_empty() {
            keys.insert(key, template.trim().to_string());
        }
    }
    Ok(Entity {
        name: entity.name,
        attributes,
        keys,
        parent: entity.parent,
        count: entity.count,
    })
}

/// A pattern's request, rebuilt the way the runner builds a pattern's
/// request from its form, on the page's one table.
fn pattern_in(pattern: current::Pattern, table: &str) -> Result<AccessPattern, Failure> {
    let operation = Operation::parse(&pattern.operation)
        .filter(|o| PATTERN_OPERATIONS.contains(o))
        .ok_or_else(|| {
            Failure::refused(format!(
                "\"{}\" is not an operation an access pattern can use.",
                pattern.operation
            ))
        })?;
    let request = pattern
        .request
        .into_value()
        .map_err(|why| Failure::refused(format!("its request: {why}.")))?;
    if !request.is_object() {
        return Err(Failure::refused("its request is not a JSON object."));
    }
    let mut request = Form::from_request(operation, &request)
        .pattern_request()
        .map_err(|f| Failure::refused(f.message))?;
    retarget(operation, &mut request, table);
    let scan_filter = match pattern.scan_filter {
        None => None,
        Some(filter) => {
            let read = |text: v1::JsonText| {
                text.into_value()
                    .map_err(|why| Failure::refused(format!("its Scan filter: {why}.")))
            };
            let values = read(filter.values)?;
            let names = filter.names.map(read).transpose()?;
            if !(values.is_object() || values.is_null())
                || !names.as_ref().is_none_or(Json::is_object)
            {
                return Err(Failure::refused(
                    "its Scan filter's placeholders are not JSON objects.",
                ));
            }
            Some(ScanFilter {
                expression: filter.expression,
                names,
                values,
            })
        }
    };
    let alternative = match pattern.alternative {
        Some(_) if operation != Operation::ExecuteStatement => {
            return Err(Failure::refused(
                "it has a statement to compare with, but is not a PartiQL SELECT.",
            ));
        }
        Some(text) if text.trim().is_empty() => None,
        other => other,
    };
    let budget = Budget {
        keyed: pattern.budget.keyed,
        max_units: pattern.budget.max_units,
        returns_what_it_reads: pattern.budget.returns_what_it_reads,
        expected_items: pattern.budget.expected_items,
    };
    check_settings(operation, &budget, pattern.rate, pattern.shards)?;
    Ok(AccessPattern {
        description: pattern.description,
        operation,
        request,
        scan_filter,
        alternative,
        shards: pattern.shards,
        budget,
        rate: pattern.rate,
    })
}

fn prices_in(prices: v1::Prices) -> Result<Prices, Failure> {
    if !Prices::is_price(prices.read_per_million)
        || !Prices::is_price(prices.write_per_million)
        || !Prices::is_requests_per_month(prices.requests_per_month)
    {
        return Err(Failure::refused(format!(
            "Its prices must be numbers from 0 to {}, and its requests a month from 0 to {}.",
            crate::model::format::thousands(crate::limits::MAX_PRICE as usize),
            crate::limits::MAX_REQUESTS_PER_MONTH
        )));
    }
    Ok(Prices {
        read_per_million: prices.read_per_million,
        write_per_million: prices.write_per_million,
        requests_per_month: prices.requests_per_month,
    })
}

/// The runner's fields, by their names in the format, with a way to read
/// and write each as text.
type Field = (&'static str, fn(&Draft) -> String, fn(&mut Draft, String));

const RUNNER: [Field; 31] = [
    (
        "operation",
        |d| d.form.operation.name().to_string(),
        // The name is read in `runner_in`, which can refuse it.
        |_, _| {},
    ),
    ("index", |d| d.form.index.clone(), |d, v| d.form.index = v),
    (
        "key_condition",
        |d| d.form.key_condition.clone(),
        |d, v| d.form.key_condition = v,
    ),
    (
        "filter",
        |d| d.form.filter.clone(),
        |d, v| d.form.filter = v,
    ),
    (
        "projection",
        |d| d.form.projection.clone(),
        |d, v| d.form.projection = v,
    ),
    ("names", |d| d.form.names.clone(), |d, v| d.form.names = v),
    (
        "values",
        |d| d.form.values.clone(),
        |d, v| d.form.values = v,
    ),
    ("limit", |d| d.form.limit.clone(), |d, v| d.form.limit = v),
    (
        "select",
        |d| d.form.select.clone(),
        |d, v| d.form.select = v,
    ),
    (
        "segment",
        |d| d.form.segment.clone(),
        |d, v| d.form.segment = v,
    ),
    (
        "total_segments",
        |d| d.form.total_segments.clone(),
        |d, v| d.form.total_segments = v,
    ),
    (
        "backward",
        |d| flag(!d.form.forward),
        |d, v| d.form.forward = v != "true",
    ),
    (
        "consistent",
        |d| flag(d.form.consistent),
        |d, v| d.form.consistent = v == "true",
    ),
    ("key", |d| d.form.key.clone(), |d, v| d.form.key = v),
    ("item", |d| d.form.item.clone(), |d, v| d.form.item = v),
    (
        "update",
        |d| d.form.update.clone(),
        |d, v| d.form.update = v,
    ),
    (
        "condition",
        |d| d.form.condition.clone(),
        |d, v| d.form.condition = v,
    ),
    (
        "return_values",
        |d| d.form.return_values.clone(),
        |d, v| d.form.return_values = v,
    ),
    (
        "description",
        |d| d.description.clone(),
        |d, v| d.description = v,
    ),
    (
        "editing",
        |d| d.editing.map_or(String::new(), |n| n.to_string()),
        |_, _| {},
    ),
    (
        "request_items",
        |d| d.form.request_items.clone(),
        |d, v| d.form.request_items = v,
    ),
    (
        "transact_items",
        |d| d.form.transact_items.clone(),
        |d, v| d.form.transact_items = v,
    ),
    (
        "statement",
        |d| d.form.statement.clone(),
        |d, v| d.form.statement = v,
    ),
    (
        "parameters",
        |d| d.form.parameters.clone(),
        |d, v| d.form.parameters = v,
    ),
    (
        "alternative",
        |d| d.alternative.clone(),
        |d, v| d.alternative = v,
    ),
    (
        "keyed",
        |d| flag(d.settings.keyed),
        |d, v| d.settings.keyed = v == "true",
    ),
    (
        "max_units",
        |d| d.settings.max_units.clone(),
        |d, v| d.settings.max_units = v,
    ),
    (
        "returns_what_it_reads",
        |d| flag(d.settings.returns_what_it_reads),
        |d, v| d.settings.returns_what_it_reads = v == "true",
    ),
    (
        "expected_items",
        |d| d.settings.expected_items.clone(),
        |d, v| d.settings.expected_items = v,
    ),
    (
        "rate",
        |d| d.settings.rate.clone(),
        |d, v| d.settings.rate = v,
    ),
    (
        "shards",
        |d| d.settings.shards.clone(),
        |d, v| d.settings.shards = v,
    ),
];

fn flag(on: bool) -> String {
    if on { "true".into() } else { String::new() }
}

fn runner_out(draft: &Draft) -> current::Runner {
    RUNNER
        .iter()
        .map(|(name, read, _)| (name.to_string(), read(draft)))
        .filter(|(_, value)| !value.is_empty())
        .collect()
}

/// The runner's fields as typed: they may hold half-written requests,
/// which the runner shows as DynamoDB's errors when run.
fn runner_in(runner: current::Runner, table: &str, patterns: usize) -> Result<Draft, Failure> {
    let mut draft = Draft {
        form: Form {
            operation: Operation::Query,
            table: table.to_string(),
            forward: true,
            ..Form::default()
        },
        ..Draft::default()
    };
    let mut operation = None;
    for (name, value) in runner {
        let (_, _, write) = RUNNER
            .iter()
            .find(|(field, _, _)| *field == name)
            .ok_or_else(|| {
                Failure::refused(format!(
                    "The runner has a field \"{name}\" this page does not know."
                ))
            })?;
        if name == "editing" {
            let n: usize = value.parse().map_err(|_| {
                Failure::refused(format!(
                    "The runner edits access pattern \"{value}\", which is not a number."
                ))
            })?;
            if n >= patterns {
                return Err(Failure::refused(format!(
                    "The runner edits access pattern {}, but there are only {patterns}.",
                    n + 1
                )));
            }
            draft.editing = Some(n);
        } else if name == "operation" {
            operation = Some(value);
        } else {
            write(&mut draft, value);
        }
    }
    if let Some(name) = operation {
        draft.form.operation = Operation::parse(&name)
            .filter(|o| OPERATIONS.contains(o))
            .ok_or_else(|| {
                Failure::refused(format!(
                    "The runner's operation \"{name}\" is not one the runner offers."
                ))
            })?;
    }
    Ok(draft)
}
