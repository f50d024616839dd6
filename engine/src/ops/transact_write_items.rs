//! TransactWriteItems: up to 100 puts, updates, deletes and condition
//! checks, on items of one or more tables, all or nothing.
//!
//! 1. The request is checked as a whole: between 1 and 100 actions, each
//!    one of the four kinds, its expressions, its table and key, a Put's
//!    item size, no two actions on one item, 4 MB in all. A problem here is
//!    a ValidationException and nothing is read.
//! 2. Every action is evaluated against the items as they are before the
//!    transaction: its condition, and for an Update the item it would make.
//!    Every action that cannot go ahead gets a cancellation reason; if any
//!    does, the transaction is cancelled with one reason per action, in
//!    request order, and nothing changes.
//! 3. Otherwise every write is applied. Each action's table arm costs twice
//!    its write units (a ConditionCheck twice its item's, or 2 when there is
//!    none); index arms cost what an ordinary write costs (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-capacity-handling>).
//!
//! A `ClientRequestToken` makes the call idempotent for ten minutes of the
//! engine's clock: the same request again changes nothing and reports the
//! read units of the items it names; another request with the same token
//! is refused.

use super::shared::write::{charge_write_into, check_item_size, parse_condition_only};
use super::update_item::{check_key_untouched, parse_update, updated_item};
use super::{
    DeleteItemRequest, Engine, ExpressionParameters, PutItemRequest, UpdateItemRequest,
    check_table_name,
};
use crate::capacity::{Consumed, read_units, write_units};
use crate::error::constraint::{Rule, Violation};
use crate::error::{CancellationReason, Error, Result};
use crate::expr::ast::{Condition, UpdateAction};
use crate::expr::eval::eval_condition;
use crate::key::{PrimaryKey, key_from_request, primary_key_of};
use crate::table::PlannedWrite;
use crate::types::{Item, item_size};

pub use crate::limits::MAX_TRANSACT_ITEMS;

pub use crate::limits::MAX_TRANSACTION_BYTES;

/// How long a `ClientRequestToken` is remembered, in seconds.
pub const IDEMPOTENCY_WINDOW_SECONDS: f64 = 600.0;

/// A ConditionCheck: a condition on an item, which writes nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConditionCheckRequest {
    /// `TableName`.
    pub table_name: String,
    /// `Key`.
    pub key: Item,
    /// `ConditionExpression` (required).
    pub condition_expression: Option<String>,
    /// `ExpressionAttributeNames` / `ExpressionAttributeValues`.
    pub expression: ExpressionParameters,
    /// `ReturnValuesOnConditionCheckFailure` is `ALL_OLD`.
    pub return_old_on_condition_failure: bool,
    /// A condition already resolved, in place of `ConditionExpression`: a
    /// PartiQL `EXISTS(SELECT …)`.
    pub condition: Option<Condition>,
}

/// One action of a transaction. The single-item requests carry the same
/// fields they carry on their own (their `ReturnValues` is not used).
#[derive(Clone, Debug, PartialEq)]
pub enum TransactWrite {
    Put(PutItemRequest),
    Update(UpdateItemRequest),
    Delete(DeleteItemRequest),
    ConditionCheck(ConditionCheckRequest),
}

/// A TransactWriteItems request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TransactWriteItemsRequest {
    /// `TransactItems`, in order.
    pub transact_items: Vec<TransactWrite>,
    /// `ClientRequestToken`.
    pub client_request_token: Option<String>,
}

/// A TransactWriteItems response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TransactWriteItemsResponse {
    /// Capacity consumed, one entry per table, in the order tables first appear.
    pub consumed: Vec<Consumed>,
    /// True when this answers a repeated request (same token, same request):
    /// nothing was written and the units are read units.
    pub replayed: bool,
    /// For tables with a local secondary index: the item collections written to.
    pub item_collections: Vec<(String, Vec<super::ItemCollectionMetrics>)>,
}

/// What a token was first used for.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "persist", derive(serde::Serialize, serde::Deserialize))]
pub struct TokenUse {
    /// The request, as text, to tell a repeat from another request.
    pub(crate) request: String,
    /// When it completed, by the engine's clock.
    pub(crate) at: f64,
}

/// An action, checked: where it writes and what it does.
struct Planned {
    table: String,
    key: PrimaryKey,
    condition: Option<Condition>,
    return_old_on_failure: bool,
    change: Change,
}

enum Change {
    /// The item and its size.
    Put(Item, usize),
    Update {
        key_item: Item,
        actions: Vec<UpdateAction>,
    },
    Delete,
    Check,
}

impl Engine {
    /// TransactWriteItems.
    pub fn transact_write_items(
        &mut self,
        request: TransactWriteItemsRequest,
    ) -> Result<TransactWriteItemsResponse> {
        check_action_count(request.transact_items.len(), "TransactWriteItem")?;
        // The request as text, to tell a repeat from another request with
        // the same token: only made when there is a token.
        let text = request
            .client_request_token
            .as_ref()
            .map(|_| format!("{:?}", request.transact_items));
        if let (Some(token), Some(text)) = (&request.client_request_token, &text) {
            self.forget_old_tokens();
            if let Some(first) = self.tokens.get(token) {
                if first.request != *text {
                    return Err(Error::IdempotentParameterMismatch);
                }
                return self.replay(&request.transact_items);
            }
        }
        let planned = self.plan(request.transact_items)?;
        let (reasons, writes) = self.evaluate(&planned);
        if reasons.iter().any(|r| r.code != "None") {
            return Err(Error::TransactionCanceled { reasons });
        }
        let response = self.apply(planned, writes);
        if let (Some(token), Some(request)) = (request.client_request_token, text) {
            let at = self.now;
            self.tokens.insert(token, TokenUse { request, at });
        }
        Ok(response)
    }

    fn forget_old_tokens(&mut self) {
        let now = self.now;
        self.tokens
            .retain(|_, used| now - used.at < IDEMPOTENCY_WINDOW_SECONDS);
    }

    /// Step 1: every action checked on its own, then all of them together.
    fn plan(&self, actions: Vec<TransactWrite>) -> Result<Vec<Planned>> {
        let mut planned: Vec<Planned> = Vec::with_capacity(actions.len());
        let mut bytes = 0;
        for (n, action) in actions.into_iter().enumerate() {
            let at = n + 1;
            let one = match action {
                TransactWrite::Put(put) => {
                    check_table_name(&put.table_name, "tableName")?;
                    let condition =
                        parse_condition_only(&put.expression, put.condition_expression.as_deref())?
                            .or(put.condition);
                    let table = self.table_or_not_found(&put.table_name)?;
                    let key = primary_key_of(&table.description.key_schema, &put.item)?;
                    let size = check_item_size(
                        &put.item,
                        "Item size has exceeded the maximum allowed size",
                    )?;
                    bytes += size;
                    Planned {
                        table: put.table_name,
                        key,
                        condition,
                        return_old_on_failure: put.return_old_on_condition_failure,
                        change: Change::Put(put.item, size),
                    }
                }
                TransactWrite::Update(update) => {
                    check_table_name(&update.table_name, "tableName")?;
                    let (actions, condition) = match update.actions {
                        // A PartiQL UPDATE: already resolved.
                        Some(actions) => (actions, update.condition),
                        None => {
                            let expression =
                                update.update_expression.as_deref().ok_or_else(|| {
                                    required(&format!(
                                        "transactItems.{at}.member.update.updateExpression"
                                    ))
                                })?;
                            parse_update(
                                Some(expression),
                                update.condition_expression.as_deref(),
                                &update.expression,
                            )?
                        }
                    };
                    let table = self.table_or_not_found(&update.table_name)?;
                    let schema = &table.description.key_schema;
                    let key = key_from_request(schema, &update.key)?;
                    check_key_untouched(&table.description, &actions)?;
                    Planned {
                        table: update.table_name,
                        key,
                        condition,
                        return_old_on_failure: update.return_old_on_condition_failure,
                        change: Change::Update {
                            key_item: update.key,
                            actions,
                        },
                    }
                }
                TransactWrite::Delete(delete) => {
                    check_table_name(&delete.table_name, "tableName")?;
                    let condition = parse_condition_only(
                        &delete.expression,
                        delete.condition_expression.as_deref(),
                    )?
                    .or(delete.condition);
                    let table = self.table_or_not_found(&delete.table_name)?;
                    let key = key_from_request(&table.description.key_schema, &delete.key)?;
                    Planned {
                        table: delete.table_name,
                        key,
                        condition,
                        return_old_on_failure: delete.return_old_on_condition_failure,
                        change: Change::Delete,
                    }
                }
                TransactWrite::ConditionCheck(check) => {
                    check_table_name(&check.table_name, "tableName")?;
                    let condition = match check.condition {
                        // A PartiQL EXISTS: already resolved.
                        Some(condition) => Some(condition),
                        None => {
                            let expression =
                                check.condition_expression.as_deref().ok_or_else(|| {
                                    required(&format!(
                                        "transactItems.{at}.member.conditionCheck.conditionExpression"
                                    ))
                                })?;
                            parse_condition_only(&check.expression, Some(expression))?
                        }
                    };
                    let table = self.table_or_not_found(&check.table_name)?;
                    let key = key_from_request(&table.description.key_schema, &check.key)?;
                    Planned {
                        table: check.table_name,
                        key,
                        condition,
                        return_old_on_failure: check.return_old_on_condition_failure,
                        change: Change::Check,
                    }
                }
            };
            if planned
                .iter()
                .any(|p| p.table == one.table && p.key == one.key)
            {
                return Err(Error::validation(
                    "Transaction request cannot include multiple operations on one item",
                ));
            }
            planned.push(one);
        }
        if bytes > MAX_TRANSACTION_BYTES {
            return Err(Error::validation(
                "Collection size of items exceeded, which can also be caused by the aggregate size of the items in the transaction exceeding the 4MB limit",
            ));
        }
        Ok(planned)
    }

    /// Step 2: one reason per action, against the items as they are now
    /// (and, for item collections, what earlier actions add to them); and
    /// for each write that can go ahead, the write worked out, for step 3.
    fn evaluate(
        &self,
        planned: &[Planned],
    ) -> (Vec<CancellationReason>, Vec<Option<PlannedWrite>>) {
        // Usually one table: its writes' items start loading together.
        let mut tables: Vec<&str> = planned.iter().map(|p| p.table.as_str()).collect();
        tables.dedup();
        for name in tables {
            if let Some(table) = self.table(name) {
                table.prefetch_writes(planned.iter().filter(|p| p.table == name).map(|p| &p.key));
            }
        }
        let mut growth: Vec<(String, crate::key::KeyValue, i64)> = Vec::new();
        let mut writes = Vec::with_capacity(planned.len());
        let reasons = planned
            .iter()
            .map(|p| {
                // Invariant: planning found every table.
                let Some(table) = self.table(&p.table) else {
                    writes.push(None);
                    return CancellationReason::validation("Requested resource not found");
                };
                let current = table.get(&p.key).map(|e| &e.item);
                let empty = Item::new();
                if let Some(condition) = &p.condition
                    && !eval_condition(condition, current.unwrap_or(&empty))
                {
                    writes.push(None);
                    return CancellationReason {
                        code: "ConditionalCheckFailed",
                        message: Some("The conditional request failed".into()),
                        item: current.filter(|_| p.return_old_on_failure).cloned(),
                    };
                }
                let write = match &p.change {
                    Change::Put(item, size) => table.plan(Some(item.clone()), Some(*size)),
                    Change::Update { key_item, actions } => {
                        updated_item(table, key_item, current, actions)
                    }
                    Change::Delete => table.plan(None, None),
                    Change::Check => {
                        writes.push(None);
                        return CancellationReason::none();
                    }
                };
                let checked = write.and_then(|write| {
                    if !table.has_local_index() {
                        return Ok(write);
                    }
                    let new = write.item();
                    let at = growth
                        .iter()
                        .position(|(t, k, _)| *t == p.table && *k == p.key.partition);
                    let pending = at.map_or(0, |i| growth[i].2);
                    table.check_collection_limit_after(&p.key, new, pending)?;
                    let added = table.collection_growth(&p.key, new);
                    match at {
                        Some(i) => growth[i].2 += added,
                        None => growth.push((p.table.clone(), p.key.partition.clone(), added)),
                    }
                    Ok(write)
                });
                let checked = checked.map(|write| writes.push(Some(write)));
                if checked.is_err() {
                    writes.push(None);
                }
                match checked {
                    Ok(()) => CancellationReason::none(),
                    Err(Error::ItemCollectionSizeLimitExceeded) => CancellationReason {
                        code: "ItemCollectionSizeLimitExceeded",
                        message: Some("Collection size exceeded.".into()),
                        item: None,
                    },
                    Err(e) => CancellationReason::validation(e.to_string()),
                }
            })
            .collect();
        (reasons, writes)
    }

    /// Step 3: every write, as evaluated (the items each action names are
    /// distinct, so no write changes what another was worked out from),
    /// and what it cost.
    fn apply(
        &mut self,
        planned: Vec<Planned>,
        writes: Vec<Option<PlannedWrite>>,
    ) -> TransactWriteItemsResponse {
        let mut response = TransactWriteItemsResponse::default();
        for (p, write) in planned.into_iter().zip(writes) {
            let Ok(table) = self.table_mut_or_not_found(&p.table) else {
                continue;
            };
            let mut consumed = Consumed::new(&p.table);
            let Some(write) = write else {
                // A ConditionCheck.
                let size = table.get(&p.key).map_or(0, |e| e.size);
                consumed.table = 2.0 * write_units(size);
                table
                    .usage
                    .add_write(None, &p.key.partition, consumed.table);
                add_consumed(&mut response.consumed, consumed);
                continue;
            };
            let Ok(effect) = table.apply(&p.key, write) else {
                continue;
            };
            // The table arm doubles; index arms are charged as usual.
            charge_write_into(&mut consumed, table, &p.key, &effect, 2.0);
            add_consumed(&mut response.consumed, consumed);
            if let Some(metrics) = super::item_collection_metrics(table, &p.key) {
                match response
                    .item_collections
                    .iter_mut()
                    .find(|(name, _)| *name == p.table)
                {
                    Some((_, list)) => list.push(metrics),
                    None => response.item_collections.push((p.table, vec![metrics])),
                }
            }
        }
        response
    }

    /// A repeated request: nothing written, the items' read units reported.
    fn replay(&self, actions: &[TransactWrite]) -> Result<TransactWriteItemsResponse> {
        let mut consumed = Vec::new();
        for action in actions {
            let (table_name, key) = match action {
                TransactWrite::Put(put) => {
                    let table = self.table_or_not_found(&put.table_name)?;
                    (
                        &put.table_name,
                        primary_key_of(&table.description.key_schema, &put.item)?,
                    )
                }
                TransactWrite::Update(UpdateItemRequest {
                    table_name, key, ..
                })
                | TransactWrite::Delete(DeleteItemRequest {
                    table_name, key, ..
                })
                | TransactWrite::ConditionCheck(ConditionCheckRequest {
                    table_name, key, ..
                }) => {
                    let table = self.table_or_not_found(table_name)?;
                    (
                        table_name,
                        key_from_request(&table.description.key_schema, key)?,
                    )
                }
            };
            let table = self.table_or_not_found(table_name)?;
            let size = table.get(&key).map_or(0, |e| item_size(&e.item));
            let mut entry = Consumed::new(table_name);
            entry.table = read_units(size, true);
            add_consumed(&mut consumed, entry);
        }
        Ok(TransactWriteItemsResponse {
            consumed,
            replayed: true,
            item_collections: Vec::new(),
        })
    }
}

/// Adds a table's units to the list, one entry per table.
fn add_consumed(list: &mut Vec<Consumed>, consumed: Consumed) {
    match list
        .iter_mut()
        .find(|c| c.table_name == consumed.table_name)
    {
        Some(existing) => existing.add(&consumed),
        None => list.push(consumed),
    }
}

fn required(field: &str) -> Error {
    Violation::missing(field).into()
}

/// Between 1 and 100 actions (`kind`: `TransactWriteItem` or `TransactGetItem`).
pub fn check_action_count(n: usize, kind: &str) -> Result<()> {
    let listed = |n: usize| {
        let members: Vec<String> = (0..n)
            .map(|_| format!("com.amazonaws.dynamodb.v20120810.{kind}"))
            .collect();
        format!("[{}]", members.join(", "))
    };
    match n {
        0 => Err(Violation::new("[]", "transactItems", Rule::LengthAtLeast(1)).into()),
        n if n > MAX_TRANSACT_ITEMS => Err(Violation::new(
            listed(n),
            "transactItems",
            Rule::LengthAtMost(MAX_TRANSACT_ITEMS),
        )
        .into()),
        _ => Ok(()),
    }
}
