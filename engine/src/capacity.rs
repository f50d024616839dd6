//! Consumed capacity: every capacity number the engine reports is computed
//! here and nowhere else.
//!
//! - A read unit covers 4 KB read strongly; eventually consistent reads cost
//!   half. Query and Scan sum the sizes of every item read in a page (before
//!   the filter and the projection) and round once per page; GetItem rounds
//!   its one item (a missing item still costs one unit).
//! - A write unit covers 1 KB of the larger of the old and the new item.
//! - Secondary indexes are charged for their own entries: an entry that
//!   appears or disappears costs its size, one that changes projected
//!   attributes costs the larger size, one whose index key changes costs a
//!   delete plus a put, and an index the write does not touch costs nothing
//!   and is absent from the report.

use crate::table::{IndexChange, IndexKind};
use crate::types::Text;

pub use crate::limits::READ_UNIT_BYTES;
pub use crate::limits::WRITE_UNIT_BYTES;

/// Read units for `bytes` read at once: at least one unit, halved when
/// eventually consistent.
pub fn read_units(bytes: usize, consistent: bool) -> f64 {
    let units = bytes.div_ceil(READ_UNIT_BYTES).max(1) as f64;
    if consistent { units } else { units / 2.0 }
}

/// Write units for an item (or index entry) of `bytes`: at least one.
pub fn write_units(bytes: usize) -> f64 {
    bytes.div_ceil(WRITE_UNIT_BYTES).max(1) as f64
}

/// What a write costs an index: DynamoDB charges an index for the entries
/// it writes, by their own sizes.
impl IndexChange {
    /// Write units charged to the index, or `None` when the index is not charged at all.
    pub fn write_units(self) -> Option<f64> {
        match self {
            IndexChange::Untouched | IndexChange::Unchanged => None,
            IndexChange::Entered { new } => Some(write_units(new)),
            IndexChange::Left { old } => Some(write_units(old)),
            IndexChange::Changed { old, new } => Some(write_units(old.max(new))),
            IndexChange::Moved { old, new } => Some(write_units(old) + write_units(new)),
        }
    }
}

/// Units charged to secondary indexes, by index name in name order. A
/// request touches a handful of indexes at most, so a sorted list is both
/// the smallest and the fastest map; most writes make none.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Arms(Vec<(Text, f64)>);

impl Arms {
    /// Adds units to an index's arm.
    pub fn add(&mut self, name: &str, units: f64) {
        match self.0.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
            Ok(i) => self.0[i].1 += units,
            Err(i) => self.0.insert(i, (Text::new(name), units)),
        }
    }

    /// An index's units, if it was charged.
    pub fn get(&self, name: &str) -> Option<f64> {
        self.0
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
            .map(|i| self.0[i].1)
    }

    /// The arms in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, f64)> {
        self.0.iter().map(|(n, u)| (n.as_str(), *u))
    }

    /// The units of every arm.
    pub fn values(&self) -> impl Iterator<Item = f64> + '_ {
        self.0.iter().map(|(_, u)| *u)
    }

    /// True when no index was charged.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of indexes charged.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl<'a> FromIterator<(&'a str, f64)> for Arms {
    fn from_iter<I: IntoIterator<Item = (&'a str, f64)>>(iter: I) -> Arms {
        let mut arms = Arms::default();
        for (name, units) in iter {
            arms.add(name, units);
        }
        arms
    }
}

/// Capacity consumed by one request on one table, split by arm.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Consumed {
    /// The table's name.
    pub table_name: Text,
    /// Units charged to the table itself.
    pub table: f64,
    /// Units charged to global secondary indexes, by name.
    pub global_indexes: Arms,
    /// Units charged to local secondary indexes, by name.
    pub local_indexes: Arms,
    /// Units in the total but on no arm: what a failed member of a
    /// BatchExecuteStatement is charged (`partiql-and-legacy.md` §3.6).
    pub unattributed: f64,
}

impl Consumed {
    /// Nothing consumed yet on `table_name`.
    pub fn new(table_name: &str) -> Consumed {
        Consumed {
            table_name: Text::new(table_name),
            ..Consumed::default()
        }
    }

    /// Adds units to an index arm.
    pub fn add_index(&mut self, kind: IndexKind, name: &str, units: f64) {
        let arms = match kind {
            IndexKind::Global => &mut self.global_indexes,
            IndexKind::Local => &mut self.local_indexes,
        };
        arms.add(name, units);
    }

    /// Adds another request's units on the same table, arm by arm.
    pub fn add(&mut self, other: &Consumed) {
        self.table += other.table;
        self.unattributed += other.unattributed;
        for (name, units) in other.global_indexes.iter() {
            self.global_indexes.add(name, units);
        }
        for (name, units) in other.local_indexes.iter() {
            self.local_indexes.add(name, units);
        }
    }

    /// The total: the table arm plus every index arm.
    pub fn total(&self) -> f64 {
        self.table
            + self.unattributed
            + self.global_indexes.values().sum::<f64>()
            + self.local_indexes.values().sum::<f64>()
    }
}

/// What the request asked to be told (`ReturnConsumedCapacity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReturnConsumedCapacity {
    /// Nothing (the default).
    #[default]
    None,
    /// The total.
    Total,
    /// The total and every arm.
    Indexes,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_units_round_up_per_4kb_and_halve_when_eventual() {
        assert_eq!(read_units(0, true), 1.0);
        assert_eq!(read_units(4096, true), 1.0);
        assert_eq!(read_units(4097, true), 2.0);
        assert_eq!(read_units(12_093, false), 1.5);
    }

    #[test]
    fn write_units_round_up_per_kb() {
        assert_eq!(write_units(1), 1.0);
        assert_eq!(write_units(1024), 1.0);
        assert_eq!(write_units(1025), 2.0);
    }

    #[test]
    fn index_key_move_costs_a_delete_and_a_put() {
        assert_eq!(
            IndexChange::Moved {
                old: 1517,
                new: 1517
            }
            .write_units(),
            Some(4.0)
        );
        assert_eq!(IndexChange::Unchanged.write_units(), None);
        assert_eq!(
            IndexChange::Changed {
                old: 100,
                new: 2000
            }
            .write_units(),
            Some(2.0)
        );
    }
}
