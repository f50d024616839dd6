//! Which of a condition's mistakes DynamoDB reports.
//!
//! DynamoDB reads a whole condition before it refuses it, and it reports
//! one mistake by its category, not by where it is written. The parser has
//! already refused bad syntax, then redundant parentheses, then unknown
//! function names; after it come, in this order:
//! 1. a function used as a value — any but `size` (`contains(a, b) > c`,
//!    `size(contains(a, b))`) — or `size` used as a condition
//!    ([`misused_function`]);
//! 2. a reserved word used as a name (the resolver's first check);
//! 3. the first comparison or function call, in written order, that is
//!    wrong in itself ([`first_wrong_leaf`]); within it, an undefined
//!    `#name` or `:value` (the first written), then a wrong number of
//!    operands, then the same path on both sides, then an operand of the
//!    wrong type.
//!
//! So `a = a AND b = :undefined` is refused for `a = a`, and
//! `attribute_exists((views)) > b` for the misused function, not for the
//! reserved word `views`. The order is the one of the answers recorded
//! against DynamoDB in `tests/recorded/` (Scan and Query validations).

use std::collections::BTreeMap;

use super::ExprKind;
use super::syntax::{Call, CompareOp, Condition, Operand, RawPath, Segment};
use crate::error::{Error, Result, Span};
use crate::types::{Path, PathElement, Value, ValueType};

use crate::limits::MAX_IN_OPERANDS;

/// How many operands each condition function takes.
fn arity(name: &str) -> Option<usize> {
    Some(match name {
        "attribute_exists" | "attribute_not_exists" | "size" => 1,
        "attribute_type" | "begins_with" | "contains" => 2,
        _ => return None,
    })
}

fn error(kind: ExprKind, detail: impl std::fmt::Display, span: Span) -> Error {
    Error::at(
        format!("Invalid {}: {detail}", kind.parameter()),
        kind.parameter(),
        span,
    )
}

/// Category 1: the first function used as a value, innermost first, or
/// `size` standing as a condition.
pub(super) fn misused_function(tree: &Condition, kind: ExprKind) -> Result<()> {
    let mut found = None;
    misused_in_condition(tree, &mut found);
    size_as_condition(tree, &mut found);
    match found {
        Some(call) => Err(error(
            kind,
            format!(
                "The function is not allowed to be used this way in an expression; function: {}",
                call.name
            ),
            call.span,
        )),
        None => Ok(()),
    }
}

fn misused_in_condition<'t>(condition: &'t Condition, found: &mut Option<&'t Call>) {
    match condition {
        Condition::Compare(_, a, b, _) => misused_among([a, b], found),
        Condition::Between(a, low, high, _) => misused_among([a, low, high], found),
        Condition::In(a, list, _) => misused_among(std::iter::once(a).chain(list), found),
        Condition::Call(call) => misused_among(&call.args, found),
        Condition::And(a, b, _) | Condition::Or(a, b, _) => {
            misused_in_condition(a, found);
            misused_in_condition(b, found);
            size_as_condition(a, found);
            size_as_condition(b, found);
        }
        Condition::Not(a, _) => {
            misused_in_condition(a, found);
            size_as_condition(a, found);
        }
        Condition::Paren(a, _) => misused_in_condition(a, found),
    }
}

/// The operands' own insides first, then the operands themselves.
fn misused_among<'t>(
    operands: impl IntoIterator<Item = &'t Operand> + Clone,
    found: &mut Option<&'t Call>,
) {
    for operand in operands.clone() {
        if let Operand::Call(call) = operand {
            misused_among(&call.args, found);
        }
    }
    for operand in operands {
        if let Operand::Call(call) = operand
            && call.name != "size"
        {
            found.get_or_insert(call);
        }
    }
}

fn size_as_condition<'t>(condition: &'t Condition, found: &mut Option<&'t Call>) {
    match condition {
        Condition::Paren(inner, _) => size_as_condition(inner, found),
        Condition::Call(call) if call.name == "size" => {
            found.get_or_insert(call);
        }
        _ => {}
    }
}

/// Category 3: the first comparison or function call that is wrong in
/// itself.
pub(super) fn first_wrong_leaf(
    tree: &Condition,
    kind: ExprKind,
    names: Option<&BTreeMap<String, String>>,
    values: Option<&BTreeMap<String, Value>>,
) -> Result<()> {
    let leaves = Leaves {
        kind,
        names,
        values,
    };
    leaves.condition(tree)
}

struct Leaves<'r> {
    kind: ExprKind,
    names: Option<&'r BTreeMap<String, String>>,
    values: Option<&'r BTreeMap<String, Value>>,
}

/// One leaf's mistakes, the first of each kind.
#[derive(Default)]
struct Mistakes {
    undefined: Option<Error>,
    operand_count: Option<Error>,
    same_operands: Option<Error>,
    operand_type: Option<Error>,
}

impl Mistakes {
    fn first(self) -> Result<()> {
        match self
            .undefined
            .or(self.operand_count)
            .or(self.same_operands)
            .or(self.operand_type)
        {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

impl Leaves<'_> {
    fn error(&self, detail: impl std::fmt::Display, span: Span) -> Error {
        error(self.kind, detail, span)
    }

    fn condition(&self, condition: &Condition) -> Result<()> {
        let mut mistakes = Mistakes::default();
        match condition {
            Condition::And(a, b, _) | Condition::Or(a, b, _) => {
                self.condition(a)?;
                return self.condition(b);
            }
            Condition::Not(a, _) | Condition::Paren(a, _) => return self.condition(a),
            Condition::Compare(op, a, b, span) => {
                self.operands([a, b], &mut mistakes);
                self.same_operands(op.symbol(), a, b, *span, &mut mistakes);
                if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
                    for side in [a, b] {
                        if let Some(value) = self.literal(side)
                            && !is_orderable(value)
                        {
                            self.wrong_type(op.symbol(), value.value_type(), *span, &mut mistakes);
                        }
                    }
                }
            }
            Condition::Between(a, low, high, span) => {
                self.operands([a, low, high], &mut mistakes);
                if let Err(error) = self.between(low, high, *span) {
                    mistakes.operand_type.get_or_insert(error);
                }
            }
            Condition::In(a, list, span) => {
                self.operands(std::iter::once(a).chain(list), &mut mistakes);
                if list.len() > MAX_IN_OPERANDS {
                    let error = self.error(
                        format!("The IN operator is provided with too many operands; number of operands: {}", list.len()),
                        *span,
                    );
                    mistakes.operand_count.get_or_insert(error);
                }
            }
            Condition::Call(call) => {
                self.undefined_in(&call.args, &mut mistakes);
                self.call(call, &mut mistakes);
            }
        }
        mistakes.first()
    }

    /// A leaf's operands: their placeholders in written order, then the
    /// functions among them, innermost first.
    fn operands<'o>(
        &self,
        operands: impl IntoIterator<Item = &'o Operand> + Clone,
        mistakes: &mut Mistakes,
    ) {
        self.undefined_in(operands.clone(), mistakes);
        for operand in operands {
            if let Operand::Call(call) = operand {
                self.call(call, mistakes);
            }
        }
    }

    fn undefined_in<'o>(
        &self,
        operands: impl IntoIterator<Item = &'o Operand>,
        mistakes: &mut Mistakes,
    ) {
        for operand in operands {
            if mistakes.undefined.is_some() {
                return;
            }
            match operand {
                Operand::Path(path) => {
                    let undefined = path.segments.iter().find_map(|segment| match segment {
                        Segment::Alias(name, span) if self.name(name).is_none() => {
                            Some((name, span))
                        }
                        _ => None,
                    });
                    if let Some((name, span)) = undefined {
                        mistakes.undefined = Some(self.error(
                            format!("An expression attribute name used in the document path is not defined; attribute name: {name}"),
                            *span,
                        ));
                    }
                }
                Operand::Value(name, span) => {
                    if self.values.and_then(|v| v.get(name)).is_none() {
                        mistakes.undefined = Some(self.error(
                            format!("An expression attribute value used in expression is not defined; attribute value: {name}"),
                            *span,
                        ));
                    }
                }
                Operand::Call(call) => self.undefined_in(&call.args, mistakes),
                Operand::Plus(a, b, _) | Operand::Minus(a, b, _) => {
                    self.undefined_in([&**a, &**b], mistakes)
                }
            }
        }
    }

    /// A function's own mistakes, after those of the functions in its
    /// operands.
    fn call(&self, call: &Call, mistakes: &mut Mistakes) {
        for operand in &call.args {
            if let Operand::Call(inner) = operand {
                self.call(inner, mistakes);
            }
        }
        let Some(expected) = arity(&call.name) else {
            return;
        };
        if call.args.len() != expected {
            let error = self.error(
                format!("Incorrect number of operands for operator or function; operator or function: {}, number of operands: {}", call.name, call.args.len()),
                call.span,
            );
            mistakes.operand_count.get_or_insert(error);
            return;
        }
        if let [a, b] = call.args.as_slice() {
            self.same_operands(&call.name, a, b, call.span, mistakes);
        }
        let name = call.name.as_str();
        match name {
            "attribute_exists" | "attribute_not_exists"
                if !matches!(call.args[0], Operand::Path(_)) =>
            {
                let error = self.error(
                    format!("Operator or function requires a document path; operator or function: {name}"),
                    call.span,
                );
                mistakes.operand_type.get_or_insert(error);
            }
            "begins_with" => {
                for operand in &call.args {
                    if let Some(found) = self.operand_type(operand)
                        && !matches!(found, ValueType::S | ValueType::B)
                    {
                        self.wrong_type(name, found, call.span, mistakes);
                    }
                }
            }
            "size" => {
                if let Some(found @ (ValueType::N | ValueType::Bool | ValueType::Null)) =
                    self.operand_type(&call.args[0])
                {
                    self.wrong_type(name, found, call.span, mistakes);
                }
            }
            "attribute_type" => {
                if let Err(error) = self.attribute_type(call) {
                    mistakes.operand_type.get_or_insert(error);
                }
            }
            _ => {}
        }
    }

    fn attribute_type(&self, call: &Call) -> Result<()> {
        if !matches!(call.args[0], Operand::Path(_)) {
            return Err(self.error(
                "Operator or function requires a document path; operator or function: attribute_type",
                call.span,
            ));
        }
        let tag = match (&call.args[1], self.literal(&call.args[1])) {
            (_, Some(Value::S(tag))) => tag,
            // A path's type is any of them, which DynamoDB lists as a set.
            (Operand::Path(_), _) => {
                return Err(self.error(
                    "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}",
                    call.span,
                ));
            }
            (operand, _) => {
                let found = self.operand_type(operand).map_or("", ValueType::tag);
                return Err(self.error(
                    format!("Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {found}"),
                    call.span,
                ));
            }
        };
        match ValueType::from_tag(tag) {
            Some(_) => Ok(()),
            None => Err(self.error(
                format!("Invalid attribute type name found; type: {tag}, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}"),
                call.span,
            )),
        }
    }

    fn between(&self, low: &Operand, high: &Operand, span: Span) -> Result<()> {
        let (low, high) = (self.literal(low), self.literal(high));
        for value in [low, high].into_iter().flatten() {
            if !is_orderable(value) {
                return Err(self.error(
                    format!("Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: {}", value.value_type().tag()),
                    span,
                ));
            }
        }
        let (Some(low), Some(high)) = (low, high) else {
            return Ok(());
        };
        let problem = if low.value_type() != high.value_type() {
            "requires same data type for lower and upper bounds"
        } else if super::eval::compare_values(low, high) == Some(std::cmp::Ordering::Greater) {
            "requires upper bound to be greater than or equal to lower bound"
        } else {
            return Ok(());
        };
        Err(self.error(
            format!("The BETWEEN operator {problem}; lower bound operand: AttributeValue: {}, upper bound operand: AttributeValue: {}", render_literal(low), render_literal(high)),
            span,
        ))
    }

    /// `a = a`, `contains(a.b, #x)` with `#x` standing for `b`: the first
    /// operand must differ from the second.
    fn same_operands(
        &self,
        operator: &str,
        a: &Operand,
        b: &Operand,
        span: Span,
        mistakes: &mut Mistakes,
    ) {
        if let (Operand::Path(a), Operand::Path(b)) = (a, b)
            && let (Some(a), Some(b)) = (self.path(a), self.path(b))
            && a == b
        {
            let error = self.error(
                format!("The first operand must be distinct from the remaining operands for this operator or function; operator: {operator}, first operand: {a}"),
                span,
            );
            mistakes.same_operands.get_or_insert(error);
        }
    }

    fn wrong_type(&self, operator: &str, found: ValueType, span: Span, mistakes: &mut Mistakes) {
        let error = self.error(
            format!(
                "Incorrect operand type for operator or function; operator or function: {operator}, operand type: {}",
                found.tag()
            ),
            span,
        );
        mistakes.operand_type.get_or_insert(error);
    }

    fn name(&self, alias: &str) -> Option<&str> {
        self.names.and_then(|n| n.get(alias)).map(String::as_str)
    }

    /// The path with its aliases replaced; `None` if one is undefined.
    fn path(&self, raw: &RawPath) -> Option<Path> {
        let elements = raw
            .segments
            .iter()
            .map(|segment| {
                Some(match segment {
                    Segment::Name(name, _) => PathElement::Attr(name.as_str().into()),
                    Segment::Alias(alias, _) => PathElement::Attr(self.name(alias)?.into()),
                    Segment::Index(i, _) => PathElement::Index(*i),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Path { elements })
    }

    fn literal(&self, operand: &Operand) -> Option<&Value> {
        match operand {
            Operand::Value(name, _) => self.values.and_then(|v| v.get(name)),
            _ => None,
        }
    }

    /// An operand's type where the expression alone tells it: a value's,
    /// or `size`'s number.
    fn operand_type(&self, operand: &Operand) -> Option<ValueType> {
        match operand {
            Operand::Call(call) if call.name == "size" => Some(ValueType::N),
            other => self.literal(other).map(Value::value_type),
        }
    }
}

fn is_orderable(value: &Value) -> bool {
    matches!(value, Value::S(_) | Value::N(_) | Value::B(_))
}

/// `{N:5}`, as DynamoDB shows a literal in BETWEEN messages.
fn render_literal(value: &Value) -> String {
    let body = match value {
        Value::S(s) => s.to_string(),
        Value::N(n) => n.to_string(),
        other => format!("{other:?}"),
    };
    format!("{{{}:{body}}}", value.value_type().tag())
}
