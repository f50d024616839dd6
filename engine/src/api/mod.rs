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
    /// The body's CRC-32 (zlib's), when writing the body gave it without
    /// reading it again: a Query's or Scan's page natively, put together
    /// from its items' kept texts. `None` leaves it to the front end.
    pub crc32: Option<u32>,
}

impl Response {
    fn ok(body: String) -> Response {
        Response {
            status: 200,
            body,
            crc32: None,
        }
    }

    fn error(error: &crate::error::Error) -> Response {
        Response {
            status: error.status(),
            body: responses::error(error),
            crc32: None,
        }
    }
}

/// Runs one DynamoDB operation (`PutItem`, `Query`, … — with or without the
/// `DynamoDB_20120810.` prefix of the `X-Amz-Target` header) on a JSON body.
pub fn handle(engine: &mut Engine, operation: &str, body: &[u8]) -> Response {
    let operation = operation
        .strip_prefix(operation::TARGET_PREFIX)
        .unwrap_or(operation);
    let answer = match operation.strip_prefix(streams::TARGET_PREFIX) {
        Some(streams_operation) => streams::dispatch(engine, streams_operation, body),
        None => {
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(page) = page_with_crc(engine, operation, body) {
                return page;
            }
            dispatch(engine, operation, body)
        }
    };
    match answer {
        Ok(body) => Response::ok(body),
        Err(error) => Response::error(&error),
    }
}

/// Query and Scan natively, their page with its CRC-32
/// ([`responses::page_with_crc`]); `None` for any other operation.
#[cfg(not(target_arch = "wasm32"))]
fn page_with_crc(engine: &mut Engine, operation: &str, body: &[u8]) -> Option<Response> {
    let operation = match operation.parse() {
        Ok(read @ (Operation::Query | Operation::Scan)) => read,
        _ => return None,
    };
    let page = shapes::check(operation.name(), body).and_then(|converted| {
        let body = converted.as_deref().unwrap_or(body);
        match operation {
            Operation::Query => handlers::query_with_crc(engine, body),
            _ => handlers::scan_with_crc(engine, body),
        }
    });
    Some(match page {
        Ok((body, crc32)) => Response {
            crc32: Some(crc32),
            ..Response::ok(body)
        },
        Err(error) => Response::error(&error),
    })
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
