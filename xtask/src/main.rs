//! `cargo xtask`: how ddbplay is built, tested and served.
//!
//! - `cargo xtask serve`: build the page and serve it on http://127.0.0.1:8080.
//! - `cargo xtask test`: every check the project has — formatting, lints
//!   (native and wasm32), native tests, the engine's tests compiled to wasm,
//!   the page's component tests in headless Chromium, the release page build
//!   and its browser test, and `ddbplay serve` driven by boto3 — then one
//!   closing line with the totals.
//! - `cargo xtask setup`: only install what is missing.
//! - `cargo xtask dist`: the playground as static files in `dist/`, to
//!   upload anywhere (relative addresses, content-hashed names, the
//!   JavaScript API's `ddbplay.js`, the course example and a README), its
//!   wasm split in two ([`split`]).
//! - `cargo xtask bench`: every benchmark — the engine's and the page's
//!   criterion benchmarks, `ddbplay serve` with boto3 and side by side
//!   with Dynoxide, the page in headless Chromium — then
//!   `docs/performance.md` and the README's headline table written from
//!   that run; `--check` holds a short run to the targets, `--check
//!   --cheap` only the page's size and the engine's Query and PutItem.
//! - `cargo xtask debian-wasm`: builds and runs the engine's wasm tests with
//!   Debian's toolchain (the fallback for machines where rustup cannot
//!   download the wasm std), so that route keeps working.
//!
//! What a fresh machine lacks is installed first ([`tools`]); anything that
//! cannot be installed is explained, not skipped.

mod bench;
mod run;
mod split;
mod steps;
mod tools;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => steps::serve(),
        Some("test") => steps::test(),
        Some("setup") => tools::Tools::ensure().map(|_| ()),
        Some("dist") => tools::Tools::ensure_build().and_then(|t| steps::build_page(&t)),
        Some("bench") => bench::bench(&args[1..]),
        Some("debian-wasm") => steps::debian_wasm(),
        _ => {
            eprintln!("usage: cargo xtask <serve|test|setup|dist|bench|debian-wasm>");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
