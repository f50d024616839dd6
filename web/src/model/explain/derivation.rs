//! How each number of a run comes about, step by step, from the engine's
//! own figures — page by page: the items read and returned, the bytes read,
//! each page's bytes rounded up to a multiple of 4 KB, halved when read
//! eventually consistent, and the price — so a learner can check any number
//! by hand. Where the engine charged more than a page's own bytes (a local
//! index fetching items from the table, a PartiQL page reading several keys
//! each charged on its own), the derivation says so instead of pretending
//! the sum works out.

use engine::capacity::{READ_UNIT_BYTES, WRITE_UNIT_BYTES, read_units, write_units};

use crate::model::format::{dollars, human_bytes, thousands, units};
use crate::model::measure::prices::Prices;
use crate::model::measure::reads::{PageFigures, Run};
use crate::model::measure::transaction_cost::TransactionCost;
use crate::model::measure::write_cost::WriteCost;

/// A number the comparison shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    ItemsRead,
    ItemsReturned,
    BytesRead,
    Pages,
    EventualUnits,
    StrongUnits,
    Dollars,
}

/// Pages spelled out one by one; the rest are summed in one line.
const SHOWN_PAGES: usize = 4;

/// Each page's line, up to [`SHOWN_PAGES`], and a line for the rest.
fn page_lines(run: &Run, line: impl Fn(&PageFigures) -> String) -> Vec<String> {
    let mut out: Vec<String> = run
        .per_page
        .iter()
        .take(SHOWN_PAGES)
        .enumerate()
        .map(|(i, page)| format!("Page {}: {}", i + 1, line(page)))
        .collect();
    let rest = run.per_page.len().saturating_sub(SHOWN_PAGES);
    if rest > 0 {
        out.push(format!(
            "… and {} more page{}, each counted the same way.",
            thousands(rest),
            if rest == 1 { "" } else { "s" }
        ));
    }
    out
}

fn sum_line<T: std::fmt::Display>(
    run: &Run,
    parts: impl Fn(&PageFigures) -> T,
    total: String,
) -> String {
    if run.per_page.len() <= 1 {
        return format!("In all: {total}.");
    }
    let shown: Vec<String> = run
        .per_page
        .iter()
        .take(SHOWN_PAGES)
        .map(|p| parts(p).to_string())
        .collect();
    let more = if run.per_page.len() > SHOWN_PAGES {
        " + …"
    } else {
        ""
    };
    format!("In all: {}{more} = {total}.", shown.join(" + "))
}

/// A page's read units strongly consistent from its bytes: `ceil(bytes /
/// 4 KB)`, at least one.
fn strong_from_bytes(bytes: usize) -> f64 {
    read_units(bytes, true)
}

fn rounding(bytes: usize) -> String {
    format!(
        "{} B rounded up to a multiple of 4 KB (4,096 B) is {} × 4 KB",
        thousands(bytes),
        thousands(bytes.div_ceil(READ_UNIT_BYTES).max(1))
    )
}

/// The steps behind `figure` of `run`, one sentence each.
pub fn derive(run: &Run, figure: Figure, prices: &Prices) -> Vec<String> {
    match figure {
        Figure::ItemsRead => {
            let mut out = vec![format!(
                "Items read is ScannedCount: every item the {} read, before any filter.",
                run.label()
            )];
            out.extend(page_lines(run, |p| {
                format!("ScannedCount {}.", thousands(p.scanned_count))
            }));
            out.push(sum_line(
                run,
                |p| thousands(p.scanned_count),
                thousands(run.scanned_count),
            ));
            out
        }
        Figure::ItemsReturned => {
            let mut out = vec![
                "Items returned is Count: the items read that passed the filter, if there is one."
                    .to_string(),
            ];
            out.extend(page_lines(run, |p| {
                format!(
                    "Count {} of ScannedCount {}.",
                    thousands(p.count),
                    thousands(p.scanned_count)
                )
            }));
            out.push(sum_line(run, |p| thousands(p.count), thousands(run.count)));
            out
        }
        Figure::BytesRead => {
            let mut out = vec![
                "Bytes read is the size of every item read, as DynamoDB sizes items: the length of each attribute's name plus its value's size."
                    .to_string(),
            ];
            out.extend(page_lines(run, |p| {
                format!(
                    "{} item{}, {} ({} each on average).",
                    thousands(p.scanned_count),
                    if p.scanned_count == 1 { "" } else { "s" },
                    human_bytes(p.bytes_read),
                    human_bytes(p.bytes_read / p.scanned_count.max(1))
                )
            }));
            out.push(sum_line(
                run,
                |p| human_bytes(p.bytes_read),
                human_bytes(run.bytes_read),
            ));
            out
        }
        Figure::Pages => {
            let mut out = vec![
                "A Query or Scan returns at most 1 MB of items read a page (fewer with a Limit); the application asks again from LastEvaluatedKey until there is none.".to_string(),
            ];
            out.push(format!(
                "{} read in {} page{}.",
                human_bytes(run.bytes_read),
                thousands(run.pages),
                if run.pages == 1 { "" } else { "s" }
            ));
            out
        }
        Figure::EventualUnits | Figure::StrongUnits => units_steps(run, figure),
        Figure::Dollars => vec![
            format!(
                "{} read units a request (eventually consistent) × ${} per million read request units = {} per million requests.",
                units(run.eventual_units),
                prices.read_per_million,
                format_args!("${:.4}", run.cost_per_million(prices))
            ),
            format!(
                "At {} requests a month: {} × {} ÷ 1,000,000 = {}.",
                thousands(prices.requests_per_month as usize),
                format_args!("${:.4}", run.cost_per_million(prices)),
                thousands(prices.requests_per_month as usize),
                dollars(run.cost_per_million(prices) * prices.requests_per_month / 1_000_000.0)
            ),
        ],
    }
}

/// How a write's units come about: the item's size rounded up to 1 KB on
/// the table, then what each index it touched was charged.
pub fn derive_write(cost: &WriteCost, prices: &Prices) -> Vec<String> {
    let size = cost.old_size.max(cost.new_size);
    let from_size = write_units(size);
    let mut out = vec![format!(
        "The item is {} after the write and was {} before: a write is charged on the larger, rounded up to a multiple of 1 KB — {} is {} × 1 KB, so {} WCU on the table.",
        human_bytes(cost.new_size),
        human_bytes(cost.old_size),
        human_bytes(size),
        thousands(size.div_ceil(WRITE_UNIT_BYTES).max(1)),
        units(from_size)
    )];
    if cost.condition_failed.is_some() {
        out[0] = format!(
            "The condition fails: nothing is written, and the attempt is charged on the item it found ({}): {} WCU.",
            human_bytes(size),
            units(cost.table_units)
        );
    } else if (from_size - cost.table_units).abs() > 1e-9 {
        out.push(format!(
            "The engine charged the table {} WCU.",
            units(cost.table_units)
        ));
    }
    for (index, charged) in &cost.index_units {
        out.push(format!(
            "{index}: {} WCU — each index entry written is its own write, rounded up to 1 KB; an entry whose key changes is deleted and put again.",
            units(*charged)
        ));
    }
    out.push(format!(
        "In all {} WCU × ${} per million write request units = ${:.4} per million writes.",
        units(cost.total()),
        prices.write_per_million,
        cost.cost_per_million(prices)
    ));
    out
}

/// How a transaction's units come about: the same writes one by one on
/// the table, doubled; the indexes as for ordinary writes; the price.
pub fn derive_transaction(cost: &TransactionCost, prices: &Prices) -> Vec<String> {
    if cost.cancelled.is_some() {
        return vec![cost.explain()];
    }
    let mut out = vec![
        format!(
            "Its {} actions ({} writes, {} condition checks) cost {} WCU on the table one by one: each item's size — the larger of before and after; for a check, the item it checks, or one unit when it is missing — rounded up to a multiple of 1 KB.",
            cost.actions,
            cost.writes,
            cost.actions - cost.writes,
            units(cost.table_units / 2.0)
        ),
        format!(
            "In a transaction DynamoDB prepares and then commits every item and charges for both: 2 × {} = {} WCU on the table.",
            units(cost.table_units / 2.0),
            units(cost.table_units)
        ),
    ];
    for (index, charged) in &cost.index_units {
        out.push(format!(
            "{index}: {} WCU, as for ordinary writes (not doubled).",
            units(*charged)
        ));
    }
    out.push(format!(
        "In all {} WCU × ${} per million write request units = ${:.4} per million transactions.",
        units(cost.total()),
        prices.write_per_million,
        cost.cost_per_million(prices)
    ));
    out
}

/// Read units: each page's bytes rounded up to 4 KB, one unit per 4 KB
/// strongly consistent, half that eventually consistent — checked against
/// what the engine charged.
fn units_steps(run: &Run, figure: Figure) -> Vec<String> {
    let strong = figure == Figure::StrongUnits;
    let mut out = vec![
        "Each page is charged on its own: its bytes rounded up to a multiple of 4 KB, one read unit per 4 KB strongly consistent, half a unit eventually consistent — and at least that one (or half) unit, even for nothing read."
            .to_string(),
    ];
    let charged = |p: &PageFigures| {
        if strong {
            p.strong_units.unwrap_or(p.eventual_units * 2.0)
        } else {
            p.eventual_units
        }
    };
    out.extend(page_lines(run, |p| {
        let from_bytes = strong_from_bytes(p.bytes_read);
        let derived = if strong { from_bytes } else { from_bytes / 2.0 };
        let mut line = format!(
            "{}: {} unit{} strongly consistent{}.",
            rounding(p.bytes_read),
            units(from_bytes),
            if from_bytes == 1.0 { "" } else { "s" },
            if strong {
                String::new()
            } else {
                format!(", so {} eventually consistent", units(from_bytes / 2.0))
            }
        );
        if (charged(p) - derived).abs() > 1e-9 {
            let why = if run.label().contains("PartiQL") {
                "each key the statement reads in this page is charged on its own, rounded up on its own"
            } else {
                "a local index's Query also pays for the items it fetches from the table"
            };
            line.push_str(&format!(" The engine charged {}: {why}.", units(charged(p))));
        }
        line
    }));
    let total = if strong {
        run.strong_units.map_or_else(
            || "not offered: a global index is read eventually consistent only".to_string(),
            |u| format!("{} RCU", units(u)),
        )
    } else {
        format!("{} RCU", units(run.eventual_units))
    };
    out.push(sum_line(run, |p| units(charged(p)), total));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;
    use crate::model::gallery::EXAMPLES;
    use crate::model::measure::compare::Measured;

    /// Every read run of every example, with its comparison.
    fn every_run() -> Vec<Run> {
        let mut runs = Vec::new();
        for example in EXAMPLES {
            let state = Opened::open((example.playground)()).unwrap();
            for pattern in &state.patterns {
                let measured = crate::model::measure::compare::measure_pattern(
                    &mut state.engine.borrow_mut(),
                    pattern,
                    &state.chart.table,
                    None,
                    true,
                );
                if let Some((list, _)) = measured.as_ref().ok().and_then(Measured::reads) {
                    runs.extend(list.iter().cloned());
                }
            }
        }
        runs
    }

    #[test]
    fn every_runs_pages_add_up_to_its_numbers_and_its_units_to_its_bytes() {
        for run in every_run() {
            let pages = &run.per_page;
            assert_eq!(pages.len(), run.pages, "{run:?}");
            assert_eq!(
                pages.iter().map(|p| p.scanned_count).sum::<usize>(),
                run.scanned_count
            );
            assert_eq!(pages.iter().map(|p| p.count).sum::<usize>(), run.count);
            assert_eq!(
                pages.iter().map(|p| p.bytes_read).sum::<usize>(),
                run.bytes_read
            );
            let units: f64 = pages.iter().map(|p| p.eventual_units).sum();
            assert!((units - run.eventual_units).abs() < 1e-9, "{run:?}");
            // No example reads a local index: every page's units follow from
            // its bytes, but for a PartiQL page that reads several keys, each
            // charged on its own.
            for page in pages {
                let from_bytes = read_units(page.bytes_read, false);
                if run.label().contains("PartiQL") {
                    assert!(page.eventual_units >= from_bytes, "{run:?}");
                } else {
                    assert_eq!(page.eventual_units, from_bytes, "{run:?}");
                }
            }
        }
    }

    #[test]
    fn a_scan_over_pages_is_derived_page_by_page_and_priced() {
        let state = Opened::open((crate::model::gallery::find("invoicing")
            .unwrap()
            .playground)())
        .unwrap();
        let scan = every_run_of(&state, "Scan + filter");
        assert!(scan.pages > 1, "{scan:?}");
        let steps = derive(&scan, Figure::EventualUnits, &state.prices);
        let first = &scan.per_page[0];
        assert_eq!(
            steps[1],
            format!(
                "Page 1: {} B rounded up to a multiple of 4 KB (4,096 B) is {} × 4 KB: {} units strongly consistent, so {} eventually consistent.",
                thousands(first.bytes_read),
                thousands(first.bytes_read.div_ceil(4096)),
                units(first.bytes_read.div_ceil(4096) as f64),
                units(first.eventual_units)
            )
        );
        assert!(
            steps
                .last()
                .unwrap()
                .ends_with(&format!("= {} RCU.", units(scan.eventual_units)))
        );
        let pages = derive(&scan, Figure::Pages, &state.prices);
        assert!(pages[1].ends_with(&format!("in {} pages.", scan.pages)));
        let price = derive(&scan, Figure::Dollars, &state.prices);
        assert!(price[0].starts_with(&format!(
            "{} read units a request",
            units(scan.eventual_units)
        )));
        assert!(
            price[1].starts_with("At 3,000,000 requests a month"),
            "{price:?}"
        );
        assert!(price[1].ends_with("= $524.81."), "{price:?}");
    }

    fn every_run_of(state: &Opened, label: &str) -> Run {
        let measured = crate::model::measure::compare::measure_pattern(
            &mut state.engine.borrow_mut(),
            &state.patterns[state.selected],
            &state.chart.table,
            None,
            true,
        )
        .unwrap();
        let (runs, _) = measured.reads().unwrap();
        runs.iter().find(|r| r.label() == label).unwrap().clone()
    }

    #[test]
    fn a_writes_units_are_derived_from_its_item_and_its_indexes_and_add_up() {
        let state = Opened::example();
        for measured in state.runs.iter().flatten() {
            let Measured::Write(cost) = measured else {
                continue;
            };
            let steps = derive_write(cost, &state.prices);
            assert!(steps[0].starts_with("The item is "), "{steps:?}");
            assert!(
                !steps
                    .iter()
                    .any(|s| s.starts_with("The engine charged the table")),
                "the size gives the table's units: {steps:?}"
            );
            assert_eq!(steps.len(), 2 + cost.index_units.len());
            assert!(
                steps
                    .last()
                    .unwrap()
                    .starts_with(&format!("In all {} WCU", units(cost.total())))
            );
        }
    }

    #[test]
    fn a_transactions_units_are_the_writes_doubled_on_the_table_and_add_up() {
        let state = Opened::example();
        let cost = state
            .runs
            .iter()
            .flatten()
            .find_map(|m| match m {
                Measured::Transaction(cost) if cost.cancelled.is_none() => Some(cost),
                _ => None,
            })
            .unwrap();
        let steps = derive_transaction(cost, &state.prices);
        assert!(steps[1].ends_with(&format!("= {} WCU on the table.", units(cost.table_units))));
        assert_eq!(steps.len(), 3 + cost.index_units.len());
        assert!(
            steps
                .last()
                .unwrap()
                .starts_with(&format!("In all {} WCU", units(cost.total())))
        );
    }

    #[test]
    fn a_key_lookup_is_one_page_of_one_item() {
        let state = Opened::example();
        let Ok(measured) = &state.runs[0] else {
            panic!()
        };
        let (runs, own) = measured.reads().unwrap();
        let get = &runs[own];
        let steps = derive(get, Figure::EventualUnits, &state.prices);
        assert_eq!(steps.len(), 3, "{steps:?}");
        assert!(steps[2].starts_with("In all: 0.5 RCU"), "{steps:?}");
        assert_eq!(
            derive(get, Figure::ItemsRead, &state.prices)
                .last()
                .unwrap(),
            "In all: 1."
        );
    }
}
