//! Expressions: key conditions, conditions and filters, projections and
//! updates.
//!
//! The life of an expression:
//! 1. [`lexer`] splits the text into tokens with byte spans;
//! 2. [`parser`] builds a [`syntax`] tree, reporting syntax errors with the
//!    offending token ([`memo`] remembers the trees of texts seen before);
//! 3. [`resolve`] replaces `#names` and `:values`, checks reserved words,
//!    undefined and unused placeholders, functions and operand types, and
//!    yields an [`ast`]; a condition's or an update's mistakes are sought
//!    first, in the categories in which DynamoDB reports them (`check`,
//!    `update_check`, `overlap`);
//! 4. [`eval`] evaluates conditions against items; [`keycond`] turns a key
//!    condition into a partition and a sort-key range.

pub mod ast;
mod check;
pub mod eval;
pub mod keycond;
pub mod lexer;
pub mod memo;
mod overlap;
pub mod parser;
pub mod reserved;
pub mod resolve;
pub mod syntax;
mod update_check;

pub use resolve::Placeholders;

pub use crate::limits::MAX_EXPRESSION_BYTES;
pub use crate::limits::MAX_OPERATORS;

/// Which request parameter an expression came from; it names the expression
/// in messages (`Invalid FilterExpression: …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    /// `KeyConditionExpression`.
    KeyCondition,
    /// `FilterExpression`.
    Filter,
    /// `ConditionExpression`.
    Condition,
    /// `ProjectionExpression`.
    Projection,
    /// `UpdateExpression`.
    Update,
}

impl ExprKind {
    /// The request parameter's name.
    pub fn parameter(self) -> &'static str {
        match self {
            ExprKind::KeyCondition => "KeyConditionExpression",
            ExprKind::Filter => "FilterExpression",
            ExprKind::Condition => "ConditionExpression",
            ExprKind::Projection => "ProjectionExpression",
            ExprKind::Update => "UpdateExpression",
        }
    }
}
