//! The syntax tree the parser builds: names and placeholders exactly as
//! written, with spans. [`super::resolve`] turns it into [`super::ast`].

use crate::error::{Error, Span};

/// One step of a path as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Segment {
    /// A bare name.
    Name(String, Span),
    /// A `#alias`.
    Alias(String, Span),
    /// A list index.
    Index(usize, Span),
}

/// A document path as written.
#[derive(Clone, Debug, PartialEq)]
pub struct RawPath {
    /// The steps, outermost first; the first is a name or alias.
    pub segments: Vec<Segment>,
    /// The whole path.
    pub span: Span,
}

/// A function call as written: `name(args…)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The function name (case-sensitive).
    pub name: String,
    /// The arguments.
    pub args: Vec<Operand>,
    /// The function name's span.
    pub span: Span,
}

/// A value-producing term.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A document path.
    Path(RawPath),
    /// A `:value` placeholder.
    Value(String, Span),
    /// A function call used as a value (`size`, `if_not_exists`, `list_append`).
    Call(Call),
    /// `a + b` (update expressions only).
    Plus(Box<Operand>, Box<Operand>, Span),
    /// `a - b` (update expressions only).
    Minus(Box<Operand>, Box<Operand>, Span),
}

impl Operand {
    /// Where the operand is written.
    pub fn span(&self) -> Span {
        match self {
            Operand::Path(p) => p.span,
            Operand::Value(_, s) | Operand::Plus(_, _, s) | Operand::Minus(_, _, s) => *s,
            Operand::Call(c) => c.span,
        }
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CompareOp {
    /// The operator with its operands swapped: `a < b` is `b > a`.
    pub fn flipped(self) -> CompareOp {
        match self {
            CompareOp::Lt => CompareOp::Gt,
            CompareOp::Le => CompareOp::Ge,
            CompareOp::Gt => CompareOp::Lt,
            CompareOp::Ge => CompareOp::Le,
            same => same,
        }
    }

    /// How DynamoDB writes it in messages.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "=",
            CompareOp::Ne => "<>",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }

    /// The operator with its operands swapped (`:v < sk` is `sk > :v`).
    pub fn mirrored(self) -> CompareOp {
        match self {
            CompareOp::Lt => CompareOp::Gt,
            CompareOp::Le => CompareOp::Ge,
            CompareOp::Gt => CompareOp::Lt,
            CompareOp::Ge => CompareOp::Le,
            other => other,
        }
    }
}

/// A condition as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// `a op b`; the span is the operator's.
    Compare(CompareOp, Operand, Operand, Span),
    /// `a BETWEEN b AND c`; the span is `BETWEEN`'s.
    Between(Operand, Operand, Operand, Span),
    /// `a IN (b, c…)`; the span is `IN`'s.
    In(Operand, Vec<Operand>, Span),
    /// A function used as a condition.
    Call(Call),
    /// `a AND b`; the span is `AND`'s.
    And(Box<Condition>, Box<Condition>, Span),
    /// `a OR b`; the span is `OR`'s.
    Or(Box<Condition>, Box<Condition>, Span),
    /// `NOT a`; the span is `NOT`'s.
    Not(Box<Condition>, Span),
    /// `( a )`.
    Paren(Box<Condition>, Span),
}

/// One action of an update expression as written.
#[derive(Clone, Debug, PartialEq)]
pub enum UpdateAction {
    /// `SET path = value`.
    Set(RawPath, Operand),
    /// `REMOVE path`.
    Remove(RawPath),
    /// `ADD path :v`.
    Add(RawPath, Operand),
    /// `DELETE path :v`.
    Delete(RawPath, Operand),
}

impl UpdateAction {
    /// The path the action changes.
    pub fn path(&self) -> &RawPath {
        match self {
            UpdateAction::Set(path, _)
            | UpdateAction::Remove(path)
            | UpdateAction::Add(path, _)
            | UpdateAction::Delete(path, _) => path,
        }
    }
}

/// An update expression as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    /// The clauses' actions, in written order.
    pub actions: Vec<UpdateAction>,
    /// The first unknown or misplaced function, else the first clause
    /// written twice: DynamoDB reads the whole expression and reports these
    /// after reserved words (see [`super::resolve`]).
    pub refusal: Option<Error>,
}
