//! Table descriptions and table lists.

use serde_json::{Value as Json, json};

use super::ARN_PREFIX;
use crate::ops::{ListTablesResponse, TableSummary};
use crate::table::{BillingMode, IndexKind, Projection, TableDescription, Throughput};

/// Every key attribute in the order declared: HASH ones, then RANGE ones.
fn key_schema_json(schema: &crate::key::KeySchema) -> Json {
    schema
        .attributes()
        .map(|(attribute, is_partition)| {
            let key_type = if is_partition { "HASH" } else { "RANGE" };
            json!({"AttributeName": attribute.name, "KeyType": key_type})
        })
        .collect()
}

fn projection_json(projection: &Projection) -> Json {
    match projection {
        Projection::Include(names) => {
            json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": names})
        }
        other => json!({"ProjectionType": other.type_name()}),
    }
}

/// `ProvisionedThroughput` as DescribeTable shows it: zeros on an
/// on-demand table, the change times once there were changes.
fn throughput_json(throughput: Option<&Throughput>, now: f64) -> Json {
    let Some(t) = throughput else {
        return json!({"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0, "WriteCapacityUnits": 0});
    };
    let mut out = json!({
        "NumberOfDecreasesToday": t.decreases_today(now),
        "ReadCapacityUnits": t.read,
        "WriteCapacityUnits": t.write,
    });
    if let Some(at) = t.last_increase {
        out["LastIncreaseDateTime"] = json!(at);
    }
    if let Some(at) = t.last_decrease {
        out["LastDecreaseDateTime"] = json!(at);
    }
    out
}

/// DeleteTable's `TableDescription`: not the whole description but its
/// summary, as DynamoDB answers (captured outputs of DeleteTable and the
/// aws CLI's own example): the name, `DELETING`, the throughput, the size
/// and count, the ARN and id, the billing and table class summaries where
/// the table has them, deletion protection — no key schema, attribute
/// definitions, indexes or stream.
pub fn deleted_table_description(
    description: &TableDescription,
    counts: Option<&TableSummary>,
) -> Json {
    let whole = table_description(description, counts);
    let mut out = json!({"TableStatus": "DELETING"});
    for field in [
        "TableName",
        "ProvisionedThroughput",
        "TableSizeBytes",
        "ItemCount",
        "TableArn",
        "TableId",
        "BillingModeSummary",
        "TableClassSummary",
        "DeletionProtectionEnabled",
    ] {
        if let Some(value) = whole.get(field) {
            out[field] = value.clone();
        }
    }
    out
}

/// A `TableDescription` object.
pub fn table_description(description: &TableDescription, counts: Option<&TableSummary>) -> Json {
    let arn = format!("{ARN_PREFIX}{}", description.name);
    let now = counts.map_or(description.created_at, |c| c.as_of);
    let table_throughput = match &description.billing_mode {
        BillingMode::Provisioned(t) => Some(t),
        BillingMode::PayPerRequest => None,
    };
    let mut out = json!({
        "TableName": description.name,
        "AttributeDefinitions": description.attribute_definitions.iter()
            .map(|(n, t)| json!({"AttributeName": n, "AttributeType": t.tag()})).collect::<Vec<_>>(),
        "KeySchema": key_schema_json(&description.key_schema),
        "TableStatus": "ACTIVE",
        "CreationDateTime": description.created_at,
        "ProvisionedThroughput": throughput_json(table_throughput, now),
        "TableSizeBytes": counts.map_or(0, |c| c.size_bytes),
        "ItemCount": counts.map_or(0, |c| c.item_count),
        "TableArn": arn,
        "TableId": format!("{:08x}-0000-4000-8000-000000000000", crate::key::KeyValue::S(description.name.as_str().into()).stable_hash() as u32),
    });
    if let Some(at) = description.last_update_to_pay_per_request {
        out["BillingModeSummary"] = json!({"BillingMode": description.billing_mode.name(), "LastUpdateToPayPerRequestDateTime": at});
    }
    out["DeletionProtectionEnabled"] = json!(description.deletion_protection);
    if let Some(class) = description.table_class {
        out["TableClassSummary"] = json!({"TableClass": class.name()});
    }
    let mut globals = Vec::new();
    let mut locals = Vec::new();
    for (i, index) in description.indexes.iter().enumerate() {
        let (n_items, n_bytes) = counts
            .and_then(|c| c.index_counts.get(i).copied())
            .unwrap_or((0, 0));
        let mut entry = json!({
            "IndexName": index.name,
            "KeySchema": key_schema_json(&index.key_schema),
            "Projection": projection_json(&index.projection),
            "IndexSizeBytes": n_bytes,
            "ItemCount": n_items,
            "IndexArn": format!("{arn}/index/{}", index.name),
        });
        match index.kind {
            IndexKind::Global => {
                entry["IndexStatus"] = json!("ACTIVE");
                entry["ProvisionedThroughput"] = throughput_json(index.throughput.as_ref(), now);
                globals.push(entry);
            }
            IndexKind::Local => locals.push(entry),
        }
    }
    if let Some((arn, label, view_type, enabled)) = counts.and_then(|c| c.stream.as_ref()) {
        if *enabled {
            out["StreamSpecification"] =
                json!({"StreamEnabled": true, "StreamViewType": view_type.name()});
        }
        out["LatestStreamArn"] = json!(arn);
        out["LatestStreamLabel"] = json!(label);
    }
    if !globals.is_empty() {
        out["GlobalSecondaryIndexes"] = Json::Array(globals);
    }
    if !locals.is_empty() {
        out["LocalSecondaryIndexes"] = Json::Array(locals);
    }
    out
}

/// A ListTables response body.
pub fn list_tables(response: &ListTablesResponse) -> String {
    let mut out = json!({"TableNames": response.table_names});
    if let Some(last) = &response.last_evaluated_table_name {
        out["LastEvaluatedTableName"] = json!(last);
    }
    out.to_string()
}
