//! Hot-partition risks seen in the data: an entity whose many items share a
//! handful of partition-key values, in the table or in a global index. The
//! items are counted one at a time, as they are generated.

use std::collections::BTreeMap;

use engine::types::{Text, Value};

use super::chart::{Chart, Warning};
use super::generate::Generated;

/// Fewer items than this never make a warning.
const FEW_ITEMS: usize = 20;
/// More distinct values than this spread the load well enough.
const MANY_VALUES: usize = 5;

/// Per entity and partition key, the items per value (up to a few values).
pub struct HotPartitions {
    /// `(target, partition key attribute)`: the table, then each global index.
    keys: Vec<(String, String)>,
    entities: Vec<String>,
    /// `(entity, key)` → value → items. A value `None` counts the items
    /// seen after more than [`MANY_VALUES`] values, which rules a warning out.
    /// (Keyed by the item's own text: counting an item copies no string.)
    counts: Vec<BTreeMap<Option<Text>, usize>>,
}

impl HotPartitions {
    /// Nothing counted yet.
    pub fn new(chart: &Chart) -> HotPartitions {
        let mut keys = vec![(
            chart.table.name.clone(),
            chart.table.partition_key.name.clone(),
        )];
        keys.extend(
            chart
                .table
                .indexes
                .iter()
                .filter(|i| i.global)
                .map(|i| (i.name.clone(), i.partition_key.name.clone())),
        );
        HotPartitions {
            counts: vec![BTreeMap::new(); chart.entities.len() * keys.len()],
            entities: chart.entities.iter().map(|e| e.name.clone()).collect(),
            keys,
        }
    }

    /// Counts one item.
    pub fn add(&mut self, generated: &Generated) {
        for (k, (_, key)) in self.keys.iter().enumerate() {
            let Some(Value::S(v)) = generated.item.get(key) else {
                continue;
            };
            let slot = &mut self.counts[generated.entity * self.keys.len() + k];
            let value = Some(v.clone());
            if slot.len() <= MANY_VALUES || slot.contains_key(&value) {
                *slot.entry(value).or_insert(0) += 1;
            } else {
                *slot.entry(None).or_insert(0) += 1;
            }
        }
    }

    /// The warnings for what has been counted.
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        for (index, entity) in self.entities.iter().enumerate() {
            for (k, (target, key)) in self.keys.iter().enumerate() {
                let values = &self.counts[index * self.keys.len() + k];
                let total: usize = values.values().sum();
                if total < FEW_ITEMS || values.len() > MANY_VALUES || values.contains_key(&None) {
                    continue;
                }
                let busiest = values
                    .iter()
                    .max_by_key(|(_, c)| **c)
                    .map(|(v, c)| format!("{} alone has {c}", v.as_deref().unwrap_or_default()))
                    .unwrap_or_default();
                out.push(Warning {
                    entity: Some(entity.clone()),
                    message: format!(
                        "{key} of {entity} in {target} takes only {} value(s) across {total} items ({busiest}): their reads and writes crowd onto a few partitions, a hot-partition risk. A more selective key spreads them, or a shard suffix: add an attribute such as `shard: number 0..9` and end the template with #{{shard}}.",
                        values.len()
                    ),
                });
            }
        }
        out
    }
}

/// The warnings for a whole set of items.
pub fn hot_partition_warnings(chart: &Chart, items: &[Generated]) -> Vec<Warning> {
    let mut counter = HotPartitions::new(chart);
    items.iter().for_each(|g| counter.add(g));
    counter.warnings()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{design::generate::generate, gallery::commerce};

    #[test]
    fn low_cardinality_status_keys_are_flagged() {
        let chart = commerce::chart();
        let items = generate(&chart, 1).unwrap();
        let warnings = hot_partition_warnings(&chart, &items);
        assert!(
            warnings
                .iter()
                .any(|w| w.message.starts_with("GSI1PK of Order in GSI1")),
            "{warnings:?}"
        );
        // Customers each have their own partition: no warning about them.
        assert!(
            !warnings
                .iter()
                .any(|w| w.entity.as_deref() == Some("Customer"))
        );
    }

    #[test]
    fn the_suggested_shard_suffix_spreads_the_hot_key() {
        let mut chart = commerce::chart();
        let order = chart
            .entities
            .iter_mut()
            .find(|e| e.name == "Order")
            .unwrap();
        order.attributes.extend(
            crate::model::design::attribute_text::parse_attributes("shard: number 0..9").unwrap(),
        );
        order
            .keys
            .insert("GSI1PK".into(), "STATUS#{orderStatus}#{shard}".into());
        let items = generate(&chart, 1).unwrap();
        let warnings = hot_partition_warnings(&chart, &items);
        assert!(
            !warnings
                .iter()
                .any(|w| w.message.starts_with("GSI1PK of Order")),
            "{warnings:?}"
        );
        assert_eq!(chart.warnings(), vec![]);
    }
}
