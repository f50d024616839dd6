//! The table, its settings and its items as an aws CLI script: run by
//! bash with the aws CLI v2 it makes the same table in an AWS account or
//! in any DynamoDB endpoint (`AWS_ENDPOINT_URL`), and the playground's
//! console and `ddbplay run` run it unchanged.
//!
//! 1. `create-table` with the keys, the indexes, billing, stream and tags,
//!    printing only the table's status; then `wait table-exists`.
//! 2. `update-time-to-live` and `update-continuous-backups` when the table
//!    has them: neither can be given to CreateTable.
//! 3. The items with `batch-write-item`, at most 25 a request (DynamoDB's
//!    limit) and at most [`MAX_ARGUMENT_BYTES`] of JSON an argument, each
//!    printing its `UnprocessedItems` (`{}` when every item was written).
//!    A request too long for one argument is written to a file first with
//!    a here-document and read back with `file://`.
//!
//! Shorthand (`AttributeName=PK,AttributeType=S`) is used where a
//! tutorial would use it — attribute definitions, key schemas, tags —
//! when every value is plain; everything else is compact JSON in single
//! quotes. Binary values are base64 in the JSON, which is how the aws CLI
//! v2 reads them (v1 would take the base64 text as the bytes).

use serde_json::{Map, Value as Json};

use crate::api::{attribute_definitions, index_to_api};
use crate::model::{Billing, Item, Model, Table};
use crate::text::{counted, shell_word, shorthand_plain};

/// The most bytes of JSON one argument carries: Linux refuses a single
/// argument of 128 KiB or more, and a safe margin stays under it.
pub const MAX_ARGUMENT_BYTES: usize = 100_000;
/// The most requests BatchWriteItem takes at once.
pub const BATCH_SIZE: usize = 25;

/// The script that makes `model`'s table and puts its items.
pub fn script(model: &Model) -> String {
    let table = &model.table;
    let name = shell_word(&table.name);
    let mut out = String::new();
    out.push_str("#!/usr/bin/env bash\n");
    out.push_str(&format!(
        "# Makes the DynamoDB table {} with its indexes and settings, and puts its {}.\n",
        table.name,
        counted(model.items.len(), "item", "items")
    ));
    out.push_str(
        "# Run it with the aws CLI v2. Against an AWS account it creates a table and\n\
         # is billed for it; against another endpoint, export AWS_ENDPOINT_URL first.\n",
    );
    if table
        .global_indexes
        .iter()
        .any(|i| i.key.is_multi_attribute())
    {
        out.push_str(
            "# An index keyed on several attributes needs a Region where DynamoDB\n\
             # offers multi-attribute keys.\n",
        );
    }
    out.push_str("set -euo pipefail\n\n");
    create_table(table, &mut out);
    out.push_str(&format!(
        "aws dynamodb wait table-exists --table-name {name}\n"
    ));
    if let Some(attribute) = &table.ttl {
        out.push_str(&format!(
            "\naws dynamodb update-time-to-live --table-name {name} \\\n    --time-to-live-specification {} \\\n    --query TimeToLiveSpecification.AttributeName --output text\n",
            shorthand_or_json(&[("Enabled", Json::Bool(true)), ("AttributeName", attribute.as_str().into())])
        ));
    }
    if table.point_in_time_recovery {
        out.push_str(&format!(
            "\naws dynamodb update-continuous-backups --table-name {name} \\\n    --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true \\\n    --query ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus \\\n    --output text\n"
        ));
    }
    put_items(table, &model.items, &mut out);
    out
}

fn create_table(table: &Table, out: &mut String) {
    let mut options: Vec<String> = vec![format!("--table-name {}", shell_word(&table.name))];
    let definitions: Vec<Vec<(&str, Json)>> = attribute_definitions(table)
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            vec![
                ("AttributeName", d["AttributeName"].clone()),
                ("AttributeType", d["AttributeType"].clone()),
            ]
        })
        .collect();
    options.push(format!(
        "--attribute-definitions {}",
        list_argument(&definitions)
    ));
    let key: Vec<Vec<(&str, Json)>> = table
        .key
        .elements()
        .map(|(name, key_type)| vec![("AttributeName", name.into()), ("KeyType", key_type.into())])
        .collect();
    options.push(format!("--key-schema {}", list_argument(&key)));
    for (option, indexes) in [
        ("--local-secondary-indexes", &table.local_indexes),
        ("--global-secondary-indexes", &table.global_indexes),
    ] {
        if !indexes.is_empty() {
            let list = Json::Array(indexes.iter().map(index_to_api).collect());
            options.push(format!("{option} {}", json_word(&list)));
        }
    }
    match &table.billing {
        Billing::PayPerRequest => options.push("--billing-mode PAY_PER_REQUEST".into()),
        Billing::Provisioned(t) => options.push(format!(
            "--billing-mode PROVISIONED \\\n    --provisioned-throughput ReadCapacityUnits={},WriteCapacityUnits={}",
            t.read, t.write
        )),
    }
    if let Some(view) = &table.stream {
        options.push(format!(
            "--stream-specification StreamEnabled=true,StreamViewType={view}"
        ));
    }
    if !table.tags.is_empty() {
        let tags: Vec<Vec<(&str, Json)>> = table
            .tags
            .iter()
            .map(|t| {
                vec![
                    ("Key", t.key.as_str().into()),
                    ("Value", t.value.as_str().into()),
                ]
            })
            .collect();
        options.push(format!("--tags {}", list_argument(&tags)));
    }
    if let Some(class) = &table.table_class {
        options.push(format!("--table-class {class}"));
    }
    if table.deletion_protection {
        options.push("--deletion-protection-enabled".into());
    }
    options.push("--query TableDescription.TableStatus --output text".into());
    out.push_str("aws dynamodb create-table \\\n");
    let last = options.len() - 1;
    for (i, option) in options.iter().enumerate() {
        out.push_str("    ");
        out.push_str(option);
        out.push_str(if i == last { "\n\n" } else { " \\\n" });
    }
}

fn plain(members: &[(&str, Json)]) -> bool {
    members.iter().all(|(_, v)| match v {
        Json::String(s) => shorthand_plain(s),
        Json::Bool(_) | Json::Number(_) => true,
        _ => false,
    })
}

/// A list option's value: structures in shorthand, one word each, when
/// every value is plain; else the whole list as JSON.
fn list_argument(entries: &[Vec<(&str, Json)>]) -> String {
    if entries.iter().all(|entry| plain(entry)) {
        entries
            .iter()
            .map(|entry| shorthand(entry))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        let list = entries.iter().map(|entry| structure(entry)).collect();
        json_word(&Json::Array(list))
    }
}

/// One structure's value: shorthand when every value is plain, else JSON.
fn shorthand_or_json(members: &[(&str, Json)]) -> String {
    if plain(members) {
        shorthand(members)
    } else {
        json_word(&structure(members))
    }
}

fn shorthand(members: &[(&str, Json)]) -> String {
    members
        .iter()
        .map(|(name, value)| match value {
            Json::String(s) => format!("{name}={s}"),
            other => format!("{name}={other}"),
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn structure(members: &[(&str, Json)]) -> Json {
    let mut out = Map::new();
    for (name, value) in members {
        out.insert(name.to_string(), value.clone());
    }
    Json::Object(out)
}

/// `value` as compact JSON, one shell word.
fn json_word(value: &Json) -> String {
    format!("'{}'", value.to_string().replace('\'', r"'\''"))
}

fn put_items(table: &Table, items: &[Item], out: &mut String) {
    if items.is_empty() {
        return;
    }
    let batches = batches(&table.name, items);
    out.push_str(&format!(
        "\n# The {}, at most {BATCH_SIZE} a request ({}).\n",
        counted(items.len(), "item", "items"),
        counted(batches.len(), "request", "requests")
    ));
    for (number, batch) in batches.iter().enumerate() {
        let text = batch.to_string();
        if text.len() <= MAX_ARGUMENT_BYTES {
            out.push_str(&format!(
                "aws dynamodb batch-write-item --query UnprocessedItems --request-items {}\n",
                json_word(batch)
            ));
        } else {
            let file = format!("items-{:04}.json", number + 1);
            out.push_str(&format!(
                "cat > {file} <<'JSON'\n{text}\nJSON\naws dynamodb batch-write-item --query UnprocessedItems --request-items file://{file}\n"
            ));
        }
    }
}

/// The items as BatchWriteItem requests: at most [`BATCH_SIZE`] items and,
/// unless one item alone is longer, at most [`MAX_ARGUMENT_BYTES`] of JSON.
fn batches(table_name: &str, items: &[Item]) -> Vec<Json> {
    let wrap = |requests: Vec<Json>| {
        let mut request_items = Map::new();
        request_items.insert(table_name.to_string(), Json::Array(requests));
        Json::Object(request_items)
    };
    let overhead = table_name.len() + 16;
    let mut out = Vec::new();
    let mut requests: Vec<Json> = Vec::new();
    let mut bytes = overhead;
    for item in items {
        let mut put = Map::new();
        put.insert("Item".into(), Json::Object(item.clone()));
        let mut request = Map::new();
        request.insert("PutRequest".into(), Json::Object(put));
        let request = Json::Object(request);
        let length = request.to_string().len() + 1;
        let full = requests.len() == BATCH_SIZE || bytes + length > MAX_ARGUMENT_BYTES;
        if full && !requests.is_empty() {
            out.push(wrap(std::mem::take(&mut requests)));
            bytes = overhead;
        }
        bytes += length;
        requests.push(request);
    }
    if !requests.is_empty() {
        out.push(wrap(requests));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Attribute, Index, KeySchema, Projection, Tag};
    use serde_json::json;

    fn orders() -> Model {
        Model {
            table: Table {
                name: "Orders".into(),
                attributes: ["PK", "SK", "GSI1PK"]
                    .iter()
                    .map(|n| Attribute {
                        name: n.to_string(),
                        attribute_type: "S".into(),
                    })
                    .collect(),
                key: KeySchema::simple("PK", Some("SK")),
                global_indexes: vec![Index {
                    name: "GSI1".into(),
                    key: KeySchema::simple("GSI1PK", Some("SK")),
                    projection: Projection::KeysOnly,
                    throughput: None,
                }],
                stream: Some("NEW_AND_OLD_IMAGES".into()),
                ttl: Some("expiresAt".into()),
                tags: vec![Tag {
                    key: "team".into(),
                    value: "it's ours".into(),
                }],
                ..Table::default()
            },
            items: vec![
                json!({"PK": {"S": "C#1"}, "SK": {"S": "PROFILE"}, "note": {"S": "it's"}})
                    .as_object()
                    .unwrap()
                    .clone(),
            ],
            ..Model::default()
        }
    }

    #[test]
    fn the_script_makes_the_table_waits_and_puts_the_items() {
        assert_eq!(
            script(&orders()),
            r#"#!/usr/bin/env bash
# Makes the DynamoDB table Orders with its indexes and settings, and puts its 1 item.
# Run it with the aws CLI v2. Against an AWS account it creates a table and
# is billed for it; against another endpoint, export AWS_ENDPOINT_URL first.
set -euo pipefail

aws dynamodb create-table \
    --table-name Orders \
    --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S AttributeName=GSI1PK,AttributeType=S \
    --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
    --global-secondary-indexes '[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]' \
    --billing-mode PAY_PER_REQUEST \
    --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES \
    --tags '[{"Key":"team","Value":"it'\''s ours"}]' \
    --query TableDescription.TableStatus --output text

aws dynamodb wait table-exists --table-name Orders

aws dynamodb update-time-to-live --table-name Orders \
    --time-to-live-specification Enabled=true,AttributeName=expiresAt \
    --query TimeToLiveSpecification.AttributeName --output text

# The 1 item, at most 25 a request (1 request).
aws dynamodb batch-write-item --query UnprocessedItems --request-items '{"Orders":[{"PutRequest":{"Item":{"PK":{"S":"C#1"},"SK":{"S":"PROFILE"},"note":{"S":"it'\''s"}}}}]}'
"#
        );
    }

    #[test]
    fn items_go_25_to_a_request_and_a_long_request_goes_through_a_file() {
        let mut model = orders();
        model.items = (0..60)
            .map(|i| {
                json!({"PK": {"S": format!("C#{i}")}, "SK": {"S": "P"}})
                    .as_object()
                    .unwrap()
                    .clone()
            })
            .collect();
        let long = "x".repeat(MAX_ARGUMENT_BYTES);
        model.items.push(
            json!({"PK": {"S": "L"}, "SK": {"S": "P"}, "d": {"S": long}})
                .as_object()
                .unwrap()
                .clone(),
        );
        let text = script(&model);
        assert!(text.contains("# The 61 items, at most 25 a request (4 requests).\n"));
        assert_eq!(text.matches("aws dynamodb batch-write-item").count(), 4);
        assert!(text.contains("cat > items-0004.json <<'JSON'\n{\"Orders\":[{\"PutRequest\""));
        assert!(text.contains("JSON\naws dynamodb batch-write-item --query UnprocessedItems --request-items file://items-0004.json\n"));
        let requests: Vec<usize> = batches("Orders", &model.items)
            .iter()
            .map(|b| b["Orders"].as_array().unwrap().len())
            .collect();
        assert_eq!(requests, [25, 25, 10, 1]);
    }
}
