//! `ddbplay run script.sh`: the console on the command line. The script is
//! read, checked and run by the same `console` crate the page uses; each
//! command's output is written as it finishes, to standard output and
//! standard error as the aws CLI writes them, and `ddbplay run` exits
//! with the status that ended the script.
//!
//! `file://` reads the console's own files (those the script wrote with
//! `cat > file <<EOF`) and then the disk, relative to the current
//! directory; the script never writes to the disk.

pub mod endpoint;

use std::io::{Read, Write};
use std::process::ExitCode;

use console::aws::params::{FileRead, Files};
use console::session::Session;

/// What `ddbplay run` was asked.
pub struct Options {
    pub script: String,
    pub arguments: Vec<String>,
    pub endpoint: Option<String>,
    pub keep_going: bool,
}

/// The disk, read-only.
struct Disk;

impl Files for Disk {
    fn read(&mut self, path: &str) -> FileRead {
        match std::fs::read(path) {
            Ok(bytes) => FileRead::Found(bytes),
            Err(_) => FileRead::Missing,
        }
    }
}

/// A fresh engine on the wall clock; `sleep` moves its clock on rather
/// than waiting.
#[derive(Default)]
struct WallClock {
    engine: engine::Engine,
    slept: f64,
}

impl console::call::service::Service for WallClock {
    fn send(
        &mut self,
        operation: engine::api::Operation,
        body: &str,
    ) -> Result<console::call::service::Answer, console::call::service::Unsent> {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64());
        self.engine.set_clock(now + self.slept);
        self.engine.send(operation, body)
    }

    fn advance_clock(&mut self, seconds: f64) {
        self.slept += seconds;
    }
}

pub fn main(options: Options) -> ExitCode {
    let text = if options.script == "-" {
        let mut text = String::new();
        if let Err(error) = std::io::stdin().read_to_string(&mut text) {
            eprintln!("ddbplay: cannot read the script from standard input: {error}");
            return ExitCode::from(2);
        }
        text
    } else {
        match std::fs::read_to_string(&options.script) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("ddbplay: cannot read {}: {error}", options.script);
                return ExitCode::from(2);
            }
        }
    };
    let mut session = Session::with_arguments(&options.script, &options.arguments);
    session.keep_going = options.keep_going;
    for (name, value) in std::env::vars() {
        session.export(&name, &value);
    }
    let mut service: Box<dyn console::call::service::Service> = match &options.endpoint {
        Some(url) => match endpoint::Endpoint::new(url) {
            Ok(endpoint) => Box::new(endpoint),
            Err(error) => {
                eprintln!("ddbplay: {error}");
                return ExitCode::from(2);
            }
        },
        None => Box::new(WallClock::default()),
    };
    let mut disk = Disk;
    let run = match session.run(&text, service.as_mut(), Some(&mut disk)) {
        Ok(run) => run,
        Err(refusal) => {
            eprintln!("ddbplay: {}: {refusal}", options.script);
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    for step in &run.steps {
        let _ = stdout.lock().write_all(step.stdout.as_bytes());
        let _ = stdout.lock().flush();
        let _ = stderr.lock().write_all(step.stderr.as_bytes());
    }
    ExitCode::from(u8::try_from(run.status.rem_euclid(256)).unwrap_or(1))
}
