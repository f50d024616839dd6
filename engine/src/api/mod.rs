//! DynamoDB's JSON API over the engine: one entry point, [`handle`], for
//! every front end — the native server, the tests and the page.
//!
//! This module is the only place that knows DynamoDB's wire shapes:
//! [`requests`] decodes bodies into the typed requests of [`crate::ops`]
//! (attribute values through [`attribute_value`]), and [`responses`] writes
//! the typed responses back.

pub mod attribute_value;
#[cfg(test)]
mod members_tests;
pub mod operation;
pub mod requests;
pub mod responses;
mod shapes;
pub mod streams;

use serde_json::json;

use crate::error::Result;
use crate::ops::Engine;

pub use operation::Operation;

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
        .strip_prefix(operation::TARGET_PREFIX)
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
    call(engine, operation.parse()?, body)
}

/// Runs `operation` on a JSON body: the response body, or the error.
pub fn call(engine: &mut Engine, operation: Operation, body: &[u8]) -> Result<String> {
    use attribute_value::WireItem;
    use responses::{
        ItemResponse, consumed_capacity, control_plane, page, table_description, to_string,
    };
    let converted = shapes::check(operation.name(), body)?;
    let body = converted.as_deref().unwrap_or(body);
    Ok(match operation {
        Operation::CreateTable => {
            let description = engine.create_table(requests::create_table(body)?)?;
            let summary = engine.describe_table(&description.name)?;
            json!({"TableDescription": table_description(&summary.description, Some(&summary))})
                .to_string()
        }
        Operation::DescribeTable => {
            let summary = engine.describe_table(&requests::table_name(body)?)?;
            json!({"Table": table_description(&summary.description, Some(&summary))}).to_string()
        }
        Operation::DeleteTable => {
            let summary = engine.delete_table(&requests::table_name(body)?)?;
            let description =
                responses::deleted_table_description(&summary.description, Some(&summary));
            json!({"TableDescription": description}).to_string()
        }
        Operation::ListTables => {
            responses::list_tables(&engine.list_tables(&requests::list_tables(body)?)?)
        }
        Operation::UpdateTable => {
            let request = requests::update_table(body)?;
            let name = request.table_name.clone();
            engine.update_table(request)?;
            let summary = engine.describe_table(&name)?;
            json!({"TableDescription": table_description(&summary.description, Some(&summary))})
                .to_string()
        }
        Operation::PutItem => {
            let (request, mode) = requests::put_item(body)?;
            write_item(&engine.put_item(request)?, mode)
        }
        Operation::DeleteItem => {
            let (request, mode) = requests::delete_item(body)?;
            write_item(&engine.delete_item(request)?, mode)
        }
        Operation::UpdateItem => {
            let (request, mode) = requests::update_item(body)?;
            write_item(&engine.update_item(request)?, mode)
        }
        Operation::GetItem => {
            let (request, mode) = requests::get_item(body)?;
            let response = engine.get_item(request)?;
            to_string(&ItemResponse {
                item: response.item.as_ref().map(WireItem),
                attributes: None,
                consumed_capacity: consumed_capacity(&response.consumed, mode),
                item_collection_metrics: None,
            })
        }
        Operation::BatchGetItem => {
            let (request, mode) = requests::batch_get_item(body)?;
            responses::batch_get_item(&engine.batch_get_item(request)?, mode)
        }
        Operation::BatchWriteItem => {
            let (request, mode, metrics) = requests::batch_write_item(body)?;
            responses::batch_write_item(&engine.batch_write_item(request)?, mode, metrics)
        }
        Operation::TransactWriteItems => {
            let (request, mode, metrics) = requests::transact_write_items(body)?;
            responses::transact_write_items(&engine.transact_write_items(request)?, mode, metrics)
        }
        Operation::ExecuteStatement => {
            let (request, mode) = requests::execute_statement(body)?;
            responses::execute_statement(&engine.execute_statement(request)?, mode)
        }
        Operation::BatchExecuteStatement => {
            let (statements, mode) = requests::batch_execute_statement(body)?;
            responses::batch_execute_statement(&engine.batch_execute_statement(statements)?, mode)
        }
        Operation::ExecuteTransaction => {
            let (request, mode) = requests::execute_transaction(body)?;
            responses::execute_transaction(&engine.execute_transaction(request)?, mode)
        }
        Operation::TransactGetItems => {
            let (gets, mode) = requests::transact_get_items(body)?;
            responses::transact_get_items(&engine.transact_get_items(gets)?, mode)
        }
        Operation::UpdateTimeToLive => {
            let (table, specification) = requests::update_time_to_live(body)?;
            let set = engine.update_time_to_live(&table, specification)?;
            json!({"TimeToLiveSpecification": {"Enabled": set.enabled, "AttributeName": set.attribute_name}})
                .to_string()
        }
        Operation::DescribeTimeToLive => {
            let description = match engine.describe_time_to_live(&requests::table_name(body)?)? {
                Some(ttl) => {
                    json!({"TimeToLiveStatus": "ENABLED", "AttributeName": ttl.attribute_name})
                }
                None => json!({"TimeToLiveStatus": "DISABLED"}),
            };
            json!({"TimeToLiveDescription": description}).to_string()
        }
        Operation::TagResource => {
            let (arn, tags) = requests::tag_resource(body)?;
            engine.tag_resource(arn.as_deref(), &tags)?;
            String::new()
        }
        Operation::UntagResource => {
            let (arn, keys) = requests::untag_resource(body)?;
            engine.untag_resource(arn.as_deref(), &keys)?;
            String::new()
        }
        Operation::ListTagsOfResource => control_plane::tags(
            &engine.list_tags_of_resource(requests::list_tags_of_resource(body)?.as_deref())?,
        ),
        Operation::UpdateContinuousBackups => {
            let (table, specification) = requests::update_continuous_backups(body)?;
            control_plane::continuous_backups(
                &engine.update_continuous_backups(&table, specification)?,
            )
        }
        Operation::DescribeContinuousBackups => control_plane::continuous_backups(
            &engine.describe_continuous_backups(&requests::table_name(body)?)?,
        ),
        Operation::DescribeLimits => {
            requests::no_parameters(body)?;
            control_plane::limits(&engine.describe_limits())
        }
        Operation::DescribeEndpoints => {
            requests::no_parameters(body)?;
            control_plane::endpoints(engine.describe_endpoints())
        }
        Operation::Query => {
            let (request, mode) = requests::query(body)?;
            page(&engine.query(request)?, mode)
        }
        Operation::Scan => {
            let (request, mode) = requests::scan(body)?;
            page(&engine.scan(request)?, mode)
        }
    })
}

/// PutItem's, UpdateItem's and DeleteItem's response.
fn write_item(
    response: &crate::ops::WriteItemResponse,
    mode: crate::capacity::ReturnConsumedCapacity,
) -> String {
    use attribute_value::WireItem;
    use responses::{ItemResponse, consumed_capacity, to_string};
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
