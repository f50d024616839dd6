//! PartiQL statements written from the grammar DynamoDB reads — nested
//! conditions, parentheses, NOTs and sign chains far deeper than the
//! parser follows, IN lists past 100, literals nested past 32 levels, big
//! numbers and sets — run as ExecuteStatement, BatchExecuteStatement and
//! ExecuteTransaction on a small table. Each must be answered or refused
//! with a DynamoDB error, never a panic or a stack overflow, and leave
//! the table readable.
#![no_main]

use arbitrary::{Result, Unstructured};
use engine::Engine;
use engine::api::handle;
use libfuzzer_sys::fuzz_target;
use serde_json::json;

const PATHS: &[&str] = &["pk", "sk", "n", "m.a", "l[0]", "\"pk\"", "s", "missing"];
const NUMBERS: &[&str] = &["0", "1", "-1.5", "1e125", "1e126", "12345678901234567890123456789012345678", "1e-130", "1e-131"];

fn literal(u: &mut Unstructured, depth: usize) -> Result<String> {
    Ok(match u.int_in_range(0..=if depth > 6 { 3 } else { 7 })? {
        0 => format!("'{}'", u.choose(&["a", "b", "", "it''s"])?),
        1 => (*u.choose(NUMBERS)?).to_string(),
        2 => (*u.choose(&["TRUE", "FALSE", "NULL"])?).to_string(),
        3 => "?".into(),
        4 => {
            let n = u.int_in_range(0..=3)?;
            let items = (0..n).map(|_| literal(u, depth + 1)).collect::<Result<Vec<_>>>()?;
            format!("[{}]", items.join(", "))
        }
        5 => format!("{{'a': {}}}", literal(u, depth + 1)?),
        6 => {
            let n: usize = u.int_in_range(0..=40)?;
            let wide = u.ratio(1, 4)?;
            let members: Vec<String> = (0..n).map(|i| if wide { format!("'m{i}'") } else { format!("{}", i % 7) }).collect();
            format!("<<{}>>", members.join(", "))
        }
        _ => {
            // Nested past DynamoDB's 32 levels, or not quite.
            let n = u.int_in_range(20..=60)?;
            format!("{}1{}", "[".repeat(n), "]".repeat(n))
        }
    })
}

fn operand(u: &mut Unstructured, depth: usize) -> Result<String> {
    Ok(match u.int_in_range(0..=if depth > 6 { 1 } else { 5 })? {
        0 => (*u.choose(PATHS)?).to_string(),
        1 => literal(u, depth)?,
        2 => format!("{} + {}", operand(u, depth + 1)?, operand(u, depth + 1)?),
        3 => format!("({})", operand(u, depth + 1)?),
        4 => format!("size({})", u.choose(PATHS)?),
        _ => format!("{}{}", "- ".repeat(u.int_in_range(1..=300)?), operand(u, depth + 1)?),
    })
}

fn condition(u: &mut Unstructured, depth: usize) -> Result<String> {
    Ok(match u.int_in_range(0..=if depth > 5 { 3 } else { 10 })? {
        0 => format!("{} {} {}", u.choose(PATHS)?, u.choose(&["=", "<>", "<", ">=", "!="])?, operand(u, depth)?),
        1 => format!("{} BETWEEN {} AND {}", u.choose(PATHS)?, operand(u, depth)?, operand(u, depth)?),
        2 => {
            let n = u.int_in_range(0..=120)?;
            let values: Vec<String> = (0..n).map(|i| format!("'v{i}'")).collect();
            format!("{} IN [{}]", u.choose(PATHS)?, values.join(", "))
        }
        3 => format!("{}({}, 'x')", u.choose(&["begins_with", "contains", "attribute_exists", "attribute_type"])?, u.choose(PATHS)?),
        4 => format!("{} IS {}", u.choose(PATHS)?, u.choose(&["MISSING", "NOT MISSING", "NULL"])?),
        5 | 6 => format!("{} {} {}", condition(u, depth + 1)?, u.choose(&["AND", "OR"])?, condition(u, depth + 1)?),
        7 => format!("NOT {}", condition(u, depth + 1)?),
        8 => format!("({})", condition(u, depth + 1)?),
        9 => {
            // A long chain, or deep parentheses.
            let n = u.int_in_range(1..=400)?;
            vec!["pk = 'a'"; n].join(if u.ratio(1, 2)? { " OR " } else { " AND " })
        }
        _ => {
            let n = u.int_in_range(1..=1500)?;
            format!("{}pk = 'a'{}", "(".repeat(n), ")".repeat(n))
        }
    })
}

fn statement(u: &mut Unstructured) -> Result<String> {
    let table = u.choose(&["\"tab\"", "\"tab\".\"byN\"", "\"nope\""])?;
    let wh = if u.ratio(3, 4)? { format!(" WHERE {}", condition(u, 0)?) } else { String::new() };
    Ok(match u.int_in_range(0..=3)? {
        0 => format!("SELECT {} FROM {table}{wh}", u.choose(&["*", "pk, n", "m.a, l[0]"])?),
        1 => format!("INSERT INTO \"tab\" VALUE {{'pk': {}, 'sk': 'x', 'v': {}}}", literal(u, 0)?, literal(u, 0)?),
        2 => format!("UPDATE \"tab\" SET {} = {}{wh}", u.choose(PATHS)?, operand(u, 0)?),
        _ => format!("DELETE FROM \"tab\"{wh}"),
    })
}

fn engine() -> Engine {
    let mut engine = Engine::new();
    let create = json!({"TableName": "tab", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                 {"AttributeName": "n", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "byN", "KeySchema": [{"AttributeName": "n", "KeyType": "HASH"}],
                                    "Projection": {"ProjectionType": "ALL"}}]});
    assert_eq!(handle(&mut engine, "CreateTable", create.to_string().as_bytes()).status, 200);
    for (pk, sk) in [("a", "1"), ("a", "2"), ("b", "1")] {
        let put = json!({"TableName": "tab", "Item": {"pk": {"S": pk}, "sk": {"S": sk}, "n": {"N": "1"},
                         "m": {"M": {"a": {"SS": ["x"]}}}, "l": {"L": [{"N": "2"}]}}});
        assert_eq!(handle(&mut engine, "PutItem", put.to_string().as_bytes()).status, 200);
    }
    engine
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(n) = u.int_in_range(1..=3usize) else { return };
    let Ok(statements) = (0..n).map(|_| statement(&mut u)).collect::<Result<Vec<_>>>() else { return };
    let parameters = json!([{"S": "a"}, {"N": "1"}, {"L": [{"L": []}]}]);
    let mut engine = engine();
    for text in &statements {
        let _ = engine::partiql::parse(text);
        let body = json!({"Statement": text, "Parameters": parameters});
        let answer = handle(&mut engine, "ExecuteStatement", body.to_string().as_bytes());
        assert!(answer.status == 200 || answer.status == 400, "{}", answer.body);
    }
    let each: Vec<_> = statements.iter().map(|s| json!({"Statement": s})).collect();
    for (operation, field) in [("BatchExecuteStatement", "Statements"), ("ExecuteTransaction", "TransactStatements")] {
        let answer = handle(&mut engine, operation, json!({ field: each }).to_string().as_bytes());
        assert!(answer.status == 200 || answer.status == 400, "{}", answer.body);
    }
    let scan = handle(&mut engine, "Scan", br#"{"TableName":"tab"}"#);
    assert_eq!(scan.status, 200);
});
