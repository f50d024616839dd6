//! Key attributes are scalars: no expression reaches into one.

use crate::error::{Error, Result};
use crate::table::TableDescription;
use crate::types::Path;

/// Refuses a path into a key attribute (`pk.x`, `sk[0]`), as DynamoDB
/// does in a read's projection and filter and in an update's actions: "Key attributes must be
/// scalars; list random access '[]' and map lookup '.' are not allowed:
/// Key: pk" for the table's key attributes, in key schema order, then
/// "… IndexKey: x" for its indexes' (dynalite's suite, recorded against the
/// service).
pub(in crate::ops) fn check_key_paths<'p>(
    paths: impl IntoIterator<Item = &'p Path>,
    table: &TableDescription,
) -> Result<()> {
    let nested: Vec<&str> = paths
        .into_iter()
        .filter(|p| !p.is_top_level())
        .map(|p| p.top())
        .collect();
    if nested.is_empty() {
        return Ok(());
    }
    let refusal = |kind: &str, name: &str| {
        Error::validation(format!(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: {kind}: {name}"
        ))
    };
    if let Some(name) = table.key_schema.names().find(|n| nested.contains(n)) {
        return Err(refusal("Key", name));
    }
    if let Some(name) = table
        .indexes
        .iter()
        .flat_map(|i| i.key_schema.names())
        .find(|n| nested.contains(n))
    {
        return Err(refusal("IndexKey", name));
    }
    Ok(())
}
