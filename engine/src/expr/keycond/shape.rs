//! What DynamoDB checks of a key condition before it looks at the table:
//! its shape alone. Each clause names one top-level attribute, compared
//! with values by an operator a key can be read by; `AND` joins the
//! clauses. The walk visits the condition in order, each node before its
//! children, and answers with the first problem it meets, in the words
//! dynalite's suite recorded against the service.
//!
//! A second clause on one attribute is left to the checks against the key
//! schema: DynamoDB now counts the clauses against the key's attributes
//! first (captured with multi-attribute keys, 2026), which needs the table.

use super::invalid_operator;
use crate::error::{Error, Result};
use crate::expr::ast::{CompareOp, Condition, Operand};

/// Refuses a key condition whose shape no key schema could accept.
pub fn check_shape(condition: &Condition) -> Result<()> {
    match condition {
        Condition::And(a, b) => {
            check_shape(a)?;
            check_shape(b)
        }
        Condition::Or(..) => Err(invalid_operator("OR")),
        Condition::Not(..) => Err(invalid_operator("NOT")),
        Condition::In(..) => Err(invalid_operator("IN")),
        Condition::Compare(CompareOp::Ne, ..) => Err(invalid_operator("<>")),
        Condition::Exists(_) => Err(invalid_operator("attribute_exists")),
        Condition::NotExists(_) => Err(invalid_operator("attribute_not_exists")),
        Condition::AttributeType(..) => Err(invalid_operator("attribute_type")),
        Condition::Contains(..) => Err(invalid_operator("contains")),
        Condition::Between(first, low, high) => {
            if !matches!(first, Operand::Path(_)) {
                return Err(first_operand("BETWEEN"));
            }
            clause(&[first, low, high])
        }
        Condition::BeginsWith(first, prefix) => {
            if !matches!(first, Operand::Path(_)) {
                return Err(first_operand("begins_with"));
            }
            clause(&[first, prefix])
        }
        Condition::Compare(_, a, b) => clause(&[a, b]),
    }
}

fn first_operand(operator: &str) -> Error {
    Error::validation(format!(
        "Invalid condition in KeyConditionExpression: {operator} operator must have the key attribute as its first operand"
    ))
}

/// One clause's operands: exactly one top-level attribute, beside values.
fn clause(operands: &[&Operand]) -> Result<()> {
    let mut attribute = None;
    for operand in operands {
        match operand {
            Operand::Path(path) => {
                if attribute.is_some() {
                    return Err(Error::validation(
                        "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
                    ));
                }
                if !path.is_top_level() {
                    return Err(Error::validation(
                        "KeyConditionExpressions cannot have conditions on nested attributes",
                    ));
                }
                attribute = Some(path.top());
            }
            Operand::Value(_) => {}
            _ => {
                return Err(Error::validation(
                    "KeyConditionExpressions cannot contain nested operations",
                ));
            }
        }
    }
    if attribute.is_none() {
        return Err(Error::validation(
            "Invalid condition in KeyConditionExpression: No key attribute specified",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Path, Value};

    fn path(name: &str) -> Operand {
        Operand::Path(Path::attribute(name))
    }

    fn value() -> Operand {
        Operand::Value(Value::S("v".into()))
    }

    fn refusal(condition: Condition) -> String {
        check_shape(&condition).unwrap_err().to_string()
    }

    #[test]
    fn a_clause_of_two_values_names_no_key() {
        assert_eq!(
            refusal(Condition::Compare(CompareOp::Gt, value(), value())),
            "Invalid condition in KeyConditionExpression: No key attribute specified"
        );
    }

    #[test]
    fn size_is_a_nested_operation() {
        assert_eq!(
            refusal(Condition::Compare(
                CompareOp::Gt,
                path("a"),
                Operand::Size(Box::new(Operand::Path(Path::attribute("b"))))
            )),
            "KeyConditionExpressions cannot contain nested operations"
        );
    }

    #[test]
    fn between_starts_with_the_key() {
        assert_eq!(
            refusal(Condition::Between(value(), path("a"), value())),
            "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand"
        );
    }
}
