//! Key schemas as CreateTable and UpdateTable declare them: the
//! `(name, HASH|RANGE)` elements checked in DynamoDB's order, with its
//! messages, and turned into a [`KeySchema`].
//!
//! A table and a local secondary index have one HASH element and at most
//! one RANGE element. A global secondary index may have up to four of each
//! (a multi-attribute key): every HASH element first, each name once.

use std::collections::HashSet;

use crate::error::constraint::{self, Rule};
use crate::error::{Error, Result};
use crate::key::{KeyAttribute, KeySchema, KeyType};
use crate::limits::{MAX_INDEX_PARTITION_ATTRIBUTES, MAX_INDEX_SORT_ATTRIBUTES};

/// A table's or local index's key schema holds one or two elements.
pub const KEY_SCHEMA_LENGTH: &[Rule] = &[Rule::LengthAtLeast(1), Rule::LengthAtMost(2)];

/// A global index's key schema holds at least one element; its greatest
/// size is checked per key type instead ([`global_index_key_schema`]).
pub const GLOBAL_KEY_SCHEMA_LENGTH: &[Rule] = &[Rule::LengthAtLeast(1)];

/// `KeySchema`'s rendering in a constraint message.
pub fn render_schema(schema: &[(String, String)]) -> String {
    let parts: Vec<String> = schema
        .iter()
        .map(|(n, t)| format!("KeySchemaElement(attributeName={n}, keyType={t})"))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The breaches of a key schema's length.
fn length_problems(schema: &[(String, String)], rules: &[Rule]) -> Result<()> {
    constraint::check(constraint::length(
        schema.len(),
        &render_schema(schema),
        "keySchema",
        rules,
    ))
}

/// A table's or local index's key schema: `HASH`, then at most one
/// `RANGE` of another name, each defined in `definitions`. The checks run
/// in DynamoDB's order (dynalite's suite, recorded against the service):
/// for a table, more elements than definitions; any name not defined
/// (naming all of the schema's); one name twice; the first element's type;
/// the second's.
pub fn build_key_schema(
    schema: &[(String, String)],
    definitions: &[(String, KeyType)],
    of_table: bool,
) -> Result<KeySchema> {
    length_problems(schema, KEY_SCHEMA_LENGTH)?;
    if of_table && schema.len() > definitions.len() {
        return Err(Error::validation(
            "Invalid KeySchema: Some index key attribute have no definition",
        ));
    }
    if schema
        .iter()
        .any(|(name, _)| !definitions.iter().any(|(defined, _)| defined == name))
    {
        let keys: Vec<&str> = schema.iter().map(|(name, _)| name.as_str()).collect();
        return Err(undefined(&keys, definitions));
    }
    let (hash_name, hash_type) = &schema[0];
    if let Some((range_name, _)) = schema.get(1)
        && range_name == hash_name
    {
        return Err(same_name_twice());
    }
    if hash_type != "HASH" {
        return Err(first_is_not_hash());
    }
    if let Some((_, range_type)) = schema.get(1)
        && range_type != "RANGE"
    {
        return Err(Error::validation(
            "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
        ));
    }
    Ok(KeySchema::simple(
        attribute(hash_name, definitions)?,
        schema
            .get(1)
            .map(|(n, _)| attribute(n, definitions))
            .transpose()?,
    ))
}

/// The refusal of key attributes `keys` that `definitions` lack.
fn undefined(keys: &[&str], definitions: &[(String, KeyType)]) -> Error {
    let defined: Vec<&str> = definitions.iter().map(|(n, _)| n.as_str()).collect();
    Error::invalid_parameter(format!(
        "Some index key attributes are not defined in AttributeDefinitions. Keys: [{}], AttributeDefinitions: [{}]",
        keys.join(", "),
        defined.join(", ")
    ))
}

/// A global index's key schema: 1 to 4 `HASH` elements, then 0 to 4
/// `RANGE` elements, no name twice, each defined in `definitions`. The
/// checks run in DynamoDB's order (captured for multi-attribute keys in
/// 2026): the first element's type, a hash and range key of one name, any
/// name twice, a `HASH` after a `RANGE`, too many of a type, then the
/// definitions.
pub fn global_index_key_schema(
    schema: &[(String, String)],
    definitions: &[(String, KeyType)],
) -> Result<KeySchema> {
    length_problems(schema, GLOBAL_KEY_SCHEMA_LENGTH)?;
    if schema[0].1 != "HASH" {
        return Err(first_is_not_hash());
    }
    if let [(hash, _), (range, range_type)] = schema
        && range_type == "RANGE"
        && hash == range
    {
        return Err(same_name_twice());
    }
    let mut seen = HashSet::with_capacity(schema.len());
    if !schema.iter().all(|(name, _)| seen.insert(name.as_str())) {
        return Err(Error::validation(
            "The KeySchema contains multiple key attributes with the same name",
        ));
    }
    if schema
        .windows(2)
        .any(|pair| pair[0].1 == "RANGE" && pair[1].1 == "HASH")
    {
        return Err(Error::invalid_parameter(
            "All HASH key attributes must precede RANGE key attributes in the KeySchema",
        ));
    }
    type Elements<'a> = Vec<&'a (String, String)>;
    let (hashes, ranges): (Elements, Elements) =
        schema.iter().partition(|(_, key_type)| key_type == "HASH");
    for (elements, most, kind) in [
        (&hashes, MAX_INDEX_PARTITION_ATTRIBUTES, "HASH"),
        (&ranges, MAX_INDEX_SORT_ATTRIBUTES, "RANGE"),
    ] {
        if elements.len() > most {
            return Err(Error::invalid_parameter(format!(
                "The KeySchema exceeds the maximum allowed number of {kind} key attributes"
            )));
        }
    }
    if schema
        .iter()
        .any(|(name, _)| !definitions.iter().any(|(defined, _)| defined == name))
    {
        let keys: Vec<&str> = schema.iter().map(|(name, _)| name.as_str()).collect();
        return Err(undefined(&keys, definitions));
    }
    let attributes = |elements: &[&(String, String)]| -> Result<Vec<KeyAttribute>> {
        elements
            .iter()
            .map(|(name, _)| attribute(name, definitions))
            .collect()
    };
    let mut partition = attributes(&hashes)?.into_iter();
    let mut sort = attributes(&ranges)?.into_iter();
    Ok(KeySchema {
        // Invariant: the first element is a HASH one, checked above.
        partition: partition.next().ok_or_else(first_is_not_hash)?,
        sort: sort.next(),
        more_partition: partition.collect(),
        more_sort: sort.collect(),
    })
}

fn first_is_not_hash() -> Error {
    Error::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type")
}

fn same_name_twice() -> Error {
    Error::validation(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name",
    )
}

/// One key attribute, with the type `definitions` give it.
fn attribute(name: &str, definitions: &[(String, KeyType)]) -> Result<KeyAttribute> {
    let key_type = definitions
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| undefined(&[name], definitions))?;
    if name.len() > 255 {
        return Err(Error::invalid_parameter(format!(
            "Key attribute name is longer than 255 bytes: {name}"
        )));
    }
    Ok(KeyAttribute {
        name: name.to_string(),
        key_type,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elements(spec: &[(&str, &str)]) -> Vec<(String, String)> {
        spec.iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }

    fn defined(names: &[&str]) -> Vec<(String, KeyType)> {
        names.iter().map(|n| (n.to_string(), KeyType::S)).collect()
    }

    fn refusal(spec: &[(&str, &str)]) -> String {
        let all = defined(&["h", "h2", "h3", "h4", "h5", "a", "b", "c", "d", "e"]);
        global_index_key_schema(&elements(spec), &all)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_global_index_takes_four_hash_and_four_range_attributes_in_order() {
        let all = defined(&["h", "h2", "h3", "h4", "a", "b", "c", "d"]);
        let spec = [
            ("h", "HASH"),
            ("h2", "HASH"),
            ("h3", "HASH"),
            ("h4", "HASH"),
            ("a", "RANGE"),
            ("b", "RANGE"),
            ("c", "RANGE"),
            ("d", "RANGE"),
        ];
        let schema = global_index_key_schema(&elements(&spec), &all).unwrap();
        let names: Vec<&str> = schema.names().collect();
        assert_eq!(names, ["h", "h2", "h3", "h4", "a", "b", "c", "d"]);
        assert!(schema.is_multi_attribute());
        assert_eq!(schema.attribute_count(), 8);
    }

    #[test]
    fn two_hash_attributes_need_no_range_attribute() {
        let schema = global_index_key_schema(
            &elements(&[("h", "HASH"), ("h2", "HASH")]),
            &defined(&["h", "h2"]),
        )
        .unwrap();
        assert_eq!(schema.more_partition.len(), 1);
        assert_eq!(schema.sort, None);
    }

    #[test]
    fn a_one_attribute_global_key_is_a_simple_key() {
        let schema = global_index_key_schema(
            &elements(&[("h", "HASH"), ("a", "RANGE")]),
            &defined(&["h", "a"]),
        )
        .unwrap();
        assert!(!schema.is_multi_attribute());
    }

    #[test]
    fn global_key_mistakes_get_dynamodbs_messages_in_its_order() {
        assert_eq!(
            refusal(&[
                ("h", "HASH"),
                ("h2", "HASH"),
                ("h3", "HASH"),
                ("h4", "HASH"),
                ("h5", "HASH")
            ]),
            "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key attributes"
        );
        assert_eq!(
            refusal(&[
                ("h", "HASH"),
                ("a", "RANGE"),
                ("b", "RANGE"),
                ("c", "RANGE"),
                ("d", "RANGE"),
                ("e", "RANGE")
            ]),
            "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of RANGE key attributes"
        );
        assert_eq!(
            refusal(&[("h", "HASH"), ("a", "RANGE"), ("h2", "HASH")]),
            "One or more parameter values were invalid: All HASH key attributes must precede RANGE key attributes in the KeySchema"
        );
        assert_eq!(
            refusal(&[("h", "HASH"), ("a", "RANGE"), ("a", "RANGE")]),
            "The KeySchema contains multiple key attributes with the same name"
        );
        assert_eq!(
            refusal(&[("h", "HASH"), ("h", "HASH")]),
            "The KeySchema contains multiple key attributes with the same name"
        );
        assert_eq!(
            refusal(&[("h", "HASH"), ("h", "RANGE")]),
            "Both the Hash Key and the Range Key element in the KeySchema have the same name"
        );
        assert_eq!(
            refusal(&[("a", "RANGE"), ("h", "HASH")]),
            "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"
        );
        // A name twice is told before a HASH after a RANGE.
        assert_eq!(
            refusal(&[("h", "HASH"), ("a", "RANGE"), ("a", "HASH")]),
            "The KeySchema contains multiple key attributes with the same name"
        );
    }

    #[test]
    fn an_undefined_attribute_of_a_multi_attribute_key_names_all_of_its_keys() {
        let error = global_index_key_schema(
            &elements(&[("h", "HASH"), ("a", "RANGE"), ("zz", "RANGE")]),
            &defined(&["h", "a"]),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [h, a, zz], AttributeDefinitions: [h, a]"
        );
    }

    #[test]
    fn a_table_key_still_takes_one_attribute_of_each_type() {
        let error = build_key_schema(
            &elements(&[("h", "HASH"), ("h2", "HASH")]),
            &defined(&["h", "h2"]),
            true,
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"
        );
    }
}
