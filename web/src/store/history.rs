//! Undo and redo of the learner's edits: before each edit of the chart,
//! the table design, a pattern or the data, the playground as it was is
//! kept (its chart, patterns and hand-made changes — the data is built
//! again from them, as a link rebuilds it). Undo opens the last one kept
//! and keeps the current one for redo; a new edit forgets what could be
//! redone. At most [`KEPT`] steps are kept.

use std::rc::Rc;

use crate::model::playground::Playground;

/// Steps kept each way.
pub const KEPT: usize = 50;

/// The playgrounds undo and redo go back and forth to.
#[derive(Clone, Default)]
pub struct History {
    undo: Rc<Vec<Rc<Playground>>>,
    redo: Rc<Vec<Rc<Playground>>>,
}

impl History {
    /// Keeps `before`, the playground an edit is about to change.
    pub fn record(&mut self, before: Playground) {
        let undo = Rc::make_mut(&mut self.undo);
        if undo.len() == KEPT {
            undo.remove(0);
        }
        undo.push(Rc::new(before));
        self.redo = Rc::default();
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// One step back (`back`) or forward: the playground to open, with
    /// `now`, the current one, kept for the way back.
    pub fn step(&mut self, back: bool, now: Playground) -> Option<Rc<Playground>> {
        let (from, to) = match back {
            true => (&mut self.undo, &mut self.redo),
            false => (&mut self.redo, &mut self.undo),
        };
        let target = Rc::make_mut(from).pop()?;
        let to = Rc::make_mut(to);
        if to.len() == KEPT {
            to.remove(0);
        }
        to.push(Rc::new(now));
        Some(target)
    }
}
