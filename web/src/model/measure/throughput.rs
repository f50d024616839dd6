//! Partition throughput: given each access pattern's request rate, the read
//! and write units a second every partition key value takes — on the table
//! and on each index, which DynamoDB throttles on its own — set against
//! DynamoDB's per-partition ceilings of 3,000 read units and 1,000 write
//! units a second. A partition key value's items live in one partition
//! (DynamoDB can split a partition by sort key when it runs hot, but never
//! lifts one partition above these ceilings), so a value over a ceiling is
//! throttled however much the table as a whole may take.
//!
//! The units per request come from the engine: each pattern's own run (or
//! write) is measured with the usage journal on, so a Query charges its
//! one partition, a Scan every partition it read (by the bytes it read in
//! each), a write its item's partition on the table and on each index it
//! touches. A sharded write's partition is one of N drawn at random: each
//! shard takes an N-th of the writes. A scatter-gather charges each shard
//! its own Query at the full rate.

use crate::model::failure::Failure;
use std::collections::BTreeMap;

use engine::api::Operation;

use super::compare::Measured;
use super::partition_load::PartitionLoad;
use super::sharding::shard_key;
use crate::model::design::chart::TableDesign;
use crate::model::patterns::pattern::AccessPattern;

/// Read units a second one partition serves at most.
pub const READ_CEILING: f64 = 3_000.0;
/// Write units a second one partition serves at most.
pub const WRITE_CEILING: f64 = 1_000.0;

/// One partition key value's load a second, with the patterns behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionRate {
    /// `None` for the table, else the index.
    pub index: Option<String>,
    pub partition: String,
    /// Read units a second.
    pub read: f64,
    /// Write units a second.
    pub write: f64,
    /// The patterns that load it, by position.
    pub patterns: Vec<usize>,
}

impl PartitionRate {
    /// How far past its ceiling the busier kind of load goes: 1.0 is at
    /// the ceiling.
    pub fn share(&self) -> f64 {
        (self.read / READ_CEILING).max(self.write / WRITE_CEILING)
    }

    /// True when reads or writes pass a ceiling.
    pub fn throttled(&self) -> bool {
        self.read > READ_CEILING + 1e-9 || self.write > WRITE_CEILING + 1e-9
    }

    /// Where it is: "EVENT#e1" or "STATUS#OPEN on GSI1".
    pub fn place(&self) -> String {
        match &self.index {
            None => self.partition.clone(),
            Some(index) => format!("{} on {index}", self.partition),
        }
    }

    /// In words, never colour alone: "1,500 WCU/s: 500 over the 1,000
    /// ceiling — throttled" or "150 WCU/s, 15% of the ceiling".
    pub fn verdict(&self) -> String {
        let mut parts = Vec::new();
        for (used, ceiling, unit) in [
            (self.read, READ_CEILING, "RCU"),
            (self.write, WRITE_CEILING, "WCU"),
        ] {
            if used <= 0.0 {
                continue;
            }
            parts.push(if used > ceiling + 1e-9 {
                format!(
                    "{} {unit}/s: {} over the {} ceiling — throttled",
                    rate_text(used),
                    rate_text(used - ceiling),
                    rate_text(ceiling)
                )
            } else {
                format!(
                    "{} {unit}/s, {} of the ceiling",
                    rate_text(used),
                    percent(used / ceiling)
                )
            });
        }
        parts.join("; ")
    }
}

/// A share as a percentage: whole percents, one decimal below 1%.
pub fn percent(share: f64) -> String {
    if share < 0.01 {
        format!("{:.1}%", 100.0 * share)
    } else {
        format!("{:.0}%", 100.0 * share)
    }
}

/// A rate as the page writes it: whole numbers with separators, else one
/// decimal.
pub fn rate_text(value: f64) -> String {
    if (value - value.round()).abs() < 0.05 {
        crate::model::format::thousands(value.round() as usize)
    } else {
        format!("{value:.1}")
    }
}

/// Units one request of a pattern puts on each partition, as measured.
fn loads_of(
    pattern: &AccessPattern,
    measured: &Measured,
    table: &TableDesign,
) -> Vec<PartitionLoad> {
    let mut loads = match measured {
        Measured::Reads { runs, own, .. } => runs[*own].partitions.clone(),
        Measured::Statement(m) => m.runs[m.own].partitions.clone(),
        Measured::Write(cost) => cost.partitions.clone(),
        Measured::Transaction(cost) => cost.partitions.clone(),
    };
    let field = if pattern.operation == Operation::PutItem {
        "Item"
    } else {
        "Key"
    };
    let base = pattern.request[field][&table.partition_key.name]["S"].as_str();
    if let (Some(shards), Measured::Write(_), Some(base)) = (pattern.shards, measured, base) {
        // Measured on shard 0; each shard takes an N-th of the writes.
        let measured_on = shard_key(base, 0);
        let on_shard = |l: &PartitionLoad| l.index.is_none() && l.partition == measured_on;
        let spread: Vec<PartitionLoad> = loads
            .iter()
            .filter(|l| on_shard(l))
            .flat_map(|load| {
                (0..shards).map(move |s| PartitionLoad {
                    index: None,
                    partition: shard_key(base, s),
                    read: load.read / f64::from(shards),
                    write: load.write / f64::from(shards),
                })
            })
            .collect();
        loads.retain(|l| !on_shard(l));
        loads.extend(spread);
    }
    loads
}

/// Every partition key value's load a second at the patterns' rates,
/// busiest (nearest its ceiling) first. Patterns with no rate, or that do
/// not run, add nothing.
pub fn throughput(
    patterns: &[AccessPattern],
    runs: &[Result<Measured, Failure>],
    table: &TableDesign,
) -> Vec<PartitionRate> {
    let mut by_place: BTreeMap<(Option<String>, String), PartitionRate> = BTreeMap::new();
    for (i, (pattern, measured)) in patterns.iter().zip(runs).enumerate() {
        let Ok(measured) = measured else { continue };
        if pattern.rate <= 0.0 {
            continue;
        }
        for load in loads_of(pattern, measured, table) {
            let slot = by_place
                .entry((load.index.clone(), load.partition.clone()))
                .or_insert_with(|| PartitionRate {
                    index: load.index.clone(),
                    partition: load.partition.clone(),
                    read: 0.0,
                    write: 0.0,
                    patterns: Vec::new(),
                });
            slot.read += load.read * pattern.rate;
            slot.write += load.write * pattern.rate;
            if !slot.patterns.contains(&i) {
                slot.patterns.push(i);
            }
        }
    }
    let mut rates: Vec<PartitionRate> = by_place.into_values().collect();
    rates.sort_by(|a, b| b.share().total_cmp(&a.share()));
    rates
}
