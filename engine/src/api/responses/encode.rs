//! Writing a response shape as JSON text.
//!
//! The page encodes with serde_json. A native server built with the
//! `fast-json` feature (`ddbplay serve`) encodes with sonic-rs, whose
//! SIMD string escaping matters there: a Query returning 100 items of
//! ~1 KB is 100 KB of mostly string bytes, and serde_json escapes them one
//! byte at a time — over a third of the request's handling. The two write
//! the same bytes for every shape here (tested below): strings escaped
//! alike (`\"`, `\\`, the short escapes, `\u00XX` for other control
//! characters, everything else as UTF-8), and capacity units written as
//! the shortest decimal that reads back as the same number.

use serde::Serialize;

/// Serialises a response; the shapes here always serialise.
pub fn to_string<T: Serialize>(value: &T) -> String {
    to_string_sized(value, 128)
}

/// Serialises a response expected to take about `bytes`: the buffer is
/// taken at that size once, rather than doubled up to it (a 100 KB page
/// of items was copied ten times over as it grew).
pub fn to_string_sized<T: Serialize>(value: &T, bytes: usize) -> String {
    let mut buffer = Vec::with_capacity(bytes);
    append(&mut buffer, value);
    String::from_utf8(buffer).unwrap_or_else(|_| "{}".to_string())
}

/// Serialises `value` at the end of `buffer`, which then holds UTF-8 if it
/// did before (the shapes here always serialise).
pub fn append<T: Serialize>(buffer: &mut Vec<u8>, value: &T) {
    #[cfg(all(feature = "fast-json", not(target_arch = "wasm32")))]
    let written = sonic_rs::to_writer(&mut *buffer, value).is_ok();
    #[cfg(not(all(feature = "fast-json", not(target_arch = "wasm32"))))]
    let written = serde_json::to_writer(&mut *buffer, value).is_ok();
    debug_assert!(written, "a response shape failed to serialise");
}

#[cfg(all(test, feature = "fast-json", not(target_arch = "wasm32")))]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;
    use serde::Serialize;

    use crate::api::attribute_value::WireItem;
    use crate::types::{Item, Number, Value};

    #[derive(Serialize)]
    #[serde(rename_all = "PascalCase")]
    struct Shape<'a> {
        item: WireItem<'a>,
        capacity_units: f64,
        count: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        absent: Option<bool>,
        arms: BTreeMap<&'a str, f64>,
    }

    fn same_bytes(item: &Item, units: f64) {
        let shape = Shape {
            item: WireItem(item),
            capacity_units: units,
            count: item.len(),
            absent: None,
            arms: BTreeMap::from([("GSI1", units / 2.0), ("LSI", 0.5)]),
        };
        assert_eq!(
            super::to_string(&shape),
            serde_json::to_string(&shape).unwrap()
        );
    }

    #[test]
    fn every_kind_of_value_and_every_escape_is_written_as_serde_json_writes_it() {
        let awkward = "quote \" backslash \\ slash / tab \t newline \n return \r \
                       feed \u{c} back \u{8} nul \u{0} unit \u{1f} del \u{7f} \
                       é 日本 😀 \u{2028} \u{2029} \u{fffd}";
        let item: Item = [
            ("S", Value::s(awkward)),
            ("N", Value::N(Number::parse("-12.50e3").unwrap())),
            ("B", Value::B(vec![0, 1, 254, 255])),
            ("BOOL", Value::Bool(false)),
            ("NULL", Value::Null),
            ("L", Value::L(vec![Value::s(""), Value::Bool(true)])),
            (
                "M",
                Value::M(
                    [("inner \"name\"", Value::s("\u{1}"))]
                        .into_iter()
                        .collect(),
                ),
            ),
            (awkward, Value::s("n".repeat(900))),
        ]
        .into_iter()
        .collect();
        for units in [
            0.0,
            0.5,
            1.0,
            2.5,
            12.5,
            1399.5,
            1e6,
            123456789.0,
            1e16,
            1e21,
            1e-7,
        ] {
            same_bytes(&item, units);
        }
    }

    proptest! {
        #[test]
        fn any_strings_and_units_are_written_as_serde_json_writes_them(
            name in any::<String>(),
            text in any::<String>(),
            units in 0.0f64..1e12,
            halves in 0u64..1_000_000,
        ) {
            let item: Item = [(name.as_str(), Value::s(text.as_str()))].into_iter().collect();
            same_bytes(&item, units);
            same_bytes(&item, halves as f64 / 2.0);
        }
    }
}
