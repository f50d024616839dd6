//! TagResource, UntagResource, ListTagsOfResource, and the `Tags` of
//! CreateTable.

use serde::Deserialize;

use super::parse_body;
use crate::error::Result;
use crate::error::constraint::Violation;
use crate::ops::Tag;

/// One `Tag` on the wire.
#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
pub(super) struct TagWire {
    key: Option<String>,
    value: Option<String>,
}

/// Tags as the engine takes them: missing members stay missing, for the
/// engine to refuse with DynamoDB's message.
pub(super) fn tags(wire: Vec<TagWire>) -> Vec<Tag> {
    wire.into_iter()
        .map(|t| Tag {
            key: t.key,
            value: t.value,
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TagResourceWire {
    resource_arn: Option<String>,
    tags: Option<Vec<TagWire>>,
}

/// TagResource: the ARN and the tags.
///
/// With an ARN, missing tags are a constraint breach, reported before the
/// ARN is read; without one, DynamoDB answers "Invalid TableArn" first.
pub fn tag_resource(body: &[u8]) -> Result<(Option<String>, Vec<Tag>)> {
    let wire: TagResourceWire = parse_body(body)?;
    if wire.resource_arn.is_some() && wire.tags.is_none() {
        return Err(Violation::missing("tags").into());
    }
    Ok((wire.resource_arn, tags(wire.tags.unwrap_or_default())))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct UntagResourceWire {
    resource_arn: Option<String>,
    tag_keys: Option<Vec<String>>,
}

/// UntagResource: the ARN and the keys.
///
/// Missing keys are refused as [`tag_resource`] refuses missing tags.
pub fn untag_resource(body: &[u8]) -> Result<(Option<String>, Vec<String>)> {
    let wire: UntagResourceWire = parse_body(body)?;
    if wire.resource_arn.is_some() && wire.tag_keys.is_none() {
        return Err(Violation::missing("tagKeys").into());
    }
    Ok((wire.resource_arn, wire.tag_keys.unwrap_or_default()))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ListTagsWire {
    resource_arn: Option<String>,
    // `NextToken` is accepted and, as in DynamoDB, never needed.
}

/// ListTagsOfResource: the ARN.
pub fn list_tags_of_resource(body: &[u8]) -> Result<Option<String>> {
    let wire: ListTagsWire = parse_body(body)?;
    Ok(wire.resource_arn)
}
