//! The changes the learner makes to the data by hand — an item put or
//! deleted, items pasted, items expired, stream records delivered, a
//! request run — applied by the reducer and nowhere else: each runs on the
//! engine through a model function, the keys it touched are recorded as
//! hand-made changes (so a link replays them), every pattern is measured
//! again, and the answer waits in the state for the panel that asked.

use std::rc::Rc;

use serde_json::Value as Json;

use super::{Notice, State};
use crate::model::data::edits::MAX_EDITS;
use crate::model::data::item_form::{delete_item, put_item};
use crate::model::data::item_keys::key_of;
use crate::model::data::paste::{add_items, parse_pasted};
use crate::model::design::chart::TableDesign;
use crate::model::failure::Failure;
use crate::model::format::thousands;
use crate::model::gateway::run;
use crate::model::measure::request_run::{RunAsked, run_request};
use crate::model::patterns::runner::Highlight;
use crate::model::stream::change_log::{deliver_again, deliver_pending};
use crate::model::stream::stream_handler::StreamHandler;
use crate::model::stream::ttl::expire_due;
use engine::api::Operation;

/// The table key of the item written as `text`, from the same text the
/// write read.
fn written_key(text: &str, table: &TableDesign) -> Vec<Json> {
    serde_json::from_str(text)
        .ok()
        .and_then(|item| key_of(&item, table))
        .into_iter()
        .collect()
}

/// A change to the data made by hand, in a panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Put the item written as DynamoDB JSON in the item editor.
    PutItem(String),
    /// Delete the item (by its key) written in the item editor.
    DeleteItem(String),
    /// Add the items pasted as JSON (one object or many).
    Paste(String),
    /// Add the items of a file opened on the page (DynamoDB JSON, a
    /// list): as a paste, said in the page's notice.
    Import { file_name: String, items: String },
    /// Delete the items whose TTL time is due by `until` (epoch seconds).
    Expire { until: f64 },
    /// Deliver the stream's records after the last delivered one to the
    /// handler, or (`again`) the last one it acted on once more.
    Deliver { again: bool },
}

/// The panel a change came from, which shows its [`Reply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker {
    ItemEditor,
    Paste,
    /// A file opened on the page: its reply is the page's notice too.
    File,
    Expiry,
    Stream,
}

impl Change {
    pub fn asker(&self) -> Asker {
        match self {
            Change::PutItem(_) | Change::DeleteItem(_) => Asker::ItemEditor,
            Change::Paste(_) => Asker::Paste,
            Change::Import { .. } => Asker::File,
            Change::Expire { .. } => Asker::Expiry,
            Change::Deliver { .. } => Asker::Stream,
        }
    }
}

/// What the page answered to a change made by hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub asker: Asker,
    /// Counts the replies, so a panel sees each one once.
    pub serial: u64,
    /// What the change did, in a sentence, or why it was refused.
    pub outcome: Result<String, Failure>,
    /// How many items it touched.
    pub touched: usize,
}

impl State {
    /// Applies a change made by hand and leaves its reply.
    #[inline(never)]
    pub(super) fn apply_change(&mut self, change: Change) {
        let asker = change.asker();
        let file_name = match &change {
            Change::Import { file_name, .. } => Some(file_name.clone()),
            _ => None,
        };
        let outcome = self.change_data(change);
        let touched = outcome.as_ref().map_or(0, |(_, keys)| keys.len());
        if let Some(file_name) = file_name {
            self.page.notice = Some(Rc::new(match &outcome {
                Ok((sentence, _)) => Notice::news(format!("{} From {file_name}.", sentence)),
                Err(why) => Notice::problem(super::sentence(
                    &format!("The items of {file_name} were not added: "),
                    why,
                )),
            }));
        }
        let outcome = outcome.map(|(sentence, keys)| {
            if asker == Asker::Stream || !keys.is_empty() {
                self.record_touched(&keys);
            }
            sentence
        });
        self.page.reply = Some(Rc::new(Reply {
            asker,
            serial: self.page.reply.as_ref().map_or(0, |r| r.serial) + 1,
            outcome,
            touched,
        }));
    }

    /// Runs the change on the engine: its sentence and the table keys it
    /// touched.
    fn change_data(&mut self, change: Change) -> Result<(String, Vec<Json>), Failure> {
        let table = &self.chart.table;
        let mut engine = self.engine.borrow_mut();
        match change {
            Change::PutItem(text) => {
                let sentence = put_item(&mut engine, &table.name, &text)?;
                Ok((sentence, written_key(&text, table)))
            }
            Change::DeleteItem(text) => {
                let sentence = delete_item(&mut engine, &self.chart, &text)?;
                Ok((sentence, written_key(&text, table)))
            }
            Change::Paste(text) | Change::Import { items: text, .. } => {
                let items = parse_pasted(&self.chart, &text)?;
                if self.edits.len() + items.len() > MAX_EDITS {
                    return Err(Failure::refused(format!(
                        "A playground keeps at most {} items added or changed by hand; generate larger tables from the chart instead.",
                        thousands(MAX_EDITS)
                    )));
                }
                let touched = add_items(&mut engine, &table.name, items)?;
                let n = touched.len();
                let sentence = format!(
                    "Added {} item{}.",
                    thousands(n),
                    if n == 1 { "" } else { "s" }
                );
                Ok((sentence, touched))
            }
            Change::Expire { until } => {
                let removed = expire_due(&mut engine, table, until);
                Ok((String::new(), removed))
            }
            Change::Deliver { again } => {
                let Some(handler) = self.handler.clone() else {
                    return Ok((String::new(), Vec::new()));
                };
                let deliver = if again {
                    deliver_again
                } else {
                    deliver_pending
                };
                let report = deliver(&mut engine, table, &handler, self.stream.delivered);
                drop(engine);
                self.stream.delivered = self.stream.delivered.max(report.up_to);
                self.stream.log = Rc::new(report.log);
                Ok((String::new(), report.touched))
            }
        }
    }

    /// Runs what the runner asks for and keeps what it did for the runner
    /// and the data view; a write's keys are recorded as changes by hand.
    #[inline(never)]
    pub(super) fn apply_run(&mut self, asked: RunAsked) {
        let done = run_request(&mut self.engine.borrow_mut(), &asked, &self.chart.table);
        if let Some(seen) = &done.seen {
            self.runner.highlight = Rc::new(seen.clone());
        }
        if !done.touched.is_empty() {
            self.record_touched(&done.touched);
        }
        self.runner.last_run = Some(Rc::new(done));
    }

    /// Opens the stored item with this table key in the item editor, as a
    /// strongly consistent GetItem returns it.
    #[inline(never)]
    pub(super) fn edit_stored(&mut self, key: Json) {
        let request = serde_json::json!({
            "TableName": self.chart.table.name,
            "Key": key,
            "ConsistentRead": true,
        });
        let found = run(&mut self.engine.borrow_mut(), Operation::GetItem, &request);
        if let Some(item) = found
            .ok()
            .and_then(|mut r| r.get_mut("Item").map(Json::take))
        {
            self.page.item_preset = Rc::new((self.page.item_preset.0 + 1, item));
        }
    }

    /// Puts a new stream handler in place (or none) and measures every
    /// pattern again, with what the handler's writes cost.
    #[inline(never)]
    pub(super) fn set_handler(&mut self, handler: Option<StreamHandler>) {
        self.handler = handler.map(Rc::new);
        self.measure_all();
        self.revision += 1;
    }

    /// Notes the current state of each touched key, counts the items and
    /// measures every pattern again.
    pub(super) fn record_touched(&mut self, touched: &[Json]) {
        let mut edits = (*self.edits).clone();
        edits.record(&mut self.engine.borrow_mut(), &self.chart.table, touched);
        self.edits = Rc::new(edits);
        self.count_items();
        self.measure_all();
        self.runner.highlight = Rc::new(Highlight::default());
        self.revision += 1;
    }
}
