//! A request the learner runs from the runner, as one step the store
//! applies: the form becomes DynamoDB JSON, goes to the page's one table
//! (whatever it is called now), runs — as PartiQL, as a scatter-gather
//! over a sharded key, or as itself — and comes back with what the page
//! shows beside DynamoDB's response: what it read and returned (for the
//! data view) and the keys a write touched (to record as changes by hand).

use engine::Engine;
use engine::api::Operation;
use serde_json::Value as Json;

use super::sharding::{MAX_SHARDS, gathered_response, shard_write};
use crate::model::data::multi_item::{retarget, written_keys};
use crate::model::design::chart::TableDesign;
use crate::model::failure::Failure;
use crate::model::gateway::run;
use crate::model::patterns::runner::{Form, Highlight, StatementRun, highlight, run_statement};

/// What a read-only embed says to a statement that would write.
pub const READ_ONLY_STATEMENT: &str = "This playground is read-only here: only SELECT statements run. Open it in the full playground to write.";

/// A run the runner asks for: its form and how to run it.
#[derive(Clone, Debug, PartialEq)]
pub struct RunAsked {
    pub form: Form,
    /// The LastEvaluatedKey (or a statement's NextToken) of the page
    /// before, to run the next page.
    pub start_key: Option<Json>,
    /// The draft's shard count as typed: a number from 2 to
    /// [`MAX_SHARDS`] spreads the pattern's key over that many shards.
    pub shards: String,
    /// A read-only embed runs no statement that writes.
    pub read_only: bool,
    /// A number in [0, 1) that picks the shard a sharded write goes to:
    /// drawn by the page, so that the run itself is repeatable.
    pub draw: f64,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestRun {
    pub operation: Operation,
    /// The request as it ran (`null` when the form did not make one).
    pub request: Json,
    pub result: Result<Json, Failure>,
    /// For a PartiQL statement: what it became and what it read.
    pub statement: Option<StatementRun>,
    /// For a sharded pattern: how its requests were spread, in a sentence.
    pub sharded: Option<String>,
    /// What a single-table read read and returned, for the data view.
    pub seen: Option<Highlight>,
    /// The table keys (DynamoDB JSON) a successful write touched.
    pub touched: Vec<Json>,
}

impl RequestRun {
    fn new(operation: Operation, request: Json, result: Result<Json, Failure>) -> RequestRun {
        RequestRun {
            operation,
            request,
            result,
            statement: None,
            sharded: None,
            seen: None,
            touched: Vec::new(),
        }
    }
}

/// Runs what the runner asks for on `engine`.
pub fn run_request(engine: &mut Engine, asked: &RunAsked, table: &TableDesign) -> RequestRun {
    let form = &asked.form;
    let mut request = match form.request() {
        Ok(request) => request,
        Err(failure) => return RequestRun::new(form.operation, Json::Null, Err(failure)),
    };
    retarget(form.operation, &mut request, &table.name);
    if form.operation == Operation::ExecuteStatement {
        return run_statement_asked(engine, asked, request, table);
    }
    let shards = asked
        .shards
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (2..=MAX_SHARDS).contains(n));
    // A sharded pattern: its Query reads every shard, its write goes to a
    // shard drawn at random.
    if let (Some(n), Operation::Query, None) = (shards, form.operation, &asked.start_key) {
        let (result, sharded) = match gathered_response(engine, &request, table, n) {
            Ok((response, sentence)) => (Ok(response), Some(sentence)),
            Err(failure) => (Err(failure), None),
        };
        return RequestRun {
            sharded,
            ..RequestRun::new(form.operation, request, result)
        };
    }
    let mut sharded = None;
    if let (Some(n), true) = (shards, form.operation.is_single_write()) {
        let shard = (asked.draw.clamp(0.0, 1.0) * f64::from(n)) as u32 % n;
        if let Ok(write) = shard_write(form.operation, &request, table, shard) {
            request = write;
            sharded = Some(format!("Written to shard {shard} of {n}, drawn at random."));
        }
    }
    if let Some(key) = asked.start_key.clone() {
        request["ExclusiveStartKey"] = key;
    }
    let result = run(engine, form.operation, &request);
    let mut done = RequestRun {
        sharded,
        ..RequestRun::new(form.operation, request, result)
    };
    if done.result.is_ok() && form.operation.is_write() {
        done.touched = written_keys(form.operation, &done.request, table);
    } else if done.result.is_ok() && !form.operation.is_multi_item() {
        done.seen = Some(highlight(engine, form.operation, &done.request, table));
    }
    done
}

/// A PartiQL statement, with the page after `start_key` when there is one.
fn run_statement_asked(
    engine: &mut Engine,
    asked: &RunAsked,
    mut request: Json,
    table: &TableDesign,
) -> RequestRun {
    if let Some(token) = asked.start_key.clone() {
        request["NextToken"] = token;
    }
    let writes = request["Statement"]
        .as_str()
        .is_some_and(|text| engine::partiql::parse(text).is_ok_and(|s| s.is_write()));
    let result = if asked.read_only && writes {
        Err(Failure::service("ReadOnly", READ_ONLY_STATEMENT))
    } else {
        run_statement(engine, &request, table)
    };
    match result {
        Ok((response, statement)) => RequestRun {
            touched: statement.written_key.clone().into_iter().collect(),
            statement: Some(statement),
            ..RequestRun::new(Operation::ExecuteStatement, request, Ok(response))
        },
        Err(failure) => RequestRun::new(Operation::ExecuteStatement, request, Err(failure)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;

    fn asked(form: Form) -> RunAsked {
        RunAsked {
            form,
            start_key: None,
            shards: String::new(),
            read_only: false,
            draw: 0.0,
        }
    }

    #[test]
    fn a_query_reports_what_it_read_and_touches_nothing() {
        let opened = Opened::example();
        let (mut engine, chart) = (opened.engine.borrow_mut(), &opened.chart);
        let mut form = Form::blank(&chart.table.name);
        form.operation = Operation::Query;
        form.key_condition = "PK = :pk".into();
        form.values = r#"{":pk": {"S": "CUST#c1"}}"#.into();
        let run = run_request(&mut engine, &asked(form), &chart.table);
        let response = run.result.expect("the Query runs");
        let count = response["Count"].as_u64().unwrap();
        assert!(count > 0);
        let seen = run.seen.expect("a Query marks what it read");
        assert_eq!(seen.read.len() as u64, count);
        assert!(run.touched.is_empty());
    }

    #[test]
    fn a_put_names_the_key_it_wrote_and_a_form_that_does_not_parse_runs_nothing() {
        let opened = Opened::example();
        let (mut engine, chart) = (opened.engine.borrow_mut(), &opened.chart);
        let mut form = Form::blank("an old name");
        form.operation = Operation::PutItem;
        form.item = r#"{"PK": {"S": "CUST#new"}, "SK": {"S": "PROFILE"}}"#.into();
        let run = run_request(&mut engine, &asked(form.clone()), &chart.table);
        assert!(run.result.is_ok(), "{:?}", run.result);
        assert_eq!(run.request["TableName"], chart.table.name.as_str());
        assert_eq!(
            run.touched,
            vec![serde_json::json!({"PK": {"S": "CUST#new"}, "SK": {"S": "PROFILE"}})]
        );
        form.item = "{not json".into();
        let run = run_request(&mut engine, &asked(form), &chart.table);
        assert_eq!(run.request, Json::Null);
        assert!(run.result.is_err());
    }

    #[test]
    fn a_read_only_embed_refuses_a_writing_statement_and_runs_a_select() {
        let opened = Opened::example();
        let (mut engine, chart) = (opened.engine.borrow_mut(), &opened.chart);
        let mut form = Form::blank(&chart.table.name);
        form.operation = Operation::ExecuteStatement;
        form.statement = format!(
            r#"DELETE FROM "{}" WHERE PK = 'CUST#c1' AND SK = 'PROFILE'"#,
            chart.table.name
        );
        let read_only = RunAsked {
            read_only: true,
            ..asked(form.clone())
        };
        let run = run_request(&mut engine, &read_only, &chart.table);
        let failure = run.result.unwrap_err();
        assert_eq!(failure.kind(), "ReadOnly");
        form.statement = format!(
            r#"SELECT * FROM "{}" WHERE PK = 'CUST#c1'"#,
            chart.table.name
        );
        let run = run_request(&mut engine, &RunAsked { form, ..read_only }, &chart.table);
        assert!(run.statement.expect("a statement run").count > 0);
    }
}
