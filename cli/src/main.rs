//! `ddbplay`: the playground's command line.
//!
//! `ddbplay serve` answers DynamoDB's JSON 1.0 HTTP protocol from the same
//! engine the page runs, so the aws CLI, boto3 and the AWS SDKs can talk to it
//! with `--endpoint-url http://127.0.0.1:8000`.

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
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve { port, bind } => match serve::run(&bind, port) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("ddbplay: {error}");
                std::process::ExitCode::FAILURE
            }
        },
    }
}
