//! What the page is about, without the page: the entity chart and its key
//! templates, seeded item generation, the access patterns and how each is
//! measured and explained, items typed or pasted by hand, and the example
//! design. Everything here runs natively too, where most of it is tested.

pub mod attribute_text;
pub mod change_log;
pub mod chart;
pub mod chart_edit;
pub mod commerce;
pub mod compare;
pub mod edits;
pub mod explain;
pub mod format;
mod fuzz_tests;
pub mod gallery;
pub mod generate;
pub mod hot_partitions;
pub mod item_form;
pub mod load;
pub mod multi_item;
pub mod paste;
pub mod pattern;
pub mod playground;
pub mod prices;
pub mod reads;
pub mod runner;
pub mod statement;
pub mod statement_runs;
pub mod stream_handler;
pub mod template;
pub mod transaction_cost;
pub mod ttl;
pub mod view;
pub mod write_cost;
pub mod write_path;
