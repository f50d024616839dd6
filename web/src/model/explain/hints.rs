//! A hint under DynamoDB's own error: what to do about it, worked out from
//! the request and the table design — never written per example. The
//! message stays exactly as DynamoDB sends it; the hint is the page's,
//! and there is one only where the request shows the cause:
//!
//! - a key condition naming an attribute that is not a key of what it
//!   reads (DynamoDB says only which key element is missing): a key name
//!   in the wrong case, or a non-key attribute to move to a filter or to
//!   an index that has it as a key;
//! - a value without its type, or a number written as a JSON number;
//! - a consistent read asked of a global secondary index;
//! - a key condition on a multi-attribute index that skips a partition key
//!   attribute or uses its sort key attributes out of order.

use serde_json::Value as Json;

use crate::model::design::chart::TableDesign;
use crate::model::failure::Failure;
use crate::model::patterns::expression_terms::tests;

/// The hint for `failure`, the answer to `request` on a table of `table`'s
/// design, when the request shows what to do.
pub fn hint(request: &Json, failure: &Failure, table: &TableDesign) -> Option<String> {
    let message = failure.message.as_str();
    if message.starts_with("Query condition missed key schema element") {
        return key_condition_hint(request, table);
    }
    if let Some(hint) = multi_attribute_hint(message, request) {
        return Some(hint);
    }
    if message == "Consistent reads are not supported on global secondary indexes" {
        let index = request.get("IndexName").and_then(Json::as_str)?;
        return Some(format!(
            "{index} is a global secondary index: its reads are eventually consistent, never strong. Leave ConsistentRead out, or read the table (or a local secondary index) when the read must see the latest write."
        ));
    }
    if failure.kind() == "SerializationException" {
        if message.starts_with("NUMBER_VALUE cannot be converted to String") {
            let (place, number) = find_value(request, &|v| {
                v.get("N").filter(|n| n.is_number()).map(Json::to_string)
            })?;
            return Some(format!(
                "{place} holds {{\"N\": {number}}}: DynamoDB JSON writes a number as a string, {{\"N\": \"{number}\"}}."
            ));
        }
        // DynamoDB's words for a value that is not an object where an
        // AttributeValue belongs.
        if message == "Unexpected value type in payload" {
            let (place, bare) = find_value(request, &|v| (!v.is_object()).then(|| v.to_string()))?;
            let typed = match request_value_type(&bare) {
                "N" => format!("{{\"N\": \"{}\"}}", bare.trim_matches('"')),
                "BOOL" => format!("{{\"BOOL\": {bare}}}"),
                _ => format!("{{\"S\": {bare}}}"),
            };
            return Some(format!(
                "{place} is {bare}: every value in DynamoDB JSON names its type — {typed}."
            ));
        }
    }
    None
}

/// What to do about DynamoDB's refusals of a key condition on an index
/// keyed on several attributes: its partition key attributes all take
/// `=`, its sort key attributes are used left to right.
fn multi_attribute_hint(message: &str, request: &Json) -> Option<String> {
    let index = request
        .get("IndexName")
        .and_then(Json::as_str)
        .unwrap_or("the index");
    if let Some(names) = message
        .strip_prefix("HASH key attributes ")
        .and_then(|rest| rest.strip_suffix(" must have equality conditions specified in the query"))
    {
        return Some(format!(
            "{index}'s partition key is made of several attributes, and a Query reads one partition: it needs = on every one of them. Add {} to the key condition.",
            names.replace(", ", " = … and ") + " = …"
        ));
    }
    let rest = message.strip_prefix("RANGE key attributes ")?;
    let (names, last) = rest.split_once(
        " must have equality conditions specified in the query because a condition is present on key attribute ",
    )?;
    Some(format!(
        "{index}'s sort key attributes are compared left to right, like words in a dictionary: to test {last}, every sort key attribute before it needs = ({names}). Give {names} with =, or test {last} in a FilterExpression instead (the items are still read and paid for)."
    ))
}

/// The attribute values a request carries, by where they are: each
/// placeholder's value, and each attribute of `Key` and `Item`.
fn values(request: &Json) -> Vec<(String, &Json)> {
    let mut out = Vec::new();
    for field in ["ExpressionAttributeValues", "Key", "Item"] {
        if let Some(map) = request.get(field).and_then(Json::as_object) {
            out.extend(map.iter().map(|(name, value)| (name.clone(), value)));
        }
    }
    out
}

/// The first value `wrong` finds fault with, where it is and what it is.
fn find_value(request: &Json, wrong: &dyn Fn(&Json) -> Option<String>) -> Option<(String, String)> {
    values(request)
        .into_iter()
        .find_map(|(place, value)| wrong(value).map(|what| (place, what)))
}

/// The type a bare JSON value would have in DynamoDB JSON.
fn request_value_type(bare: &str) -> &'static str {
    match serde_json::from_str::<Json>(bare) {
        Ok(Json::Number(_)) => "N",
        Ok(Json::Bool(_)) => "BOOL",
        _ => "S",
    }
}

/// What a key condition names that is not a key of what it reads.
fn key_condition_hint(request: &Json, table: &TableDesign) -> Option<String> {
    let condition = request
        .get("KeyConditionExpression")
        .and_then(Json::as_str)?;
    let index = request.get("IndexName").and_then(Json::as_str);
    let (place, keys): (String, Vec<&str>) = match index {
        Some(name) => {
            let index = table.indexes.iter().find(|i| i.name == name)?;
            (
                name.to_string(),
                index.keys().map(|k| k.name.as_str()).collect(),
            )
        }
        None => (
            "the table".to_string(),
            std::iter::once(table.partition_key.name.as_str())
                .chain(table.sort_key.as_ref().map(|k| k.name.as_str()))
                .collect(),
        ),
    };
    let named = tests(condition, request.get("ExpressionAttributeNames"));
    let (stranger, _) = named
        .iter()
        .find(|(name, _)| !keys.contains(&name.as_str()))?;
    if let Some(key) = keys.iter().find(|k| k.eq_ignore_ascii_case(stranger)) {
        return Some(format!(
            "Attribute names are case-sensitive: {place}'s key is {key}, not {stranger}."
        ));
    }
    let elsewhere = table
        .indexes
        .iter()
        .filter(|i| Some(i.name.as_str()) != index)
        .find(|i| i.keys().any(|k| k.name == *stranger))
        .map(|i| format!(" {} has {stranger} as a key: Query it instead.", i.name))
        .unwrap_or_default();
    Some(format!(
        "{stranger} is not a key of {place}: a key condition tests only {}. Move the test on {stranger} to a FilterExpression (the items are still read and paid for), or Query an index whose sort key holds {stranger}.{elsewhere}",
        keys.join(" and ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::design::chart::{IndexDesign, ProjectionDesign};
    use serde_json::json;

    fn table() -> TableDesign {
        TableDesign::keyed(
            "shop",
            vec![IndexDesign::global(
                "GSI1",
                "GSI1PK",
                "GSI1SK",
                ProjectionDesign::All,
            )],
        )
    }

    fn failure(kind: &str, message: &str) -> Failure {
        Failure::service(kind, message)
    }

    #[test]
    fn a_multi_attribute_key_condition_out_of_order_says_what_comes_first() {
        let request = json!({"TableName": "Orders", "IndexName": "ByCustomerStatusDate",
            "KeyConditionExpression": "customerId = :c AND orderDate >= :d"});
        let refused = failure(
            "ValidationException",
            "RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute orderDate",
        );
        assert_eq!(
            hint(&request, &refused, &table()).as_deref(),
            Some(
                "ByCustomerStatusDate's sort key attributes are compared left to right, like words in a dictionary: to test orderDate, every sort key attribute before it needs = (status). Give status with =, or test orderDate in a FilterExpression instead (the items are still read and paid for)."
            )
        );
        let refused = failure(
            "ValidationException",
            "HASH key attributes h1, h2 must have equality conditions specified in the query",
        );
        assert_eq!(
            hint(&request, &refused, &table()).as_deref(),
            Some(
                "ByCustomerStatusDate's partition key is made of several attributes, and a Query reads one partition: it needs = on every one of them. Add h1 = … and h2 = … to the key condition."
            )
        );
    }

    #[test]
    fn a_non_key_attribute_in_a_key_condition_is_sent_to_the_filter() {
        let request =
            json!({"TableName": "shop", "KeyConditionExpression": "PK = :pk AND amount > :min"});
        assert_eq!(
            hint(
                &request,
                &failure(
                    "ValidationException",
                    "Query condition missed key schema element: SK"
                ),
                &table()
            )
            .unwrap(),
            "amount is not a key of the table: a key condition tests only PK and SK. Move the test on amount to a FilterExpression (the items are still read and paid for), or Query an index whose sort key holds amount."
        );
    }

    #[test]
    fn a_key_name_in_the_wrong_case_is_named_with_the_right_one() {
        let request = json!({"TableName": "shop", "IndexName": "GSI1", "KeyConditionExpression": "gsi1pk = :s"});
        assert_eq!(
            hint(
                &request,
                &failure(
                    "ValidationException",
                    "Query condition missed key schema element: GSI1PK"
                ),
                &table()
            )
            .unwrap(),
            "Attribute names are case-sensitive: GSI1's key is GSI1PK, not gsi1pk."
        );
    }

    #[test]
    fn an_attribute_another_index_keys_on_points_at_that_index() {
        let request = json!({"TableName": "shop", "KeyConditionExpression": "PK = :pk AND #s = :s",
            "ExpressionAttributeNames": {"#s": "GSI1SK"}});
        let said = hint(
            &request,
            &failure(
                "ValidationException",
                "Query condition missed key schema element: SK",
            ),
            &table(),
        )
        .unwrap();
        assert!(
            said.ends_with(" GSI1 has GSI1SK as a key: Query it instead."),
            "{said}"
        );
    }

    #[test]
    fn untyped_values_and_numbers_as_json_numbers_are_shown_typed() {
        let untyped = json!({"ExpressionAttributeValues": {":pk": {"S": "a"}, ":sk": "ORDER#1"}});
        assert_eq!(
            hint(
                &untyped,
                &failure("SerializationException", "Unexpected value type in payload"),
                &table()
            )
            .unwrap(),
            ":sk is \"ORDER#1\": every value in DynamoDB JSON names its type — {\"S\": \"ORDER#1\"}."
        );
        let bare_number = json!({"Key": {"PK": 5}});
        assert_eq!(
            hint(
                &bare_number,
                &failure("SerializationException", "Unexpected value type in payload"),
                &table()
            )
            .unwrap(),
            "PK is 5: every value in DynamoDB JSON names its type — {\"N\": \"5\"}."
        );
        let number = json!({"ExpressionAttributeValues": {":n": {"N": 5}}});
        assert_eq!(
            hint(
                &number,
                &failure(
                    "SerializationException",
                    "NUMBER_VALUE cannot be converted to String"
                ),
                &table()
            )
            .unwrap(),
            ":n holds {\"N\": 5}: DynamoDB JSON writes a number as a string, {\"N\": \"5\"}."
        );
    }

    #[test]
    fn a_consistent_read_of_a_global_index_says_what_to_read_instead() {
        let request = json!({"IndexName": "GSI1", "ConsistentRead": true});
        assert_eq!(
            hint(
                &request,
                &failure(
                    "ValidationException",
                    "Consistent reads are not supported on global secondary indexes"
                ),
                &table()
            )
            .unwrap(),
            "GSI1 is a global secondary index: its reads are eventually consistent, never strong. Leave ConsistentRead out, or read the table (or a local secondary index) when the read must see the latest write."
        );
    }

    #[test]
    fn an_error_the_request_does_not_explain_gets_no_hint() {
        let request = json!({"TableName": "shop"});
        assert_eq!(
            hint(
                &request,
                &failure("ResourceNotFoundException", "Requested resource not found"),
                &table()
            ),
            None
        );
    }
}
