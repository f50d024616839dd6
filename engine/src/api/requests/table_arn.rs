//! A `TableName` given as the table's ARN. DynamoDB takes the ARN in
//! place of the name in every call that names a table; the request is
//! then the same request with the name, so the engine's operations only
//! ever see names. A value is an ARN when it starts `arn:` (no table name
//! can hold a colon); it may be up to [`MAX_TABLE_ARN_BYTES`] long, and
//! must be the ARN DescribeTable shows (`ops::table_name_from_arn` says
//! what is refused, and how).

use crate::error::Result;
use crate::error::constraint::{self, Rule, Violation};
use crate::limits::MAX_TABLE_ARN_BYTES;
use crate::ops::table_named_by;

/// Whether a `TableName` is given as an ARN.
pub(super) fn is_arn(value: &str) -> bool {
    crate::ops::is_table_arn(value)
}

/// The breach of an ARN longer than any `TableName` may be.
pub(super) fn length_breach(arn: &str, field: &str) -> Vec<Violation> {
    constraint::text(arn, field, &[Rule::LengthAtMost(MAX_TABLE_ARN_BYTES)])
}

/// The table's name, whether given as a name or as the table's ARN; a
/// name is returned unchecked, for the caller's own checks.
pub(super) fn name_of_table(value: String, field: &str) -> Result<String> {
    if !is_arn(&value) {
        return Ok(value);
    }
    constraint::check(length_breach(&value, field))?;
    table_named_by(&value).map(str::to_string)
}
