//! What the page is about, without the page: the entity chart and its key
//! templates, seeded item generation, the access patterns and how each is
//! measured and explained, the design review of the patterns against
//! their budgets and the throughput their request rates put on each
//! partition, items typed or pasted by hand, and the gallery of designs. Everything here runs natively too, where most of it is tested.

pub mod attribute_text;
pub mod backfill;
pub mod change_log;
pub mod chart;
pub mod chart_edit;
pub mod commerce;
pub mod compare;
pub mod derivation;
#[cfg(test)]
mod design_tests;
pub mod edits;
pub mod explain;
pub mod expression_terms;
pub mod format;
mod fuzz_tests;
pub mod gallery;
pub mod generate;
pub mod hot_partitions;
pub mod item_form;
pub mod item_keys;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod layering_tests;
pub mod load;
pub mod multi_item;
pub mod partition_load;
pub mod paste;
pub mod pattern;
pub mod pattern_settings;
pub mod playground;
pub mod prices;
pub mod reads;
pub mod review;
pub mod runner;
pub mod sharding;
pub mod statement;
pub mod statement_runs;
pub mod stream_handler;
pub mod template;
pub mod template_meet;
pub mod throughput;
pub mod transaction_cost;
pub mod ttl;
pub mod view;
pub mod write_cost;
pub mod write_path;
