//! Following the pages of Query, Scan, ListTables and ListTagsOfResource
//! as the aws CLI follows them (botocore's `PageIterator`).
//!
//! Every page is read until the output token (`LastEvaluatedKey`) is
//! absent; `--page-size` sets `Limit` on each request; `--max-items` stops
//! once that many items of the first result key are in hand, cutting the
//! page it stops in and leaving a `NextToken` that resumes there
//! (`{"ExclusiveStartKey": …, "boto_truncate_amount": n}`, as JSON with
//! Python's separators, in base64); `--starting-token` resumes from one,
//! skipping the items the earlier command already printed.
//!
//! The full result ([`full_result`]) keeps only the result keys — lists
//! joined, counts summed — the first page's non-aggregate keys (`null`
//! when absent: the familiar `"ConsumedCapacity": null`), and the
//! `NextToken`.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use super::failure::Failure;
use super::params::{Pagination, PagingOptions};
use crate::python::json::{dumps, loads};
use crate::python::{Dict, Value};

/// The pages read, and where a later command may resume.
#[derive(Clone, Debug, Default)]
pub struct Pages {
    /// Each page's answer, as read (the first page cut at its start when
    /// resuming, the last cut at its end when `--max-items` stopped in it).
    pub pages: Vec<Value>,
    /// The first page's non-aggregate keys (`ConsumedCapacity`).
    pub non_aggregate: Dict,
    /// The `NextToken` to print, when `--max-items` stopped early.
    pub next_token: Option<String>,
}

/// Reads every page: `call` sends one request's parameters and gives the
/// answer. A failure after some pages gives those pages and the failure.
pub fn follow(
    params: &Value,
    paging: &PagingOptions,
    spec: &Pagination,
    call: &mut dyn FnMut(&Value) -> Result<Value, Failure>,
) -> (Pages, Option<Failure>) {
    let mut pages = Pages::default();
    match follow_into(params, paging, spec, call, &mut pages) {
        Ok(()) => (pages, None),
        Err(failure) => (pages, Some(failure)),
    }
}

fn follow_into(
    params: &Value,
    paging: &PagingOptions,
    spec: &Pagination,
    call: &mut dyn FnMut(&Value) -> Result<Value, Failure>,
    out: &mut Pages,
) -> Result<(), Failure> {
    let mut kwargs = params.as_dict().cloned().unwrap_or_default();
    let mut next_token: Option<Value> = None;
    let mut starting_truncation: i64 = 0;
    if let Some(token) = &paging.starting_token {
        let (token, truncation) = parse_starting_token(token, spec)?;
        inject(&mut kwargs, spec, &token);
        next_token = Some(token);
        starting_truncation = truncation;
    }
    if let (Some(size), Some(limit)) = (paging.page_size, spec.limit_key) {
        kwargs.insert(limit, Value::Int(size));
    }
    let primary = spec.result_keys[0];
    let mut total: i64 = 0;
    let mut previous: Option<Value> = None;
    let mut first = true;
    loop {
        let mut page = call(&Value::Dict(kwargs.clone()))?;
        let page_dict = match &mut page {
            Value::Dict(dict) => dict,
            _ => return Ok(()),
        };
        if first {
            if paging.starting_token.is_some() {
                let skip = usize::try_from(starting_truncation.max(0)).unwrap_or(usize::MAX);
                if let Some(Value::List(items)) = page_dict.get_mut(primary) {
                    let skip = skip.min(items.len());
                    items.drain(..skip);
                }
            } else {
                starting_truncation = 0;
            }
            for key in spec.non_aggregate_keys {
                out.non_aggregate
                    .insert(*key, page_dict.get(key).cloned().unwrap_or(Value::None));
            }
            first = false;
        } else {
            starting_truncation = 0;
        }
        let in_page = match page_dict.get(primary) {
            Some(Value::List(items)) => items.len() as i64,
            _ => 0,
        };
        let over = paging.max_items.map(|max| total + in_page - max);
        if let Some(over) = over.filter(|over| *over > 0) {
            let keep = in_page - over;
            if let Some(Value::List(items)) = page_dict.get_mut(primary) {
                items.truncate(usize::try_from(keep.max(0)).unwrap_or(0));
            }
            let mut token = next_token
                .clone()
                .unwrap_or_else(|| empty_token(spec))
                .as_dict()
                .cloned()
                .unwrap_or_default();
            token.insert(
                "boto_truncate_amount",
                Value::Int(keep + starting_truncation),
            );
            out.next_token = Some(encode_token(&Value::Dict(token)));
            out.pages.push(page);
            return Ok(());
        }
        out.pages.push(page.clone());
        total += in_page;
        let token = match page.as_dict().and_then(|d| d.get(spec.output_token)) {
            Some(value) if value.is_truthy() => value.clone(),
            _ => return Ok(()),
        };
        let mut token_dict = Dict::new();
        token_dict.insert(spec.input_token, token);
        let token = Value::Dict(token_dict);
        if paging.max_items == Some(total) {
            out.next_token = Some(encode_token(&token));
            return Ok(());
        }
        if previous.as_ref() == Some(&token) {
            return Err(Failure::General(format!(
                "Error during pagination: The same next token was received twice: {}",
                token.repr()
            )));
        }
        inject(&mut kwargs, spec, &token);
        previous = Some(token.clone());
        next_token = Some(token);
    }
}

fn empty_token(spec: &Pagination) -> Value {
    let mut token = Dict::new();
    token.insert(spec.input_token, Value::None);
    Value::Dict(token)
}

/// Puts a token's value in the request, or takes it out when it is none.
fn inject(kwargs: &mut Dict, spec: &Pagination, token: &Value) {
    match token.as_dict().and_then(|d| d.get(spec.input_token)) {
        Some(value) if *value != Value::None && *value != Value::Str("None".into()) => {
            kwargs.insert(spec.input_token, value.clone());
        }
        _ => {
            kwargs.remove(spec.input_token);
        }
    }
}

/// A token as the CLI writes it: `json.dumps` of the dict, in base64. A
/// binary key value (`B`) is written as base64 once more and its path
/// listed under `boto_encoded_keys`, as botocore does for bytes.
pub fn encode_token(token: &Value) -> String {
    let mut encoded = Vec::new();
    if let Some(Value::Dict(key)) = token.as_dict().and_then(|d| {
        d.iter()
            .find(|(k, _)| k.as_str() != "boto_truncate_amount")
            .map(|(_, v)| v)
    }) {
        for (name, value) in key.iter() {
            if value.as_dict().is_some_and(|v| v.contains("B")) {
                encoded.push(name.clone());
            }
        }
    }
    let text = if encoded.is_empty() {
        dumps(token)
    } else {
        let mut token = token.as_dict().cloned().unwrap_or_default();
        let input = token.keys().next().cloned().unwrap_or_default();
        let mut paths = Vec::new();
        if let Some(Value::Dict(key)) = token.get_mut(&input) {
            for name in &encoded {
                if let Some(Value::Dict(attribute)) = key.get_mut(name)
                    && let Some(Value::Str(b)) = attribute.get("B").cloned()
                {
                    attribute.insert("B", Value::Str(STANDARD.encode(b.as_bytes())));
                    paths.push(Value::List(vec![
                        Value::Str(input.clone()),
                        Value::Str(name.clone()),
                        Value::Str("B".into()),
                    ]));
                }
            }
        }
        token.insert("boto_encoded_keys", Value::List(paths));
        dumps(&Value::Dict(token))
    };
    STANDARD.encode(text.as_bytes())
}

/// `--starting-token`: the token's dict and how many items of its first
/// page to skip. A token that does not decode is read the old way
/// (`value___index`), and a plain word is the input token itself.
fn parse_starting_token(token: &str, spec: &Pagination) -> Result<(Value, i64), Failure> {
    if let Some(mut decoded) = decode_token(token) {
        let skip = match decoded.remove("boto_truncate_amount") {
            Some(Value::Int(n)) => n,
            Some(Value::Bool(b)) => i64::from(b),
            _ => 0,
        };
        if let Some(Value::List(paths)) = decoded.remove("boto_encoded_keys") {
            for path in paths {
                decode_path(&mut decoded, &path);
            }
        }
        return Ok((Value::Dict(decoded), skip));
    }
    let mut parts: Vec<&str> = token.split("___").collect();
    let mut index = 0;
    if parts.len() == 2 {
        match crate::args::shorthand::parse_int(parts[1]) {
            Some(n) => {
                index = n;
                parts.pop();
            }
            None => parts = vec![token],
        }
    }
    if parts.len() > 1 {
        return Err(Failure::General(format!("Bad starting token: {token}")));
    }
    let mut dict = Dict::new();
    dict.insert(
        spec.input_token,
        match parts[0] {
            "None" => Value::None,
            part => Value::Str(part.to_string()),
        },
    );
    Ok((Value::Dict(dict), index))
}

fn decode_token(token: &str) -> Option<Dict> {
    let bytes = crate::call::shapes::decode_base64(token).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let mut value = loads(&text).ok()?;
    if let Value::Dict(dict) = &mut value {
        dict.ordered = false;
        return Some(dict.clone());
    }
    None
}

/// Turns a `boto_encoded_keys` path's base64 back into the value it was.
fn decode_path(token: &mut Dict, path: &Value) {
    let Some(steps) = path.as_list() else { return };
    let mut steps = steps.iter().filter_map(Value::as_str);
    let (Some(input), Some(name), Some(kind)) = (steps.next(), steps.next(), steps.next()) else {
        return;
    };
    if let Some(Value::Dict(key)) = token.get_mut(input)
        && let Some(Value::Dict(attribute)) = key.get_mut(name)
        && let Some(Value::Str(encoded)) = attribute.get(kind).cloned()
        && let Ok(bytes) = crate::call::shapes::decode_base64(&encoded)
    {
        attribute.insert(
            kind,
            Value::Str(String::from_utf8_lossy(&bytes).into_owned()),
        );
    }
}

/// `build_full_result`: the result keys joined across the pages, then the
/// first page's non-aggregate keys, then the `NextToken`.
pub fn full_result(pages: &Pages, spec: &Pagination) -> Value {
    let mut complete = Dict::new();
    for page in &pages.pages {
        let Some(page) = page.as_dict() else { continue };
        for key in spec.result_keys {
            let Some(value) = page.get(key) else { continue };
            match (complete.get_mut(key), value) {
                (None, _) => complete.insert(*key, value.clone()),
                (Some(Value::List(existing)), Value::List(more)) => {
                    existing.extend(more.iter().cloned())
                }
                (Some(Value::Int(existing)), Value::Int(more)) => *existing += more,
                (Some(Value::Float(existing)), Value::Float(more)) => *existing += more,
                _ => {}
            }
        }
    }
    for (key, value) in pages.non_aggregate.iter() {
        complete.insert(key.clone(), value.clone());
    }
    if let Some(token) = &pages.next_token {
        complete.insert("NextToken", Value::Str(token.clone()));
    }
    Value::Dict(complete)
}

/// The pages as `--output text` prints them: each page's result keys, the
/// first page's non-aggregate keys first.
pub fn text_pages(pages: &Pages, spec: &Pagination) -> Vec<Value> {
    let mut out = Vec::new();
    for (i, page) in pages.pages.iter().enumerate() {
        let mut current = if i == 0 {
            pages.non_aggregate.clone()
        } else {
            Dict::new()
        };
        for key in spec.result_keys {
            let value = page
                .as_dict()
                .and_then(|d| d.get(key))
                .cloned()
                .unwrap_or(Value::None);
            current.insert(*key, value);
        }
        out.push(Value::Dict(current));
    }
    out
}
