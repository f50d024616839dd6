//! The codec's behaviour: what goes in comes out, links stay short, and a
//! stranger's link is refused with a reason instead of opening wrong.

use engine::api::Operation;

use super::open::{capture, open};
use super::*;
use crate::model::failure::Failure;
use crate::model::gallery::commerce;

fn example() -> Document {
    capture(&commerce::playground())
}

#[test]
fn the_example_goes_through_a_link_and_comes_back_the_same() {
    let playground = commerce::playground();
    let link = encode_link(&capture(&playground)).unwrap();
    let fragment = format!("#{link}&panels=runner");
    let value = link_parameter(&fragment).unwrap();
    assert_eq!(open(decode_link(value).unwrap()).unwrap(), playground);
}

#[test]
fn the_example_goes_through_a_file_and_comes_back_the_same() {
    let playground = commerce::playground();
    let file = encode_file(&capture(&playground));
    assert!(
        file.contains("\"format\": \"ddbplay playground\""),
        "{file}"
    );
    assert_eq!(open(decode_file(&file).unwrap()).unwrap(), playground);
}

/// The sizes that chose the encoding, printed with `--nocapture`.
#[test]
fn link_sizes() {
    let document = example();
    let json = serde_json::to_vec(&document).unwrap();
    let packed = postcard::to_allocvec(&document).unwrap();
    let deflated = |bytes: &[u8]| miniz_oxide::deflate::compress_to_vec(bytes, LEVEL);
    let base64 = |bytes: Vec<u8>| URL_SAFE_NO_PAD.encode(bytes).len();
    let link = encode_link(&document).unwrap();
    println!(
        "commerce example: JSON {} B, JSON+deflate+base64 {} B, postcard {} B, postcard+deflate+base64 {} B, link {} B",
        json.len(),
        base64(deflated(&json)),
        packed.len(),
        base64(deflated(&packed)),
        link.len()
    );
    // The example's link, as the README gives it: a change to the
    // example, the format or the dictionary shows here.
    assert_eq!(link.len(), 242, "the example's link");
    // A playground a learner changed stays small too: what it changes
    // costs, what it keeps from the example does not.
    let mut changed = crate::model::gallery::commerce::playground();
    changed
        .chart
        .set_template("Product", "GSI1SK", "PRICE#{price:010.2}");
    changed.chart.entities[1].count = (2, 6);
    changed.seed = 7;
    changed.patterns.push(crate::model::patterns::pattern::AccessPattern::new("Orders of customer c3 placed in March", Operation::Query,
        serde_json::json!({"TableName": "commerce-main", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :march)",
               "ExpressionAttributeValues": {":pk": {"S": "CUST#c3"}, ":march": {"S": "ORDER#2024-03"}}}),
    ));
    let changed_link = encode_link(&super::open::capture(&changed)).unwrap();
    println!(
        "the example with a learner's changes: link {} B",
        changed_link.len()
    );
    assert_eq!(changed_link.len(), 345, "the changed example's link");
}

#[test]
fn a_link_from_a_newer_version_says_so() {
    assert_eq!(
        decode_link("8.AAAA").unwrap_err().to_string(),
        "it was made by a newer version of ddbplay (format 8; this page reads format 7 and older). Open it in the newest ddbplay"
    );
}

#[test]
fn damaged_links_are_refused_with_a_reason() {
    let link = encode_link(&example()).unwrap();
    let value = link_parameter(&link).unwrap();
    let check = |value: &str, expected: ShareError| {
        assert_eq!(decode_link(value).unwrap_err(), expected, "{value:.40}");
    };
    check("", ShareError::NoVersion);
    check("x.abc", ShareError::NoVersion);
    check("1.not base64!", ShareError::NotBase64);
    check(&value[..2 + (value.len() - 2) / 8 * 4], ShareError::Damaged);
    check("1.AAAA", ShareError::Damaged);
    let garbage = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"hello", 6));
    assert!(matches!(
        decode_link(&format!("1.{garbage}")),
        Err(ShareError::Unreadable(_))
    ));
}

#[test]
fn oversized_links_are_refused_before_they_are_read() {
    let long = format!("1.{}", "A".repeat(MAX_FRAGMENT_BYTES));
    assert_eq!(
        decode_link(&long).unwrap_err().to_string(),
        "it is 1.0 MB long, and the page reads at most 1.0 MB"
    );
}

#[test]
fn a_decompression_bomb_stops_at_eight_megabytes() {
    let zeros = vec![0u8; 64 * 1024 * 1024];
    for value in [
        format!(
            "1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&zeros, LEVEL))
        ),
        format!(
            "2.{}",
            URL_SAFE_NO_PAD.encode(super::deflate::deflate(&zeros))
        ),
    ] {
        assert!(value.len() < MAX_FRAGMENT_BYTES, "{}", value.len());
        assert_eq!(
            decode_link(&value).unwrap_err().to_string(),
            "it unpacks to more than 8.0 MB, more than a playground holds"
        );
    }
}

#[test]
fn files_that_are_not_playgrounds_say_what_they_are() {
    let message = |text: &str| decode_file(text).unwrap_err().to_string();
    assert!(message("not json").starts_with("it is damaged: it is not a ddbplay playground file"));
    assert_eq!(
        message(r#"{"format": "something else", "version": 1, "playground": {}}"#),
        "it is damaged: it says it is \"something else\", not a ddbplay playground"
    );
    assert!(
        message(r#"{"format": "ddbplay playground", "version": 8, "playground": {}}"#)
            .contains("newer version of ddbplay (format 8;")
    );
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let nested =
        format!(r#"{{"format": "ddbplay playground", "version": 1, "playground": {deep}}}"#);
    assert_eq!(
        message(&nested),
        "it is damaged: it nests more than 128 levels deep"
    );
}

#[test]
fn the_runner_fields_are_the_ones_format_1_names() {
    let mut playground = commerce::playground();
    playground.draft.form.forward = false;
    playground.draft.form.consistent = true;
    playground.draft.editing = Some(3);
    let runner = capture(&playground).runner;
    assert!(
        runner
            .keys()
            .all(|k| v1::RUNNER_FIELDS.contains(&k.as_str())),
        "{runner:?}"
    );
    assert_eq!(runner["backward"], "true");
    assert_eq!(runner["editing"], "3");
    assert_eq!(runner.len(), 6, "{runner:?}");
}

#[test]
fn a_runner_field_this_page_does_not_know_is_refused() {
    let mut document = example();
    document.runner.insert("colour".into(), "blue".into());
    assert_eq!(
        open(document).unwrap_err(),
        Failure::refused("The runner has a field \"colour\" this page does not know.")
    );
}

/// Writes format 2's dictionary: the example's document of the day. Run
/// once, when format 2 was made; the file is frozen with the format.
#[test]
#[ignore = "run by hand, once, to make format 2's dictionary"]
fn write_the_dictionary() {
    let packed = postcard::to_allocvec(&example()).unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/share/dictionary-v2.bin");
    std::fs::write(path, packed).unwrap();
}

#[test]
fn a_partiql_statement_in_the_runner_travels_in_the_current_format() {
    let mut playground = commerce::playground();
    playground.draft.form.operation = Operation::ExecuteStatement;
    playground.draft.form.statement = r#"SELECT * FROM "commerce-main" WHERE PK = ?"#.into();
    playground.draft.form.parameters = r#"[{"S": "CUST#c1"}]"#.into();
    let link = encode_link(&capture(&playground)).unwrap();
    assert!(link.starts_with("play=7."), "{link}");
    let value = link_parameter(&link).unwrap();
    assert_eq!(open(decode_link(value).unwrap()).unwrap(), playground);
    let file = encode_file(&capture(&playground));
    assert_eq!(open(decode_file(&file).unwrap()).unwrap(), playground);
}

#[test]
fn format_2_never_held_a_statement() {
    let mut document = example();
    document
        .runner
        .insert("statement".into(), "SELECT * FROM t".into());
    let file = encode_file(&document).replace("\"version\": 7", "\"version\": 2");
    let refused = decode_file(&file).unwrap_err().to_string();
    assert_eq!(
        refused,
        "it is damaged: its runner has a field \"statement\", which format 2 does not have"
    );
}

#[test]
fn the_runner_fields_are_the_ones_the_current_format_names() {
    let mut playground = commerce::playground();
    playground.draft.form.statement = "SELECT".into();
    playground.draft.form.parameters = "[]".into();
    playground.draft.form.request_items = "{}".into();
    let runner = capture(&playground).runner;
    assert!(
        runner
            .keys()
            .all(|k| super::v6::RUNNER_FIELDS.contains(&k.as_str())),
        "{runner:?}"
    );
    assert!(runner.contains_key("statement") && runner.contains_key("parameters"));
}

#[test]
fn a_partiql_pattern_and_the_select_it_is_compared_with_travel_together() {
    let mut playground = commerce::playground();
    let mut pattern = crate::model::patterns::pattern::AccessPattern::new(
        "A customer's orders, by attribute",
        Operation::ExecuteStatement,
        serde_json::json!({"Statement": "SELECT * FROM \"commerce-main\" WHERE customerId = 'c1'"}),
    );
    pattern.alternative = Some("SELECT * FROM \"commerce-main\" WHERE PK = 'CUST#c1'".into());
    playground.patterns.push(pattern);
    playground.draft.alternative = "SELECT 1".into();
    let link = encode_link(&capture(&playground)).unwrap();
    let value = link_parameter(&link).unwrap();
    assert_eq!(open(decode_link(value).unwrap()).unwrap(), playground);
    // Only a PartiQL pattern has a statement to compare with.
    let mut document = capture(&playground);
    document.patterns[0].alternative = Some("SELECT 1".into());
    assert!(
        open(document)
            .unwrap_err()
            .to_string()
            .contains("it has a statement to compare with, but is not a PartiQL SELECT."),
    );
}

/// A format 3 link of `document`, as a page of format 3 wrote it.
fn format_3_link(document: &Document) -> String {
    let old = v3::Document {
        table: document.table.clone().into(),
        entities: document.entities.clone(),
        seed: document.seed,
        patterns: document
            .patterns
            .iter()
            .map(|p| v3::Pattern {
                description: p.description.clone(),
                operation: p.operation.clone(),
                request: p.request.clone(),
                scan_filter: p.scan_filter.clone(),
                alternative: p.alternative.clone(),
            })
            .collect(),
        selected: document.selected,
        prices: document.prices,
        runner: document.runner.clone(),
        view: document.view.clone(),
        edits: document.edits.clone(),
        write_path: document.write_path.clone(),
    };
    let packed = postcard::to_allocvec(&old).unwrap();
    format!("3.{}", URL_SAFE_NO_PAD.encode(deflate::deflate(&packed)))
}

#[test]
fn budgets_rates_and_shards_travel_in_links_and_files() {
    let example = crate::model::gallery::find("sharding").unwrap();
    let mut playground = (example.playground)();
    playground.draft.settings.rate = "2500".into();
    playground.draft.settings.shards = "4".into();
    let link = encode_link(&capture(&playground)).unwrap();
    let opened = open(decode_link(link_parameter(&link).unwrap()).unwrap()).unwrap();
    assert_eq!(opened, playground);
    assert_eq!(opened.patterns[4].shards, Some(10));
    assert_eq!(opened.patterns[4].rate, 1_500.0);
    assert!(opened.patterns[0].budget.keyed);
    let file = encode_file(&capture(&playground));
    assert_eq!(open(decode_file(&file).unwrap()).unwrap(), playground);
}

#[test]
fn a_format_3_link_opens_with_no_budgets_rates_or_shards() {
    let document = example();
    let opened = open(decode_link(&format_3_link(&document)).unwrap()).unwrap();
    assert!(
        opened
            .patterns
            .iter()
            .all(|p| p.budget.is_empty() && p.rate == 0.0 && p.shards.is_none())
    );
    assert_eq!(opened.patterns.len(), document.patterns.len());
    let mut newer_runner = document.clone();
    newer_runner.runner.insert("rate".into(), "5".into());
    assert_eq!(
        decode_link(&format_3_link(&newer_runner))
            .unwrap_err()
            .to_string(),
        "it is damaged: its runner has a field \"rate\", which format 3 does not have"
    );
}

#[test]
fn a_link_whose_pattern_settings_are_impossible_is_refused_with_the_reason() {
    let mut document = example();
    document.patterns[1].shards = Some(1);
    assert!(
        open(document.clone())
            .unwrap_err()
            .to_string()
            .contains("from 2 to 100")
    );
    document.patterns[1].shards = None;
    document.patterns[1].rate = f64::NAN;
    assert!(
        open(document.clone())
            .unwrap_err()
            .to_string()
            .contains("Requests per second")
    );
    document.patterns[1].rate = 0.0;
    document.patterns[0].shards = Some(4);
    assert!(
        open(document)
            .unwrap_err()
            .to_string()
            .contains("not GetItem"),
        "a key lookup is not sharded"
    );
}

/// Every link the documentation shows (`play=N.…` in the README, the docs,
/// the static files and the code's doc comments) is of the current format.
#[test]
#[cfg(not(target_arch = "wasm32"))]
fn the_documentation_shows_links_of_the_current_format() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut texts: Vec<(String, String)> = Vec::new();
    fn walk(dir: &std::path::Path, into: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("testdata") {
                    walk(&path, into);
                }
            } else {
                into.push(path);
            }
        }
    }
    let mut files = vec![root.join("README.md")];
    for folder in ["docs", "static", "web/src"] {
        walk(&root.join(folder), &mut files);
    }
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let is_rust = file.extension().is_some_and(|e| e == "rs");
        let shown: String = text
            .lines()
            .filter(|l| {
                !is_rust || l.trim_start().starts_with("//!") || l.trim_start().starts_with("///")
            })
            .map(|l| format!("{l}\n"))
            .collect();
        texts.push((file.display().to_string(), shown));
    }
    assert!(texts.len() > 100, "read {} files", texts.len());
    let current = format!("play={VERSION}.");
    let mut stale = Vec::new();
    let mut shown = 0;
    for (file, text) in &texts {
        for (at, _) in text.match_indices("play=") {
            let rest = &text[at..];
            if rest.len() > 6 && rest.as_bytes()[5].is_ascii_digit() {
                shown += 1;
                if !rest.starts_with(&current) {
                    stale.push(format!("{file}: {}", &rest[..rest.len().min(12)]));
                }
            }
        }
    }
    assert!(shown >= 4, "found {shown} links in the documentation");
    assert!(stale.is_empty(), "links of an older format: {stale:#?}");
}
