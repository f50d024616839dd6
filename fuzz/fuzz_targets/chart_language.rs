//! The chart's own language — attribute lines and key templates — written
//! from its grammar, with numbers at their types' edges, deep `when`
//! chains, wide paddings and long texts, and put through everything that
//! reads it: parsing and printing back, the chart's validation and
//! warnings (the key-collision walk among them), and the generation of a
//! few items. The input's first byte says whether the rest is read as the
//! grammar's choices or taken as text as it is.
#![no_main]

use arbitrary::{Result, Unstructured};
use ddbplay_web::model::design::attribute_text::{parse_attributes, print_attributes};
use ddbplay_web::model::gallery::commerce;
use ddbplay_web::model::design::generate::Generation;
use ddbplay_web::model::design::template::Template;
use libfuzzer_sys::fuzz_target;

const NUMBERS: &[&str] = &[
    "0", "1", "-1", "9", "10", "99", "255", "256", "2048", "2049", "4294967295", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
    "922337203685477581",
];
const NAMES: &[&str] = &["a", "b", "customerId", "orderId", "orderStatus", "amount", "name", "x"];
const LITERALS: &[&str] = &["CUST#", "#", "ORDER#", "A", "{{", "}}", "-", "PROFILE", ""];

fn number(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=2)? {
        0 => (*u.choose(NUMBERS)?).to_string(),
        1 => u.arbitrary::<i64>()?.to_string(),
        _ => u.arbitrary::<u8>()?.to_string(),
    })
}

fn decimal(u: &mut Unstructured) -> Result<String> {
    let places = u.int_in_range(0..=8)?;
    Ok(format!("{}.{}", number(u)?, "0".repeat(places)))
}

fn kind(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=10)? {
        0 => format!("id {}", u.choose(LITERALS)?.repeat(u.int_in_range(0..=20)?)),
        1 => {
            let n = u.int_in_range(0..=30)?;
            let values: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
            format!("one of {}", values.join(", "))
        }
        2 => format!("number {}..{}", number(u)?, number(u)?),
        3 => format!("number {}..{}", decimal(u)?, decimal(u)?),
        4 => format!("date {}", number(u)?),
        5 => format!("time {}", number(u)?),
        6 => "person name".into(),
        7 => "email".into(),
        8 => "address".into(),
        9 => format!("words {}..{}", number(u)?, number(u)?),
        _ => "from parent".into(),
    })
}

fn line(u: &mut Unstructured, n: usize) -> Result<String> {
    let mut line = format!("{}{n}: {}", u.choose(NAMES)?, kind(u)?);
    for _ in 0..u.int_in_range(0..=12)? {
        line.push_str(&format!(" when {} = {}", u.choose(NAMES)?, u.choose(LITERALS)?));
    }
    Ok(line)
}

fn template(u: &mut Unstructured) -> Result<String> {
    let mut out = String::new();
    for _ in 0..u.int_in_range(0..=8)? {
        if u.ratio(1, 2)? {
            out.push_str(&u.choose(LITERALS)?.repeat(u.int_in_range(1..=3)?));
        } else {
            let name = u.choose(NAMES)?;
            let spec = match u.int_in_range(0..=3)? {
                0 => String::new(),
                1 => format!(":0{}", number(u)?),
                2 => format!(":0{}.{}", number(u)?, number(u)?),
                _ => format!(":.{}", number(u)?),
            };
            out.push_str(&format!("{{{name}0{spec}}}"));
        }
    }
    Ok(out)
}

fn check(attributes: &str, templates: &[String]) {
    if let Ok(parsed) = parse_attributes(attributes) {
        assert_eq!(parse_attributes(&print_attributes(&parsed)).as_ref(), Ok(&parsed));
    }
    for text in templates {
        if let Ok(t) = Template::parse(text) {
            assert_eq!(Template::parse(&t.to_string()).as_ref(), Ok(&t));
            let _ = t.render(&engine::types::Item::default());
        }
    }
    // Into the example's chart: the Order entity's lines, and its keys.
    let mut chart = commerce::chart();
    let Ok(parsed) = parse_attributes(attributes) else { return };
    chart.entities[1].attributes = parsed;
    for (key, text) in ["PK", "SK", "GSI1PK", "GSI1SK"].iter().zip(templates) {
        chart.set_template("Order", key, text);
    }
    if chart.validate().is_err() {
        return;
    }
    let _ = chart.warnings();
    if let Ok(items) = Generation::new(&chart, 7) {
        for item in items.take(300) {
            if item.is_err() {
                break;
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    if mode % 4 == 0 {
        let Ok(text) = std::str::from_utf8(rest) else { return };
        let (attributes, templates) = text.split_once('\u{1}').unwrap_or((text, ""));
        let templates: Vec<String> = templates.split('\u{1}').map(str::to_string).collect();
        return check(attributes, &templates);
    }
    let mut u = Unstructured::new(rest);
    let (Ok(n), Ok(k)) = (u.int_in_range(0..=12usize), u.int_in_range(0..=4usize)) else { return };
    let Ok(lines) = (0..n).map(|i| line(&mut u, i)).collect::<Result<Vec<_>>>() else { return };
    let Ok(templates) = (0..k).map(|_| template(&mut u)).collect::<Result<Vec<_>>>() else { return };
    check(&lines.join("\n"), &templates);
});
