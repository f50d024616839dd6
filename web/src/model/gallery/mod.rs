//! The gallery: single-table designs, each a whole playground — table and
//! indexes, entity chart, generated data, access patterns with their Scan
//! comparisons — and a few paragraphs on the technique it shows and what
//! its numbers say. Each opens from the Examples menu or from a link of
//! its own, `#example=<name>`.

mod adjacency;
mod blog;
pub mod commerce;
mod hierarchy;
mod invoicing;
pub mod multi_attribute;
pub mod sharding;
mod time_series;

use crate::model::patterns::pattern::{AccessPattern, Budget};
use crate::model::playground::Playground;

/// One design of the gallery.
pub struct Example {
    /// Its name in `#example=<name>` links.
    pub name: &'static str,
    pub title: &'static str,
    /// The technique, in a line.
    pub technique: &'static str,
    /// What the design does and what its numbers show, a paragraph each.
    pub explanation: &'static [&'static str],
    /// The table it creates: the page shows the explanation while its
    /// playground is on this table.
    pub table: &'static str,
    pub playground: fn() -> Playground,
}

/// Every example, the one the page opens with first.
pub const EXAMPLES: &[Example] = &[
    Example {
        name: "commerce",
        title: "Commerce",
        technique: "Overloaded keys and index, a sparse index, transactions, a stream and TTL",
        explanation: &[
            "Customers, orders, order lines, products and carts share one table. A customer's profile and orders live in one item collection, so one Query returns a customer's orders newest first; an order's lines live in the order's own collection.",
            "GSI1 is overloaded: orders are keyed there by status and date, products by category and price, so one index answers both. GSI2 is sparse: only open orders carry its key, so listing them reads nothing else — compare its Query with the Scan that would find them. GSI1's order keys are concatenated strings, STATUS#<status> and <date>#<order id>, written into every order; an index keyed on orderStatus, then orderDate and orderId as sort key attributes of their own, would answer the same questions from the orders' own attributes — the multi-attribute example sets the two side by side.",
            "The chart warns that both keys take few values (four statuses, one OPEN), and that is part of the lesson: at this size it costs nothing, but at thousands of orders a second every order's index write would land on a handful of partitions. Give the patterns a request rate to see where the ceiling is, and the sharding example for the fix.",
        ],
        table: "commerce-main",
        playground: commerce::playground,
    },
    blog::EXAMPLE,
    hierarchy::EXAMPLE,
    adjacency::EXAMPLE,
    sharding::EXAMPLE,
    time_series::EXAMPLE,
    invoicing::EXAMPLE,
    multi_attribute::EXAMPLE,
];

/// The gallery's default expectations: a read with none of its own is held
/// to what an efficient read is — served by a key, returning what it reads
/// — so the review shows every Scan and every filter that drops what it
/// read; a write keeps the budget its example gives it, if any.
pub fn with_default_budgets(patterns: Vec<AccessPattern>) -> Vec<AccessPattern> {
    patterns
        .into_iter()
        .map(|p| {
            if p.budget.is_empty() && !p.operation.is_write() {
                p.with_budget(Budget::efficient())
            } else {
                p
            }
        })
        .collect()
}

/// The example called `name`.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name == name)
}

/// The example whose table the playground is on, for its explanation.
pub fn of_table(table: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.table == table)
}

#[cfg(test)]
mod tests;
