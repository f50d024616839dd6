//! Properties that must hold for any input: number normalisation and order,
//! number sizes, and paging (any Limit yields exactly the unpaged result).

#![cfg(not(target_arch = "wasm32"))]

use ddbplay_tests::{Db, n, s};
use engine::types::Number;
use proptest::prelude::*;
use serde_json::{Value as Json, json};

/// An exact decimal `mantissa × 10^-scale`, as text with optional padding zeros.
fn decimal_text(mantissa: i64, scale: u32, leading: usize, trailing: usize) -> String {
    let digits = mantissa.unsigned_abs().to_string();
    let padded = format!("{}{digits}", "0".repeat(scale as usize + 1));
    let split = padded.len() - scale as usize;
    let (int, frac) = padded.split_at(split);
    let sign = if mantissa < 0 { "-" } else { "" };
    format!(
        "{sign}{}{int}.{frac}{}",
        "0".repeat(leading),
        "0".repeat(trailing)
    )
}

/// Compares `a × 10^-sa` with `b × 10^-sb` exactly.
fn reference_cmp(a: i64, sa: u32, b: i64, sb: u32) -> std::cmp::Ordering {
    let scale = sa.max(sb);
    let widen = |m: i64, s: u32| i128::from(m) * 10i128.pow(scale - s);
    widen(a, sa).cmp(&widen(b, sb))
}

/// Number size by the pair rule, computed from the text: group digits in
/// pairs outward from the decimal point, drop all-zero pairs at both ends,
/// count the pairs left, add one (and one more when negative).
fn size_by_pairs(text: &str) -> usize {
    let negative = text.starts_with('-');
    let body = text.trim_start_matches('-');
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let int = if int.len() % 2 == 1 {
        format!("0{int}")
    } else {
        int.to_string()
    };
    let frac = if frac.len() % 2 == 1 {
        format!("{frac}0")
    } else {
        frac.to_string()
    };
    let all = format!("{int}{frac}");
    let pairs: Vec<&str> = (0..all.len()).step_by(2).map(|i| &all[i..i + 2]).collect();
    let first = pairs.iter().position(|p| *p != "00");
    let Some(first) = first else { return 1 };
    let last = pairs.iter().rposition(|p| *p != "00").unwrap_or(first);
    1 + (last - first + 1) + usize::from(negative)
}

proptest! {
    #[test]
    fn padding_zeros_never_change_a_number(m in any::<i64>(), scale in 0u32..20, lead in 0usize..4, trail in 0usize..4) {
        let plain = Number::parse(&decimal_text(m, scale, 0, 0)).unwrap();
        let padded = Number::parse(&decimal_text(m, scale, lead, trail)).unwrap();
        prop_assert_eq!(&plain, &padded);
        prop_assert_eq!(plain.to_string(), padded.to_string());
        prop_assert_eq!(Number::parse(&plain.to_string()).unwrap(), plain);
    }

    #[test]
    fn numbers_order_numerically(a in any::<i64>(), sa in 0u32..18, b in any::<i64>(), sb in 0u32..18) {
        let x = Number::parse(&decimal_text(a, sa, 0, 0)).unwrap();
        let y = Number::parse(&decimal_text(b, sb, 0, 0)).unwrap();
        prop_assert_eq!(x.cmp(&y), reference_cmp(a, sa, b, sb));
    }

    #[test]
    fn exact_sums_match_integer_arithmetic(a in -(1i64 << 60)..(1i64 << 60), b in -(1i64 << 60)..(1i64 << 60), scale in 0u32..12) {
        let x = Number::parse(&decimal_text(a, scale, 0, 0)).unwrap();
        let y = Number::parse(&decimal_text(b, scale, 0, 0)).unwrap();
        let expected = Number::parse(&decimal_text(a + b, scale, 0, 0)).unwrap();
        prop_assert_eq!(x.checked_add(&y).unwrap(), expected);
    }

    #[test]
    fn number_size_follows_the_pair_rule(m in any::<i64>(), scale in 0u32..30) {
        let number = Number::parse(&decimal_text(m, scale, 0, 0)).unwrap();
        prop_assert_eq!(number.size_bytes(), size_by_pairs(&number.to_string()));
    }
}

/// Items spread over a few partitions, with repeated GSI keys (ties) and
/// some items missing the GSI key (a sparse index).
fn load(items: &[(u8, u16, u8, Option<u8>)]) -> Db {
    let mut db = Db::new();
    db.ok("CreateTable", json!({
        "TableName": "paging", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
            {"AttributeName": "gpk", "AttributeType": "S"}, {"AttributeName": "gsk", "AttributeType": "N"}
        ],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "byg",
            "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}, {"AttributeName": "gsk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"}}]
    }));
    for (partition, sort, flag, gsi) in items {
        let mut item = json!({"pk": s(&format!("p{partition}")), "sk": n(&sort.to_string()), "flag": n(&flag.to_string())});
        if let Some(g) = gsi {
            item["gpk"] = s("all");
            item["gsk"] = n(&g.to_string());
        }
        db.put("paging", item);
    }
    db
}

/// Reads every page of a request; returns the items and the summed ScannedCount.
fn all_pages(db: &mut Db, operation: &str, request: &Json) -> (Vec<Json>, u64) {
    let mut items = Vec::new();
    let mut scanned = 0;
    let mut request = request.clone();
    for _ in 0..1000 {
        let page = db.ok(operation, request.clone());
        items.extend(page["Items"].as_array().unwrap().iter().cloned());
        scanned += page["ScannedCount"].as_u64().unwrap();
        match page.get("LastEvaluatedKey") {
            Some(key) => request["ExclusiveStartKey"] = key.clone(),
            None => return (items, scanned),
        }
    }
    panic!("paging never ended");
}

fn with_limit(request: &Json, limit: Option<u64>) -> Json {
    let mut request = request.clone();
    if let Some(limit) = limit {
        request["Limit"] = json!(limit);
    }
    request
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn paging_yields_exactly_the_unpaged_result(
        items in proptest::collection::vec((0u8..4, 0u16..50, 0u8..3, proptest::option::of(0u8..5)), 0..40),
        limit in 1u64..7,
        forward in any::<bool>(),
        filtered in any::<bool>(),
        segments in 1u64..4,
    ) {
        let mut db = load(&items);
        let filter = |mut r: Json| {
            if filtered {
                r["FilterExpression"] = json!("flag = :one");
                r["ExpressionAttributeValues"][":one"] = n("1");
            }
            r
        };
        let requests = [
            ("Query", filter(json!({"TableName": "paging", "KeyConditionExpression": "pk = :p",
                "ExpressionAttributeValues": {":p": s("p1")}, "ScanIndexForward": forward}))),
            ("Query", filter(json!({"TableName": "paging", "IndexName": "byg", "KeyConditionExpression": "gpk = :a AND gsk >= :lo",
                "ExpressionAttributeValues": {":a": s("all"), ":lo": n("1")}, "ScanIndexForward": forward}))),
            ("Scan", filter(json!({"TableName": "paging"}))),
            ("Scan", filter(json!({"TableName": "paging", "IndexName": "byg"}))),
        ];
        for (operation, request) in requests {
            let (whole, whole_scanned) = all_pages(&mut db, operation, &request);
            let (paged, paged_scanned) = all_pages(&mut db, operation, &with_limit(&request, Some(limit)));
            prop_assert_eq!(&paged, &whole, "{} {}", operation, request);
            prop_assert_eq!(paged_scanned, whole_scanned);
        }
        // The segments of a parallel scan, each paged, together are the whole table.
        let (whole, _) = all_pages(&mut db, "Scan", &json!({"TableName": "paging"}));
        let mut from_segments = Vec::new();
        for segment in 0..segments {
            let request = json!({"TableName": "paging", "Segment": segment, "TotalSegments": segments, "Limit": limit});
            from_segments.extend(all_pages(&mut db, "Scan", &request).0);
        }
        prop_assert_eq!(from_segments.len(), whole.len());
        for item in &whole {
            prop_assert!(from_segments.contains(item));
        }
    }
}
