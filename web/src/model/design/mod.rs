//! The design: the entity chart and what it generates.
//!
//! How a design comes about:
//! 1. [`chart`] holds the table and its indexes and, per entity type, its
//!    attributes, how to generate each and a key template for every key
//!    attribute; [`attribute_text`] reads and writes an entity's
//!    attributes as lines of text, as the chart editor shows them.
//! 2. [`template`] turns an entity's attributes into key values
//!    (`CUST#{customerId}`); [`template_meet`] tells whether two templates
//!    can render the same key, for the chart's collision warning.
//! 3. [`generate`] makes the items from the chart and a seed, the same on
//!    every machine; [`hot_partitions`] counts, as they are made, the
//!    partition-key values too many items share.
//! 4. [`chart_edit`] keeps a chart whole while it changes — a renamed key
//!    attribute carries every template along — and checks it against its
//!    limits before it replaces the one in use; [`described`] reads a
//!    design back from DynamoDB's description of a table (what the console
//!    made).

pub mod attribute_text;
pub mod chart;
pub mod chart_edit;
pub mod described;
pub mod generate;
pub mod hot_partitions;
pub mod template;
pub mod template_meet;
