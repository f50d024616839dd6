//! Running commands: echoed, streamed, and — for test runners — counted.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

/// Passed and failed tests across every runner of a `cargo xtask test`.
#[derive(Default, Clone, Copy, Debug)]
pub struct Tally {
    pub passed: u64,
    pub failed: u64,
}

/// The repository root.
pub fn root() -> &'static Path {
    // Invariant: xtask lives one level below the workspace root.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask has a parent folder")
}

/// Runs commands from the repository root unless they chose a folder.
fn in_root(command: &mut Command) -> &mut Command {
    if command.get_current_dir().is_none() {
        command.current_dir(root());
    }
    command
}

fn describe(command: &Command) -> String {
    let mut text = command.get_program().to_string_lossy().to_string();
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

/// Runs a command to completion, inheriting output; fails on a non-zero exit.
pub fn run(command: &mut Command) -> Result<(), String> {
    eprintln!("$ {}", describe(command));
    let status = in_root(command)
        .status()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

/// Runs a chatty command with its output kept back: on success only its last
/// line is shown, on failure its last 80 lines.
pub fn run_quietly(command: &mut Command) -> Result<(), String> {
    eprintln!("$ {}", describe(command));
    let out = in_root(command)
        .output()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    let keep = if out.status.success() { 1 } else { 80 };
    for line in &lines[lines.len().saturating_sub(keep)..] {
        eprintln!("{line}");
    }
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({})", describe(command), out.status))
    }
}

/// True when the command runs and exits successfully (output discarded).
pub fn succeeds(command: &mut Command) -> bool {
    in_root(command)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs a command to completion, its standard output shown as it comes
/// and returned; fails on a non-zero exit.
pub fn run_captured(command: &mut Command) -> Result<String, String> {
    eprintln!("$ {}", describe(command));
    let mut child = in_root(command)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    let mut kept = String::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            println!("{line}");
            kept.push_str(&line);
            kept.push('\n');
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if status.success() {
        Ok(kept)
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

/// The command's standard output, if it ran successfully.
pub fn output(command: &mut Command) -> Option<String> {
    let out = in_root(command).stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Runs a test runner, streaming its output and adding its counts to `tally`.
pub fn run_counted(command: &mut Command, tally: &mut Tally) -> Result<(), String> {
    eprintln!("$ {}", describe(command));
    let mut child = in_root(command)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    let counts = Arc::new(Mutex::new(Tally::default()));
    let mut readers = Vec::new();
    for (stream, is_err) in [
        (
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            false,
        ),
        (
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            true,
        ),
    ] {
        let Some(stream) = stream else { continue };
        let counts = Arc::clone(&counts);
        readers.push(std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if is_err {
                    eprintln!("{line}");
                } else {
                    println!("{line}");
                    let _ = std::io::stdout().flush();
                }
                let mut counts = counts.lock().unwrap_or_else(|p| p.into_inner());
                count_line(&line, &mut counts);
            }
        }));
    }
    for reader in readers {
        let _ = reader.join();
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    let counts = *counts.lock().unwrap_or_else(|p| p.into_inner());
    tally.passed += counts.passed;
    tally.failed += counts.failed;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

fn number_before(line: &str, word: &str) -> Option<u64> {
    let at = line.find(word)?;
    line[..at]
        .trim_end()
        .rsplit(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Reads the closing lines of cargo test, node's test runner and pytest.
fn count_line(line: &str, tally: &mut Tally) {
    let trimmed = line.trim();
    if trimmed.starts_with("test result:") {
        tally.passed += number_before(trimmed, " passed").unwrap_or(0);
        tally.failed += number_before(trimmed, " failed").unwrap_or(0);
    } else if let Some(rest) = trimmed
        .strip_prefix("# pass ")
        .or_else(|| trimmed.strip_prefix("ℹ pass "))
    {
        tally.passed += rest.trim().parse().unwrap_or(0);
    } else if let Some(rest) = trimmed
        .strip_prefix("# fail ")
        .or_else(|| trimmed.strip_prefix("ℹ fail "))
    {
        tally.failed += rest.trim().parse().unwrap_or(0);
    } else {
        // pytest: "5 passed, 1 failed in 0.52s", with or without "=" banners.
        let summary = trimmed.trim_matches(|c| c == '=' || c == ' ');
        if summary.starts_with(|c: char| c.is_ascii_digit())
            && summary.contains(" in ")
            && summary.ends_with('s')
        {
            tally.passed += number_before(summary, " passed").unwrap_or(0);
            tally.failed += number_before(summary, " failed").unwrap_or(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_every_runner_closing_line() {
        let mut tally = Tally::default();
        count_line(
            "test result: ok. 38 passed; 0 failed; 0 ignored; 0 measured",
            &mut tally,
        );
        count_line(
            "test result: FAILED. 3 passed; 2 failed; 0 ignored",
            &mut tally,
        );
        count_line("# pass 4", &mut tally);
        count_line("# fail 1", &mut tally);
        count_line(
            "============ 5 passed, 1 failed in 0.52s ============",
            &mut tally,
        );
        count_line("7 passed in 0.34s", &mut tally);
        assert_eq!((tally.passed, tally.failed), (57, 4));
    }
}
