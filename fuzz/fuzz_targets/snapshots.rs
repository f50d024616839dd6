//! A snapshot damaged anywhere must be refused or read back as an engine
//! that answers — never a panic, never a stack exhausted by nesting. The
//! input edits a real snapshot (a table with a GSI, an LSI, a stream,
//! TTL, tags and a transaction's token, its parts encoded as `ddbplay
//! serve --data` writes them): it drops, repeats or cuts parts and flips
//! bytes, so most cases reach deep into decoding and restoring.
#![no_main]

use std::sync::OnceLock;

use engine::Engine;
use engine::api::handle;
use engine::persist::{Part, Restore};
use libfuzzer_sys::fuzz_target;

fn call(engine: &mut Engine, operation: &str, body: &str) {
    assert_eq!(handle(engine, operation, body.as_bytes()).status, 200, "{operation}");
}

/// The parts of a busy engine's snapshot, each encoded.
fn snapshot() -> &'static [Vec<u8>] {
    static PARTS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PARTS.get_or_init(|| {
        let mut engine = Engine::new();
        engine.set_clock(1_700_000_000.0);
        call(&mut engine, "CreateTable", r#"{"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
            "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},
              {"AttributeName":"g","AttributeType":"B"},{"AttributeName":"l","AttributeType":"S"}],
            "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
            "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}],
            "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["v"]}}],
            "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"},
            "Tags":[{"Key":"k","Value":"v"}]}"#);
        call(&mut engine, "UpdateTimeToLive",
            r#"{"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}}"#);
        for i in 0..6 {
            call(&mut engine, "PutItem", &format!(
                r#"{{"TableName":"tbl","Item":{{"pk":{{"S":"p{}"}},"sk":{{"N":"{i}"}},"g":{{"B":"AQI="}},"l":{{"S":"l{i}"}},
                "v":{{"M":{{"a":{{"L":[{{"SS":["x","y"]}},{{"NS":["1.5","-2"]}},{{"NULL":true}},{{"BOOL":false}}]}}}}}},"exp":{{"N":"1800000000"}}}}}}"#,
                i % 2
            ));
        }
        call(&mut engine, "TransactWriteItems", r#"{"ClientRequestToken":"tok","TransactItems":[
            {"Delete":{"TableName":"tbl","Key":{"pk":{"S":"p0"},"sk":{"N":"0"}}}}]}"#);
        call(&mut engine, "CreateTable", r#"{"TableName":"two","BillingMode":"PAY_PER_REQUEST",
            "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"B"}],
            "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]}"#);
        call(&mut engine, "PutItem", r#"{"TableName":"two","Item":{"id":{"B":"AA=="}}}"#);
        let mut parts = Vec::new();
        engine
            .snapshot(|part| {
                parts.push(postcard::to_allocvec(&part).expect("encodes"));
                Ok::<(), ()>(())
            })
            .expect("snapshot");
        parts
    })
}

fuzz_target!(|data: &[u8]| {
    let mut parts: Vec<Vec<u8>> = snapshot().to_vec();
    // Each edit is three bytes: what, which part, where.
    for edit in data.chunks_exact(3) {
        let count = parts.len().max(1);
        let which = usize::from(edit[1]) % count;
        match edit[0] % 8 {
            0 if !parts.is_empty() => {
                parts.remove(which);
            }
            1 if !parts.is_empty() => {
                let copy = parts[which].clone();
                parts.insert(which, copy);
            }
            2 if !parts.is_empty() => {
                let length = parts[which].len();
                parts[which].truncate(usize::from(edit[2]) % (length + 1));
            }
            _ if !parts.is_empty() && !parts[which].is_empty() => {
                let length = parts[which].len();
                let at = (usize::from(edit[2]) * 7 + usize::from(edit[0])) % length;
                parts[which][at] ^= 1 << (edit[0] % 8);
            }
            _ => {}
        }
    }
    let mut restore = Restore::new();
    for bytes in &parts {
        let Ok(part) = postcard::from_bytes::<Part>(bytes) else { return };
        if restore.add(part).is_err() {
            return;
        }
    }
    let Ok(mut engine) = restore.finish() else { return };
    // Whatever came back answers like any engine.
    for table in ["tbl", "two"] {
        for body in [
            format!(r#"{{"TableName":"{table}"}}"#),
            format!(r#"{{"TableName":"{table}","IndexName":"gsi"}}"#),
            format!(r#"{{"TableName":"{table}","IndexName":"lsi"}}"#),
        ] {
            let scan = handle(&mut engine, "Scan", body.as_bytes());
            assert!(scan.status == 200 || scan.status == 400);
        }
        let describe = handle(&mut engine, "DescribeTable", format!(r#"{{"TableName":"{table}"}}"#).as_bytes());
        assert!(describe.status == 200 || describe.status == 400);
    }
    let put = br#"{"TableName":"tbl","Item":{"pk":{"S":"new"},"sk":{"N":"9"},"g":{"B":"AQI="},"l":{"S":"l"}}}"#;
    let written = handle(&mut engine, "PutItem", put);
    assert!(written.status == 200 || written.status == 400);
    engine.expire_items(1_900_000_000.0);
});
