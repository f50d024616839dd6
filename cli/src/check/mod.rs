//! `ddbplay check`: a playground replayed on a DynamoDB endpoint, its
//! numbers set beside the engine's.
//!
//! The life of a check:
//!
//! 1. The playground is opened as the page opens it (`crate::load`), and
//!    its patterns become the requests the page measures them with
//!    ([`plan`]).
//! 2. The engine runs the whole check first, in this process
//!    ([`dynamo::Local`]): it makes the table under the check's name,
//!    loads the items, runs every plan ([`measure`]) and deletes the table.
//!    What it found is the prediction, and what it consumed is the cost
//!    ([`cost::Tally`]), shown and asked about before anything is sent to
//!    AWS.
//! 3. The endpoint runs the same through the AWS SDK for Rust
//!    ([`remote`], [`sdk_json`]): the table made under a unique name and
//!    waited for, the items loaded by BatchWriteItem (with a progress bar),
//!    the plans run, the table deleted whatever happens ([`table`]).
//! 4. The two are set side by side ([`report`]); the exit status says
//!    whether they agreed: 0 yes, 1 no, 2 the check could not be run.

pub mod cost;
pub mod dynamo;
pub mod measure;
pub mod plan;
pub mod remote;
pub mod report;
pub mod sdk_json;
pub mod table;

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use engine::Engine;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value as Json, json};
use web::model::measure::prices::Prices;

use dynamo::{ApiError, Dynamo, Local};
use measure::PatternFound;
use plan::PatternPlan;
use remote::{Connection, Remote};
use report::{Header, Report};

/// What the command line asked for.
pub struct Options {
    /// A `.ddbplay.json` file or a share link.
    pub source: String,
    pub connection: Connection,
    /// Print the report as JSON.
    pub json: bool,
    /// Run against AWS without asking.
    pub yes: bool,
}

/// Runs a check and prints its report; the exit status is 0 when the
/// endpoint agreed with the engine on every figure, 1 when it did not,
/// 2 when the check could not be run.
pub fn run(options: Options) -> ExitCode {
    match check(&options) {
        Ok(report) => {
            if options.json {
                println!("{:#}", report.json());
            } else {
                print!("{}", report.text());
            }
            if report.agrees() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(why) => {
            eprintln!("ddbplay check: {why}");
            ExitCode::from(2)
        }
    }
}

/// Everything a check sends, made once and run on both sides.
struct Script {
    create: Json,
    batches: Vec<Json>,
    items: usize,
    plans: Vec<PatternPlan>,
}

fn check(options: &Options) -> Result<Report, String> {
    let playground = crate::load::open(&options.source)?;
    let loaded = crate::load::build(&playground)?;
    let mut source = Local {
        engine: loaded.engine,
    };
    let items = table::all_items(&mut source, &loaded.table).map_err(|e| e.to_string())?;
    let name = table::unique_name();
    let script = Script {
        create: create_request(&playground.chart.table.create_table_request(), &name),
        batches: table::batches(&name, &items),
        items: items.len(),
        plans: plan::plan(&playground.patterns, &playground.chart.table, &name),
    };

    let mut engine = cost::Tally::new(Local {
        engine: Engine::new(),
    });
    let predicted = replay(&mut engine, &script, None).map_err(|e| format!("the engine: {e}"))?;

    let mut remote = Remote::connect(&options.connection)?;
    let endpoint = options.connection.describe(&remote.region);
    if options.connection.is_aws() {
        confirm(&engine.estimate(&Prices::default()), options.yes)?;
    }
    eprintln!(
        "ddbplay check: {} items and {} patterns of {} on {endpoint}, as {name}",
        script.items,
        script.plans.len(),
        loaded.table
    );
    let answered = replay(&mut remote, &script, Some(progress(script.items)))
        .map_err(|e| format!("{endpoint}: {e}"))?;
    Ok(Report::new(
        Header {
            playground_table: loaded.table,
            items: script.items,
            endpoint,
            table: name,
        },
        &script.plans,
        predicted,
        answered,
    ))
}

/// The table's CreateTable under the check's name, on demand, with its
/// key schema and indexes only: the stream and time to live change no
/// figure a check compares.
fn create_request(design: &Json, name: &str) -> Json {
    let mut create = json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST"});
    for member in [
        "AttributeDefinitions",
        "KeySchema",
        "GlobalSecondaryIndexes",
        "LocalSecondaryIndexes",
    ] {
        if let Some(value) = design.get(member) {
            create[member] = value.clone();
        }
    }
    create
}

/// Makes the table on `side`, loads it, runs every plan, deletes it.
fn replay(
    side: &mut dyn Dynamo,
    script: &Script,
    bar: Option<ProgressBar>,
) -> Result<Vec<PatternFound>, ApiError> {
    table::with_table(side, &script.create, |side| {
        let bar = bar.unwrap_or_else(ProgressBar::hidden);
        side.write_batches(script.batches.clone(), &mut |n| bar.inc(n as u64))?;
        bar.finish_and_clear();
        script
            .plans
            .iter()
            .map(|plan| measure::run(side, plan))
            .collect()
    })
}

fn progress(items: usize) -> ProgressBar {
    let bar = ProgressBar::new(items as u64);
    bar.set_style(
        ProgressStyle::with_template("loading {bar:30} {pos}/{len} items, {per_sec}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Shows the estimate and asks to go on, unless `--yes`; without a
/// terminal to ask on, only `--yes` goes on.
fn confirm(estimate: &str, yes: bool) -> Result<(), String> {
    eprintln!("{estimate}");
    if yes {
        return Ok(());
    }
    if !std::io::stdin().is_terminal() {
        return Err("give --yes to run against AWS without being asked".into());
    }
    eprint!("Go on? [y/N] ");
    std::io::stderr().flush().ok();
    let mut answer = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut answer)
        .map_err(|e| e.to_string())?;
    if matches!(answer.trim(), "y" | "Y" | "yes") {
        Ok(())
    } else {
        Err("not run: nothing was sent to AWS".into())
    }
}
