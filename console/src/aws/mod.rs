//! One `aws` command, run as the aws CLI v2 runs it:
//!
//! 1. [`globals`] takes the global options from anywhere on the line
//!    (`--output`, `--query`, `--no-paginate`, …) and the service;
//! 2. the operation (`put-item`) is looked up in the [`crate::model`], and
//!    [`params`] reads its options into the request — shorthand, JSON,
//!    `file://` — refusing what the CLI refuses before sending;
//! 3. the request is checked against the model
//!    ([`crate::call::validate`]), written, sent to the
//!    [`crate::call::service::Service`] and its answer read back by the
//!    model; Query, Scan and the list calls are followed page by page
//!    ([`paginate`]); `wait` polls ([`wait`]);
//! 4. the answer is printed in the output format, through `--query`
//!    ([`crate::output`]); a failure is written as the CLI writes it, with
//!    its exit status ([`failure`]).

pub mod command_line;
pub mod failure;
pub mod globals;
pub mod paginate;
pub mod params;
pub mod skeleton;
pub mod wait;

use crate::call::service::{MAX_ATTEMPTS, Service, is_retryable, service_error};
use crate::call::shapes::{BinaryFormat, read_answer, request_body};
use crate::call::validate::{report, validate};
use crate::model::{Model, OperationModel, model};
use crate::output;
use crate::python::json::loads;
use crate::python::{Dict, Value};
use failure::Failure;
use globals::Globals;
use params::Files;

/// What the version option prints: the aws CLI this console answers as.
pub const VERSION: &str = "aws-cli/2.36.7 Python/3.13.11 ddbplay-console";

/// What a command printed, and its exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

/// What a command runs against: the service, the files `file://` reads,
/// and the environment variables it reads (`AWS_DEFAULT_OUTPUT`).
pub struct Context<'a> {
    pub service: &'a mut dyn Service,
    pub files: &'a mut dyn Files,
    pub default_output: Option<String>,
}

/// `--kebab-case` of a member name, as botocore's `xform_name` makes it.
pub fn kebab(name: &str) -> String {
    model()
        .operations()
        .iter()
        .flat_map(|o| o.options.iter())
        .find(|(member, _)| member == name)
        .map(|(_, cli)| cli.clone())
        .unwrap_or_else(|| name.to_ascii_lowercase())
}

/// Runs the words after `aws`.
pub fn run(words: &[String], context: &mut Context) -> Outcome {
    if words.iter().any(|w| w == "--version") {
        return Outcome {
            stdout: format!("{VERSION}\n"),
            ..Outcome::default()
        };
    }
    let (globals, namespace) = match globals::read(words, context.default_output.as_deref()) {
        Ok(read) => read,
        Err(failure) => return failed(&failure, &Globals::default(), Printed::default()),
    };
    let mut printed = Printed::default();
    match run_service(&globals, &namespace.extras, context, &mut printed) {
        Ok(()) => Outcome {
            stdout: printed.stdout,
            stderr: printed.warnings,
            status: 0,
        },
        Err(failure) => failed(&failure, &globals, printed),
    }
}

/// What a command printed before it ended: its output, and the warnings
/// the CLI writes to standard error and goes on.
#[derive(Default)]
struct Printed {
    stdout: String,
    warnings: String,
}

fn failed(failure: &Failure, globals: &Globals, printed: Printed) -> Outcome {
    Outcome {
        stdout: printed.stdout,
        stderr: printed.warnings + &failure.stderr(globals.error_format),
        status: failure.status(),
    }
}

fn run_service(
    globals: &Globals,
    words: &[String],
    context: &mut Context,
    printed: &mut Printed,
) -> Result<(), Failure> {
    let model = model();
    // `--query` is compiled as soon as the global options are read.
    let query = match &globals.query {
        Some(text) => Some(output::query::compile(text).map_err(Failure::Param)?),
        None => None,
    };
    let Some((command, rest)) = words.split_first() else {
        return Err(Failure::Usage(
            "the following arguments are required: operation".into(),
        ));
    };
    let mut choices: Vec<String> = model
        .operations()
        .iter()
        .map(|o| o.command.clone())
        .collect();
    choices.push("wait".into());
    let operation = model.by_command(command);
    if operation.is_none() && command != "wait" {
        let mut message = format!("argument operation: Found invalid choice '{command}'\n");
        let close = crate::args::close_matches(command, &choices);
        if !close.is_empty() {
            message.push_str("\nMaybe you meant:\n");
            for word in close {
                message.push_str(&format!("\n  * {word}"));
            }
        }
        return Err(Failure::Usage(message));
    }
    let Some(operation) = operation else {
        return wait::run(rest, globals, context);
    };
    let request = params::read(operation, model, rest, globals.paginate, context.files)?;
    match request.skeleton.as_deref() {
        Some("input") => {
            let skeleton = skeleton::input(model, operation.input);
            printed.stdout = format!("{}\n", crate::python::json::dumps_indented(&skeleton));
            return Ok(());
        }
        Some("output") => {
            // Checked as a request is, then answered by the sample.
            let problems = validate(&request.params, operation.input, model);
            if !problems.is_empty() {
                return Err(Failure::Param(report(&problems)));
            }
            let printer = output::Printer {
                format: globals.output,
                query: query.as_ref(),
                operation: &operation.name,
            };
            // The CLI's stub checks its sample against the output shape
            // too, and a binary member's sample (None) fails it: any
            // answer that may hold an item is refused so.
            let sample = skeleton::output(model, operation.output);
            if let Some(shape) = operation.output {
                let problems = validate(&sample, shape, model);
                if !problems.is_empty() {
                    return Err(Failure::Param(report(&problems)));
                }
            }
            printed.stdout = printer.answer(&sample)?;
            return Ok(());
        }
        Some(other) => {
            return Err(Failure::General(format!(
                "--generate-cli-skeleton {other} is not run here: the aws CLI writes each member's documentation into that YAML, which the console does not hold; --generate-cli-skeleton input writes the same request as JSON"
            )));
        }
        None => {}
    }
    if request.paging.max_items.is_some_and(|n| n <= 0) {
        printed.warnings.push_str(
            "warning: Non-positive values for --max-items may result in undefined behavior.\n",
        );
    }
    let service = &mut *context.service;
    let mut send = |params: &Value| call(operation, model, params, globals.binary, service);
    let printer = output::Printer {
        format: globals.output,
        query: query.as_ref(),
        operation: &operation.name,
    };
    match params::pagination(&operation.name).filter(|_| request.paginate) {
        Some(spec) => {
            let (pages, failure) =
                paginate::follow(&request.params, &request.paging, &spec, &mut send);
            printed.stdout = printer.pages(&pages, &spec, failure.is_none())?;
            match failure {
                Some(failure) => Err(failure),
                None => Ok(()),
            }
        }
        None => {
            let answer = send(&request.params)?;
            printed.stdout = printer.answer(&answer)?;
            Ok(())
        }
    }
}

/// Sends one request: checked against the model, written, sent (and sent
/// again while a retryable error keeps coming, three times in all), and
/// its answer read.
pub fn call(
    operation: &OperationModel,
    model: &Model,
    params: &Value,
    binary: BinaryFormat,
    service: &mut dyn Service,
) -> Result<Value, Failure> {
    let problems = validate(params, operation.input, model);
    if !problems.is_empty() {
        return Err(Failure::Param(report(&problems)));
    }
    let body =
        request_body(params, operation.input, model, binary).map_err(|e| Failure::General(e.0))?;
    let Some(wire) = engine::api::Operation::parse(&operation.name) else {
        return Err(Failure::General(format!(
            "{} is not served here",
            operation.name
        )));
    };
    let mut attempts = 0;
    loop {
        attempts += 1;
        let answer = service
            .send(wire, &body)
            .map_err(|unsent| Failure::General(unsent.0))?;
        if answer.status < 300 {
            let parsed = loads(&answer.body).unwrap_or(Value::Dict(Dict::new()));
            return Ok(read_answer(&parsed, operation.output, model));
        }
        let error = service_error(&answer);
        if is_retryable(&error) && attempts < MAX_ATTEMPTS {
            continue;
        }
        let retries = (is_retryable(&error)).then_some(attempts - 1);
        let details = modelled_details(&error, model);
        return Err(Failure::Service(Box::new(failure::ServiceFailure {
            operation: operation.name.clone(),
            error,
            retries,
            details,
        })));
    }
}

/// An error's modelled fields other than its code and message, read by
/// its shape (`CancellationReasons`, `Item`).
fn modelled_details(
    error: &crate::call::service::ServiceError,
    model: &Model,
) -> Vec<(String, Value)> {
    let Some(shape) = model.shape_named(&error.code) else {
        return Vec::new();
    };
    let read = read_answer(&error.body, Some(shape), model);
    read.as_dict()
        .map(|d| {
            d.iter()
                .filter(|(k, _)| !matches!(k.to_ascii_lowercase().as_str(), "code" | "message"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default()
}
