//! The steps of `serve`, `test` and `bench`.

use std::net::TcpListener;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use crate::run::{Tally, root, run, run_counted, run_quietly};
use crate::tools::Tools;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Builds the release page into `dist/`, its wasm split in two
/// ([`crate::split`]).
pub fn build_page(tools: &Tools) -> Result<(), String> {
    run(tools.wasm_env("trunk").args(["build", "--release"]))?;
    crate::split::split_page(tools)
}

/// Builds the page and serves it on http://127.0.0.1:8080 until Ctrl-C.
pub fn serve() -> Result<(), String> {
    let tools = Tools::ensure_build()?;
    eprintln!("xtask: serving the playground on http://127.0.0.1:8080 (Ctrl-C to stop)");
    run(tools.wasm_env("trunk").args(["serve", "--release"]))
}

/// Every check, then the totals.
pub fn test() -> Result<(), String> {
    let started = Instant::now();
    let tools = Tools::ensure()?;
    let mut tally = Tally::default();
    let result = test_steps(&tools, &mut tally);
    eprintln!("xtask: took {}s", started.elapsed().as_secs());
    println!("xtask: {} passed, {} failed", tally.passed, tally.failed);
    result
}

fn test_steps(tools: &Tools, tally: &mut Tally) -> Result<(), String> {
    run(Command::new("cargo").args(["fmt", "--all", "--", "--check"]))?;
    // No crate declares a dependency its code does not use.
    run(&mut tools.machete())?;
    run(Command::new("cargo").args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    run_counted(
        Command::new("cargo").args(["test", "--workspace", "--no-fail-fast"]),
        tally,
    )?;
    run(Command::new("cargo")
        .args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings"))?;
    // Everything that is built for wasm32 (the benchmarks are native only).
    run(tools.wasm_cargo().args([
        "clippy",
        "-p",
        "ddbplay-engine",
        "-p",
        "ddbplay-web",
        "-p",
        "ddbplay-tests",
        "-p",
        "ddbplay-page",
        "-p",
        "ddbplay-console",
        "-p",
        "ddbplay-console-module",
        "-p",
        "ddbplay-interchange",
        "-p",
        "ddbplay-interchange-module",
        "--target",
        WASM_TARGET,
        "--lib",
        "--bins",
        "--tests",
        "--",
        "-D",
        "warnings",
    ]))?;
    // The engine's and the behaviour tests compiled to wasm32 (run in
    // node), and the page's component tests (run in headless Chromium).
    run_counted(&mut engine_wasm_tests(tools), tally)?;
    run_counted(
        tools.wasm_cargo().args([
            "test",
            "-p",
            "ddbplay-tests",
            "--target",
            WASM_TARGET,
            "--tests",
        ]),
        tally,
    )?;
    run_counted(
        tools.wasm_cargo().args([
            "test",
            "-p",
            "ddbplay-web",
            "--target",
            WASM_TARGET,
            "--tests",
        ]),
        tally,
    )?;
    build_page(tools)?;
    // The page's size and the engine's Query and PutItem against their
    // targets, in short runs.
    crate::bench::check_cheap_after_build()?;
    tally.passed += 1;
    run_counted(Command::new("node").args(["--test", "tests/e2e/"]), tally)?;
    server_end_to_end(tools, tally)?;
    fuzz(tools)
}

/// How long each fuzz target runs in `cargo xtask test`, in seconds
/// (`FUZZ_SECONDS` sets another, for a long run by hand).
const FUZZ_SECONDS: u64 = 30;

/// The fuzz targets, with the longest input each is given: a document's
/// compact bytes run to kilobytes, a statement's choices to a few.
const FUZZ_TARGETS: [(&str, usize); 9] = [
    ("expressions", 4096),
    ("requests", 4096),
    ("links", 4096),
    ("documents", 64 * 1024),
    ("chart_language", 4096),
    ("statements", 4096),
    ("console", 4096),
    ("interchange", 64 * 1024),
    ("snapshots", 4096),
];

/// A short run of each fuzz target, from the seeds in `fuzz/seeds/`,
/// built with debug assertions and overflow checks (`-a`). Any panic
/// fails the test run (cargo-fuzz exits non-zero and saves the input), and
/// so does a case over its budget: two seconds (`-timeout`), or one
/// allocation over 256 MB (`-malloc_limit_mb`).
fn fuzz(tools: &Tools) -> Result<(), String> {
    let seconds = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(FUZZ_SECONDS);
    for (target, max_len) in FUZZ_TARGETS {
        let corpus = root().join("target").join("fuzz-corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| e.to_string())?;
        let seeds = root().join("fuzz").join("seeds").join(target);
        std::fs::create_dir_all(&seeds).map_err(|e| e.to_string())?;
        run_quietly(
            tools
                .fuzz_cargo()
                .args(["fuzz", "run", "--sanitizer", "none", "-a", target])
                .arg(&corpus)
                .arg(&seeds)
                .args([
                    "--",
                    &format!("-max_total_time={seconds}"),
                    &format!("-max_len={max_len}"),
                    "-timeout=2",
                    "-rss_limit_mb=2048",
                    "-malloc_limit_mb=256",
                ]),
        )?;
    }
    Ok(())
}

/// The engine's behaviour tests compiled to wasm32, run in node.
fn engine_wasm_tests(tools: &Tools) -> Command {
    let mut command = tools.wasm_cargo();
    command.args([
        "test",
        "-p",
        "ddbplay-engine",
        "--target",
        WASM_TARGET,
        "--test",
        "wasm",
    ]);
    command
}

/// The engine's wasm tests built with Debian's toolchain and build-std.
pub fn debian_wasm() -> Result<(), String> {
    let tools = Tools::debian_wasm()?;
    run(&mut engine_wasm_tests(&tools))
}

/// Stops the server when the test ends, however it ends.
pub struct ServerGuard(pub Child);

impl Drop for ServerGuard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `ddbplay serve` on a free port and drives it with boto3, the aws
/// CLI and the calls Terraform's provider makes.
fn server_end_to_end(tools: &Tools, tally: &mut Tally) -> Result<(), String> {
    run(Command::new("cargo").args(["build", "-q", "-p", "ddbplay"]))?;
    let port = free_port()?;
    let server = Command::new(root().join("target").join("debug").join("ddbplay"))
        .args(["serve", "--port", &port.to_string()])
        .spawn()
        .map_err(|e| format!("could not start ddbplay serve: {e}"))?;
    let pid = server.id().to_string();
    let mut guard = ServerGuard(server);
    wait_for(port)?;
    run_counted(
        Command::new(tools.python())
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "tests/e2e/test_server_boto3.py",
                "tests/e2e/test_server_awscli.py",
                "tests/e2e/test_server_terraform.py",
                "tests/e2e/test_server_abuse.py",
                "tests/e2e/test_server_log.py",
                "tests/e2e/test_server_load.py",
                "tests/e2e/test_check.py",
                "tests/e2e/test_server_data.py",
                "tests/e2e/test_readme_snippets.py",
                "tests/e2e/test_console_vs_awscli.py",
                "tests/e2e/test_console_model.py",
                "tests/e2e/test_exports.py",
            ])
            .env("DDBPLAY_ENDPOINT", format!("http://127.0.0.1:{port}"))
            .env("DYNOXIDE_BIN", tools.dynoxide())
            // The abuse test starts a server of its own, with short timeouts.
            .env(
                "DDBPLAY_BIN",
                root().join("target").join("debug").join("ddbplay"),
            ),
        tally,
    )?;
    // Ctrl-C stops it cleanly: exit status 0 within a few seconds.
    run(Command::new("kill").args(["-INT", &pid]))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match guard.0.try_wait().map_err(|e| e.to_string())? {
            Some(status) if status.success() => break,
            Some(status) => return Err(format!("ddbplay serve exited with {status} on Ctrl-C")),
            None if Instant::now() > deadline => {
                return Err("ddbplay serve did not stop on Ctrl-C".into());
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    tally.passed += 1;
    eprintln!("xtask: ddbplay serve stopped cleanly on Ctrl-C");
    Ok(())
}

pub fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

pub fn wait_for(port: u16) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            return Err("ddbplay serve did not start listening within 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(())
}
