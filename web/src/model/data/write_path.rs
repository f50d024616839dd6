//! Making generated data ready for the write path, in DynamoDB's order of
//! events: the items are there, the stream handler's aggregate is filled
//! from them (a backfill, as when a handler is deployed on a table that
//! already holds data), the hand-made changes are replayed, and only then
//! are the stream and time to live turned on — so the change log holds the
//! learner's changes and nothing else.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::Operation;
use serde_json::json;

use super::edits::Edits;
use super::load::Loader;
use crate::model::design::chart::{Chart, TableDesign, Warning};
use crate::model::gateway::run;
use crate::model::stream::backfill::Backfill;
use crate::model::stream::stream_handler::StreamHandler;

/// Generates the chart's items into a fresh engine, all at once, and makes
/// them ready for the write path: the backfill is shown each item as it is
/// stored and makes its updates, `edits` are replayed, the stream and TTL
/// turned on. The engine, how many items it holds and the design warnings.
/// (A large table is built the same way a slice at a time: `rebuild`.)
pub fn build(
    chart: &Chart,
    seed: u64,
    handler: Option<&StreamHandler>,
    edits: Option<&Edits>,
) -> Result<(Engine, usize, Vec<Warning>), Failure> {
    let mut loader = Loader::new(chart, seed)?;
    if let Some(handler) = handler.filter(|_| chart.table.stream.is_some()) {
        loader.backfill_as_stored(Backfill::new(handler, chart)?);
    }
    while !loader.step(usize::MAX)? {}
    let backfill = loader.take_backfill()?;
    let (mut engine, items, warnings) = loader.finish();
    if let Some(mut backfill) = backfill {
        while !backfill.step(&mut engine, usize::MAX)? {}
    }
    after_backfill(&mut engine, chart, edits)?;
    Ok((engine, items, warnings))
}

/// What follows the backfill: replays `edits`, turns the stream and TTL on.
pub fn after_backfill(
    engine: &mut Engine,
    chart: &Chart,
    edits: Option<&Edits>,
) -> Result<(), Failure> {
    if let Some(edits) = edits {
        edits.replay(engine, &chart.table.name)?;
    }
    arm(engine, &chart.table)
}

/// Turns on the table's stream and time to live, as designed.
pub fn arm(engine: &mut Engine, table: &TableDesign) -> Result<(), Failure> {
    if let Some(view) = &table.stream {
        run(
            engine,
            Operation::UpdateTable,
            &json!({"TableName": table.name,
                    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": view.name()}}),
        )?;
    }
    if let Some(attribute) = &table.ttl_attribute {
        run(
            engine,
            Operation::UpdateTimeToLive,
            &json!({"TableName": table.name,
                    "TimeToLiveSpecification": {"Enabled": true, "AttributeName": attribute}}),
        )?;
    }
    Ok(())
}
