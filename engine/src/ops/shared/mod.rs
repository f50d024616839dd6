//! What several operations share, apart from the operations themselves:
//!
//! - [`write`]: what every single-item write shares — ReturnValues, the
//!   condition check, the item checks, and a write's effect as consumed
//!   capacity — and [`update`], an UpdateExpression applied to an item;
//! - [`read`]: what every read does before it touches a table — its
//!   expressions checked, parsed and resolved;
//! - [`page`]: one page of a Query or Scan, and [`select`], what each
//!   item of it carries (`Select`, `ProjectionExpression`);
//! - [`key_schema`]: a key schema as CreateTable and UpdateTable declare
//!   it, checked with DynamoDB's messages, and [`key_paths`]: no expression
//!   reaches into a key attribute;
//! - [`item_collections`]: the item collection metrics of a table with a
//!   local secondary index;
//! - [`legacy`]: the pre-expression parameters (`Expected`, `QueryFilter`,
//!   `ScanFilter`, `KeyConditions`, `AttributeUpdates`), turned into the
//!   expressions they mean.

pub mod item_collections;
pub mod key_paths;
pub mod key_schema;
pub mod legacy;
pub mod page;
pub mod read;
pub mod select;
pub mod update;
pub mod write;
