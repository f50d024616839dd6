//! The design review: every access pattern against what it is expected to
//! be ([`Budget`]) on the current data — served by a key and never a Scan,
//! at most N units a request, returning what it reads, returning the N
//! items the learner worked out — green or red, with
//! the reason and what would fix it. A read whose answers were checked
//! ([`super::answers`]) is also held to its question: it must return what
//! the Scan that asks the same finds, and a miss heads its reasons.
//!
//! The reasons and hints are derived from the pattern's own request and the
//! engine's numbers, never written per example: the attributes a filter
//! tests (read from the expression's tokens), the items read and returned,
//! the bytes, the pages and the units. Reads are held to their eventually
//! consistent units, as the comparison shows them first. A pattern with a
//! budget and a request rate is also held to the partition ceilings of
//! [`crate::model::measure::throughput`].

use crate::model::failure::Failure;
use engine::api::Operation;
use serde_json::Value as Json;

use super::answers::{Answer, answers};
use crate::model::design::chart::{Chart, TableDesign};
use crate::model::format::{human_bytes, thousands, units};
use crate::model::measure::compare::{Measured, Run};
use crate::model::measure::throughput::{
    PartitionRate, READ_CEILING, WRITE_CEILING, rate_text, throughput,
};
use crate::model::patterns::expression_terms::{Test, tests};
use crate::model::patterns::pattern::{AccessPattern, Budget};

/// A pattern against its expectations.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// It expects nothing.
    Unbudgeted,
    /// Every expectation holds: what each found.
    Within(Vec<String>),
    /// At least one does not: each check that fails, with why and what
    /// would fix it.
    Over(Vec<Broken>),
}

/// A check a pattern fails: its short name, as a badge shows it ("reads
/// 12, returns 9", "a Scan", "5 WCU > 4"), and the reason in full.
#[derive(Clone, Debug, PartialEq)]
pub struct Broken {
    pub badge: String,
    pub reason: String,
}

impl Broken {
    fn new(badge: impl Into<String>, reason: String) -> Broken {
        Broken {
            badge: badge.into(),
            reason,
        }
    }
}

impl Verdict {
    /// True for a pattern that expects something and meets all of it.
    pub fn is_within(&self) -> bool {
        matches!(self, Verdict::Within(_))
    }
}

/// The numbers a budget is checked against, whatever the pattern is.
struct Facts<'a> {
    /// What serves it, in words ("Query on GSI1", "Scan of the table").
    served: String,
    scan: bool,
    /// A read's own run (`None` for a write).
    run: Option<&'a Run>,
    /// Units a request: read units (eventual) or write units.
    units: f64,
    unit_name: &'static str,
    /// A write's item size and its index units, for the hint.
    write: Option<(usize, f64, usize)>,
    /// Why the write could not happen on the current data, if it could not.
    refused: Option<String>,
}

fn facts<'a>(pattern: &AccessPattern, measured: &'a Measured) -> Facts<'a> {
    let read = |run: &'a Run, served: String, scan: bool| Facts {
        served,
        scan,
        run: Some(run),
        units: run.eventual_units,
        unit_name: "RCU",
        write: None,
        refused: None,
    };
    match measured {
        Measured::Reads { runs, own, .. } => {
            let served = pattern.served_by();
            let scan = matches!(served, crate::model::patterns::pattern::ServedBy::Scan(_));
            read(&runs[*own], served.describe(), scan)
        }
        Measured::Statement(m) => read(
            &m.runs[m.own],
            format!("{} (PartiQL)", m.explanation.served_by().describe()),
            m.explanation.scan,
        ),
        Measured::Write(cost) => Facts {
            served: pattern.served_by().describe(),
            scan: false,
            run: None,
            units: cost.total(),
            unit_name: "WCU",
            write: Some((
                cost.new_size.max(cost.old_size),
                cost.total() - cost.table_units,
                cost.index_units.len(),
            )),
            refused: cost
                .condition_failed
                .as_ref()
                .map(|m| format!("its condition fails on the current data ({m})")),
        },
        Measured::Transaction(cost) => Facts {
            served: pattern.served_by().describe(),
            scan: false,
            run: None,
            units: cost.total(),
            unit_name: "WCU",
            write: None,
            refused: cost.cancelled.as_ref().map(|reasons| {
                format!(
                    "it is cancelled on the current data ({})",
                    reasons.join("; ")
                )
            }),
        },
    }
}

/// Reviews one pattern as measured on the current data.
pub fn review(
    pattern: &AccessPattern,
    measured: &Result<Measured, Failure>,
    chart: &Chart,
) -> Verdict {
    let table = &chart.table;
    let budget = &pattern.budget;
    if budget.is_empty() {
        return Verdict::Unbudgeted;
    }
    let measured = match measured {
        Ok(m) => m,
        Err(why) => {
            return Verdict::Over(vec![Broken::new(
                "fails to run",
                format!("It does not run on the current data: {why}"),
            )]);
        }
    };
    let facts = facts(pattern, measured);
    let mut met = Vec::new();
    let mut broken = Vec::new();
    if let Some(why) = &facts.refused {
        broken.push(Broken::new(
            "fails to write",
            format!("It does not write: {why}."),
        ));
    }
    if budget.keyed {
        if facts.scan {
            broken.push(Broken::new("a Scan", scan_reason(pattern, &facts, table)));
        } else {
            met.push(format!("Served by a key: {}.", facts.served));
        }
    }
    if budget.returns_what_it_reads
        && let Some(run) = facts.run
    {
        if run.count < run.scanned_count {
            broken.push(Broken::new(
                format!(
                    "reads {}, returns {}",
                    thousands(run.scanned_count),
                    thousands(run.count)
                ),
                filter_reason(pattern, &facts, run, table),
            ));
        } else {
            met.push(format!(
                "Returns what it reads: {} of {} item{}.",
                thousands(run.count),
                thousands(run.scanned_count),
                if run.scanned_count == 1 { "" } else { "s" }
            ));
        }
    }
    if let Some(most) = budget.max_units {
        if facts.units > most + 1e-9 {
            broken.push(Broken::new(
                format!(
                    "{} {} > {}",
                    units(facts.units),
                    facts.unit_name,
                    units(most)
                ),
                units_reason(pattern, &facts, most),
            ));
        } else {
            met.push(format!(
                "{} {} a request, within {}.",
                units(facts.units),
                facts.unit_name,
                units(most)
            ));
        }
    }
    let mut misses = false;
    if let Measured::Reads {
        answers: Some(coverage),
        ..
    } = measured
    {
        match answers(pattern, coverage, chart) {
            Answer::Answers(line) => met.insert(0, line),
            Answer::Misses { badge, reason } => {
                misses = true;
                broken.insert(0, Broken::new(badge, reason));
            }
        }
    }
    // A read that misses what the Scan finds already says how many it
    // returns: the count it was expected to return is not told twice.
    if let (Some(expected), Some(run), false) = (budget.expected_items, facts.run, misses) {
        let expected = expected as usize;
        if run.count == expected {
            met.push(format!(
                "Returns the {} it is expected to.",
                items(expected)
            ));
        } else {
            broken.push(Broken::new(
                format!(
                    "returns {}, expects {}",
                    thousands(run.count),
                    thousands(expected)
                ),
                count_reason(run.count, expected),
            ));
        }
    }
    if broken.is_empty() {
        Verdict::Within(met)
    } else {
        Verdict::Over(broken)
    }
}

/// Every pattern reviewed, in order. A pattern with a budget and a
/// request rate is also held to the partition ceilings: at its rate (with
/// the other patterns' on the same partitions), no partition key value it
/// touches may be throttled.
pub fn review_all(
    patterns: &[AccessPattern],
    runs: &[Result<Measured, Failure>],
    chart: &Chart,
) -> Vec<Verdict> {
    review_at_rates(
        patterns,
        runs,
        chart,
        &throughput(patterns, runs, &chart.table),
    )
}

/// The same, given the partitions' loads at the patterns' rates (what
/// [`throughput`] works out for these patterns and runs).
pub fn review_at_rates(
    patterns: &[AccessPattern],
    runs: &[Result<Measured, Failure>],
    chart: &Chart,
    rates: &[PartitionRate],
) -> Vec<Verdict> {
    let throttled: Vec<&PartitionRate> = rates.iter().filter(|r| r.throttled()).collect();
    patterns
        .iter()
        .zip(runs)
        .enumerate()
        .map(|(i, (p, m))| held_to_ceilings(review(p, m, chart), i, p, &throttled))
        .collect()
}

/// A verdict with the partition ceilings checked for pattern `i`.
fn held_to_ceilings(
    verdict: Verdict,
    i: usize,
    pattern: &AccessPattern,
    throttled: &[&PartitionRate],
) -> Verdict {
    if verdict == Verdict::Unbudgeted || pattern.rate <= 0.0 {
        return verdict;
    }
    // DynamoDB throttles a partition's reads and writes apart: a read is
    // held to the read ceiling, a write to the write ceiling.
    let writes = pattern.operation.is_write();
    let over: Vec<Broken> = throttled
        .iter()
        .filter(|r| r.patterns.contains(&i))
        .filter(|r| if writes { r.write > WRITE_CEILING } else { r.read > READ_CEILING })
        .map(|r| {
            let fix = if writes {
                "spread its writes over several keys (write sharding: a suffix #0…#N-1) or write less often"
            } else {
                "spread its reads over several keys (copies of the item under N keys) or keep a cache in front of it"
            };
            Broken::new(
                "throttled",
                format!(
                    "At {} requests a second it is throttled: {} takes {}. To stay under the ceiling, {fix}.",
                    rate_text(pattern.rate),
                    r.place(),
                    r.verdict()
                ),
            )
        })
        .collect();
    match (verdict, over.is_empty()) {
        (Verdict::Within(mut met), true) => {
            met.push(format!(
                "At {} requests a second, every partition it touches stays under its ceiling.",
                rate_text(pattern.rate)
            ));
            Verdict::Within(met)
        }
        (Verdict::Within(_), false) => Verdict::Over(over),
        (Verdict::Over(mut broken), _) => {
            broken.extend(over);
            Verdict::Over(broken)
        }
        (other, _) => other,
    }
}

/// "N of M patterns within budget": the patterns that expect something,
/// and how many of them meet it.
pub fn within_budget(verdicts: &[Verdict]) -> (usize, usize) {
    let budgeted = verdicts
        .iter()
        .filter(|v| **v != Verdict::Unbudgeted)
        .count();
    let within = verdicts.iter().filter(|v| v.is_within()).count();
    (within, budgeted)
}

/// The attributes a pattern's filter tests, and how.
fn filter_tests(pattern: &AccessPattern) -> Vec<(String, Test)> {
    let filter = match &pattern.scan_filter {
        Some(given) if pattern.operation == Operation::Scan => {
            Some((given.expression.clone(), given.names.clone()))
        }
        _ => pattern
            .request
            .get("FilterExpression")
            .and_then(Json::as_str)
            .map(|f| {
                (
                    f.to_string(),
                    pattern.request.get("ExpressionAttributeNames").cloned(),
                )
            }),
    };
    filter
        .map(|(expression, names)| tests(&expression, names.as_ref()))
        .unwrap_or_default()
}

/// The names tested one way.
fn tested(tests: &[(String, Test)], how: Test) -> Vec<String> {
    tests
        .iter()
        .filter(|(_, t)| *t == how)
        .map(|(n, _)| n.clone())
        .collect()
}

/// The index a Scan's filter asks for: what it fixes by equality as the
/// partition key, what it ranges over as the sort key.
fn index_for(tests: &[(String, Test)]) -> String {
    let (fixed, ranged) = (tested(tests, Test::Equality), tested(tests, Test::Range));
    match (fixed.as_slice(), ranged.as_slice()) {
        ([], []) => {
            let all: Vec<String> = tests.iter().map(|(n, _)| n.clone()).collect();
            format!("an index keyed on what it looks for ({})", either(&all))
        }
        (fixed, []) => format!("an index keyed on {}", either(fixed)),
        ([], ranged) => format!(
            "an index with {} as its sort key, under a partition key the items it wants share",
            either(ranged)
        ),
        (fixed, ranged) => format!(
            "an index with {} as its partition key and {} as its sort key",
            either(fixed),
            either(ranged)
        ),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn either(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn items(n: usize) -> String {
    format!("{} item{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// Why a read that returns another number of items than it is expected
/// to fails, and where to look.
fn count_reason(count: usize, expected: usize) -> String {
    let look = if count < expected {
        "its key condition and filter may leave out items it should find, or the items may not carry the key values it asks for (the data view shows each item's keys)"
    } else {
        "its key condition or filter lets in items its question does not ask for"
    };
    format!(
        "It returns {} where {} {} expected: {look}. The count was worked out on this data; after changing the counts or the seed, set it again under Edit budget.",
        items(count),
        thousands(expected),
        if expected == 1 { "is" } else { "are" }
    )
}

/// Why a Scan breaks "never a Scan", and the key that would serve it.
fn scan_reason(pattern: &AccessPattern, facts: &Facts, table: &TableDesign) -> String {
    let Some(run) = facts.run else {
        return format!("It is {}.", facts.served);
    };
    let read = format!(
        "{} reads all {} to return {}",
        facts.served,
        items(run.scanned_count),
        thousands(run.count)
    );
    if pattern.operation == Operation::ExecuteStatement {
        return format!(
            "{read}: this SELECT does not fix the partition key. Put {pk} = … (or {pk} IN […]) in its WHERE, or read an index whose partition key it fixes.",
            pk = table.partition_key.name
        );
    }
    let tests = filter_tests(pattern);
    let key = &table.partition_key.name;
    if tests.iter().any(|(a, t)| a == key && *t == Test::Equality) {
        return format!(
            "{read}: its filter fixes {key}, the partition key. As a Query's key condition ({key} = …) it would read that partition alone."
        );
    }
    if tests.is_empty() {
        return format!(
            "{read}: with no filter it wants every item. If it wants fewer, give them a partition key of their own and Query it."
        );
    }
    format!(
        "{read}: add {} — a sparse index, if only the items it wants carry its key — and Query it.",
        index_for(&tests)
    )
}

/// Why reading more than it returns breaks "returns what it reads".
fn filter_reason(pattern: &AccessPattern, facts: &Facts, run: &Run, table: &TableDesign) -> String {
    let dropped = run.scanned_count - run.count;
    let read = format!(
        "It reads {} to return {}",
        items(run.scanned_count),
        thousands(run.count)
    );
    if facts.scan {
        return format!(
            "{read}: the filter drops the other {} after they are read, and they are paid for all the same.",
            thousands(dropped)
        );
    }
    let names: Vec<String> = filter_tests(pattern)
        .into_iter()
        .map(|(n, _)| n)
        .filter(|n| *n != table.partition_key.name)
        .collect();
    let global_index = pattern
        .request
        .get("IndexName")
        .and_then(serde_json::Value::as_str)
        .and_then(|name| table.indexes.iter().find(|i| i.name == name && i.global));
    let fix = if names.is_empty() {
        "put what its filter tests into the key, so the key condition picks the items".to_string()
    } else if let Some(index) = global_index {
        format!(
            "put {} into {}'s sort key — as sort key attributes of their own (a global index's key can have up to four, each compared by its type) rather than joined into one string — or add a sparse index, so the key condition picks them",
            either(&names),
            index.name
        )
    } else {
        format!(
            "put {} into the sort key (the table's, or an index's under the same partition key), or add a sparse index, so the key condition picks them",
            either(&names)
        )
    };
    format!(
        "{read}: {fix} instead of a filter dropping {} after they are read (and paid for).",
        thousands(dropped)
    )
}

/// Why a request costs more than its ceiling, and where the units go.
fn units_reason(pattern: &AccessPattern, facts: &Facts, most: f64) -> String {
    let cost = format!(
        "It costs {} {} a request, over its budget of {}",
        units(facts.units),
        facts.unit_name,
        units(most)
    );
    if let Some((size, index_units, indexes)) = facts.write {
        let on_indexes = if indexes > 0 {
            format!(
                ", and {} {} go to {} ({} in all): an index projecting fewer attributes, or a sparse one, takes fewer",
                units(index_units),
                if index_units == 1.0 { "unit" } else { "units" },
                if indexes == 1 {
                    "an index".to_string()
                } else {
                    format!("{indexes} indexes")
                },
                units(facts.units)
            )
        } else {
            String::new()
        };
        return format!(
            "{cost}: the item is {} and a write costs a unit per KB, rounded up{on_indexes}.",
            human_bytes(size)
        );
    }
    let Some(run) = facts.run else {
        return format!("{cost}.");
    };
    if facts.scan {
        return format!(
            "{cost}: a Scan pays for every item it reads — {} over {} page{} — whatever it returns.",
            human_bytes(run.bytes_read),
            thousands(run.pages),
            if run.pages == 1 { "" } else { "s" }
        );
    }
    if run.scanned_count > run.count {
        return format!(
            "{cost}: {} of the {} it reads are dropped by the filter after they are paid for.",
            thousands(run.scanned_count - run.count),
            items(run.scanned_count)
        );
    }
    let each = run.bytes_read / run.scanned_count.max(1);
    let queries = match pattern.shards {
        Some(n) => format!(" in {n} Queries (at least half a unit each)"),
        None => String::new(),
    };
    let fix = if each > 4096 {
        format!(
            "Its items average {}: large attributes kept in an item of their own (or left out of the index it reads) make every item read cheaper.",
            human_bytes(each)
        )
    } else {
        "Fewer items a request cost less: a narrower sort-key condition, a sparse index holding only the items it needs, or a Limit and paging.".to_string()
    };
    format!(
        "{cost}: it reads {} of {} each on average ({}){queries}. {fix}",
        items(run.scanned_count),
        human_bytes(each),
        human_bytes(run.bytes_read)
    )
}

/// The budget in words, for the review panel: "never a Scan · at most 1
/// RCU · returns what it reads · returns 3 items".
pub fn describe(budget: &Budget, write: bool) -> String {
    let mut parts = Vec::new();
    if budget.keyed {
        parts.push("never a Scan".to_string());
    }
    if let Some(most) = budget.max_units {
        parts.push(format!(
            "at most {} {}",
            units(most),
            if write { "WCU" } else { "RCU" }
        ));
    }
    if budget.returns_what_it_reads {
        parts.push("returns what it reads".to_string());
    }
    if let Some(expected) = budget.expected_items {
        parts.push(format!("returns {}", items(expected as usize)));
    }
    parts.join(" · ")
}
