//! Installing and finding the tools the build and tests need.
//!
//! | tool | where it comes from |
//! | --- | --- |
//! | a std for wasm32-unknown-unknown | `rustup target add`; where rustup cannot download, Debian's `rustc-web` toolchain rebuilds std from source (build-std) |
//! | wasm-bindgen-cli | `cargo install`, at exactly the wasm-bindgen version in Cargo.lock |
//! | trunk | `cargo install trunk 0.22.1` |
//! | wasm-opt, playwright-core | npm (`tests/e2e/package.json`) |
//! | Chromium and ChromeDriver | Debian's `chromium` and `chromium-driver` |
//! | wasm-split (the page's wasm in two) | Debian's `binaryen` |
//! | boto3, the aws CLI, pytest | PyPI, in a virtual environment under `.tools/` |
//! | cargo-fuzz | `cargo install cargo-fuzz` (fuzzing runs on the stable toolchain with `RUSTC_BOOTSTRAP=1`) |
//! | cargo-machete | `cargo install cargo-machete` (finds dependencies no code uses) |
//!
//! Each is skipped when the right version is already there. `WASM_MODE=rustup`
//! or `WASM_MODE=debian` forces one way of getting the wasm std.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::{output, root, run, succeeds};

const TRUNK_VERSION: &str = "0.22.1";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
const DEBIAN_WASM_PACKAGES: [&str; 6] = [
    "rustc-web",
    "cargo-web",
    "rust-web-src",
    "rust-web-llvm",
    "lld-22",
    "rust-web-clippy",
];

/// How the wasm std is obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WasmMode {
    /// rustup's prebuilt std.
    Rustup,
    /// Debian's toolchain building std from source.
    Debian,
}

/// The tools, found or installed.
pub struct Tools {
    pub wasm_mode: WasmMode,
    cargo_bin: PathBuf,
}

/// The twiggy release the page's size breakdown is read with.
const TWIGGY_VERSION: &str = "0.8.0";

/// The Dynoxide release `ddbplay check`'s pinned report was made with.
const DYNOXIDE_VERSION: &str = "3.2.0";

/// `cargo install` of the pinned Dynoxide release with its HTTP server
/// and command line only: the features `ddbplay check` and the server
/// benchmarks use.
fn install_dynoxide() -> Command {
    let mut command = Command::new("cargo");
    command.args([
        "install",
        "dynoxide-rs",
        "--version",
        DYNOXIDE_VERSION,
        "--locked",
        "--no-default-features",
        "--features",
        "native-sqlite,http-server,cli",
    ]);
    command
}

fn tools_dir() -> PathBuf {
    root().join(".tools")
}

fn e2e_dir() -> PathBuf {
    root().join("tests").join("e2e")
}

fn is_root() -> bool {
    output(Command::new("id").arg("-u")).as_deref() == Some("0")
}

fn apt_install(packages: &[&str], why: &str) -> Result<(), String> {
    if !is_root() {
        return Err(format!(
            "{why} needs the Debian packages {}; install them with: sudo apt-get install -y {}",
            packages.join(", "),
            packages.join(" ")
        ));
    }
    eprintln!("xtask: installing {} ({why})", packages.join(", "));
    run(Command::new("apt-get").args(["update", "-q"]))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(packages)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

fn has_rustup_wasm_std() -> bool {
    let Some(dir) =
        output(Command::new("rustc").args(["--print", "target-libdir", "--target", WASM_TARGET]))
    else {
        return false;
    };
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            name.starts_with("libstd-") && name.ends_with(".rlib")
        })
    })
}

/// Where `cargo install` puts binaries.
fn cargo_bin() -> Result<PathBuf, String> {
    std::env::var("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|_| std::env::var("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .map(|home| home.join("bin"))
        .map_err(|_| "neither CARGO_HOME nor HOME is set".to_string())
}

/// The wasm-bindgen version Cargo.lock pins.
fn locked_wasm_bindgen_version() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\""
            && let Some(version) = lines.next().and_then(|l| l.strip_prefix("version = \""))
        {
            return Ok(version.trim_end_matches('"').to_string());
        }
    }
    Err("Cargo.lock has no wasm-bindgen package".into())
}

impl Tools {
    /// Finds or installs what building the page needs.
    pub fn ensure_build() -> Result<Tools, String> {
        let tools = Tools {
            wasm_mode: Self::ensure_wasm_std()?,
            cargo_bin: cargo_bin()?,
        };
        eprintln!("xtask: wasm std from {:?}", tools.wasm_mode);
        tools.ensure_wasm_bindgen()?;
        tools.ensure_trunk()?;
        tools.ensure_node_packages()?;
        // The page's wasm is split with binaryen's wasm-split, guided by a
        // profile taken in Chromium.
        tools.ensure_chromium()?;
        tools.ensure_wasm_split()?;
        // Trunk builds offline, so every crate (and, with build-std, std's own) is fetched first.
        run(tools.wasm_cargo().args(["fetch", "--target", WASM_TARGET]))?;
        Ok(tools)
    }

    /// Debian's wasm toolchain, whatever rustup can do, with wasm-bindgen-cli.
    pub fn debian_wasm() -> Result<Tools, String> {
        let tools = Tools {
            wasm_mode: Self::ensure_debian_toolchain()?,
            cargo_bin: cargo_bin()?,
        };
        tools.ensure_wasm_bindgen()?;
        Ok(tools)
    }

    /// Finds or installs everything the tests need.
    pub fn ensure() -> Result<Tools, String> {
        let tools = Self::ensure_build()?;
        tools.ensure_browser()?;
        tools.ensure_python()?;
        tools.ensure_cargo_fuzz()?;
        tools.ensure_cargo_machete()?;
        tools.ensure_dynoxide()?;
        Ok(tools)
    }

    /// Dynoxide, a DynamoDB emulator `ddbplay check` is tested against:
    /// its HTTP server only, built quickly (no LTO, opt-level 1).
    fn ensure_dynoxide(&self) -> Result<(), String> {
        // Its --version names another number than its crate's: ask cargo.
        let installed = output(Command::new("cargo").args(["install", "--list"]));
        let wanted = format!("dynoxide-rs v{DYNOXIDE_VERSION}:");
        if installed.is_some_and(|list| list.lines().any(|l| l == wanted))
            && self.dynoxide().exists()
        {
            return Ok(());
        }
        eprintln!("xtask: installing dynoxide {DYNOXIDE_VERSION} (about 4 minutes)");
        run(install_dynoxide()
            .arg("--force")
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1"))
    }

    /// Dynoxide's binary.
    pub fn dynoxide(&self) -> PathBuf {
        self.cargo_bin.join("dynoxide")
    }

    /// Dynoxide built as its crate builds for release (its own profile,
    /// LTO and all), for measuring `ddbplay serve` against it: the quick
    /// build the tests use would flatter ddbplay. Installed once, in
    /// `.tools/dynoxide-release/` (about ten minutes).
    pub fn ensure_dynoxide_release(&self) -> Result<PathBuf, String> {
        let root = tools_dir().join("dynoxide-release");
        let binary = root.join("bin").join("dynoxide");
        if binary.exists() {
            return Ok(binary);
        }
        eprintln!("xtask: building dynoxide {DYNOXIDE_VERSION} for release (about ten minutes)");
        run(install_dynoxide().arg("--root").arg(&root))?;
        Ok(binary)
    }

    fn ensure_cargo_machete(&self) -> Result<(), String> {
        if succeeds(Command::new(self.cargo_bin.join("cargo-machete")).arg("--version")) {
            return Ok(());
        }
        eprintln!("xtask: installing cargo-machete (about 2 minutes)");
        run(Command::new("cargo").args(["install", "cargo-machete", "--locked"]))
    }

    fn ensure_cargo_fuzz(&self) -> Result<(), String> {
        if succeeds(Command::new(self.cargo_bin.join("cargo-fuzz")).arg("--version")) {
            return Ok(());
        }
        eprintln!("xtask: installing cargo-fuzz (about 2 minutes)");
        run(Command::new("cargo").args(["install", "cargo-fuzz", "--locked"]))
    }

    /// cargo-machete over the repository, run as itself: run through
    /// `cargo machete` from here it takes "machete" for a folder to read.
    pub fn machete(&self) -> Command {
        let mut command = Command::new(self.cargo_bin.join("cargo-machete"));
        command.arg(root());
        command
    }

    /// `cargo` for fuzzing: libFuzzer's instrumentation flags are nightly-only,
    /// which `RUSTC_BOOTSTRAP=1` allows on the stable toolchain. Its own
    /// target folder keeps the instrumented build apart.
    pub fn fuzz_cargo(&self) -> Command {
        let mut command = Command::new("cargo");
        command
            .current_dir(root().join("fuzz"))
            .env("RUSTC_BOOTSTRAP", "1")
            .env("CARGO_TARGET_DIR", root().join("target").join("fuzz"));
        command
    }

    fn ensure_wasm_std() -> Result<WasmMode, String> {
        match std::env::var("WASM_MODE").as_deref() {
            Ok("debian") => return Self::ensure_debian_toolchain(),
            Ok("rustup") => {
                if !has_rustup_wasm_std() {
                    run(Command::new("rustup").args(["target", "add", WASM_TARGET]))?;
                }
                return Ok(WasmMode::Rustup);
            }
            _ => {}
        }
        if has_rustup_wasm_std() {
            return Ok(WasmMode::Rustup);
        }
        eprintln!("xtask: adding the {WASM_TARGET} target with rustup (up to 3 minutes)");
        let added =
            succeeds(Command::new("timeout").args(["180", "rustup", "target", "add", WASM_TARGET]));
        if added && has_rustup_wasm_std() {
            return Ok(WasmMode::Rustup);
        }
        eprintln!(
            "xtask: rustup could not download the wasm std; using Debian's toolchain with build-std"
        );
        Self::ensure_debian_toolchain()
    }

    fn ensure_debian_toolchain() -> Result<WasmMode, String> {
        let present = Path::new("/usr/bin/rustc").exists()
            && Path::new("/usr/lib/rustlib/src/rust/library").exists()
            && Path::new("/usr/bin/rust-lld").exists()
            && Path::new("/usr/bin/clippy-driver").exists();
        if !present {
            apt_install(
                &DEBIAN_WASM_PACKAGES,
                "building for wasm without rustup's wasm std",
            )?;
        }
        let bin = tools_dir().join("debian-bin");
        std::fs::create_dir_all(&bin).map_err(|e| e.to_string())?;
        for tool in ["cargo", "rustc", "rustdoc", "cargo-clippy", "clippy-driver"] {
            let link = bin.join(tool);
            if !link.exists() {
                std::os::unix::fs::symlink(Path::new("/usr/bin").join(tool), &link)
                    .map_err(|e| e.to_string())?;
            }
        }
        Ok(WasmMode::Debian)
    }

    fn ensure_wasm_bindgen(&self) -> Result<(), String> {
        let version = locked_wasm_bindgen_version()?;
        let installed = output(Command::new(self.cargo_bin.join("wasm-bindgen")).arg("--version"));
        if installed.as_deref() == Some(&format!("wasm-bindgen {version}")) {
            return Ok(());
        }
        eprintln!("xtask: installing wasm-bindgen-cli {version} (about 6 minutes)");
        let install = |locked: bool| {
            let mut command = Command::new("cargo");
            command.args([
                "install",
                "wasm-bindgen-cli",
                "--version",
                &version,
                "--force",
            ]);
            if locked {
                command.arg("--locked");
            }
            run(&mut command)
        };
        // Its lockfile can pin a crate the registry no longer serves; then resolve afresh.
        install(true).or_else(|_| install(false))
    }

    fn ensure_trunk(&self) -> Result<(), String> {
        let installed = output(Command::new(self.cargo_bin.join("trunk")).arg("--version"));
        if installed.as_deref() == Some(&format!("trunk {TRUNK_VERSION}")) {
            return Ok(());
        }
        eprintln!("xtask: installing trunk {TRUNK_VERSION} (about 9 minutes)");
        // trunk declares a newer rust-version than it needs; its own release
        // profile (fat LTO) would triple the build time for no gain here.
        run(Command::new("cargo")
            .args([
                "install",
                "trunk",
                "--version",
                TRUNK_VERSION,
                "--locked",
                "--ignore-rust-version",
                "--force",
            ])
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1"))
    }

    /// twiggy, which `cargo xtask bench` reads the page's wasm with (where
    /// its bytes go, function by function). Only the benchmarks need it.
    pub fn ensure_twiggy(&self) -> Result<(), String> {
        let installed = output(Command::new(self.cargo_bin.join("twiggy")).arg("--version"));
        if installed.as_deref() == Some(&format!("twiggy-opt {TWIGGY_VERSION}")) {
            return Ok(());
        }
        eprintln!("xtask: installing twiggy {TWIGGY_VERSION} (about 3 minutes)");
        run(Command::new("cargo").args([
            "install",
            "twiggy",
            "--version",
            TWIGGY_VERSION,
            "--locked",
            "--force",
        ]))
    }

    fn ensure_node_packages(&self) -> Result<(), String> {
        if output(Command::new("npm").arg("--version")).is_none() {
            apt_install(&["nodejs", "npm"], "the browser tests and wasm-opt")?;
        }
        let installed = e2e_dir().join("node_modules").join(".package-lock.json");
        let lock = e2e_dir().join("package-lock.json");
        let fresh = match (std::fs::metadata(&installed), std::fs::metadata(&lock)) {
            (Ok(a), Ok(b)) => a.modified().ok() >= b.modified().ok(),
            _ => false,
        };
        if fresh {
            return Ok(());
        }
        run(Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(e2e_dir()))
    }

    fn ensure_wasm_split(&self) -> Result<(), String> {
        if self.wasm_split().exists() {
            return Ok(());
        }
        apt_install(&["binaryen"], "splitting the page's wasm (wasm-split)")
    }

    /// binaryen's wasm-split, Debian's.
    pub fn wasm_split(&self) -> PathBuf {
        PathBuf::from("/usr/bin/wasm-split")
    }

    /// The wasm-bindgen CLI of the version Cargo.lock names.
    pub fn wasm_bindgen(&self) -> PathBuf {
        self.cargo_bin.join("wasm-bindgen")
    }

    /// A Chromium to profile the page in: the one `CHROMIUM` names (as
    /// the browser tests take it), else Debian's.
    fn ensure_chromium(&self) -> Result<(), String> {
        let named = std::env::var_os("CHROMIUM").is_some_and(|p| Path::new(&p).exists());
        if named || Path::new("/usr/bin/chromium").exists() {
            return Ok(());
        }
        apt_install(&["chromium"], "profiling the page to split its wasm")
    }

    fn ensure_browser(&self) -> Result<(), String> {
        if Path::new("/usr/bin/chromium").exists() && Path::new("/usr/bin/chromedriver").exists() {
            return Ok(());
        }
        apt_install(&["chromium", "chromium-driver"], "the browser tests")
    }

    fn ensure_python(&self) -> Result<(), String> {
        let venv = tools_dir().join("venv");
        let requirements = e2e_dir().join("requirements.txt");
        let marker = venv.join("installed-requirements.txt");
        let wanted = std::fs::read_to_string(&requirements).map_err(|e| e.to_string())?;
        if std::fs::read_to_string(&marker).ok().as_deref() == Some(wanted.as_str()) {
            return Ok(());
        }
        if !venv.join("bin").join("python").exists() {
            let made = succeeds(Command::new("python3").arg("-m").arg("venv").arg(&venv));
            if !made {
                apt_install(&["python3-venv"], "the boto3 end-to-end test")?;
                run(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
            }
        }
        run(Command::new(venv.join("bin").join("pip"))
            .args(["install", "-q", "--disable-pip-version-check", "-r"])
            .arg(&requirements))?;
        std::fs::write(marker, wanted).map_err(|e| e.to_string())
    }

    /// The PATH for wasm builds: npm tools (wasm-opt), cargo's bin, and in
    /// Debian mode the Debian toolchain first.
    fn wasm_path(&self) -> String {
        let mut parts = Vec::new();
        if self.wasm_mode == WasmMode::Debian {
            parts.push(tools_dir().join("debian-bin"));
        }
        parts.push(e2e_dir().join("node_modules").join(".bin"));
        parts.push(self.cargo_bin.clone());
        let mut path = std::env::join_paths(parts)
            .map(|p| p.to_string_lossy().to_string())
            .unwrap_or_default();
        if let Ok(existing) = std::env::var("PATH") {
            path = format!("{path}:{existing}");
        }
        path
    }

    /// A command with the wasm environment: the right toolchain and tools first
    /// on PATH, build-std in Debian mode (its own target folder, so native
    /// builds never see it), headless-browser settings for wasm-bindgen-test.
    pub fn wasm_env(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .env("PATH", self.wasm_path())
            .env("TRUNK_SKIP_VERSION_CHECK", "true")
            .env("CHROMEDRIVER", "/usr/bin/chromedriver")
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120")
            .env_remove("RUSTUP_TOOLCHAIN")
            .env_remove("CARGO")
            .env_remove("RUSTC");
        if self.wasm_mode == WasmMode::Debian {
            command
                .env("RUSTC_BOOTSTRAP", "1")
                .env("CARGO_UNSTABLE_BUILD_STD", "std,panic_abort")
                .env(
                    "CARGO_TARGET_DIR",
                    root().join("target").join("debian-wasm"),
                );
        }
        command
    }

    /// `cargo` for wasm builds.
    pub fn wasm_cargo(&self) -> Command {
        self.wasm_env("cargo")
    }

    /// The Python of the test virtual environment.
    pub fn python(&self) -> PathBuf {
        tools_dir().join("venv").join("bin").join("python")
    }
}
