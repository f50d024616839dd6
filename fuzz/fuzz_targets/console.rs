//! Any text run as a console script — read by the shell, each `aws`
//! command read by the CLI's rules, sent to an engine holding a table,
//! and printed in whatever format it asks for — must give output and a
//! status, or a refusal: never a panic, and never a case slower than the
//! run's timeout.
#![no_main]

use console::session::Session;
use libfuzzer_sys::fuzz_target;

const SETUP: &str = "aws dynamodb create-table --table-name t1x \
    --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
    --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
    --billing-mode PAY_PER_REQUEST > /dev/null\n\
    aws dynamodb put-item --table-name t1x --item 'PK={S=a},SK={S=b},n={N=1},l={L=[{S=x}]}'\n";

/// An answer of a Query, for the text as a `--query` of its own.
const ANSWER: &str = r#"{"Items": [{"PK": {"S": "a"}, "n": {"N": "1"}, "l": {"L": [{"S": "x"}, {"NULL": true}]}}, {"PK": {"S": "b"}, "m": {"M": {"k": {"BOOL": false}}}}], "Count": 2, "ScannedCount": 2, "ConsumedCapacity": null}"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(query) = console::output::query::compile(text)
        && let Ok(answer) = console::python::json::loads(ANSWER)
    {
        let _ = query.search(&answer);
    }
    let mut engine = engine::Engine::new();
    let mut session = Session::default();
    session.keep_going = true;
    let _ = session.run(SETUP, &mut engine, None);
    let _ = session.run(text, &mut engine, None);
});
