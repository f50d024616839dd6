//! The check's table on one side: made under a name of its own, waited
//! for until it and its indexes are ACTIVE, filled with the playground's
//! items by BatchWriteItem, and deleted afterwards — also when the check
//! fails, is interrupted or panics. Only a table this check created is
//! ever deleted.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::time::{Duration, Instant};

use engine::api::Operation;
use serde_json::{Value as Json, json};

use super::dynamo::{ApiError, Dynamo};

/// Items in one BatchWriteItem request: DynamoDB's limit.
pub const ITEMS_PER_BATCH: usize = 25;

/// How often a batch is sent before its unprocessed items count as lost.
pub const BATCH_TRIES: usize = 12;

/// How long a new table and its indexes may take to become ACTIVE.
const ACTIVE_WITHIN: Duration = Duration::from_secs(20 * 60);

/// The error after [`BATCH_TRIES`] tries of one batch.
pub fn batch_gave_up() -> ApiError {
    ApiError::new(
        "UnprocessedItems",
        format!("a batch still had unprocessed items after {BATCH_TRIES} tries"),
    )
}

/// A name no other table has: `ddbplay-check-` and the time and a random
/// part.
pub fn unique_name() -> String {
    use std::hash::{BuildHasher, Hasher};
    let now = time::OffsetDateTime::now_utc();
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(now.unix_timestamp_nanos() as u128);
    hasher.write_u32(std::process::id());
    format!(
        "ddbplay-check-{:04}{:02}{:02}-{:02}{:02}{:02}-{:06x}",
        now.year(),
        now.month() as u8,
        now.day(),
        now.hour(),
        now.minute(),
        now.second(),
        hasher.finish() & 0xff_ffff
    )
}

/// Creates the table `create` describes, runs `work` on it and deletes it
/// whatever happens. A table that could not be created is not deleted: it
/// may be someone else's.
pub fn with_table<S: Dynamo + ?Sized, T>(
    side: &mut S,
    create: &Json,
    work: impl FnOnce(&mut S) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    side.call(Operation::CreateTable, create)?;
    let name = create["TableName"].clone();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        wait_until_active(side, &name)?;
        work(side)
    }));
    let deleted = delete(side, &name);
    match outcome {
        Err(panic) => {
            report_undeleted(&name, deleted);
            resume_unwind(panic)
        }
        Ok(result) => {
            if let Err(why) = deleted {
                report_undeleted(&name, Err(why.clone()));
                return result.and(Err(why));
            }
            result
        }
    }
}

fn report_undeleted(name: &Json, deleted: Result<(), ApiError>) {
    if let Err(why) = deleted {
        eprintln!(
            "ddbplay check: the table {name} could not be deleted ({why}); delete it by hand"
        );
    }
}

fn wait_until_active<S: Dynamo + ?Sized>(side: &mut S, name: &Json) -> Result<(), ApiError> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(200);
    loop {
        let answer = side.call(Operation::DescribeTable, &json!({"TableName": name}))?;
        let table = &answer["Table"];
        let active = table["TableStatus"] == "ACTIVE"
            && table["GlobalSecondaryIndexes"]
                .as_array()
                .into_iter()
                .flatten()
                .all(|i| i["IndexStatus"] == "ACTIVE");
        if active {
            return Ok(());
        }
        if side.interrupted() {
            return Err(super::remote::interruption());
        }
        if start.elapsed() > ACTIVE_WITHIN {
            return Err(ApiError::new(
                "NotActive",
                format!(
                    "the table {name} was not ACTIVE after {} minutes",
                    ACTIVE_WITHIN.as_secs() / 60
                ),
            ));
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_secs(5));
    }
}

/// Deletes the table, trying again while DynamoDB says it is busy.
fn delete<S: Dynamo + ?Sized>(side: &mut S, name: &Json) -> Result<(), ApiError> {
    let mut pause = Duration::from_millis(500);
    for _ in 0..10 {
        match side.call(Operation::DeleteTable, &json!({"TableName": name})) {
            Err(e) if e.code == "ResourceInUseException" || e.is_throttling() => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_secs(10));
            }
            other => return other.map(|_| ()),
        }
    }
    side.call(Operation::DeleteTable, &json!({"TableName": name}))
        .map(|_| ())
}

/// The BatchWriteItem requests that put `items` in `table`.
pub fn batches(table: &str, items: &[Json]) -> Vec<Json> {
    items
        .chunks(ITEMS_PER_BATCH)
        .map(|chunk| {
            let puts: Vec<Json> = chunk
                .iter()
                .map(|item| json!({"PutRequest": {"Item": item}}))
                .collect();
            json!({"RequestItems": {table: puts}, "ReturnConsumedCapacity": "TOTAL"})
        })
        .collect()
}

/// Sends a batch, then its unprocessed items, pausing longer each time,
/// until none are left.
pub fn write_until_processed<S: Dynamo + ?Sized>(
    side: &mut S,
    mut batch: Json,
) -> Result<(), ApiError> {
    let mut pause = Duration::from_millis(50);
    for _ in 0..BATCH_TRIES {
        match side.call(Operation::BatchWriteItem, &batch) {
            Ok(answer) => {
                let left = &answer["UnprocessedItems"];
                if left.as_object().is_none_or(|o| o.is_empty()) {
                    return Ok(());
                }
                batch["RequestItems"] = left.clone();
            }
            Err(error) if error.is_throttling() => {}
            Err(error) => return Err(error),
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_secs(5));
    }
    Err(batch_gave_up())
}

/// Every item of `table` on `side`, by Scan.
pub fn all_items<S: Dynamo + ?Sized>(side: &mut S, table: &str) -> Result<Vec<Json>, ApiError> {
    let mut items = Vec::new();
    let mut body = json!({"TableName": table});
    loop {
        let answer = side.call(Operation::Scan, &body)?;
        items.extend(answer["Items"].as_array().into_iter().flatten().cloned());
        match answer.get("LastEvaluatedKey") {
            Some(key) if !key.is_null() => body["ExclusiveStartKey"] = key.clone(),
            _ => return Ok(items),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::dynamo::Local;

    #[test]
    fn a_unique_name_starts_with_the_checks_prefix_and_differs_each_time() {
        let (a, b) = (unique_name(), unique_name());
        assert!(a.starts_with("ddbplay-check-") && a.len() == 36, "{a}");
        assert_ne!(a, b);
    }

    #[test]
    fn the_table_is_deleted_after_the_work_even_when_it_fails_or_panics() {
        let mut local = Local {
            engine: engine::Engine::new(),
        };
        let create = json!({"TableName": "ddbplay-check-t", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]});
        let failed: Result<(), _> =
            with_table(&mut local, &create, |_| Err(ApiError::new("X", "failed")));
        assert_eq!(failed.unwrap_err().code, "X");
        assert!(local.engine.table("ddbplay-check-t").is_none());
        let panicked = catch_unwind(AssertUnwindSafe(|| {
            with_table(&mut local, &create, |_| -> Result<(), ApiError> {
                panic!("in the work")
            })
        }));
        assert!(panicked.is_err());
        assert!(local.engine.table("ddbplay-check-t").is_none());
    }

    #[test]
    fn a_table_that_was_already_there_is_left_alone() {
        let mut local = Local {
            engine: engine::Engine::new(),
        };
        let create = json!({"TableName": "theirs", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]});
        local.call(Operation::CreateTable, &create).unwrap();
        let again = with_table(&mut local, &create, |_| Ok(()));
        assert_eq!(again.unwrap_err().code, "ResourceInUseException");
        assert!(local.engine.table("theirs").is_some());
    }
}
