//! The request runner's logic: build a DynamoDB request from the form's
//! fields, run it, and say what went wrong in a way the page can underline.

use std::collections::HashSet;

use engine::Engine;
use engine::api::Operation;
use serde_json::{Value as Json, json};

use crate::model::data::item_keys::item_key;
use crate::model::design::chart::TableDesign;
use crate::model::failure::Failure;
use crate::model::format::spaced;
use crate::model::gateway::run;

/// The form, as the learner filled it in.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub operation: Operation,
    pub table: String,
    pub index: String,
    pub key_condition: String,
    pub filter: String,
    pub projection: String,
    pub names: String,
    pub values: String,
    pub limit: String,
    /// `Select` of a Query or Scan (`COUNT`, …); blank for DynamoDB's default.
    pub select: String,
    /// A parallel Scan's `Segment` and `TotalSegments`; blank for a whole Scan.
    pub segment: String,
    pub total_segments: String,
    pub forward: bool,
    pub consistent: bool,
    pub key: String,
    /// PutItem's item (DynamoDB JSON).
    pub item: String,
    pub update: String,
    pub condition: String,
    /// `ReturnValues` of a write (`NONE`, `ALL_OLD`, …); blank for none.
    pub return_values: String,
    /// A batch's `RequestItems` (DynamoDB JSON).
    pub request_items: String,
    /// A transaction's `TransactItems` (DynamoDB JSON).
    pub transact_items: String,
    /// ExecuteStatement's PartiQL `Statement`.
    pub statement: String,
    /// Its `Parameters`: a JSON list of attribute values.
    pub parameters: String,
}

/// A blank Query with no table.
impl Default for Form {
    fn default() -> Form {
        Form {
            operation: Operation::Query,
            table: String::new(),
            index: String::new(),
            key_condition: String::new(),
            filter: String::new(),
            projection: String::new(),
            names: String::new(),
            values: String::new(),
            limit: String::new(),
            select: String::new(),
            segment: String::new(),
            total_segments: String::new(),
            forward: false,
            consistent: false,
            key: String::new(),
            item: String::new(),
            update: String::new(),
            condition: String::new(),
            return_values: String::new(),
            request_items: String::new(),
            transact_items: String::new(),
            statement: String::new(),
            parameters: String::new(),
        }
    }
}

use crate::model::data::multi_item::items_parameter;

/// The operations the runner offers, in its menu's order.
pub const OPERATIONS: [Operation; 11] = [
    Operation::Query,
    Operation::Scan,
    Operation::ExecuteStatement,
    Operation::GetItem,
    Operation::PutItem,
    Operation::UpdateItem,
    Operation::DeleteItem,
    Operation::BatchGetItem,
    Operation::BatchWriteItem,
    Operation::TransactGetItems,
    Operation::TransactWriteItems,
];

/// What the runner holds: the form, the access-pattern description typed
/// under it, and the pattern it is editing (by position), if any.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Draft {
    pub form: Form,
    pub description: String,
    pub editing: Option<usize>,
    /// For a PartiQL SELECT pattern: the keyed SELECT to compare it with.
    pub alternative: String,
    /// The pattern's expectations, rate and sharding, as typed.
    pub settings: super::pattern_settings::Settings,
}

fn parse_map(text: &str, field: &str) -> Result<Option<Json>, Failure> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_json::from_str::<Json>(text).map(Some).map_err(|e| {
        Failure::service(
            "SerializationException",
            // serde_json says where: "… at line 1 column 10".
            format!("{field} is not valid JSON: {e}"),
        )
        .at_json_error(field, text, &e)
    })
}

impl Form {
    /// An empty Query on `table`.
    pub fn blank(table: &str) -> Form {
        Form {
            operation: Operation::Query,
            table: table.to_string(),
            forward: true,
            ..Form::default()
        }
    }

    /// The form that makes `request`: how a saved access pattern is opened.
    pub fn from_request(operation: Operation, request: &Json) -> Form {
        let text = |field: &str| {
            request
                .get(field)
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let json_text = |field: &str| request.get(field).map_or(String::new(), spaced);
        Form {
            operation,
            table: text("TableName"),
            index: text("IndexName"),
            key_condition: text("KeyConditionExpression"),
            filter: text("FilterExpression"),
            projection: text("ProjectionExpression"),
            names: json_text("ExpressionAttributeNames"),
            values: json_text("ExpressionAttributeValues"),
            limit: request.get("Limit").map_or(String::new(), Json::to_string),
            select: text("Select"),
            segment: request
                .get("Segment")
                .map_or(String::new(), Json::to_string),
            total_segments: request
                .get("TotalSegments")
                .map_or(String::new(), Json::to_string),
            forward: request.get("ScanIndexForward") != Some(&Json::Bool(false)),
            consistent: request.get("ConsistentRead") == Some(&Json::Bool(true)),
            key: json_text("Key"),
            item: json_text("Item"),
            update: text("UpdateExpression"),
            condition: text("ConditionExpression"),
            return_values: text("ReturnValues"),
            request_items: json_text("RequestItems"),
            transact_items: json_text("TransactItems"),
            statement: text("Statement"),
            parameters: json_text("Parameters"),
        }
    }

    /// The request an access pattern keeps: the form's request without
    /// the capacity report the runner asks for.
    pub fn pattern_request(&self) -> Result<Json, Failure> {
        let mut request = self.request()?;
        if let Some(o) = request.as_object_mut() {
            o.remove("ReturnConsumedCapacity");
        }
        Ok(request)
    }

    /// The request body DynamoDB would receive.
    pub fn request(&self) -> Result<Json, Failure> {
        if self.operation == Operation::ExecuteStatement {
            return self.statement_request();
        }
        if let Some(parameter) = items_parameter(self.operation) {
            let text = match parameter {
                "RequestItems" => &self.request_items,
                _ => &self.transact_items,
            };
            let mut body = json!({});
            body[parameter] = parse_map(text, parameter)?.unwrap_or(Json::Null);
            body["ReturnConsumedCapacity"] = json!("INDEXES");
            return Ok(body);
        }
        let mut body = json!({"TableName": self.table});
        let mut set = |name: &str, text: &str| {
            if !text.trim().is_empty() {
                body[name] = json!(text);
            }
        };
        match self.operation {
            Operation::GetItem => set("ProjectionExpression", &self.projection),
            Operation::PutItem | Operation::DeleteItem => {
                set("ConditionExpression", &self.condition)
            }
            Operation::UpdateItem => {
                set("UpdateExpression", &self.update);
                set("ConditionExpression", &self.condition);
            }
            Operation::Scan => {
                set("IndexName", &self.index);
                set("FilterExpression", &self.filter);
                set("ProjectionExpression", &self.projection);
            }
            _ => {
                set("IndexName", &self.index);
                set("KeyConditionExpression", &self.key_condition);
                set("FilterExpression", &self.filter);
                set("ProjectionExpression", &self.projection);
            }
        }
        if let Some(names) = parse_map(&self.names, "ExpressionAttributeNames")? {
            body["ExpressionAttributeNames"] = names;
        }
        if let Some(values) = parse_map(&self.values, "ExpressionAttributeValues")? {
            body["ExpressionAttributeValues"] = values;
        }
        if self.operation.is_write() {
            if self.operation == Operation::PutItem {
                body["Item"] = parse_map(&self.item, "Item")?.unwrap_or(json!({}));
            } else {
                body["Key"] = parse_map(&self.key, "Key")?.unwrap_or(json!({}));
            }
            if !self.return_values.trim().is_empty() {
                body["ReturnValues"] = json!(self.return_values.trim());
            }
        } else if self.operation == Operation::GetItem {
            body["Key"] = parse_map(&self.key, "Key")?.unwrap_or(json!({}));
        } else {
            if let Ok(limit) = self.limit.trim().parse::<i64>() {
                body["Limit"] = json!(limit);
            }
            if !self.select.trim().is_empty() {
                body["Select"] = json!(self.select.trim());
            }
            if self.operation == Operation::Scan {
                for (field, text) in [
                    ("Segment", &self.segment),
                    ("TotalSegments", &self.total_segments),
                ] {
                    if let Ok(n) = text.trim().parse::<i64>() {
                        body[field] = json!(n);
                    }
                }
            }
            if self.operation == Operation::Query && !self.forward {
                body["ScanIndexForward"] = json!(false);
            }
        }
        if self.consistent {
            body["ConsistentRead"] = json!(true);
        }
        body["ReturnConsumedCapacity"] = json!("INDEXES");
        Ok(body)
    }
}

impl Form {
    /// ExecuteStatement's body: the statement, its parameters, and the
    /// read options a SELECT takes.
    fn statement_request(&self) -> Result<Json, Failure> {
        let mut body = json!({"Statement": self.statement});
        if let Some(parameters) = parse_map(&self.parameters, "Parameters")? {
            body["Parameters"] = parameters;
        }
        if let Ok(limit) = self.limit.trim().parse::<i64>() {
            body["Limit"] = json!(limit);
        }
        if self.consistent {
            body["ConsistentRead"] = json!(true);
        }
        body["ReturnConsumedCapacity"] = json!("INDEXES");
        Ok(body)
    }
}

/// What a PartiQL run shows beside DynamoDB's response, which carries
/// neither: what the statement became, and how many items it returned
/// and read.
#[derive(Clone, Debug, PartialEq)]
pub struct StatementRun {
    pub explanation: super::statement::Explanation,
    pub count: usize,
    pub scanned_count: usize,
    /// A write's item, by its key (DynamoDB JSON).
    pub written_key: Option<Json>,
}

/// Runs an ExecuteStatement body: DynamoDB's response, and what it became.
pub fn run_statement(
    engine: &mut Engine,
    body: &Json,
    table: &TableDesign,
) -> Result<(Json, StatementRun), Failure> {
    let bytes = body.to_string();
    let (request, mode) = engine::api::requests::execute_statement(bytes.as_bytes())?;
    let response = engine.execute_statement(request)?;
    let text = engine::api::responses::execute_statement(&response, mode);
    let json: Json = serde_json::from_str(&text).unwrap_or(Json::Null);
    let explanation = super::statement::describe(&response.served, table);
    Ok((
        json,
        StatementRun {
            explanation,
            count: response.items.len(),
            scanned_count: response.scanned_count,
            written_key: response
                .written_key
                .as_ref()
                .map(engine::api::attribute_value::encode_item),
        },
    ))
}

/// Which items a request read and which it returned, by table primary key.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Highlight {
    pub read: HashSet<String>,
    pub returned: HashSet<String>,
}

/// Runs the request again without its filter (which reads exactly the same
/// items) and without its projection (so every item shows its keys), to
/// find what it read and what it returned.
pub fn highlight(
    engine: &mut Engine,
    operation: Operation,
    body: &Json,
    table: &TableDesign,
) -> Highlight {
    let keys = |response: Result<Json, Failure>, field: &str| -> HashSet<String> {
        let Ok(response) = response else {
            return HashSet::new();
        };
        let items: Vec<Json> = match response.get(field) {
            Some(Json::Array(items)) => items.clone(),
            Some(item @ Json::Object(_)) => vec![item.clone()],
            _ => Vec::new(),
        };
        items.iter().filter_map(|i| item_key(i, table)).collect()
    };
    let field = if operation == Operation::GetItem {
        "Item"
    } else {
        "Items"
    };
    let mut plain = body.clone();
    if let Some(o) = plain.as_object_mut() {
        o.remove("ProjectionExpression");
        o.remove("Select");
        o.remove("ReturnConsumedCapacity");
        o.remove("ExpressionAttributeNames");
        o.remove("ExpressionAttributeValues");
    }
    // Placeholders go back in only where the remaining expressions use them.
    let restore = |target: &mut Json, keep_filter: bool| {
        if let Some(names) = body.get("ExpressionAttributeNames") {
            target["ExpressionAttributeNames"] = names.clone();
        }
        if let Some(values) = body.get("ExpressionAttributeValues") {
            target["ExpressionAttributeValues"] = values.clone();
        }
        if !keep_filter && let Some(o) = target.as_object_mut() {
            o.remove("FilterExpression");
        }
        super::pattern::prune_placeholders(target);
    };
    let mut returned_body = plain.clone();
    restore(&mut returned_body, true);
    let mut read_body = plain;
    restore(&mut read_body, false);
    Highlight {
        read: keys(run(engine, operation, &read_body), field),
        returned: keys(run(engine, operation, &returned_body), field),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::fixtures::Opened;

    fn form() -> Form {
        Form {
            operation: Operation::Query,
            table: "commerce-main".into(),
            key_condition: "PK = :pk".into(),
            values: r#"{":pk": {"S": "CUST#c11"}}"#.into(),
            forward: true,
            ..Form::default()
        }
    }

    #[test]
    fn a_query_runs_and_reports_capacity() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let response = run(&mut engine, Operation::Query, &form().request().unwrap()).unwrap();
        // Customer c11 of the example's seed: its profile and its orders.
        assert_eq!(
            (&response["Count"], &response["ScannedCount"]),
            (&json!(13), &json!(13))
        );
        assert_eq!(
            response["ConsumedCapacity"],
            json!({"TableName": "commerce-main", "CapacityUnits": 1.5, "Table": {"CapacityUnits": 1.5}})
        );
    }

    #[test]
    fn select_count_returns_the_count_without_items() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let counting = Form {
            select: "COUNT".into(),
            ..form()
        };
        let request = counting.request().unwrap();
        assert_eq!(request["Select"], json!("COUNT"));
        let response = run(&mut engine, Operation::Query, &request).unwrap();
        assert!(response.get("Items").is_none());
        assert_eq!(response["Count"], json!(13));
        assert_eq!(
            Form::from_request(Operation::Query, &request).select,
            "COUNT"
        );
    }

    #[test]
    fn a_parallel_scan_reads_one_segment() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let whole = Form {
            operation: Operation::Scan,
            table: "commerce-main".into(),
            select: "COUNT".into(),
            ..Form::default()
        };
        let count = |engine: &mut Engine, form: &Form| {
            let request = form.request().unwrap();
            run(engine, Operation::Scan, &request).unwrap()["Count"]
                .as_u64()
                .unwrap()
        };
        let all = count(&mut engine, &whole);
        let halves: Vec<u64> = (0..2)
            .map(|segment| {
                let part = Form {
                    segment: segment.to_string(),
                    total_segments: "2".into(),
                    ..whole.clone()
                };
                count(&mut engine, &part)
            })
            .collect();
        // The example's seed: its 892 items, split 488 and 404 between the halves.
        assert_eq!((all, halves[0], halves[1]), (892, 488, 404));
        let request = Form {
            segment: "1".into(),
            total_segments: "2".into(),
            ..whole
        }
        .request()
        .unwrap();
        assert_eq!(
            Form::from_request(Operation::Scan, &request).total_segments,
            "2"
        );
    }

    #[test]
    fn json_in_the_form_reads_as_people_type_it() {
        assert_eq!(
            spaced(&json!({":pk": {"S": "CUST#c11"}, ":ids": {"SS": ["a", "b"]}})),
            r#"{":ids": {"SS": ["a", "b"]}, ":pk": {"S": "CUST#c11"}}"#
        );
    }

    #[test]
    fn a_syntax_error_points_at_its_token() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let bad = Form {
            key_condition: "PK = = :pk".into(),
            ..form()
        };
        let failure = run(&mut engine, Operation::Query, &bad.request().unwrap()).unwrap_err();
        assert_eq!(failure.kind(), "ValidationException");
        assert_eq!(
            failure.message,
            "Invalid KeyConditionExpression: Syntax error; token: \"=\", near: \"= =\""
        );
        assert_eq!(
            failure.location,
            Some(("KeyConditionExpression".into(), 5, 6))
        );
    }

    #[test]
    fn the_highlight_tells_read_from_returned() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let filtered = Form {
            filter: "amount > :min".into(),
            values: r#"{":pk": {"S": "CUST#c11"}, ":min": {"N": "250"}}"#.into(),
            ..form()
        };
        let body = filtered.request().unwrap();
        let seen = highlight(&mut engine, Operation::Query, &body, &state.chart.table);
        // Customer c11's profile and orders are read; its eight orders over $250 returned.
        assert_eq!((seen.read.len(), seen.returned.len()), (13, 8));
        assert!(seen.returned.is_subset(&seen.read));
    }

    #[test]
    fn fulfilling_an_order_takes_it_out_of_the_sparse_index() {
        let state = Opened::example();
        let mut engine = state.engine.borrow_mut();
        let open = |engine: &mut Engine| {
            let body =
                json!({"TableName": "commerce-main", "IndexName": "GSI2", "Select": "COUNT"});
            run(engine, Operation::Scan, &body).unwrap()["Count"]
                .as_u64()
                .unwrap()
        };
        let before = open(&mut engine);
        let pending = run(&mut engine, Operation::Query, &json!({"TableName": "commerce-main", "IndexName": "GSI2",
            "KeyConditionExpression": "GSI2PK = :open", "ExpressionAttributeValues": {":open": {"S": "OPEN"}}, "Limit": 1})).unwrap();
        let order = &pending["Items"][0];
        let fulfil = Form {
            operation: Operation::UpdateItem,
            table: "commerce-main".into(),
            key: json!({"PK": order["PK"], "SK": order["SK"]}).to_string(),
            update: "SET orderStatus = :shipped, GSI1PK = :status REMOVE openFlag, GSI2PK, GSI2SK".into(),
            condition: "orderStatus = :pending".into(),
            values: r#"{":shipped": {"S": "SHIPPED"}, ":status": {"S": "STATUS#SHIPPED"}, ":pending": {"S": "PENDING"}}"#.into(),
            return_values: "UPDATED_NEW".into(),
            ..Form::default()
        };
        let response = run(
            &mut engine,
            Operation::UpdateItem,
            &fulfil.request().unwrap(),
        )
        .unwrap();
        assert_eq!(
            response["ConsumedCapacity"]["GlobalSecondaryIndexes"]["GSI2"]["CapacityUnits"],
            json!(1.0)
        );
        assert_eq!(open(&mut engine), before - 1);
        let again = run(
            &mut engine,
            Operation::UpdateItem,
            &fulfil.request().unwrap(),
        )
        .unwrap_err();
        assert_eq!(again.kind(), "ConditionalCheckFailedException");
    }

    #[test]
    fn every_example_pattern_opens_in_the_form_unchanged() {
        for pattern in crate::model::gallery::commerce::patterns() {
            let form = Form::from_request(pattern.operation, &pattern.request);
            assert_eq!(
                form.pattern_request().unwrap(),
                pattern.request,
                "{}",
                pattern.description
            );
        }
    }

    #[test]
    fn bad_json_in_a_field_says_where() {
        let bad = Form {
            values: "{\":pk\": ".into(),
            ..form()
        };
        let failure = bad.request().unwrap_err();
        assert!(
            failure
                .message
                .starts_with("ExpressionAttributeValues is not valid JSON"),
            "{}",
            failure.message
        );
        assert!(failure.message.contains("line 1"));
    }
}
