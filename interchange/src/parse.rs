//! Text to a JSON value, within the bounds: JSON by serde_json, YAML by
//! serde_yaml_ng (whose reader stops at 128 levels and at aliases that
//! would repeat a value past all measure). YAML's tags — CloudFormation's
//! short forms `!Ref`, `!Sub`, `!GetAtt` — become the long forms
//! (`{"Ref": …}`, `{"Fn::Sub": …}`), which a reader then names when it
//! meets one where it needs a literal.

use serde_json::{Map, Number, Value as Json};
use serde_yaml_ng::Value as Yaml;

use crate::limits::MAX_DEPTH;
use crate::refusal::{Refusal, refuse};

/// `text` read as JSON, no deeper than [`MAX_DEPTH`].
pub fn json(text: &str) -> Result<Json, Refusal> {
    let value: Json =
        serde_json::from_str(text).map_err(|e| Refusal(format!("the file is not JSON: {e}")))?;
    check_depth(&value)?;
    Ok(value)
}

/// `text` read as YAML (of which JSON is a part), no deeper than
/// [`MAX_DEPTH`].
///
/// The YAML reader's time grows with the square of how deep `[` and `{`
/// nest (a megabyte of `{a: ` takes minutes), and it reads the whole text
/// before its own depth limit applies: so brackets are counted first,
/// wherever they stand — in a quoted string or a comment too, which
/// only refuses a template no one writes.
pub fn yaml(text: &str) -> Result<Json, Refusal> {
    let mut depth = 0usize;
    for byte in text.bytes() {
        match byte {
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return too_deep();
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let value: Yaml =
        serde_yaml_ng::from_str(text).map_err(|e| Refusal(format!("the file is not YAML: {e}")))?;
    convert(value, 0)
}

/// Refuses a value nested deeper than [`MAX_DEPTH`], walking it without
/// recursion.
pub fn check_depth(value: &Json) -> Result<(), Refusal> {
    let mut stack = vec![(value, 0usize)];
    while let Some((value, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return too_deep();
        }
        match value {
            Json::Array(list) => stack.extend(list.iter().map(|v| (v, depth + 1))),
            Json::Object(map) => stack.extend(map.values().map(|v| (v, depth + 1))),
            _ => {}
        }
    }
    Ok(())
}

fn too_deep<T>() -> Result<T, Refusal> {
    refuse(format!(
        "the file nests values more than {MAX_DEPTH} levels deep"
    ))
}

fn convert(value: Yaml, depth: usize) -> Result<Json, Refusal> {
    if depth > MAX_DEPTH {
        return too_deep();
    }
    Ok(match value {
        Yaml::Null => Json::Null,
        Yaml::Bool(b) => Json::Bool(b),
        Yaml::Number(n) => {
            if let Some(i) = n.as_i64() {
                Json::Number(i.into())
            } else if let Some(u) = n.as_u64() {
                Json::Number(u.into())
            } else {
                n.as_f64()
                    .and_then(Number::from_f64)
                    .map_or(Json::Null, Json::Number)
            }
        }
        Yaml::String(s) => Json::String(s),
        Yaml::Sequence(list) => Json::Array(
            list.into_iter()
                .map(|v| convert(v, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Yaml::Mapping(mapping) => {
            let mut out = Map::new();
            for (key, value) in mapping {
                let key = match key {
                    Yaml::String(s) => s,
                    Yaml::Bool(b) => b.to_string(),
                    Yaml::Number(n) => n.to_string(),
                    _ => return refuse("the file has a key that is not text"),
                };
                out.insert(key, convert(value, depth + 1)?);
            }
            Json::Object(out)
        }
        Yaml::Tagged(tagged) => {
            let name = tagged.tag.to_string();
            let name = name.trim_start_matches('!');
            let function = match name {
                "Ref" | "Condition" => name.to_string(),
                other => format!("Fn::{other}"),
            };
            let mut out = Map::new();
            out.insert(function, convert(tagged.value, depth + 1)?);
            Json::Object(out)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn short_form_functions_become_long_forms() {
        let value =
            yaml("TableName: !Sub '${AWS::StackName}-orders'\nArn: !GetAtt Orders.Arn\n").unwrap();
        assert_eq!(
            value,
            json!({"TableName": {"Fn::Sub": "${AWS::StackName}-orders"}, "Arn": {"Fn::GetAtt": "Orders.Arn"}})
        );
    }

    #[test]
    fn values_nested_too_deep_are_refused() {
        let deep = format!(
            "{}1{}",
            "[".repeat(MAX_DEPTH + 2),
            "]".repeat(MAX_DEPTH + 2)
        );
        assert_eq!(
            json(&deep).unwrap_err().0,
            "the file nests values more than 64 levels deep"
        );
        assert_eq!(
            yaml(&deep).unwrap_err().0,
            "the file nests values more than 64 levels deep"
        );
    }
}
