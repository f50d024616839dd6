//! Which of an update expression's mistakes DynamoDB reports.
//!
//! DynamoDB reads a whole update expression before it refuses it, and it
//! reports one mistake by its category, not by where it is written. After
//! syntax come, in this order:
//! 1. a reserved word used as a name;
//! 2. an unknown or misplaced function, then a clause written twice (both
//!    noted by the parser);
//! 3. an undefined `#name`, then an undefined `:value`;
//! 4. two paths that overlap, then two that conflict
//!    ([`super::overlap`]);
//! 5. an ADD or DELETE operand of the wrong type ([`add_and_delete_operands`]);
//! 6. the first function or `+`/`-`, innermost first, with the wrong
//!    number of operands, no path where one is required, or an operand of
//!    the wrong type ([`functions`]).
//!
//! So `SET b = list_append(:s, a) ADD n :s` with `:s` a string is refused
//! for ADD, not for `list_append`. The order is the one of the answers
//! recorded against DynamoDB in `tests/recorded/` (UpdateItem validations).

use std::collections::BTreeMap;

use super::ExprKind;
use super::syntax::{Call, Operand, UpdateAction};
use crate::error::{Error, Result, Span};
use crate::types::Value;

fn error(detail: impl std::fmt::Display, span: Span) -> Error {
    let parameter = ExprKind::Update.parameter();
    Error::at(format!("Invalid {parameter}: {detail}"), parameter, span)
}

/// Category 5: the first ADD or DELETE whose operand is not of a type it
/// takes (ADD: a number or a set; DELETE: a set).
pub(super) fn add_and_delete_operands(
    actions: &[UpdateAction],
    values: Option<&BTreeMap<String, Value>>,
) -> Result<()> {
    for action in actions {
        let (operator, operand) = match action {
            UpdateAction::Add(_, operand) => ("ADD", operand),
            UpdateAction::Delete(_, operand) => ("DELETE", operand),
            _ => continue,
        };
        let Operand::Value(name, span) = operand else {
            return Err(error(
                format!(
                    "Incorrect operand type for operator or function; operator: {operator}, operand type: PATH"
                ),
                operand.span(),
            ));
        };
        let Some(value) = values.and_then(|v| v.get(name)) else {
            continue;
        };
        let allowed = match value {
            Value::N(_) => operator == "ADD",
            Value::SS(_) | Value::NS(_) | Value::BS(_) => true,
            _ => false,
        };
        if !allowed {
            return Err(error(
                format!(
                    "Incorrect operand type for operator or function; operator: {operator}, operand type: {}",
                    long_type_name(value)
                ),
                *span,
            ));
        }
    }
    Ok(())
}

/// The type words ADD and DELETE errors use.
fn long_type_name(value: &Value) -> &'static str {
    match value {
        Value::S(_) => "STRING",
        Value::N(_) => "NUMBER",
        Value::B(_) => "BINARY",
        Value::Bool(_) => "BOOLEAN",
        Value::Null => "NULL",
        Value::M(_) => "MAP",
        Value::L(_) => "LIST",
        Value::SS(_) => "STRING_SET",
        Value::NS(_) => "NUMBER_SET",
        Value::BS(_) => "BINARY_SET",
    }
}

/// Category 6: the first function or arithmetic that is wrong in itself,
/// in the order their closing parentheses are read.
pub(super) fn functions(
    actions: &[UpdateAction],
    values: Option<&BTreeMap<String, Value>>,
) -> Result<()> {
    let check = Checker { values };
    actions.iter().try_for_each(|action| match action {
        UpdateAction::Set(_, value) => check.operand(value),
        _ => Ok(()),
    })
}

struct Checker<'a> {
    values: Option<&'a BTreeMap<String, Value>>,
}

impl Checker<'_> {
    fn operand(&self, operand: &Operand) -> Result<()> {
        match operand {
            Operand::Path(_) | Operand::Value(..) => Ok(()),
            Operand::Plus(a, b, span) | Operand::Minus(a, b, span) => {
                self.operand(a)?;
                self.operand(b)?;
                let symbol = if matches!(operand, Operand::Plus(..)) {
                    "+"
                } else {
                    "-"
                };
                self.operand_types(symbol, [a.as_ref(), b.as_ref()], "N", *span)
            }
            Operand::Call(call) => {
                call.args.iter().try_for_each(|arg| self.operand(arg))?;
                self.call(call)
            }
        }
    }

    fn call(&self, call: &Call) -> Result<()> {
        let name = call.name.as_str();
        if call.args.len() != 2 {
            return Err(error(
                format!(
                    "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {}",
                    call.args.len()
                ),
                call.span,
            ));
        }
        match name {
            "if_not_exists" if !matches!(call.args[0], Operand::Path(_)) => Err(error(
                format!(
                    "Operator or function requires a document path; operator or function: {name}"
                ),
                call.span,
            )),
            "list_append" => self.operand_types(name, call.args.iter(), "L", call.span),
            _ => Ok(()),
        }
    }

    /// Refuses the first written value whose type is not `wanted`; paths
    /// and nested functions are known only when the item is read.
    fn operand_types<'o>(
        &self,
        name: &str,
        operands: impl IntoIterator<Item = &'o Operand>,
        wanted: &str,
        span: Span,
    ) -> Result<()> {
        for operand in operands {
            let Operand::Value(placeholder, _) = operand else {
                continue;
            };
            let Some(value) = self.values.and_then(|v| v.get(placeholder)) else {
                continue;
            };
            let found = value.value_type().tag();
            if found != wanted {
                return Err(error(
                    format!(
                        "Incorrect operand type for operator or function; operator or function: {name}, operand type: {found}"
                    ),
                    span,
                ));
            }
        }
        Ok(())
    }
}
