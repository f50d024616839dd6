//! A console session: a script run command by command, as bash with
//! `set -e` would run it, against a DynamoDB service.
//!
//! The session keeps what a shell keeps between commands — variables
//! (exported or not), the last status (`$?`), the options `set` sets, the
//! script's arguments — and the console's files: those the learner gave it
//! and those `cat > file <<EOF` wrote, which `file://` reads. It runs
//! `aws` ([`crate::aws`]) and the few commands a tutorial writes around it:
//! `echo`, `printf`, `cat`, `export`, `unset`, `set`, `sleep`, `true`,
//! `false`, `exit` and `:`. Anything else is refused before the script
//! starts, by name and line.
//!
//! Each command leaves a [`Step`] in the transcript: its line and source,
//! what it printed on each stream, and its status. A script stops at its
//! first failure unless the session keeps going (`set +e`, or
//! [`Session::keep_going`]).

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::aws::params::{FileRead, Files};
use crate::aws::{self, Context};
use crate::call::service::Service;
use crate::shell::expand::{self, Environment};
use crate::shell::syntax::{AndOr, Command, Connector, Script, Target};
use crate::shell::{self, Refusal};

/// The commands the console runs.
pub const COMMANDS: [&str; 12] = [
    "aws", "echo", "printf", "cat", "export", "unset", "set", "sleep", "true", "false", "exit", ":",
];

/// One command as run: what the transcript shows of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The line it started on, from 1.
    pub line: usize,
    /// Its text as written.
    pub source: String,
    /// The comment lines above it in the script.
    pub comments: Vec<String>,
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

/// A script's run: its steps, and the status it ended with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    pub steps: Vec<Step>,
    pub status: i32,
    /// True when it stopped at a failure with commands still to run.
    pub stopped_early: bool,
}

/// The files a session holds, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileStore {
    files: BTreeMap<String, Vec<u8>>,
}

impl FileStore {
    /// A path as the store keys it: `./item.json` and `item.json` are one.
    pub fn normalise(path: &str) -> String {
        let mut path = path;
        while let Some(rest) = path.strip_prefix("./") {
            path = rest;
        }
        path.to_string()
    }

    pub fn put(&mut self, path: &str, contents: Vec<u8>) {
        self.files.insert(Self::normalise(path), contents);
    }

    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.files.get(&Self::normalise(path)).map(Vec::as_slice)
    }

    pub fn remove(&mut self, path: &str) -> Option<Vec<u8>> {
        self.files.remove(&Self::normalise(path))
    }

    /// Every file, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Vec<u8>)> {
        self.files.iter()
    }
}

/// A shell's state between commands.
#[derive(Clone, Debug)]
pub struct Session {
    variables: HashMap<String, String>,
    exported: HashSet<String>,
    status: i32,
    errexit: bool,
    xtrace: bool,
    /// `$0` and the script's arguments.
    arguments: Vec<String>,
    /// The console's own files.
    pub files: FileStore,
    /// When set, the script goes on past a failure whatever `set` says.
    pub keep_going: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            variables: HashMap::new(),
            exported: HashSet::new(),
            status: 0,
            errexit: true,
            xtrace: false,
            arguments: vec!["ddbplay".into()],
            files: FileStore::default(),
            keep_going: false,
        }
    }
}

/// Where `file://` reads when the console has no file of that name: the
/// disk, for `ddbplay run`; nowhere, in the page.
pub type Disk<'a> = Option<&'a mut dyn Files>;

/// Why a command stopped the script, beyond its status.
enum Flow {
    Next,
    Exit(i32),
}

impl Session {
    /// A session whose script is `name` run with `arguments` (`$0`, `$1`…).
    pub fn with_arguments(name: &str, arguments: &[String]) -> Session {
        Session {
            arguments: std::iter::once(name.to_string())
                .chain(arguments.iter().cloned())
                .collect(),
            ..Session::default()
        }
    }

    /// Sets an exported variable, as the environment a script starts in.
    pub fn export(&mut self, name: &str, value: &str) {
        self.variables.insert(name.to_string(), value.to_string());
        self.exported.insert(name.to_string());
    }

    /// A variable's value.
    pub fn variable(&self, name: &str) -> Option<&str> {
        self.variables.get(name).map(String::as_str)
    }

    /// The last command's status.
    pub fn status(&self) -> i32 {
        self.status
    }

    /// Reads a script and, when nothing in it is refused, runs it.
    pub fn run(
        &mut self,
        script: &str,
        service: &mut dyn Service,
        disk: Disk,
    ) -> Result<Run, Refusal> {
        let parsed = shell::parse(script)?;
        check(&parsed)?;
        let mut run = Run::default();
        let mut runner = Runner {
            session: self,
            service,
            disk,
        };
        let total = parsed.lists.len();
        for (i, list) in parsed.lists.iter().enumerate() {
            match runner.and_or(list, &mut run.steps) {
                Flow::Exit(status) => {
                    run.status = status;
                    run.stopped_early = i + 1 < total;
                    return Ok(run);
                }
                Flow::Next => {}
            }
        }
        run.status = runner.session.status;
        Ok(run)
    }
}

/// Refuses, before anything runs, a command the console does not run.
fn check(script: &Script) -> Result<(), Refusal> {
    for list in &script.lists {
        for command in std::iter::once(&list.first).chain(list.rest.iter().map(|(_, c)| c)) {
            check_command(command)?;
        }
    }
    Ok(())
}

fn check_command(command: &Command) -> Result<(), Refusal> {
    for word in command
        .words
        .iter()
        .chain(command.assignments.iter().map(|a| &a.value))
    {
        for part in &word.parts {
            if let crate::shell::syntax::Part::Substitution { script, .. } = part {
                check(script)?;
            }
        }
    }
    let Some(name) = command.words.first().and_then(|w| w.literal()) else {
        return Ok(());
    };
    let refuse = |message: String| {
        Err(Refusal {
            line: command.line,
            message,
        })
    };
    if !COMMANDS.contains(&name.as_str()) {
        return refuse(format!(
            "`{name}` is not run here: the console runs {}",
            command_list()
        ));
    }
    if name == "aws" {
        // The service is the first word that is not a global option or
        // its value.
        let mut words = command.words[1..].iter();
        while let Some(word) = words.next() {
            let Some(text) = word.literal() else {
                return Ok(());
            };
            if text.starts_with('-') {
                if !text.contains('=') && aws::globals::takes_value(&text) {
                    words.next();
                }
                continue;
            }
            if text != "dynamodb" && !text.is_empty() {
                return refuse(format!(
                    "`aws {text}` is not run here: the console runs aws dynamodb commands"
                ));
            }
            return Ok(());
        }
    }
    Ok(())
}

fn command_list() -> String {
    let names: Vec<String> = COMMANDS.iter().map(|c| format!("`{c}`")).collect();
    format!(
        "{} and {}",
        names[..names.len() - 1].join(", "),
        names[names.len() - 1]
    )
}

struct Runner<'s, 'd> {
    session: &'s mut Session,
    service: &'s mut dyn Service,
    disk: Disk<'d>,
}

impl Runner<'_, '_> {
    fn and_or(&mut self, list: &AndOr, steps: &mut Vec<Step>) -> Flow {
        let mut flow = self.command(&list.first, steps);
        let mut last_ran_is_last = list.rest.is_empty();
        for (i, (connector, command)) in list.rest.iter().enumerate() {
            if let Flow::Exit(_) = flow {
                return flow;
            }
            let run = match connector {
                Connector::And => self.session.status == 0,
                Connector::Or => self.session.status != 0,
            };
            if run {
                flow = self.command(command, steps);
                last_ran_is_last = i + 1 == list.rest.len();
            }
        }
        if let Flow::Exit(_) = flow {
            return flow;
        }
        if self.session.status != 0
            && last_ran_is_last
            && self.session.errexit
            && !self.session.keep_going
        {
            return Flow::Exit(self.session.status);
        }
        Flow::Next
    }

    /// Runs one command and records its step.
    fn command(&mut self, command: &Command, steps: &mut Vec<Step>) -> Flow {
        let mut step = Step {
            line: command.line,
            source: command.source.clone(),
            comments: command.comments.clone(),
            ..Step::default()
        };
        let flow = self.execute(command, &mut step);
        step.status = self.session.status;
        steps.push(step);
        flow
    }

    fn execute(&mut self, command: &Command, step: &mut Step) -> Flow {
        let mut environment = Expansion {
            runner: self,
            stderr: String::new(),
        };
        let mut assigned = Vec::new();
        for assignment in &command.assignments {
            let value = expand::text(&assignment.value, &mut environment);
            assigned.push((assignment.name.clone(), value));
        }
        let fields = expand::fields(&command.words, &mut environment);
        let stdin = command
            .stdin
            .as_ref()
            .map(|doc| expand::text(&doc.body, &mut environment));
        let stdout_target = command.stdout.as_ref().map(|t| target(t, &mut environment));
        let stderr_target = command.stderr.as_ref().map(|t| target(t, &mut environment));
        let expansion_stderr = environment.stderr;
        step.stderr.push_str(&expansion_stderr);
        let Some((name, args)) = fields.split_first() else {
            // Assignments alone set shell variables; their status is the
            // last substitution's, or 0.
            let status = if command.assignments.iter().any(has_substitution) {
                self.session.status
            } else {
                0
            };
            for (name, value) in assigned {
                self.session.variables.insert(name, value);
            }
            self.session.status = status;
            return Flow::Next;
        };
        if self.session.xtrace {
            step.stderr.push_str(&format!("+ {}\n", trace(&fields)));
        }
        let (mut out, flow) = self.builtin(name, args, &assigned, stdin.as_deref());
        // Redirections: 2>&1 first joins the streams, then each goes where
        // it was sent.
        if let Some(RedirectTarget::Stdout) = stderr_target {
            out.stdout.push_str(&std::mem::take(&mut out.stderr));
        }
        if let Some(target) = stdout_target {
            self.write_to(&target, std::mem::take(&mut out.stdout));
        }
        if let Some(target @ RedirectTarget::File { .. }) = stderr_target {
            self.write_to(&target, std::mem::take(&mut out.stderr));
        }
        step.stdout.push_str(&out.stdout);
        step.stderr.push_str(&out.stderr);
        self.session.status = out.status;
        flow
    }

    fn write_to(&mut self, target: &RedirectTarget, text: String) {
        let RedirectTarget::File { path, append } = target else {
            return;
        };
        if path == "/dev/null" {
            return;
        }
        let mut contents = if *append {
            self.session
                .files
                .get(path)
                .map(<[u8]>::to_vec)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        contents.extend(text.into_bytes());
        self.session.files.put(path, contents);
    }

    fn builtin(
        &mut self,
        name: &str,
        args: &[String],
        assigned: &[(String, String)],
        stdin: Option<&str>,
    ) -> (aws::Outcome, Flow) {
        let ok = |stdout: String| aws::Outcome {
            stdout,
            ..aws::Outcome::default()
        };
        let failed = |stderr: String, status: i32| aws::Outcome {
            stderr,
            status,
            ..aws::Outcome::default()
        };
        let outcome = match name {
            "aws" => self.aws(args, assigned),
            "echo" => ok(echo(args)),
            "printf" => printf(args),
            "cat" => self.cat(args, stdin),
            "export" => {
                for arg in args {
                    match arg.split_once('=') {
                        Some((name, value)) if shell::is_name(name) => {
                            self.session.variables.insert(name.into(), value.into());
                            self.session.exported.insert(name.into());
                        }
                        _ if shell::is_name(arg) => {
                            self.session.exported.insert(arg.clone());
                        }
                        _ => {
                            return (
                                failed(
                                    format!("bash: export: `{arg}': not a valid identifier\n"),
                                    1,
                                ),
                                Flow::Next,
                            );
                        }
                    }
                }
                ok(String::new())
            }
            "unset" => {
                for arg in args.iter().filter(|a| !a.starts_with('-')) {
                    self.session.variables.remove(arg);
                    self.session.exported.remove(arg);
                }
                ok(String::new())
            }
            "set" => self.set(args),
            "sleep" => match args
                .first()
                .and_then(|a| a.trim_end_matches('s').parse::<f64>().ok())
            {
                Some(seconds) if seconds >= 0.0 => {
                    self.service.advance_clock(seconds);
                    ok(String::new())
                }
                _ => failed(
                    format!(
                        "sleep: invalid time interval '{}'\n",
                        args.first().map_or("", String::as_str)
                    ),
                    1,
                ),
            },
            "true" | ":" => ok(String::new()),
            "false" => failed(String::new(), 1),
            "exit" => {
                let status = match args.first() {
                    Some(text) => text
                        .parse::<i64>()
                        .map(|n| n.rem_euclid(256) as i32)
                        .unwrap_or(2),
                    None => self.session.status,
                };
                return (
                    aws::Outcome {
                        status,
                        ..aws::Outcome::default()
                    },
                    Flow::Exit(status),
                );
            }
            other => failed(format!("bash: {other}: command not found\n"), 127),
        };
        (outcome, Flow::Next)
    }

    fn aws(&mut self, args: &[String], assigned: &[(String, String)]) -> aws::Outcome {
        let default_output = assigned
            .iter()
            .find(|(n, _)| n == "AWS_DEFAULT_OUTPUT")
            .map(|(_, v)| v.clone())
            .or_else(|| {
                self.session
                    .exported
                    .contains("AWS_DEFAULT_OUTPUT")
                    .then(|| self.session.variables.get("AWS_DEFAULT_OUTPUT").cloned())
                    .flatten()
            });
        let mut files = SessionFiles {
            store: &self.session.files,
            disk: self.disk.as_deref_mut(),
        };
        let mut context = Context {
            service: self.service,
            files: &mut files,
            default_output,
        };
        aws::run(args, &mut context)
    }

    fn cat(&mut self, args: &[String], stdin: Option<&str>) -> aws::Outcome {
        if args.is_empty() || args == ["-"] {
            return aws::Outcome {
                stdout: stdin.unwrap_or_default().to_string(),
                ..aws::Outcome::default()
            };
        }
        let mut outcome = aws::Outcome::default();
        for path in args {
            let mut files = SessionFiles {
                store: &self.session.files,
                disk: self.disk.as_deref_mut(),
            };
            match files.read(path) {
                FileRead::Found(bytes) => outcome.stdout.push_str(&String::from_utf8_lossy(&bytes)),
                FileRead::Missing => {
                    outcome
                        .stderr
                        .push_str(&format!("cat: {path}: No such file or directory\n"));
                    outcome.status = 1;
                }
            }
        }
        outcome
    }

    fn set(&mut self, args: &[String]) -> aws::Outcome {
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let (on, flags) = match word.as_bytes().first() {
                Some(b'-') => (true, &word[1..]),
                Some(b'+') => (false, &word[1..]),
                _ => continue,
            };
            for flag in flags.chars() {
                match flag {
                    'e' => self.session.errexit = on,
                    'x' => self.session.xtrace = on,
                    'o' => match words.next().map(String::as_str) {
                        Some("errexit") => self.session.errexit = on,
                        Some("xtrace") => self.session.xtrace = on,
                        _ => {}
                    },
                    _ => {}
                }
            }
        }
        aws::Outcome::default()
    }
}

fn has_substitution(assignment: &crate::shell::syntax::Assignment) -> bool {
    assignment
        .value
        .parts
        .iter()
        .any(|p| matches!(p, crate::shell::syntax::Part::Substitution { .. }))
}

/// A redirection's target, expanded.
enum RedirectTarget {
    File { path: String, append: bool },
    Stdout,
}

fn target(target: &Target, environment: &mut Expansion) -> RedirectTarget {
    match target {
        Target::File { path, append } => RedirectTarget::File {
            path: expand::text(path, environment),
            append: *append,
        },
        Target::Stdout => RedirectTarget::Stdout,
    }
}

/// The console's files, then the disk.
struct SessionFiles<'a, 'd> {
    store: &'a FileStore,
    disk: Option<&'a mut (dyn Files + 'd)>,
}

impl Files for SessionFiles<'_, '_> {
    fn read(&mut self, path: &str) -> FileRead {
        if let Some(contents) = self.store.get(path) {
            return FileRead::Found(contents.to_vec());
        }
        match &mut self.disk {
            Some(disk) => disk.read(path),
            None => FileRead::Missing,
        }
    }
}

/// Expansion's view of the session: its variables, and `$(…)` run as a
/// script whose standard output is the value (its errors go to the
/// command's own standard error).
struct Expansion<'r, 's, 'd> {
    runner: &'r mut Runner<'s, 'd>,
    stderr: String,
}

impl Environment for Expansion<'_, '_, '_> {
    fn variable(&self, name: &str) -> Option<String> {
        self.runner.session.variables.get(name).cloned()
    }

    fn assign(&mut self, name: &str, value: String) {
        self.runner
            .session
            .variables
            .insert(name.to_string(), value);
    }

    fn status(&self) -> i32 {
        self.runner.session.status
    }

    fn positional(&self, index: usize) -> Option<String> {
        self.runner.session.arguments.get(index).cloned()
    }

    fn argument_count(&self) -> usize {
        self.runner.session.arguments.len().saturating_sub(1)
    }

    fn substitute(&mut self, script: &Script) -> String {
        let mut steps = Vec::new();
        let errexit = std::mem::replace(&mut self.runner.session.errexit, false);
        for list in &script.lists {
            if let Flow::Exit(_) = self.runner.and_or(list, &mut steps) {
                break;
            }
        }
        self.runner.session.errexit = errexit;
        let mut stdout = String::new();
        for step in steps {
            stdout.push_str(&step.stdout);
            self.stderr.push_str(&step.stderr);
        }
        stdout
    }
}

/// bash's `echo`: `-n` (no newline), `-e` (escapes), `-E` leading words.
fn echo(args: &[String]) -> String {
    let mut newline = true;
    let mut escapes = false;
    let mut words = args;
    while let Some(first) = words.first() {
        let flags = first
            .strip_prefix('-')
            .filter(|f| !f.is_empty() && f.chars().all(|c| "neE".contains(c)));
        let Some(flags) = flags else { break };
        for flag in flags.chars() {
            match flag {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        words = &words[1..];
    }
    let mut text = words.join(" ");
    if escapes {
        text = c_escapes(&text);
    }
    if newline {
        text.push('\n');
    }
    text
}

/// `\n`, `\t`, `\\` and the rest of `echo -e`'s and `printf`'s escapes.
fn c_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('a') => out.push('\u{7}'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('v') => out.push('\u{b}'),
            Some('e') => out.push('\u{1b}'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// `printf FORMAT ARGS…`: `%s`, `%d`, `%i`, `%f`, `%%` and escapes, the
/// format reused while arguments are left.
fn printf(args: &[String]) -> aws::Outcome {
    let Some((format, mut rest)) = args.split_first() else {
        return aws::Outcome {
            stderr: "printf: usage: printf [-v var] format [arguments]\n".into(),
            status: 2,
            ..aws::Outcome::default()
        };
    };
    let format = c_escapes(format);
    let mut out = String::new();
    loop {
        let mut consumed = false;
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            let mut spec = String::new();
            while let Some(&next) = chars.peek() {
                if next.is_ascii_digit() || matches!(next, '.' | '-' | '+' | ' ' | '0') {
                    spec.push(next);
                    chars.next();
                } else {
                    break;
                }
            }
            let Some(kind) = chars.next() else {
                out.push('%');
                break;
            };
            if kind == '%' {
                out.push('%');
                continue;
            }
            let arg = rest.first().cloned().unwrap_or_default();
            if !rest.is_empty() {
                rest = &rest[1..];
                consumed = true;
            }
            let width: usize = spec
                .trim_start_matches(['-', '+', ' ', '0'])
                .split('.')
                .next()
                .and_then(|w| w.parse().ok())
                .unwrap_or(0);
            let text = match kind {
                'd' | 'i' => arg.trim().parse::<i64>().unwrap_or(0).to_string(),
                'f' => {
                    let precision = spec
                        .split('.')
                        .nth(1)
                        .and_then(|p| p.parse().ok())
                        .unwrap_or(6);
                    format!("{:.*}", precision, arg.trim().parse::<f64>().unwrap_or(0.0))
                }
                _ => arg,
            };
            if spec.starts_with('-') {
                out.push_str(&format!("{text:<width$}"));
            } else {
                out.push_str(&format!("{text:>width$}"));
            }
        }
        if !consumed || rest.is_empty() {
            break;
        }
    }
    aws::Outcome {
        stdout: out,
        ..aws::Outcome::default()
    }
}

/// A command's words as `set -x` shows them: quoted where bash would.
fn trace(fields: &[String]) -> String {
    fields
        .iter()
        .map(|field| {
            let plain = !field.is_empty()
                && field
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c));
            if plain {
                field.clone()
            } else {
                format!("'{}'", field.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
