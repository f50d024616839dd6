//! The aws CLI console's changes: a script run on the playground's engine
//! ([`console_run`]), and what the page takes in of it — the items it
//! wrote as changes by hand, a design it changed, a table it deleted or
//! made — and the console's own transcript, history and files.

use std::rc::Rc;

use std::cell::RefCell;

use console::session::{FileStore, Step};

use super::State;
use crate::console_host::{self, Advance, Ran, Send};
use crate::model::data::console_run::{Watch, finish};
use crate::model::data::edits::{Edits, MAX_EDITS};
use crate::model::data::item_keys::key_of;
use crate::model::design::chart::Chart;

/// How many commands the transcript keeps, the oldest going first.
pub const TRANSCRIPT_STEPS: usize = 500;
/// How many scripts the history keeps.
pub const HISTORY_SCRIPTS: usize = 100;
/// How much of one command's output the transcript keeps, in bytes.
pub const OUTPUT_BYTES: usize = 256 * 1024;
pub use crate::limits::{
    MAX_CONSOLE_FILE_BYTES, MAX_CONSOLE_FILE_BYTES_IN_ALL, MAX_CONSOLE_FILE_NAME_BYTES,
    MAX_CONSOLE_FILES,
};

/// What the console does.
#[derive(Clone, Debug, PartialEq)]
pub enum ConsoleAction {
    /// Run a script.
    Run(String),
    /// Keep a file for `file://` to read (dropped on the console); it
    /// travels with the playground.
    AddFile { name: String, contents: Vec<u8> },
    /// Forget a file.
    RemoveFile(String),
    /// Empty the transcript.
    Clear,
    /// Go on past a failed command (or stop at the first, as `set -e`).
    KeepGoing(bool),
}

/// One command in the transcript, with the run it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Counts the runs, so the view can group a script's commands.
    pub run: u64,
    pub step: Step,
}

/// What the console holds beside its shell (which lives with the
/// console's module): the files given to it, whether it goes on past a
/// failure, what it printed, and the scripts run.
#[derive(Clone, Default)]
pub struct ConsolePart {
    /// The files `file://` reads (given again to a console loaded anew).
    pub files: Rc<FileStore>,
    pub keep_going: bool,
    pub transcript: Rc<Vec<Entry>>,
    pub history: Rc<Vec<String>>,
    /// Counts the runs.
    pub runs: u64,
    /// Why the last run did not start (a construct the console does not
    /// run), or what it changed in the page.
    pub note: Option<String>,
}

/// Why a file of `bytes` named `name` may not join `files` (replacing
/// the one of that name, if there is one), naming the limit it passes.
fn refusal(files: &FileStore, name: &str, bytes: usize) -> Option<String> {
    let others = files
        .iter()
        .filter(|(n, _)| FileStore::normalise(name) != **n);
    let (count, in_all) = others.fold((0, 0), |(count, in_all), (_, contents)| {
        (count + 1, in_all + contents.len())
    });
    if name.is_empty() {
        Some("a file needs a name".into())
    } else if name.len() > MAX_CONSOLE_FILE_NAME_BYTES {
        Some(format!(
            "its name is {} bytes long; the console takes names of at most {MAX_CONSOLE_FILE_NAME_BYTES}",
            name.len()
        ))
    } else if bytes > MAX_CONSOLE_FILE_BYTES {
        Some(format!(
            "it is {bytes} bytes long; the console keeps files of at most {MAX_CONSOLE_FILE_BYTES}"
        ))
    } else if count >= MAX_CONSOLE_FILES {
        Some(format!(
            "the console keeps at most {MAX_CONSOLE_FILES} files"
        ))
    } else if in_all + bytes > MAX_CONSOLE_FILE_BYTES_IN_ALL {
        Some(format!(
            "the console's files would hold {} bytes; they travel with the playground, which keeps at most {MAX_CONSOLE_FILE_BYTES_IN_ALL}",
            in_all + bytes
        ))
    } else {
        None
    }
}

/// `text` cut to `OUTPUT_BYTES`, saying how much more there was.
fn clipped_output(text: String) -> String {
    if text.len() <= OUTPUT_BYTES {
        return text;
    }
    let mut end = OUTPUT_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}\n[… {} more bytes not shown]\n",
        &text[..end],
        text.len() - end
    )
}

impl State {
    /// Applies a console action.
    #[inline(never)]
    pub(super) fn console(&mut self, action: ConsoleAction) -> bool {
        match action {
            ConsoleAction::Run(script) => return self.run_script(&script),
            ConsoleAction::AddFile { name, contents } => {
                if let Some(why) = refusal(&self.console.files, &name, contents.len()) {
                    self.console.note = Some(format!("{name} was not kept: {why}."));
                    return true;
                }
                Rc::make_mut(&mut self.console.files).put(&name, contents);
                self.revision += 1;
            }
            ConsoleAction::RemoveFile(name) => {
                Rc::make_mut(&mut self.console.files).remove(&name);
                self.revision += 1;
            }
            ConsoleAction::Clear => {
                self.console.transcript = Rc::new(Vec::new());
                self.console.note = None;
            }
            ConsoleAction::KeepGoing(on) => self.console.keep_going = on,
        }
        true
    }

    /// Runs a script and takes in what it changed.
    fn run_script(&mut self, script: &str) -> bool {
        let mut history = (*self.console.history).clone();
        if history.last().map(String::as_str) != Some(script) {
            history.push(script.to_string());
        }
        let excess = history.len().saturating_sub(HISTORY_SCRIPTS);
        history.drain(..excess);
        self.console.history = Rc::new(history);
        self.console.runs += 1;
        let table = self.chart.table.name.clone();
        let watch = Rc::new(RefCell::new(Watch::default()));
        let send: Send = {
            let (engine, watch, table) = (self.engine.clone(), watch.clone(), table.clone());
            Box::new(move |operation, body| {
                watch
                    .borrow_mut()
                    .send(&mut engine.borrow_mut(), &table, operation, body)
            })
        };
        let advance: Advance = {
            let engine = self.engine.clone();
            Box::new(move |seconds| {
                let mut engine = engine.borrow_mut();
                let now = engine.clock() + seconds;
                engine.set_clock(now);
            })
        };
        // The state holds the files; the console reads what it holds.
        console_host::set_files(&self.console.files);
        let run = match console_host::run(script, self.console.keep_going, send, advance) {
            Ran::Run(run) => run,
            Ran::Refused(refusal) => {
                self.console.note = Some(format!("Not run: {refusal}"));
                return true;
            }
            Ran::NotLoaded => {
                self.console.note =
                    Some("The console is still loading: run the script again in a moment.".into());
                return true;
            }
            Ran::Stopped(why) => {
                self.console.note = Some(format!(
                    "The console stopped ({why}). It starts afresh on the next run, without its variables; the playground is as the commands before left it."
                ));
                return true;
            }
        };
        let watch = std::mem::take(&mut *watch.borrow_mut());
        let done = finish(&mut self.engine.borrow_mut(), &table, run, watch, MAX_EDITS);
        let mut transcript = (*self.console.transcript).clone();
        transcript.extend(done.run.steps.iter().cloned().map(|mut step| {
            step.stdout = clipped_output(step.stdout);
            step.stderr = clipped_output(step.stderr);
            Entry {
                run: self.console.runs,
                step,
            }
        }));
        let excess = transcript.len().saturating_sub(TRANSCRIPT_STEPS);
        transcript.drain(..excess);
        self.console.transcript = Rc::new(transcript);
        self.console.note = None;
        self.take_in(done);
        true
    }

    /// Takes in what a console run changed, as changes by hand.
    fn take_in(&mut self, done: crate::model::data::console_run::ConsoleRun) {
        if let Some((design, items)) = done.adopted {
            let old = self.chart.table.name.clone();
            self.console.note = Some(format!(
                "{old} is gone; the page now shows {}, the table the console made, and its {} items as changes by hand.",
                design.name,
                items.len()
            ));
            self.replace_chart(Chart {
                table: design,
                entities: Vec::new(),
            });
            self.warnings = Vec::new();
            self.edits = Rc::new(Edits::default());
            let keys: Vec<_> = items
                .iter()
                .filter_map(|item| key_of(item, &self.chart.table))
                .collect();
            self.record_touched(&keys);
            return;
        }
        let mut changed = false;
        if done.dropped {
            // The generated items went with the table: the chart no longer
            // makes them, and only what was written after counts.
            let mut chart = self.chart.clone();
            chart.entities = Vec::new();
            self.replace_chart(chart);
            self.warnings = Vec::new();
            self.edits = Rc::new(Edits::default());
            changed = true;
            if done.design.is_none() {
                self.console.note = Some(format!(
                    "The console deleted {}: the table design still shows it, for Apply to make it again.",
                    self.chart.table.name
                ));
            }
        }
        if let Some(design) = done.design
            && design != self.chart.table
        {
            let mut chart = self.chart.clone();
            chart.table = design;
            self.replace_chart(chart);
            changed = true;
        }
        if changed || !done.touched.is_empty() {
            self.record_touched(&done.touched);
        }
    }
}
