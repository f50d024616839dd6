//! `--output text`, as `awscli/text.py` writes it: one line per object of
//! scalars (its keys sorted, values joined by tabs, led by the upper-cased
//! name of the key it sits under), lists of objects as rows under the
//! union of their scalar keys, and everything nested after, in sorted key
//! order.

use crate::python::{Dict, Value};

/// The text of a value (several lines, each ending in a newline).
pub fn format_text(value: &Value) -> String {
    let mut out = String::new();
    item(value, &mut out, None, None, 0);
    out
}

fn item(
    value: &Value,
    out: &mut String,
    identifier: Option<&str>,
    scalar_keys: Option<&[String]>,
    depth: usize,
) {
    if depth > crate::limits::MAX_JSON_DEPTH {
        return;
    }
    match value {
        Value::Dict(dict) => format_dict(dict, out, identifier, scalar_keys, depth),
        Value::List(items) => format_list(items, out, identifier, depth),
        scalar => {
            out.push_str(&scalar.to_str());
            out.push('\n');
        }
    }
}

fn format_list(items: &[Value], out: &mut String, identifier: Option<&str>, depth: usize) {
    if items.is_empty() {
        return;
    }
    if items.iter().any(|i| matches!(i, Value::Dict(_))) {
        let keys = all_scalar_keys(items);
        for element in items {
            item(element, out, identifier, Some(&keys), depth + 1);
        }
    } else if items.iter().any(|i| matches!(i, Value::List(_))) {
        let (scalars, nested): (Vec<&Value>, Vec<&Value>) =
            items.iter().partition(|i| i.is_scalar());
        if !scalars.is_empty() {
            scalar_list(&scalars, out, identifier);
        }
        for element in nested {
            item(element, out, identifier, None, depth + 1);
        }
    } else {
        let scalars: Vec<&Value> = items.iter().collect();
        scalar_list(&scalars, out, identifier);
    }
}

fn scalar_list(items: &[&Value], out: &mut String, identifier: Option<&str>) {
    match identifier {
        Some(identifier) => {
            for element in items {
                out.push_str(&format!("{}\t{}\n", upper(identifier), element.to_str()));
            }
        }
        None => {
            let joined: Vec<String> = items.iter().map(|v| v.to_str()).collect();
            out.push_str(&joined.join("\t"));
            out.push('\n');
        }
    }
}

fn format_dict(
    dict: &Dict,
    out: &mut String,
    identifier: Option<&str>,
    scalar_keys: Option<&[String]>,
    depth: usize,
) {
    let mut scalars: Vec<String> = Vec::new();
    let mut nested: Vec<(String, &Value)> = Vec::new();
    match scalar_keys {
        None => {
            let mut entries: Vec<(&String, &Value)> = dict.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            for (key, value) in entries {
                if value.is_scalar() {
                    scalars.push(value.to_str());
                } else {
                    nested.push((key.clone(), value));
                }
            }
        }
        Some(keys) => {
            for key in keys {
                scalars.push(dict.get(key).map_or(String::new(), Value::to_str));
            }
            let mut remaining: Vec<&String> = dict.keys().filter(|k| !keys.contains(k)).collect();
            remaining.sort();
            for key in remaining {
                if let Some(value) = dict.get(key) {
                    nested.push((key.clone(), value));
                }
            }
        }
    }
    if !scalars.is_empty() {
        if let Some(identifier) = identifier {
            scalars.insert(0, upper(identifier));
        }
        out.push_str(&scalars.join("\t"));
        out.push('\n');
    }
    for (key, value) in nested {
        item(value, out, Some(&key), None, depth + 1);
    }
}

/// The sorted union of the keys holding scalars in any of the objects.
fn all_scalar_keys(items: &[Value]) -> Vec<String> {
    let mut keys: Vec<String> = items
        .iter()
        .filter_map(Value::as_dict)
        .flat_map(|d| {
            d.iter()
                .filter(|(_, v)| v.is_scalar())
                .map(|(k, _)| k.clone())
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// Python's `str.upper()` (full case mapping: `ß` becomes `SS`).
fn upper(text: &str) -> String {
    text.to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::python::json::loads;

    #[test]
    fn a_description_prints_its_scalars_then_each_nested_part() {
        let table = loads(r#"{"Table": {"TableName": "TA", "TableStatus": "ACTIVE", "ItemCount": 0, "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"}}}"#).unwrap();
        assert_eq!(
            format_text(&table),
            "TABLE\t0\tTA\tACTIVE\nBILLINGMODESUMMARY\tPAY_PER_REQUEST\nKEYSCHEMA\tpk\tHASH\n"
        );
    }

    #[test]
    fn items_print_attribute_by_attribute_with_the_union_of_scalar_keys() {
        let items = loads(r#"{"Items": [{"Artist": {"S": "Acme"}, "L": {"L": [{"S": "x"}, {"NULL": true}]}, "SS": {"SS": ["a", "b"]}}]}"#).unwrap();
        assert_eq!(
            format_text(&items),
            "ARTIST\tAcme\nL\t\tx\nL\tTrue\t\nSS\ta\nSS\tb\n"
        );
    }

    #[test]
    fn a_list_of_scalars_without_a_name_is_one_line() {
        let value = loads(r#"["Song1", "Song2"]"#).unwrap();
        assert_eq!(format_text(&value), "Song1\tSong2\n");
        assert_eq!(format_text(&Value::None), "None\n");
    }
}
