//! How a command fails, and what the aws CLI v2 (2.34 and later, default
//! `enhanced` error format) writes to standard error for it, with its
//! exit status (`awscli/errorhandler.py`, `awscli/errorformat.py`).
//!
//! | failure | status | standard error |
//! | --- | --- | --- |
//! | a parameter refused before sending | 252 | `aws: [ERROR]: An error occurred (ParamValidation): …` |
//! | options nobody takes | 252 | the usage, then `aws: [ERROR]: Unknown options: …` |
//! | DynamoDB's error | 254 | `aws: [ERROR]: An error occurred (Code) when calling the Op operation: …` |
//! | anything else (a waiter gave up, bad base64) | 255 | `aws: [ERROR]: …` |
//!
//! Each error line is preceded by an empty line, as the CLI writes it.

use crate::call::service::ServiceError;
use crate::python::Value;

/// The usage the CLI prints with an argument error.
pub const USAGE: &str = "aws [options] <command> <subcommand> [<subcommand> ...] [parameters]\nTo see help text, you can run:\n\n  aws help\n  aws <command> help\n  aws <command> <subcommand> help\n";

/// Exit statuses (`awscli/constants.py`).
pub const PARAM_VALIDATION_ERROR: i32 = 252;
pub const CLIENT_ERROR: i32 = 254;
pub const GENERAL_ERROR: i32 = 255;

/// Why a command failed.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// An argument `argparse` refused: the message, then the usage.
    Usage(String),
    /// A parameter refused before anything was sent.
    Param(String),
    /// Words no option took.
    UnknownOptions(Vec<String>),
    /// DynamoDB answered with an error.
    Service(Box<ServiceFailure>),
    /// Anything else, in its own words.
    General(String),
}

/// DynamoDB's error, as the CLI keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct ServiceFailure {
    pub operation: String,
    pub error: ServiceError,
    /// The retries made before giving up, when the error was retried.
    pub retries: Option<usize>,
    /// The error's modelled fields (`CancellationReasons`, `Item`).
    pub details: Vec<(String, Value)>,
}

/// How errors are written (`--cli-error-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ErrorFormat {
    /// The error line and the error's other details (the default).
    #[default]
    Enhanced,
    /// The error line alone.
    Legacy,
}

impl Failure {
    /// The exit status.
    pub fn status(&self) -> i32 {
        match self {
            Failure::Usage(_) | Failure::Param(_) | Failure::UnknownOptions(_) => {
                PARAM_VALIDATION_ERROR
            }
            Failure::Service(_) => CLIENT_ERROR,
            Failure::General(_) => GENERAL_ERROR,
        }
    }

    /// The error's first line, without the `aws: [ERROR]: ` prefix
    /// (what `$(…)` and the page show as the failure).
    pub fn message(&self) -> String {
        match self {
            Failure::Usage(message) => {
                format!("An error occurred (ParamValidation): {message}\n\nusage: {USAGE}")
            }
            Failure::Param(message) => format!("An error occurred (ParamValidation): {message}"),
            Failure::UnknownOptions(words) => format!("Unknown options: {}", words.join(", ")),
            Failure::Service(failure) => {
                let retry = failure
                    .retries
                    .map(|n| format!(" (reached max retries: {n})"))
                    .unwrap_or_default();
                format!(
                    "An error occurred ({}) when calling the {} operation{retry}: {}",
                    failure.error.code, failure.operation, failure.error.message
                )
            }
            Failure::General(message) => message.clone(),
        }
    }

    /// Everything written to standard error.
    pub fn stderr(&self, format: ErrorFormat) -> String {
        let mut out = String::new();
        if let Failure::UnknownOptions(_) = self {
            out.push_str(&format!("\nusage: {USAGE}\n"));
        }
        write_error(&mut out, &self.message());
        if let (Failure::Service(failure), ErrorFormat::Enhanced) = (self, format) {
            enhanced_details(&failure.details, &mut out);
        }
        out
    }
}

/// `write_error`: an empty line, then `aws: [ERROR]: ` and the message with
/// its surrounding blanks stripped.
fn write_error(out: &mut String, message: &str) {
    out.push_str("\naws: [ERROR]: ");
    out.push_str(crate::python::value::strip(message));
    out.push('\n');
}

/// `EnhancedErrorFormatter`: each detail on a line of its own — a simple
/// value as itself, a short flat list or map inline, anything else as
/// `<complex value>` with a pointer to the JSON format.
fn enhanced_details(details: &[(String, Value)], out: &mut String) {
    if details.is_empty() {
        return;
    }
    out.push_str("\nAdditional error details:\n");
    let mut complex = false;
    for (key, value) in details {
        let simple = |v: &Value| v.is_scalar();
        let line = match value {
            v if simple(v) => v.to_str(),
            Value::List(items) if items.len() < 5 && items.iter().all(simple) => format!(
                "[{}]",
                items
                    .iter()
                    .map(Value::to_str)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Dict(dict) if dict.len() < 5 && dict.iter().all(|(_, v)| simple(v)) => format!(
                "{{{}}}",
                dict.iter()
                    .map(|(k, v)| format!("{k}: {}", v.to_str()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => {
                complex = true;
                "<complex value>".to_string()
            }
        };
        out.push_str(&format!("{key}: {line}\n"));
    }
    if complex {
        out.push_str(
            "Use \"--cli-error-format json\" or another error format to see the full details.\n",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::python::Dict;

    #[test]
    fn a_service_error_is_one_line_and_its_modelled_details_after_it() {
        let failure = Failure::Service(Box::new(ServiceFailure {
            operation: "TransactWriteItems".into(),
            error: ServiceError {
                code: "TransactionCanceledException".into(),
                message: "Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]".into(),
                status: 400,
                body: Value::Dict(Dict::new()),
            },
            retries: None,
            details: vec![("CancellationReasons".into(), Value::List(vec![Value::Dict(Dict::new())]))],
        }));
        assert_eq!(failure.status(), 254);
        assert_eq!(
            failure.stderr(ErrorFormat::Enhanced),
            "\naws: [ERROR]: An error occurred (TransactionCanceledException) when calling the TransactWriteItems operation: Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]\n\nAdditional error details:\nCancellationReasons: <complex value>\nUse \"--cli-error-format json\" or another error format to see the full details.\n"
        );
        assert!(!failure.stderr(ErrorFormat::Legacy).contains("Additional"));
    }

    #[test]
    fn argument_errors_carry_the_usage_and_unknown_options_lead_with_it() {
        assert_eq!(
            Failure::Usage("the following arguments are required: --table-name".into())
                .stderr(ErrorFormat::Enhanced),
            "\naws: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --table-name\n\nusage: aws [options] <command> <subcommand> [<subcommand> ...] [parameters]\nTo see help text, you can run:\n\n  aws help\n  aws <command> help\n  aws <command> <subcommand> help\n"
        );
        assert_eq!(
            Failure::UnknownOptions(vec!["--bogus".into(), "1".into()])
                .stderr(ErrorFormat::Enhanced),
            "\nusage: aws [options] <command> <subcommand> [<subcommand> ...] [parameters]\nTo see help text, you can run:\n\n  aws help\n  aws <command> help\n  aws <command> <subcommand> help\n\n\naws: [ERROR]: Unknown options: --bogus, 1\n"
        );
    }
}
