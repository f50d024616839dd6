//! The items in the table: how they get there and how they read back.
//!
//! 1. [`load`] fills a fresh engine from the chart a slice at a time, so
//!    a large table fills with progress shown; [`write_path`] puts the
//!    steps in DynamoDB's order — items, then the stream handler's
//!    backfill, then the changes made by hand.
//! 2. Changes by hand: [`item_form`] (one item, a field per attribute),
//!    [`paste`] (JSON, one object or many) and [`edits`], which keeps the
//!    last state of every key changed, so a link can replay them.
//! 3. [`item_keys`] names an item by its table key; [`multi_item`] handles
//!    the batch and transaction requests that carry several items.
//! 4. [`view`] reads the table or an index back as item collections, for
//!    the data view: one block per partition key, in sort-key order.
//! 5. [`console_run`] runs a script of the aws CLI console on the same
//!    engine, and says what the page must take in of it: the items it
//!    wrote, the table it deleted or made, the design it changed.

pub mod console_run;
pub mod edits;
pub mod item_form;
pub mod item_keys;
pub mod load;
pub mod multi_item;
pub mod paste;
pub mod view;
pub mod write_path;
