//! The playground as the tools' model, for an export: the table as the
//! engine describes it (so that whatever the console changed — billing,
//! tags, point-in-time recovery — is in it), every item the engine holds,
//! the chart's entities as facets and the access patterns' requests.

use engine::Engine;
use engine::api::{Operation, call};
use interchange::api::{Described, from_description};
use interchange::model::{Facet, Item, Model, Pattern};
use serde_json::{Value as Json, json};

use crate::limits::MAX_ITEMS;
use crate::model::data::console_run::every_item;
use crate::model::design::attribute_text::parse_attributes;
use crate::model::failure::Failure;
use crate::model::playground::Playground;
use crate::share::{encode_file, open::capture};

/// The model of `playground`, whose table and items `engine` holds.
pub fn model_of(engine: &mut Engine, playground: &Playground) -> Result<Model, Failure> {
    let name = &playground.chart.table.name;
    let ask = |engine: &mut Engine, operation: Operation, request: Json| -> Result<Json, Failure> {
        let text =
            call(engine, operation, request.to_string().as_bytes()).map_err(Failure::from)?;
        serde_json::from_str(&text).map_err(|e| Failure::refused(e.to_string()))
    };
    let by_name = json!({ "TableName": name });
    let described = ask(engine, Operation::DescribeTable, by_name.clone())?;
    let time_to_live = ask(engine, Operation::DescribeTimeToLive, by_name.clone())?;
    let backups = ask(engine, Operation::DescribeContinuousBackups, by_name)?;
    let arn = described["Table"]["TableArn"].clone();
    let tags = ask(
        engine,
        Operation::ListTagsOfResource,
        json!({ "ResourceArn": arn }),
    )?;
    let table = from_description(Described {
        table: &described["Table"],
        time_to_live: Some(&time_to_live["TimeToLiveDescription"]),
        continuous_backups: Some(&backups["ContinuousBackupsDescription"]),
        tags: tags.get("Tags"),
    })
    .map_err(|refusal| Failure::refused(refusal.0))?;
    let items: Vec<Item> = every_item(engine, name, MAX_ITEMS)
        .ok_or_else(|| Failure::refused(format!("The table holds more than {MAX_ITEMS} items.")))?
        .into_iter()
        .filter_map(|item| match item {
            Json::Object(item) => Some(item),
            _ => None,
        })
        .collect();
    let document = capture(playground);
    let facets = facets(playground, &document);
    let patterns = playground
        .patterns
        .iter()
        .map(|p| Pattern {
            name: p.description.clone(),
            operation: p.operation.name().to_string(),
            request: p.request.clone(),
        })
        .collect();
    let file: Json = serde_json::from_str(&encode_file(&document)).unwrap_or(Json::Null);
    Ok(Model {
        table,
        items,
        facets,
        patterns,
        playground: Some(file),
    })
}

/// One facet an entity: its templates for the table's keys as the key
/// aliases, its other attributes (index keys it has a template for among
/// them), and the entity as the playground's file writes it.
fn facets(playground: &Playground, document: &crate::share::Document) -> Vec<Facet> {
    let table = &playground.chart.table;
    let table_keys: Vec<&str> = std::iter::once(table.partition_key.name.as_str())
        .chain(table.sort_key.iter().map(|k| k.name.as_str()))
        .collect();
    playground
        .chart
        .entities
        .iter()
        .zip(&document.entities)
        .map(|(entity, written)| {
            let template = |key: &str| entity.keys.get(key).filter(|t| !t.is_empty()).cloned();
            let mut attributes: Vec<String> = entity
                .keys
                .iter()
                .filter(|(key, template)| {
                    !template.is_empty() && !table_keys.contains(&key.as_str())
                })
                .map(|(key, _)| key.clone())
                .collect();
            attributes.extend(
                parse_attributes(&written.attributes)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|a| a.name)
                    .filter(|name| !table_keys.contains(&name.as_str())),
            );
            Facet {
                name: entity.name.clone(),
                partition_key_alias: template(&table.partition_key.name).unwrap_or_default(),
                sort_key_alias: table.sort_key.as_ref().and_then(|k| template(&k.name)),
                attributes,
                items: Vec::new(),
                chart: serde_json::to_value(written).ok(),
            }
        })
        .collect()
}
