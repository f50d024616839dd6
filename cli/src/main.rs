//! `ddbplay`: the playground's command line.
//!
//! `ddbplay serve` answers DynamoDB's JSON 1.0 HTTP protocol from the same
//! engine the page runs, so the aws CLI, boto3 and the AWS SDKs can talk to it
//! with `--endpoint-url http://127.0.0.1:8000`. `ddbplay run` runs a script
//! of `aws dynamodb …` commands as the page's console runs them, printing
//! what the aws CLI prints, against a fresh engine or an endpoint.
//! `ddbplay check` replays a playground on a DynamoDB endpoint and sets
//! its numbers beside the engine's.

mod check;
mod export_playground;
mod limits;
mod load;
mod run;
mod serve;

/// mimalloc rather than the system allocator: a write replaces a ~1 KB item
/// and frees the old one, and glibc's coalescing of freed chunks was a fifth
/// of a PutItem's time on a million-item table (measured in
/// `engine/benches`, which use the same allocator).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};

/// A DynamoDB single-table design playground.
#[derive(Parser)]
#[command(name = "ddbplay", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve DynamoDB's HTTP API (any credentials are accepted; data lives in memory).
    Serve {
        /// Port to listen on.
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// Address to bind.
        #[arg(long, default_value = "127.0.0.1")]
        bind: String,
        /// Another host name to answer requests for, beside 127.0.0.1,
        /// localhost and the bound address (repeat for more).
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_hosts: Vec<String>,
        /// Most connections served at once; more wait to be accepted.
        #[arg(long, default_value_t = limits::MAX_CONNECTIONS)]
        max_connections: usize,
        /// Seconds a connection may take to send a request's headers (or
        /// stay idle between requests) before it is closed.
        #[arg(long, default_value_t = limits::HEADER_TIMEOUT_SECONDS)]
        header_timeout: u64,
        /// Seconds a request's body may take to arrive.
        #[arg(long, default_value_t = limits::REQUEST_TIMEOUT_SECONDS)]
        request_timeout: u64,
        /// Start the clock at this time (`2024-06-01T00:00:00Z`, or seconds
        /// since 1970) instead of now; it runs on from there. Time to live
        /// and stream records go by it: a lesson whose items expire on
        /// dates now past replays as it was written.
        #[arg(long, value_name = "TIME", value_parser = serve::parse_clock)]
        clock: Option<f64>,
        /// What each request leaves on standard error: a line of text
        /// (`requests`), a JSON object (`json`) or nothing (`quiet`).
        #[arg(long, value_enum, default_value_t = serve::LogFormat::Requests)]
        log: serve::LogFormat,
        /// Start with a playground's table and items: a `.ddbplay.json`
        /// file, or a share link (`https://…/#play=…`).
        #[arg(long, value_name = "FILE_OR_LINK")]
        load: Option<String>,
        /// Keep tables in this directory across restarts: every change is
        /// logged before it is acknowledged, and replayed on start.
        #[arg(long, value_name = "DIR")]
        data: Option<std::path::PathBuf>,
        /// How a change reaches the disk before it is acknowledged, with
        /// --data: `always` (an fsync each), `batch` (one fsync for every
        /// change waiting), `none` (no fsync: safe from a killed server,
        /// not from a power cut).
        #[arg(long, value_enum, default_value_t = serve::data::SyncMode::Batch)]
        sync: serve::data::SyncMode,
        /// With --data: take a snapshot once the log has grown this much
        /// (or a quarter of the last snapshot's size, if more), so a start
        /// reads the state instead of replaying every change. Bytes, or
        /// with K, M or G.
        #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = serve::data::parse_size)]
        snapshot_after: u64,
    },
    /// Write a table of a DynamoDB endpoint (its design and, by Scan, its
    /// items) as a `.ddbplay.json` playground file the page opens.
    ExportPlayground {
        /// The endpoint (`http://127.0.0.1:8000`, or AWS's; credentials
        /// from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).
        #[arg(long, value_name = "URL")]
        endpoint: String,
        /// The table to export.
        #[arg(long)]
        table: String,
        /// Where to write the file (`-`: standard output).
        #[arg(long, value_name = "FILE", default_value = "-")]
        out: String,
    },
    /// Run a script of `aws dynamodb …` commands as the aws CLI v2 would,
    /// against a fresh in-memory DynamoDB (or an endpoint), and exit with
    /// the status of the command that stopped it.
    Run {
        /// The script (`-` for standard input).
        script: String,
        /// Arguments for the script (`$1`, `$2`, …).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        arguments: Vec<String>,
        /// A DynamoDB endpoint to run against instead of a fresh engine
        /// (`ddbplay serve`'s, DynamoDB Local's, or AWS's).
        #[arg(long, value_name = "URL")]
        endpoint: Option<String>,
        /// Go on past a failed command (as `set +e`).
        #[arg(long)]
        keep_going: bool,
    },
    /// Replay a playground (its table, items and access patterns) on a
    /// DynamoDB endpoint through the AWS SDK, and print the endpoint's
    /// Count, ScannedCount and ConsumedCapacity beside the engine's
    /// prediction. Exit status: 0 all agree, 1 a difference, 2 not run.
    Check {
        /// A `.ddbplay.json` file or a share link (`https://…/#play=…`).
        playground: String,
        /// The endpoint (`http://127.0.0.1:8000`); without it, DynamoDB
        /// itself in the region.
        #[arg(long, value_name = "URL")]
        endpoint: Option<String>,
        /// The region (else the environment's or the profile's).
        #[arg(long)]
        region: Option<String>,
        /// The profile of ~/.aws/config to take credentials and region from.
        #[arg(long)]
        profile: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Run against AWS without asking about the estimated cost.
        #[arg(long)]
        yes: bool,
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check {
            playground,
            endpoint,
            region,
            profile,
            json,
            yes,
        } => check::run(check::Options {
            source: playground,
            connection: check::remote::Connection {
                endpoint,
                region,
                profile,
            },
            json,
            yes,
        }),
        Command::ExportPlayground {
            endpoint,
            table,
            out,
        } => {
            let written = run::endpoint::Endpoint::new(&endpoint)
                .and_then(|mut service| export_playground::export(&mut service, &table))
                .and_then(|(file, notes)| {
                    for note in notes {
                        eprintln!("ddbplay: {note}");
                    }
                    if out == "-" {
                        println!("{file}");
                        Ok(())
                    } else {
                        std::fs::write(&out, file + "\n").map_err(|e| format!("{out}: {e}"))
                    }
                });
            match written {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(why) => {
                    eprintln!("ddbplay: export-playground: {why}");
                    std::process::ExitCode::FAILURE
                }
            }
        }
        Command::Run {
            script,
            arguments,
            endpoint,
            keep_going,
        } => run::main(run::Options {
            script,
            arguments,
            endpoint,
            keep_going,
        }),
        Command::Serve {
            port,
            bind,
            allow_hosts,
            max_connections,
            header_timeout,
            request_timeout,
            clock,
            log,
            load,
            data,
            sync,
            snapshot_after,
        } => {
            let (engine, loaded) = match load.as_deref().map(load::load).transpose() {
                Ok(Some(loaded)) => {
                    eprintln!(
                        "ddbplay: loaded the table {} with {} items",
                        loaded.table, loaded.items
                    );
                    (loaded.engine, Some(loaded.document))
                }
                Ok(None) => (engine::Engine::new(), None),
                Err(why) => {
                    eprintln!("ddbplay: --load: {why}");
                    return std::process::ExitCode::FAILURE;
                }
            };
            match serve::run(
                serve::Options {
                    bind,
                    port,
                    allow_hosts,
                    max_connections,
                    header_timeout: std::time::Duration::from_secs(header_timeout.max(1)),
                    request_timeout: std::time::Duration::from_secs(request_timeout.max(1)),
                    clock,
                    log,
                    data: data.map(|dir| serve::data::Settings {
                        dir,
                        sync,
                        snapshot_after,
                    }),
                    loaded,
                },
                engine,
            ) {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("ddbplay: {error}");
                    std::process::ExitCode::FAILURE
                }
            }
        }
    }
}
