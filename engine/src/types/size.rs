//! Item size, by DynamoDB's formula.
//!
//! An item costs the UTF-8 length of each top-level attribute name plus the
//! size of its value; nothing is added per item. Strings cost their UTF-8
//! bytes, binaries their raw bytes, numbers their base-100 encoding
//! ([`Number::size_bytes`]), booleans and nulls 1; a list or map costs 3 plus,
//! per element, 1 byte and the element (and, in a map, the key's bytes). Sets
//! cost the sum of their members.

use super::number::Number;
use super::value::{Item, Value};

pub use crate::limits::MAX_ITEM_BYTES;

/// Size of one value in bytes.
pub fn value_size(value: &Value) -> usize {
    match value {
        Value::S(s) => s.len(),
        Value::N(n) => n.size_bytes(),
        Value::B(b) => b.len(),
        Value::Bool(_) | Value::Null => 1,
        Value::M(map) => {
            3 + map
                .iter()
                .map(|(k, v)| k.len() + 1 + value_size(v))
                .sum::<usize>()
        }
        Value::L(list) => 3 + list.iter().map(|v| 1 + value_size(v)).sum::<usize>(),
        Value::SS(set) => set.iter().map(String::len).sum(),
        Value::NS(set) => set.iter().map(Number::size_bytes).sum(),
        Value::BS(set) => set.iter().map(Vec::len).sum(),
    }
}

/// Size of one attribute: its name's bytes plus its value.
pub fn attribute_size(name: &str, value: &Value) -> usize {
    name.len() + value_size(value)
}

/// Size of an item in bytes, as DynamoDB counts it for capacity and limits.
pub fn item_size(item: &Item) -> usize {
    item.iter()
        .map(|(name, value)| attribute_size(name, value))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Value {
        Value::N(Number::parse(text).unwrap())
    }

    #[test]
    fn aws_shirt_example_is_23_bytes() {
        let item: Item = [
            ("shirt-color", Value::s("R")),
            ("shirt-size", Value::s("M")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(item_size(&item), 23);
    }

    #[test]
    fn mixed_item_example_is_38_bytes() {
        let mut item = Item::new();
        item.insert("pk", Value::s("user#1"));
        item.insert("n", n("12.3456"));
        item.insert("d", Value::B(vec![1, 2]));
        item.insert("e", Value::BS(vec![vec![1, 2], vec![3], vec![4]]));
        item.insert("tags", Value::L(vec![Value::s("xy")]));
        let mut m = crate::types::Map::new();
        m.insert("k", Value::Bool(true));
        item.insert("m", Value::M(m));
        assert_eq!(item_size(&item), 38);
    }

    #[test]
    fn strings_cost_utf8_bytes_not_characters() {
        assert_eq!(value_size(&Value::s("¿é")), 4);
        assert_eq!(value_size(&Value::s("😀")), 4);
    }
}
