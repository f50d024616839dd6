//! An operation's options and the request they make, as the aws CLI builds
//! them (`awscli/clidriver.py`, `argprocess.py`, `paramfile.py`,
//! `customizations/paginate.py`, `customizations/cliinputjson.py`).
//!
//! Each member of the operation's input is an option, `--kebab-case` of
//! its name: a list takes every word up to the next option, a boolean is a
//! pair of flags (`--consistent-read`, `--no-consistent-read`), anything
//! else one word. A paginated operation adds `--starting-token`,
//! `--page-size` and `--max-items`. Every value may be `file://` (or
//! `fileb://`) a file's contents; a structure, a map or a list of them is
//! JSON when it starts with `{` or `[`, shorthand otherwise.

use super::failure::Failure;
use crate::args::argparse::{Arity, Namespace, OptionSpec, Parsed, Parser, PositionalSpec};
use crate::args::shorthand::{self, python_float, python_int};
use crate::model::{Model, OperationModel, Shape, ShapeId};
use crate::python::json::{JsonError, loads};
use crate::python::yaml::YamlError;
use crate::python::{Dict, Value};

/// What reading a file named by `file://` gave.
pub enum FileRead {
    /// Its bytes.
    Found(Vec<u8>),
    /// No such file.
    Missing,
}

/// Where `file://` and `fileb://` read from: the files the learner gave
/// the console, or the disk for `ddbplay run`.
pub trait Files {
    fn read(&mut self, path: &str) -> FileRead;
}

/// The pagination of a paginated operation (`paginators-1.json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pagination {
    pub input_token: &'static str,
    pub output_token: &'static str,
    pub limit_key: Option<&'static str>,
    pub result_keys: &'static [&'static str],
    pub non_aggregate_keys: &'static [&'static str],
}

/// The operations the aws CLI follows page by page.
pub fn pagination(operation: &str) -> Option<Pagination> {
    const ITEMS: &[&str] = &["Items", "Count", "ScannedCount"];
    Some(match operation {
        "Query" | "Scan" => Pagination {
            input_token: "ExclusiveStartKey",
            output_token: "LastEvaluatedKey",
            limit_key: Some("Limit"),
            result_keys: ITEMS,
            non_aggregate_keys: &["ConsumedCapacity"],
        },
        "ListTables" => Pagination {
            input_token: "ExclusiveStartTableName",
            output_token: "LastEvaluatedTableName",
            limit_key: Some("Limit"),
            result_keys: &["TableNames"],
            non_aggregate_keys: &[],
        },
        "ListTagsOfResource" => Pagination {
            input_token: "NextToken",
            output_token: "NextToken",
            limit_key: None,
            result_keys: &["Tags"],
            non_aggregate_keys: &[],
        },
        _ => return None,
    })
}

/// `--page-size`, `--max-items` and `--starting-token`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PagingOptions {
    pub page_size: Option<i64>,
    pub max_items: Option<i64>,
    pub starting_token: Option<String>,
}

/// A request ready to send.
#[derive(Clone, Debug)]
pub struct Request {
    pub params: Value,
    pub paging: PagingOptions,
    /// True when the pages are to be followed.
    pub paginate: bool,
    /// `--generate-cli-skeleton`'s value (`input`, `output`, `yaml-input`),
    /// when it is given: then nothing is sent for `input`.
    pub skeleton: Option<String>,
}

/// One option of an operation, and the input member it fills.
struct Argument {
    spec: OptionSpec,
    /// The member (`TableName`), or `None` for the CLI's own options.
    member: Option<(String, ShapeId)>,
}

fn arguments(operation: &OperationModel, model: &Model) -> Vec<Argument> {
    let Shape::Structure { required, .. } = model.shape(operation.input) else {
        return Vec::new();
    };
    let mut arguments = Vec::new();
    for (member, cli) in &operation.options {
        let Some(shape) = model.member(operation.input, member) else {
            continue;
        };
        let member_ref = Some((member.clone(), shape));
        match model.shape(shape) {
            Shape::Boolean => {
                arguments.push(Argument {
                    spec: OptionSpec {
                        arity: Arity::FlagTrue,
                        ..OptionSpec::one(cli)
                    },
                    member: member_ref.clone(),
                });
                arguments.push(Argument {
                    spec: OptionSpec {
                        arity: Arity::FlagFalse,
                        dest: cli.clone(),
                        ..OptionSpec::one(&format!("no-{cli}"))
                    },
                    member: member_ref,
                });
            }
            kind => arguments.push(Argument {
                spec: OptionSpec {
                    arity: if matches!(kind, Shape::List { .. }) {
                        Arity::Many
                    } else {
                        Arity::One
                    },
                    required: required.contains(member),
                    ..OptionSpec::one(cli)
                },
                member: member_ref,
            }),
        }
    }
    if let Some(paging) = pagination(&operation.name) {
        arguments.push(Argument {
            spec: OptionSpec::one("starting-token"),
            member: None,
        });
        if paging.limit_key.is_some() {
            arguments.push(Argument {
                spec: OptionSpec {
                    integer: true,
                    ..OptionSpec::one("page-size")
                },
                member: None,
            });
        }
        arguments.push(Argument {
            spec: OptionSpec {
                integer: true,
                ..OptionSpec::one("max-items")
            },
            member: None,
        });
    }
    for input in ["cli-input-json", "cli-input-yaml"] {
        arguments.push(Argument {
            spec: OptionSpec::one(input),
            member: None,
        });
    }
    arguments.push(Argument {
        spec: OptionSpec {
            arity: Arity::OneOrConstant,
            choices: Some(SKELETONS.iter().map(|s| s.to_string()).collect()),
            constant: Some("input".into()),
            ..OptionSpec::one("generate-cli-skeleton")
        },
        member: None,
    });
    arguments
}

/// What `--generate-cli-skeleton` takes.
const SKELETONS: [&str; 3] = ["input", "output", "yaml-input"];

/// True when no option is required, as in the aws CLI
/// (`OverrideRequiredArgsArgument`): `--cli-input-json` or
/// `--cli-input-yaml` is among the words (the request may come from it;
/// a member still missing is then botocore's "Missing required
/// parameter"), or `--generate-cli-skeleton` asks for an input skeleton
/// (`output` sends the request, so its options stay required).
fn required_overridden(words: &[String]) -> bool {
    words
        .iter()
        .any(|w| w == "--cli-input-json" || w == "--cli-input-yaml")
        || words
            .iter()
            .position(|w| w == "--generate-cli-skeleton")
            .is_some_and(|at| words.get(at + 1).map(String::as_str) != Some("output"))
}

/// Reads an operation's words into its request.
pub fn read(
    operation: &OperationModel,
    model: &Model,
    words: &[String],
    mut paginate: bool,
    files: &mut dyn Files,
) -> Result<Request, Failure> {
    let mut arguments = arguments(operation, model);
    if required_overridden(words) {
        for argument in &mut arguments {
            argument.spec.required = false;
        }
    }
    let parser = Parser {
        options: arguments.iter().map(|a| a.spec.clone()).collect(),
        positionals: vec![PositionalSpec {
            name: "help".into(),
            optional: true,
            choices: None,
        }],
    };
    let namespace = parser.parse_known(words).map_err(|e| Failure::Usage(e.0))?;
    let mut unknown = namespace.extras.clone();
    if let Some(help) = namespace.one("help") {
        if help == "help" {
            return Err(Failure::General(format!(
                "the console has no help pages: see https://docs.aws.amazon.com/cli/latest/reference/dynamodb/{}.html",
                operation.command
            )));
        }
        unknown.push(help.to_string());
    }
    if !unknown.is_empty() {
        return Err(Failure::UnknownOptions(unknown));
    }
    let paging = paging_options(&namespace);
    if let Some(paging_spec) = pagination(&operation.name) {
        // Giving the operation's own paging parameter turns pagination off.
        let own = [Some(paging_spec.input_token), paging_spec.limit_key];
        for member in own.into_iter().flatten() {
            let cli = crate::aws::kebab(member);
            if namespace.values.contains_key(&cli) {
                paginate = false;
            }
        }
        if !paginate {
            let mut used = Vec::new();
            if paging
                .starting_token
                .as_deref()
                .is_some_and(|t| !t.is_empty())
            {
                used.push("--starting-token");
            }
            if paging.page_size.is_some_and(|n| n != 0) {
                used.push("--page-size");
            }
            if paging.max_items.is_some_and(|n| n != 0) {
                used.push("--max-items");
            }
            if !used.is_empty() {
                return Err(Failure::Param(format!(
                    "Cannot specify --no-paginate along with pagination arguments: {}",
                    used.join(", ")
                )));
            }
        }
    }
    let mut params = Dict::new();
    for argument in &arguments {
        let Some((member, shape)) = &argument.member else {
            continue;
        };
        if argument.spec.arity == Arity::FlagFalse {
            // Its positive twin has put the shared value in already.
            continue;
        }
        let Some(parsed) = namespace.values.get(&argument.spec.dest) else {
            continue;
        };
        let cli = format!("--{}", argument.spec.name);
        let value = unpack(parsed, *shape, model, &cli, files)?;
        params.insert(member.clone(), value);
    }
    if let Some(document) = cli_input(&namespace, files)? {
        for (key, value) in document.into_entries() {
            if !params.contains(&key) {
                params.insert(key, value);
            }
        }
    }
    if let Some(paging_spec) = pagination(&operation.name) {
        let own = [Some(paging_spec.input_token), paging_spec.limit_key];
        if own.into_iter().flatten().any(|m| params.contains(m)) {
            paginate = false;
        }
    } else {
        paginate = false;
    }
    Ok(Request {
        params: Value::Dict(params),
        paging,
        paginate,
        skeleton: namespace.one("generate-cli-skeleton").map(str::to_string),
    })
}

fn paging_options(namespace: &Namespace) -> PagingOptions {
    let int = |name: &str| {
        namespace
            .one(name)
            .and_then(crate::args::shorthand::parse_int)
    };
    PagingOptions {
        page_size: int("page-size"),
        max_items: int("max-items"),
        starting_token: namespace.one("starting-token").map(str::to_string),
    }
}

/// `file://name` or `fileb://name` read; `None` when the value names no
/// file.
fn load_file(value: &str, cli: &str, files: &mut dyn Files) -> Result<Option<String>, Failure> {
    let (prefix, path) = if let Some(path) = value.strip_prefix("fileb://") {
        ("fileb://", path)
    } else if let Some(path) = value.strip_prefix("file://") {
        ("file://", path)
    } else {
        return Ok(None);
    };
    match files.read(path) {
        FileRead::Found(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Ok(Some(text.replace("\r\n", "\n"))),
            Err(e) if prefix == "fileb://" => {
                Ok(Some(String::from_utf8_lossy(e.as_bytes()).into_owned()))
            }
            Err(_) => Err(Failure::Param(format!(
                "Error parsing parameter '{cli}': Unable to load paramfile ({path}), text contents could not be decoded.  If this is a binary file, please use the fileb:// prefix instead of the file:// prefix."
            ))),
        },
        FileRead::Missing => Err(Failure::Param(format!(
            "Error parsing parameter '{cli}': Unable to load paramfile {value}: [Errno 2] No such file or directory: {}",
            crate::python::value::repr_str(path)
        ))),
    }
}

/// The request `--cli-input-json` or `--cli-input-yaml` gives, as the
/// aws CLI v2 reads it (`awscli/customizations/cliinput.py`): one of the
/// two at most, from `file://` when it names a file, a map, and (the
/// caller's part) filling only the members the command line left out.
/// Its messages are v2's, which name the option without its dashes when
/// the text does not read ("Invalid JSON received.") and with them when
/// it is not a map; v1 had only `--cli-input-json` and printed the JSON
/// reader's error.
fn cli_input(namespace: &Namespace, files: &mut dyn Files) -> Result<Option<Dict>, Failure> {
    let json = namespace.one("cli-input-json");
    let yaml = namespace.one("cli-input-yaml");
    let (name, text) = match (json, yaml) {
        (None, None) => return Ok(None),
        (Some(_), Some(_)) => {
            return Err(Failure::Param(
                "Only one --cli-input- parameter may be specified.".into(),
            ));
        }
        (Some(text), None) => ("cli-input-json", text),
        (None, Some(text)) => ("cli-input-yaml", text),
    };
    let cli = format!("--{name}");
    let text = load_file(text, &cli, files)?.unwrap_or(text.to_string());
    let invalid = |kind: &str| {
        Failure::Param(format!(
            "Error parsing parameter '{name}': Invalid {kind} received."
        ))
    };
    let document = if name == "cli-input-json" {
        match loads(&text) {
            Ok(document) => document,
            Err(JsonError::TooDeep(message)) => return Err(Failure::General(message)),
            Err(JsonError::Decode(_)) => return Err(invalid("JSON")),
        }
    } else {
        match crate::python::yaml::loads(&text) {
            Ok(document) => document,
            Err(YamlError::Invalid) => return Err(invalid("YAML")),
            Err(YamlError::NotRead(why)) => {
                return Err(Failure::Param(format!(
                    "Error parsing parameter '{name}': {why}."
                )));
            }
        }
    };
    match document {
        Value::Dict(document) => Ok(Some(document)),
        other => Err(Failure::Param(format!(
            "Error parsing parameter '{cli}': Invalid type: expecting map, received {}",
            other.type_name()
        ))),
    }
}

fn json_failure(cli: &str, error: &JsonError, received: &str) -> Failure {
    match error {
        JsonError::Decode(message) => Failure::Param(format!(
            "Error parsing parameter '{cli}': Invalid JSON: {message}\nJSON received: {received}"
        )),
        JsonError::TooDeep(message) => Failure::General(message.clone()),
    }
}

/// `_supports_shorthand_syntax`: a structure, a map, or a list of them.
fn takes_shorthand(shape: ShapeId, model: &Model) -> bool {
    match model.shape(shape) {
        Shape::Structure { .. } | Shape::Map { .. } => true,
        Shape::List { member, .. } => matches!(
            model.shape(*member),
            Shape::Structure { .. } | Shape::Map { .. } | Shape::List { .. }
        ),
        _ => false,
    }
}

fn looks_like_json(text: &str) -> bool {
    let trimmed = crate::python::value::strip(text);
    trimmed.starts_with('{') || trimmed.starts_with('[')
}

/// One option's value as the Python value the request holds.
fn unpack(
    parsed: &Parsed,
    shape: ShapeId,
    model: &Model,
    cli: &str,
    files: &mut dyn Files,
) -> Result<Value, Failure> {
    let general = |e: shorthand::ConversionError| Failure::General(e.0);
    // `file://` first: a list of one word is that word.
    let mut words: Vec<String> = match parsed {
        Parsed::Flag(flag) => return Ok(Value::Bool(*flag)),
        Parsed::One(word) => vec![word.clone()],
        Parsed::Many(words) => words.clone(),
    };
    let is_list = matches!(parsed, Parsed::Many(_));
    let mut single = !is_list;
    if words.len() == 1
        && let Some(contents) = load_file(&words[0], cli, files)?
    {
        words = vec![contents];
        single = true;
    }
    if takes_shorthand(shape, model) && !words.first().is_some_and(|w| looks_like_json(w)) {
        let mut file_reader = |path: &str| -> Option<Result<String, String>> {
            match load_file(path, cli, files) {
                Ok(Some(text)) => Some(Ok(text)),
                Ok(None) => None,
                Err(failure) => Some(Err(failure.message())),
            }
        };
        let mut value = if is_list && !single {
            let mut items = Vec::new();
            for word in &words {
                items.push(
                    shorthand::parse(word, &mut file_reader).map_err(|e| param_error(cli, &e.0))?,
                );
            }
            Value::List(items)
        } else {
            shorthand::parse(&words[0], &mut file_reader).map_err(|e| param_error(cli, &e.0))?
        };
        shorthand::shape_by_model(&mut value, shape, model).map_err(general)?;
        return Ok(value);
    }
    match model.shape(shape) {
        Shape::List { member, .. } => {
            if words.len() == 1 && looks_like_json(&words[0]) {
                return json_value(&words[0], cli);
            }
            let mut items = Vec::new();
            for word in &words {
                items.push(scalar_or_json(word, *member, model, cli)?);
            }
            Ok(Value::List(items))
        }
        _ => scalar_or_json(&words[0], shape, model, cli),
    }
}

fn param_error(cli: &str, message: &str) -> Failure {
    Failure::Param(format!("Error parsing parameter '{cli}': {message}"))
}

fn json_value(text: &str, cli: &str) -> Result<Value, Failure> {
    loads(text).map_err(|e| json_failure(cli, &e, text))
}

/// A word for a scalar member, or JSON for a structure or map one.
fn scalar_or_json(word: &str, shape: ShapeId, model: &Model, cli: &str) -> Result<Value, Failure> {
    let general = |e: shorthand::ConversionError| Failure::General(e.0);
    match model.shape(shape) {
        Shape::Structure { .. } | Shape::Map { .. } => {
            if looks_like_json(word) {
                json_value(word, cli)
            } else {
                Err(param_error(cli, &format!("Invalid JSON:\n{word}")))
            }
        }
        Shape::List { .. } => json_value(word, cli),
        Shape::Integer { .. } | Shape::Long { .. } => Ok(Value::Int(
            python_int(&Value::Str(word.to_string())).map_err(general)?,
        )),
        Shape::Double => Ok(Value::Float(
            python_float(&Value::Str(word.to_string())).map_err(general)?,
        )),
        Shape::Boolean => Ok(Value::Bool(
            !word.eq_ignore_ascii_case("false") && !word.is_empty(),
        )),
        _ => Ok(Value::Str(word.to_string())),
    }
}
