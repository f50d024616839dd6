//! A NoSQL Workbench 3.0 data model, laid out as Workbench lays out its
//! own: members in its order, items at table level, facets with empty
//! `TableData`, `DataAccess` written empty; then the members named as
//! the API names them that carry what Workbench has no field for.

use serde::Serialize;
use serde_json::Value as Json;

use crate::api::{index_to_api, throughput_to_api};
use crate::items::{sort_by_key, tagged};
use crate::model::{Billing, Facet, Index, Item, KeySchema, Model, Table};

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct Document {
    model_name: String,
    model_metadata: Metadata,
    data_model: Vec<TableModel>,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct Metadata {
    author: String,
    date_created: String,
    date_last_modified: String,
    description: String,
    #[serde(rename = "AWSService")]
    aws_service: String,
    version: String,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct TableModel {
    table_name: String,
    key_attributes: KeyAttributes,
    non_key_attributes: Vec<AttributeModel>,
    table_facets: Vec<FacetModel>,
    global_secondary_indexes: Vec<IndexModel>,
    table_data: Vec<Json>,
    data_access: Json,
    billing_mode: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    provisioned_capacity_settings: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    local_secondary_indexes: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stream_specification: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_to_live_specification: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    point_in_time_recovery_specification: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table_class: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    deletion_protection_enabled: bool,
    /// [`super::PLAYGROUND_FIELD`]: `{"Digest": …, "File": …}`.
    #[serde(rename = "DdbplayPlayground", skip_serializing_if = "Option::is_none")]
    playground: Option<Json>,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct KeyAttributes {
    partition_key: AttributeModel,
    #[serde(skip_serializing_if = "Option::is_none")]
    sort_key: Option<AttributeModel>,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct AttributeModel {
    attribute_name: String,
    attribute_type: String,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct FacetModel {
    facet_name: String,
    key_attribute_alias: Alias,
    table_data: Vec<Item>,
    non_key_attributes: Vec<String>,
    data_access: Json,
    /// [`super::ENTITY_FIELD`].
    #[serde(rename = "DdbplayEntity", skip_serializing_if = "Option::is_none")]
    entity: Option<Json>,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct Alias {
    partition_key_alias: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    sort_key_alias: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct IndexModel {
    index_name: String,
    key_attributes: KeyAttributes,
    projection: Json,
    #[serde(skip_serializing_if = "Option::is_none")]
    key_schema: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    provisioned_throughput: Option<Json>,
}

/// The model as Workbench 3.0 JSON, dated `now` (seconds since 1970, UTC).
pub fn write(model: &Model, now: i64) -> String {
    let date = workbench_date(now);
    let document = Document {
        model_name: model.table.name.clone(),
        model_metadata: Metadata {
            author: String::new(),
            date_created: date.clone(),
            date_last_modified: date,
            description: format!("The DynamoDB table {} and its items.", model.table.name),
            aws_service: "Amazon DynamoDB".into(),
            version: "3.0".into(),
        },
        data_model: vec![table_model(model)],
    };
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}

fn data_access() -> Json {
    serde_json::json!({"MySql": {}})
}

fn table_model(model: &Model) -> TableModel {
    let table = &model.table;
    let mut items = model.items.clone();
    sort_by_key(table, &mut items);
    let data: Vec<Json> = items.into_iter().map(Json::Object).collect();
    let provisioned = match table.billing {
        Billing::PayPerRequest => None,
        Billing::Provisioned(throughput) => {
            Some(serde_json::json!({"ProvisionedThroughput": throughput_to_api(throughput)}))
        }
    };
    TableModel {
        table_name: table.name.clone(),
        key_attributes: key_attributes(table, &table.key),
        non_key_attributes: non_key_attributes(model),
        table_facets: model.facets.iter().map(|f| facet(table, f)).collect(),
        global_secondary_indexes: table
            .global_indexes
            .iter()
            .map(|i| index(table, i))
            .collect(),
        data_access: data_access(),
        billing_mode: match table.billing {
            Billing::PayPerRequest => "PAY_PER_REQUEST".into(),
            Billing::Provisioned(_) => "PROVISIONED".into(),
        },
        provisioned_capacity_settings: provisioned,
        local_secondary_indexes: (!table.local_indexes.is_empty())
            .then(|| Json::Array(table.local_indexes.iter().map(index_to_api).collect())),
        stream_specification: table
            .stream
            .as_ref()
            .map(|view| serde_json::json!({"StreamEnabled": true, "StreamViewType": view})),
        time_to_live_specification: table
            .ttl
            .as_ref()
            .map(|attribute| serde_json::json!({"AttributeName": attribute, "Enabled": true})),
        point_in_time_recovery_specification: table
            .point_in_time_recovery
            .then(|| serde_json::json!({"PointInTimeRecoveryEnabled": true})),
        tags: (!table.tags.is_empty()).then(|| {
            Json::Array(
                table
                    .tags
                    .iter()
                    .map(|t| serde_json::json!({"Key": t.key, "Value": t.value}))
                    .collect(),
            )
        }),
        table_class: table.table_class.clone(),
        deletion_protection_enabled: table.deletion_protection,
        playground: model.playground.as_ref().map(|file| {
            serde_json::json!({"Digest": super::digest(&Json::Array(data.clone())), "File": file})
        }),
        table_data: data,
    }
}

fn attribute_model(table: &Table, name: &str) -> AttributeModel {
    AttributeModel {
        attribute_name: name.to_string(),
        attribute_type: table.attribute_type(name).unwrap_or("S").to_string(),
    }
}

fn key_attributes(table: &Table, key: &KeySchema) -> KeyAttributes {
    KeyAttributes {
        partition_key: attribute_model(table, key.partition()),
        sort_key: key.sort().map(|sort| attribute_model(table, sort)),
    }
}

/// Every attribute but the table's keys: the indexes' key attributes with
/// their defined types, then the facets' and the items' attributes, each
/// with the type of its first value.
fn non_key_attributes(model: &Model) -> Vec<AttributeModel> {
    let table = &model.table;
    let table_keys: Vec<&str> = table.key.elements().map(|(n, _)| n).collect();
    let mut out: Vec<AttributeModel> = Vec::new();
    let mut add = |name: &str, attribute_type: &str| {
        if !table_keys.contains(&name) && !out.iter().any(|a| a.attribute_name == name) {
            out.push(AttributeModel {
                attribute_name: name.to_string(),
                attribute_type: attribute_type.to_string(),
            });
        }
    };
    for (index, _) in table.indexes() {
        for (name, _) in index.key.elements() {
            add(name, table.attribute_type(name).unwrap_or("S"));
        }
    }
    let type_in_items = |name: &str| {
        model
            .items
            .iter()
            .find_map(|item| {
                item.get(name)
                    .and_then(tagged)
                    .map(|(tag, _)| tag.to_string())
            })
            .unwrap_or_else(|| "S".to_string())
    };
    for facet in &model.facets {
        for name in &facet.attributes {
            add(name, &type_in_items(name));
        }
    }
    let mut rest: Vec<&String> = model.items.iter().flat_map(|item| item.keys()).collect();
    rest.sort();
    rest.dedup();
    for name in rest {
        add(name, &type_in_items(name));
    }
    out
}

fn facet(table: &Table, facet: &Facet) -> FacetModel {
    FacetModel {
        facet_name: facet.name.clone(),
        key_attribute_alias: Alias {
            partition_key_alias: facet.partition_key_alias.clone(),
            sort_key_alias: table
                .key
                .sort()
                .map(|_| facet.sort_key_alias.clone().unwrap_or_default()),
        },
        table_data: Vec::new(),
        non_key_attributes: facet.attributes.clone(),
        data_access: data_access(),
        entity: facet.chart.clone(),
    }
}

fn index(table: &Table, index: &Index) -> IndexModel {
    IndexModel {
        index_name: index.name.clone(),
        key_attributes: key_attributes(table, &index.key),
        projection: index.projection.to_api(),
        key_schema: index.key.is_multi_attribute().then(|| index.key.to_api()),
        provisioned_throughput: index.throughput.map(throughput_to_api),
    }
}

/// A moment as Workbench 3.x dates its models: `Dec 05, 2026, 08:30 AM`
/// (in UTC).
pub fn workbench_date(seconds: i64) -> String {
    let Ok(moment) = time::OffsetDateTime::from_unix_timestamp(seconds) else {
        return String::new();
    };
    let month = moment.month().to_string();
    let hour = moment.hour();
    let (twelve, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!(
        "{} {:02}, {}, {:02}:{:02} {half}",
        &month[..3],
        moment.day(),
        moment.year(),
        twelve,
        moment.minute()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_as_workbench_writes_them() {
        assert_eq!(workbench_date(0), "Jan 01, 1970, 12:00 AM");
        assert_eq!(workbench_date(1_796_459_400), "Dec 05, 2026, 08:30 AM");
        assert_eq!(workbench_date(1_796_502_600), "Dec 05, 2026, 08:30 PM");
    }
}
