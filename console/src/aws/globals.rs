//! The options every command takes, anywhere on its line (`awscli/data/
//! cli.json`): the output format, `--query`, pagination, and those that
//! mean nothing without a network (`--region`, `--profile`,
//! `--endpoint-url`, …), which are read and set aside.

use super::failure::{ErrorFormat, Failure};
use crate::args::argparse::{Arity, Namespace, OptionSpec, Parser, PositionalSpec};
use crate::call::shapes::BinaryFormat;

/// How an answer is printed (`--output`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Output {
    #[default]
    Json,
    Text,
    Table,
    Yaml,
    YamlStream,
    Off,
}

impl Output {
    /// The format named (`json`, `text`, …).
    pub fn parse(name: &str) -> Option<Output> {
        Some(match name {
            "json" => Output::Json,
            "text" => Output::Text,
            "table" => Output::Table,
            "yaml" => Output::Yaml,
            "yaml-stream" => Output::YamlStream,
            "off" => Output::Off,
            _ => return None,
        })
    }
}

/// The global options of one command.
#[derive(Clone, Debug, Default)]
pub struct Globals {
    pub output: Output,
    /// `--query`, as written.
    pub query: Option<String>,
    /// False under `--no-paginate` (or when the command gives a paging
    /// parameter of its own).
    pub paginate: bool,
    pub binary: BinaryFormat,
    pub error_format: ErrorFormat,
    /// `--color on`.
    pub color: bool,
    pub region: Option<String>,
    /// `--version`.
    pub version: bool,
}

const OUTPUTS: [&str; 6] = ["json", "text", "table", "yaml", "yaml-stream", "off"];

/// The main parser: the global options, and the command (the service).
fn parser(services: &[&str]) -> Parser {
    let choices = |values: &[&str]| Some(values.iter().map(|v| v.to_string()).collect());
    let flag = |name: &str, arity: Arity, dest: &str| OptionSpec {
        arity,
        dest: dest.to_string(),
        ..OptionSpec::one(name)
    };
    let with_choices = |name: &str, values: &[&str]| OptionSpec {
        choices: choices(values),
        ..OptionSpec::one(name)
    };
    let integer = |name: &str| OptionSpec {
        integer: true,
        ..OptionSpec::one(name)
    };
    Parser {
        options: vec![
            flag("debug", Arity::FlagTrue, "debug"),
            OptionSpec::one("endpoint-url"),
            flag("no-verify-ssl", Arity::FlagFalse, "verify-ssl"),
            flag("no-paginate", Arity::FlagFalse, "paginate"),
            with_choices("output", &OUTPUTS),
            OptionSpec::one("query"),
            OptionSpec::one("profile"),
            OptionSpec::one("region"),
            flag("version", Arity::FlagTrue, "version"),
            with_choices("color", &["on", "off", "auto"]),
            flag("no-sign-request", Arity::FlagFalse, "sign-request"),
            OptionSpec::one("ca-bundle"),
            integer("cli-read-timeout"),
            integer("cli-connect-timeout"),
            with_choices("cli-binary-format", &["base64", "raw-in-base64-out"]),
            flag("no-cli-pager", Arity::FlagTrue, "no-cli-pager"),
            flag("cli-auto-prompt", Arity::FlagTrue, "cli-auto-prompt"),
            flag("no-cli-auto-prompt", Arity::FlagTrue, "no-cli-auto-prompt"),
            with_choices(
                "cli-error-format",
                &["legacy", "json", "yaml", "text", "table", "enhanced"],
            ),
        ],
        positionals: vec![PositionalSpec {
            name: "command".into(),
            optional: false,
            choices: choices(services),
        }],
    }
}

/// Reads the global options out of a line (everything after `aws`): the
/// options, the service, and the words left for it. `default_output` is
/// `AWS_DEFAULT_OUTPUT` when set.
pub fn read(
    words: &[String],
    default_output: Option<&str>,
) -> Result<(Globals, Namespace), Failure> {
    let namespace = parser(&["dynamodb"])
        .parse_known(words)
        .map_err(|e| Failure::Usage(e.0))?;
    let output = namespace
        .one("output")
        .or(default_output)
        .and_then(Output::parse)
        .unwrap_or_default();
    let globals = Globals {
        output,
        query: namespace.one("query").map(str::to_string),
        paginate: namespace.flag("paginate").unwrap_or(true),
        binary: match namespace.one("cli-binary-format") {
            Some("raw-in-base64-out") => BinaryFormat::RawInBase64Out,
            _ => BinaryFormat::Base64,
        },
        error_format: match namespace.one("cli-error-format") {
            Some("legacy") => ErrorFormat::Legacy,
            _ => ErrorFormat::Enhanced,
        },
        color: namespace.one("color") == Some("on"),
        region: namespace.one("region").map(str::to_string),
        version: namespace.flag("version") == Some(true),
    };
    Ok((globals, namespace))
}

/// The options a global option that takes a value would take the next word
/// of: used to find a line's service before it runs.
pub fn takes_value(option: &str) -> bool {
    let name = option.trim_start_matches('-');
    parser(&[])
        .options
        .iter()
        .any(|o| o.name == name && o.arity == Arity::One)
}
