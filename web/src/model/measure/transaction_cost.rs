//! What a transaction costs, measured without keeping it.
//!
//! A TransactWriteItems pattern is run on the live data with
//! `ReturnConsumedCapacity: INDEXES`, after reading every item it writes;
//! then each of those items is put back as it was (or deleted, if it was
//! not there). Nothing it did shows in the stream: the records of the try
//! and of the undoing are forgotten. When the transaction is cancelled on
//! the current data, that is the measurement: nothing was written, and
//! these are the reasons.
//!
//! DynamoDB charges a transaction two units per unit of work on the table —
//! it prepares and then commits every item — while the indexes an item
//! enters, leaves or changes in are charged as for ordinary writes (spec
//! §4.5); the explanation says what the same writes cost one by one.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use serde_json::{Value as Json, json};

use engine::api::attribute_value::decode_item;
use engine::table::EventName;
use engine::types::Item;

use super::partition_load::{PartitionLoad, measured};
use super::prices::Prices;
use super::write_cost::measure_write;
use crate::model::data::multi_item::written_keys;
use crate::model::design::chart::TableDesign;
use crate::model::format::units;
use crate::model::gateway::run;
use crate::model::stream::stream_handler::StreamHandler;

/// What a transaction costs, or why it would be cancelled.
#[derive(Clone, Debug, PartialEq)]
pub struct TransactionCost {
    /// Actions in the transaction.
    pub actions: usize,
    /// Of which writes (Put, Update, Delete); the rest are ConditionChecks.
    pub writes: usize,
    /// Write units on the table, as DynamoDB reports them (doubled).
    pub table_units: f64,
    /// Write units per index the transaction touched (as for ordinary writes).
    pub index_units: Vec<(String, f64)>,
    /// Where its units land, per partition of the table and its indexes.
    pub partitions: Vec<PartitionLoad>,
    /// The transaction's CancellationReasons on the current data, one line
    /// per action, when it would be cancelled.
    pub cancelled: Option<Vec<String>>,
    /// What keeping the stream handler's aggregate costs either way, when
    /// the transaction inserts items the handler counts.
    pub aggregate: Option<AggregateCost>,
}

/// An aggregate kept inside the transaction (one more Update action,
/// charged twice on the table as every action is) against kept by the
/// stream handler
/// (one ordinary UpdateItem per record; reading the stream is free for a
/// function DynamoDB invokes).
#[derive(Clone, Debug, PartialEq)]
pub struct AggregateCost {
    /// The handler's update, in words: "ADD orderCount :one".
    pub update: String,
    /// Write units of the handler's updates for one transaction.
    pub by_stream: f64,
    /// The same updates as actions of the transaction.
    pub in_transaction: f64,
}

impl AggregateCost {
    /// Dollars a month each way (`by_stream`, `in_transaction`) at the
    /// pattern's request rate.
    pub fn monthly(&self, prices: &Prices) -> (f64, f64) {
        let dollars = |u: f64| prices.monthly(u * prices.write_per_million);
        (dollars(self.by_stream), dollars(self.in_transaction))
    }
}

/// What keeping `handler`'s aggregate costs for `request`: its updates
/// measured on the current data, once as themselves and once doubled.
pub fn aggregate_cost(
    engine: &mut Engine,
    request: &Json,
    table: &TableDesign,
    handler: &StreamHandler,
) -> Option<AggregateCost> {
    let puts: Vec<Item> = request["TransactItems"]
        .as_array()?
        .iter()
        .filter_map(|a| a.get("Put")?.get("Item"))
        .filter_map(|item| decode_item(item).ok())
        .filter(|item| handler.matches(EventName::Insert, item))
        .collect();
    if puts.is_empty() {
        return None;
    }
    let (mut by_stream, mut in_transaction) = (0.0, 0.0);
    for image in puts {
        let update = handler.update_for(&image, table).ok()?;
        let cost = measure_write(engine, Operation::UpdateItem, &update, table).ok()?;
        by_stream += cost.total();
        // As an action: the table's units doubled, the indexes' not.
        in_transaction += cost.total() + cost.table_units;
    }
    Some(AggregateCost {
        update: handler.update.clone(),
        by_stream,
        in_transaction,
    })
}

impl TransactionCost {
    /// All write units.
    pub fn total(&self) -> f64 {
        self.table_units + self.index_units.iter().map(|(_, u)| u).sum::<f64>()
    }

    /// What the same writes cost one by one: half the table's units, the
    /// same on the indexes.
    pub fn without_transaction(&self) -> f64 {
        self.total() - self.table_units / 2.0
    }

    /// Dollars per million such transactions at on-demand prices.
    pub fn cost_per_million(&self, prices: &Prices) -> f64 {
        self.total() * prices.write_per_million
    }

    /// One sentence, derived from the numbers.
    pub fn explain(&self) -> String {
        if self.cancelled.is_some() {
            return format!(
                "The transaction is cancelled on the current data: none of its {} actions is written, and DynamoDB reports no capacity for it.",
                self.actions
            );
        }
        let checks = self.actions - self.writes;
        let checked = match checks {
            0 => String::new(),
            1 => " and checks 1".into(),
            n => format!(" and checks {n}"),
        };
        let indexes: Vec<String> = self
            .index_units
            .iter()
            .map(|(name, u)| format!("{} on {name}", units(*u)))
            .collect();
        let spread = if indexes.is_empty() {
            String::new()
        } else {
            format!(", plus {}", indexes.join(", "))
        };
        format!(
            "TransactWriteItems writes {} items{checked}, all or none: {} WCU on the table{spread}: {} WCU in all. On the table that is twice the {} the same writes cost one by one, because DynamoDB prepares and then commits every item and charges for both; the indexes are charged as for ordinary writes. One by one: {} WCU.",
            self.writes,
            units(self.table_units),
            units(self.total()),
            units(self.table_units / 2.0),
            units(self.without_transaction())
        )
    }
}

/// Runs a transaction, reads its cost, and undoes it.
pub fn measure_transaction(
    engine: &mut Engine,
    request: &Json,
    table: &TableDesign,
) -> Result<TransactionCost, Failure> {
    let actions = request["TransactItems"].as_array().map_or(0, Vec::len);
    let keys = written_keys(Operation::TransactWriteItems, request, table);
    let mut body = request.clone();
    body["ReturnConsumedCapacity"] = json!("INDEXES");
    if let Some(o) = body.as_object_mut() {
        // A token would make the second measurement a replay.
        o.remove("ClientRequestToken");
    }
    engine.without_stream_records(|engine| {
        let before: Vec<(Json, Option<Json>)> = keys
            .iter()
            .map(|key| {
                let item = run(
                    engine,
                    Operation::GetItem,
                    &json!({"TableName": table.name, "Key": key, "ConsistentRead": true}),
                )
                .ok()
                .and_then(|r| r.get("Item").cloned());
                (key.clone(), item)
            })
            .collect();
        let (response, partitions) = measured(engine, &table.name, |engine| {
            run(engine, Operation::TransactWriteItems, &body)
        });
        let response = match response {
            Ok(response) => response,
            Err(failure) if failure.kind() == "TransactionCanceledException" => {
                return Ok(TransactionCost {
                    actions,
                    writes: keys.len(),
                    table_units: 0.0,
                    index_units: Vec::new(),
                    partitions: Vec::new(),
                    cancelled: Some(failure.reasons),
                    aggregate: None,
                });
            }
            Err(failure) => return Err(failure),
        };
        for (key, item) in before {
            let undo = match item {
                Some(item) => run(
                    engine,
                    Operation::PutItem,
                    &json!({"TableName": table.name, "Item": item}),
                ),
                None => run(
                    engine,
                    Operation::DeleteItem,
                    &json!({"TableName": table.name, "Key": key}),
                ),
            };
            undo.map_err(|f| f.within("Could not undo the measured transaction"))?;
        }
        let consumed = response["ConsumedCapacity"]
            .as_array()
            .and_then(|tables| tables.first())
            .cloned()
            .unwrap_or(Json::Null);
        let mut index_units: Vec<(String, f64)> =
            ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]
                .iter()
                .filter_map(|field| consumed.get(*field).and_then(Json::as_object))
                .flat_map(|indexes| indexes.iter())
                .map(|(name, c)| (name.clone(), c["CapacityUnits"].as_f64().unwrap_or(0.0)))
                .collect();
        index_units.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(TransactionCost {
            actions,
            writes: keys.len(),
            table_units: consumed["Table"]["CapacityUnits"].as_f64().unwrap_or(0.0),
            index_units,
            partitions,
            cancelled: None,
            aggregate: None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;
    use crate::model::gallery::commerce;
    use crate::model::measure::compare::Measured;

    fn pattern(state: &Opened, starts: &str) -> usize {
        state
            .patterns
            .iter()
            .position(|p| p.description.starts_with(starts))
            .unwrap()
    }

    /// The items in the example's table, counted in the engine (not the
    /// count the state noted when it was built).
    fn items_in_table(state: &Opened) -> usize {
        let engine = state.engine.borrow();
        engine.table("commerce-main").unwrap().items.n_items()
    }

    fn stream_length(state: &Opened) -> usize {
        let engine = state.engine.borrow();
        let table = engine.table("commerce-main").unwrap();
        table.stream.as_ref().unwrap().records.len()
    }

    #[test]
    fn placing_an_order_costs_twice_its_writes_and_measuring_it_changes_nothing() {
        let state = Opened::example();
        let Ok(Measured::Transaction(cost)) = &state.runs[pattern(&state, "Place an order:")]
        else {
            panic!("{:?}", state.runs[pattern(&state, "Place an order:")])
        };
        assert_eq!(
            (cost.actions, cost.writes, cost.cancelled.as_ref()),
            (6, 5, None)
        );
        // Three small new items (1 WCU each) and two products of over
        // 1 KB (2 WCU each), doubled on the table. On the indexes, as for
        // ordinary writes: the order enters GSI1 and GSI2, and the two
        // products' GSI1 entries change with their stock.
        assert_eq!(cost.table_units, 14.0, "{cost:?}");
        assert_eq!(
            cost.index_units,
            vec![("GSI1".to_string(), 4.0), ("GSI2".to_string(), 1.0)]
        );
        assert_eq!((cost.total(), cost.without_transaction()), (19.0, 12.0));
        assert!(cost.explain().contains("twice the 7"), "{}", cost.explain());
        // The stream handler's counter, priced both ways.
        let aggregate = cost.aggregate.as_ref().unwrap();
        assert_eq!((aggregate.by_stream, aggregate.in_transaction), (1.0, 2.0));
        // Measuring left no item and no stream record behind.
        let mut engine = state.engine.borrow_mut();
        let header = run(
            &mut engine,
            Operation::GetItem,
            &serde_json::json!({"TableName": "commerce-main", "Key": {"PK": {"S": "CUST#c11"}, "SK": {"S": "ORDER#2024-11-30#o999"}}}),
        )
        .unwrap();
        assert!(header.get("Item").is_none());
        drop(engine);
        // The example's 892 items, as generated: the transaction's five
        // new and changed items were undone.
        assert_eq!((items_in_table(&state), stream_length(&state)), (892, 0));
    }

    #[test]
    fn short_stock_cancels_the_whole_order_with_the_reason_on_the_stock_update() {
        let state = Opened::example();
        let Ok(Measured::Transaction(cost)) = &state.runs[pattern(&state, "Place an order when")]
        else {
            panic!("a transaction")
        };
        assert_eq!(
            cost.cancelled.as_deref(),
            Some(
                &[
                    "1. None".to_string(),
                    "2. None".into(),
                    "3. None".into(),
                    "4. None".into(),
                    "5. None".into(),
                    "6. ConditionalCheckFailed: The conditional request failed".into(),
                ][..]
            )
        );
        assert_eq!(cost.total(), 0.0);
        assert!(cost.explain().starts_with("The transaction is cancelled"));
        assert_eq!(stream_length(&state), 0);
        let _ = commerce::FULFIL;
    }
}
