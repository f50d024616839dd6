//! A recursive-descent parser for DynamoDB's expression languages.
//!
//! Conditions follow DynamoDB's precedence, loosest first: `OR`, `AND`,
//! `NOT`, then the comparison forms (`=`, `<>`, `<`, `<=`, `>`, `>=`,
//! `BETWEEN … AND …`, `IN (…)`) and function calls, then parentheses. So
//! `a OR b AND c` is `a OR (b AND c)`. Each level is one function below;
//! the table lives nowhere else.
//!
//! A syntax error names the offending token and the text "near" it: the
//! previous token through the offending one, or, at the very start, the
//! offending token and the one after (`token: "!", near: "!!"`). Past the
//! end the token is `<EOF>`.

use super::lexer::{Token, TokenKind, tokenize};
use super::syntax::{Call, CompareOp, Condition, Operand, RawPath, Segment, Update, UpdateAction};
use super::{ExprKind, MAX_EXPRESSION_BYTES, MAX_OPERATORS};
use crate::error::{Error, Result, Span};

/// Parses a condition (ConditionExpression, FilterExpression, KeyConditionExpression).
pub fn parse_condition(source: &str, kind: ExprKind) -> Result<Condition> {
    let mut parser = Parser::new(source, kind)?;
    let condition = parser.condition()?;
    parser.expect_end()?;
    parser.check_operator_count()?;
    match parser.deferred.take() {
        Some(error) => Err(error),
        None => Ok(condition),
    }
}

/// Parses a ProjectionExpression: paths separated by commas.
pub fn parse_projection(source: &str) -> Result<Vec<RawPath>> {
    let mut parser = Parser::new(source, ExprKind::Projection)?;
    let mut paths = vec![parser.path()?];
    while parser.next_if(&TokenKind::Comma) {
        paths.push(parser.path()?);
    }
    parser.expect_end()?;
    Ok(paths)
}

/// Parses an UpdateExpression into its clauses' actions, in written order.
/// Only syntax is refused here; an unknown function or a clause written
/// twice is noted in [`Update::refusal`] and the reading goes on.
pub fn parse_update(source: &str) -> Result<Update> {
    let mut parser = Parser::new(source, ExprKind::Update)?;
    let mut actions = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    loop {
        let token = parser.peek().clone();
        let clause = match &token.kind {
            TokenKind::Name(n) if is_clause(n) => n.to_ascii_uppercase(),
            TokenKind::Eof if !actions.is_empty() => break,
            _ => return Err(parser.syntax_error()),
        };
        parser.advance();
        if seen.contains(&clause) && parser.deferred.section.is_none() {
            let error = parser.error_at(
                format!("The \"{clause}\" section can only be used once in an update expression;"),
                token.span,
            );
            parser.deferred.section = Some(error);
        }
        seen.push(clause.clone());
        loop {
            let path = parser.path()?;
            let action = match clause.as_str() {
                "SET" => {
                    parser.expect(&TokenKind::Eq)?;
                    parser.operators += 1;
                    UpdateAction::Set(path, parser.set_value()?)
                }
                "REMOVE" => UpdateAction::Remove(path),
                "ADD" => UpdateAction::Add(path, parser.value_operand()?),
                _ => UpdateAction::Delete(path, parser.value_operand()?),
            };
            actions.push(action);
            if !parser.next_if(&TokenKind::Comma) {
                break;
            }
        }
    }
    parser.check_operator_count()?;
    Ok(Update {
        actions,
        refusal: parser.deferred.take(),
    })
}

fn is_clause(name: &str) -> bool {
    ["SET", "REMOVE", "ADD", "DELETE"]
        .iter()
        .any(|c| c.eq_ignore_ascii_case(name))
}

/// Words that are always keywords in a condition; in an update expression
/// the clause names are keywords as well (see [`is_clause`]).
const KEYWORDS: [&str; 5] = ["AND", "OR", "NOT", "BETWEEN", "IN"];

/// Every function of DynamoDB's expressions; names are case-sensitive.
/// Another name is refused ("Invalid function name; function: whatever")
/// only after the whole expression is read (see [`Deferred`]).
const FUNCTIONS: [&str; 8] = [
    "attribute_exists",
    "attribute_not_exists",
    "attribute_type",
    "begins_with",
    "contains",
    "size",
    "if_not_exists",
    "list_append",
];

/// For each token that opens a parenthesis, the position of the one that
/// closes it; `None` elsewhere and for one left open.
fn matching_parens(tokens: &[Token]) -> Vec<Option<usize>> {
    let mut closes = vec![None; tokens.len()];
    let mut open = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        match token.kind {
            TokenKind::LParen => open.push(at),
            TokenKind::RParen => {
                if let Some(start) = open.pop() {
                    closes[start] = Some(at);
                }
            }
            _ => {}
        }
    }
    closes
}

fn is_keyword(name: &str, keyword: &str) -> bool {
    name.eq_ignore_ascii_case(keyword)
}

/// What the parser reports only once the whole expression has been read,
/// as DynamoDB does: redundant parentheses anywhere come before an unknown
/// function anywhere (`a > whatever((:x), ((a)))` is refused for its
/// parentheses), and that before an update's clause written twice
/// (`SET a = f(b) SET c = d` is refused for `f`).
#[derive(Default)]
struct Deferred {
    parens: Option<Error>,
    function: Option<Error>,
    section: Option<Error>,
}

impl Deferred {
    fn take(&mut self) -> Option<Error> {
        self.parens
            .take()
            .or_else(|| self.function.take())
            .or_else(|| self.section.take())
    }
}

struct Parser<'a> {
    source: &'a str,
    kind: ExprKind,
    tokens: Vec<Token>,
    /// For each `(`, where its `)` is (worked out once, so telling a
    /// parenthesised operand from a parenthesised condition never needs
    /// backtracking).
    closes: Vec<Option<usize>>,
    pos: usize,
    operators: usize,
    depth: usize,
    deferred: Deferred,
}

/// Deepest nesting of parentheses and NOTs the parser follows
/// ([`crate::limits::MAX_PARSE_DEPTH`]).
const MAX_DEPTH: usize = crate::limits::MAX_PARSE_DEPTH;

impl<'a> Parser<'a> {
    fn new(source: &'a str, kind: ExprKind) -> Result<Parser<'a>> {
        if source.len() > MAX_EXPRESSION_BYTES {
            return Err(Error::validation(format!(
                "Invalid {}: Expression size has exceeded the maximum allowed size; expression size: {}",
                kind.parameter(),
                source.len()
            )));
        }
        let tokens = tokenize(source);
        if tokens.len() == 1 {
            return Err(Error::validation(format!(
                "Invalid {}: The expression can not be empty;",
                kind.parameter()
            )));
        }
        let closes = matching_parens(&tokens);
        Ok(Parser {
            source,
            kind,
            tokens,
            closes,
            pos: 0,
            operators: 0,
            depth: 0,
            deferred: Deferred::default(),
        })
    }

    fn peek(&self) -> &Token {
        // Invariant: the token list ends with Eof and `pos` never passes it.
        &self.tokens[self.pos]
    }

    fn peek_at(&self, offset: usize) -> &Token {
        &self.tokens[(self.pos + offset).min(self.tokens.len() - 1)]
    }

    fn advance(&mut self) -> Token {
        let token = self.tokens[self.pos].clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        token
    }

    fn next_if(&mut self, kind: &TokenKind) -> bool {
        if &self.peek().kind == kind {
            self.advance();
            true
        } else {
            false
        }
    }

    fn next_if_keyword(&mut self, keyword: &str) -> Option<Span> {
        match &self.peek().kind {
            TokenKind::Name(n) if is_keyword(n, keyword) => Some(self.advance().span),
            _ => None,
        }
    }

    fn expect(&mut self, kind: &TokenKind) -> Result<Span> {
        if &self.peek().kind == kind {
            Ok(self.advance().span)
        } else {
            Err(self.syntax_error())
        }
    }

    fn expect_end(&self) -> Result<()> {
        if self.peek().kind == TokenKind::Eof {
            Ok(())
        } else {
            Err(self.syntax_error())
        }
    }

    fn error_at(&self, detail: impl std::fmt::Display, span: Span) -> Error {
        Error::at(
            format!("Invalid {}: {detail}", self.kind.parameter()),
            self.kind.parameter(),
            span,
        )
    }

    fn check_operator_count(&self) -> Result<()> {
        if self.operators > MAX_OPERATORS {
            return Err(Error::validation(format!(
                "Invalid {}: The expression contains too many operators; operator count: {}",
                self.kind.parameter(),
                self.operators
            )));
        }
        Ok(())
    }

    /// The syntax error for the current token.
    fn syntax_error(&self) -> Error {
        let token = self.peek();
        let text = if token.kind == TokenKind::Eof {
            "<EOF>".to_string()
        } else {
            self.source[token.span.start..token.span.end].to_string()
        };
        let near = if self.pos > 0 {
            let previous = &self.tokens[self.pos - 1];
            &self.source[previous.span.start..token.span.end]
        } else {
            let next = self.peek_at(1);
            &self.source[token.span.start..next.span.end.max(token.span.end)]
        };
        self.error_at(
            format!("Syntax error; token: \"{text}\", near: \"{near}\""),
            token.span,
        )
    }

    /// Notes redundant parentheses at `span`; only the first is reported.
    fn redundant_parens(&mut self, span: Span) {
        if self.deferred.parens.is_none() {
            let error = self.error_at("The expression has redundant parentheses;", span);
            self.deferred.parens = Some(error);
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_at("The expression is nested too deeply;", self.peek().span));
        }
        Ok(())
    }

    // ---- conditions, loosest first ----

    fn condition(&mut self) -> Result<Condition> {
        let mut left = self.and_condition()?;
        while let Some(span) = self.next_if_keyword("OR") {
            self.operators += 1;
            let right = self.and_condition()?;
            left = Condition::Or(Box::new(left), Box::new(right), span);
        }
        Ok(left)
    }

    fn and_condition(&mut self) -> Result<Condition> {
        let mut left = self.not_condition()?;
        while let Some(span) = self.next_if_keyword("AND") {
            self.operators += 1;
            let right = self.not_condition()?;
            left = Condition::And(Box::new(left), Box::new(right), span);
        }
        Ok(left)
    }

    fn not_condition(&mut self) -> Result<Condition> {
        if let Some(span) = self.next_if_keyword("NOT") {
            self.operators += 1;
            self.enter()?;
            let inner = self.not_condition()?;
            self.depth -= 1;
            return Ok(Condition::Not(Box::new(inner), span));
        }
        self.primary_condition()
    }

    /// Whether the `(` at the current token opens an operand — `(a) = :v`,
    /// `(a) BETWEEN (:x) AND (:y)` — rather than a condition: what follows
    /// its `)` is a comparison, `BETWEEN` or `IN`.
    fn opens_operand(&self) -> bool {
        let Some(close) = self.closes[self.pos] else {
            return false;
        };
        match &self.tokens[(close + 1).min(self.tokens.len() - 1)].kind {
            TokenKind::Eq
            | TokenKind::Ne
            | TokenKind::Lt
            | TokenKind::Le
            | TokenKind::Gt
            | TokenKind::Ge
            // A grouped path going on: `(a).b = :v`.
            | TokenKind::Dot
            | TokenKind::LBracket => true,
            TokenKind::Name(name) => is_keyword(name, "BETWEEN") || is_keyword(name, "IN"),
            _ => false,
        }
    }

    /// Why a function of this name cannot be called here, if it cannot: it
    /// is no function, or one of the other kind of expression (only
    /// `if_not_exists` and `list_append` belong in an update, and only
    /// there), which DynamoDB refuses in the same breath as an unknown name.
    fn function_refusal(&self, name: &str) -> Option<String> {
        if !FUNCTIONS.contains(&name) {
            return Some(format!("Invalid function name; function: {name}"));
        }
        let update_only = matches!(name, "if_not_exists" | "list_append");
        match (self.kind == ExprKind::Update, update_only) {
            (true, false) => Some(format!(
                "The function is not allowed in an update expression; function: {name}"
            )),
            (false, true) => Some(format!(
                "The function is not allowed in a condition expression; function: {name}"
            )),
            _ => None,
        }
    }

    fn primary_condition(&mut self) -> Result<Condition> {
        if self.peek().kind == TokenKind::LParen && !self.opens_operand() {
            let open = self.advance().span;
            self.enter()?;
            let inner = self.condition()?;
            self.depth -= 1;
            let close = self.expect(&TokenKind::RParen)?;
            if matches!(inner, Condition::Paren(..)) {
                self.redundant_parens(open);
            }
            return Ok(Condition::Paren(
                Box::new(inner),
                Span::new(open.start, close.end),
            ));
        }
        let subject = self.operand()?;
        let token = self.peek().clone();
        let op = match &token.kind {
            TokenKind::Eq => Some(CompareOp::Eq),
            TokenKind::Ne => Some(CompareOp::Ne),
            TokenKind::Lt => Some(CompareOp::Lt),
            TokenKind::Le => Some(CompareOp::Le),
            TokenKind::Gt => Some(CompareOp::Gt),
            TokenKind::Ge => Some(CompareOp::Ge),
            _ => None,
        };
        if let Some(op) = op {
            self.advance();
            self.operators += 1;
            let right = self.operand()?;
            return Ok(Condition::Compare(op, subject, right, token.span));
        }
        if let Some(span) = self.next_if_keyword("BETWEEN") {
            self.operators += 1;
            let low = self.operand()?;
            if self.next_if_keyword("AND").is_none() {
                return Err(self.syntax_error());
            }
            let high = self.operand()?;
            return Ok(Condition::Between(subject, low, high, span));
        }
        if let Some(span) = self.next_if_keyword("IN") {
            self.operators += 1;
            self.expect(&TokenKind::LParen)?;
            let mut list = vec![self.operand()?];
            while self.next_if(&TokenKind::Comma) {
                list.push(self.operand()?);
            }
            self.expect(&TokenKind::RParen)?;
            return Ok(Condition::In(subject, list, span));
        }
        match subject {
            Operand::Call(call) => Ok(Condition::Call(call)),
            _ => Err(self.syntax_error()),
        }
    }

    // ---- operands ----

    /// A value on the right of `SET path =`: an operand, optionally `+`/`-` another.
    fn set_value(&mut self) -> Result<Operand> {
        let left = self.operand()?;
        let token = self.peek().clone();
        let plus = match token.kind {
            TokenKind::Plus => true,
            TokenKind::Minus => false,
            _ => return Ok(left),
        };
        self.advance();
        self.operators += 1;
        let right = self.operand()?;
        Ok(if plus {
            Operand::Plus(Box::new(left), Box::new(right), token.span)
        } else {
            Operand::Minus(Box::new(left), Box::new(right), token.span)
        })
    }

    fn operand(&mut self) -> Result<Operand> {
        let token = self.peek().clone();
        match &token.kind {
            // An operand in parentheses (conditions only); in two pairs of
            // them, DynamoDB's "redundant parentheses". A path in them may
            // go on after them: `(a.b).c`, `((b.c)).d`.
            TokenKind::LParen if self.kind != ExprKind::Update => {
                let close = self.closes[self.pos];
                self.advance();
                if self.peek().kind == TokenKind::LParen
                    && close.is_some_and(|close| self.closes[self.pos] == Some(close - 1))
                {
                    self.redundant_parens(token.span);
                }
                self.enter()?;
                let inner = self.operand()?;
                self.depth -= 1;
                self.expect(&TokenKind::RParen)?;
                match inner {
                    Operand::Path(RawPath { segments, span }) => {
                        Ok(Operand::Path(self.path_tail(segments, span)?))
                    }
                    other => Ok(other),
                }
            }
            TokenKind::ValueRef(name) => {
                self.advance();
                Ok(Operand::Value(name.clone(), token.span))
            }
            TokenKind::Name(name) if self.peek_at(1).kind == TokenKind::LParen => {
                let name = name.clone();
                if let Some(refusal) = self.function_refusal(&name) {
                    let error = self.error_at(refusal, token.span);
                    self.deferred.function.get_or_insert(error);
                }
                self.advance();
                self.advance();
                self.enter()?;
                let mut args = Vec::new();
                if self.peek().kind != TokenKind::RParen {
                    args.push(self.set_value_or_operand()?);
                    while self.next_if(&TokenKind::Comma) {
                        args.push(self.set_value_or_operand()?);
                    }
                }
                self.depth -= 1;
                self.expect(&TokenKind::RParen)?;
                Ok(Operand::Call(Call {
                    name,
                    args,
                    span: token.span,
                }))
            }
            TokenKind::Name(_) | TokenKind::NameRef(_) => Ok(Operand::Path(self.path()?)),
            _ => Err(self.syntax_error()),
        }
    }

    /// The value of `ADD` and `DELETE`: a placeholder, nothing else.
    fn value_operand(&mut self) -> Result<Operand> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::ValueRef(name) => {
                self.advance();
                Ok(Operand::Value(name.clone(), token.span))
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn set_value_or_operand(&mut self) -> Result<Operand> {
        if self.kind == ExprKind::Update {
            self.set_value()
        } else {
            self.operand()
        }
    }

    fn path(&mut self) -> Result<RawPath> {
        let first = self.peek().clone();
        let segments = vec![match &first.kind {
            // Keywords are never names: `a = :v AND AND` fails at the second AND.
            TokenKind::Name(name) if KEYWORDS.iter().any(|k| is_keyword(name, k)) => {
                return Err(self.syntax_error());
            }
            // In an update expression the clause names are keywords too.
            TokenKind::Name(name) if self.kind == ExprKind::Update && is_clause(name) => {
                return Err(self.syntax_error());
            }
            TokenKind::Name(name) => Segment::Name(name.clone(), first.span),
            TokenKind::NameRef(name) => Segment::Alias(name.clone(), first.span),
            _ => return Err(self.syntax_error()),
        }];
        self.advance();
        self.path_tail(segments, first.span)
    }

    /// The `.name` and `[n]` steps that follow a path's start, and the
    /// finished path, held to [`MAX_PATH_DEPTH`] levels.
    fn path_tail(&mut self, mut segments: Vec<Segment>, start: Span) -> Result<RawPath> {
        let mut end = start.end;
        loop {
            if self.next_if(&TokenKind::Dot) {
                let token = self.peek().clone();
                segments.push(match &token.kind {
                    TokenKind::Name(name) => Segment::Name(name.clone(), token.span),
                    TokenKind::NameRef(name) => Segment::Alias(name.clone(), token.span),
                    _ => return Err(self.syntax_error()),
                });
                self.advance();
                end = token.span.end;
            } else if self.next_if(&TokenKind::LBracket) {
                let token = self.peek().clone();
                let TokenKind::Integer(digits) = &token.kind else {
                    return Err(self.syntax_error());
                };
                let index = digits.parse::<usize>().map_err(|_| {
                    self.error_at(
                        format!("List index is too large; index: {digits}"),
                        token.span,
                    )
                })?;
                self.advance();
                let close = self.expect(&TokenKind::RBracket)?;
                segments.push(Segment::Index(index, token.span));
                end = close.end;
            } else {
                break;
            }
        }
        let span = Span::new(start.start, end);
        // A path names at most 32 levels, as an item nests at most 32 deep
        // (two other implementations checked against the service agree on
        // the wording).
        if segments.len() > MAX_PATH_DEPTH {
            return Err(self.error_at(
                format!(
                    "The document path has too many nesting levels; nesting levels: {}",
                    segments.len()
                ),
                span,
            ));
        }
        Ok(RawPath { segments, span })
    }
}

pub use crate::limits::MAX_PATH_DEPTH;

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<impl std::fmt::Debug>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn or_binds_looser_than_and() {
        let c = parse_condition("a = :x OR b = :y AND c = :z", ExprKind::Filter).unwrap();
        assert!(
            matches!(c, Condition::Or(_, ref right, _) if matches!(**right, Condition::And(..)))
        );
    }

    #[test]
    fn syntax_error_names_token_and_previous_token() {
        assert_eq!(
            message(parse_condition(":hashId a", ExprKind::KeyCondition)),
            "Invalid KeyConditionExpression: Syntax error; token: \"a\", near: \":hashId a\""
        );
        assert_eq!(
            message(parse_condition("foo", ExprKind::Condition)),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"foo\""
        );
        assert_eq!(
            message(parse_projection("!!")),
            "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\""
        );
        assert_eq!(
            message(parse_update("INVALID SYNTAX")),
            "Invalid UpdateExpression: Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\""
        );
        assert_eq!(
            message(parse_update("SET path = VALUE 1")),
            "Invalid UpdateExpression: Syntax error; token: \"1\", near: \"VALUE 1\""
        );
    }

    #[test]
    fn keywords_are_never_attribute_names() {
        assert_eq!(
            message(parse_condition("a = :v AND AND", ExprKind::Filter)),
            "Invalid FilterExpression: Syntax error; token: \"AND\", near: \"AND AND\""
        );
    }

    #[test]
    fn syntax_error_carries_the_token_span() {
        let err = parse_condition("a = = :v", ExprKind::Filter).unwrap_err();
        assert_eq!(err.location().unwrap().span, Span::new(4, 5));
    }

    #[test]
    fn rejects_empty_redundant_and_oversized_expressions() {
        assert_eq!(
            message(parse_condition("  ", ExprKind::KeyCondition)),
            "Invalid KeyConditionExpression: The expression can not be empty;"
        );
        assert_eq!(
            message(parse_condition("((a = :v))", ExprKind::Condition)),
            "Invalid ConditionExpression: The expression has redundant parentheses;"
        );
        let long = format!("a = :v{}", " ".repeat(4091));
        assert_eq!(
            message(parse_condition(&long, ExprKind::Condition)),
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097"
        );
    }

    #[test]
    fn counts_operators() {
        let many = vec!["a = :v"; 151].join(" AND ");
        assert_eq!(
            message(parse_condition(&many, ExprKind::Condition)),
            "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"
        );
    }

    #[test]
    fn an_operand_may_stand_in_parentheses_once() {
        let condition = parse_condition("(a) BETWEEN (:x) AND (:y)", ExprKind::Filter).unwrap();
        assert!(matches!(condition, Condition::Between(..)), "{condition:?}");
        let condition = parse_condition("(size(a)) > :v AND (a = :v)", ExprKind::Filter).unwrap();
        assert!(matches!(condition, Condition::And(..)), "{condition:?}");
        assert_eq!(
            message(parse_condition("a > ((b))", ExprKind::Filter)),
            "Invalid FilterExpression: The expression has redundant parentheses;"
        );
    }

    #[test]
    fn a_clause_written_twice_is_noted_after_an_unknown_function() {
        let refusal = |source| parse_update(source).unwrap().refusal.unwrap().to_string();
        assert_eq!(
            refusal("SET a = :a SET b = :b"),
            "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;"
        );
        assert_eq!(
            refusal("SET a = :a SET b = f(:b)"),
            "Invalid UpdateExpression: Invalid function name; function: f"
        );
        let update = parse_update("set a = :a, b = b + :n remove c").unwrap();
        assert_eq!((update.actions.len(), update.refusal), (3, None));
    }

    #[test]
    fn an_unknown_function_does_not_hide_a_syntax_error() {
        assert_eq!(
            message(parse_update("SET a = if_not_exist(a, 100)")),
            "Invalid UpdateExpression: Syntax error; token: \"100\", near: \", 100\""
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = format!("{}a = :v{}", "(".repeat(3000), ")".repeat(3000));
        assert!(parse_condition(&deep, ExprKind::Condition).is_err());
        let nots = format!("{}a = :v", "NOT ".repeat(1000));
        assert!(parse_condition(&nots, ExprKind::Condition).is_err());
    }
}
