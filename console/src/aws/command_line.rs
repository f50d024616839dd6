//! A request written as the `aws dynamodb` command that makes it: what
//! "Copy as aws CLI" gives for a request of the runner or an access
//! pattern, so that it can be run in a terminal (or the console) as it is.
//!
//! Each member becomes its option in the model's order: a boolean a flag
//! (`--consistent-read`, `--no-consistent-read`), a number or a string its
//! word (quoted for the shell when it must be), a list of strings its
//! words, and anything else JSON in single quotes — which the CLI reads
//! back exactly. One option a line, continued with `\`.

use crate::model::{Model, Shape, model};
use crate::python::json::{dumps, loads};
use crate::python::value::Value;

/// Why a request cannot be written as a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotACommand(pub String);

/// A word as the shell reads it back: bare when it holds nothing the shell
/// treats specially, in single quotes otherwise (a `'` inside written as
/// `'\''`).
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_@%+=:,./-#".contains(c))
        && !word.starts_with('#');
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The command for `operation` (`Query`) with `body`, DynamoDB's JSON.
pub fn command_line(operation: &str, body: &str) -> Result<String, NotACommand> {
    let model: &Model = model();
    let Some(spec) = model.by_name(operation) else {
        return Err(NotACommand(format!(
            "{operation} is not an aws dynamodb command"
        )));
    };
    let request = loads(body).map_err(|e| NotACommand(format!("the request is not JSON: {e}")))?;
    let Some(request) = request.as_dict() else {
        return Err(NotACommand("the request is not a JSON object".into()));
    };
    let mut lines = vec![format!("aws dynamodb {}", spec.command)];
    for (member, cli) in &spec.options {
        let Some(value) = request.get(member) else {
            continue;
        };
        let Some(shape) = model.member(spec.input, member) else {
            continue;
        };
        let option = match (model.shape(shape), value) {
            (Shape::Boolean, Value::Bool(true)) => format!("--{cli}"),
            (Shape::Boolean, Value::Bool(false)) => format!("--no-{cli}"),
            (Shape::List { member, .. }, Value::List(items))
                if !items.is_empty()
                    && matches!(model.shape(*member), Shape::String { .. })
                    && items.iter().all(|i| matches!(i, Value::Str(_))) =>
            {
                let words: Vec<String> = items.iter().map(|i| quote(&i.to_str())).collect();
                format!("--{cli} {}", words.join(" "))
            }
            // A value starting with `-` would read as an option: it goes
            // in the option's own word (`--table-name=-x`).
            (_, Value::Str(text)) if text.starts_with('-') => quote(&format!("--{cli}={text}")),
            (_, Value::Str(text)) => format!("--{cli} {}", quote(text)),
            (_, Value::Int(_) | Value::Float(_)) => format!("--{cli} {}", dumps(value)),
            (_, other) => format!("--{cli} {}", quote(&dumps(other))),
        };
        lines.push(option);
    }
    Ok(lines.join(" \\\n    "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_written_one_option_a_line_in_the_models_order() {
        let body = r#"{"ExpressionAttributeValues": {":pk": {"S": "CUST#c1"}}, "TableName": "commerce-main", "KeyConditionExpression": "PK = :pk", "ScanIndexForward": false, "Limit": 10, "ConsistentRead": true}"#;
        assert_eq!(
            command_line("Query", body).unwrap(),
            "aws dynamodb query \\\n    --table-name commerce-main \\\n    --limit 10 \\\n    --consistent-read \\\n    --no-scan-index-forward \\\n    --key-condition-expression 'PK = :pk' \\\n    --expression-attribute-values '{\":pk\": {\"S\": \"CUST#c1\"}}'"
        );
    }

    #[test]
    fn a_quote_inside_a_value_survives_the_shell() {
        assert_eq!(quote("it's"), "'it'\\''s'");
        assert_eq!(quote("#n"), "'#n'");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote(""), "''");
    }
}
