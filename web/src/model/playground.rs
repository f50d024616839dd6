//! A whole playground as the learner made it: the chart, the seed, the
//! access patterns, what is selected and typed, where the data view stands,
//! the items changed by hand, the stream handler and the files given to the
//! aws CLI console. The data itself is not here: the chart and the seed
//! generate it, and the edits are replayed on top. This is what a link, a
//! file and a saved playground carry.

use console::session::FileStore;

use crate::model::data::edits::Edits;
use crate::model::data::view::Position;
use crate::model::design::chart::Chart;
use crate::model::measure::prices::Prices;
use crate::model::patterns::pattern::AccessPattern;
use crate::model::patterns::runner::{Draft, Form};
use crate::model::stream::stream_handler::StreamHandler;

/// A playground, without its data.
#[derive(Clone, Debug, PartialEq)]
pub struct Playground {
    pub chart: Chart,
    pub seed: u64,
    pub patterns: Vec<AccessPattern>,
    /// The pattern the comparison shows.
    pub selected: usize,
    pub prices: Prices,
    /// What is typed in the request runner.
    pub draft: Draft,
    /// Where the data view stands.
    pub position: Position,
    /// Items changed by hand since generation.
    pub edits: Edits,
    /// What the table's stream feeds, if anything.
    pub handler: Option<StreamHandler>,
    /// The files the aws CLI console's `file://` and `fileb://` read.
    pub console_files: FileStore,
}

impl Playground {
    /// A playground on `chart` with items from `seed`: its patterns given
    /// by [`Playground::with_patterns`], nothing else changed yet.
    pub fn new(chart: Chart, seed: u64) -> Playground {
        Playground {
            draft: Draft {
                form: Form::blank(&chart.table.name),
                ..Draft::default()
            },
            chart,
            seed,
            patterns: Vec::new(),
            selected: 0,
            prices: Prices::default(),
            position: Position::default(),
            edits: Edits::default(),
            handler: None,
            console_files: FileStore::default(),
        }
    }

    /// The same with these patterns, `selected` compared and its request
    /// in the runner.
    pub fn with_patterns(mut self, patterns: Vec<AccessPattern>, selected: usize) -> Playground {
        if let Some(pattern) = patterns.get(selected) {
            self.draft.form = Form::from_request(pattern.operation, &pattern.request);
        }
        self.selected = selected.min(patterns.len().saturating_sub(1));
        self.patterns = patterns;
        self
    }
}
