//! Reading a script into its [`Script`]: the subset of the POSIX shell
//! that tutorials write around `aws` commands.
//!
//! Read as `sh` reads (POSIX Shell Command Language, §2.2–§2.6,
//! <https://pubs.opengroup.org/onlinepubs/9699919799/utilities/V3_chap02.html>):
//! a backslash before a newline joins two lines (with no space); a `#` at
//! the start of a word starts a comment; words are split at unquoted blanks
//! and joined from their quoted and unquoted parts; `'…'` keeps everything,
//! `"…"` keeps all but `$`, `` ` `` and a backslash before `$ ` \ "` or a
//! newline; `$'…'` is bash's C-style quoting. Commands end at a newline or
//! `;` and join with `&&` and `||`.
//!
//! What the console does not run it refuses here, by name and line,
//! before anything of the script runs: pipes, background jobs, loops and
//! conditionals, subshells, functions, arithmetic and the parameter
//! expansions that pattern-match. A script is run whole or not at all.

use super::syntax::{
    AndOr, Assignment, Command, Connector, Fallback, FallbackKind, HereDocument, Parameter, Part,
    Script, Target, Word,
};
use crate::limits::{MAX_SCRIPT_BYTES, MAX_SHELL_NESTING};

/// Why a script is not run: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The line, from 1.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

type Result<T> = std::result::Result<T, Refusal>;

/// Words that begin the compound commands the console does not run, with
/// what each begins.
const RESERVED: [(&str, &str); 16] = [
    ("for", "a for loop"),
    ("while", "a while loop"),
    ("until", "an until loop"),
    ("do", "a loop's do"),
    ("done", "a loop's done"),
    ("if", "an if"),
    ("then", "an if's then"),
    ("else", "an if's else"),
    ("elif", "an if's elif"),
    ("fi", "an if's fi"),
    ("case", "a case"),
    ("esac", "a case's esac"),
    ("function", "a function"),
    ("select", "a select loop"),
    ("{", "a { … } group"),
    ("[[", "a [[ … ]] test"),
];

/// Reads a whole script.
pub fn parse(script: &str) -> Result<Script> {
    if script.len() > MAX_SCRIPT_BYTES {
        return Err(Refusal {
            line: 1,
            message: format!(
                "the script is {} bytes long; the console reads at most {MAX_SCRIPT_BYTES}",
                script.len()
            ),
        });
    }
    let text = script.replace("\r\n", "\n");
    let mut parser = Parser::new(&text, 1, 0);
    let parsed = parser.script(None)?;
    Ok(parsed)
}

/// Where a word ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A command's word: at a blank or an operator.
    Command,
    /// The word of `${NAME:-word}`: at the closing brace.
    Brace,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    line: usize,
    /// How deep in `$(…)` and `${…}` this parser is.
    depth: usize,
    /// Here-documents opened on the current line, read at its end.
    pending: Vec<PendingHereDocument>,
    /// Their bodies, in the order they were opened, once read.
    bodies: Vec<Word>,
    /// The comment lines read since the last command, for the next one.
    comments: Vec<String>,
}

struct PendingHereDocument {
    /// The line of its `<<`.
    line: usize,
    delimiter: String,
    strip_tabs: bool,
    expand: bool,
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\r'
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// True for a variable's name: `[A-Za-z_][A-Za-z0-9_]*`.
pub fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(is_name_start) && chars.all(is_name_char)
}

impl Parser {
    fn new(text: &str, line: usize, depth: usize) -> Parser {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            line,
            depth,
            pending: Vec::new(),
            bodies: Vec::new(),
            comments: Vec::new(),
        }
    }

    fn refuse<T>(&self, message: impl Into<String>) -> Result<T> {
        Err(Refusal {
            line: self.line,
            message: message.into(),
        })
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Skips every backslash-newline pair here: they join lines.
    fn skip_continuations(&mut self) {
        while self.peek() == Some('\\') && self.peek_at(1) == Some('\n') {
            self.bump();
            self.bump();
        }
    }

    fn skip_blanks(&mut self) {
        loop {
            self.skip_continuations();
            match self.peek() {
                Some(c) if is_blank(c) => {
                    self.bump();
                }
                _ => return,
            }
        }
    }

    fn skip_comment(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                return;
            }
            self.bump();
        }
    }

    /// A comment on a line of its own, kept for the command after it (a
    /// lab's narration); `#!` lines are not narration.
    fn keep_comment(&mut self) {
        let start = self.pos;
        self.skip_comment();
        let text: String = self.chars[start..self.pos].iter().collect();
        if !text.starts_with("#!") {
            self.comments.push(text.trim_end().to_string());
        }
    }

    fn deeper(&self) -> Result<usize> {
        if self.depth >= MAX_SHELL_NESTING {
            return self.refuse(format!(
                "$(…) and ${{…}} nest more than {MAX_SHELL_NESTING} deep"
            ));
        }
        Ok(self.depth + 1)
    }

    /// Command lists up to the end, or up to `close` (consumed).
    fn script(&mut self, close: Option<char>) -> Result<Script> {
        let mut script = Script::default();
        loop {
            self.skip_separators()?;
            match self.peek() {
                None if close.is_none() => break,
                None => return self.refuse("a $( is never closed by its )"),
                Some(c) if Some(c) == close => {
                    self.bump();
                    break;
                }
                Some(')') => return self.refuse("a ) that closes nothing"),
                _ => {}
            }
            let list = self.and_or(close)?;
            script.lists.push(list);
        }
        if close.is_some() {
            // A `$(…)` inside: the here-documents belong to the script
            // around it, filled when it ends.
            return Ok(script);
        }
        if let Some(pending) = self.pending.first() {
            return Err(Refusal {
                line: pending.line,
                message: format!(
                    "the here-document is never closed by a line {}",
                    pending.delimiter
                ),
            });
        }
        let mut bodies = std::mem::take(&mut self.bodies).into_iter();
        fill_here_documents(&mut script, &mut bodies);
        Ok(script)
    }

    /// Skips blanks, comments, newlines and `;` between commands, reading
    /// the bodies of here-documents at each newline.
    fn skip_separators(&mut self) -> Result<()> {
        loop {
            self.skip_blanks();
            match self.peek() {
                Some('#') => self.keep_comment(),
                Some('\n') => {
                    self.bump();
                    self.read_here_documents()?;
                }
                Some(';') => {
                    if self.peek_at(1) == Some(';') {
                        return self
                            .refuse("a ;; (it ends a case branch, and case is not run here)");
                    }
                    self.bump();
                }
                _ => return Ok(()),
            }
        }
    }

    fn and_or(&mut self, close: Option<char>) -> Result<AndOr> {
        let first = self.command(close)?;
        let mut rest = Vec::new();
        loop {
            self.skip_blanks();
            let connector = match (self.peek(), self.peek_at(1)) {
                (Some('&'), Some('&')) => Connector::And,
                (Some('|'), Some('|')) => Connector::Or,
                _ => break,
            };
            self.bump();
            self.bump();
            // A newline may follow && and ||.
            loop {
                self.skip_blanks();
                match self.peek() {
                    Some('\n') => {
                        self.bump();
                        self.read_here_documents()?;
                    }
                    Some('#') => self.skip_comment(),
                    _ => break,
                }
            }
            rest.push((connector, self.command(close)?));
        }
        Ok(AndOr { first, rest })
    }

    fn command(&mut self, close: Option<char>) -> Result<Command> {
        self.skip_blanks();
        let start = self.pos;
        let mut command = Command {
            line: self.line,
            comments: std::mem::take(&mut self.comments),
            ..Command::default()
        };
        // Where the command's last word or redirection ends.
        let mut end = start;
        loop {
            if self.pos > end {
                end = self.pos;
            }
            self.skip_blanks();
            let Some(c) = self.peek() else { break };
            match c {
                '\n' | ';' => break,
                '#' => {
                    self.skip_comment();
                    break;
                }
                ')' if close == Some(')') => break,
                ')' => return self.refuse("a ) that closes nothing"),
                '&' if self.peek_at(1) == Some('&') => break,
                '|' if self.peek_at(1) == Some('|') => break,
                '&' if self.peek_at(1) == Some('>') => {
                    return self.refuse("&> is not run here: write > file 2>&1");
                }
                '&' => {
                    return self.refuse(
                        "running a command in the background (&) is not done here: each command runs to its end",
                    );
                }
                '|' => {
                    return self.refuse(
                        "a pipe (|) is not run here: the console prints what the aws CLI prints, and cannot pass it to another program (use --query for what jq would pick out)",
                    );
                }
                '(' => {
                    return self.refuse(if command.words.len() == 1 {
                        "a function definition is not run here"
                    } else {
                        "a subshell ( … ) is not run here"
                    });
                }
                '<' => self.input_redirection(&mut command)?,
                '>' => {
                    let target = self.output_redirection()?;
                    command.stdout = Some(target);
                }
                '2' if self.peek_at(1) == Some('>') => {
                    self.bump();
                    let target = self.output_redirection()?;
                    command.stderr = Some(target);
                }
                _ => {
                    let word = self.word(Mode::Command)?;
                    self.take_word(&mut command, word)?;
                }
            }
        }
        if command.words.is_empty()
            && command.assignments.is_empty()
            && command.stdout.is_none()
            && command.stdin.is_none()
        {
            return match self.peek() {
                Some('&') => self.refuse("&& with no command before it"),
                Some('|') => self.refuse("|| with no command before it"),
                Some(';') => self.refuse("a ; with no command before it"),
                _ => self.refuse("a command is missing here"),
            };
        }
        command.source = self.chars[start..end.max(start)]
            .iter()
            .collect::<String>()
            .trim_end()
            .to_string();
        Ok(command)
    }

    /// A word read in a command: an assignment while no name has come, a
    /// refused reserved word in the name's place, or an argument.
    fn take_word(&mut self, command: &mut Command, word: Word) -> Result<()> {
        if command.words.is_empty() {
            if let Some(assignment) = assignment(&word) {
                command.assignments.push(assignment);
                return Ok(());
            }
            if word.is_plain()
                && let Some(literal) = word.literal()
            {
                if let Some((_, what)) = RESERVED.iter().find(|(r, _)| *r == literal) {
                    return self.refuse(format!(
                        "{what} is not run here: write the commands out one by one"
                    ));
                }
                if literal == "!" {
                    return self.refuse("! (negating a command's status) is not run here");
                }
            }
        }
        command.words.push(word);
        Ok(())
    }

    fn input_redirection(&mut self, command: &mut Command) -> Result<()> {
        self.bump();
        if !self.eat('<') {
            return self.refuse(
                "reading a command's input from a file (<) is not done here: aws takes files as file://name",
            );
        }
        if self.peek() == Some('<') {
            return self.refuse("a here-string (<<<) is not run here");
        }
        let strip_tabs = self.eat('-');
        self.skip_blanks();
        let delimiter = self.word(Mode::Command)?;
        let expand = delimiter
            .parts
            .iter()
            .all(|p| matches!(p, Part::Text { quoted: false, .. }));
        let Some(delimiter) = delimiter.literal() else {
            return self.refuse("a here-document's delimiter must be a plain word");
        };
        if delimiter.is_empty() {
            return self.refuse("a here-document needs a delimiter after <<");
        }
        if self.depth > 0 {
            return self.refuse("a here-document inside $(…) is not run here");
        }
        if command.stdin.is_some() {
            return self.refuse("a command with two here-documents");
        }
        self.pending.push(PendingHereDocument {
            line: self.line,
            delimiter,
            strip_tabs,
            expand,
        });
        // Filled in when the line ends and the body is read.
        command.stdin = Some(HereDocument {
            body: Word::default(),
        });
        Ok(())
    }

    fn output_redirection(&mut self) -> Result<Target> {
        self.bump();
        let append = self.eat('>');
        if !append && self.eat('&') {
            return match self.bump() {
                Some('1') => Ok(Target::Stdout),
                _ => self.refuse("only 2>&1 is run among the >& redirections"),
            };
        }
        self.eat('|');
        self.skip_blanks();
        match self.peek() {
            None | Some('\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')') => {
                self.refuse("a redirection needs a file name after >")
            }
            _ => Ok(Target::File {
                path: self.word(Mode::Command)?,
                append,
            }),
        }
    }

    /// Reads the bodies of the here-documents opened on the line just
    /// ended.
    fn read_here_documents(&mut self) -> Result<()> {
        for pending in std::mem::take(&mut self.pending) {
            let body_line = self.line;
            let mut body = String::new();
            let mut closed = false;
            while self.peek().is_some() {
                let mut line = String::new();
                while let Some(c) = self.bump() {
                    if c == '\n' {
                        break;
                    }
                    line.push(c);
                }
                let line = if pending.strip_tabs {
                    line.trim_start_matches('\t').to_string()
                } else {
                    line
                };
                if line == pending.delimiter {
                    closed = true;
                    break;
                }
                body.push_str(&line);
                body.push('\n');
            }
            if !closed {
                return Err(Refusal {
                    line: pending.line,
                    message: format!(
                        "the here-document is never closed by a line {}",
                        pending.delimiter
                    ),
                });
            }
            let word = if pending.expand {
                let mut inner = Parser::new(&body, body_line, self.depth);
                inner.here_document_body()?
            } else {
                Word {
                    parts: vec![Part::Text {
                        text: body,
                        quoted: true,
                    }],
                }
            };
            self.bodies.push(word);
        }
        Ok(())
    }

    /// A here-document's body, read as the inside of double quotes in
    /// which `"` means itself.
    fn here_document_body(&mut self) -> Result<Word> {
        let mut parts = Vec::new();
        self.quoted_parts(None, &mut parts)?;
        Ok(Word { parts })
    }

    /// One word.
    fn word(&mut self, mode: Mode) -> Result<Word> {
        let mut parts: Vec<Part> = Vec::new();
        let mut text = String::new();
        loop {
            self.skip_continuations();
            let Some(c) = self.peek() else { break };
            let ends = match mode {
                Mode::Command => {
                    is_blank(c) || matches!(c, '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')')
                }
                Mode::Brace => c == '}',
            };
            if ends {
                break;
            }
            match c {
                '\\' => {
                    self.bump();
                    match self.bump() {
                        Some(escaped) => text.push(escaped),
                        None => text.push('\\'),
                    }
                }
                '\'' => {
                    flush(&mut parts, &mut text);
                    self.bump();
                    let mut quoted = String::new();
                    loop {
                        match self.bump() {
                            Some('\'') => break,
                            Some(c) => quoted.push(c),
                            None => return self.refuse("a ' is never closed"),
                        }
                    }
                    parts.push(Part::Text {
                        text: quoted,
                        quoted: true,
                    });
                }
                '"' => {
                    flush(&mut parts, &mut text);
                    self.bump();
                    let before = parts.len();
                    self.quoted_parts(Some('"'), &mut parts)?;
                    if parts.len() == before {
                        parts.push(Part::Text {
                            text: String::new(),
                            quoted: true,
                        });
                    }
                }
                '$' => {
                    if let Some(part) = self.dollar(false)? {
                        flush(&mut parts, &mut text);
                        parts.push(part);
                    } else {
                        text.push('$');
                    }
                }
                '`' => {
                    flush(&mut parts, &mut text);
                    let part = self.backquoted(false)?;
                    parts.push(part);
                }
                _ => {
                    self.bump();
                    text.push(c);
                }
            }
        }
        flush(&mut parts, &mut text);
        Ok(Word { parts })
    }

    /// The inside of double quotes up to `close` (consumed), or of a
    /// here-document to its end when `close` is `None`.
    fn quoted_parts(&mut self, close: Option<char>, parts: &mut Vec<Part>) -> Result<()> {
        let mut text = String::new();
        loop {
            let Some(c) = self.peek() else {
                if close.is_some() {
                    return self.refuse("a \" is never closed");
                }
                break;
            };
            if Some(c) == close {
                self.bump();
                break;
            }
            match c {
                '\\' => {
                    self.bump();
                    match self.peek() {
                        Some('\n') => {
                            self.bump();
                        }
                        Some(e @ ('$' | '`' | '\\')) => {
                            self.bump();
                            text.push(e);
                        }
                        Some('"') if close.is_some() => {
                            self.bump();
                            text.push('"');
                        }
                        _ => text.push('\\'),
                    }
                }
                '$' => {
                    if let Some(part) = self.dollar(true)? {
                        flush_quoted(parts, &mut text);
                        parts.push(part);
                    } else {
                        text.push('$');
                    }
                }
                '`' => {
                    flush_quoted(parts, &mut text);
                    let part = self.backquoted(true)?;
                    parts.push(part);
                }
                _ => {
                    self.bump();
                    text.push(c);
                }
            }
        }
        flush_quoted(parts, &mut text);
        Ok(())
    }

    /// What follows a `$`, or `None` when the `$` means itself (the `$` is
    /// consumed either way).
    fn dollar(&mut self, quoted: bool) -> Result<Option<Part>> {
        self.bump();
        let parameter = |parameter| Ok(Some(Part::Parameter { parameter, quoted }));
        match self.peek() {
            Some('{') => {
                self.bump();
                let parameter = self.braced()?;
                Ok(Some(Part::Parameter { parameter, quoted }))
            }
            Some('(') => {
                if self.peek_at(1) == Some('(') {
                    return self.refuse("arithmetic $(( … )) is not run here");
                }
                self.bump();
                let depth = self.deeper()?;
                let saved_depth = std::mem::replace(&mut self.depth, depth);
                let script = self.script(Some(')'));
                self.depth = saved_depth;
                Ok(Some(Part::Substitution {
                    script: Box::new(script?),
                    quoted,
                }))
            }
            Some('\'') if !quoted => {
                self.bump();
                let text = self.ansi_c()?;
                Ok(Some(Part::Text { text, quoted: true }))
            }
            Some('?') => {
                self.bump();
                parameter(Parameter::Status)
            }
            Some('$') => {
                self.bump();
                parameter(Parameter::ProcessId)
            }
            Some('#') => {
                self.bump();
                parameter(Parameter::ArgumentCount)
            }
            Some('@' | '*') => {
                self.bump();
                parameter(Parameter::AllArguments)
            }
            Some(d) if d.is_ascii_digit() => {
                self.bump();
                parameter(Parameter::Positional(d as usize - '0' as usize))
            }
            Some('!') => self.refuse("$! (the last background job) is not run here"),
            Some(c) if is_name_start(c) => {
                let mut name = String::new();
                while let Some(c) = self.peek().filter(|c| is_name_char(*c)) {
                    self.bump();
                    name.push(c);
                }
                parameter(Parameter::Named {
                    name,
                    fallback: None,
                })
            }
            _ => Ok(None),
        }
    }

    /// `${…}`, after its `{`.
    fn braced(&mut self) -> Result<Parameter> {
        if self.peek() == Some('#') && self.peek_at(1).is_some_and(is_name_start) {
            self.bump();
            let name = self.name();
            if !self.eat('}') {
                return self.refuse("${#NAME} is the only ${# … } run here");
            }
            return Ok(Parameter::Length { name });
        }
        let special = match self.peek() {
            Some('?') => Some(Parameter::Status),
            Some('$') => Some(Parameter::ProcessId),
            Some('#') => Some(Parameter::ArgumentCount),
            Some('@' | '*') => Some(Parameter::AllArguments),
            _ => None,
        };
        if let Some(special) = special {
            self.bump();
            if !self.eat('}') {
                return self.refuse("this ${…} is not run here");
            }
            return Ok(special);
        }
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let mut digits = String::new();
            while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                self.bump();
                digits.push(d);
            }
            if !self.eat('}') {
                return self.refuse("this ${…} is not run here");
            }
            return match digits.parse() {
                Ok(n) => Ok(Parameter::Positional(n)),
                Err(_) => self.refuse("no script has that many arguments"),
            };
        }
        if !self.peek().is_some_and(is_name_start) {
            return self.refuse("${…} needs a variable's name");
        }
        let name = self.name();
        if self.eat('}') {
            return Ok(Parameter::Named {
                name,
                fallback: None,
            });
        }
        let colon = self.eat(':');
        let kind = match self.peek() {
            Some('-') => FallbackKind::Default,
            Some('=') => FallbackKind::Assign,
            Some('+') => FallbackKind::Alternative,
            Some('?') => {
                return self.refuse(format!(
                    "${{{name}?…}} (failing when unset) is not run here"
                ));
            }
            Some('%' | '#') => {
                return self.refuse(format!(
                    "${{{name}%…}} and ${{{name}#…}} (cutting a pattern) are not run here"
                ));
            }
            Some('/') => {
                return self.refuse(format!(
                    "${{{name}/…}} (replacing a pattern) is not run here"
                ));
            }
            _ if colon => {
                return self.refuse(format!("${{{name}:…}} (a substring) is not run here"));
            }
            _ => return self.refuse(format!("this ${{{name}…}} is not run here")),
        };
        self.bump();
        let depth = self.deeper()?;
        let saved_depth = std::mem::replace(&mut self.depth, depth);
        let word = self.word(Mode::Brace);
        self.depth = saved_depth;
        let word = word?;
        if !self.eat('}') {
            return self.refuse("a ${ is never closed by its }");
        }
        Ok(Parameter::Named {
            name,
            fallback: Some(Fallback { colon, kind, word }),
        })
    }

    fn name(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| is_name_char(*c)) {
            self.bump();
            name.push(c);
        }
        name
    }

    /// `` `…` ``: the text to the closing backquote, its `\\`, `` \` `` and
    /// `\$` unescaped, read as a script.
    fn backquoted(&mut self, quoted: bool) -> Result<Part> {
        self.bump();
        let line = self.line;
        let mut inner = String::new();
        loop {
            match self.bump() {
                Some('`') => break,
                Some('\\') => match self.peek() {
                    Some(e @ ('\\' | '`' | '$')) => {
                        self.bump();
                        inner.push(e);
                    }
                    Some('"') if quoted => {
                        self.bump();
                        inner.push('"');
                    }
                    _ => inner.push('\\'),
                },
                Some(c) => inner.push(c),
                None => return self.refuse("a ` is never closed"),
            }
        }
        let mut parser = Parser::new(&inner, line, self.deeper()?);
        let script = parser.script(None)?;
        Ok(Part::Substitution {
            script: Box::new(script),
            quoted,
        })
    }

    /// `$'…'`, after its `'`: bash's C-style escapes.
    fn ansi_c(&mut self) -> Result<String> {
        let mut text = String::new();
        loop {
            match self.bump() {
                Some('\'') => return Ok(text),
                Some('\\') => {
                    let Some(e) = self.bump() else { break };
                    match e {
                        'n' => text.push('\n'),
                        't' => text.push('\t'),
                        'r' => text.push('\r'),
                        'a' => text.push('\u{7}'),
                        'b' => text.push('\u{8}'),
                        'e' | 'E' => text.push('\u{1b}'),
                        'f' => text.push('\u{c}'),
                        'v' => text.push('\u{b}'),
                        'x' => {
                            let code = self.hex_digits(2);
                            push_code(&mut text, code, "\\x");
                        }
                        'u' => {
                            let code = self.hex_digits(4);
                            push_code(&mut text, code, "\\u");
                        }
                        'U' => {
                            let code = self.hex_digits(8);
                            push_code(&mut text, code, "\\U");
                        }
                        '0'..='7' => {
                            let mut code = e as u32 - '0' as u32;
                            for _ in 0..2 {
                                match self.peek().and_then(|c| c.to_digit(8)) {
                                    Some(d) => {
                                        self.bump();
                                        code = code * 8 + d;
                                    }
                                    None => break,
                                }
                            }
                            push_code(&mut text, Some(code), "\\");
                        }
                        '\\' | '\'' | '"' | '?' => text.push(e),
                        other => {
                            text.push('\\');
                            text.push(other);
                        }
                    }
                }
                Some(c) => text.push(c),
                None => break,
            }
        }
        self.refuse("a $' is never closed")
    }

    fn hex_digits(&mut self, most: usize) -> Option<u32> {
        let mut code = None;
        for _ in 0..most {
            match self.peek().and_then(|c| c.to_digit(16)) {
                Some(d) => {
                    self.bump();
                    code = Some(code.unwrap_or(0) * 16 + d);
                }
                None => break,
            }
        }
        code
    }
}

fn push_code(text: &mut String, code: Option<u32>, escape: &str) {
    match code.and_then(char::from_u32) {
        Some(c) => text.push(c),
        None => text.push_str(escape),
    }
}

fn flush(parts: &mut Vec<Part>, text: &mut String) {
    if !text.is_empty() {
        parts.push(Part::Text {
            text: std::mem::take(text),
            quoted: false,
        });
    }
}

fn flush_quoted(parts: &mut Vec<Part>, text: &mut String) {
    if !text.is_empty() {
        parts.push(Part::Text {
            text: std::mem::take(text),
            quoted: true,
        });
    }
}

/// `NAME=value` at the start of an unquoted word.
fn assignment(word: &Word) -> Option<Assignment> {
    let Some(Part::Text {
        text,
        quoted: false,
    }) = word.parts.first()
    else {
        return None;
    };
    let (name, value) = text.split_once('=')?;
    if !is_name(name) {
        return None;
    }
    let mut parts = word.parts.clone();
    if value.is_empty() {
        parts.remove(0);
    } else {
        parts[0] = Part::Text {
            text: value.to_string(),
            quoted: false,
        };
    }
    Some(Assignment {
        name: name.to_string(),
        value: Word { parts },
    })
}

/// Puts each here-document's body in its command, in the order they were
/// opened.
fn fill_here_documents(script: &mut Script, bodies: &mut impl Iterator<Item = Word>) {
    for list in &mut script.lists {
        let commands = std::iter::once(&mut list.first).chain(list.rest.iter_mut().map(|(_, c)| c));
        for command in commands {
            if let Some(stdin) = &mut command.stdin
                && stdin.body.parts.is_empty()
                && let Some(body) = bodies.next()
            {
                stdin.body = body;
            }
        }
    }
}
