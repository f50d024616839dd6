//! "Copy as aws CLI" reads back as the request it was made from: each
//! command line, split as the shell splits it and read as the aws CLI
//! reads it, gives the very same parameters.

use console::aws::command_line::command_line;
use console::aws::params::{self, FileRead, Files};
use console::model::model;
use console::python::Value;
use console::python::json::loads;
use console::shell::{self, expand};

struct NoFiles;

impl Files for NoFiles {
    fn read(&mut self, _: &str) -> FileRead {
        FileRead::Missing
    }
}

struct NoVariables;

impl expand::Environment for NoVariables {
    fn variable(&self, _: &str) -> Option<String> {
        None
    }
    fn assign(&mut self, _: &str, _: String) {}
    fn status(&self) -> i32 {
        0
    }
    fn positional(&self, _: usize) -> Option<String> {
        None
    }
    fn argument_count(&self) -> usize {
        0
    }
    fn substitute(&mut self, _: &shell::syntax::Script) -> String {
        String::new()
    }
}

/// Plain dicts with their keys in order, so that the members read in the
/// CLI's order compare equal to the request's.
fn plain(value: &Value) -> Value {
    match value {
        Value::Dict(d) => {
            let mut entries: Vec<(String, Value)> =
                d.iter().map(|(k, v)| (k.clone(), plain(v))).collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Dict(entries.into_iter().collect())
        }
        Value::List(l) => Value::List(l.iter().map(plain).collect()),
        other => other.clone(),
    }
}

fn read_back(operation: &str, body: &str) -> Value {
    let line = command_line(operation, body).unwrap();
    let script = shell::parse(&line).unwrap();
    let words = expand::fields(&script.lists[0].first.words, &mut NoVariables);
    assert_eq!(&words[..2], ["aws", "dynamodb"]);
    let spec = model().by_command(&words[2]).unwrap();
    let request = params::read(spec, model(), &words[3..], true, &mut NoFiles)
        .unwrap_or_else(|f| panic!("{line}\n{f:?}"));
    plain(&request.params)
}

fn check(operation: &str, body: &str) {
    assert_eq!(
        read_back(operation, body),
        plain(&loads(body).unwrap()),
        "{operation} {body}"
    );
}

#[test]
fn requests_of_every_kind_read_back_as_themselves() {
    check(
        "GetItem",
        r##"{"TableName": "t", "Key": {"PK": {"S": "it's #1"}}, "ConsistentRead": false, "ProjectionExpression": "#n, b", "ExpressionAttributeNames": {"#n": "name"}}"##,
    );
    check(
        "Query",
        r##"{"TableName": "commerce-main", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s AND GSI1SK BETWEEN :a AND :b", "ExpressionAttributeValues": {":s": {"S": "STATUS#PENDING"}, ":a": {"S": "2026"}, ":b": {"S": "2027"}}, "ScanIndexForward": false, "Select": "COUNT", "Limit": 25, "ReturnConsumedCapacity": "INDEXES"}"##,
    );
    check(
        "Scan",
        r##"{"TableName": "t", "Segment": 1, "TotalSegments": 4, "FilterExpression": "a <> :v", "ExpressionAttributeValues": {":v": {"N": "1.50"}}, "AttributesToGet": ["a", "b c"]}"##,
    );
    check(
        "PutItem",
        r##"{"TableName": "t", "Item": {"PK": {"S": "x"}, "L": {"L": [{"NULL": true}, {"BOOL": false}, {"SS": ["a", "b"]}, {"B": "aGk="}]}, "M": {"M": {"deep": {"NS": ["1", "2"]}}}}, "ConditionExpression": "attribute_not_exists(PK)", "ReturnValues": "ALL_OLD"}"##,
    );
    check(
        "UpdateItem",
        r##"{"TableName": "t", "Key": {"PK": {"S": "x"}}, "UpdateExpression": "SET #c = if_not_exists(#c, :z) + :one", "ExpressionAttributeNames": {"#c": "count"}, "ExpressionAttributeValues": {":z": {"N": "0"}, ":one": {"N": "1"}}, "ReturnValues": "UPDATED_NEW"}"##,
    );
    check(
        "DeleteItem",
        r##"{"TableName": "t", "Key": {"PK": {"S": "x"}}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}"##,
    );
    check(
        "BatchWriteItem",
        r##"{"RequestItems": {"t": [{"PutRequest": {"Item": {"PK": {"S": "a"}}}}, {"DeleteRequest": {"Key": {"PK": {"S": "b"}}}}]}, "ReturnConsumedCapacity": "TOTAL"}"##,
    );
    check(
        "BatchGetItem",
        r##"{"RequestItems": {"t": {"Keys": [{"PK": {"S": "a"}}], "ConsistentRead": true}}}"##,
    );
    check(
        "TransactWriteItems",
        r##"{"TransactItems": [{"ConditionCheck": {"TableName": "t", "Key": {"PK": {"S": "a"}}, "ConditionExpression": "attribute_exists(PK)"}}, {"Put": {"TableName": "t", "Item": {"PK": {"S": "b"}}}}], "ClientRequestToken": "token-1"}"##,
    );
    check(
        "TransactGetItems",
        r##"{"TransactItems": [{"Get": {"TableName": "t", "Key": {"PK": {"S": "a"}}}}]}"##,
    );
    check(
        "ExecuteStatement",
        r##"{"Statement": "SELECT * FROM \"t\" WHERE PK = ? AND SK = 'it''s'", "Parameters": [{"S": "a"}], "Limit": 3, "ConsistentRead": true}"##,
    );
    check(
        "CreateTable",
        r##"{"TableName": "t", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST", "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}}"##,
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9 '\"\\\\$`#{}\\[\\],:=@!é\\n\\t-]{0,16}"
    }

    proptest! {
        #[test]
        fn any_put_item_reads_back_as_itself(
            table in "[a-zA-Z0-9_.-]{3,12}",
            key in text(),
            value in text(),
            condition in proptest::option::of(text()),
        ) {
            let mut body = format!(
                r#"{{"TableName": {}, "Item": {{"PK": {{"S": {}}}, "v": {{"S": {}}}}}"#,
                console::python::json::dumps(&Value::Str(table)),
                console::python::json::dumps(&Value::Str(key)),
                console::python::json::dumps(&Value::Str(value)),
            );
            if let Some(condition) = condition {
                body.push_str(&format!(r#", "ConditionExpression": {}"#, console::python::json::dumps(&Value::Str(condition))));
            }
            body.push('}');
            prop_assert_eq!(read_back("PutItem", &body), plain(&loads(&body).unwrap()));
        }
    }
}
