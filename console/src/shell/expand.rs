//! Turning a command's words into the arguments it runs with: parameters
//! and command substitutions replaced, the unquoted results split at
//! blanks, and the quotes gone (POSIX §2.6).
//!
//! Pathname expansion is not done: `*`, `?` and `[` stay as written, which
//! is what bash does with a pattern that matches no file, so
//! `--query Items[*].id` reaches the aws CLI as typed.

use super::syntax::{FallbackKind, Parameter, Part, Script, Word};

/// What expansion reads and changes: the shell's variables and status,
/// the script's arguments, and a way to run a substituted command.
pub trait Environment {
    /// A variable's value, `None` when unset.
    fn variable(&self, name: &str) -> Option<String>;
    /// Sets a variable (`${NAME:=word}`).
    fn assign(&mut self, name: &str, value: String);
    /// The status of the last command (`$?`).
    fn status(&self) -> i32;
    /// `$0` (the script's name) and `$1`, `$2`, … (its arguments).
    fn positional(&self, index: usize) -> Option<String>;
    /// How many arguments (`$#`).
    fn argument_count(&self) -> usize;
    /// Runs a script and gives what it printed (`$(…)`).
    fn substitute(&mut self, script: &Script) -> String;
}

/// The shell's process number: any fixed number does, as no process is
/// started.
pub const PROCESS_ID: u32 = 4242;

/// The characters that split an unquoted expansion into fields (IFS).
fn is_field_separator(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\n'
}

/// Every word's fields, in order: what a command runs with.
pub fn fields(words: &[Word], environment: &mut dyn Environment) -> Vec<String> {
    let mut fields = Vec::new();
    for word in words {
        split_word(word, environment, &mut fields);
    }
    fields
}

/// A word as one piece of text, never split: an assignment's value, a
/// redirection's file, a here-document.
pub fn text(word: &Word, environment: &mut dyn Environment) -> String {
    let mut text = String::new();
    for part in &word.parts {
        text.push_str(&part_value(part, environment));
    }
    text
}

fn split_word(word: &Word, environment: &mut dyn Environment, fields: &mut Vec<String>) {
    let mut current = String::new();
    // A field exists once anything quoted or non-blank is in it.
    let mut started = false;
    for part in &word.parts {
        let quoted = match part {
            Part::Text { quoted, .. }
            | Part::Parameter { quoted, .. }
            | Part::Substitution { quoted, .. } => *quoted,
        };
        let value = part_value(part, environment);
        let splits = !quoted && !matches!(part, Part::Text { .. });
        if !splits {
            current.push_str(&value);
            started |= quoted || !value.is_empty();
            continue;
        }
        for c in value.chars() {
            if is_field_separator(c) {
                if started {
                    fields.push(std::mem::take(&mut current));
                    started = false;
                }
            } else {
                current.push(c);
                started = true;
            }
        }
    }
    if started {
        fields.push(current);
    }
}

fn part_value(part: &Part, environment: &mut dyn Environment) -> String {
    match part {
        Part::Text { text, .. } => text.clone(),
        Part::Parameter { parameter, .. } => parameter_value(parameter, environment),
        Part::Substitution { script, .. } => {
            let mut printed = environment.substitute(script);
            while printed.ends_with('\n') {
                printed.pop();
            }
            printed
        }
    }
}

fn parameter_value(parameter: &Parameter, environment: &mut dyn Environment) -> String {
    match parameter {
        Parameter::Named { name, fallback } => {
            let value = environment.variable(name);
            let Some(fallback) = fallback else {
                return value.unwrap_or_default();
            };
            let set = match &value {
                Some(v) => !(fallback.colon && v.is_empty()),
                None => false,
            };
            match fallback.kind {
                FallbackKind::Default if set => value.unwrap_or_default(),
                FallbackKind::Default => text(&fallback.word, environment),
                FallbackKind::Assign if set => value.unwrap_or_default(),
                FallbackKind::Assign => {
                    let word = text(&fallback.word, environment);
                    environment.assign(name, word.clone());
                    word
                }
                FallbackKind::Alternative if set => text(&fallback.word, environment),
                FallbackKind::Alternative => String::new(),
            }
        }
        Parameter::Length { name } => environment
            .variable(name)
            .map_or(0, |v| v.chars().count())
            .to_string(),
        Parameter::Status => environment.status().to_string(),
        Parameter::ProcessId => PROCESS_ID.to_string(),
        Parameter::Positional(index) => environment.positional(*index).unwrap_or_default(),
        Parameter::ArgumentCount => environment.argument_count().to_string(),
        Parameter::AllArguments => (1..=environment.argument_count())
            .filter_map(|i| environment.positional(i))
            .collect::<Vec<_>>()
            .join(" "),
    }
}
