//! A script of the aws CLI console run on the playground's own engine.
//!
//! The console runs against the engine every panel shows, so what it
//! changes the page must take in as it takes in a change made by hand:
//! - every item the script writes to the playground's table (by any
//!   command: a put, a batch, a transaction, a statement) is noted through
//!   the engine's write journal, to record as a change by hand;
//! - a script that deletes the playground's table deletes its generated
//!   items with it: what was noted before is dropped, and the page stops
//!   generating items for that table;
//! - when the table is there at the end, its design is read back from
//!   DynamoDB's description (indexes added or removed, a stream, time to
//!   live), for the design panel and for links;
//! - when it is not, and the script made another table, the page takes
//!   that table as the playground's: its design, and its items as changes
//!   by hand.

use engine::Engine;
use engine::api::{Operation, call};

use serde_json::{Value as Json, json};

use console::call::service::{Answer, Service, Unsent};
use console::session::{Run, Session};
use console::shell::Refusal;

use crate::model::design::chart::TableDesign;
use crate::model::design::described::design_from_description;

/// What a console run did, beyond what it printed.
#[derive(Clone, Debug, Default)]
pub struct ConsoleRun {
    /// Each command, what it printed and its status.
    pub run: Run,
    /// The keys of the playground table's items the script wrote, after
    /// the last time it deleted the table.
    pub touched: Vec<Json>,
    /// The script deleted the playground's table.
    pub dropped: bool,
    /// The table's design as it stands at the end, when it exists.
    pub design: Option<TableDesign>,
    /// A table the script made, taken as the playground's when its own is
    /// gone at the end: its design and every item in it.
    pub adopted: Option<(TableDesign, Vec<Json>)>,
}

/// What a script did to the engine, watched request by request: the keys
/// written to the playground's table, and the tables deleted and made.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    touched: Vec<Json>,
    dropped: bool,
    made: Vec<String>,
}

impl Watch {
    /// Sends one request of the script to `engine`, noting what it changed
    /// of the playground's `table`.
    pub fn send(
        &mut self,
        engine: &mut Engine,
        table: &str,
        operation: Operation,
        body: &str,
    ) -> Answer {
        engine.keep_write_journal(table);
        let response = engine::api::handle(engine, operation.name(), body.as_bytes());
        self.touched.extend(
            engine
                .take_write_journal(table)
                .iter()
                .map(engine::api::attribute_value::encode_item),
        );
        if response.status == 200 {
            let named = serde_json::from_str::<Json>(body)
                .ok()
                .and_then(|b| b["TableName"].as_str().map(str::to_string));
            match (operation, named) {
                (Operation::DeleteTable, Some(name)) if name == table => {
                    self.touched.clear();
                    self.dropped = true;
                }
                (Operation::CreateTable, Some(name)) => self.made.push(name),
                _ => {}
            }
        }
        Answer {
            status: response.status,
            body: response.body,
        }
    }
}

/// The engine, watched, as the console's service (in-process runs).
struct Watched<'a> {
    engine: &'a mut Engine,
    table: &'a str,
    watch: Watch,
}

impl Service for Watched<'_> {
    fn send(&mut self, operation: Operation, body: &str) -> Result<Answer, Unsent> {
        Ok(self.watch.send(self.engine, self.table, operation, body))
    }

    fn advance_clock(&mut self, seconds: f64) {
        Service::advance_clock(&mut *self.engine, seconds);
    }
}

/// The design of `table` as the engine describes it, when it exists.
pub fn described_design(engine: &mut Engine, table: &str) -> Option<TableDesign> {
    let request = json!({"TableName": table}).to_string();
    let described: Json =
        serde_json::from_str(&call(engine, Operation::DescribeTable, request.as_bytes()).ok()?)
            .ok()?;
    let ttl: Json = call(engine, Operation::DescribeTimeToLive, request.as_bytes())
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Json::Null);
    let description = &ttl["TimeToLiveDescription"];
    let ttl_attribute = (description["TimeToLiveStatus"] == "ENABLED")
        .then(|| description["AttributeName"].as_str().map(str::to_string))
        .flatten();
    design_from_description(&described["Table"], ttl_attribute)
}

/// Every item of `table`, read page by page.
pub fn every_item(engine: &mut Engine, table: &str, most: usize) -> Option<Vec<Json>> {
    let mut items = Vec::new();
    let mut start: Option<Json> = None;
    loop {
        let mut request = json!({"TableName": table, "ConsistentRead": true});
        if let Some(key) = start.take() {
            request["ExclusiveStartKey"] = key;
        }
        let page: Json = serde_json::from_str(
            &call(engine, Operation::Scan, request.to_string().as_bytes()).ok()?,
        )
        .ok()?;
        items.extend(page["Items"].as_array().into_iter().flatten().cloned());
        if items.len() > most {
            return None;
        }
        match page.get("LastEvaluatedKey") {
            Some(key) => start = Some(key.clone()),
            None => return Some(items),
        }
    }
}

/// Runs `script` in `session` on the engine whose playground table is
/// `table`, in this process. A script the console does not run is refused
/// before anything of it runs.
pub fn run_console(
    engine: &mut Engine,
    session: &mut Session,
    table: &str,
    script: &str,
    most_items: usize,
) -> Result<ConsoleRun, Refusal> {
    let mut watched = Watched {
        engine,
        table,
        watch: Watch::default(),
    };
    let run = session.run(script, &mut watched, None)?;
    let Watched { engine, watch, .. } = watched;
    Ok(finish(engine, table, run, watch, most_items))
}

/// What the page takes in of a run watched by `watch`: the design the
/// table has at the end, or — when it is gone and the script made another
/// — that table, its design and items (at most `most_items` of them).
pub fn finish(
    engine: &mut Engine,
    table: &str,
    run: Run,
    watch: Watch,
    most_items: usize,
) -> ConsoleRun {
    let Watch {
        touched,
        dropped,
        made,
    } = watch;
    let design = described_design(engine, table);
    let adopted = if design.is_none() {
        made.iter().rev().find_map(|name| {
            let design = described_design(engine, name)?;
            let items = every_item(engine, name, most_items)?;
            Some((design, items))
        })
    } else {
        None
    };
    ConsoleRun {
        run,
        touched,
        dropped,
        design,
        adopted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fixtures::Opened;

    fn example_engine() -> Engine {
        Opened::example().engine.into_inner()
    }

    fn run(engine: &mut Engine, script: &str) -> ConsoleRun {
        run_console(
            engine,
            &mut Session::default(),
            "commerce-main",
            script,
            25_000,
        )
        .unwrap()
    }

    #[test]
    fn the_items_a_script_writes_are_noted_by_their_keys() {
        let mut engine = example_engine();
        let done = run(
            &mut engine,
            "aws dynamodb put-item --table-name commerce-main --item 'PK={S=CUST#new},SK={S=PROFILE}'\n\
             aws dynamodb execute-statement --statement \"DELETE FROM \\\"commerce-main\\\" WHERE PK = 'CUST#new' AND SK = 'PROFILE'\"",
        );
        assert_eq!(done.run.status, 0);
        let key = json!({"PK": {"S": "CUST#new"}, "SK": {"S": "PROFILE"}});
        assert_eq!(done.touched, [key.clone(), key]);
        assert!(!done.dropped);
        assert!(done.adopted.is_none());
    }

    #[test]
    fn an_index_added_by_the_console_is_in_the_design_read_back() {
        let mut engine = example_engine();
        let done = run(
            &mut engine,
            "aws dynamodb update-table --table-name commerce-main \
             --attribute-definitions AttributeName=byEmail,AttributeType=S \
             --global-secondary-index-updates 'Create={IndexName=ByEmail,KeySchema=[{AttributeName=byEmail,KeyType=HASH}],Projection={ProjectionType=KEYS_ONLY}}' > /dev/null",
        );
        let design = done.design.unwrap();
        let names: Vec<&str> = design.indexes.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["GSI1", "GSI2", "ByEmail"]);
    }

    #[test]
    fn a_table_made_after_the_playgrounds_was_deleted_becomes_the_playgrounds() {
        let mut engine = example_engine();
        let done = run(
            &mut engine,
            "aws dynamodb put-item --table-name commerce-main --item 'PK={S=gone},SK={S=x}'\n\
             aws dynamodb delete-table --table-name commerce-main > /dev/null\n\
             aws dynamodb create-table --table-name Music --attribute-definitions AttributeName=Artist,AttributeType=S \
             --key-schema AttributeName=Artist,KeyType=HASH --billing-mode PAY_PER_REQUEST > /dev/null\n\
             aws dynamodb put-item --table-name Music --item 'Artist={S=Acme}'",
        );
        assert!(done.dropped);
        assert!(done.touched.is_empty());
        assert!(done.design.is_none());
        let (design, items) = done.adopted.unwrap();
        assert_eq!(design.name, "Music");
        assert_eq!(items, [json!({"Artist": {"S": "Acme"}})]);
    }
}
