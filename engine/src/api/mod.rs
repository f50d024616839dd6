//! DynamoDB's JSON API over the engine: one entry point, [`handle`], for
//! every front end — the native server, the tests and the page.
//!
//! This module is the only place that knows DynamoDB's wire shapes:
//! [`requests`] decodes bodies into the typed requests of [`crate::ops`]
//! (attribute values through [`attribute_value`]), and [`responses`] writes
//! the typed responses back.

pub mod attribute_value;
pub mod requests;
pub mod responses;
pub mod streams;

use serde_json::json;

use crate::error::{Error, Result};
use crate::ops::Engine;

/// The operations the engine serves, by their DynamoDB names.
pub const OPERATIONS: [&str; 27] = [
    "BatchGetItem",
    "BatchWriteItem",
    "CreateTable",
    "DescribeTable",
    "ListTables",
    "DeleteTable",
    "UpdateTable",
    "TagResource",
    "UntagResource",
    "ListTagsOfResource",
    "UpdateContinuousBackups",
    "DescribeContinuousBackups",
    "DescribeLimits",
    "DescribeEndpoints",
    "PutItem",
    "GetItem",
    "DeleteItem",
    "UpdateItem",
    "Query",
    "Scan",
    "TransactGetItems",
    "TransactWriteItems",
    "UpdateTimeToLive",
    "DescribeTimeToLive",
    "ExecuteStatement",
    "BatchExecuteStatement",
    "ExecuteTransaction",
];

/// An HTTP-level answer: status and JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// 200 on success, 400 for every DynamoDB client error.
    pub status: u16,
    /// The JSON body.
    pub body: String,
}

/// Runs one DynamoDB operation (`PutItem`, `Query`, … — with or without the
/// `DynamoDB_20120810.` prefix of the `X-Amz-Target` header) on a JSON body.
pub fn handle(engine: &mut Engine, operation: &str, body: &[u8]) -> Response {
    let operation = operation
        .strip_prefix("DynamoDB_20120810.")
        .unwrap_or(operation);
    let answer = match operation.strip_prefix(streams::TARGET_PREFIX) {
        Some(streams_operation) => streams::dispatch(engine, streams_operation, body),
        None => dispatch(engine, operation, body),
    };
    match answer {
        Ok(body) => Response { status: 200, body },
        Err(error) => Response {
            status: error.status(),
            body: responses::error(&error),
        },
    }
}

/// Like [`handle`], but gives the error itself (with its location in an
/// expression, for a front end to underline) instead of its JSON body.
pub fn dispatch(engine: &mut Engine, operation: &str, body: &[u8]) -> Result<String> {
    let operation = operation
        .strip_prefix("DynamoDB_20120810.")
        .unwrap_or(operation);
    use attribute_value::WireItem;
    use responses::{
        ItemResponse, consumed_capacity, control_plane, page, table_description, to_string,
    };
    Ok(match operation {
        "CreateTable" => {
            let description = engine.create_table(requests::create_table(body)?)?;
            let summary = engine.describe_table(&description.name)?;
            json!({"TableDescription": table_description(&summary.description, Some(&summary))})
                .to_string()
        }
        "DescribeTable" => {
            let summary = engine.describe_table(&requests::table_name(body)?)?;
            json!({"Table": table_description(&summary.description, Some(&summary))}).to_string()
        }
        "DeleteTable" => {
            let summary = engine.delete_table(&requests::table_name(body)?)?;
            let mut description = table_description(&summary.description, Some(&summary));
            description["TableStatus"] = json!("DELETING");
            json!({"TableDescription": description}).to_string()
        }
        "ListTables" => responses::list_tables(&engine.list_tables(&requests::list_tables(body)?)?),
        "UpdateTable" => {
            let request = requests::update_table(body)?;
            let name = request.table_name.clone();
            engine.update_table(request)?;
            let summary = engine.describe_table(&name)?;
            json!({"TableDescription": table_description(&summary.description, Some(&summary))})
                .to_string()
        }
        "PutItem" => {
            let (request, mode) = requests::put_item(body)?;
            let response = engine.put_item(request)?;
            to_string(&ItemResponse {
                item: None,
                attributes: response.attributes.as_ref().map(WireItem),
                consumed_capacity: consumed_capacity(&response.consumed, mode),
                item_collection_metrics: response
                    .item_collection
                    .as_ref()
                    .map(responses::item_collection_metrics),
            })
        }
        "DeleteItem" => {
            let (request, mode) = requests::delete_item(body)?;
            let response = engine.delete_item(request)?;
            to_string(&ItemResponse {
                item: None,
                attributes: response.attributes.as_ref().map(WireItem),
                consumed_capacity: consumed_capacity(&response.consumed, mode),
                item_collection_metrics: response
                    .item_collection
                    .as_ref()
                    .map(responses::item_collection_metrics),
            })
        }
        "UpdateItem" => {
            let (request, mode) = requests::update_item(body)?;
            let response = engine.update_item(request)?;
            to_string(&ItemResponse {
                item: None,
                attributes: response.attributes.as_ref().map(WireItem),
                consumed_capacity: consumed_capacity(&response.consumed, mode),
                item_collection_metrics: response
                    .item_collection
                    .as_ref()
                    .map(responses::item_collection_metrics),
            })
        }
        "GetItem" => {
            let (request, mode) = requests::get_item(body)?;
            let response = engine.get_item(request)?;
            to_string(&ItemResponse {
                item: response.item.as_ref().map(WireItem),
                attributes: None,
                consumed_capacity: consumed_capacity(&response.consumed, mode),
                item_collection_metrics: None,
            })
        }
        "BatchGetItem" => {
            let (request, mode) = requests::batch_get_item(body)?;
            responses::batch_get_item(&engine.batch_get_item(request)?, mode)
        }
        "BatchWriteItem" => {
            let (request, mode, metrics) = requests::batch_write_item(body)?;
            responses::batch_write_item(&engine.batch_write_item(request)?, mode, metrics)
        }
        "TransactWriteItems" => {
            let (request, mode, metrics) = requests::transact_write_items(body)?;
            responses::transact_write_items(&engine.transact_write_items(request)?, mode, metrics)
        }
        "ExecuteStatement" => {
            let (request, mode) = requests::execute_statement(body)?;
            responses::execute_statement(&engine.execute_statement(request)?, mode)
        }
        "BatchExecuteStatement" => {
            let (statements, mode) = requests::batch_execute_statement(body)?;
            responses::batch_execute_statement(&engine.batch_execute_statement(statements)?, mode)
        }
        "ExecuteTransaction" => {
            let (request, mode) = requests::execute_transaction(body)?;
            responses::execute_transaction(&engine.execute_transaction(request)?, mode)
        }
        "TransactGetItems" => {
            let (gets, mode) = requests::transact_get_items(body)?;
            responses::transact_get_items(&engine.transact_get_items(gets)?, mode)
        }
        "UpdateTimeToLive" => {
            let (table, specification) = requests::update_time_to_live(body)?;
            let set = engine.update_time_to_live(&table, specification)?;
            json!({"TimeToLiveSpecification": {"Enabled": set.enabled, "AttributeName": set.attribute_name}})
                .to_string()
        }
        "DescribeTimeToLive" => {
            let description = match engine.describe_time_to_live(&requests::table_name(body)?)? {
                Some(ttl) => {
                    json!({"TimeToLiveStatus": "ENABLED", "AttributeName": ttl.attribute_name})
                }
                None => json!({"TimeToLiveStatus": "DISABLED"}),
            };
            json!({"TimeToLiveDescription": description}).to_string()
        }
        "TagResource" => {
            let (arn, tags) = requests::tag_resource(body)?;
            engine.tag_resource(arn.as_deref(), &tags)?;
            String::new()
        }
        "UntagResource" => {
            let (arn, keys) = requests::untag_resource(body)?;
            engine.untag_resource(arn.as_deref(), &keys)?;
            String::new()
        }
        "ListTagsOfResource" => control_plane::tags(
            &engine.list_tags_of_resource(requests::list_tags_of_resource(body)?.as_deref())?,
        ),
        "UpdateContinuousBackups" => {
            let (table, specification) = requests::update_continuous_backups(body)?;
            control_plane::continuous_backups(
                &engine.update_continuous_backups(&table, specification)?,
            )
        }
        "DescribeContinuousBackups" => control_plane::continuous_backups(
            &engine.describe_continuous_backups(&requests::table_name(body)?)?,
        ),
        "DescribeLimits" => {
            requests::no_parameters(body)?;
            control_plane::limits(&engine.describe_limits())
        }
        "DescribeEndpoints" => {
            requests::no_parameters(body)?;
            control_plane::endpoints(engine.describe_endpoints())
        }
        "Query" => {
            let (request, mode) = requests::query(body)?;
            page(&engine.query(request)?, mode)
        }
        "Scan" => {
            let (request, mode) = requests::scan(body)?;
            page(&engine.scan(request)?, mode)
        }
        _ => return Err(Error::UnknownOperation),
    })
}
