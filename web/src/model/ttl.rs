//! Time to live in the page: the engine's clock is set to the moment the
//! learner picks and every item due by then is deleted, as DynamoDB's
//! background process would — each deletion a REMOVE record made by the
//! service. Until then a read still returns an expired item, in DynamoDB
//! as here.

use engine::Engine;
use engine::api::attribute_value::encode_item;
use serde_json::Value as Json;

use super::chart::TableDesign;

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

/// Items holding a TTL attribute whose time is at or before `until`: what
/// expiring now would delete (and what reads still return until then).
pub fn due_by(engine: &Engine, table: &TableDesign, until: f64) -> usize {
    let Some(attribute) = &table.ttl_attribute else {
        return 0;
    };
    engine.table(&table.name).map_or(0, |t| {
        t.items
            .entries()
            .filter(|(_, _, e)| match e.item.get(attribute) {
                Some(engine::types::Value::N(n)) => n.to_f64().is_some_and(|at| at <= until),
                _ => false,
            })
            .count()
    })
}

/// The TTL attribute's times in the table, earliest and latest; `None`
/// when no item holds one as a Number.
fn ttl_range(engine: &Engine, table: &TableDesign) -> Option<(f64, f64)> {
    let attribute = table.ttl_attribute.as_ref()?;
    let times = engine
        .table(&table.name)?
        .items
        .entries()
        .filter_map(|(_, _, e)| match e.item.get(attribute) {
            Some(engine::types::Value::N(n)) => n.to_f64(),
            _ => None,
        });
    times.fold(None, |range, at| match range {
        None => Some((at, at)),
        Some((low, high)) => Some((low.min(at), high.max(at))),
    })
}

/// A date to offer in the "expire items due by" field: halfway through
/// the items' TTL times, so that expiring deletes some and leaves some.
pub fn suggested_date(engine: &Engine, table: &TableDesign) -> Option<String> {
    let (low, high) = ttl_range(engine, table)?;
    date_text(low + (high - low) / 2.0)
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
    use crate::store::State;

    #[test]
    fn dates_are_epoch_seconds_at_midnight_utc() {
        assert_eq!(date_seconds("1970-01-01"), Some(0.0));
        assert_eq!(date_seconds("2024-07-01"), Some(1_719_792_000.0));
        assert_eq!(date_seconds("2024-13-01"), None);
        assert_eq!(date_seconds("soon"), None);
    }

    #[test]
    fn the_suggested_date_falls_inside_the_carts_times() {
        let state = State::example();
        let engine = state.engine.borrow();
        let date = suggested_date(&engine, &state.chart.table).unwrap();
        let at = date_seconds(&date).unwrap();
        let due = due_by(&engine, &state.chart.table, at);
        assert!(due > 0 && due < 24, "{date}: {due} of 24 due");
        assert_eq!(date_text(1_719_792_000.0).as_deref(), Some("2024-07-01"));
        assert_eq!(date_text(1_719_791_999.0).as_deref(), Some("2024-06-30"));
    }

    #[test]
    fn expiring_deletes_the_due_carts_from_the_table_and_records_the_service() {
        let state = State::example();
        let table = &state.chart.table;
        let mut engine = state.engine.borrow_mut();
        let until = date_seconds("2024-09-01").unwrap();
        let due = due_by(&engine, table, until);
        assert!(due > 0 && due < 24, "{due}");
        let removed = expire_due(&mut engine, table, until);
        assert_eq!(removed.len(), due);
        assert_eq!(due_by(&engine, table, until), 0);
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
