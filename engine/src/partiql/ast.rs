//! What a PartiQL statement says, as parsed: names and paths as written,
//! literals already values, `?` parameters by position.

use crate::error::Span;
pub use crate::expr::ast::CompareOp;
use crate::types::Value;

/// A table or index name, and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// One step of a document path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    Name(String),
    Index(usize),
}

/// A document path: `a`, `"x-y".b[2]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub segments: Vec<Segment>,
    pub span: Span,
}

impl Path {
    /// The top-level attribute the path starts at.
    pub fn top(&self) -> &str {
        match self.segments.first() {
            Some(Segment::Name(name)) => name,
            // Invariant: the parser only builds paths that start with a name.
            _ => "",
        }
    }

    /// True for a plain top-level attribute.
    pub fn is_top_level(&self) -> bool {
        self.segments.len() == 1
    }
}

/// A value in a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Path(Path),
    Literal(Value, Span),
    /// The `n`th `?` (from 0).
    Param(usize, Span),
    /// A function: its name in lower case, its arguments, where it was written.
    Call(String, Vec<Operand>, Span),
    Plus(Box<Operand>, Box<Operand>),
    Minus(Box<Operand>, Box<Operand>),
}

/// A WHERE condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Compare(CompareOp, Operand, Operand),
    Between(Operand, Operand, Operand),
    In(Operand, Vec<Operand>, Span),
    /// `x IS MISSING` (`false`: `IS NOT MISSING`).
    IsMissing(Operand, bool),
    /// `x IS NULL` (`false`: `IS NOT NULL`): a stored NULL.
    IsNull(Operand, bool),
    /// A predicate function: `begins_with`, `contains`, `attribute_exists`…
    Call(String, Vec<Operand>, Span),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
}

/// What a SELECT returns per item.
#[derive(Clone, Debug, PartialEq)]
pub enum Projection {
    All,
    Paths(Vec<Path>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Select {
    pub projection: Projection,
    pub table: Name,
    pub index: Option<Name>,
    pub condition: Option<Expr>,
    /// `ORDER BY` keys, each descending or not.
    pub order_by: Vec<(Path, bool)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Insert {
    pub table: Name,
    pub index: Option<Name>,
    pub value: InsertValue,
}

/// What an INSERT's `VALUE` is.
#[derive(Clone, Debug, PartialEq)]
pub enum InsertValue {
    /// A map written out, `{'pk': ?, 'total': 12}`: each attribute's value
    /// a literal or a `?` (a `?` deeper inside is refused as it is read).
    Item(Vec<(String, Operand)>, Span),
    /// Anything else (a `?` standing for the whole item, or a value that
    /// is not a map, which binding refuses).
    Other(Operand),
}

/// What `RETURNING` asks an UPDATE or DELETE for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returning {
    AllOld,
    ModifiedOld,
    AllNew,
    ModifiedNew,
}

/// One `SET path = value` or `REMOVE path` of an UPDATE, in written order.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    Set(Path, Operand),
    Remove(Path),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    pub table: Name,
    pub index: Option<Name>,
    pub changes: Vec<Change>,
    pub condition: Option<Expr>,
    pub returning: Option<(Returning, Span)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Delete {
    pub table: Name,
    pub index: Option<Name>,
    pub condition: Option<Expr>,
    pub returning: Option<(Returning, Span)>,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    Select(Select),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
    /// `EXISTS(SELECT …)`: a condition on one item, in a transaction.
    Exists(Select),
}

impl Statement {
    /// True for INSERT, UPDATE, DELETE and EXISTS (a condition check,
    /// which DynamoDB counts among the writes).
    pub fn is_write(&self) -> bool {
        !matches!(self, Statement::Select(_))
    }

    /// The table the statement names.
    pub fn table(&self) -> &Name {
        match self {
            Statement::Select(s) => &s.table,
            Statement::Insert(s) => &s.table,
            Statement::Update(s) => &s.table,
            Statement::Delete(s) => &s.table,
            Statement::Exists(s) => &s.table,
        }
    }
}
