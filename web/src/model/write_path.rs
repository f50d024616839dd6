//! Making generated data ready for the write path, in DynamoDB's order of
//! events: the items are there, the stream handler's aggregate is filled
//! from them (a backfill, as when a handler is deployed on a table that
//! already holds data), the hand-made changes are replayed, and only then
//! are the stream and time to live turned on — so the change log holds the
//! learner's changes and nothing else.

use engine::Engine;
use serde_json::json;

use super::chart::{Chart, TableDesign};
use super::edits::Edits;
use super::runner::run;
use super::stream_handler::StreamHandler;

/// Backfills, replays `edits` and turns the stream and TTL on.
pub fn prepare(
    engine: &mut Engine,
    chart: &Chart,
    handler: Option<&StreamHandler>,
    edits: Option<&Edits>,
) -> Result<(), String> {
    if let Some(handler) = handler.filter(|_| chart.table.stream.is_some()) {
        handler.backfill(engine, chart)?;
    }
    after_backfill(engine, chart, edits)
}

/// What [`prepare`] does after the backfill (for a build that runs the
/// backfill itself, a slice at a time): replays `edits`, turns the
/// stream and TTL on.
pub fn after_backfill(
    engine: &mut Engine,
    chart: &Chart,
    edits: Option<&Edits>,
) -> Result<(), String> {
    if let Some(edits) = edits {
        edits.replay(engine, &chart.table.name)?;
    }
    arm(engine, &chart.table)
}

/// Turns on the table's stream and time to live, as designed.
pub fn arm(engine: &mut Engine, table: &TableDesign) -> Result<(), String> {
    let refused = |f: super::runner::Failure| format!("{}: {}", f.kind, f.message);
    if let Some(view) = &table.stream {
        run(
            engine,
            "UpdateTable",
            &json!({"TableName": table.name,
                    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": view}}),
        )
        .map_err(refused)?;
    }
    if let Some(attribute) = &table.ttl_attribute {
        run(
            engine,
            "UpdateTimeToLive",
            &json!({"TableName": table.name,
                    "TimeToLiveSpecification": {"Enabled": true, "AttributeName": attribute}}),
        )
        .map_err(refused)?;
    }
    Ok(())
}
