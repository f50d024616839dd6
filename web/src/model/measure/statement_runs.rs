//! Measuring an access pattern written in PartiQL.
//!
//! The statement runs as DynamoDB runs it, paged by NextToken to the end,
//! with the engine's own numbers: items read and returned, bytes, pages,
//! and the read units DynamoDB reports, eventually and (where DynamoDB
//! allows it) strongly consistent — both the engine's figures, never
//! worked out in the page.
//!
//! For the comparison it is set beside the other way to answer the same
//! need: a SELECT served by a Query beside the Scan of the whole table its
//! WHERE would be without the partition key; a SELECT that is a Scan
//! beside the keyed SELECT the learner gives as its alternative.

use crate::model::failure::Failure;
use engine::Engine;
use engine::api::requests;
use engine::ops::{ExecuteStatementRequest, Served};
use serde_json::{Value as Json, json};

use super::partition_load::measured;
use super::reads::{PageFigures, Run, Way};
use crate::model::design::chart::TableDesign;
use crate::model::patterns::pattern::AccessPattern;
use crate::model::patterns::statement::{Explanation, describe};

/// Most pages one run reads before it gives up.
const MAX_PAGES: usize = 100_000;

/// The label of a statement's run: "Query (PartiQL)" or "Scan (PartiQL)".
fn way(served: &Served) -> Way {
    match served {
        Served::Scan { .. } => Way::PartiqlScan,
        _ => Way::PartiqlQuery,
    }
}

/// The statement of an ExecuteStatement body, decoded as the API decodes it.
fn decoded(body: &Json) -> Result<ExecuteStatementRequest, Failure> {
    requests::execute_statement(body.to_string().as_bytes())
        .map(|(request, _)| request)
        .map_err(Failure::from)
}

/// Sums every page of `request`, read eventually consistent, with what the
/// engine says the same reads cost strongly consistent.
fn pages(engine: &mut Engine, mut request: ExecuteStatementRequest) -> Result<Run, Failure> {
    let mut run = Run::empty(Way::PartiqlQuery, true);
    loop {
        let response = engine.execute_statement(request.clone())?;
        run.add_page(PageFigures {
            scanned_count: response.scanned_count,
            count: response.items.len(),
            bytes_read: response.bytes_read,
            eventual_units: response.consumed.total(),
            strong_units: response.consumed_if_strong.as_ref().map(|c| c.total()),
        });
        match response.next_token {
            Some(token) if run.pages < MAX_PAGES => request.next_token = Some(token),
            Some(_) => {
                return Err(Failure::refused(
                    "the statement did not finish after 100,000 pages",
                ));
            }
            None => return Ok(run),
        }
    }
}

/// A statement's whole run: its pages, the units of an eventually and of a
/// strongly consistent read (the engine's figures both), and the
/// partitions it read.
fn run_statement(
    engine: &mut Engine,
    body: &Json,
    scan_table_instead: bool,
    with_partitions: bool,
) -> Result<(Run, Served), Failure> {
    let mut request = decoded(body)?;
    request.scan_table_instead = scan_table_instead;
    let mut served = engine.explain_statement(&request.statement, &request.parameters)?;
    if scan_table_instead {
        served = Served::Scan { index: None };
    }
    let table = engine::partiql::parse(&request.statement)
        .map(|s| s.table().text.clone())
        .unwrap_or_default();
    if !matches!(served, Served::Query { .. } | Served::Scan { .. }) {
        return Err(Failure::refused(
            "An access pattern in PartiQL is a SELECT.",
        ));
    }
    request.consistent_read = false;
    let mut run = if with_partitions {
        let (run, partitions) = measured(engine, &table, |engine| pages(engine, request));
        let mut run = run?;
        run.partitions = partitions;
        run
    } else {
        pages(engine, request)?
    };
    run.way = if scan_table_instead {
        Way::ScanFilter
    } else {
        way(&served)
    };
    Ok((run, served))
}

/// What measuring a PartiQL SELECT found: its runs (the statement's own
/// at `own`) and what the statement became.
#[derive(Clone, Debug, PartialEq)]
pub struct StatementMeasure {
    pub runs: Vec<Run>,
    pub own: usize,
    pub explanation: Explanation,
}

/// Measures a PartiQL SELECT pattern, and with `with_scan` the other way
/// to answer the same need.
pub fn measure_statement(
    engine: &mut Engine,
    pattern: &AccessPattern,
    table: &TableDesign,
    with_scan: bool,
    with_partitions: bool,
) -> Result<StatementMeasure, Failure> {
    let (own, served) = run_statement(engine, &pattern.request, false, with_partitions)?;
    let explanation: Explanation = describe(&served, table);
    let mut runs = vec![own];
    let mut at = 0;
    if with_scan {
        if !explanation.scan {
            runs.push(run_statement(engine, &pattern.request, true, true)?.0);
        } else if let Some(alternative) = &pattern.alternative {
            let mut body = json!({ "Statement": alternative });
            if let Some(parameters) = pattern.request.get("Parameters") {
                body["Parameters"] = parameters.clone();
            }
            let (keyed, _) = run_statement(engine, &body, false, true)
                .map_err(|why| Failure::refused(format!("The statement to compare with: {why}")))?;
            runs.insert(0, keyed);
            at = 1;
        }
    }
    Ok(StatementMeasure {
        runs,
        own: at,
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;
    use engine::api::Operation;

    fn pattern(statement: &str, alternative: Option<&str>) -> AccessPattern {
        let mut pattern = AccessPattern::new(
            "A customer's orders",
            Operation::ExecuteStatement,
            json!({ "Statement": statement }),
        );
        pattern.alternative = alternative.map(str::to_string);
        pattern
    }

    fn measured(pattern: &AccessPattern) -> (Vec<Run>, usize, Explanation) {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let measured =
            measure_statement(&mut engine, pattern, &state.chart.table, true, true).unwrap();
        (measured.runs, measured.own, measured.explanation)
    }

    #[test]
    fn a_keyed_select_is_compared_with_the_scan_it_avoids() {
        let (runs, own, explanation) = measured(&pattern(
            r#"SELECT * FROM "commerce-main" WHERE PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')"#,
            None,
        ));
        assert!(!explanation.scan);
        assert_eq!(own, 0);
        let (query, scan) = (&runs[0], &runs[1]);
        assert_eq!(
            (query.label(), scan.label()),
            ("Query (PartiQL)", "Scan + filter")
        );
        assert_eq!(query.count, scan.count);
        assert!(scan.scanned_count > 20 * query.scanned_count, "{runs:?}");
        assert_eq!(query.strong_units, Some(query.eventual_units * 2.0));
        assert!(scan.eventual_units > 20.0 * query.eventual_units);
        assert_eq!(query.partitions.len(), 1);
    }

    #[test]
    fn a_select_that_is_a_scan_is_compared_with_the_keyed_select_given() {
        let (runs, own, explanation) = measured(&pattern(
            r#"SELECT * FROM "commerce-main" WHERE customerId = 'c1' AND entityType = 'Order'"#,
            Some(
                r#"SELECT * FROM "commerce-main" WHERE PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')"#,
            ),
        ));
        assert!(explanation.scan);
        assert_eq!(own, 1);
        assert_eq!(runs[0].label(), "Query (PartiQL)");
        assert_eq!(runs[1].label(), "Scan (PartiQL)");
        assert_eq!(runs[0].count, runs[1].count);
        assert!(runs[1].eventual_units > 20.0 * runs[0].eventual_units);
    }

    #[test]
    fn a_select_on_a_global_index_has_no_strong_figure() {
        let (runs, _, _) = measured(&pattern(
            r#"SELECT * FROM "commerce-main"."GSI1" WHERE GSI1PK = 'STATUS#PENDING'"#,
            None,
        ));
        assert_eq!(runs[0].strong_units, None);
        assert!(runs[1].strong_units.is_some());
    }

    #[test]
    fn a_write_statement_is_not_a_read_pattern() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let write = pattern(
            r#"DELETE FROM "commerce-main" WHERE PK = 'CUST#c1' AND SK = 'PROFILE'"#,
            None,
        );
        assert_eq!(
            measure_statement(&mut engine, &write, &state.chart.table, true, true).unwrap_err(),
            Failure::refused("An access pattern in PartiQL is a SELECT.")
        );
    }
}
