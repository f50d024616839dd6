//! DynamoDB's JSON API over the engine: one entry point, [`handle`], for
//! every front end — the native server, the tests and the page.
//!
//! This module is the only place that knows DynamoDB's wire shapes:
//! [`requests`] decodes bodies into the typed requests of [`crate::ops`]
//! (attribute values through [`attribute_value`]), `handlers` runs each
//! operation on the engine, and [`responses`] writes the typed responses
//! back.

pub mod attribute_value;
mod handlers;
#[cfg(test)]
mod members_tests;
pub mod operation;
pub mod requests;
pub mod responses;
mod shapes;
pub mod streams;

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
    // The load's request, read in one pass when it is written plainly
    // (natively; anything else is read below, with the same answer).
    #[cfg(not(target_arch = "wasm32"))]
    if operation == Operation::BatchWriteItem
        && let Some(request) = requests::batch_in_one_pass::batch_write_item(body)
    {
        return handlers::batch_write_item_read(engine, request);
    }
    let converted = shapes::check(operation.name(), body)?;
    let body = converted.as_deref().unwrap_or(body);
    match operation {
        Operation::CreateTable => handlers::create_table(engine, body),
        Operation::DescribeTable => handlers::describe_table(engine, body),
        Operation::DeleteTable => handlers::delete_table(engine, body),
        Operation::ListTables => handlers::list_tables(engine, body),
        Operation::UpdateTable => handlers::update_table(engine, body),
        Operation::PutItem => handlers::put_item(engine, body),
        Operation::DeleteItem => handlers::delete_item(engine, body),
        Operation::UpdateItem => handlers::update_item(engine, body),
        Operation::GetItem => handlers::get_item(engine, body),
        Operation::BatchGetItem => handlers::batch_get_item(engine, body),
        Operation::BatchWriteItem => handlers::batch_write_item(engine, body),
        Operation::TransactWriteItems => handlers::transact_write_items(engine, body),
        Operation::ExecuteStatement => handlers::execute_statement(engine, body),
        Operation::BatchExecuteStatement => handlers::batch_execute_statement(engine, body),
        Operation::ExecuteTransaction => handlers::execute_transaction(engine, body),
        Operation::TransactGetItems => handlers::transact_get_items(engine, body),
        Operation::UpdateTimeToLive => handlers::update_time_to_live(engine, body),
        Operation::DescribeTimeToLive => handlers::describe_time_to_live(engine, body),
        Operation::TagResource => handlers::tag_resource(engine, body),
        Operation::UntagResource => handlers::untag_resource(engine, body),
        Operation::ListTagsOfResource => handlers::list_tags_of_resource(engine, body),
        Operation::UpdateContinuousBackups => handlers::update_continuous_backups(engine, body),
        Operation::DescribeContinuousBackups => handlers::describe_continuous_backups(engine, body),
        Operation::DescribeLimits => handlers::describe_limits(engine, body),
        Operation::DescribeEndpoints => handlers::describe_endpoints(engine, body),
        Operation::Query => handlers::query(engine, body),
        Operation::Scan => handlers::scan(engine, body),
    }
}
