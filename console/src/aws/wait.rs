//! `aws dynamodb wait table-exists` and `table-not-exists`, as botocore's
//! waiters run them (`waiters-2.json`): DescribeTable at once, then every
//! 20 seconds, 25 times at most. The seconds pass on the service's clock,
//! not the learner's: the engine's tables are `ACTIVE` as soon as they are
//! made, so the first poll answers. Success prints nothing.

use super::failure::Failure;
use super::globals::Globals;
use super::{Context, call, params};
use crate::model::model;
use crate::python::Value;

const DELAY_SECONDS: f64 = 20.0;
const MAX_ATTEMPTS: usize = 25;

/// The waiters of DynamoDB the aws CLI has, with their names.
const WAITERS: [(&str, &str); 6] = [
    ("table-exists", "TableExists"),
    ("table-not-exists", "TableNotExists"),
    ("contributor-insights-enabled", "ContributorInsightsEnabled"),
    ("export-completed", "ExportCompleted"),
    ("import-completed", "ImportCompleted"),
    (
        "kinesis-streaming-destination-active",
        "KinesisStreamingDestinationActive",
    ),
];

/// Runs `wait <waiter> …`.
pub fn run(words: &[String], globals: &Globals, context: &mut Context) -> Result<(), Failure> {
    let Some((waiter, rest)) = words.split_first() else {
        return Err(Failure::Usage(
            "the following arguments are required: subcommand".into(),
        ));
    };
    let Some((_, name)) = WAITERS.iter().find(|(cli, _)| cli == waiter) else {
        let choices: Vec<String> = WAITERS.iter().map(|(cli, _)| cli.to_string()).collect();
        let mut message = format!("argument subcommand: Found invalid choice '{waiter}'\n");
        let close = crate::args::close_matches(waiter, &choices);
        if !close.is_empty() {
            message.push_str("\nMaybe you meant:\n");
            for word in close {
                message.push_str(&format!("\n  * {word}"));
            }
        }
        return Err(Failure::Usage(message));
    };
    let model = model();
    let Some(describe) = model.by_name("DescribeTable") else {
        return Err(Failure::General("DescribeTable is not in the model".into()));
    };
    if !matches!(*name, "TableExists" | "TableNotExists") {
        return Err(Failure::General(format!(
            "the console does not run `wait {waiter}`: it waits for table-exists and table-not-exists"
        )));
    }
    let request = params::read(describe, model, rest, false, context.files)?;
    let mut saw_missing_table = false;
    for attempt in 1..=MAX_ATTEMPTS {
        if attempt > 1 {
            context.service.advance_clock(DELAY_SECONDS);
        }
        let answer = call(
            describe,
            model,
            &request.params,
            globals.binary,
            context.service,
        );
        match (*name, answer) {
            ("TableExists", Ok(answer)) => {
                let status = answer
                    .as_dict()
                    .and_then(|d| d.get("Table"))
                    .and_then(Value::as_dict)
                    .and_then(|t| t.get("TableStatus"))
                    .and_then(Value::as_str);
                if status == Some("ACTIVE") {
                    return Ok(());
                }
            }
            ("TableExists", Err(Failure::Service(failure)))
                if failure.error.code == "ResourceNotFoundException" =>
            {
                saw_missing_table = true;
            }
            ("TableNotExists", Err(Failure::Service(failure)))
                if failure.error.code == "ResourceNotFoundException" =>
            {
                return Ok(());
            }
            ("TableNotExists", Ok(_)) => {}
            (_, Err(Failure::Service(failure))) => {
                return Err(Failure::General(format!(
                    "Waiter {name} failed: An error occurred ({}): {}",
                    failure.error.code, failure.error.message
                )));
            }
            (_, Err(other)) => return Err(other),
            (_, Ok(_)) => {}
        }
    }
    let previously = if saw_missing_table {
        ". Previously accepted state: Matched expected service error code: ResourceNotFoundException"
    } else {
        ""
    };
    Err(Failure::General(format!(
        "Waiter {name} failed: Max attempts exceeded{previously}"
    )))
}
