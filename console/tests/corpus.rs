//! The corpus: tutorial scripts (`tests/scripts/*.sh`) run through the
//! console against a fresh engine, each held to the standard output,
//! standard error and exit status written beside it in
//! `tests/scripts/expected/`.
//!
//! The standard output of every script but `yaml-output.sh` is also what
//! the aws CLI itself prints for it against `ddbplay serve`
//! (`tests/e2e/test_console_vs_awscli.py` runs both and compares). After a
//! deliberate change, `UPDATE_CORPUS=1 cargo test -p ddbplay-console --test
//! corpus` writes the files anew; read their diff before committing it.

use std::path::{Path, PathBuf};

use console::session::Session;

/// The engine's clock for every script: 2026-12-03T13:36:58.078Z.
const CLOCK: f64 = 1_796_305_018.078;

/// The corpus, and the labs the page offers (`labs/`), whose expected
/// output is kept beside the corpus's under `lab-<name>`.
fn scripts() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts: Vec<PathBuf> = ["tests/scripts", "labs"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(root.join(folder)).expect("a script folder"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sh"))
        .collect();
    scripts.sort();
    scripts
}

/// The name a script's expected files go by.
fn stem(script: &Path) -> String {
    let name = script.file_stem().unwrap().to_string_lossy().to_string();
    if script.parent().is_some_and(|p| p.ends_with("labs")) {
        format!("lab-{name}")
    } else {
        name
    }
}

/// What a script printed, as the three files hold it.
fn run(script: &Path) -> (String, String, String) {
    let text = std::fs::read_to_string(script).expect("script");
    let name = script.file_name().unwrap().to_string_lossy().to_string();
    let mut session = Session::with_arguments(&name, &[]);
    let mut engine = engine::Engine::new();
    engine.set_clock(CLOCK);
    let run = session
        .run(&text, &mut engine, None)
        .unwrap_or_else(|refusal| panic!("{name} was refused: {refusal}"));
    let stdout: String = run.steps.iter().map(|s| s.stdout.as_str()).collect();
    let stderr: String = run.steps.iter().map(|s| s.stderr.as_str()).collect();
    (stdout, stderr, format!("{}\n", run.status))
}

#[test]
fn every_script_of_the_corpus_prints_what_it_printed_when_checked() {
    let update = std::env::var_os("UPDATE_CORPUS").is_some();
    let mut failures = Vec::new();
    let scripts = scripts();
    assert!(
        scripts.len() >= 9,
        "the corpus has {} scripts",
        scripts.len()
    );
    for script in scripts {
        let stem = stem(&script);
        let expected = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/expected");
        let (stdout, stderr, status) = run(&script);
        for (extension, actual) in [
            ("stdout", &stdout),
            ("stderr", &stderr),
            ("status", &status),
        ] {
            let path = expected.join(format!("{stem}.{extension}"));
            if update {
                std::fs::write(&path, actual).expect("write the expected output");
                continue;
            }
            let wanted = std::fs::read_to_string(&path).unwrap_or_default();
            if &wanted != actual {
                let line = wanted
                    .lines()
                    .zip(actual.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(wanted.lines().count().min(actual.lines().count()));
                failures.push(format!(
                    "{stem}.{extension} differs from line {}:\n  expected: {:?}\n  printed:  {:?}",
                    line + 1,
                    wanted.lines().nth(line).unwrap_or("<end>"),
                    actual.lines().nth(line).unwrap_or("<end>")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
