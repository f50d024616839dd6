//! `Select` and `ProjectionExpression` of Query and Scan: what each item in
//! the response carries, and whether an LSI read must fetch from the table.

use crate::error::{Error, Result};
use crate::expr::ast::Condition;
use crate::key::KeySchema;
use crate::table::{IndexDescription, IndexKind, Projection};
use crate::types::Path;

/// `Select`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// `ALL_ATTRIBUTES`.
    AllAttributes,
    /// `ALL_PROJECTED_ATTRIBUTES`.
    AllProjectedAttributes,
    /// `SPECIFIC_ATTRIBUTES`.
    SpecificAttributes,
    /// `COUNT`.
    Count,
}

/// What a read returns per item.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::ops) struct ReadShape {
    /// Paths to keep, or every attribute.
    pub projection: Option<Vec<Path>>,
    /// Only counts, no items.
    pub count_only: bool,
    /// Whether each entry must be completed from the table (LSI only).
    pub fetch: bool,
}

/// Checks `Select` against `ProjectionExpression` or `AttributesToGet`
/// (before anything else about the request). Query prefixes its
/// `AttributesToGet` conflicts with `1 validation error detected: `, Scan
/// does not (as moto records DynamoDB answering).
pub(in crate::ops) fn check_select_parameters(
    select: Option<Select>,
    has_projection: bool,
    attributes_to_get: bool,
    query: bool,
) -> Result<()> {
    let conflict = |what: &str| {
        Err(Error::validation(if attributes_to_get {
            format!(
                "{}Cannot specify the AttributesToGet when choosing to get {what}",
                if query {
                    "1 validation error detected: "
                } else {
                    ""
                }
            )
        } else {
            format!("Cannot specify the ProjectionExpression when choosing to get {what}")
        }))
    };
    match (select, has_projection || attributes_to_get) {
        (Some(Select::AllAttributes), true) => conflict("ALL_ATTRIBUTES"),
        (Some(Select::AllProjectedAttributes), true) => conflict("ALL_PROJECTED_ATTRIBUTES"),
        (Some(Select::Count), true) => conflict("only the Count"),
        (Some(Select::SpecificAttributes), false) => Err(Error::validation(
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
        )),
        _ => Ok(()),
    }
}

/// ALL_ATTRIBUTES reads a global secondary index only if it projects them all.
pub(in crate::ops) fn check_all_attributes_projected(
    select: Select,
    index: &IndexDescription,
) -> Result<()> {
    if select == Select::AllAttributes
        && index.projection != Projection::All
        && index.kind == IndexKind::Global
    {
        return Err(Error::invalid_parameter(format!(
            "Select type ALL_ATTRIBUTES is not supported for global secondary index {} because its projection type is not ALL",
            index.name
        )));
    }
    Ok(())
}

/// Decides the read shape once the target is known.
pub(in crate::ops) fn read_shape(
    select: Option<Select>,
    projection: Option<Vec<Path>>,
    filter: Option<&Condition>,
    index: Option<&IndexDescription>,
    table_keys: &KeySchema,
    verb: &str,
) -> Result<ReadShape> {
    let select = select.unwrap_or(match (&projection, index) {
        (Some(_), _) => Select::SpecificAttributes,
        (None, Some(_)) => Select::AllProjectedAttributes,
        (None, None) => Select::AllAttributes,
    });
    let Some(index) = index else {
        if select == Select::AllProjectedAttributes {
            return Err(Error::validation(format!(
                "ALL_PROJECTED_ATTRIBUTES can be used only when {verb} using an IndexName"
            )));
        }
        return Ok(ReadShape {
            projection,
            count_only: select == Select::Count,
            fetch: false,
        });
    };
    let projects_all = index.projection == Projection::All;
    check_all_attributes_projected(select, index)?;
    let unprojected = |p: &&Path| !index.projects(table_keys, p.top());
    let needs_unprojected = match select {
        Select::AllAttributes => !projects_all,
        _ => {
            projection
                .as_ref()
                .is_some_and(|paths| paths.iter().any(|p| unprojected(&p)))
                || filter.is_some_and(|f| f.paths().iter().any(unprojected))
        }
    };
    Ok(ReadShape {
        projection,
        count_only: select == Select::Count,
        fetch: needs_unprojected && index.kind == IndexKind::Local,
    })
}
