//! What a write costs, measured without keeping it.
//!
//! A write pattern (PutItem, UpdateItem, DeleteItem) is run on the live
//! data with `ReturnValues: ALL_OLD` and `ReturnConsumedCapacity: INDEXES`,
//! then undone: the old item is put back, or the new one deleted. The
//! engine's index upkeep makes the undo exact, so every pattern can be
//! re-measured after each change without the measurement changing the data.
//! Only the Run button keeps a write.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use serde_json::{Map, Value as Json, json};

use super::partition_load::{PartitionLoad, measured};
use super::prices::Prices;
use crate::model::design::chart::TableDesign;
use crate::model::format::{human_bytes, units};
use crate::model::gateway::run;

/// The write units a write consumed, where.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteCost {
    pub operation: Operation,
    /// The item's size before and after the write (0 when absent).
    pub old_size: usize,
    pub new_size: usize,
    /// Units on the table, then per index that the write touched.
    pub table_units: f64,
    pub index_units: Vec<(String, f64)>,
    /// Where the write's units land: the item's partition on the table and
    /// on each index it touches.
    pub partitions: Vec<PartitionLoad>,
    /// DynamoDB's message when the write's condition fails on the current
    /// data: the write is still charged, but the error reports no capacity.
    pub condition_failed: Option<String>,
}

impl WriteCost {
    /// All write units.
    pub fn total(&self) -> f64 {
        self.table_units + self.index_units.iter().map(|(_, u)| u).sum::<f64>()
    }

    /// Dollars per million such writes at on-demand prices.
    pub fn cost_per_million(&self, prices: &Prices) -> f64 {
        self.total() * prices.write_per_million
    }

    /// One sentence, derived from the numbers.
    pub fn explain(&self) -> String {
        if let Some(message) = &self.condition_failed {
            return format!(
                "{}'s condition fails on the current data ({message}): nothing is written, yet DynamoDB charges {} WCU for the attempt and does not report it.",
                self.operation,
                units(self.table_units)
            );
        }
        let item = match (self.old_size, self.new_size) {
            (0, new) => format!("adds an item of {}", human_bytes(new)),
            (old, 0) => format!("removes an item of {}", human_bytes(old)),
            (old, new) => format!(
                "changes an item of {} (it was {})",
                human_bytes(new),
                human_bytes(old)
            ),
        };
        let indexes: Vec<String> = self
            .index_units
            .iter()
            .map(|(name, u)| format!("{} on {name}", units(*u)))
            .collect();
        let spread = if indexes.is_empty() {
            "no index holds it".to_string()
        } else {
            format!("plus {}", indexes.join(", "))
        };
        format!(
            "{} {item}: {} WCU on the table, {spread}: {} WCU in all.",
            self.operation,
            units(self.table_units),
            units(self.total())
        )
    }
}

/// Runs a write, reads its cost, and undoes it; neither shows in the stream.
pub fn measure_write(
    engine: &mut Engine,
    operation: Operation,
    request: &Json,
    table: &TableDesign,
) -> Result<WriteCost, Failure> {
    engine.without_stream_records(|engine| try_and_undo(engine, operation, request, table))
}

fn try_and_undo(
    engine: &mut Engine,
    operation: Operation,
    request: &Json,
    table: &TableDesign,
) -> Result<WriteCost, Failure> {
    let mut body = request.clone();
    body["ReturnValues"] = json!("ALL_OLD");
    body["ReturnConsumedCapacity"] = json!("INDEXES");
    let key = primary_key(operation, request, table)
        .ok_or_else(|| Failure::refused("The request has no complete primary key.".to_string()))?;
    let table_name = request["TableName"].clone();
    let (response, partitions) =
        measured(engine, table_name.as_str().unwrap_or_default(), |engine| {
            run(engine, operation, &body)
        });
    let response = match response {
        Ok(response) => response,
        Err(failure) if failure.kind() == "ConditionalCheckFailedException" => {
            return Ok(failed_condition(
                engine,
                operation,
                &table_name,
                &key,
                failure.message,
            ));
        }
        Err(failure) => return Err(failure),
    };
    let new_item = run(
        engine,
        Operation::GetItem,
        &json!({"TableName": table_name, "Key": key, "ConsistentRead": true}),
    )
    .ok()
    .and_then(|r| r.get("Item").cloned());
    let old_item = response.get("Attributes").cloned();
    let undo = match &old_item {
        Some(old) => run(
            engine,
            Operation::PutItem,
            &json!({"TableName": table_name, "Item": old}),
        ),
        None => run(
            engine,
            Operation::DeleteItem,
            &json!({"TableName": table_name, "Key": key}),
        ),
    };
    undo.map_err(|f| f.within("Could not undo the measured write"))?;
    let consumed = &response["ConsumedCapacity"];
    let mut index_units: Vec<(String, f64)> = ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]
        .iter()
        .filter_map(|field| consumed.get(*field).and_then(Json::as_object))
        .flat_map(|indexes| indexes.iter())
        .map(|(name, c)| (name.clone(), c["CapacityUnits"].as_f64().unwrap_or(0.0)))
        .collect();
    index_units.sort_by(|a, b| a.0.cmp(&b.0));
    let size = |item: &Option<Json>| {
        item.as_ref()
            .and_then(|i| engine::api::attribute_value::decode_item(i).ok())
            .map_or(0, |i| engine::types::size::item_size(&i))
    };
    Ok(WriteCost {
        operation,
        old_size: size(&old_item),
        new_size: size(&new_item),
        table_units: consumed["Table"]["CapacityUnits"].as_f64().unwrap_or(0.0),
        index_units,
        partitions,
        condition_failed: None,
    })
}

/// A write whose condition failed: charged on the size of the item it
/// found, or one unit when there was none (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html>).
fn failed_condition(
    engine: &mut Engine,
    operation: Operation,
    table_name: &Json,
    key: &Json,
    message: String,
) -> WriteCost {
    let existing = run(
        engine,
        Operation::GetItem,
        &json!({"TableName": table_name, "Key": key, "ConsistentRead": true}),
    )
    .ok()
    .and_then(|r| r.get("Item").cloned())
    .and_then(|item| engine::api::attribute_value::decode_item(&item).ok())
    .map_or(0, |item| engine::types::size::item_size(&item));
    WriteCost {
        operation,
        old_size: existing,
        new_size: existing,
        table_units: engine::capacity::write_units(existing),
        index_units: Vec::new(),
        partitions: Vec::new(),
        condition_failed: Some(message),
    }
}

/// The item's table key: the `Key` of an update or delete, the key
/// attributes of a put's `Item`.
fn primary_key(operation: Operation, request: &Json, table: &TableDesign) -> Option<Json> {
    let source = if operation == Operation::PutItem {
        request.get("Item")?
    } else {
        request.get("Key")?
    };
    let mut key = Map::new();
    for attribute in std::iter::once(&table.partition_key).chain(table.sort_key.iter()) {
        key.insert(attribute.name.clone(), source.get(&attribute.name)?.clone());
    }
    Some(Json::Object(key))
}
