//! The table's stream as the page shows it — every record a change made,
//! newest first — and delivering records to the stream handler: all the
//! pending ones, or the last one again, as a stream that delivers at least
//! once may.

use engine::Engine;
use engine::api::attribute_value::encode_item;
use engine::table::{EventName, StreamRecord};
use serde_json::Value as Json;

use super::stream_handler::{Delivery, StreamHandler};
use crate::model::design::chart::TableDesign;
use crate::model::format::key_text;

/// One record, for the change log.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeRecord {
    pub sequence: u64,
    /// `INSERT`, `MODIFY` or `REMOVE`.
    pub event: EventName,
    /// The item's key, as the data view writes it.
    pub keys: String,
    pub new_image: Option<Json>,
    pub old_image: Option<Json>,
    /// Made by time to live, not by a request.
    pub by_service: bool,
    pub delivered: bool,
}

/// The stream as the change log shows it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChangeLog {
    /// The view type, when the table has a stream.
    pub view_type: Option<&'static str>,
    /// Records kept, and how many are not delivered yet.
    pub total: usize,
    pub pending: usize,
    /// The newest records, newest first.
    pub newest: Vec<ChangeRecord>,
}

fn records<'a>(
    engine: &'a Engine,
    table: &str,
) -> impl DoubleEndedIterator<Item = &'a StreamRecord> {
    engine
        .table(table)
        .and_then(|t| t.stream.as_ref())
        .into_iter()
        .flat_map(|s| s.records.iter())
}

/// The change log: at most `shown` records, newest first.
pub fn change_log(engine: &Engine, table: &TableDesign, delivered: u64, shown: usize) -> ChangeLog {
    let Some(stream) = engine.table(&table.name).and_then(|t| t.stream.as_ref()) else {
        return ChangeLog::default();
    };
    let all: Vec<&StreamRecord> = records(engine, &table.name).collect();
    ChangeLog {
        view_type: Some(stream.view_type.name()),
        total: all.len(),
        pending: all.iter().filter(|r| r.sequence > delivered).count(),
        newest: all
            .iter()
            .rev()
            .take(shown)
            .map(|r| ChangeRecord {
                sequence: r.sequence,
                event: r.event_name,
                keys: key_text_of(&r.keys, table),
                new_image: r.new_image.as_ref().map(encode_item),
                old_image: r.old_image.as_ref().map(encode_item),
                by_service: r.by_service,
                delivered: r.sequence <= delivered,
            })
            .collect(),
    }
}

/// "CUST#c11 · PROFILE" for a record's keys.
fn key_text_of(keys: &engine::types::Item, table: &TableDesign) -> String {
    let value = |name: &str| {
        keys.get(name)
            .and_then(engine::key::KeyValue::from_value)
            .map(|k| key_text(&k))
    };
    std::iter::once(value(&table.partition_key.name))
        .chain(table.sort_key.iter().map(|k| value(&k.name)))
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What a delivery did: how far the handler has been fed, a line per
/// record, and the items the handler changed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DeliveryReport {
    pub up_to: u64,
    pub log: Vec<String>,
    pub touched: Vec<Json>,
}

fn deliver_one(
    engine: &mut Engine,
    table: &TableDesign,
    handler: &StreamHandler,
    record: &StreamRecord,
    again: bool,
    report: &mut DeliveryReport,
) {
    let what = format!(
        "#{}{} {} {}",
        record.sequence,
        if again { " again" } else { "" },
        record.event_name.name(),
        key_text_of(&record.keys, table)
    );
    let outcome = match handler.deliver(engine, table, record) {
        Delivery::Ignored => "ignored: not a change the handler acts on".to_string(),
        Delivery::Applied { key, units } => {
            let line = format!(
                "{} on {} ({} WCU)",
                handler.update,
                key_text_of_json(&key, table),
                crate::model::format::units(units)
            );
            report.touched.push(key);
            line
        }
        Delivery::AlreadyApplied { key } => format!(
            "skipped: {} has taken this record already",
            key_text_of_json(&key, table)
        ),
        Delivery::Failed(why) => format!("failed: {why}"),
    };
    report.log.push(format!("{what} → {outcome}"));
}

fn key_text_of_json(key: &Json, table: &TableDesign) -> String {
    engine::api::attribute_value::decode_item(key)
        .map(|item| key_text_of(&item, table))
        .unwrap_or_else(|_| key.to_string())
}

/// Delivers every record after `delivered`, in order. Records the
/// handler's own updates make arrive after these, for the next delivery.
pub fn deliver_pending(
    engine: &mut Engine,
    table: &TableDesign,
    handler: &StreamHandler,
    delivered: u64,
) -> DeliveryReport {
    let pending: Vec<StreamRecord> = records(engine, &table.name)
        .filter(|r| r.sequence > delivered)
        .cloned()
        .collect();
    let mut report = DeliveryReport {
        up_to: delivered,
        ..DeliveryReport::default()
    };
    for record in &pending {
        deliver_one(engine, table, handler, record, false, &mut report);
        report.up_to = record.sequence;
    }
    report
}

/// Delivers the last delivered record the handler acts on once more, as
/// a stream may after a retry.
pub fn deliver_again(
    engine: &mut Engine,
    table: &TableDesign,
    handler: &StreamHandler,
    delivered: u64,
) -> DeliveryReport {
    let last = records(engine, &table.name)
        .rev()
        .filter(|r| r.sequence <= delivered)
        .find(|r| {
            let image = match r.event_name {
                EventName::Remove => r.old_image.as_ref(),
                _ => r.new_image.as_ref(),
            };
            image.is_some_and(|i| handler.matches(r.event_name, i))
        })
        .cloned();
    let mut report = DeliveryReport {
        up_to: delivered,
        ..DeliveryReport::default()
    };
    if let Some(record) = last {
        deliver_one(engine, table, handler, &record, true, &mut report);
    }
    report
}

/// The counter the handler keeps on the item its newest record names, and
/// what a recount of the items it acts on gives: `(key, kept, counted)`.
/// Only for a handler whose update adds to one attribute (`ADD n :one`).
pub fn counter_check(
    engine: &Engine,
    table: &TableDesign,
    handler: &StreamHandler,
) -> Option<(String, Option<String>, usize)> {
    let mut words = handler.update.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("ADD") {
        return None;
    }
    let attribute = words.next()?.trim_end_matches(',');
    let image = records(engine, &table.name)
        .rev()
        .filter(|r| r.event_name == EventName::Insert)
        .filter_map(|r| r.new_image.as_ref())
        .find(|i| handler.matches(EventName::Insert, i))?;
    let key = handler.target_key(image, table).ok()?;
    let item = engine::api::attribute_value::decode_item(&key)
        .ok()
        .and_then(|k| {
            let t = engine.table(&table.name)?;
            let key = engine::key::key_from_request(&t.description.key_schema, &k).ok()?;
            t.get(&key).map(|e| e.item.clone())
        });
    let kept = item.as_ref().map(encode_item).and_then(|json| {
        let value = json.get(attribute)?.as_object()?.values().next()?.clone();
        Some(value.as_str().map_or(value.to_string(), str::to_string))
    });
    Some((
        key_text_of_json(&key, table),
        kept,
        handler.recount(engine, table, &key),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;
    use crate::model::gateway::run;

    /// The example with "Place an order" run for real.
    fn ordered() -> Opened {
        let state = Opened::example();
        let place = state
            .patterns
            .iter()
            .find(|p| p.description.starts_with("Place an order:"))
            .unwrap()
            .clone();
        run(
            &mut state.engine.borrow_mut(),
            place.operation,
            &place.request,
        )
        .unwrap();
        state
    }

    fn check(state: &Opened) -> (String, Option<String>, usize) {
        let handler = state.handler.as_deref().unwrap();
        counter_check(&state.engine.borrow(), &state.chart.table, handler).unwrap()
    }

    #[test]
    fn an_order_shows_in_the_change_log_and_the_counter_lags_until_delivery() {
        let state = ordered();
        let log = change_log(&state.engine.borrow(), &state.chart.table, 0, 50);
        assert_eq!(log.view_type, Some("NEW_AND_OLD_IMAGES"));
        // The header, two lines and two stock updates: five records, newest first.
        assert_eq!((log.total, log.pending), (5, 5));
        let events: Vec<&str> = log.newest.iter().map(|r| r.event.name()).collect();
        assert_eq!(events, ["MODIFY", "MODIFY", "INSERT", "INSERT", "INSERT"]);
        assert!(log.newest[0].old_image.is_some() && log.newest[0].new_image.is_some());
        // The backfill counted c11's generated orders; the new one is not in yet.
        let (key, kept, counted) = check(&state);
        assert_eq!(key, "CUST#c11 · PROFILE");
        assert_eq!(kept, Some("12".to_string()));
        assert_eq!(counted, 13);
        let handler = state.handler.as_deref().unwrap().clone();
        let report = deliver_pending(
            &mut state.engine.borrow_mut(),
            &state.chart.table,
            &handler,
            0,
        );
        assert_eq!(report.up_to, 5);
        assert_eq!(report.touched.len(), 1, "{:?}", report.log);
        assert_eq!(
            report.log.iter().filter(|l| l.contains("ignored")).count(),
            4
        );
        assert_eq!(check(&state).1, Some("13".to_string()));
    }

    #[test]
    fn a_record_delivered_twice_is_counted_twice_unless_the_handler_is_idempotent() {
        for idempotent in [false, true] {
            let state = ordered();
            let handler = StreamHandler {
                idempotent,
                ..state.handler.as_deref().unwrap().clone()
            };
            let table = &state.chart.table;
            let first = deliver_pending(&mut state.engine.borrow_mut(), table, &handler, 0);
            let again = deliver_again(&mut state.engine.borrow_mut(), table, &handler, first.up_to);
            let (_, kept, counted) = check(&state);
            if idempotent {
                assert!(again.log[0].contains("skipped"), "{:?}", again.log);
                assert_eq!(kept, Some(counted.to_string()));
            } else {
                assert!(
                    again.log[0].contains("ADD orderCount :one"),
                    "{:?}",
                    again.log
                );
                assert_eq!(kept, Some((counted + 1).to_string()), "the bug shows");
            }
        }
    }
}
