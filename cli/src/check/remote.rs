//! The endpoint side of a check, through the AWS SDK for Rust: SigV4,
//! credentials and region from the usual environment and profile chain
//! (`--region` and `--profile` choose), the SDK's standard retries for
//! throttling. Each request is the engine's JSON carried over member by
//! member (`sdk_json`), and each answer is turned back into DynamoDB's
//! JSON, so the check compares like with like.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use aws_config::BehaviorVersion;
use aws_config::retry::RetryConfig;
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::Credentials;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, ComparisonOperator, Condition, ConditionCheck, Delete,
    DeleteRequest, GlobalSecondaryIndex, KeySchemaElement, KeyType, LocalSecondaryIndex,
    Projection, ProjectionType, Put, PutRequest, ReturnConsumedCapacity, ReturnValue,
    ReturnValuesOnConditionCheckFailure, ScalarAttributeType, Select, TransactWriteItem, Update,
    WriteRequest,
};
use engine::api::Operation;
use serde_json::{Value as Json, json};
use tokio::runtime::Runtime;

use super::dynamo::{ApiError, Dynamo};
use super::sdk_json::{Fields, attribute_value, capacity_json, item, item_json};

/// How many BatchWriteItem requests a load keeps in flight.
const BATCHES_IN_FLIGHT: usize = 8;

/// Where and as whom the check connects.
#[derive(Clone, Debug, Default)]
pub struct Connection {
    /// `--endpoint`; `None` is DynamoDB in the region.
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub profile: Option<String>,
}

impl Connection {
    /// True when the requests go to AWS (and cost money): no endpoint,
    /// or one under `amazonaws.com`.
    pub fn is_aws(&self) -> bool {
        self.endpoint.as_deref().is_none_or(|url| {
            let host = url.split("://").nth(1).unwrap_or(url);
            let host = host.split(['/', ':']).next().unwrap_or_default();
            host.ends_with(".amazonaws.com") || host.ends_with(".amazonaws.com.cn")
        })
    }

    /// What the report calls the endpoint.
    pub fn describe(&self, region: &str) -> String {
        match &self.endpoint {
            Some(url) => url.clone(),
            None => format!("DynamoDB in {region}"),
        }
    }
}

/// An endpoint reached through the SDK.
pub struct Remote {
    runtime: Runtime,
    client: Client,
    pub region: String,
    interrupted: Arc<AtomicBool>,
}

impl Remote {
    /// A client for `connection`. An endpoint on this machine that no
    /// credentials were given for is signed with placeholder ones, as
    /// local DynamoDB servers accept any.
    pub fn connect(connection: &Connection) -> Result<Remote, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let mut loader = aws_config::defaults(BehaviorVersion::latest())
            .retry_config(RetryConfig::standard().with_max_attempts(8));
        if let Some(region) = &connection.region {
            loader = loader.region(aws_config::Region::new(region.clone()));
        }
        if let Some(profile) = &connection.profile {
            loader = loader.profile_name(profile);
        }
        if let Some(url) = &connection.endpoint {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(format!(
                    "--endpoint {url}: the address needs its scheme, http:// or https://"
                ));
            }
            loader = loader.endpoint_url(url);
            let given = |name| std::env::var(name).is_ok_and(|v| !v.is_empty());
            if !connection.is_aws()
                && connection.profile.is_none()
                && !given("AWS_ACCESS_KEY_ID")
                && !given("AWS_PROFILE")
            {
                loader = loader.credentials_provider(Credentials::new(
                    "ddbplay",
                    "ddbplay",
                    None,
                    None,
                    "placeholder",
                ));
            }
        }
        let config = runtime.block_on(loader.load());
        let region = config
            .region()
            .map(|r| r.to_string())
            .or_else(|| {
                connection
                    .endpoint
                    .is_some()
                    .then(|| "us-east-1".to_string())
            })
            .ok_or("no region: give --region, or set AWS_REGION or a profile's region")?;
        let config = aws_sdk_dynamodb::config::Builder::from(&config)
            .region(aws_config::Region::new(region.clone()))
            .build();
        let client = Client::from_conf(config);
        let interrupted = Arc::new(AtomicBool::new(false));
        let flag = interrupted.clone();
        runtime.spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!("ddbplay check: stopping — the table it made is deleted first");
                flag.store(true, Ordering::SeqCst);
            }
        });
        Ok(Remote {
            runtime,
            client,
            region,
            interrupted,
        })
    }
}

impl Dynamo for Remote {
    fn call(&mut self, operation: Operation, body: &Json) -> Result<Json, ApiError> {
        let client = self.client.clone();
        self.runtime.block_on(send(&client, operation, body))
    }

    fn write_batches(
        &mut self,
        batches: Vec<Json>,
        done: &mut dyn FnMut(usize),
    ) -> Result<(), ApiError> {
        let client = self.client.clone();
        let interrupted = self.interrupted.clone();
        self.runtime.block_on(async move {
            let mut queue = batches.into_iter();
            let mut running = tokio::task::JoinSet::new();
            loop {
                while running.len() < BATCHES_IN_FLIGHT && !interrupted.load(Ordering::SeqCst) {
                    let Some(batch) = queue.next() else { break };
                    let client = client.clone();
                    running.spawn(async move {
                        let items = super::dynamo::batch_items(&batch);
                        write_until_processed(&client, batch).await.map(|()| items)
                    });
                }
                match running.join_next().await {
                    None => break,
                    Some(Ok(Ok(items))) => done(items),
                    Some(Ok(Err(error))) => return Err(error),
                    Some(Err(panic)) => {
                        return Err(ApiError::new(ApiError::NO_ANSWER, panic.to_string()));
                    }
                }
            }
            if interrupted.load(Ordering::SeqCst) {
                return Err(interruption());
            }
            Ok(())
        })
    }

    fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }
}

/// The error a check stops with after Ctrl-C.
pub fn interruption() -> ApiError {
    ApiError::new("Interrupted", "stopped by Ctrl-C")
}

/// Sends a BatchWriteItem, then its unprocessed items, with a growing
/// pause between tries (50 ms doubled up to 5 s), until none are left.
async fn write_until_processed(client: &Client, mut batch: Json) -> Result<(), ApiError> {
    let mut pause = Duration::from_millis(50);
    for _ in 0..super::table::BATCH_TRIES {
        match send(client, Operation::BatchWriteItem, &batch).await {
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
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(5));
    }
    Err(super::table::batch_gave_up())
}

fn answer_error<
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug + 'static,
>(
    error: SdkError<E, R>,
) -> ApiError {
    match error.code() {
        Some(code) => ApiError::new(code, error.message().unwrap_or_default()),
        None => ApiError::new(ApiError::NO_ANSWER, causes(&error)),
    }
}

/// An error and its sources, each once: `dispatch failure: io error: …`.
fn causes(error: &(dyn std::error::Error + 'static)) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut next = Some(error);
    while let Some(e) = next {
        let text = e.to_string();
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        next = e.source();
    }
    parts.join(": ")
}

fn refused(why: String) -> ApiError {
    ApiError::new("NotSent", why)
}

fn capacity(consumed: Option<&aws_sdk_dynamodb::types::ConsumedCapacity>) -> Json {
    consumed.map_or(Json::Null, capacity_json)
}

fn capacities(consumed: &[aws_sdk_dynamodb::types::ConsumedCapacity]) -> Json {
    Json::Array(consumed.iter().map(capacity_json).collect())
}

fn key_or_null(key: Option<&HashMap<String, aws_sdk_dynamodb::types::AttributeValue>>) -> Json {
    key.map_or(Json::Null, item_json)
}

/// Sets the members every conditional write shares — ConditionExpression,
/// the names and values it uses, ReturnValuesOnConditionCheckFailure — on
/// any of the SDK's builders for a write (they share no trait).
macro_rules! conditioned {
    ($builder:expr, $fields:expr) => {{
        let builder = $builder;
        let f: &mut Fields = $fields;
        f.values().map(|values| {
            builder
                .set_condition_expression(f.string("ConditionExpression"))
                .set_expression_attribute_names(f.names())
                .set_expression_attribute_values(values)
                .set_return_values_on_condition_check_failure(on_failure(f))
        })
    }};
}

/// One request to the endpoint, as its JSON answer.
async fn send(client: &Client, operation: Operation, body: &Json) -> Result<Json, ApiError> {
    let mut f = Fields::of(operation.name(), body);
    let rcc = |f: &mut Fields| {
        f.string("ReturnConsumedCapacity")
            .map(|s| ReturnConsumedCapacity::from(s.as_str()))
    };
    let answer = match operation {
        Operation::CreateTable => {
            let request = client
                .create_table()
                .set_table_name(f.string("TableName"))
                .set_billing_mode(
                    f.string("BillingMode")
                        .map(|s| BillingMode::from(s.as_str())),
                )
                .set_attribute_definitions(f.take("AttributeDefinitions").map(|d| {
                    list(&d)
                        .map(|a| {
                            AttributeDefinition::builder()
                                .attribute_name(text(&a["AttributeName"]))
                                .attribute_type(ScalarAttributeType::from(
                                    text(&a["AttributeType"]).as_str(),
                                ))
                                .build()
                                .expect("both members set")
                        })
                        .collect()
                }))
                .set_key_schema(f.take("KeySchema").map(|k| key_schema(&k)))
                .set_global_secondary_indexes(f.take("GlobalSecondaryIndexes").map(|g| {
                    list(&g)
                        .map(|i| {
                            GlobalSecondaryIndex::builder()
                                .index_name(text(&i["IndexName"]))
                                .set_key_schema(Some(key_schema(&i["KeySchema"])))
                                .projection(projection(&i["Projection"]))
                                .build()
                                .expect("both members set")
                        })
                        .collect()
                }))
                .set_local_secondary_indexes(f.take("LocalSecondaryIndexes").map(|l| {
                    list(&l)
                        .map(|i| {
                            LocalSecondaryIndex::builder()
                                .index_name(text(&i["IndexName"]))
                                .set_key_schema(Some(key_schema(&i["KeySchema"])))
                                .projection(projection(&i["Projection"]))
                                .build()
                                .expect("both members set")
                        })
                        .collect()
                }));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({"TableDescription": {"TableStatus": out.table_description().and_then(|t| t.table_status()).map(|s| s.as_str())}})
        }
        Operation::DescribeTable => {
            let request = client
                .describe_table()
                .set_table_name(f.string("TableName"));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            let table = out.table();
            json!({"Table": {
                "TableStatus": table.and_then(|t| t.table_status()).map(|s| s.as_str()),
                "GlobalSecondaryIndexes": table.map(|t| t.global_secondary_indexes().iter().map(|i| json!({
                    "IndexName": i.index_name(),
                    "IndexStatus": i.index_status().map(|s| s.as_str()),
                })).collect::<Vec<_>>()),
            }})
        }
        Operation::DeleteTable => {
            let request = client.delete_table().set_table_name(f.string("TableName"));
            f.finish().map_err(refused)?;
            request.send().await.map_err(answer_error)?;
            json!({})
        }
        Operation::BatchWriteItem => {
            let mut tables = HashMap::new();
            for (table, writes) in f
                .take("RequestItems")
                .and_then(|r| r.as_object().cloned())
                .unwrap_or_default()
            {
                let writes = list(&writes)
                    .map(|w| -> Result<WriteRequest, String> {
                        let mut builder = WriteRequest::builder();
                        if let Some(put) = w.get("PutRequest") {
                            builder = builder.put_request(
                                PutRequest::builder()
                                    .set_item(Some(item(&put["Item"])?))
                                    .build()
                                    .map_err(|e| e.to_string())?,
                            );
                        }
                        if let Some(delete) = w.get("DeleteRequest") {
                            builder = builder.delete_request(
                                DeleteRequest::builder()
                                    .set_key(Some(item(&delete["Key"])?))
                                    .build()
                                    .map_err(|e| e.to_string())?,
                            );
                        }
                        Ok(builder.build())
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(refused)?;
                tables.insert(table, writes);
            }
            let request = client
                .batch_write_item()
                .set_request_items(Some(tables))
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            let unprocessed: serde_json::Map<String, Json> = out
                .unprocessed_items()
                .map(|u| {
                    u.iter()
                        .filter(|(_, writes)| !writes.is_empty())
                        .map(|(table, writes)| {
                            let writes = writes
                                .iter()
                                .map(|w| match (w.put_request(), w.delete_request()) {
                                    (Some(put), _) => {
                                        json!({"PutRequest": {"Item": item_json(put.item())}})
                                    }
                                    (_, Some(delete)) => {
                                        json!({"DeleteRequest": {"Key": item_json(delete.key())}})
                                    }
                                    _ => json!({}),
                                })
                                .collect::<Vec<_>>();
                            (table.clone(), Json::Array(writes))
                        })
                        .collect()
                })
                .unwrap_or_default();
            json!({"UnprocessedItems": unprocessed, "ConsumedCapacity": capacities(out.consumed_capacity())})
        }
        Operation::Query | Operation::Scan => read(client, operation, f, rcc).await?,
        Operation::GetItem => {
            let request = client
                .get_item()
                .set_table_name(f.string("TableName"))
                .set_key(f.item("Key").map_err(refused)?)
                .set_projection_expression(f.string("ProjectionExpression"))
                .set_expression_attribute_names(f.names())
                .set_consistent_read(f.boolean("ConsistentRead"))
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({"Item": key_or_null(out.item()), "ConsumedCapacity": capacity(out.consumed_capacity())})
        }
        Operation::PutItem => {
            let request = client
                .put_item()
                .set_table_name(f.string("TableName"))
                .set_item(f.item("Item").map_err(refused)?)
                .set_return_values(
                    f.string("ReturnValues")
                        .map(|s| ReturnValue::from(s.as_str())),
                );
            let request = conditioned!(request, &mut f)
                .map_err(refused)?
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({"Attributes": key_or_null(out.attributes()), "ConsumedCapacity": capacity(out.consumed_capacity())})
        }
        Operation::UpdateItem => {
            let request = client
                .update_item()
                .set_table_name(f.string("TableName"))
                .set_key(f.item("Key").map_err(refused)?)
                .set_update_expression(f.string("UpdateExpression"))
                .set_return_values(
                    f.string("ReturnValues")
                        .map(|s| ReturnValue::from(s.as_str())),
                );
            let request = conditioned!(request, &mut f)
                .map_err(refused)?
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({"Attributes": key_or_null(out.attributes()), "ConsumedCapacity": capacity(out.consumed_capacity())})
        }
        Operation::DeleteItem => {
            let request = client
                .delete_item()
                .set_table_name(f.string("TableName"))
                .set_key(f.item("Key").map_err(refused)?)
                .set_return_values(
                    f.string("ReturnValues")
                        .map(|s| ReturnValue::from(s.as_str())),
                );
            let request = conditioned!(request, &mut f)
                .map_err(refused)?
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({"Attributes": key_or_null(out.attributes()), "ConsumedCapacity": capacity(out.consumed_capacity())})
        }
        Operation::TransactWriteItems => {
            let items = f
                .take("TransactItems")
                .map(|t| list(&t).map(transact_item).collect::<Result<Vec<_>, _>>())
                .transpose()
                .map_err(refused)?;
            let request = client
                .transact_write_items()
                .set_transact_items(items)
                .set_client_request_token(f.string("ClientRequestToken"))
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({"ConsumedCapacity": capacities(out.consumed_capacity())})
        }
        Operation::ExecuteStatement => {
            let parameters = f
                .take("Parameters")
                .map(|p| list(&p).map(attribute_value).collect::<Result<Vec<_>, _>>())
                .transpose()
                .map_err(refused)?;
            let request = client
                .execute_statement()
                .set_statement(f.string("Statement"))
                .set_parameters(parameters)
                .set_consistent_read(f.boolean("ConsistentRead"))
                .set_next_token(f.string("NextToken"))
                .set_limit(f.int("Limit"))
                .set_return_consumed_capacity(rcc(&mut f));
            f.finish().map_err(refused)?;
            let out = request.send().await.map_err(answer_error)?;
            json!({
                "Items": out.items().iter().map(item_json).collect::<Vec<_>>(),
                "NextToken": out.next_token(),
                "LastEvaluatedKey": key_or_null(out.last_evaluated_key()),
                "ConsumedCapacity": capacity(out.consumed_capacity()),
            })
        }
        other => return Err(refused(format!("{other} is not sent by ddbplay check"))),
    };
    Ok(strip_nulls(answer))
}

/// A Query or a Scan.
async fn read(
    client: &Client,
    operation: Operation,
    mut f: Fields,
    rcc: impl Fn(&mut Fields) -> Option<ReturnConsumedCapacity>,
) -> Result<Json, ApiError> {
    let select = f.string("Select").map(|s| Select::from(s.as_str()));
    let conditions =
        |f: &mut Fields, name| -> Result<Option<HashMap<String, Condition>>, ApiError> {
            f.take(name)
                .map(|c| {
                    c.as_object()
                        .into_iter()
                        .flatten()
                        .map(|(name, c)| Ok((name.clone(), condition(c)?)))
                        .collect::<Result<_, String>>()
                })
                .transpose()
                .map_err(refused)
        };
    let (items, count, scanned, last, consumed) = if operation == Operation::Query {
        let request = client
            .query()
            .set_table_name(f.string("TableName"))
            .set_index_name(f.string("IndexName"))
            .set_key_condition_expression(f.string("KeyConditionExpression"))
            .set_key_conditions(conditions(&mut f, "KeyConditions")?)
            .set_query_filter(conditions(&mut f, "QueryFilter")?)
            .set_filter_expression(f.string("FilterExpression"))
            .set_projection_expression(f.string("ProjectionExpression"))
            .set_expression_attribute_names(f.names())
            .set_expression_attribute_values(f.values().map_err(refused)?)
            .set_exclusive_start_key(f.item("ExclusiveStartKey").map_err(refused)?)
            .set_scan_index_forward(f.boolean("ScanIndexForward"))
            .set_limit(f.int("Limit"))
            .set_consistent_read(f.boolean("ConsistentRead"))
            .set_select(select)
            .set_return_consumed_capacity(rcc(&mut f));
        f.finish().map_err(refused)?;
        let out = request.send().await.map_err(answer_error)?;
        (
            out.items().len(),
            out.count(),
            out.scanned_count(),
            key_or_null(out.last_evaluated_key()),
            capacity(out.consumed_capacity()),
        )
    } else {
        let request = client
            .scan()
            .set_table_name(f.string("TableName"))
            .set_index_name(f.string("IndexName"))
            .set_scan_filter(conditions(&mut f, "ScanFilter")?)
            .set_filter_expression(f.string("FilterExpression"))
            .set_projection_expression(f.string("ProjectionExpression"))
            .set_expression_attribute_names(f.names())
            .set_expression_attribute_values(f.values().map_err(refused)?)
            .set_exclusive_start_key(f.item("ExclusiveStartKey").map_err(refused)?)
            .set_segment(f.int("Segment"))
            .set_total_segments(f.int("TotalSegments"))
            .set_limit(f.int("Limit"))
            .set_consistent_read(f.boolean("ConsistentRead"))
            .set_select(select)
            .set_return_consumed_capacity(rcc(&mut f));
        f.finish().map_err(refused)?;
        let out = request.send().await.map_err(answer_error)?;
        (
            out.items().len(),
            out.count(),
            out.scanned_count(),
            key_or_null(out.last_evaluated_key()),
            capacity(out.consumed_capacity()),
        )
    };
    Ok(json!({
        "ItemsReturned": items,
        "Count": count,
        "ScannedCount": scanned,
        "LastEvaluatedKey": last,
        "ConsumedCapacity": consumed,
    }))
}

fn condition(json: &Json) -> Result<Condition, String> {
    Condition::builder()
        .comparison_operator(ComparisonOperator::from(
            text(&json["ComparisonOperator"]).as_str(),
        ))
        .set_attribute_value_list(
            json.get("AttributeValueList")
                .map(|l| list(l).map(attribute_value).collect::<Result<Vec<_>, _>>())
                .transpose()?,
        )
        .build()
        .map_err(|e| e.to_string())
}

fn transact_item(json: &Json) -> Result<TransactWriteItem, String> {
    let part = |name: &str| json.get(name).map(|p| Fields::of("TransactWriteItems", p));
    let mut builder = TransactWriteItem::builder();
    if let Some(mut f) = part("Put") {
        let put = Put::builder()
            .set_table_name(f.string("TableName"))
            .set_item(f.item("Item")?);
        let put = conditioned!(put, &mut f)?
            .build()
            .map_err(|e| e.to_string())?;
        f.finish()?;
        builder = builder.put(put);
    }
    if let Some(mut f) = part("Update") {
        let update = Update::builder()
            .set_table_name(f.string("TableName"))
            .set_key(f.item("Key")?)
            .set_update_expression(f.string("UpdateExpression"));
        let update = conditioned!(update, &mut f)?
            .build()
            .map_err(|e| e.to_string())?;
        f.finish()?;
        builder = builder.update(update);
    }
    if let Some(mut f) = part("Delete") {
        let delete = Delete::builder()
            .set_table_name(f.string("TableName"))
            .set_key(f.item("Key")?);
        let delete = conditioned!(delete, &mut f)?
            .build()
            .map_err(|e| e.to_string())?;
        f.finish()?;
        builder = builder.delete(delete);
    }
    if let Some(mut f) = part("ConditionCheck") {
        let check = ConditionCheck::builder()
            .set_table_name(f.string("TableName"))
            .set_key(f.item("Key")?);
        let check = conditioned!(check, &mut f)?
            .build()
            .map_err(|e| e.to_string())?;
        f.finish()?;
        builder = builder.condition_check(check);
    }
    Ok(builder.build())
}

fn on_failure(f: &mut Fields) -> Option<ReturnValuesOnConditionCheckFailure> {
    f.string("ReturnValuesOnConditionCheckFailure")
        .map(|s| ReturnValuesOnConditionCheckFailure::from(s.as_str()))
}

fn key_schema(json: &Json) -> Vec<KeySchemaElement> {
    list(json)
        .map(|k| {
            KeySchemaElement::builder()
                .attribute_name(text(&k["AttributeName"]))
                .key_type(KeyType::from(text(&k["KeyType"]).as_str()))
                .build()
                .expect("both members set")
        })
        .collect()
}

fn projection(json: &Json) -> Projection {
    Projection::builder()
        .projection_type(ProjectionType::from(text(&json["ProjectionType"]).as_str()))
        .set_non_key_attributes(
            json.get("NonKeyAttributes")
                .map(|n| list(n).map(text).collect()),
        )
        .build()
}

fn list(json: &Json) -> impl Iterator<Item = &Json> {
    json.as_array().into_iter().flatten()
}

fn text(json: &Json) -> String {
    json.as_str().unwrap_or_default().to_string()
}

/// The answer without the members the endpoint did not send.
fn strip_nulls(mut json: Json) -> Json {
    if let Some(object) = json.as_object_mut() {
        object.retain(|_, v| !v.is_null());
    }
    json
}
