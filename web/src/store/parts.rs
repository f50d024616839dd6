//! The parts of the [`State`](super::State) beside the playground itself:
//! the runner's, the stream's, the builds' and the page's own. Each is
//! changed only by the reducer, like the rest.

use std::rc::Rc;

use serde_json::Value as Json;

use super::history::History;
use super::{Notice, Reply};
use crate::model::explain::changes::WhatChanged;
use crate::model::failure::Failure;
use crate::model::measure::request_run::RequestRun;
use crate::model::patterns::runner::{Draft, Highlight};
use crate::model::playground::Playground;

/// What the request runner holds, and what its last run did.
#[derive(Clone, Default)]
pub struct RunnerPart {
    /// The form, the description and the settings being edited.
    pub draft: Rc<Draft>,
    /// Counts the times the runner was asked to run its draft at once.
    pub run_now: u64,
    /// What the last run did.
    pub last_run: Option<Rc<RequestRun>>,
    /// What the last request run read and returned, for the data view.
    pub highlight: Rc<Highlight>,
}

/// How far the table's stream has been fed to its handler.
#[derive(Clone, Default)]
pub struct StreamPart {
    /// The sequence number of the last record delivered.
    pub delivered: u64,
    /// What the last delivery did, one line per record.
    pub log: Rc<Vec<String>>,
}

/// New data being built.
#[derive(Clone, Default)]
pub struct BuildPart {
    /// Counts the builds started, so a slower, older one cannot land after
    /// a newer one.
    pub count: u64,
    /// Items stored so far, and about how many in all, while a large table
    /// fills.
    pub loading: Option<(usize, usize)>,
    /// Why the last change to the design was refused, if it was.
    pub refused: Option<Failure>,
}

/// The page around the playground.
#[derive(Clone)]
pub struct PagePart {
    /// A message for the learner about the page itself (a link that would
    /// not open, work that could not be saved).
    pub notice: Option<Rc<Notice>>,
    /// What the page answered to the last change made by hand.
    pub reply: Option<Rc<Reply>>,
    /// The item handed to the item editor, numbered so the editor sees it
    /// once.
    pub item_preset: Rc<(u64, Json)>,
    /// Counts the playgrounds opened whole (a link, a file, a saved one):
    /// panels that keep fields of their own start afresh on each.
    pub opened: u64,
    /// The playground as it was opened or last saved: the page saves only
    /// when what is on the screen differs from it.
    pub kept: Rc<Playground>,
    /// What the last edit (of the chart, the design, a pattern or the
    /// data) did to the patterns' numbers; `None` until one is made.
    pub changed: Option<Rc<WhatChanged>>,
    /// Counts the lines said, so each new one can flash its rows again.
    pub changes_said: u64,
    /// What undo and redo go back and forth to.
    pub history: History,
}

impl PagePart {
    /// A page that has just opened `kept`.
    pub fn opening(kept: Rc<Playground>) -> PagePart {
        PagePart {
            notice: None,
            reply: None,
            item_preset: Rc::new((0, Json::Null)),
            opened: 0,
            kept,
            changed: None,
            changes_said: 0,
            history: History::default(),
        }
    }
}
