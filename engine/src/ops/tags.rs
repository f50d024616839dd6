//! TagResource, UntagResource and ListTagsOfResource, and the `Tags` of
//! CreateTable.
//!
//! Tags address a table by its ARN. DynamoDB's rules (developer guide,
//! "Tagging restrictions"): one value per key, keys of 1 to 128 characters
//! and values of up to 256, made of letters, digits, white space and
//! `+ - = . _ : /`; keys starting `aws:` are reserved; at most 50 tags on a
//! table. Going over 50 is a `ValidationException`, and a request with one
//! bad tag applies none of them.
//!
//! The not-found message keeps DynamoDB's own spelling, `ResourcArn`.

use super::Engine;
use crate::error::{Error, Result};

pub use crate::limits::MAX_TAG_KEY_CHARS;
pub use crate::limits::MAX_TAG_VALUE_CHARS;
pub use crate::limits::MAX_TAGS;

/// The ARN of every table: region `local`, account `000000000000`.
pub const TABLE_ARN_PREFIX: &str = "arn:aws:dynamodb:local:000000000000:table/";

/// One tag as requested; `None` where the request left a member out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tag {
    /// `Key`.
    pub key: Option<String>,
    /// `Value`.
    pub value: Option<String>,
}

impl Tag {
    /// A tag with both members.
    pub fn new(key: impl Into<String>, value: impl Into<String>) -> Tag {
        Tag {
            key: Some(key.into()),
            value: Some(value.into()),
        }
    }
}

fn allowed(c: char) -> bool {
    c.is_alphanumeric() || c.is_whitespace() || "+-=._:/".contains(c)
}

fn check_key(key: Option<&str>) -> Result<&str> {
    match key {
        Some(key)
            if !key.is_empty()
                && key.chars().count() <= MAX_TAG_KEY_CHARS
                && key.chars().all(allowed) =>
        {
            Ok(key)
        }
        other => Err(Error::validation(format!(
            "The Tag Key provided is invalid, Key: {}",
            other.unwrap_or("null")
        ))),
    }
}

/// Checks tags as TagResource and CreateTable take them; gives them as
/// (key, value) pairs.
pub(super) fn checked_tags(tags: &[Tag]) -> Result<Vec<(String, String)>> {
    let mut out: Vec<(String, String)> = Vec::with_capacity(tags.len());
    for tag in tags {
        let key = check_key(tag.key.as_deref())?;
        if key.starts_with("aws:") {
            return Err(Error::validation(format!(
                "Tag Key cannot be prefixed with aws:, Key: {key}"
            )));
        }
        let value = match tag.value.as_deref() {
            Some(v) if v.chars().count() <= MAX_TAG_VALUE_CHARS && v.chars().all(allowed) => v,
            other => {
                return Err(Error::validation(format!(
                    "The Tag Value provided is invalid, Value: {}",
                    other.unwrap_or("null")
                )));
            }
        };
        if out.iter().any(|(k, _)| k == key) {
            return Err(Error::validation(format!(
                "Duplicate Tag Keys provided as input: Duplicate Tag Key found {key}"
            )));
        }
        out.push((key.to_string(), value.to_string()));
    }
    if out.len() > MAX_TAGS {
        return Err(too_many_tags());
    }
    Ok(out)
}

fn too_many_tags() -> Error {
    Error::validation("Number of Tags exceed the current limit for the provided ResourceArn")
}

/// The table name an ARN holds, with DynamoDB's error for every way an
/// ARN can fail to name a table (whether it exists is asked apart: the
/// tag calls refuse empty tags between the two). A stream's ARN names its
/// table.
fn table_name_in_arn(arn: &str) -> Result<&str> {
    if !arn.starts_with("arn:") {
        return Err(Error::invalid_parameter(format!(
            "ARNs must start with 'arn:': {arn}"
        )));
    }
    if !arn.starts_with("arn:aws:dynamodb:") {
        return Err(Error::invalid_parameter(format!(
            "Provided Arn is not a DynamoDB resource arn: {arn}"
        )));
    }
    let Some(rest) = arn.strip_prefix(TABLE_ARN_PREFIX) else {
        return Err(invalid_table_arn(arn));
    };
    let (name, below) = rest.split_once('/').unwrap_or((rest, ""));
    if below.starts_with("index/") {
        return Err(Error::invalid_parameter(format!(
            "Invalid resource arn provided, only table or stream is accepted. Provided resource arn: {arn}"
        )));
    }
    // A name no table can have makes the ARN invalid, not missing.
    if name.len() < 3 {
        return Err(invalid_table_arn(arn));
    }
    Ok(name)
}

fn invalid_table_arn(arn: &str) -> Error {
    Error::validation(format!(
        "Invalid TableArn: Invalid ResourceArn provided as input {arn}"
    ))
}

/// The name of the table a `TableName` member gives as its ARN, which
/// DynamoDB accepts in place of the name in every call that takes one
/// (API reference: "You can also provide the Amazon Resource Name (ARN)
/// of the table in this parameter"). Only this engine's tables have
/// ARNs here — region `local`, account `000000000000`, as DescribeTable
/// shows them. DynamoDB does not publish its answers to a malformed ARN
/// in `TableName`; the engine gives the ones the tag calls were recorded
/// giving, and a table's ARN with anything after the name (an index's, a
/// stream's) is not a table's ARN.
pub fn table_name_from_arn(arn: &str) -> Result<&str> {
    let name = table_name_in_arn(arn)?;
    let whole = arn.len() == TABLE_ARN_PREFIX.len() + name.len();
    if !whole || !super::table_name_problems(name, "").is_empty() {
        return Err(invalid_table_arn(arn));
    }
    Ok(name)
}

/// Whether a value naming a table is the table's ARN: no table name can
/// hold a colon, so one starting `arn:` is an ARN.
pub fn is_table_arn(value: &str) -> bool {
    value.starts_with("arn:")
}

/// The table a value names: the value itself when it is a name (left for
/// the caller's checks), the name inside it when it is the table's ARN.
pub fn table_named_by(value: &str) -> Result<&str> {
    if is_table_arn(value) {
        table_name_from_arn(value)
    } else {
        Ok(value)
    }
}

impl Engine {
    /// The table name an ARN holds; a missing ARN is "Invalid TableArn".
    fn table_name_of_arn<'a>(&self, arn: Option<&'a str>) -> Result<&'a str> {
        let Some(arn) = arn else {
            return Err(Error::validation("Invalid TableArn"));
        };
        table_name_in_arn(arn)
    }

    /// The table an ARN names, which must exist.
    fn table_of_arn<'a>(&self, arn: Option<&'a str>) -> Result<&'a str> {
        let name = self.table_name_of_arn(arn)?;
        self.must_exist(name, arn.unwrap_or_default())
    }

    fn must_exist<'a>(&self, name: &'a str, arn: &str) -> Result<&'a str> {
        if !self.tables.contains_key(name) {
            return Err(Error::ResourceNotFound(format!(
                "Requested resource not found: ResourcArn: {arn} not found"
            )));
        }
        Ok(name)
    }

    /// TagResource: adds tags to a table, replacing the values of keys it
    /// already has.
    pub fn tag_resource(&mut self, resource_arn: Option<&str>, tags: &[Tag]) -> Result<()> {
        let name = self.table_name_of_arn(resource_arn)?;
        if tags.is_empty() {
            return Err(Error::validation(
                "Atleast one Tag needs to be provided as Input.",
            ));
        }
        let name = self.must_exist(name, resource_arn.unwrap_or_default())?;
        let tags = checked_tags(tags)?;
        let table = self.table_mut_or_not_found(name)?;
        let added = tags
            .iter()
            .filter(|(k, _)| !table.tags.contains_key(k))
            .count();
        if table.tags.len() + added > MAX_TAGS {
            return Err(too_many_tags());
        }
        table.tags.extend(tags);
        Ok(())
    }

    /// UntagResource: removes tags by key; a key the table lacks is no error.
    pub fn untag_resource(&mut self, resource_arn: Option<&str>, keys: &[String]) -> Result<()> {
        let name = self.table_name_of_arn(resource_arn)?;
        if keys.is_empty() {
            return Err(Error::validation(
                "Atleast one Tag Key needs to be provided as Input.",
            ));
        }
        // UntagResource names no ARN when the table is missing (dynalite's
        // suite, recorded against the service).
        if !self.tables.contains_key(name) {
            return Err(Error::resource_not_found());
        }
        if keys.len() > MAX_TAGS {
            return Err(too_many_tags());
        }
        for key in keys {
            check_key(Some(key))?;
        }
        let table = self.table_mut_or_not_found(name)?;
        for key in keys {
            table.tags.remove(key);
        }
        Ok(())
    }

    /// ListTagsOfResource: every tag of the table, by key. (At most 50, so
    /// DynamoDB never pages them.)
    pub fn list_tags_of_resource(
        &self,
        resource_arn: Option<&str>,
    ) -> Result<Vec<(String, String)>> {
        let name = self.table_of_arn(resource_arn)?;
        let table = self.table_or_not_found(name)?;
        Ok(table
            .tags
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect())
    }
}
