//! Links and files made by this version, committed, and what they must
//! open to in every later release: the same design, the same items, the
//! same numbers.

use crate::model::failure::Failure;
use std::rc::Rc;

use engine::api::Operation;
use serde_json::json;
use yew::Reducible;

use super::open::{capture, open};
use super::*;
use crate::model::gallery::commerce;
use crate::model::measure::compare::Measured;
use crate::model::patterns::pattern::AccessPattern;
use crate::store::{Action, Change, ConsoleAction, State};

/// A link of format 1: a changed design and chart, a pattern of the
/// learner's selected, other prices, a request typed in the runner, the
/// data view on GSI1, and items put, updated and deleted by hand.
const LINK_V1: &str = include_str!("testdata/link-v1.txt");

/// A file of format 1 that leaves out everything it may (prices, runner,
/// view, edits): their frozen defaults apply.
const FILE_V1_MINIMAL: &str = include_str!("testdata/minimal-v1.ddbplay.json");

/// The example as it was when format 1 was made, which the minimal file
/// spells out.
fn example_of_format_1() -> State {
    State::open(open(decode_file(FILE_V1_MINIMAL).unwrap()).unwrap()).unwrap()
}

/// The playground [`LINK_V1`] was made from, built through the page's own
/// actions on the example of the time.
fn crafted() -> State {
    let state = Rc::new(example_of_format_1());
    let mut chart = state.chart.clone();
    chart.set_template("Product", "GSI1SK", "PRICE#{price:010.2}");
    chart.entities[1].count = (2, 6);
    let state = state.reduce(Action::SetChart { chart, seed: 7 });
    let pattern = AccessPattern::new(
        "Orders of customer c3 placed in March",
        Operation::Query,
        json!({"TableName": "commerce-main", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :march)",
               "ExpressionAttributeValues": {":pk": {"S": "CUST#c3"}, ":march": {"S": "ORDER#2024-03"}}}),
    );
    let state = state.reduce(Action::SavePattern {
        index: None,
        pattern,
    });
    let state = state.reduce(Action::SetReadPrice(0.25));
    let state = state.reduce(Action::SetRequestsPerMonth(2_500_000.0));
    let state = state.reduce(Action::EditDraft {
        update: |d, _| d.form.operation = Operation::Scan,
        value: String::new(),
    });
    let state = state.reduce(Action::EditDraft {
        update: |d, v| d.form.filter = v,
        value: "amount > :min".into(),
    });
    let state = state.reduce(Action::ShowIndex(Some("GSI1".into())));
    let state = state.reduce(Action::ScrolledTo(12));
    let state = state.reduce(Action::Change(Change::PutItem(
        json!({"PK": {"S": "CUST#c999"}, "SK": {"S": "PROFILE"}, "entityType": {"S": "Customer"},
            "customerId": {"S": "c999"}, "fullName": {"S": "Mary Shelley"}})
        .to_string(),
    )));
    let state = state.reduce(Action::Change(Change::DeleteItem(
        json!({"PK": {"S": "CUST#c1"}, "SK": {"S": "PROFILE"}}).to_string(),
    )));
    assert!(state.page.reply.as_ref().unwrap().outcome.is_ok());
    (*state).clone()
}

/// Prints the link for [`crafted`]: how `testdata/link-v1.txt` was made
/// (in the format of the day; it prints the current one now).
#[test]
#[ignore = "run by hand to make a committed link"]
fn print_the_crafted_link() {
    println!(
        "{}",
        encode_link(&capture(&crafted().playground())).unwrap()
    );
}

/// Count, ScannedCount and read units of the selected pattern's own
/// request and of the Scan it is compared with.
fn selected_counts(state: &State) -> [(usize, usize, f64); 2] {
    match &state.runs[state.selected] {
        Ok(Measured::Reads { runs, own, .. }) => {
            let numbers = |i: usize| (runs[i].count, runs[i].scanned_count, runs[i].eventual_units);
            [numbers(*own), numbers(runs.len() - 1)]
        }
        other => panic!("{other:?}"),
    }
}

/// Every pattern's numbers, one line each, to pin in a test: for a read or
/// a statement each run's label, Count, ScannedCount and eventual units;
/// for a write its units on the table and each index; for a transaction
/// its table and index units, or that it is cancelled.
fn numbers(state: &State) -> Vec<String> {
    state
        .runs
        .iter()
        .map(|measured| match measured {
            Err(error) => format!("error: {error}"),
            Ok(measured) => match measured.reads() {
                Some((runs, _)) => runs
                    .iter()
                    .map(|r| {
                        format!(
                            "{} {}/{} {}",
                            r.label(),
                            r.count,
                            r.scanned_count,
                            r.eventual_units
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
                None => match measured {
                    Measured::Write(cost) => format!(
                        "{} {} {:?}",
                        cost.operation, cost.table_units, cost.index_units
                    ),
                    Measured::Transaction(cost) => match &cost.cancelled {
                        Some(_) => format!("cancelled, {} actions", cost.actions),
                        None => format!("{} {:?}", cost.table_units, cost.index_units),
                    },
                    _ => unreachable!("reads are above"),
                },
            },
        })
        .collect()
}

fn without_partitions(state: &State) -> Vec<Result<Measured, Failure>> {
    let mut runs = state.runs.clone();
    for measured in runs.iter_mut().flatten() {
        if let Measured::Reads { runs, .. } = measured {
            runs.iter_mut().for_each(|r| r.partitions.clear());
        }
    }
    runs
}

#[test]
fn the_committed_link_of_format_1_opens_to_the_same_numbers() {
    let value = link_parameter(LINK_V1.trim()).unwrap();
    let state = State::open(open(decode_link(value).unwrap()).unwrap()).unwrap();
    assert_eq!(state.seed, 7);
    assert_eq!(
        state.chart.entity("Product").unwrap().keys["GSI1SK"],
        "PRICE#{price:010.2}"
    );
    assert_eq!(state.patterns.len(), 11);
    assert_eq!(state.selected, 10);
    assert_eq!(
        state.patterns[10].description,
        "Orders of customer c3 placed in March"
    );
    assert_eq!(state.prices.read_per_million, 0.25);
    assert_eq!(state.prices.requests_per_month, 2_500_000.0);
    assert_eq!(state.runner.draft.form.operation, Operation::Scan);
    assert_eq!(state.runner.draft.form.filter, "amount > :min");
    assert_eq!(state.position.index.as_deref(), Some("GSI1"));
    assert_eq!(state.position.row, 12);
    assert_eq!(state.edits.len(), 2);
    assert_eq!(state.item_count, PINNED_ITEMS);
    assert_eq!(selected_counts(&state), PINNED_SELECTED);
    // Every pattern measures as it did when the link was made.
    assert_eq!(
        numbers(&state),
        [
            "GetItem 1/1 0.5",
            "Query 5/5 0.5",
            "Query 1/1 0.5",
            "Query 33/33 3",
            "Query 0/0 0.5",
            "Query 33/33 0.5",
            "Query 2/2 0.5",
            "Query 5/5 0.5; Query + filter 5/5 0.5",
            "Scan + filter 16/503 59.5",
            "UpdateItem 1 []",
            "Query 1/1 0.5; Scan + filter 1/503 59.5",
        ]
    );
    // And as the playground it was made from does today (the
    // per-partition shares aside: they are differences of running sums).
    assert_eq!(without_partitions(&state), without_partitions(&crafted()));
}

/// Prints every committed link's and the minimal file's numbers, to pin.
#[test]
#[ignore = "run by hand to see the numbers to pin"]
fn print_the_committed_numbers() {
    for (name, text) in [
        ("v1", LINK_V1),
        ("v2", LINK_V2),
        ("v3", LINK_V3),
        ("v4", LINK_V4),
    ] {
        let value = link_parameter(text.trim()).unwrap();
        let state = State::open(open(decode_link(value).unwrap()).unwrap()).unwrap();
        println!("{name} {} items: {:#?}", state.item_count, numbers(&state));
    }
    println!(
        "file {} items: {:#?}",
        example_of_format_1().item_count,
        numbers(&example_of_format_1())
    );
}

/// What the committed link opens to, pinned when it was made.
const PINNED_ITEMS: usize = 503;
const PINNED_SELECTED: [(usize, usize, f64); 2] = [(1, 1, 0.5), (1, 503, 59.5)];

#[test]
fn a_file_that_leaves_out_what_it_may_opens_with_the_frozen_defaults() {
    let playground = open(decode_file(FILE_V1_MINIMAL).unwrap()).unwrap();
    // It spells out the example's chart and patterns as they were made,
    // before the example had a stream.
    let names: Vec<&str> = playground
        .chart
        .entities
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, ["Customer", "Order", "OrderItem", "Product"]);
    assert_eq!(playground.patterns.len(), 10);
    // Format 1 had no budgets or rates: the pattern opens without them.
    let mut first = commerce::patterns()[0].clone();
    first.budget = Default::default();
    first.rate = 0.0;
    assert_eq!(playground.patterns[0], first);
    assert_eq!(playground.chart.table.stream, None);
    assert_eq!(playground.handler, None);
    assert_eq!(
        playground.prices,
        crate::model::measure::prices::Prices::default()
    );
    assert_eq!(playground.prices.read_per_million, 0.125);
    assert_eq!(playground.prices.write_per_million, 0.625);
    assert_eq!(playground.prices.requests_per_month, 1_000_000.0);
    assert_eq!(playground.draft.form.operation, Operation::Query);
    assert_eq!(playground.position, Default::default());
    assert!(playground.edits.is_empty());
    // Its data and numbers, as they were when it was made.
    let state = State::open(playground).unwrap();
    assert_eq!(state.item_count, 868);
    assert_eq!(
        numbers(&state),
        [
            "GetItem 1/1 0.5",
            "Query 12/12 1.5",
            "Query 3/3 0.5; Scan + filter 3/868 106",
            "Query 64/64 6",
            "Query 3/3 0.5",
            "Query 64/64 1",
            "Query 2/2 0.5",
            "Query 12/12 1.5; Query + filter 9/12 1.5",
            "Scan + filter 25/868 106",
            "UpdateItem 1 [(\"GSI1\", 2.0), (\"GSI2\", 1.0)]",
        ]
    );
}

/// A link of format 2: the example of the day (its stream, its handler,
/// its twelve patterns) with the last pattern selected, a transaction
/// typed in the runner and an item deleted by hand.
const LINK_V2: &str = include_str!("testdata/link-v2.txt");

/// The playground [`LINK_V2`] was made from.
fn crafted_v2() -> State {
    let state = Rc::new(State::example());
    let last = state.patterns.len() - 1;
    let state = state.reduce(Action::Select(last));
    let state = state.reduce(Action::EditDraft {
        update: |d, _| d.form.operation = Operation::TransactWriteItems,
        value: String::new(),
    });
    let state = state.reduce(Action::EditDraft {
        update: |d, v| d.form.transact_items = v,
        value: r#"[{"Delete": {"TableName": "commerce-main", "Key": {"PK": {"S": "CUST#c2"}, "SK": {"S": "PROFILE"}}}}]"#.into(),
    });
    let key = json!({"PK": {"S": "CUST#c1"}, "SK": {"S": "PROFILE"}});
    let state = state.reduce(Action::Change(Change::DeleteItem(key.to_string())));
    (*state).clone()
}

/// Prints the link for [`crafted_v2`]: how `testdata/link-v2.txt` was made.
#[test]
#[ignore = "run by hand to make a committed link"]
fn print_the_crafted_link_of_format_2() {
    println!(
        "{}",
        encode_link(&capture(&crafted_v2().playground())).unwrap()
    );
}

#[test]
fn the_committed_link_of_format_2_opens_to_the_same_playground() {
    let value = link_parameter(LINK_V2.trim()).unwrap();
    assert!(value.starts_with("2."));
    let state = State::open(open(decode_link(value).unwrap()).unwrap()).unwrap();
    let crafted = crafted_v2();
    assert!(state.chart.table.stream.is_some());
    assert!(state.handler.is_some());
    assert_eq!(state.selected, crafted.patterns.len() - 1);
    assert_eq!(
        state.runner.draft.form.operation,
        Operation::TransactWriteItems
    );
    assert!(state.runner.draft.form.transact_items.contains("CUST#c2"));
    assert_eq!(state.edits.len(), 1);
    assert_eq!(state.item_count, 891);
    assert_eq!(
        numbers(&state),
        [
            "GetItem 1/1 0.5",
            "Query 12/12 1.5",
            "Query 3/3 0.5",
            "Query 64/64 6",
            "Query 3/3 0.5",
            "Query 64/64 1",
            "Query 8/8 1",
            "Query 12/12 1.5; Query + filter 9/12 1.5",
            "Scan + filter 25/891 106",
            "UpdateItem 1 [(\"GSI1\", 2.0), (\"GSI2\", 1.0)]",
            "14 [(\"GSI1\", 4.0), (\"GSI2\", 1.0)]",
            "cancelled, 6 actions",
            "GetItem 1/1 0.5; Scan + filter 1/891 106",
        ]
    );
    assert_eq!(without_partitions(&state), without_partitions(&crafted));
}

/// A link of format 3: the example of the day with a PartiQL pattern and
/// the keyed SELECT it is compared with, selected.
const LINK_V3: &str = include_str!("testdata/link-v3.txt");

/// The playground [`LINK_V3`] was made from (format 3 had no budgets).
fn crafted_v3() -> crate::model::playground::Playground {
    let mut playground = commerce::playground();
    let mut pattern = AccessPattern::new(
        "Pending orders, in PartiQL",
        Operation::ExecuteStatement,
        json!({"Statement": "SELECT * FROM \"commerce-main\" WHERE orderStatus = 'PENDING'"}),
    );
    pattern.alternative =
        Some("SELECT * FROM \"commerce-main\".\"GSI1\" WHERE GSI1PK = 'STATUS#PENDING'".into());
    playground.patterns.push(pattern);
    playground.selected = playground.patterns.len() - 1;
    for p in &mut playground.patterns {
        p.budget = Default::default();
        p.rate = 0.0;
    }
    playground
}

/// A link of format 4: the write-sharding example with its writes at
/// 2,500 a second and a tighter budget on the scatter-gather.
const LINK_V4: &str = include_str!("testdata/link-v4.txt");

fn crafted_v4() -> crate::model::playground::Playground {
    let example = crate::model::gallery::find("sharding").unwrap();
    let mut playground = (example.playground)();
    playground.patterns[3].rate = 2_500.0;
    playground.patterns[4].rate = 2_500.0;
    playground.patterns[1].budget.max_units = Some(10.0);
    playground
}

/// Prints the links for [`crafted_v3`] and [`crafted_v4`]: how
/// `testdata/link-v3.txt` and `link-v4.txt` were made (format 3 as a page
/// of format 3 wrote it).
#[test]
#[ignore = "run by hand to make a committed link"]
fn print_the_crafted_links_of_formats_3_and_4() {
    let document = capture(&crafted_v3());
    let old = v3::Document {
        table: document.table.into(),
        entities: document.entities,
        seed: document.seed,
        patterns: document
            .patterns
            .into_iter()
            .map(|p| v3::Pattern {
                description: p.description,
                operation: p.operation,
                request: p.request,
                scan_filter: p.scan_filter,
                alternative: p.alternative,
            })
            .collect(),
        selected: document.selected,
        prices: document.prices,
        runner: document.runner,
        view: document.view,
        edits: document.edits,
        write_path: document.write_path,
    };
    let packed = postcard::to_allocvec(&old).unwrap();
    println!(
        "play=3.{}",
        URL_SAFE_NO_PAD.encode(deflate::deflate(&packed))
    );
    println!("{}", encode_link(&capture(&crafted_v4())).unwrap());
}

#[test]
fn the_committed_link_of_format_3_opens_to_the_same_playground_without_budgets() {
    let value = link_parameter(LINK_V3.trim()).unwrap();
    assert!(value.starts_with("3."));
    let opened = open(decode_link(value).unwrap()).unwrap();
    assert_eq!(opened, crafted_v3());
    let state = State::open(opened).unwrap();
    assert_eq!(state.item_count, 892);
    assert_eq!(
        numbers(&state),
        [
            "GetItem 1/1 0.5",
            "Query 12/12 1.5",
            "Query 3/3 0.5",
            "Query 64/64 6",
            "Query 3/3 0.5",
            "Query 64/64 1",
            "Query 8/8 1",
            "Query 12/12 1.5; Query + filter 9/12 1.5",
            "Scan + filter 25/892 106",
            "UpdateItem 1 [(\"GSI1\", 2.0), (\"GSI2\", 1.0)]",
            "14 [(\"GSI1\", 4.0), (\"GSI2\", 1.0)]",
            "cancelled, 6 actions",
            "GetItem 1/1 0.5",
            "Query (PartiQL) 64/64 6; Scan (PartiQL) 64/892 106",
        ]
    );
}

#[test]
fn the_committed_link_of_format_4_opens_to_the_same_playground_and_throughput() {
    let value = link_parameter(LINK_V4.trim()).unwrap();
    assert!(value.starts_with("4."));
    let opened = open(decode_link(value).unwrap()).unwrap();
    assert_eq!(opened, crafted_v4());
    let state = State::open(opened).unwrap();
    assert_eq!(state.item_count, 2445);
    assert_eq!(
        numbers(&state),
        [
            "Query 584/584 8; Scan + filter 584/2445 35",
            "One shard's Query 76/76 1.5; Scatter-gather 700/700 13",
            "Query (PartiQL) 700/700 40",
            "PutItem 1 []",
            "PutItem 1 []",
        ]
    );
    let rates = crate::model::measure::throughput::throughput(
        &state.patterns,
        &state.runs,
        &state.chart.table,
    );
    let hot = rates.iter().find(|r| r.partition == "EVENT#e1").unwrap();
    assert_eq!(hot.write, 2_500.0);
    assert_eq!(
        rates.iter().filter(|r| r.throttled()).count(),
        1,
        "250 a second on each shard is under its ceiling"
    );
}

/// A link of format 5: the example with two files given to the aws CLI
/// console, one text (an item for `file://`) and one not UTF-8 (a
/// binary value for `fileb://`).
const LINK_V5: &str = include_str!("testdata/link-v5.txt");

fn crafted_v5() -> State {
    let state = Rc::new(State::open(commerce::playground()).unwrap());
    let state = state.reduce(Action::Console(ConsoleAction::AddFile {
        name: "./item.json".into(),
        contents: br#"{"PK": {"S": "CUST#c900"}, "SK": {"S": "PROFILE"}, "entityType": {"S": "Customer"}}"#.to_vec(),
    }));
    let state = state.reduce(Action::Console(ConsoleAction::AddFile {
        name: "photo.bin".into(),
        contents: vec![0xff, 0x00, 0x9c],
    }));
    assert_eq!(state.console.note, None);
    (*state).clone()
}

/// Prints the link for [`crafted_v5`]: how `testdata/link-v5.txt` was
/// made, and the start of the example's link, as the README shows it.
#[test]
#[ignore = "run by hand to make a committed link"]
fn print_the_crafted_link_of_format_5() {
    println!(
        "{}",
        encode_link(&capture(&crafted_v5().playground())).unwrap()
    );
    let example = encode_link(&capture(&commerce::playground())).unwrap();
    println!("{}…", &example[..34]);
}

#[test]
fn the_committed_link_of_format_5_opens_with_the_console_files_it_keeps() {
    let value = link_parameter(LINK_V5.trim()).unwrap();
    assert!(value.starts_with("5."));
    let opened = open(decode_link(value).unwrap()).unwrap();
    let mut crafted = crafted_v5().playground();
    // Format 5 had no expected counts; the example has gained one since.
    for pattern in &mut crafted.patterns {
        pattern.budget.expected_items = None;
    }
    assert_eq!(opened, crafted);
    let files: Vec<(&String, &Vec<u8>)> = opened.console_files.iter().collect();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0].0, "item.json", "kept as file:// reads it");
    assert_eq!(
        files[1],
        (&"photo.bin".to_string(), &vec![0xff, 0x00, 0x9c])
    );
    // The console of the playground opened reads them.
    let state = Rc::new(State::open(opened).unwrap());
    let items = state.item_count;
    let state = state.reduce(Action::Console(ConsoleAction::Run(
        "aws dynamodb put-item --table-name commerce-main --item file://item.json\n\
         aws dynamodb get-item --table-name commerce-main --key '{\"PK\": {\"S\": \"CUST#c900\"}, \"SK\": {\"S\": \"PROFILE\"}}' --query Item.entityType.S --output text"
            .into(),
    )));
    let outputs: Vec<(&str, i32)> = state
        .console
        .transcript
        .iter()
        .map(|e| (e.step.stdout.as_str(), e.step.status))
        .collect();
    assert_eq!(outputs, [("", 0), ("Customer\n", 0)]);
    assert_eq!(state.item_count, items + 1);
}

/// A link of format 6: the example, whose July pattern expects its 3
/// items, with a second pattern expecting a count it does not return and
/// a count typed in the runner's budget.
const LINK_V6: &str = include_str!("testdata/link-v6.txt");

fn crafted_v6() -> crate::model::playground::Playground {
    let mut playground = commerce::playground();
    let lines = playground
        .patterns
        .iter()
        .position(|p| p.description.starts_with("An order's lines"))
        .unwrap();
    playground.patterns[lines].budget.expected_items = Some(4);
    playground.draft.settings.expected_items = "12".into();
    playground
}

/// Prints the link for [`crafted_v6`]: how `testdata/link-v6.txt` was
/// made, and the start of the example's link, as the README shows it.
#[test]
#[ignore = "run by hand to make a committed link"]
fn print_the_crafted_link_of_format_6() {
    println!("{}", encode_link(&capture(&crafted_v6())).unwrap());
    let example = encode_link(&capture(&commerce::playground())).unwrap();
    println!("{}…", &example[..34]);
}

#[test]
fn the_committed_link_of_format_6_opens_with_the_counts_its_patterns_expect() {
    let value = link_parameter(LINK_V6.trim()).unwrap();
    assert!(value.starts_with("6."));
    let opened = open(decode_link(value).unwrap()).unwrap();
    assert_eq!(opened, crafted_v6());
    assert_eq!(opened.draft.settings.expected_items, "12");
    let state = State::open(opened).unwrap();
    let verdicts =
        crate::model::explain::review::review_all(&state.patterns, &state.runs, &state.chart);
    let badges = |starts: &str| {
        let i = state
            .patterns
            .iter()
            .position(|p| p.description.starts_with(starts))
            .unwrap();
        match &verdicts[i] {
            crate::model::explain::review::Verdict::Over(broken) => {
                broken.iter().map(|b| b.badge.clone()).collect::<Vec<_>>()
            }
            other => panic!("{starts}: {other:?}"),
        }
    };
    assert_eq!(badges("An order's lines"), ["returns 3, expects 4"]);
    let july = state
        .patterns
        .iter()
        .position(|p| p.description.starts_with("PENDING orders placed in July"))
        .unwrap();
    let crate::model::explain::review::Verdict::Within(met) = &verdicts[july] else {
        panic!("July: {:?}", verdicts[july])
    };
    assert!(met.contains(&"Returns the 3 items it is expected to.".to_string()));
}

/// A link of format 7: the example with a third global index keyed on
/// several attributes — the customer, then the order's status and date as
/// two sort key attributes — and a pattern that reads it.
const LINK_V7: &str = include_str!("testdata/link-v7.txt");

fn crafted_v7() -> crate::model::playground::Playground {
    use crate::model::design::chart::{IndexDesign, KeyAttribute, ProjectionDesign};
    let mut playground = commerce::playground();
    playground.chart.table.indexes.push(IndexDesign {
        name: "ByCustomerStatusDate".into(),
        global: true,
        partition_key: KeyAttribute::s("customerId"),
        sort_key: Some(KeyAttribute::s("orderStatus")),
        more_partition: Vec::new(),
        more_sort: vec![KeyAttribute::s("orderDate")],
        projection: ProjectionDesign::KeysOnly,
    });
    playground.patterns.push(AccessPattern::new(
        "A customer's PENDING orders, newest first",
        Operation::Query,
        json!({"TableName": "commerce-main", "IndexName": "ByCustomerStatusDate",
               "KeyConditionExpression": "customerId = :c AND orderStatus = :s",
               "ExpressionAttributeValues": {":c": {"S": "c11"}, ":s": {"S": "PENDING"}},
               "ScanIndexForward": false}),
    ));
    playground
}

/// Prints the link for [`crafted_v7`]: how `testdata/link-v7.txt` was
/// made, and the start of the example's link, as the README shows it.
#[test]
#[ignore = "run by hand to make a committed link"]
fn print_the_crafted_link_of_format_7() {
    println!("{}", encode_link(&capture(&crafted_v7())).unwrap());
    let example = encode_link(&capture(&commerce::playground())).unwrap();
    println!("{}…", &example[..34]);
}

#[test]
fn the_committed_link_of_format_7_opens_with_its_multi_attribute_index() {
    let value = link_parameter(LINK_V7.trim()).unwrap();
    assert!(value.starts_with("7."));
    let opened = open(decode_link(value).unwrap()).unwrap();
    assert_eq!(opened, crafted_v7());
    let index = &opened.chart.table.indexes[2];
    let sort: Vec<&str> = index.sort_keys().map(|k| k.name.as_str()).collect();
    assert_eq!(sort, ["orderStatus", "orderDate"]);
    let state = State::open(opened).unwrap();
    let measured = state.runs.last().unwrap().as_ref().unwrap();
    let (runs, own) = measured.reads().unwrap();
    // Read from the index, exactly what it returns: its entries hold the
    // keys only, five in 0.5 units.
    assert_eq!((runs[own].count, runs[own].scanned_count), (5, 5));
    assert_eq!(runs[own].eventual_units, 0.5);
}
