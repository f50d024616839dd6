//! Time to live in the page: the engine's clock is set to the moment the
//! learner picks and every item due by then is deleted, as DynamoDB's
//! background process would — each deletion a REMOVE record made by the
//! service. Until then a read still returns an expired item, in DynamoDB
//! as here.

use engine::Engine;
use engine::api::attribute_value::encode_item;
use serde_json::Value as Json;

use crate::model::design::chart::TableDesign;

/// Sets the clock to `until` and deletes the table's items due by then;
/// the keys of the items deleted.
pub fn expire_due(engine: &mut Engine, table: &TableDesign, until: f64) -> Vec<Json> {
    engine.set_clock(until);
    engine
        .expire_items_listed(until)
        .into_iter()
        .filter(|(name, _)| *name == table.name)
        .map(|(_, key)| encode_item(&key))
        .collect()
}

/// The times the table's items hold in its TTL attribute (those that hold
/// a Number of epoch seconds), in order: what the page counts the items
/// due by a date from, and suggests a date from. Reading them visits the
/// whole table, so the page reads them once for each change to the data
/// (a large table's fill reads them in a task of its own).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TtlTimes {
    times: Vec<f64>,
}

impl TtlTimes {
    /// The times in the table now; none when TTL is off.
    pub fn of(engine: &Engine, table: &TableDesign) -> TtlTimes {
        let (Some(attribute), Some(stored)) = (&table.ttl_attribute, engine.table(&table.name))
        else {
            return TtlTimes::default();
        };
        let mut times: Vec<f64> = stored
            .items
            .entries_in_any_order()
            .filter_map(|e| match e.item.get(attribute) {
                Some(engine::types::Value::N(n)) => n.to_f64(),
                _ => None,
            })
            .collect();
        times.sort_unstable_by(f64::total_cmp);
        TtlTimes { times }
    }

    /// How many items hold a time at or before `until`: what expiring now
    /// would delete (and what reads still return until then).
    pub fn due_by(&self, until: f64) -> usize {
        self.times.partition_point(|&at| at <= until)
    }

    /// A date to offer in the "expire items due by" field: halfway between
    /// the earliest and the latest time, so that expiring deletes some and
    /// leaves some.
    pub fn suggested_date(&self) -> Option<String> {
        let (low, high) = (self.times.first()?, self.times.last()?);
        date_text(low + (high - low) / 2.0)
    }
}

/// Epoch seconds as the day they fall on, "2024-09-01" (UTC).
pub fn date_text(seconds: f64) -> Option<String> {
    let at = time::OffsetDateTime::from_unix_timestamp(seconds.floor() as i64).ok()?;
    let date = at.date();
    Some(format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    ))
}

/// "2024-09-01" as epoch seconds at midnight UTC; `None` if it is not a date.
pub fn date_seconds(date: &str) -> Option<f64> {
    let mut parts = date.trim().splitn(3, '-');
    let year: i32 = parts.next()?.parse().ok()?;
    let month: u8 = parts.next()?.parse().ok()?;
    let day: u8 = parts.next()?.parse().ok()?;
    let date =
        time::Date::from_calendar_date(year, time::Month::try_from(month).ok()?, day).ok()?;
    Some(date.midnight().assume_utc().unix_timestamp() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;

    #[test]
    fn dates_are_epoch_seconds_at_midnight_utc() {
        assert_eq!(date_seconds("1970-01-01"), Some(0.0));
        assert_eq!(date_seconds("2024-07-01"), Some(1_719_792_000.0));
        assert_eq!(date_seconds("2024-13-01"), None);
        assert_eq!(date_seconds("soon"), None);
    }

    #[test]
    fn the_suggested_date_falls_inside_the_carts_times() {
        let state = Opened::example();
        let times = TtlTimes::of(&state.engine.borrow(), &state.chart.table);
        let date = times.suggested_date().unwrap();
        let at = date_seconds(&date).unwrap();
        let due = times.due_by(at);
        assert!(due > 0 && due < 24, "{date}: {due} of 24 due");
        assert_eq!(date_text(1_719_792_000.0).as_deref(), Some("2024-07-01"));
        assert_eq!(date_text(1_719_791_999.0).as_deref(), Some("2024-06-30"));
    }

    #[test]
    fn expiring_deletes_the_due_carts_from_the_table_and_records_the_service() {
        let state = Opened::example();
        let table = &state.chart.table;
        let mut engine = state.engine.borrow_mut();
        let until = date_seconds("2024-09-01").unwrap();
        let due = TtlTimes::of(&engine, table).due_by(until);
        assert!(due > 0 && due < 24, "{due}");
        let removed = expire_due(&mut engine, table, until);
        assert_eq!(removed.len(), due);
        assert_eq!(TtlTimes::of(&engine, table).due_by(until), 0);
        let stream = engine.table(&table.name).unwrap().stream.as_ref().unwrap();
        assert_eq!(stream.records.len(), due);
        assert!(
            stream
                .records
                .iter()
                .all(|r| r.by_service && r.new_image.is_none())
        );
    }
}
