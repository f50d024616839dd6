//! The design review, the throughput view and the scatter-gather, on the
//! examples' own data.

use crate::model::failure::Failure;
use engine::api::Operation;
use serde_json::json;

use super::gallery::{find, sharding};
use crate::model::explain::review::{Verdict, review, review_all, within_budget};
use crate::model::fixtures::Opened;
use crate::model::measure::compare::Measured;
use crate::model::measure::compare::measure_pattern;
use crate::model::measure::sharding::{gather, scatter_gather, shard_queries};
use crate::model::measure::throughput::{READ_CEILING, WRITE_CEILING, throughput};
use crate::model::patterns::pattern::{AccessPattern, Budget};

fn example(name: &str) -> Opened {
    Opened::open((find(name).unwrap().playground)()).unwrap()
}

fn position(state: &Opened, starts: &str) -> usize {
    state
        .patterns
        .iter()
        .position(|p| p.description.starts_with(starts))
        .unwrap_or_else(|| panic!("no pattern {starts}"))
}

/// The pattern at `i` with another budget, reviewed on the state's data.
fn reviewed(state: &Opened, i: usize, budget: Budget) -> Verdict {
    let pattern = state.patterns[i].clone().with_budget(budget);
    review(&pattern, &state.runs[i], &state.chart)
}

fn reasons(verdict: Verdict) -> Vec<String> {
    match verdict {
        Verdict::Over(broken) => broken.into_iter().map(|b| b.reason).collect(),
        other => panic!("expected a broken budget, found {other:?}"),
    }
}

#[test]
fn a_query_that_reads_only_what_it_returns_is_within_every_budget() {
    let state = Opened::example();
    let i = position(&state, "An order's lines");
    let Verdict::Within(met) = reviewed(&state, i, Budget::efficient().at_most(0.5)) else {
        panic!("within")
    };
    assert_eq!(
        met,
        [
            "Answers its question: it returns the 3 items the Scan that asks the same finds.",
            "Served by a key: Query on the table.",
            "Returns what it reads: 3 of 3 items.",
            "0.5 RCU a request, within 0.5."
        ]
    );
}

#[test]
fn a_scan_breaks_never_a_scan_and_the_hint_names_what_its_filter_tests() {
    let state = Opened::example();
    let i = position(&state, "Every order over $450");
    let why = reasons(reviewed(&state, i, Budget::default().keyed()));
    let Some((runs, own)) = state.runs[i].as_ref().unwrap().reads() else {
        panic!("a read")
    };
    let run = &runs[own];
    assert_eq!(
        why,
        [format!(
            "Scan of the table reads all {} items to return {}: add an index with entityType as its partition key and amount as its sort key — a sparse index, if only the items it wants carry its key — and Query it.",
            super::format::thousands(run.scanned_count),
            run.count
        )]
    );
}

#[test]
fn a_filter_that_drops_items_breaks_returns_what_it_reads_with_the_numbers() {
    let state = Opened::example();
    let i = position(&state, "A customer's orders over $200");
    let (runs, own) = state.runs[i].as_ref().unwrap().reads().unwrap();
    let run = &runs[own];
    assert!(run.count < run.scanned_count, "{run:?}");
    let why = reasons(reviewed(
        &state,
        i,
        Budget {
            returns_what_it_reads: true,
            ..Budget::default()
        },
    ));
    assert_eq!(
        why,
        [format!(
            "It reads {} items to return {}: put amount into the sort key (the table's, or an index's under the same partition key), or add a sparse index, so the key condition picks them instead of a filter dropping {} after they are read (and paid for).",
            run.scanned_count,
            run.count,
            run.scanned_count - run.count
        )]
    );
}

#[test]
fn a_read_over_its_units_says_what_it_reads_and_a_write_where_its_units_go() {
    let state = Opened::example();
    let i = position(&state, "Orders waiting to ship");
    let (runs, own) = state.runs[i].as_ref().unwrap().reads().unwrap();
    let run = runs[own].clone();
    let why = reasons(reviewed(&state, i, Budget::default().at_most(0.5)));
    assert!(
        why[0].starts_with(&format!(
            "It costs {} RCU a request, over its budget of 0.5: it reads {} items of ",
            super::format::units(run.eventual_units),
            run.scanned_count
        )),
        "{why:?}"
    );
    assert!(
        why[0].ends_with("a sparse index holding only the items it needs, or a Limit and paging."),
        "small items: fewer of them is the fix; {why:?}"
    );
    let fulfil = position(&state, "Fulfil an order");
    let Ok(Measured::Write(cost)) = &state.runs[fulfil] else {
        panic!("a write")
    };
    let why = reasons(reviewed(&state, fulfil, Budget::default().at_most(1.0)));
    assert!(
        why[0].starts_with(&format!(
            "It costs {} WCU a request, over its budget of 1: the item is ",
            super::format::units(cost.total())
        )),
        "{why:?}"
    );
    assert!(why[0].contains("go to 2 indexes"), "{why:?}");
}

#[test]
fn a_filter_on_a_global_index_is_told_the_index_can_key_on_it_as_an_attribute_of_its_own() {
    let state = Opened::example();
    let pattern = AccessPattern::new(
        "PENDING orders over $200",
        Operation::Query,
        json!({"TableName": "commerce-main", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
            "FilterExpression": "amount > :min",
            "ExpressionAttributeValues": {":s": {"S": "STATUS#PENDING"}, ":min": {"N": "200"}}}),
    )
    .with_budget(Budget {
        returns_what_it_reads: true,
        ..Budget::default()
    });
    let measured = measure_pattern(
        &mut state.engine.borrow_mut(),
        &pattern,
        &state.chart.table,
        None,
        false,
    );
    let why = reasons(review(&pattern, &measured, &state.chart));
    assert!(
        why[0].contains(": put amount into GSI1's sort key — as sort key attributes of their own (a global index's key can have up to four, each compared by its type) rather than joined into one string — or add a sparse index"),
        "{why:?}"
    );
}

#[test]
fn a_partiql_select_that_is_a_scan_is_told_to_fix_the_partition_key() {
    let state = Opened::example();
    let pattern = AccessPattern::new(
        "Pending orders, in PartiQL",
        Operation::ExecuteStatement,
        json!({"Statement": "SELECT * FROM \"commerce-main\" WHERE orderStatus = 'PENDING'"}),
    )
    .with_budget(Budget::efficient());
    let measured = measure_pattern(
        &mut state.engine.borrow_mut(),
        &pattern,
        &state.chart.table,
        None,
        false,
    );
    let why = reasons(review(&pattern, &measured, &state.chart));
    assert!(
        why[0].contains("this SELECT does not fix the partition key. Put PK = …"),
        "{why:?}"
    );
    assert!(why[1].starts_with("It reads "), "{why:?}");
}

#[test]
fn a_pattern_that_does_not_run_is_over_budget_with_the_error_and_none_is_unbudgeted() {
    let state = Opened::example();
    let pattern = state.patterns[0].clone();
    let broken = review(
        &pattern,
        &Err(Failure::refused("ValidationException: no")),
        &state.chart,
    );
    assert_eq!(
        reasons(broken),
        ["It does not run on the current data: ValidationException: no"]
    );
    let none = pattern.with_budget(Budget::default());
    assert_eq!(
        review(&none, &state.runs[0], &state.chart),
        Verdict::Unbudgeted
    );
}

#[test]
fn every_example_meets_its_budgets_where_it_is_meant_to_be_efficient_and_not_where_it_shows_a_scan()
{
    for example in super::gallery::EXAMPLES {
        let state = example_state(example.name);
        let verdicts = review_all(&state.patterns, &state.runs, &state.chart);
        for ((pattern, verdict), run) in state.patterns.iter().zip(&verdicts).zip(&state.runs) {
            let scan = match run {
                Ok(Measured::Statement(m)) => m.explanation.scan,
                _ => pattern.operation == Operation::Scan,
            };
            let filtered = run
                .as_ref()
                .ok()
                .and_then(Measured::reads)
                .is_some_and(|(runs, own)| runs[own].count < runs[own].scanned_count);
            if pattern.budget.is_empty() || pattern.operation.is_write() {
                continue;
            }
            assert_eq!(
                verdict.is_within(),
                !(scan || filtered),
                "{}: {} → {verdict:?}",
                example.name,
                pattern.description
            );
        }
        let (within, budgeted) = within_budget(&verdicts);
        assert!(budgeted >= 3, "{}: {budgeted} budgeted", example.name);
        assert!(within >= 2, "{}", example.name);
    }
}

fn example_state(name: &str) -> Opened {
    if name == "commerce" {
        Opened::example()
    } else {
        example(name)
    }
}

#[test]
fn the_hot_key_goes_over_the_write_ceiling_and_its_shards_stay_under_at_the_same_rate() {
    let state = example("sharding");
    let rates = throughput(&state.patterns, &state.runs, &state.chart.table);
    let hot = rates
        .iter()
        .find(|r| r.index.is_none() && r.partition == "EVENT#e1")
        .unwrap();
    assert_eq!(hot.write, sharding::VOTES_PER_SECOND);
    assert!(hot.throttled() && hot.write > WRITE_CEILING);
    assert_eq!(
        hot.verdict().split("; ").last().unwrap(),
        "1,500 WCU/s: 500 over the 1,000 ceiling — throttled"
    );
    assert_eq!(rates[0].partition, "EVENT#e1", "the hot key comes first");
    let shards: Vec<_> = rates
        .iter()
        .filter(|r| r.partition.starts_with("EVENT#e1#"))
        .collect();
    assert_eq!(shards.len(), sharding::SHARDS);
    for shard in &shards {
        assert_eq!(
            shard.write,
            sharding::VOTES_PER_SECOND / sharding::SHARDS as f64
        );
        assert!(!shard.throttled(), "{shard:?}");
        assert!(shard.read > 0.0 && shard.read < READ_CEILING);
    }
    let total: f64 = shards.iter().map(|s| s.write).sum();
    assert_eq!(total, hot.write, "the same total rate");
}

#[test]
fn raising_a_write_rate_past_the_ceiling_flags_the_partition() {
    let mut state = Opened::example();
    let i = position(&state, "Fulfil an order");
    let flagged = |state: &Opened| {
        throughput(&state.patterns, &state.runs, &state.chart.table)
            .iter()
            .any(|r| r.throttled())
    };
    assert!(!flagged(&state));
    state.patterns[i].rate = 2_000.0;
    assert!(flagged(&state));
}

#[test]
fn the_scatter_gather_costs_the_sum_of_its_queries_and_merges_them_in_sort_key_order() {
    let state = example("sharding");
    let i = position(&state, "All the sharded votes");
    let pattern = &state.patterns[i];
    let mut engine = state.engine.borrow_mut();
    let table = &state.chart.table;
    let queries = shard_queries(&pattern.request, table, 10).unwrap();
    assert_eq!(
        queries[3]["ExpressionAttributeValues"][":event"],
        json!({"S": "EVENT#e1#3"})
    );
    let mut units = 0.0;
    let mut count = 0;
    for query in &queries {
        let run = crate::model::measure::reads::run_all_pages(
            &mut engine,
            Operation::Query,
            query,
            crate::model::measure::reads::Way::Query,
            true,
        )
        .unwrap();
        units += run.eventual_units;
        count += run.count;
    }
    let gathered = scatter_gather(&mut engine, &pattern.request, table, 10, true).unwrap();
    assert_eq!((gathered.eventual_units, gathered.count), (units, count));
    assert_eq!(gathered.partitions.len(), 10);
    let Ok(Measured::Reads { runs, own, .. }) = &state.runs[i] else {
        panic!("a read")
    };
    assert_eq!(runs[*own], gathered);
    assert_eq!(
        pattern.served_by().describe(),
        "10 Queries on the table, one per shard, merged"
    );
    let items = gather(&mut engine, &pattern.request, table, 10).unwrap();
    assert_eq!(items.len(), count);
    let sort_keys: Vec<&str> = items
        .iter()
        .map(|i| i["SK"]["S"].as_str().unwrap())
        .collect();
    assert!(sort_keys.is_sorted(), "merged by sort key");
    let shards: std::collections::BTreeSet<&str> = items
        .iter()
        .map(|i| i["PK"]["S"].as_str().unwrap())
        .collect();
    assert_eq!(shards.len(), 10);
    // Reading the sharded votes costs more than reading one key's.
    let unsharded = &state.runs[position(&state, "An event's votes under one key")];
    let (one_runs, one_own) = unsharded.as_ref().unwrap().reads().unwrap();
    assert!(gathered.eventual_units > one_runs[one_own].eventual_units);
}

#[test]
fn the_runner_shows_the_scatter_gather_as_the_application_assembles_it() {
    let state = example("sharding");
    let i = position(&state, "All the sharded votes");
    let mut engine = state.engine.borrow_mut();
    let (response, sentence) = crate::model::measure::sharding::gathered_response(
        &mut engine,
        &state.patterns[i].request,
        &state.chart.table,
        10,
    )
    .unwrap();
    assert_eq!(
        sentence,
        "10 Queries, one per shard (EVENT#e1#0 … EVENT#e1#9), each paged to its end and charged on its own: 700 items merged by sort key, as the application merges them, for 13 RCU in all."
    );
    assert_eq!(response["Count"], 700);
    assert_eq!(response["Items"].as_array().unwrap().len(), 700);
    assert_eq!(response["ConsumedCapacity"]["CapacityUnits"], 13.0);
}

#[test]
fn a_pattern_whose_rate_throttles_its_partition_is_over_budget_and_its_shards_are_not() {
    let state = example("sharding");
    let verdicts = review_all(&state.patterns, &state.runs, &state.chart);
    let hot = position(&state, "Cast a vote under the one hot key");
    assert_eq!(
        reasons(verdicts[hot].clone()),
        [
            "At 1,500 requests a second it is throttled: EVENT#e1 takes 80 RCU/s, 3% of the ceiling; 1,500 WCU/s: 500 over the 1,000 ceiling — throttled. To stay under the ceiling, spread its writes over several keys (write sharding: a suffix #0…#N-1) or write less often."
        ]
    );
    let sharded = position(&state, "Cast a vote on one of the ten shards");
    let Verdict::Within(met) = &verdicts[sharded] else {
        panic!("{:?}", verdicts[sharded])
    };
    assert_eq!(
        met.last().unwrap(),
        "At 1,500 requests a second, every partition it touches stays under its ceiling."
    );
    // The reads of the hot key are not throttled: a partition's reads and
    // writes are throttled apart.
    assert!(verdicts[position(&state, "An event's votes under one key")].is_within());
    assert_eq!(within_budget(&verdicts), (4, 5));
}

#[test]
fn each_broken_check_is_named_by_what_failed_not_over_budget() {
    let state = Opened::example();
    let badges = |i: usize, budget: Budget| match reviewed(&state, i, budget) {
        Verdict::Over(broken) => broken.into_iter().map(|b| b.badge).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    let over_200 = position(&state, "A customer's orders over $200");
    let (runs, own) = state.runs[over_200].as_ref().unwrap().reads().unwrap();
    let (read, returned) = (runs[own].scanned_count, runs[own].count);
    assert_eq!(
        badges(over_200, Budget::efficient()),
        [format!("reads {read}, returns {returned}")]
    );
    assert_eq!(
        badges(
            position(&state, "Every order over $450"),
            Budget::default().keyed()
        ),
        ["a Scan"]
    );
    let fulfil = position(&state, "Fulfil an order");
    assert_eq!(
        badges(fulfil, Budget::default().at_most(1.0)),
        ["4 WCU > 1"]
    );
    let broken = review(
        &state.patterns[0],
        &Err(Failure::refused("ValidationException: no")),
        &state.chart,
    );
    let Verdict::Over(broken) = broken else {
        panic!("over")
    };
    assert_eq!(broken[0].badge, "fails to run");
}
