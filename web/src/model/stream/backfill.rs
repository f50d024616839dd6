//! Filling a stream-maintained aggregate on a table that already holds
//! data: the stream handler applied to every item as if each had just been
//! inserted, as when a handler is deployed on a table that is not empty.
//! No stream is on yet, so the updates go to the engine directly (as many
//! as there are items, so not through the JSON API), the handler's update
//! and key templates read once.
//!
//! A backfill first works out its updates — the item each image updates —
//! from the images it is shown ([`Backfill::observe`]): every item of a
//! table ([`Backfill::observe_table`]), or each item as a filling table
//! stores it, which spares walking a large table again once it is full.
//! Then it makes them a slice at a time ([`Backfill::step`]).
//!
//! Images of one item collection come one after another (a customer's
//! orders lie together in the table and are generated together), so
//! consecutive images often update the same item. When the handler only
//! ADDs numbers, such a run is one update that ADDs each number as many
//! times as the run is long: addition gives the same item either way, and
//! the backfill makes a tenth of the updates. Any other handler is applied
//! image by image. The handler's values are constants, so the updates give
//! the same items in whatever order the images come.

use crate::model::failure::Failure;
use engine::Engine;
use engine::expr::ast::UpdateAction;
use engine::key::KeyType;
use engine::table::EventName;
use engine::types::{Item, Text, Value};
use serde_json::json;

use super::stream_handler::StreamHandler;
use crate::model::design::chart::Chart;
use crate::model::design::template::Template;

/// A backfill: the updates worked out so far, and how many are made.
pub struct Backfill {
    table: String,
    /// Which images the handler acts on.
    handler: StreamHandler,
    /// Each key attribute of the item to update: its type and template.
    keys: Vec<(String, KeyType, Template)>,
    /// The handler's update, parsed.
    actions: Vec<UpdateAction>,
    /// True when every action ADDs a number, so runs can be one update.
    adds_only: bool,
    /// The key of each item to update, and how many images update it in
    /// a row (more than one only for a handler that ADDs numbers only).
    targets: Vec<(Item, usize)>,
    done: usize,
}

impl Backfill {
    /// The backfill of `handler` on every item the table holds now, to
    /// make a slice at a time ([`Backfill::step`]): the images it acts on
    /// are chosen now, from the items as they are.
    pub fn of_table(
        handler: &StreamHandler,
        engine: &Engine,
        chart: &Chart,
    ) -> Result<Backfill, Failure> {
        let mut backfill = Backfill::new(handler, chart)?;
        backfill.observe_table(engine)?;
        Ok(backfill)
    }

    /// A backfill of `handler` on the chart's table that has seen no image
    /// yet: the handler's update and key templates read.
    pub fn new(handler: &StreamHandler, chart: &Chart) -> Result<Backfill, Failure> {
        let values = handler
            .decoded_values()
            .map_err(|e| Failure::refused(format!("The stream handler: {e}")))?;
        let expression = engine::ops::ExpressionParameters {
            names: None,
            values,
        };
        let (actions, _) =
            engine::ops::parse_update(Some(&handler.update), None, &expression).map_err(refused)?;
        let key_attributes = chart.table.key_attributes();
        let keys = handler
            .key
            .iter()
            .map(|(attribute, text)| {
                let template = Template::parse(text)
                    .map_err(|e| Failure::refused(format!("{attribute}: {e}")))?;
                let key_type = key_attributes
                    .iter()
                    .find(|k| &k.name == attribute)
                    .map_or(KeyType::S, |k| k.key_type);
                Ok((attribute.clone(), key_type, template))
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        let adds_only = !actions.is_empty()
            && actions
                .iter()
                .all(|action| matches!(action, UpdateAction::Add(_, Value::N(_))));
        Ok(Backfill {
            table: chart.table.name.clone(),
            handler: handler.clone(),
            keys,
            actions,
            adds_only,
            targets: Vec::new(),
            done: 0,
        })
    }

    /// Takes in one image: the update it calls for, if the handler acts
    /// on it.
    pub fn observe(&mut self, image: &Item) -> Result<(), Failure> {
        if !self.handler.matches(EventName::Insert, image) {
            return Ok(());
        }
        let key = self.target_key(image)?;
        match self.targets.last_mut() {
            Some((last, times)) if self.adds_only && *last == key => *times += 1,
            _ => self.targets.push((key, 1)),
        }
        Ok(())
    }

    /// Takes in every item of the table, as it is now.
    pub fn observe_table(&mut self, engine: &Engine) -> Result<(), Failure> {
        let Some(table) = engine.table(&self.table) else {
            return Ok(());
        };
        for (_, _, entry) in table.items.entries() {
            self.observe(&entry.item)?;
        }
        Ok(())
    }

    /// Forgets every image taken in (none of the updates made yet).
    pub fn forget_images(&mut self) {
        self.targets.clear();
        self.done = 0;
    }

    /// The updates worked out so far.
    pub fn updates(&self) -> usize {
        self.targets.len()
    }

    /// Makes the next `n` updates; true when all are made.
    pub fn step(&mut self, engine: &mut Engine, n: usize) -> Result<bool, Failure> {
        let end = self.done.saturating_add(n).min(self.targets.len());
        for (key, times) in &self.targets[self.done..end] {
            self.update(engine, key.clone(), *times)?;
        }
        self.done = end;
        Ok(self.done == self.targets.len())
    }

    /// The key of the item the handler updates for `image`.
    fn target_key(&self, image: &Item) -> Result<Item, Failure> {
        let mut key = Vec::with_capacity(self.keys.len());
        for (attribute, key_type, template) in &self.keys {
            let text = template
                .render(image)
                .map_err(|e| Failure::refused(format!("{attribute}: {e}")))?;
            let value = match key_type {
                KeyType::S => Value::s(text),
                other => {
                    engine::api::attribute_value::decode_value(&json!({ other.tag(): text }), 0)
                        .map_err(refused)?
                }
            };
            key.push((Text::from(attribute.as_str()), value));
        }
        Ok(key.into_iter().collect())
    }

    /// Applies the handler `times` times over to the item at `key` (more
    /// than once only when it ADDs numbers only: once, adding each number
    /// `times` times).
    fn update(&self, engine: &mut Engine, key: Item, times: usize) -> Result<(), Failure> {
        let mut actions = self.actions.clone();
        if times > 1 {
            for action in &mut actions {
                if let UpdateAction::Add(_, Value::N(n)) = action {
                    let mut sum = n.clone();
                    for _ in 1..times {
                        sum = sum.checked_add(n).map_err(|e| {
                            Failure::refused(format!(
                                "The stream handler: ValidationException: {e}"
                            ))
                        })?;
                    }
                    *n = sum;
                }
            }
        }
        let request = engine::ops::UpdateItemRequest {
            table_name: self.table.clone(),
            key,
            actions: Some(actions),
            ..engine::ops::UpdateItemRequest::default()
        };
        engine.update_item(request).map(drop).map_err(refused)
    }
}

/// A refusal of the engine's, as the backfill reports it.
fn refused(e: engine::Error) -> Failure {
    Failure::from(e).within("The stream handler")
}

#[cfg(test)]
mod tests {
    use engine::types::Number;

    use super::*;
    use crate::model::data::load::Loader;

    /// The handler applied to every item already in the table as if each
    /// had just been inserted, walking the table: what a build's backfill,
    /// shown the items as they are stored, must equal.
    fn backfill_walking(
        handler: &StreamHandler,
        engine: &mut Engine,
        chart: &Chart,
    ) -> Result<(), Failure> {
        let mut backfill = Backfill::of_table(handler, engine, chart)?;
        while !backfill.step(engine, usize::MAX)? {}
        Ok(())
    }

    /// The commerce example's items, generated and stored, no stream yet.
    fn commerce_engine() -> (Engine, Chart) {
        let chart = crate::model::gallery::commerce::playground().chart;
        let mut loader = Loader::new(&chart, 42).unwrap();
        while !loader.step(usize::MAX).unwrap() {}
        (loader.finish().0, chart)
    }

    fn profiles(engine: &Engine, chart: &Chart) -> Vec<Item> {
        let table = engine.table(&chart.table.name).unwrap();
        table
            .items
            .entries()
            .map(|(_, _, e)| e.item.clone())
            .filter(|item| item.get("SK") == Some(&Value::s("PROFILE")))
            .collect()
    }

    #[test]
    fn a_backfill_that_adds_numbers_gives_what_one_update_per_image_gives() {
        let (mut coalesced, chart) = commerce_engine();
        let (mut one_by_one, _) = commerce_engine();
        let adding = StreamHandler::order_count();
        // The same count, written so that it is applied image by image.
        let setting = StreamHandler {
            update: "SET orderCount = if_not_exists(orderCount, :zero) + :one".into(),
            values: r#"{":one": {"N": "1"}, ":zero": {"N": "0"}}"#.into(),
            ..adding.clone()
        };
        let mut steps = Backfill::of_table(&adding, &coalesced, &chart).unwrap();
        let images = Backfill::of_table(&setting, &one_by_one, &chart).unwrap();
        assert!(steps.updates() * 5 < images.updates(), "runs coalesced");
        // A slice at a time, as the page runs it.
        while !steps.step(&mut coalesced, 7).unwrap() {}
        backfill_walking(&setting, &mut one_by_one, &chart).unwrap();
        let counted = profiles(&coalesced, &chart);
        assert_eq!(counted, profiles(&one_by_one, &chart));
        assert!(counted.iter().any(|p| p.get("orderCount").is_some()));
        for profile in &counted {
            let Some(Value::S(pk)) = profile.get("PK") else {
                panic!("a profile has a string key")
            };
            let key = json!({"PK": {"S": pk.as_str()}, "SK": {"S": "PROFILE"}});
            let truth = adding.recount(&coalesced, &chart.table, &key);
            let count = profile.get("orderCount").cloned();
            let expected = (truth > 0).then(|| Value::N(Number::from_i64(truth as i64)));
            assert_eq!(count, expected, "{key}");
        }
    }

    /// Fills the chart's table with a backfill shown each item as it is
    /// stored, then makes its updates; and the same table filled without,
    /// its updates worked out by walking it.
    fn seen_and_walked(chart: &Chart) -> (Engine, Engine) {
        let handler = StreamHandler::order_count();
        let mut loader = Loader::new(chart, 42).unwrap();
        loader.backfill_as_stored(Backfill::new(&handler, chart).unwrap());
        while !loader.step(1000).unwrap() {}
        let mut seen = loader.take_backfill().unwrap().unwrap();
        let (mut filled, _, _) = loader.finish();
        while !seen.step(&mut filled, 100).unwrap() {}
        let mut loader = Loader::new(chart, 42).unwrap();
        while !loader.step(usize::MAX).unwrap() {}
        let (mut walked, _, _) = loader.finish();
        backfill_walking(&handler, &mut walked, chart).unwrap();
        (filled, walked)
    }

    #[test]
    fn a_backfill_shown_the_items_as_they_are_stored_equals_one_that_walks_the_table() {
        let chart = crate::model::gallery::commerce::playground().chart;
        let (seen, walked) = seen_and_walked(&chart);
        assert_eq!(profiles(&seen, &chart), profiles(&walked, &chart));
    }

    #[test]
    fn a_table_whose_items_replaced_others_while_filling_is_walked_once_full() {
        // Every order of a customer under one key: each one stored replaces
        // the one before, so the customer ends with one order, not all
        // those generated.
        let mut chart = crate::model::gallery::commerce::playground().chart;
        let order = chart
            .entities
            .iter_mut()
            .find(|e| e.name == "Order")
            .unwrap();
        order.keys.insert("SK".into(), "ORDER#one".into());
        let (seen, walked) = seen_and_walked(&chart);
        let counted = profiles(&seen, &chart);
        assert_eq!(counted, profiles(&walked, &chart));
        assert!(
            counted
                .iter()
                .filter_map(|p| p.get("orderCount"))
                .all(|n| *n == Value::N(Number::from_i64(1)))
        );
    }
}
