//! Links a stranger might send, and what the page must say to each. The
//! cases are committed as `tests/e2e/fixtures/hostile-links.json`, which
//! the browser tests open one by one; this test keeps that file and the
//! page's behaviour in step. (Links too large to commit — a decompression
//! bomb, a fragment over 1 MB — are made by the browser test itself and
//! checked natively in `tests.rs`.)

use crate::model::failure::Failure;
use std::collections::BTreeMap;

use engine::api::Operation;
use serde_json::{Value as Json, json};

use super::open::capture;
use super::*;
use crate::embed::Options;
use crate::model::data::edits::{Edit, Edits};
use crate::model::gallery::commerce;
use crate::model::patterns::pattern::AccessPattern;
use crate::saved::{Library, Shelf};
use crate::session;

const FIXTURE: &str = include_str!("../../../tests/e2e/fixtures/hostile-links.json");

/// A browser that keeps nothing: a stranger's, opening a link.
#[derive(Default)]
pub struct Empty;

impl Shelf for Empty {
    fn get(&self, _: &str) -> Option<String> {
        None
    }
    fn set(&mut self, _: &str, _: &str) -> Result<(), Failure> {
        Ok(())
    }
    fn remove(&mut self, _: &str) {}
    fn keys(&self, _: &str) -> Vec<String> {
        Vec::new()
    }
}

/// Markup that would run script if the page ever put text in as HTML.
pub const SCRIPT: &str = "<img src=x onerror=\"window.__xss=1\"><script>window.__xss=1</script>";

fn link(playground: &crate::model::playground::Playground) -> String {
    encode_link(&capture(playground)).unwrap()
}

/// A link whose first pattern's request is JSON nested 10,000 deep.
fn deeply_nested() -> String {
    let mut playground = commerce::playground();
    playground.patterns[0].request = json!("PLACEHOLDER");
    let document = capture(&playground);
    let packed = postcard::to_allocvec(&document).unwrap();
    let marker = postcard::to_allocvec(&"\"PLACEHOLDER\"".to_string()).unwrap();
    let at = packed
        .windows(marker.len())
        .position(|w| w == marker.as_slice())
        .unwrap();
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let mut patched = packed[..at].to_vec();
    patched.extend(postcard::to_allocvec(&deep).unwrap());
    patched.extend(&packed[at + marker.len()..]);
    let compressed = super::deflate::deflate(&patched);
    format!("play={VERSION}.{}", URL_SAFE_NO_PAD.encode(compressed))
}

/// A playground with markup in every text a learner can type and the
/// page shows, where DynamoDB allows it.
fn scripts_everywhere() -> String {
    let mut p = commerce::playground();
    p.chart.rename_entity("Customer", SCRIPT);
    p.chart.entities[3].attributes[1].generator =
        crate::model::design::chart::Generator::Choice(vec![SCRIPT.into(), "games".into()]);
    p.chart
        .set_template("Product", "SK", &format!("PRODUCT{SCRIPT}"));
    for pattern in &mut p.patterns {
        pattern.description = format!("{} {SCRIPT}", pattern.description);
    }
    p.patterns.push(AccessPattern::new(
        SCRIPT,
        Operation::Query,
        json!({"TableName": "commerce-main", "KeyConditionExpression": SCRIPT}),
    ));
    p.draft.description = SCRIPT.into();
    p.draft.form.key_condition = SCRIPT.into();
    p.draft.form.values = SCRIPT.into();
    p.edits = Edits::from_changes(
        [Edit::Put(
            json!({"PK": {"S": SCRIPT}, "SK": {"S": SCRIPT}, "note": {"S": SCRIPT}}),
        )],
        &p.chart.table,
    )
    .unwrap();
    link(&p)
}

/// The cases: name, fragment, and the notice the page shows (empty when
/// the link opens).
fn cases() -> Vec<(&'static str, String, String)> {
    let failed = |why: &str| {
        format!(
            "{} The example is shown instead.",
            crate::store::sentence(session::LINK_FAILED, &why)
        )
    };
    let example = link(&commerce::playground());
    let mut script_table = commerce::playground();
    script_table.chart.table.name = SCRIPT.into();
    let mut millions = commerce::playground();
    millions.chart.entities[0].count = (1_000_000, 1_000_000);
    let mut too_many = commerce::playground();
    too_many.chart.entities[0].count = (100_000, 100_000);
    vec![
        (
            "garbage",
            "play=this-is-not-a-link".into(),
            failed("it does not say which format it is in"),
        ),
        (
            "truncated",
            example[..7 + (example.len() - 7) / 8 * 4].to_string(),
            failed("it is damaged: its data does not unpack (was it cut short?)"),
        ),
        (
            "newer",
            "play=8.AAAA".into(),
            failed(
                "it was made by a newer version of ddbplay (format 8; this page reads format 7 and older). Open it in the newest ddbplay",
            ),
        ),
        (
            "deeply nested",
            deeply_nested(),
            failed("Access pattern 1: its request: it nests more than 128 levels deep."),
        ),
        ("script in every text", scripts_everywhere(), String::new()),
        (
            "script as the table name",
            link(&script_table),
            failed(&format!(
                "ValidationException: 1 validation error detected: Value '{SCRIPT}' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
            )),
        ),
        (
            "a million customers",
            link(&millions),
            failed("Customer: the count must be a range from low to high, at most 100000."),
        ),
        (
            "too many items in all",
            link(&too_many),
            failed(
                "This chart would generate about 2375036 items; the page holds at most 250000. Lower a count.",
            ),
        ),
    ]
}

/// What the page shows when it opens on `fragment` (empty: it opened).
fn notice_for(fragment: &str) -> String {
    let started = session::start(
        fragment,
        &Options::default(),
        &mut Library { shelf: Empty },
        0.0,
    );
    started.notice.map(|n| n.text).unwrap_or_default()
}

/// Writes the fixture: how `tests/e2e/fixtures/hostile-links.json` was made.
#[test]
#[ignore = "run by hand to write the browser tests' fixture"]
fn write_the_fixture() {
    let cases: Vec<Json> = cases()
        .into_iter()
        .map(|(name, fragment, message)| json!({"name": name, "fragment": fragment, "message": message}))
        .collect();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/e2e/fixtures/hostile-links.json"
    );
    std::fs::write(path, serde_json::to_string_pretty(&cases).unwrap() + "\n").unwrap();
}

#[test]
fn every_hostile_link_is_refused_with_the_message_the_browser_test_expects() {
    let fixture: Vec<BTreeMap<String, String>> = serde_json::from_str(FIXTURE).unwrap();
    let expected = cases();
    assert_eq!(fixture.len(), expected.len());
    for (case, (name, fragment, message)) in fixture.iter().zip(expected) {
        assert_eq!(case["name"], name);
        assert_eq!(
            case["fragment"], fragment,
            "{name}: the fixture is out of date"
        );
        assert_eq!(case["message"], message, "{name}");
        assert_eq!(notice_for(&fragment), message, "{name}");
    }
}
