//! Changing a chart as a whole stays consistent: renaming a key attribute
//! carries every entity's template for it along, renaming an entity carries
//! its children along, and a chart is checked before it replaces the
//! current one, so a change that cannot be generated is refused whole.

use super::chart::{Chart, Entity, Generator, TableDesign};
use crate::limits::{MAX_ATTRIBUTES, MAX_ENTITIES, MAX_NAME_BYTES, MAX_TEMPLATE_BYTES_IN_ALL};
use crate::model::failure::Failure;

pub use crate::limits::MAX_COUNT;

pub use crate::limits::MAX_ITEMS;

impl Chart {
    /// Puts a new table design in place. `renames` are the key attributes
    /// renamed on the way, oldest first; each entity's template moves with
    /// its attribute.
    pub fn set_table(&mut self, table: TableDesign, renames: &[(String, String)]) {
        for (old, new) in renames {
            for entity in &mut self.entities {
                if !entity.keys.contains_key(new)
                    && let Some(template) = entity.keys.remove(old)
                {
                    entity.keys.insert(new.clone(), template);
                }
            }
        }
        self.table = table;
    }

    /// Whether `text` may become `entity`'s template for `key`: it reads
    /// (braces balanced, formats known), and every attribute it names is
    /// one of the entity's — an unknown one is named with the closest of
    /// the entity's names. A blank template always may (it keeps the
    /// entity out of that key). Refused, the chart stays as it was.
    pub fn check_template(&self, entity: &str, key: &str, text: &str) -> Result<(), Failure> {
        let Some(entity) = self.entity(entity) else {
            return Err(Failure::refused(format!("There is no entity {entity}.")));
        };
        let template = super::template::Template::parse(text.trim()).map_err(|e| {
            Failure::refused(format!("The {key} template does not read: {}.", e.message))
        })?;
        let known = |name: &str| entity.attributes.iter().any(|a| a.name == name);
        match template.attributes().find(|a| !known(a)) {
            None => Ok(()),
            Some(unknown) => {
                let closest = entity
                    .attributes
                    .iter()
                    .map(|a| (strsim::damerau_levenshtein(unknown, &a.name), &a.name))
                    .min()
                    .filter(|(distance, _)| *distance <= unknown.chars().count().max(3) / 2)
                    .map(|(_, name)| format!(" Did you mean {{{name}}}?"))
                    .unwrap_or_else(|| {
                        format!(
                            " Its attributes are {}.",
                            entity
                                .attributes
                                .iter()
                                .map(|a| a.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    });
                Err(Failure::refused(format!(
                    "{} has no attribute {unknown}, so no item would get a {key}.{closest}",
                    entity.name
                )))
            }
        }
    }

    /// Sets one key template of one entity (trimmed); a blank one removes
    /// it, so an entity without a template has none listed.
    pub fn set_template(&mut self, entity: &str, key: &str, template: &str) {
        if let Some(target) = self.entities.iter_mut().find(|e| e.name == entity) {
            match template.trim() {
                "" => target.keys.remove(key),
                trimmed => target.keys.insert(key.to_string(), trimmed.to_string()),
            };
        }
    }

    /// Renames an entity; its children follow.
    pub fn rename_entity(&mut self, old: &str, new: &str) {
        for entity in &mut self.entities {
            if entity.name == old {
                entity.name = new.to_string();
            }
            if entity.parent.as_deref() == Some(old) {
                entity.parent = Some(new.to_string());
            }
        }
    }

    /// Removes an entity; its children become top-level entities.
    pub fn remove_entity(&mut self, index: usize) {
        if index >= self.entities.len() {
            return;
        }
        let removed = self.entities.remove(index);
        for entity in &mut self.entities {
            if entity.parent.as_deref() == Some(removed.name.as_str()) {
                entity.parent = None;
            }
        }
    }

    /// A new entity with a unique name, an id and the table's key templates.
    pub fn new_entity(&self) -> Entity {
        let name = (1..)
            .map(|n| format!("Entity{n}"))
            .find(|name| self.entity(name).is_none())
            .unwrap_or_default();
        let id = format!("{}Id", name.to_ascii_lowercase());
        let mut keys = std::collections::BTreeMap::new();
        keys.insert(
            self.table.partition_key.name.clone(),
            format!("{}#{{{id}}}", name.to_ascii_uppercase()),
        );
        if let Some(sort_key) = &self.table.sort_key {
            keys.insert(sort_key.name.clone(), name.to_ascii_uppercase());
        }
        Entity {
            attributes: vec![super::chart::AttributeDesign {
                name: id,
                generator: Generator::Id {
                    prefix: name.to_ascii_lowercase(),
                },
            }],
            name,
            keys,
            parent: None,
            count: (10, 10),
        }
    }

    /// Checks what generation relies on: at most [`MAX_ENTITIES`]
    /// entities, names unique, present and short, parents listed before
    /// their children, counts in range, the key templates within
    /// [`MAX_TEMPLATE_BYTES_IN_ALL`] together.
    pub fn validate(&self) -> Result<(), Failure> {
        if self.entities.len() > MAX_ENTITIES {
            return Err(Failure::refused(format!(
                "The chart has {} entities; a chart has at most {MAX_ENTITIES}.",
                self.entities.len()
            )));
        }
        let mut above = std::collections::BTreeSet::new();
        let mut template_bytes = 0;
        for entity in &self.entities {
            let name = entity.name.trim();
            if name.is_empty() {
                return Err(Failure::refused("Every entity needs a name."));
            }
            if entity.name.len() > MAX_NAME_BYTES {
                return Err(Failure::refused(format!(
                    "An entity's name is {} bytes long; a name is at most {MAX_NAME_BYTES}.",
                    entity.name.len()
                )));
            }
            if entity.attributes.len() > MAX_ATTRIBUTES {
                return Err(Failure::refused(format!(
                    "{name} has {} attributes; an entity has at most {MAX_ATTRIBUTES}.",
                    entity.attributes.len()
                )));
            }
            if above.contains(entity.name.as_str()) {
                return Err(Failure::refused(format!("Two entities are called {name}.")));
            }
            if let Some(parent) = &entity.parent
                && !above.contains(parent.as_str())
            {
                return Err(Failure::refused(format!(
                    "{name}'s parent {parent} must be an entity listed above it."
                )));
            }
            above.insert(entity.name.as_str());
            template_bytes += entity.keys.values().map(String::len).sum::<usize>();
            let (low, high) = entity.count;
            if low > high || high > MAX_COUNT {
                return Err(Failure::refused(format!(
                    "{name}: the count must be a range from low to high, at most {MAX_COUNT}."
                )));
            }
        }
        if template_bytes > MAX_TEMPLATE_BYTES_IN_ALL {
            return Err(Failure::refused(format!(
                "The chart's key templates are {template_bytes} bytes in all; a chart's are at most {MAX_TEMPLATE_BYTES_IN_ALL}."
            )));
        }
        let expected = super::generate::Generation::expected_total(self);
        if expected > MAX_ITEMS {
            return Err(Failure::refused(format!(
                "This chart would generate about {expected} items; the page holds at most {MAX_ITEMS}. Lower a count."
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::model::failure::Failure;
    use crate::model::gallery::commerce;

    #[test]
    fn a_template_is_checked_before_it_is_applied_with_the_closest_name_suggested() {
        let chart = commerce::chart();
        assert_eq!(
            chart.check_template("Order", "GSI1SK", "ORDER#{orderDate}#{orderId}"),
            Ok(())
        );
        assert_eq!(chart.check_template("Order", "GSI1SK", "  "), Ok(()));
        assert_eq!(
            chart.check_template("Order", "GSI1SK", "{orderDat}#{orderId}"),
            Err(Failure::refused(
                "Order has no attribute orderDat, so no item would get a GSI1SK. Did you mean {orderDate}?"
            ))
        );
        assert_eq!(
            chart.check_template("Order", "GSI1SK", "{colour}"),
            Err(Failure::refused(
                "Order has no attribute colour, so no item would get a GSI1SK. Its attributes are customerId, orderId, orderDate, orderStatus, amount, shippingAddress, deliveryNotes, openFlag."
            ))
        );
        let unbalanced = chart
            .check_template("Order", "GSI1SK", "{orderDate#{orderId}")
            .unwrap_err()
            .message;
        assert!(
            unbalanced.starts_with("The GSI1SK template does not read: "),
            "{unbalanced}"
        );
    }

    #[test]
    fn renaming_a_key_attribute_carries_the_templates_along() {
        let mut chart = commerce::chart();
        let mut table = chart.table.clone();
        table.indexes[0].partition_key.name = "StatusKey".into();
        chart.set_table(table, &[("GSI1PK".into(), "StatusKey".into())]);
        let order = chart.entity("Order").unwrap();
        assert_eq!(order.keys["StatusKey"], "STATUS#{orderStatus}");
        assert!(!order.keys.contains_key("GSI1PK"));
        assert_eq!(chart.warnings(), vec![]);
    }

    #[test]
    fn renaming_and_removing_entities_keeps_parents_consistent() {
        let mut chart = commerce::chart();
        chart.rename_entity("Order", "Purchase");
        assert_eq!(
            chart.entity("OrderItem").unwrap().parent.as_deref(),
            Some("Purchase")
        );
        chart.remove_entity(1);
        assert_eq!(chart.entity("OrderItem").unwrap().parent, None);
        assert_eq!(chart.validate(), Ok(()));
    }

    #[test]
    fn a_chart_that_cannot_be_generated_is_refused_with_a_reason() {
        let mut chart = commerce::chart();
        chart.entities.swap(0, 1);
        assert_eq!(
            chart.validate(),
            Err(Failure::refused(
                "Order's parent Customer must be an entity listed above it."
            ))
        );
        let mut chart = commerce::chart();
        chart.entities[3].name = "Order".into();
        assert_eq!(
            chart.validate(),
            Err(Failure::refused("Two entities are called Order."))
        );
        let mut chart = commerce::chart();
        chart.entities[0].count = (5, 2);
        assert!(
            chart
                .validate()
                .unwrap_err()
                .to_string()
                .starts_with("Customer: the count")
        );
        let mut chart = commerce::chart();
        chart.entities[1].count = (5000, 5000);
        assert_eq!(
            chart.validate(),
            Err(Failure::refused(
                "This chart would generate about 595070 items; the page holds at most 250000. Lower a count."
            ))
        );
        let mut chart = commerce::chart();
        let extra = chart.new_entity();
        assert_eq!(extra.name, "Entity1");
        assert_eq!(extra.keys["PK"], "ENTITY1#{entity1Id}");
        chart.entities.push(extra);
        assert_eq!(chart.validate(), Ok(()));
        assert_eq!(chart.warnings(), vec![]);
    }
}
