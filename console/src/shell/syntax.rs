//! What a script says, before anything in it is expanded: the commands,
//! how they are joined, and each word as the parts it is written in.
//!
//! Expansions stay unexpanded here because a variable set by one command
//! is read by the next: [`super::expand`] resolves a word only when its
//! command is about to run.

/// A whole script: its command lists, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    pub lists: Vec<AndOr>,
}

/// Commands joined by `&&` and `||`: `first && second || third`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AndOr {
    pub first: Command,
    pub rest: Vec<(Connector, Command)>,
}

/// How a command joins the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connector {
    /// `&&`: run when the one before succeeded.
    And,
    /// `||`: run when the one before failed.
    Or,
}

/// One simple command: assignments, words and redirections.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Command {
    /// The line it starts on, from 1.
    pub line: usize,
    /// Its text as written, continuation lines and all (for the transcript).
    pub source: String,
    /// The comment lines on their own since the command before, as
    /// written (`# 2. Load the items`): a lab's narration.
    pub comments: Vec<String>,
    /// `NAME=value` words before the command's name.
    pub assignments: Vec<Assignment>,
    /// The command's name and arguments.
    pub words: Vec<Word>,
    /// Where its standard output goes, when not to the screen.
    pub stdout: Option<Target>,
    /// Where its standard error goes, when not to the screen.
    pub stderr: Option<Target>,
    /// What a here-document gives it as its input.
    pub stdin: Option<HereDocument>,
}

/// `NAME=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub name: String,
    pub value: Word,
}

/// Where a redirection sends output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `> file` or `>> file` (`append`).
    File { path: Word, append: bool },
    /// `2>&1`: wherever standard output goes.
    Stdout,
}

/// `<<EOF … EOF`: the body, expanded unless its delimiter was quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HereDocument {
    pub body: Word,
}

/// One word, as the parts it is written in: `--key '{"a":'"$V"'}'` is one
/// word of three parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Word {
    pub parts: Vec<Part>,
}

/// A piece of a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text, its quoting already removed; `quoted` when it was inside
    /// quotes (so even an empty one makes a word: `""`).
    Text { text: String, quoted: bool },
    /// `$NAME`, `${NAME:-default}`, `$?`, …
    Parameter { parameter: Parameter, quoted: bool },
    /// `$(…)` or `` `…` ``: replaced by what the script prints.
    Substitution { script: Box<Script>, quoted: bool },
}

/// A parameter expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parameter {
    /// `$NAME` or `${NAME}`, with what to do when it is unset or empty.
    Named {
        name: String,
        fallback: Option<Fallback>,
    },
    /// `${#NAME}`: its length in characters.
    Length { name: String },
    /// `$?`: the status of the last command.
    Status,
    /// `$$`: the shell's process number.
    ProcessId,
    /// `$0`, `$1`, …: the script's name and arguments.
    Positional(usize),
    /// `$#`: how many arguments.
    ArgumentCount,
    /// `$@` and `$*`: every argument.
    AllArguments,
}

/// `${NAME:-word}` and its relatives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fallback {
    /// With `:`, an empty value counts as unset.
    pub colon: bool,
    pub kind: FallbackKind,
    pub word: Word,
}

/// What a fallback does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FallbackKind {
    /// `-`: use the word.
    Default,
    /// `=`: use the word and assign it.
    Assign,
    /// `+`: use the word when the name is set, nothing otherwise.
    Alternative,
}

impl Word {
    /// A word of one piece of unquoted text.
    pub fn text(text: &str) -> Word {
        Word {
            parts: vec![Part::Text {
                text: text.to_string(),
                quoted: false,
            }],
        }
    }

    /// The word's text when it has no expansion in it: the command's name
    /// as written, checked before anything runs.
    pub fn literal(&self) -> Option<String> {
        let mut literal = String::new();
        for part in &self.parts {
            match part {
                Part::Text { text, .. } => literal.push_str(text),
                _ => return None,
            }
        }
        Some(literal)
    }

    /// True when the word has nothing in it that was quoted or expanded:
    /// plain text only, so a reserved word like `for` means itself.
    pub fn is_plain(&self) -> bool {
        self.parts
            .iter()
            .all(|part| matches!(part, Part::Text { quoted: false, .. }))
    }
}
