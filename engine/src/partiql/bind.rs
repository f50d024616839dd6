//! From a parsed statement to what the engine evaluates: `?` parameters
//! replaced by their values, paths resolved, WHERE clauses turned into the
//! same [`Condition`]s a ConditionExpression becomes, SET and REMOVE into
//! [`UpdateAction`]s. PartiQL's own rules are checked here, with its
//! messages (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.html>): operand types of
//! ordering comparisons, the size of an IN list, `set_add`/`set_delete`.

use super::ast::{self, Change, Expr, InsertValue, Operand, Segment};
use super::parser::PARAMETER;
use crate::error::{Error, Result, Span};
use crate::expr::ast::{CompareOp, Condition, Operand as EvalOperand, UpdateAction};
use crate::types::{Item, Path, PathElement, Value, ValueType};

pub use crate::limits::MAX_IN_OPERANDS;

/// The parameter values of one statement.
#[derive(Clone, Copy)]
pub struct Binder<'a> {
    parameters: &'a [Value],
}

/// DynamoDB's message when the statement has more `?` than values.
pub const PARAMETER_COUNT_MISMATCH: &str =
    "Number of parameters in request and statement don't match.";

impl<'a> Binder<'a> {
    /// A binder for a statement with `wanted` parameters. Too few values is
    /// an error; more are accepted, as DynamoDB does.
    pub fn new(parameters: &'a [Value], wanted: usize) -> Result<Binder<'a>> {
        if parameters.len() < wanted {
            return Err(Error::validation(PARAMETER_COUNT_MISMATCH));
        }
        Ok(Binder { parameters })
    }

    /// The values bound.
    pub fn parameters(&self) -> &'a [Value] {
        self.parameters
    }

    /// A literal or a parameter, as a value.
    pub fn value(&self, operand: &Operand) -> Result<Value> {
        match operand {
            Operand::Literal(value, _) => Ok(value.clone()),
            Operand::Param(n, _) => self.parameter(*n).cloned(),
            _ => Err(Error::at(
                "Statement wasn't well formed, can't be processed: Expected a value",
                PARAMETER,
                operand_span(operand),
            )),
        }
    }

    fn parameter(&self, n: usize) -> Result<&'a Value> {
        self.parameters
            .get(n)
            .ok_or_else(|| Error::validation(PARAMETER_COUNT_MISMATCH))
    }

    /// An INSERT's item: a map written out (its attributes' `?` bound), or
    /// a map parameter.
    pub fn item(&self, value: &InsertValue) -> Result<Item> {
        let operand = match value {
            InsertValue::Item(entries, _) => {
                return entries
                    .iter()
                    .map(|(name, operand)| {
                        Ok((
                            crate::types::Text::from(name.as_str()),
                            self.value(operand)?,
                        ))
                    })
                    .collect();
            }
            InsertValue::Other(operand) => operand,
        };
        match self.value(operand)? {
            Value::M(map) => Ok(map),
            _ => Err(Error::at(
                "Unsupported operation: INSERT must specify a map of attribute names to values",
                PARAMETER,
                operand_span(operand),
            )),
        }
    }

    /// An operand of a WHERE clause or a SET value.
    pub fn operand(&self, operand: &Operand) -> Result<EvalOperand> {
        Ok(match operand {
            Operand::Path(path) => EvalOperand::Path(resolve_path(path)),
            Operand::Literal(..) | Operand::Param(..) => EvalOperand::Value(self.value(operand)?),
            Operand::Plus(a, b) => EvalOperand::Plus(
                Box::new(self.number(a, "+")?),
                Box::new(self.number(b, "+")?),
            ),
            Operand::Minus(a, b) => EvalOperand::Minus(
                Box::new(self.number(a, "-")?),
                Box::new(self.number(b, "-")?),
            ),
            Operand::Call(name, args, span) => match (name.as_str(), args.as_slice()) {
                ("size", [Operand::Path(path)]) => {
                    EvalOperand::Size(Box::new(EvalOperand::Path(resolve_path(path))))
                }
                ("list_append", [a, b]) => {
                    EvalOperand::ListAppend(Box::new(self.operand(a)?), Box::new(self.operand(b)?))
                }
                ("size" | "list_append", _) => {
                    return Err(Error::at(
                        format!("Incorrect number of arguments for function: {name}"),
                        PARAMETER,
                        *span,
                    ));
                }
                _ => {
                    return Err(Error::at(
                        format!("Unsupported function: {name}"),
                        PARAMETER,
                        *span,
                    ));
                }
            },
        })
    }

    /// An operand of `+` or `-`: a number or a path, never another type of
    /// value (checked before anything runs, as DynamoDB does).
    fn number(&self, operand: &Operand, operator: &str) -> Result<EvalOperand> {
        let resolved = self.operand(operand)?;
        if let EvalOperand::Value(value) = &resolved
            && !matches!(value, Value::N(_))
        {
            return Err(incorrect_operand(operator, value, operand_span(operand)));
        }
        Ok(resolved)
    }

    /// A WHERE clause.
    pub fn condition(&self, expr: &Expr) -> Result<Condition> {
        Ok(match expr {
            Expr::Compare(op, a, b) => {
                let (left, right) = (self.operand(a)?, self.operand(b)?);
                if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
                    check_orderable(op.symbol(), &left, a)?;
                    check_orderable(op.symbol(), &right, b)?;
                }
                Condition::Compare(*op, left, right)
            }
            Expr::Between(a, low, high) => {
                let (a_, low_, high_) = (self.operand(a)?, self.operand(low)?, self.operand(high)?);
                check_orderable("BETWEEN", &low_, low)?;
                check_orderable("BETWEEN", &high_, high)?;
                Condition::Between(a_, low_, high_)
            }
            Expr::In(a, list, span) => {
                if list.len() > MAX_IN_OPERANDS {
                    return Err(Error::at(
                        format!(
                            "The IN operator is provided with too many operands; number of operands: {}",
                            list.len()
                        ),
                        PARAMETER,
                        *span,
                    ));
                }
                let list = list
                    .iter()
                    .map(|o| self.operand(o))
                    .collect::<Result<Vec<_>>>()?;
                Condition::In(self.operand(a)?, list)
            }
            Expr::IsMissing(a, missing) => {
                let path = self.path_argument(a, "IS")?;
                if *missing {
                    Condition::NotExists(path)
                } else {
                    Condition::Exists(path)
                }
            }
            Expr::IsNull(a, null) => {
                let is_null = Condition::Compare(
                    CompareOp::Eq,
                    self.operand(a)?,
                    EvalOperand::Value(Value::Null),
                );
                if *null {
                    is_null
                } else {
                    Condition::Not(Box::new(is_null))
                }
            }
            Expr::Call(name, args, span) => self.predicate(name, args, *span)?,
            Expr::And(a, b) => {
                Condition::And(Box::new(self.condition(a)?), Box::new(self.condition(b)?))
            }
            Expr::Or(a, b) => {
                Condition::Or(Box::new(self.condition(a)?), Box::new(self.condition(b)?))
            }
            Expr::Not(a) => Condition::Not(Box::new(self.condition(a)?)),
        })
    }

    fn predicate(&self, name: &str, args: &[Operand], span: Span) -> Result<Condition> {
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(Error::at(
                    format!("Incorrect number of arguments for function: {name}"),
                    PARAMETER,
                    span,
                ))
            }
        };
        Ok(match name {
            "begins_with" => {
                arity(2)?;
                Condition::BeginsWith(self.operand(&args[0])?, self.operand(&args[1])?)
            }
            "contains" => {
                arity(2)?;
                Condition::Contains(self.operand(&args[0])?, self.operand(&args[1])?)
            }
            "attribute_exists" => {
                arity(1)?;
                Condition::Exists(self.path_argument(&args[0], name)?)
            }
            "attribute_not_exists" => {
                arity(1)?;
                Condition::NotExists(self.path_argument(&args[0], name)?)
            }
            "attribute_type" => {
                arity(2)?;
                let path = self.path_argument(&args[0], name)?;
                let tag = match self.value(&args[1])? {
                    Value::S(tag) => tag,
                    other => return Err(incorrect_operand(name, &other, operand_span(&args[1]))),
                };
                let Some(value_type) = ValueType::from_tag(&tag) else {
                    return Err(Error::at(
                        format!(
                            "Invalid attribute type name found; type: {tag}, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}"
                        ),
                        PARAMETER,
                        operand_span(&args[1]),
                    ));
                };
                Condition::AttributeType(path, value_type)
            }
            "exists" => {
                return Err(Error::at(
                    "EXISTS can only be used in ExecuteTransaction write requests.",
                    PARAMETER,
                    span,
                ));
            }
            _ => {
                return Err(Error::at(
                    format!("Unsupported function: {name}"),
                    PARAMETER,
                    span,
                ));
            }
        })
    }

    /// A function argument that must be a path (`attribute_exists('m')`
    /// names a value, which DynamoDB refuses).
    fn path_argument(&self, operand: &Operand, function: &str) -> Result<Path> {
        match operand {
            Operand::Path(path) => Ok(resolve_path(path)),
            other => Err(Error::at(
                format!(
                    "Incorrect operand type for operator or function; operator or function: {function}, operand type: {}",
                    self.value(other)
                        .map(|v| v.value_type().tag())
                        .unwrap_or("EXPRESSION")
                ),
                PARAMETER,
                operand_span(other),
            )),
        }
    }

    /// An UPDATE's SET and REMOVE, in written order.
    pub fn changes(&self, changes: &[Change]) -> Result<Vec<UpdateAction>> {
        changes
            .iter()
            .map(|change| match change {
                Change::Remove(path) => Ok(UpdateAction::Remove(resolve_path(path))),
                Change::Set(path, Operand::Call(name, args, span))
                    if name == "set_add" || name == "set_delete" =>
                {
                    self.set_change(path, name, args, *span)
                }
                Change::Set(path, value) => {
                    Ok(UpdateAction::Set(resolve_path(path), self.operand(value)?))
                }
            })
            .collect()
    }

    /// `SET s = set_add(s, <<…>>)`: DynamoDB's ADD (resp. DELETE) of set
    /// members.
    fn set_change(
        &self,
        path: &ast::Path,
        name: &str,
        args: &[Operand],
        span: Span,
    ) -> Result<UpdateAction> {
        let upper = name.to_ascii_uppercase();
        let [first, second] = args else {
            return Err(Error::at(
                format!("{upper} must have exactly two arguments"),
                PARAMETER,
                span,
            ));
        };
        if !matches!(first, Operand::Path(p) if p.segments == path.segments) {
            return Err(Error::at(
                format!("The first argument to {upper} must equal the assignment value"),
                PARAMETER,
                operand_span(first),
            ));
        }
        let value = self.value(second)?;
        if !matches!(value, Value::SS(_) | Value::NS(_) | Value::BS(_)) {
            let at = operand_span(second);
            return Err(Error::at(
                format!(
                    "The second argument to {upper} must be a value with type SET at 1:{}:{}",
                    at.start + 1,
                    at.end - at.start
                ),
                PARAMETER,
                at,
            ));
        }
        let path = resolve_path(path);
        Ok(if name == "set_add" {
            UpdateAction::Add(path, value)
        } else {
            UpdateAction::Delete(path, value)
        })
    }
}

/// A parsed path as the engine's [`Path`].
pub fn resolve_path(path: &ast::Path) -> Path {
    Path {
        elements: path
            .segments
            .iter()
            .map(|s| match s {
                Segment::Name(name) => PathElement::Attr(name.as_str().into()),
                Segment::Index(i) => PathElement::Index(*i),
            })
            .collect(),
    }
}

/// The name a projected path's value is returned under: its last named
/// step and any list indexes after it (`m.k[0]` → `k[0]`).
pub fn projected_name(path: &ast::Path) -> String {
    let last_name = path
        .segments
        .iter()
        .rposition(|s| matches!(s, Segment::Name(_)))
        .unwrap_or(0);
    let mut out = String::new();
    for segment in &path.segments[last_name..] {
        match segment {
            Segment::Name(name) => out.push_str(name),
            Segment::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// A SELECT's projection: each path, resolved, with the name its value is
/// returned under.
pub fn projection(paths: &[ast::Path]) -> Vec<(Path, String)> {
    paths
        .iter()
        .map(|p| (resolve_path(p), projected_name(p)))
        .collect()
}

/// An item as a SELECT returns it: each projected path's value under its
/// name, the paths it lacks left out.
pub fn project(item: &Item, projection: &[(Path, String)]) -> Item {
    let mut out = Item::new();
    for (path, name) in projection {
        if let Some(value) = path.get(item) {
            out.insert(name.as_str(), value.clone());
        }
    }
    out
}

/// Where an operand was written.
pub fn operand_span(operand: &Operand) -> Span {
    match operand {
        Operand::Path(path) => path.span,
        Operand::Literal(_, span) | Operand::Param(_, span) | Operand::Call(_, _, span) => *span,
        Operand::Plus(a, b) | Operand::Minus(a, b) => {
            Span::new(operand_span(a).start, operand_span(b).end)
        }
    }
}

fn incorrect_operand(operator: &str, value: &Value, span: Span) -> Error {
    Error::at(
        format!(
            "Incorrect operand type for operator or function; operator or function: {operator}, operand type: {}",
            value.value_type().tag()
        ),
        PARAMETER,
        span,
    )
}

/// An ordering comparison takes strings, numbers and binaries only.
fn check_orderable(operator: &str, resolved: &EvalOperand, written: &Operand) -> Result<()> {
    match resolved {
        EvalOperand::Value(Value::S(_) | Value::N(_) | Value::B(_)) => Ok(()),
        EvalOperand::Value(value) => Err(incorrect_operand(operator, value, operand_span(written))),
        _ => Ok(()),
    }
}
