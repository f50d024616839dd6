//! The sentences the page derives from a run's numbers: what it read,
//! what it returned, what it cost and how the read units were counted.

use engine::api::Operation;

use crate::model::format::{dollars, human_bytes, thousands, units};
use crate::model::measure::compare::Run;
use crate::model::measure::reads::Way;

/// One sentence per run, derived from the numbers.
pub fn explain(run: &Run) -> String {
    // "Query + filter read …", "Scan read …"; a label of other words is
    // said whole ("One shard's Query read …", "Scatter-gather read …").
    let verb = match run.way {
        Way::Query | Way::QueryFilter | Way::PartiqlQuery => Operation::Query.name(),
        Way::Scan | Way::ScanFilter | Way::PartiqlScan => Operation::Scan.name(),
        Way::KeyLookup => Operation::GetItem.name(),
        _ => run.label(),
    };
    let pages = if run.pages == 1 {
        String::new()
    } else {
        format!(", {} pages", thousands(run.pages))
    };
    format!(
        "{verb} read {} item{} ({}{pages}) to return {}: {} RCU.",
        thousands(run.scanned_count),
        if run.scanned_count == 1 { "" } else { "s" },
        human_bytes(run.bytes_read),
        thousands(run.count),
        units(run.eventual_units)
    )
}

/// How the run's numbers come about, in plain words: where the read units
/// come from, and what a filter does and does not save.
pub fn how_counted(run: &Run) -> Vec<String> {
    let mut out = Vec::new();
    let consistency = match run.strong_units {
        Some(strong_sum) => format!(
            "{} read unit{} strongly consistent, half that ({}) eventually consistent",
            units(strong_sum),
            if strong_sum == 1.0 { "" } else { "s" },
            units(run.eventual_units)
        ),
        None => format!(
            "{} eventually consistent read units (a global index is never read strongly consistently)",
            units(run.eventual_units)
        ),
    };
    if run.way == Way::KeyLookup {
        out.push(if run.count == 0 {
            format!("No such item, but a read still costs the minimum: {consistency}.")
        } else {
            format!(
                "The item's {} rounded up to a multiple of 4 KB: {consistency}.",
                human_bytes(run.bytes_read)
            )
        });
        return out;
    }
    let pages = if run.pages == 1 {
        "in one page".to_string()
    } else {
        format!("over {} pages of up to 1 MB", thousands(run.pages))
    };
    out.push(format!(
        "{} read {pages}, each page rounded up to a multiple of 4 KB: {consistency}.",
        human_bytes(run.bytes_read)
    ));
    let dropped = run.scanned_count.saturating_sub(run.count);
    if run.way.scans() {
        out.push(
            "A Scan reads every item of the table and pays for all of them; a filter only decides which come back."
                .into(),
        );
    } else if dropped > 0 {
        out.push(format!(
            "The filter dropped {} of the {} items read, after they were read: they are paid for all the same.",
            thousands(dropped),
            thousands(run.scanned_count)
        ));
    }
    out
}

/// What each run costs a month at the given request rate, in one sentence.
pub fn monthly(runs: &[Run], prices: &crate::model::measure::prices::Prices) -> String {
    let parts: Vec<String> = runs
        .iter()
        .map(|run| {
            format!(
                "{} for the {}",
                dollars(prices.monthly(run.cost_per_million(prices))),
                run.label()
            )
        })
        .collect();
    format!(
        "At {} requests a month: {}.",
        thousands(prices.requests_per_month as usize),
        parts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::measure::prices::Prices;

    #[test]
    fn numbers_read_like_dynamodb_prints_them() {
        assert_eq!(units(0.5), "0.5");
        assert_eq!(units(243.5), "243.5");
        assert_eq!(units(12.0), "12");
        assert_eq!(thousands(2413), "2,413");
        assert_eq!(human_bytes(2150), "2.1 KB");
        let run = Run {
            way: Way::ScanFilter,
            scanned_count: 2413,
            count: 3,
            bytes_read: 1_992_294,
            pages: 2,
            eventual_units: 243.5,
            strong_units: Some(487.0),
            partitions: Vec::new(),
            per_page: Vec::new(),
        };
        assert_eq!(
            explain(&run),
            "Scan read 2,413 items (1.9 MB, 2 pages) to return 3: 243.5 RCU."
        );
        assert_eq!(run.cost_per_million(&Prices::default()), 30.4375);
        assert_eq!(dollars(30.4375), "$30.44");
        assert_eq!(dollars(12450.0), "$12,450.00");
        assert_eq!(dollars(0.1875), "$0.1875");
        assert_eq!(dollars(0.5), "$0.50");
        assert_eq!(dollars(0.0625), "$0.0625");
        assert_eq!(dollars(0.0), "$0.00");
        let prices = Prices {
            requests_per_month: 5_000_000.0,
            ..Prices::default()
        };
        assert_eq!(
            monthly(std::slice::from_ref(&run), &prices),
            "At 5,000,000 requests a month: $152.19 for the Scan + filter."
        );
        assert_eq!(
            how_counted(&run),
            vec![
                "1.9 MB read over 2 pages of up to 1 MB, each page rounded up to a multiple of 4 KB: 487 read units strongly consistent, half that (243.5) eventually consistent.",
                "A Scan reads every item of the table and pays for all of them; a filter only decides which come back.",
            ]
        );
        let filtered = Run {
            way: Way::QueryFilter,
            scanned_count: 8,
            count: 5,
            bytes_read: 5000,
            pages: 1,
            eventual_units: 1.0,
            strong_units: None,
            partitions: Vec::new(),
            per_page: Vec::new(),
        };
        let one_shard = Run {
            way: Way::OneShard,
            ..filtered.totals()
        };
        assert!(explain(&one_shard).starts_with("One shard's Query read 8 items"));
        assert_eq!(
            how_counted(&filtered)[1],
            "The filter dropped 3 of the 8 items read, after they were read: they are paid for all the same."
        );
    }
}
