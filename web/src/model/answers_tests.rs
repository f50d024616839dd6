//! The review holds a keyed read to its question: a design change that
//! leaves items out turns the pattern red with the reason, derived from
//! the item it misses, the key condition and the chart's templates.

use crate::model::explain::review::{Verdict, review};
use crate::model::fixtures::Opened;
use crate::model::gallery::commerce;
use crate::model::measure::compare::Measured;
use crate::model::patterns::pattern::Budget;

/// The commerce example with Order's template for `key` set to `template`.
fn with_order_template(key: &str, template: &str) -> Opened {
    let mut playground = commerce::playground();
    let order = playground
        .chart
        .entities
        .iter_mut()
        .find(|e| e.name == "Order")
        .unwrap();
    order.keys.insert(key.into(), template.into());
    Opened::open(playground).unwrap()
}

fn position(state: &Opened, starts: &str) -> usize {
    state
        .patterns
        .iter()
        .position(|p| p.description.starts_with(starts))
        .unwrap()
}

fn verdict(state: &Opened, starts: &str) -> Verdict {
    let i = position(state, starts);
    review(&state.patterns[i], &state.runs[i], &state.chart)
}

fn badges(verdict: Verdict) -> Vec<String> {
    match verdict {
        Verdict::Over(broken) => broken.into_iter().map(|b| b.badge).collect(),
        other => panic!("expected a broken pattern, found {other:?}"),
    }
}

fn first_reason(verdict: Verdict) -> String {
    match verdict {
        Verdict::Over(broken) => broken[0].reason.clone(),
        other => panic!("expected a broken pattern, found {other:?}"),
    }
}

#[test]
fn the_example_answers_every_keyed_read_and_says_so() {
    let state = Opened::example();
    let Verdict::Within(met) = verdict(&state, "PENDING orders placed in July") else {
        panic!("within")
    };
    assert_eq!(
        met[0],
        "Answers its question: it returns the 3 items the Scan that asks the same finds."
    );
}

#[test]
fn the_example_july_pattern_returns_the_three_items_it_expects() {
    let state = Opened::example();
    let Verdict::Within(met) = verdict(&state, "PENDING orders placed in July") else {
        panic!("within")
    };
    assert!(
        met.contains(&"Returns the 3 items it is expected to.".to_string()),
        "{met:?}"
    );
    let i = position(&state, "PENDING orders placed in July");
    assert_eq!(
        crate::model::explain::review::describe(&state.patterns[i].budget, false),
        "never a Scan · returns what it reads · returns 3 items"
    );
}

#[test]
fn a_read_expected_to_return_another_count_fails_with_both_numbers() {
    let state = Opened::example();
    let i = position(&state, "An order's lines");
    let expecting = |n| {
        let pattern = state.patterns[i]
            .clone()
            .with_budget(Budget::default().returning(n));
        review(&pattern, &state.runs[i], &state.chart)
    };
    let Verdict::Over(broken) = expecting(4) else {
        panic!("over")
    };
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0].badge, "returns 3, expects 4");
    assert_eq!(
        broken[0].reason,
        "It returns 3 items where 4 are expected: its key condition and filter may leave out items it should find, or the items may not carry the key values it asks for (the data view shows each item's keys). The count was worked out on this data; after changing the counts or the seed, set it again under Edit budget."
    );
    let Verdict::Over(broken) = expecting(1) else {
        panic!("over")
    };
    assert_eq!(broken[0].badge, "returns 3, expects 1");
    assert!(
        broken[0]
            .reason
            .starts_with("It returns 3 items where 1 is expected: its key condition or filter lets in items its question does not ask for."),
        "{}",
        broken[0].reason
    );
    assert!(expecting(3).is_within());
}

#[test]
fn a_sort_key_template_with_a_new_prefix_misses_every_july_order_and_says_why() {
    let state = with_order_template("GSI1SK", "ORDER#{orderDate}#{orderId}");
    let reason = first_reason(verdict(&state, "PENDING orders placed in July"));
    assert!(
        reason.starts_with(
            "It misses 3 of the 3 items the Scan that asks the same finds — it returns nothing. The Order item PK \"CUST#"
        ),
        "{reason}"
    );
    assert!(reason.contains("has GSI1SK \"ORDER#2024-07-"), "{reason}");
    assert!(
        reason.ends_with(
            "which does not begin with \"2024-07\". Order writes GSI1SK from the template ORDER#{orderDate}#{orderId}."
        ),
        "{reason}"
    );
    assert_eq!(
        badges(verdict(&state, "PENDING orders placed in July")),
        ["misses 3 of 3"]
    );
    // The budget's own checks still hold: it is efficient, and wrong.
    let i = position(&state, "PENDING orders placed in July");
    let Ok(Measured::Reads { runs, own, .. }) = &state.runs[i] else {
        panic!("a read")
    };
    assert_eq!((runs[*own].count, runs[*own].scanned_count), (0, 0));
}

#[test]
fn a_template_naming_a_misspelled_attribute_leaves_the_items_out_of_the_index() {
    let state = with_order_template("GSI1SK", "{orderDat}#{orderId}");
    let reason = first_reason(verdict(&state, "PENDING orders placed in July"));
    assert!(
        reason.ends_with(
            "has no GSI1SK, so it is not in GSI1. Order writes GSI1SK from the template {orderDat}#{orderId}, which names orderDat, an attribute Order does not have."
        ),
        "{reason}"
    );
}

#[test]
fn a_partition_key_template_that_writes_another_value_names_both_values() {
    let state = with_order_template("GSI1PK", "STATE#{orderStatus}");
    let reason = first_reason(verdict(&state, "Orders waiting to ship"));
    assert!(reason.starts_with("It misses "), "{reason}");
    assert!(
        reason.ends_with(
            "has GSI1PK \"STATE#PENDING\", where the Query asks for \"STATUS#PENDING\". Order writes GSI1PK from the template STATE#{orderStatus}."
        ),
        "{reason}"
    );
}

#[test]
fn a_keyed_read_that_finds_nothing_says_so() {
    let mut playground = commerce::playground();
    let i = playground
        .patterns
        .iter()
        .position(|p| p.description.starts_with("PENDING orders placed in July"))
        .unwrap();
    playground.patterns[i].request["ExpressionAttributeValues"][":july"]["S"] = "1999-07".into();
    playground.patterns[i].scan_filter.as_mut().unwrap().values[":july"]["S"] = "1999-07".into();
    let state = Opened::open(playground).unwrap();
    assert_eq!(
        badges(verdict(&state, "PENDING orders placed in July")),
        ["returns nothing"]
    );
    assert_eq!(
        first_reason(verdict(&state, "PENDING orders placed in July")),
        "It returns nothing, and the Scan that asks the same finds nothing either: no item in the current data answers it, so its numbers show nothing yet. Add items it should find, or check the values it asks for."
    );
}

#[test]
fn a_pattern_with_no_budget_is_not_reviewed_whatever_it_misses() {
    let mut state = with_order_template("GSI1SK", "ORDER#{orderDate}#{orderId}");
    let i = position(&state, "PENDING orders placed in July");
    state.patterns[i] = state.patterns[i].clone().with_budget(Budget::default());
    assert_eq!(
        verdict(&state, "PENDING orders placed in July"),
        Verdict::Unbudgeted
    );
}

#[test]
fn a_sparse_index_made_whole_returns_items_its_scan_does_not_find() {
    let state = with_order_template("GSI2PK", "OPEN");
    let verdict = verdict(&state, "Open orders, from the sparse index");
    let badge = badges(verdict.clone())[0].clone();
    assert!(badge.ends_with(" too many"), "{badge}");
    assert!(
        first_reason(verdict).ends_with(
            "items the Scan that asks the same does not find: the index it reads, or its key condition, takes in items the question leaves out."
        )
    );
}

#[test]
fn an_order_without_one_attribute_of_a_multi_attribute_key_is_missed_and_named() {
    use crate::model::design::chart::Generator;
    let example = crate::model::gallery::find("multi-attribute").unwrap();
    let mut playground = (example.playground)();
    let order = playground
        .chart
        .entities
        .iter_mut()
        .find(|e| e.name == "Order")
        .unwrap();
    // Only order o85 keeps a status (and the draws change: c7's orders
    // are others now, none of them o85): the rest are not in the index
    // keyed on it, nor in GSI1, whose template reads it.
    let status = order
        .attributes
        .iter_mut()
        .find(|a| a.name == "orderStatus")
        .unwrap();
    status.generator = Generator::When {
        attribute: "orderId".into(),
        equals: "o85".into(),
        then: Box::new(Generator::one_of(&["SHIPPED"])),
    };
    let state = Opened::open(playground).unwrap();
    let all = "All of c7's orders, by status, then date: ByCustomerStatusDate";
    assert_eq!(
        first_reason(verdict(&state, all)),
        "It misses 12 of the 12 items the Scan that asks the same finds — it returns nothing. The Order item PK \"ORDER#o94\", SK \"ORDER\" has no orderStatus, so it is not in ByCustomerStatusDate."
    );
}
