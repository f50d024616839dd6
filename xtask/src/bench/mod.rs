//! `cargo xtask bench`: every benchmark, and the report written from them.
//!
//! A run goes in three steps:
//!
//! 1. **Measure.** The criterion benchmarks (the engine in process, the
//!    link codec, the example's build, durable writes), the server over
//!    HTTP with boto3 (`tests/e2e/bench_server.py`), and the page built as
//!    it ships, in headless Chromium (`tests/e2e/bench/*.mjs`,
//!    `tests/e2e/bench_page.mjs`). Each benchmark's file says what it
//!    measures; none of them decides what a figure means.
//! 2. **Read back** ([`results`]): criterion's samples from
//!    `target/criterion`, everything else from the JSON lines the other
//!    benchmarks append to `target/bench/figures.jsonl`.
//! 3. **Report** ([`figures`] lists every figure with its words and its
//!    target, [`verdict`] holds a median and its spread to a target,
//!    [`report`] writes them): `docs/performance.md` and the README's
//!    headline table, both generated, never edited by hand.
//!
//! `cargo xtask bench report` writes the report again from the last full
//! run's measurements, kept in `target/bench/last-full-run.jsonl` (after
//! a change to the words or the targets).
//! `cargo xtask bench --check` measures the same in short runs and fails
//! when a figure misses its target by more than its spread; `--check
//! --cheap` is the part CI runs: the page's size and the engine's Query
//! and PutItem. `cargo xtask bench worst-cases` runs the page's
//! worst-case bounds alone; any other arguments go to criterion, as a
//! filter, and no report is written.

mod figures;
mod report;
mod results;
mod verdict;

use std::path::PathBuf;
use std::process::Command;
use std::time::SystemTime;

use crate::run::{root, run, run_captured};
use crate::steps::{ServerGuard, WASM_TARGET, build_page, free_port, wait_for};
use crate::tools::Tools;
use figures::FIGURES;
use results::Measurements;
use verdict::{Verdict, show_summary, show_target, summarise};

/// How long a run is.
#[derive(Clone, Copy, PartialEq)]
enum Length {
    /// Every benchmark at full length, then the report is written.
    Full,
    /// Every benchmark in a short run, held to the targets.
    Check,
    /// Only the page's size and the engine's Query and PutItem, short.
    Cheap,
}

/// Where the benchmarks that are not criterion's append their figures.
fn figures_out() -> PathBuf {
    target_dir().join("bench").join("figures.jsonl")
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// A benchmark's command, told where to report.
fn reporting(command: &mut Command) -> &mut Command {
    command.env("DDBPLAY_BENCH_OUT", figures_out())
}

pub fn bench(args: &[String]) -> Result<(), String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["worst-cases"] => {
            start_run()?;
            worst_cases(&Tools::ensure()?)
        }
        [] => measure(Length::Full),
        ["report"] => report_last_run(),
        ["--check"] => measure(Length::Check),
        ["--check", "--cheap"] | ["--cheap", "--check"] => measure(Length::Cheap),
        filter => {
            for bench in CRITERION {
                run(bench.command().arg("--").args(filter))?;
            }
            Ok(())
        }
    }
}

/// The cheap check on a page already built into `dist/` by `cargo xtask
/// test`.
pub fn check_cheap_after_build() -> Result<(), String> {
    let started = start_run()?;
    measure_cheap()?;
    hold_to_targets(&read_back(started)?, Length::Cheap)
}

/// A criterion benchmark target.
struct Criterion {
    package: &'static str,
    bench: &'static str,
    features: &'static [&'static str],
}

impl Criterion {
    fn command(&self) -> Command {
        let mut command = Command::new("cargo");
        command.args(["bench", "-p", self.package, "--bench", self.bench]);
        if !self.features.is_empty() {
            command.arg("--features").arg(self.features.join(","));
        }
        command
    }
}

const CRITERION: &[Criterion] = &[
    Criterion {
        package: "ddbplay-engine",
        bench: "engine",
        features: &[],
    },
    Criterion {
        package: "ddbplay-engine",
        bench: "write_path",
        features: &[],
    },
    Criterion {
        package: "ddbplay-engine",
        bench: "multi_attribute",
        features: &[],
    },
    // The JSON API's handling alone, with each encoder.
    Criterion {
        package: "ddbplay-engine",
        bench: "api",
        features: &[],
    },
    Criterion {
        package: "ddbplay-engine",
        bench: "api",
        features: &["fast-json"],
    },
    Criterion {
        package: "ddbplay-web",
        bench: "share",
        features: &[],
    },
    Criterion {
        package: "ddbplay-web",
        bench: "open_example",
        features: &[],
    },
    // What a durable write costs: the log against an embedded store.
    Criterion {
        package: "ddbplay",
        bench: "durable_write",
        features: &[],
    },
];

/// A short criterion run: long enough for a median, not for a fine spread.
const SHORT: [&str; 4] = ["--warm-up-time", "1", "--measurement-time", "3"];

fn start_run() -> Result<SystemTime, String> {
    let out = figures_out();
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    match std::fs::remove_file(&out) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(format!("cannot clear {}: {e}", out.display()));
        }
        _ => {}
    }
    // Criterion's files written from here on are this run's.
    Ok(SystemTime::now() - std::time::Duration::from_secs(1))
}

/// Where a full run keeps what it measured, for `bench report`: the
/// shorter runs of `--check` write over criterion's samples and the
/// figures file, not over this.
fn last_full_run() -> PathBuf {
    target_dir().join("bench").join("last-full-run.jsonl")
}

/// The report written again from the last full run's measurements, as the
/// words and targets in [`figures`] now are: nothing is measured again.
fn report_last_run() -> Result<(), String> {
    if !last_full_run().exists() {
        return Err("no full run to report: run `cargo xtask bench` first".into());
    }
    let mut measured = Measurements::new();
    results::read_lines(&last_full_run(), &mut measured)?;
    write_report(&measured)
}

fn read_back(started: SystemTime) -> Result<Measurements, String> {
    let mut measured = Measurements::new();
    results::read_criterion(&target_dir().join("criterion"), started, &mut measured)?;
    results::read_lines(&figures_out(), &mut measured)?;
    Ok(measured)
}

fn measure(length: Length) -> Result<(), String> {
    let started = start_run()?;
    let tools = Tools::ensure()?;
    if length == Length::Cheap {
        build_page(&tools)?;
        measure_cheap()?;
        return hold_to_targets(&read_back(started)?, length);
    }
    let short: &[&str] = if length == Length::Check { &SHORT } else { &[] };
    for bench in CRITERION {
        run(reporting(&mut bench.command()).arg("--").args(short))?;
    }
    measure_server(&tools, length)?;
    measure_page(&tools, length)?;
    if length == Length::Check {
        return hold_to_targets(&read_back(started)?, length);
    }
    worst_cases(&tools)?;
    write_report(&read_back(started)?)
}

/// The page's size and the engine's Query and PutItem, in short runs.
fn measure_cheap() -> Result<(), String> {
    run(reporting(&mut Command::new("node")).args(["tests/e2e/bench/page_size.mjs", "dist"]))?;
    run(reporting(&mut CRITERION[0].command())
        .arg("--")
        .args(SHORT)
        .arg("^(query_100_of_1m|put_item_1kb/new_key)$"))
}

/// `ddbplay serve`'s processor time per Query, with boto3 as the client.
fn measure_server(tools: &Tools, length: Length) -> Result<(), String> {
    // Dynoxide as its crate builds for release: the Query's ratio against
    // it, then the commerce load side by side, each started fresh per round.
    let dynoxide = tools.ensure_dynoxide_release()?;
    run(Command::new("cargo").args(["build", "--release", "-q", "-p", "ddbplay"]))?;
    let port = free_port()?;
    let server = Command::new(target_dir().join("release").join("ddbplay"))
        .args(["serve", "--port", &port.to_string()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("could not start ddbplay serve: {e}"))?;
    let pid = server.id().to_string();
    let _guard = ServerGuard(server);
    wait_for(port)?;
    let requests = if length == Length::Full {
        "3000"
    } else {
        "500"
    };
    run(reporting(&mut Command::new(tools.python()))
        .arg("tests/e2e/bench_server.py")
        .arg(format!("http://127.0.0.1:{port}"))
        .args([pid.as_str(), requests])
        .env("DYNOXIDE_BIN", &dynoxide))?;
    let rounds = if length == Length::Full { "5" } else { "1" };
    run(reporting(&mut Command::new(tools.python()))
        .arg("tests/e2e/bench_server_peer.py")
        .arg(target_dir().join("release").join("ddbplay"))
        .arg(dynoxide)
        .arg(rounds))
}

/// The page as it ships, in headless Chromium.
fn measure_page(tools: &Tools, length: Length) -> Result<(), String> {
    // To measure what the JavaScript API adds, the page built with and
    // without it, neither split.
    let without_api = target_dir().join("dist-without-api");
    run(tools
        .wasm_env("trunk")
        .args(["build", "--release", "--no-default-features", "--dist"])
        .arg(&without_api))?;
    let with_api = target_dir().join("dist-unsplit");
    run(tools
        .wasm_env("trunk")
        .args(["build", "--release", "--dist"])
        .arg(&with_api))?;
    build_page(tools)?;
    let rounds = if length == Length::Full { "5" } else { "3" };
    run(reporting(&mut Command::new("node")).args(["tests/e2e/bench/page_size.mjs", "dist"]))?;
    tools.ensure_twiggy()?;
    run(reporting(&mut tools.wasm_env("node"))
        .arg("tests/e2e/bench/wasm_breakdown.mjs")
        .env("WASM_SPLIT", tools.wasm_split()))?;
    run(reporting(&mut tools.wasm_env("node"))
        .args(["tests/e2e/bench/first_render.mjs", "dist"])
        .env("ROUNDS", rounds))?;
    run(reporting(&mut tools.wasm_env("node"))
        .arg("tests/e2e/bench_page.mjs")
        .env("ROUNDS", rounds)
        .env("DIST_WITHOUT_API", &without_api)
        .env("DIST_WITH_API", &with_api))
}

/// Prints every figure with a target against it; fails when one is
/// missed by more than its spread, or was not measured.
fn hold_to_targets(measured: &Measurements, length: Length) -> Result<(), String> {
    let mut failures = Vec::new();
    for figure in FIGURES
        .iter()
        .filter(|f| f.target.is_some() && (length != Length::Cheap || f.cheap))
    {
        let Some(target) = figure.target else {
            continue;
        };
        let Some(summary) = summarise(figure, measured)? else {
            failures.push(format!("{}: not measured", figure.id));
            continue;
        };
        let shown = show_summary(figure.unit, &summary);
        let verdict = Verdict::of(&summary, target);
        let target = show_target(figure.unit, target);
        eprintln!(
            "bench: {}: {shown}; target {target}: {}",
            figure.id,
            verdict.words().replace("**", "")
        );
        if verdict == Verdict::Missed {
            failures.push(format!("{}: {shown}, target {target}", figure.id));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "performance check failed:\n  {}",
            failures.join("\n  ")
        ))
    }
}

fn write_report(measured: &Measurements) -> Result<(), String> {
    let kept: String = measured
        .iter()
        .map(|(id, runs)| results::line(id, runs))
        .collect();
    std::fs::write(last_full_run(), kept)
        .map_err(|e| format!("cannot write {}: {e}", last_full_run().display()))?;
    let machine = report::Machine::this_one();
    let document = report::document(measured, &machine)?;
    let write = |path: PathBuf, text: &str| {
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(root().join("docs").join("performance.md"), &document)?;
    let readme_path = root().join("README.md");
    let readme =
        std::fs::read_to_string(&readme_path).map_err(|e| format!("cannot read README.md: {e}"))?;
    write(
        readme_path,
        &report::with_headline(&readme, &report::headline(measured)?)?,
    )?;
    eprintln!("xtask: wrote docs/performance.md and the README's headline figures");
    Ok(())
}

/// The worst case the page's bounds allow for each check that once was
/// quadratic, built as the page is in headless Chromium, and natively: each
/// held to its budget at the median of five runs (`web/tests/worst_cases.rs`),
/// each run reported as a figure.
fn worst_cases(tools: &Tools) -> Result<(), String> {
    // In the page's own profile (size-optimised, whole-program), in the
    // browser; then natively.
    let mut in_the_page = tools.wasm_cargo();
    in_the_page.args([
        "test",
        "--profile",
        "wasm-release",
        "-p",
        "ddbplay-web",
        "--target",
        WASM_TARGET,
        "--test",
        "worst_cases",
        "--",
        "--nocapture",
    ]);
    let mut natively = Command::new("cargo");
    natively.args([
        "test",
        "--release",
        "-p",
        "ddbplay-web",
        "--test",
        "worst_cases",
        "--",
        "--nocapture",
        "--test-threads=1",
    ]);
    for command in [&mut in_the_page, &mut natively] {
        let output = run_captured(command)?;
        let lines: String = results::figures_printed(&output)
            .iter()
            .map(|l| format!("{l}\n"))
            .collect();
        append(&figures_out(), &lines)?;
    }
    Ok(())
}

fn append(path: &std::path::Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
