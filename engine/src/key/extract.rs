//! Reading keys out of items and requests, with DynamoDB's messages for every
//! way a key can be wrong.

use super::{KeyAttribute, KeySchema, KeyValue, PrimaryKey};
use crate::error::{Error, Result};
use crate::types::{Item, Value};

pub use crate::limits::MAX_PARTITION_KEY_BYTES;
pub use crate::limits::MAX_SORT_KEY_BYTES;

fn check_length(value: &KeyValue, is_partition: bool) -> Result<()> {
    if is_partition && value.limit_bytes() > MAX_PARTITION_KEY_BYTES {
        return Err(Error::invalid_parameter(
            "Size of hashkey has exceeded the maximum size limit of2048 bytes",
        ));
    }
    if !is_partition && value.limit_bytes() > MAX_SORT_KEY_BYTES {
        return Err(Error::invalid_parameter(
            "Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
        ));
    }
    Ok(())
}

fn empty_kind(value: &KeyValue) -> Option<&'static str> {
    match value {
        KeyValue::S(s) if s.is_empty() => Some("string"),
        KeyValue::B(b) if b.is_empty() => Some("binary"),
        _ => None,
    }
}

/// What every key value DynamoDB is handed must be, once its type is right:
/// not empty (a string or binary key of no bytes), and within the partition
/// or sort key's size limit.
pub fn check_key_value(name: &str, value: &KeyValue, is_partition: bool) -> Result<()> {
    if let Some(kind) = empty_kind(value) {
        return Err(Error::validation(format!(
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {name}"
        )));
    }
    check_length(value, is_partition)
}

fn item_key_part(item: &Item, attribute: &KeyAttribute, is_partition: bool) -> Result<KeyValue> {
    let Some(value) = item.get(&attribute.name) else {
        return Err(Error::invalid_parameter(format!(
            "Missing the key {} in the item",
            attribute.name
        )));
    };
    let key = KeyValue::from_value(value)
        .filter(|k| k.key_type() == Some(attribute.key_type))
        .ok_or_else(|| {
            Error::invalid_parameter(format!(
                "Type mismatch for key {} expected: {} actual: {}",
                attribute.name,
                attribute.key_type,
                value.value_type().tag()
            ))
        })?;
    check_key_value(&attribute.name, &key, is_partition)?;
    Ok(key)
}

/// The primary key of an item being written (PutItem): every key attribute
/// must be present, of the schema's type, non-empty and within the limits.
pub fn primary_key_of(schema: &KeySchema, item: &Item) -> Result<PrimaryKey> {
    let partition = item_key_part(item, &schema.partition, true)?;
    let sort = match &schema.sort {
        Some(attribute) => Some(item_key_part(item, attribute, false)?),
        None => None,
    };
    Ok(PrimaryKey { partition, sort })
}

/// The primary key named by a `Key` parameter (GetItem, DeleteItem,
/// UpdateItem): exactly the key attributes, with the schema's types.
pub fn key_from_request(schema: &KeySchema, key: &Item) -> Result<PrimaryKey> {
    let mismatch = || Error::validation("The provided key element does not match the schema");
    let expected = 1 + usize::from(schema.sort.is_some());
    if key.len() != expected {
        return Err(mismatch());
    }
    let part = |attribute: &KeyAttribute, is_partition: bool| -> Result<KeyValue> {
        let value = key.get(&attribute.name).ok_or_else(mismatch)?;
        let key_value = KeyValue::from_value(value)
            .filter(|k| k.key_type() == Some(attribute.key_type))
            .ok_or_else(mismatch)?;
        check_key_value(&attribute.name, &key_value, is_partition)?;
        Ok(key_value)
    };
    let partition = part(&schema.partition, true)?;
    let sort = match &schema.sort {
        Some(attribute) => Some(part(attribute, false)?),
        None => None,
    };
    Ok(PrimaryKey { partition, sort })
}

/// The key an item has in a secondary index, or `None` when it lacks one of
/// the index's key attributes — which is all a sparse index is. A key
/// attribute of the wrong type or an empty one is an error, as in DynamoDB,
/// whether or not the item has the others.
pub fn index_key_of(
    schema: &KeySchema,
    index_name: &str,
    item: &Item,
) -> Result<Option<(KeyValue, Option<KeyValue>)>> {
    if schema.is_multi_attribute() {
        multi_attribute_index_key_of(schema, index_name, item)
    } else {
        simple_index_key_of(schema, index_name, item)
    }
}

/// [`index_key_of`] for a key of several attributes: each present one is
/// checked in key schema order, each partition value against the partition
/// key limit and the sort values' sum against the sort key limit; the
/// values are joined into a [`KeyValue::Composite`] where the key has more
/// than one.
fn multi_attribute_index_key_of(
    schema: &KeySchema,
    index_name: &str,
    item: &Item,
) -> Result<Option<(KeyValue, Option<KeyValue>)>> {
    let (mut partition, mut sort) = (Vec::new(), Vec::new());
    let mut complete = true;
    for (attribute, is_partition) in schema.attributes() {
        let Some(value) = item.get(&attribute.name) else {
            complete = false;
            continue;
        };
        let key = index_value(value, attribute, index_name)?;
        if is_partition {
            check_length(&key, true)?;
            partition.push(key);
        } else {
            sort.push(key);
        }
    }
    let sort = KeyValue::from_parts(sort);
    if let Some(sort) = &sort {
        check_length(sort, false)?;
    }
    if !complete {
        return Ok(None);
    }
    Ok(KeyValue::from_parts(partition).map(|partition| (partition, sort)))
}

fn simple_index_key_of(
    schema: &KeySchema,
    index_name: &str,
    item: &Item,
) -> Result<Option<(KeyValue, Option<KeyValue>)>> {
    let part = |attribute: &KeyAttribute, is_partition: bool| -> Result<Option<KeyValue>> {
        let Some(value) = item.get(&attribute.name) else {
            return Ok(None);
        };
        let key = index_value(value, attribute, index_name)?;
        check_length(&key, is_partition)?;
        Ok(Some(key))
    };
    let Some(partition) = part(&schema.partition, true)? else {
        // The sort key is still validated, as DynamoDB validates every index key present.
        if let Some(attribute) = &schema.sort {
            part(attribute, false)?;
        }
        return Ok(None);
    };
    let sort = match &schema.sort {
        Some(attribute) => match part(attribute, false)? {
            Some(sort) => Some(sort),
            None => return Ok(None),
        },
        None => None,
    };
    Ok(Some((partition, sort)))
}

fn index_value(value: &Value, attribute: &KeyAttribute, index_name: &str) -> Result<KeyValue> {
    let key = KeyValue::from_value(value)
        .filter(|k| k.key_type() == Some(attribute.key_type))
        .ok_or_else(|| {
            Error::invalid_parameter(format!(
                "Type mismatch for Index Key {} Expected: {} Actual: {} IndexName: {}",
                attribute.name,
                attribute.key_type,
                value.value_type().tag(),
                index_name
            ))
        })?;
    if let Some(kind) = empty_kind(&key) {
        return Err(Error::validation(format!(
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty {kind} value. IndexName: {index_name}, IndexKey: {}",
            attribute.name
        )));
    }
    Ok(key)
}
