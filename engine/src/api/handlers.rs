//! Each operation of the JSON API as a function of its own: the request
//! decoded, the engine called, the response written. [`super::call`]
//! picks one by name. None is inlined into it: the page's build splits its
//! code by what a visit runs (`xtask/src/split.rs`), so a visit that only
//! reads keeps only the reads' code in the page's first module.

use serde_json::json;

use super::attribute_value::WireItem;
use super::requests;
use super::responses::{
    self, ItemResponse, consumed_capacity, control_plane, page, table_description, to_string,
};
use crate::capacity::ReturnConsumedCapacity;
use crate::error::Result;
use crate::ops::{BatchWriteItemRequest, Engine};

/// CreateTable.
#[inline(never)]
pub(super) fn create_table(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let description = engine.create_table(requests::create_table(body)?)?;
    let summary = engine.describe_table(&description.name)?;
    Ok(
        json!({"TableDescription": table_description(&summary.description, Some(&summary))})
            .to_string(),
    )
}

/// DescribeTable.
#[inline(never)]
pub(super) fn describe_table(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let summary = engine.describe_table(&requests::table_name(body)?)?;
    Ok(json!({"Table": table_description(&summary.description, Some(&summary))}).to_string())
}

/// DeleteTable.
#[inline(never)]
pub(super) fn delete_table(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let summary = engine.delete_table(&requests::table_name(body)?)?;
    let description = responses::deleted_table_description(&summary.description, Some(&summary));
    Ok(json!({"TableDescription": description}).to_string())
}

/// ListTables.
#[inline(never)]
pub(super) fn list_tables(engine: &mut Engine, body: &[u8]) -> Result<String> {
    Ok(responses::list_tables(
        &engine.list_tables(&requests::list_tables(body)?)?,
    ))
}

/// UpdateTable.
#[inline(never)]
pub(super) fn update_table(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let request = requests::update_table(body)?;
    let name = request.table_name.clone();
    engine.update_table(request)?;
    let summary = engine.describe_table(&name)?;
    Ok(
        json!({"TableDescription": table_description(&summary.description, Some(&summary))})
            .to_string(),
    )
}

/// PutItem.
#[inline(never)]
pub(super) fn put_item(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::put_item(body)?;
    Ok(write_item(&engine.put_item(request)?, mode))
}

/// DeleteItem.
#[inline(never)]
pub(super) fn delete_item(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::delete_item(body)?;
    Ok(write_item(&engine.delete_item(request)?, mode))
}

/// UpdateItem.
#[inline(never)]
pub(super) fn update_item(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::update_item(body)?;
    Ok(write_item(&engine.update_item(request)?, mode))
}

/// GetItem.
#[inline(never)]
pub(super) fn get_item(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::get_item(body)?;
    let response = engine.get_item(request)?;
    Ok(to_string(&ItemResponse {
        item: response.item.as_ref().map(WireItem),
        attributes: None,
        consumed_capacity: consumed_capacity(&response.consumed, mode),
        item_collection_metrics: None,
    }))
}

/// BatchGetItem.
#[inline(never)]
pub(super) fn batch_get_item(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::batch_get_item(body)?;
    Ok(responses::batch_get_item(
        &engine.batch_get_item(request)?,
        mode,
    ))
}

/// BatchWriteItem.
#[inline(never)]
pub(super) fn batch_write_item(engine: &mut Engine, body: &[u8]) -> Result<String> {
    batch_write_item_read(engine, requests::batch_write_item(body)?)
}

/// BatchWriteItem, its request read.
pub(super) fn batch_write_item_read(
    engine: &mut Engine,
    (request, mode, metrics): (BatchWriteItemRequest, ReturnConsumedCapacity, bool),
) -> Result<String> {
    Ok(responses::batch_write_item(
        &engine.batch_write_item(request)?,
        mode,
        metrics,
    ))
}

/// TransactWriteItems.
#[inline(never)]
pub(super) fn transact_write_items(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode, metrics) = requests::transact_write_items(body)?;
    Ok(responses::transact_write_items(
        &engine.transact_write_items(request)?,
        mode,
        metrics,
    ))
}

/// ExecuteStatement.
#[inline(never)]
pub(super) fn execute_statement(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::execute_statement(body)?;
    Ok(responses::execute_statement(
        &engine.execute_statement(request)?,
        mode,
    ))
}

/// BatchExecuteStatement.
#[inline(never)]
pub(super) fn batch_execute_statement(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (statements, mode) = requests::batch_execute_statement(body)?;
    Ok(responses::batch_execute_statement(
        &engine.batch_execute_statement(statements)?,
        mode,
    ))
}

/// ExecuteTransaction.
#[inline(never)]
pub(super) fn execute_transaction(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::execute_transaction(body)?;
    Ok(responses::execute_transaction(
        &engine.execute_transaction(request)?,
        mode,
    ))
}

/// TransactGetItems.
#[inline(never)]
pub(super) fn transact_get_items(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (gets, mode) = requests::transact_get_items(body)?;
    Ok(responses::transact_get_items(
        &engine.transact_get_items(gets)?,
        mode,
    ))
}

/// UpdateTimeToLive.
#[inline(never)]
pub(super) fn update_time_to_live(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (table, specification) = requests::update_time_to_live(body)?;
    let set = engine.update_time_to_live(&table, specification)?;
    Ok(json!({"TimeToLiveSpecification": {"Enabled": set.enabled, "AttributeName": set.attribute_name}})
        .to_string())
}

/// DescribeTimeToLive.
#[inline(never)]
pub(super) fn describe_time_to_live(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let description = match engine.describe_time_to_live(&requests::table_name(body)?)? {
        Some(ttl) => {
            json!({"TimeToLiveStatus": "ENABLED", "AttributeName": ttl.attribute_name})
        }
        None => json!({"TimeToLiveStatus": "DISABLED"}),
    };
    Ok(json!({"TimeToLiveDescription": description}).to_string())
}

/// TagResource.
#[inline(never)]
pub(super) fn tag_resource(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (arn, tags) = requests::tag_resource(body)?;
    engine.tag_resource(arn.as_deref(), &tags)?;
    Ok(String::new())
}

/// UntagResource.
#[inline(never)]
pub(super) fn untag_resource(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (arn, keys) = requests::untag_resource(body)?;
    engine.untag_resource(arn.as_deref(), &keys)?;
    Ok(String::new())
}

/// ListTagsOfResource.
#[inline(never)]
pub(super) fn list_tags_of_resource(engine: &mut Engine, body: &[u8]) -> Result<String> {
    Ok(control_plane::tags(&engine.list_tags_of_resource(
        requests::list_tags_of_resource(body)?.as_deref(),
    )?))
}

/// UpdateContinuousBackups.
#[inline(never)]
pub(super) fn update_continuous_backups(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (table, specification) = requests::update_continuous_backups(body)?;
    Ok(control_plane::continuous_backups(
        &engine.update_continuous_backups(&table, specification)?,
    ))
}

/// DescribeContinuousBackups.
#[inline(never)]
pub(super) fn describe_continuous_backups(engine: &mut Engine, body: &[u8]) -> Result<String> {
    Ok(control_plane::continuous_backups(
        &engine.describe_continuous_backups(&requests::table_name(body)?)?,
    ))
}

/// DescribeLimits.
#[inline(never)]
pub(super) fn describe_limits(engine: &mut Engine, body: &[u8]) -> Result<String> {
    requests::no_parameters(body)?;
    Ok(control_plane::limits(&engine.describe_limits()))
}

/// DescribeEndpoints.
#[inline(never)]
pub(super) fn describe_endpoints(engine: &mut Engine, body: &[u8]) -> Result<String> {
    requests::no_parameters(body)?;
    Ok(control_plane::endpoints(engine.describe_endpoints()))
}

/// Query.
#[inline(never)]
pub(super) fn query(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::query(body)?;
    Ok(page(&engine.query(request)?, mode))
}

/// Scan.
#[inline(never)]
pub(super) fn scan(engine: &mut Engine, body: &[u8]) -> Result<String> {
    let (request, mode) = requests::scan(body)?;
    Ok(page(&engine.scan(request)?, mode))
}

/// Query, natively: the page and its CRC-32.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn query_with_crc(engine: &mut Engine, body: &[u8]) -> Result<(String, u32)> {
    let (request, mode) = requests::query(body)?;
    Ok(responses::page_with_crc(&engine.query(request)?, mode))
}

/// Scan, natively: the page and its CRC-32.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn scan_with_crc(engine: &mut Engine, body: &[u8]) -> Result<(String, u32)> {
    let (request, mode) = requests::scan(body)?;
    Ok(responses::page_with_crc(&engine.scan(request)?, mode))
}

/// PutItem's, UpdateItem's and DeleteItem's response.
fn write_item(
    response: &crate::ops::WriteItemResponse,
    mode: crate::capacity::ReturnConsumedCapacity,
) -> String {
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
