//! A recursive-descent parser for the PartiQL DynamoDB accepts: one
//! SELECT, INSERT, UPDATE or DELETE
//! (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.statements.html>).
//!
//! Conditions bind loosest first: `OR`, `AND`, `NOT`, then one predicate
//! (a comparison, `BETWEEN`, `IN`, `IS [NOT] MISSING|NULL` or a function),
//! then parentheses; operands add and subtract. A syntax error is
//! DynamoDB's "Statement wasn't well formed" with the offending token's
//! span, for the page to underline.
//!
//! A statement is at most 8,192 characters, but within them it could nest
//! thousands deep — `((((…` or `a OR b OR …` or `1+1+…`, each a level of
//! the tree every later step walks. The parser counts every level it
//! opens (parentheses, `NOT`, a sign, a function's arguments, a list, map
//! or set literal, and each link of an `OR`, `AND`, `+` or `-` chain) and
//! refuses a statement deeper than [`MAX_PARSE_DEPTH`] levels, so that no
//! walk over a statement can exhaust the stack. DynamoDB documents no such
//! limit; the refusal is its syntax error, with the token where the limit
//! was passed. Literals are held to DynamoDB's own limit first: a list or
//! map nested more than [`MAX_NESTING`] levels is refused with
//! DynamoDB's message and the path under `root` where it went too deep.

use super::ast::{
    Change, CompareOp, Delete, Expr, Insert, InsertValue, Name, Operand, Path, Projection,
    Returning, Segment, Select, Statement, Update,
};
use super::lexer::{Token, TokenKind, tokenize};
use crate::error::constraint::{Rule, Violation};
use crate::error::{Error, Result, Span};
use crate::limits::{MAX_NESTING, MAX_PARSE_DEPTH, MAX_STATEMENT_CHARS};
use crate::types::sets::has_duplicates;
use crate::types::{Map, Number, Value};

/// The request parameter statements come in, for error locations.
pub const PARAMETER: &str = "Statement";

/// DynamoDB's prefix for a statement that does not parse.
pub const NOT_WELL_FORMED: &str = "Statement wasn't well formed, can't be processed: ";

/// Words that are PartiQL (SQL) keywords: as names they must be quoted.
/// DynamoDB's refusal of more than one item in an INSERT.
const ONE_ITEM_PER_INSERT: &str = "Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO tableName VALUE item\" instead";

const KEYWORDS: &[&str] = &[
    "ALL",
    "AND",
    "AS",
    "ASC",
    "BETWEEN",
    "BY",
    "CASE",
    "CAST",
    "DATE",
    "DELETE",
    "DESC",
    "DISTINCT",
    "ELSE",
    "END",
    "EXISTS",
    "FALSE",
    "FROM",
    "GROUP",
    "HAVING",
    "IN",
    "INSERT",
    "INTO",
    "IS",
    "JOIN",
    "LIKE",
    "LIMIT",
    "MISSING",
    "NOT",
    "NULL",
    "ON",
    "OR",
    "ORDER",
    "PAD",
    "REMOVE",
    "RETURNING",
    "SELECT",
    "SET",
    "THEN",
    "TRUE",
    "UPDATE",
    "VALUES",
    "WHEN",
    "WHERE",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

/// Parses one statement.
pub fn parse(source: &str) -> Result<Statement> {
    parse_counting(source).map(|(statement, _)| statement)
}

/// What the parser says of a statement nested deeper than
/// [`MAX_PARSE_DEPTH`] levels.
pub const TOO_DEEP: &str = "The statement is nested too deeply";

/// Parses one statement, and counts its `?` parameters. A statement longer
/// than DynamoDB's 8,192 characters is refused as ExecuteStatement refuses
/// it, before it is read.
pub fn parse_counting(source: &str) -> Result<(Statement, usize)> {
    if source.len() > MAX_STATEMENT_CHARS * 4 || source.chars().count() > MAX_STATEMENT_CHARS {
        return Err(
            Violation::new(source, "statement", Rule::LengthAtMost(MAX_STATEMENT_CHARS)).into(),
        );
    }
    let mut parser = Parser {
        tokens: tokenize(source),
        at: 0,
        params: 0,
        depth: 0,
        literal_path: Vec::new(),
        reading_item: false,
    };
    let statement = parser.statement()?;
    parser.next_if(&TokenKind::Semicolon);
    if parser.peek().kind != TokenKind::Eof {
        return Err(parser.error("Unexpected token after expression"));
    }
    Ok((statement, parser.params))
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    /// `?`s seen so far.
    params: usize,
    /// Levels open where the parser is (at most [`MAX_PARSE_DEPTH`]).
    depth: usize,
    /// Where the literal being read sits under its outermost list or map
    /// (`[0]`, `.name`).
    literal_path: Vec<String>,
    /// True while an INSERT's item is read: its attributes are level 1,
    /// as a PutItem's are, where any other literal is level 1 itself.
    reading_item: bool,
}

impl Parser {
    fn peek(&self) -> &Token {
        // Invariant: the last token is Eof and `at` never passes it.
        &self.tokens[self.at.min(self.tokens.len() - 1)]
    }

    fn peek_second(&self) -> &Token {
        &self.tokens[(self.at + 1).min(self.tokens.len() - 1)]
    }

    fn advance(&mut self) -> Token {
        let token = self.peek().clone();
        if token.kind != TokenKind::Eof {
            self.at += 1;
        }
        token
    }

    fn next_if(&mut self, kind: &TokenKind) -> bool {
        let here = &self.peek().kind == kind;
        if here {
            self.advance();
        }
        here
    }

    fn next_if_word(&mut self, word: &str) -> bool {
        let here = self.peek().is_word(word);
        if here {
            self.advance();
        }
        here
    }

    /// Runs `read` one level deeper, or refuses the statement when that
    /// level is past [`MAX_PARSE_DEPTH`].
    fn deeper<T>(&mut self, read: impl FnOnce(&mut Parser) -> Result<T>) -> Result<T> {
        self.open_levels(1)?;
        let read = read(self);
        self.depth -= 1;
        read
    }

    /// Opens `n` more levels (a chain's next link), or refuses.
    fn open_levels(&mut self, n: usize) -> Result<()> {
        if self.depth + n > MAX_PARSE_DEPTH {
            return Err(self.error_at(TOO_DEEP, self.peek().span));
        }
        self.depth += n;
        Ok(())
    }

    /// A refusal that points at the next token.
    fn at_next(&self, message: impl Into<String>) -> Error {
        Error::at(message, PARAMETER, self.peek().span)
    }

    fn error_at(&self, detail: &str, span: Span) -> Error {
        Error::at(format!("{NOT_WELL_FORMED}{detail}"), PARAMETER, span)
    }

    fn error(&self, detail: &str) -> Error {
        let token = self.peek();
        let detail = match &token.kind {
            TokenKind::Unterminated => "",
            _ => detail,
        };
        self.error_at(detail, token.span)
    }

    fn expect(&mut self, kind: &TokenKind, what: &str) -> Result<Token> {
        if &self.peek().kind == kind {
            Ok(self.advance())
        } else {
            Err(self.error(&format!("Expected {what}")))
        }
    }

    fn expect_word(&mut self, word: &str) -> Result<Token> {
        if self.peek().is_word(word) {
            Ok(self.advance())
        } else {
            Err(self.error(&format!("Expected {word}")))
        }
    }

    fn statement(&mut self) -> Result<Statement> {
        let token = self.peek().clone();
        let word = match &token.kind {
            TokenKind::Word(w) => w.to_ascii_uppercase(),
            _ => return Err(self.error("Expected data manipulation")),
        };
        match word.as_str() {
            "SELECT" => self.select().map(Statement::Select),
            "INSERT" => self.insert().map(Statement::Insert),
            "UPDATE" => self.update().map(Statement::Update),
            "DELETE" => self.delete().map(Statement::Delete),
            "EXISTS" => {
                self.advance();
                self.expect(&TokenKind::LParen, "(")?;
                let select = self.select()?;
                self.expect(&TokenKind::RParen, ")")?;
                Ok(Statement::Exists(select))
            }
            "UPSERT" | "REPLACE" | "CREATE" | "DROP" | "ALTER" | "BEGIN" => Err(Error::at(
                format!("Unsupported operation: {word}"),
                PARAMETER,
                token.span,
            )),
            _ => Err(self.error("Expected data manipulation")),
        }
    }

    /// A table name, and an index after a dot.
    fn source(&mut self) -> Result<(Name, Option<Name>)> {
        let table = self.name()?;
        let index = if self.next_if(&TokenKind::Dot) {
            Some(self.name()?)
        } else {
            None
        };
        if self.peek().kind == TokenKind::Dot {
            return Err(self.at_next("A path may contain at most 2 components in the FROM clause"));
        }
        if self.peek().is_word("AS") {
            return Err(self.at_next("Aliasing is not supported"));
        }
        if self.peek().kind == TokenKind::Comma || self.peek().is_word("JOIN") {
            return Err(self.at_next("Only select from a single table or index is supported."));
        }
        Ok((table, index))
    }

    fn name(&mut self) -> Result<Name> {
        let token = self.peek().clone();
        let text = match &token.kind {
            TokenKind::Quoted(text) if text.is_empty() => {
                return Err(Error::at(
                    "Path component cannot be an empty string",
                    PARAMETER,
                    token.span,
                ));
            }
            TokenKind::Quoted(text) => text.clone(),
            TokenKind::Word(word) if !is_keyword(word) => word.clone(),
            _ => return Err(self.error("Expected a table name")),
        };
        self.advance();
        Ok(Name {
            text,
            span: token.span,
        })
    }

    fn select(&mut self) -> Result<Select> {
        self.expect_word("SELECT")?;
        if self.peek().is_word("DISTINCT") {
            return Err(self.at_next("Unsupported token in expression: DISTINCT"));
        }
        let projection = if self.next_if(&TokenKind::Star) {
            if self.peek().kind == TokenKind::Comma {
                return Err(self.at_next(
                    "Other attributes should not be present in the projection when '*' is used.",
                ));
            }
            Projection::All
        } else {
            let mut paths = Vec::new();
            let mut seen = std::collections::HashSet::new();
            loop {
                let token = self.peek().clone();
                if matches!(&token.kind, TokenKind::Word(_))
                    && self.peek_second().kind == TokenKind::LParen
                {
                    // An aggregate such as COUNT(*): DynamoDB names the word.
                    return Err(Error::validation(format!(
                        "Unexpected path component at 1:{}:5",
                        token.span.start + 1
                    ))
                    .or_at(PARAMETER, token.span));
                }
                if self.next_if(&TokenKind::Star) {
                    return Err(Error::at(
                        "Other attributes should not be present in the projection when '*' is used.",
                        PARAMETER,
                        token.span,
                    ));
                }
                let path = self.path()?;
                if !seen.insert(path.segments.clone()) {
                    return Err(Error::at(
                        format!("Duplicate identifiers in select clause: {}", written(&path)),
                        PARAMETER,
                        path.span,
                    ));
                }
                paths.push(path);
                if !self.next_if(&TokenKind::Comma) {
                    break;
                }
            }
            Projection::Paths(paths)
        };
        self.expect_word("FROM")?;
        let (table, index) = self.source()?;
        let condition = if self.next_if_word("WHERE") {
            Some(self.condition()?)
        } else {
            None
        };
        for clause in ["GROUP", "HAVING", "LIMIT"] {
            if self.peek().is_word(clause) {
                let shown = if clause == "GROUP" {
                    "GROUP BY"
                } else {
                    clause
                };
                return Err(self.at_next(format!("Unsupported clause: {shown}")));
            }
        }
        let mut order_by = Vec::new();
        if self.next_if_word("ORDER") {
            self.expect_word("BY")?;
            loop {
                let path = self.path()?;
                let descending = if self.next_if_word("DESC") {
                    true
                } else {
                    self.next_if_word("ASC");
                    false
                };
                order_by.push((path, descending));
                if !self.next_if(&TokenKind::Comma) {
                    break;
                }
            }
        }
        Ok(Select {
            projection,
            table,
            index,
            condition,
            order_by,
        })
    }

    fn insert(&mut self) -> Result<Insert> {
        self.expect_word("INSERT")?;
        self.expect_word("INTO")?;
        let (table, index) = self.source()?;
        if self.peek().is_word("VALUES") {
            return Err(self.at_next(ONE_ITEM_PER_INSERT));
        }
        self.expect_word("VALUE")?;
        self.reading_item = true;
        let value = if self.peek().kind == TokenKind::LBrace {
            self.insert_item()
        } else {
            self.operand().map(InsertValue::Other)
        };
        self.reading_item = false;
        let value = value?;
        if self.peek().kind == TokenKind::Comma {
            return Err(self.at_next(ONE_ITEM_PER_INSERT));
        }
        if self.peek().is_word("RETURNING") {
            return Err(self.at_next("RETURNING is not supported in INSERT"));
        }
        Ok(Insert {
            table,
            index,
            value,
        })
    }

    /// An INSERT's item written out: `{'name': value, …}`, each value a
    /// literal or a `?` (DynamoDB's own examples bind an item's attributes
    /// so, `INSERT INTO Music VALUE {'Artist': ?, 'SongTitle': ?}`).
    fn insert_item(&mut self) -> Result<InsertValue> {
        let open = self.advance();
        let mut entries: Vec<(String, Operand)> = Vec::new();
        if self.peek().kind != TokenKind::RBrace {
            loop {
                let key = self.advance();
                let TokenKind::Str(name) = &key.kind else {
                    return Err(self.error_at("Expected a key in single quotes", key.span));
                };
                let name = name.clone();
                self.expect(&TokenKind::Colon, ":")?;
                let token = self.peek().clone();
                let value = if token.kind == TokenKind::Param {
                    self.advance();
                    let n = self.params;
                    self.params += 1;
                    Operand::Param(n, token.span)
                } else {
                    let value = self.nested_literal(format!(".{name}"))?;
                    Operand::Literal(value, token.span)
                };
                // A name written twice keeps its last value, as a map literal does.
                entries.retain(|(n, _)| *n != name);
                entries.push((name, value));
                if !self.next_if(&TokenKind::Comma) {
                    break;
                }
            }
        }
        let close = self.expect(&TokenKind::RBrace, "}")?;
        Ok(InsertValue::Item(
            entries,
            Span::new(open.span.start, close.span.end),
        ))
    }

    fn update(&mut self) -> Result<Update> {
        self.expect_word("UPDATE")?;
        let (table, index) = self.source()?;
        let mut changes = Vec::new();
        loop {
            if self.next_if_word("SET") {
                loop {
                    let path = self.path()?;
                    self.expect(&TokenKind::Eq, "=")?;
                    changes.push(Change::Set(path, self.operand()?));
                    if !self.next_if(&TokenKind::Comma) {
                        break;
                    }
                }
            } else if self.next_if_word("REMOVE") {
                loop {
                    changes.push(Change::Remove(self.path()?));
                    if !self.next_if(&TokenKind::Comma) {
                        break;
                    }
                }
            } else if self.peek().is_word("ADD") || self.peek().is_word("DELETE") {
                return Err(self.at_next(
                    "Only SET and REMOVE are supported in update expressions at this time",
                ));
            } else {
                break;
            }
        }
        if changes.is_empty() {
            return Err(self.error("Expected SET or REMOVE"));
        }
        let condition = if self.next_if_word("WHERE") {
            Some(self.condition()?)
        } else {
            None
        };
        let returning = self.returning()?;
        Ok(Update {
            table,
            index,
            changes,
            condition,
            returning,
        })
    }

    fn delete(&mut self) -> Result<Delete> {
        self.expect_word("DELETE")?;
        self.expect_word("FROM")?;
        let (table, index) = self.source()?;
        let condition = if self.next_if_word("WHERE") {
            Some(self.condition()?)
        } else {
            None
        };
        let returning = self.returning()?;
        if let Some((kind, span)) = returning
            && kind != Returning::AllOld
        {
            let shown = match kind {
                Returning::ModifiedOld => "MODIFIED OLD",
                Returning::AllNew => "ALL NEW",
                _ => "MODIFIED NEW",
            };
            return Err(Error::at(
                format!(
                    "Invalid returning clause: RETURNING {shown} *. Only RETURNING ALL OLD * is allowed in DELETE statements."
                ),
                PARAMETER,
                span,
            ));
        }
        Ok(Delete {
            table,
            index,
            condition,
            returning,
        })
    }

    fn returning(&mut self) -> Result<Option<(Returning, Span)>> {
        let start = self.peek().span;
        if !self.next_if_word("RETURNING") {
            return Ok(None);
        }
        let modified = if self.next_if_word("MODIFIED") {
            true
        } else {
            self.expect_word("ALL")?;
            false
        };
        let new = if self.next_if_word("NEW") {
            true
        } else {
            self.expect_word("OLD")?;
            false
        };
        if !self.next_if(&TokenKind::Star) {
            return Err(self.at_next(
                "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause",
            ));
        }
        if self.peek().kind == TokenKind::Comma {
            return Err(
                self.at_next("Invalid syntax with multiple returning elements in RETURNING clause")
            );
        }
        let span = Span::new(start.start, self.tokens[self.at.saturating_sub(1)].span.end);
        let kind = match (modified, new) {
            (false, false) => Returning::AllOld,
            (true, false) => Returning::ModifiedOld,
            (false, true) => Returning::AllNew,
            (true, true) => Returning::ModifiedNew,
        };
        Ok(Some((kind, span)))
    }

    /// A document path: names (bare or quoted) with `.name` and `[n]` steps.
    fn path(&mut self) -> Result<Path> {
        let first = self.peek().clone();
        let mut segments = vec![Segment::Name(self.attribute_name()?)];
        let mut end = first.span.end;
        loop {
            if self.peek().kind == TokenKind::Dot {
                self.advance();
                let token = self.peek().clone();
                segments.push(Segment::Name(self.attribute_name()?));
                end = token.span.end;
            } else if self.peek().kind == TokenKind::LBracket {
                self.advance();
                let negative = self.next_if(&TokenKind::Minus);
                let token = self.advance();
                let TokenKind::Number(digits) = &token.kind else {
                    return Err(self.error_at("Expected a list index", token.span));
                };
                let index = digits.parse::<u64>().ok().filter(|i| *i <= i32::MAX as u64);
                let index = match (index, negative) {
                    (Some(0), true) => 0,
                    (Some(i), false) => i as usize,
                    _ => {
                        return Err(Error::at(
                            format!(
                                "List index is not within the allowable range; index: [{}{digits}] at 1:{}:{}",
                                if negative { "-" } else { "" },
                                token.span.start + 1,
                                token.span.end - token.span.start
                            ),
                            PARAMETER,
                            token.span,
                        ));
                    }
                };
                let close = self.expect(&TokenKind::RBracket, "]")?;
                segments.push(Segment::Index(index));
                end = close.span.end;
            } else {
                break;
            }
        }
        Ok(Path {
            segments,
            span: Span::new(first.span.start, end),
        })
    }

    fn attribute_name(&mut self) -> Result<String> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::Quoted(text) if text.is_empty() => Err(Error::at(
                "Path component cannot be an empty string",
                PARAMETER,
                token.span,
            )),
            TokenKind::Quoted(text) => {
                self.advance();
                Ok(text.clone())
            }
            TokenKind::Word(word) if !is_keyword(word) => {
                self.advance();
                Ok(word.clone())
            }
            _ => Err(self.error("Expected an attribute name")),
        }
    }

    fn condition(&mut self) -> Result<Expr> {
        let mut left = self.and()?;
        let mut links = 0;
        let chain = (|| {
            while self.next_if_word("OR") {
                // Each link puts the chain so far one level deeper.
                self.open_levels(1)?;
                links += 1;
                left = Expr::Or(Box::new(left), Box::new(self.and()?));
            }
            Ok(left)
        })();
        self.depth -= links;
        chain
    }

    fn and(&mut self) -> Result<Expr> {
        let mut left = self.not()?;
        let mut links = 0;
        let chain = (|| {
            while self.next_if_word("AND") {
                self.open_levels(1)?;
                links += 1;
                left = Expr::And(Box::new(left), Box::new(self.not()?));
            }
            Ok(left)
        })();
        self.depth -= links;
        chain
    }

    fn not(&mut self) -> Result<Expr> {
        if self.next_if_word("NOT") {
            return self.deeper(|p| Ok(Expr::Not(Box::new(p.not()?))));
        }
        self.predicate()
    }

    fn predicate(&mut self) -> Result<Expr> {
        if self.peek().kind == TokenKind::LParen {
            self.advance();
            let inner = self.deeper(Parser::condition)?;
            self.expect(&TokenKind::RParen, ")")?;
            return self.compared_with_boolean(inner);
        }
        let token = self.peek().clone();
        if let TokenKind::Word(word) = &token.kind
            && self.peek_second().kind == TokenKind::LParen
            && is_predicate_function(word)
        {
            let Operand::Call(name, args, span) = self.term()? else {
                return Err(self.error_at("Expected a function", token.span));
            };
            return self.compared_with_boolean(Expr::Call(name, args, span));
        }
        let left = self.operand()?;
        let op = match &self.peek().kind {
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
            if self.peek().is_word("MISSING") {
                return Err(self.at_next("MISSING must be compared using IS operator"));
            }
            return Ok(Expr::Compare(op, left, self.operand()?));
        }
        if self.next_if_word("BETWEEN") {
            let low = self.operand()?;
            self.expect_word("AND")?;
            return Ok(Expr::Between(left, low, self.operand()?));
        }
        if self.peek().is_word("IN") {
            let start = self.advance().span;
            let close = match self.peek().kind {
                TokenKind::LBracket => TokenKind::RBracket,
                TokenKind::LParen => TokenKind::RParen,
                _ => return Err(self.error("Expected a list after IN")),
            };
            self.advance();
            let mut values = Vec::new();
            if self.peek().kind != close {
                loop {
                    values.push(self.operand()?);
                    if !self.next_if(&TokenKind::Comma) {
                        break;
                    }
                }
            }
            let end = self.expect(&close, "the end of the IN list")?.span;
            return Ok(Expr::In(left, values, Span::new(start.start, end.end)));
        }
        if self.next_if_word("IS") {
            let negated = self.next_if_word("NOT");
            if self.next_if_word("MISSING") {
                return Ok(Expr::IsMissing(left, !negated));
            }
            if self.next_if_word("NULL") {
                return Ok(Expr::IsNull(left, !negated));
            }
            return Err(self.error("Expected MISSING or NULL"));
        }
        Err(self.error("Expected a comparison"))
    }

    /// `pred = true`, `pred <> false`: a predicate compared with a boolean.
    fn compared_with_boolean(&mut self, predicate: Expr) -> Result<Expr> {
        let negated = match self.peek().kind {
            TokenKind::Eq => false,
            TokenKind::Ne => true,
            _ => return Ok(predicate),
        };
        let value_token = self.peek_second().clone();
        let wanted = if value_token.is_word("TRUE") {
            true
        } else if value_token.is_word("FALSE") {
            false
        } else {
            return Ok(predicate);
        };
        self.advance();
        self.advance();
        Ok(if wanted != negated {
            predicate
        } else {
            Expr::Not(Box::new(predicate))
        })
    }

    fn operand(&mut self) -> Result<Operand> {
        let mut left = self.term()?;
        let mut links = 0;
        let chain = (|| {
            loop {
                if self.next_if(&TokenKind::Plus) {
                    self.open_levels(1)?;
                    links += 1;
                    left = Operand::Plus(Box::new(left), Box::new(self.term()?));
                } else if self.peek().kind == TokenKind::Minus {
                    self.advance();
                    self.open_levels(1)?;
                    links += 1;
                    left = Operand::Minus(Box::new(left), Box::new(self.term()?));
                } else {
                    return Ok(left);
                }
            }
        })();
        self.depth -= links;
        chain
    }

    fn term(&mut self) -> Result<Operand> {
        self.deeper(Parser::term_here)
    }

    fn term_here(&mut self) -> Result<Operand> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::Param => {
                self.advance();
                let n = self.params;
                self.params += 1;
                Ok(Operand::Param(n, token.span))
            }
            TokenKind::Minus => {
                self.advance();
                match self.term()? {
                    Operand::Literal(Value::N(n), span) => Ok(Operand::Literal(
                        Value::N(n.negated()),
                        Span::new(token.span.start, span.end),
                    )),
                    other => Ok(Operand::Minus(
                        Box::new(Operand::Literal(Value::N(Number::from_i64(0)), token.span)),
                        Box::new(other),
                    )),
                }
            }
            TokenKind::LParen => {
                self.advance();
                let inner = self.operand()?;
                self.expect(&TokenKind::RParen, ")")?;
                Ok(inner)
            }
            TokenKind::Word(word)
                if self.peek_second().kind == TokenKind::LParen && !is_keyword(word) =>
            {
                let name = word.to_ascii_lowercase();
                self.advance();
                self.advance();
                let mut args = Vec::new();
                if self.peek().kind != TokenKind::RParen {
                    loop {
                        args.push(self.operand()?);
                        if !self.next_if(&TokenKind::Comma) {
                            break;
                        }
                    }
                }
                let close = self.expect(&TokenKind::RParen, ")")?;
                Ok(Operand::Call(
                    name,
                    args,
                    Span::new(token.span.start, close.span.end),
                ))
            }
            TokenKind::Word(_) | TokenKind::Quoted(_) if !self.literal_word() => {
                Ok(Operand::Path(self.path()?))
            }
            _ => {
                let (value, span) = self.literal()?;
                Ok(Operand::Literal(value, span))
            }
        }
    }

    /// True when the next token is `TRUE`, `FALSE` or `NULL`.
    fn literal_word(&self) -> bool {
        let token = self.peek();
        token.is_word("TRUE") || token.is_word("FALSE") || token.is_word("NULL")
    }

    fn literal(&mut self) -> Result<(Value, Span)> {
        let token = self.advance();
        let value = match &token.kind {
            TokenKind::Str(text) => Value::s(text.as_str()),
            TokenKind::Number(text) => Value::N(
                Number::parse(text).map_err(|e| Error::at(e.to_string(), PARAMETER, token.span))?,
            ),
            TokenKind::Word(_) if token.is_word("TRUE") => Value::Bool(true),
            TokenKind::Word(_) if token.is_word("FALSE") => Value::Bool(false),
            TokenKind::Word(_) if token.is_word("NULL") => Value::Null,
            TokenKind::LBracket => {
                let mut items = Vec::new();
                if self.peek().kind != TokenKind::RBracket {
                    loop {
                        items.push(self.nested_literal(format!("[{}]", items.len()))?);
                        if !self.next_if(&TokenKind::Comma) {
                            break;
                        }
                    }
                }
                let close = self.expect(&TokenKind::RBracket, "]")?;
                return Ok((Value::L(items), Span::new(token.span.start, close.span.end)));
            }
            TokenKind::LBrace => {
                let mut entries: Vec<(String, Value)> = Vec::new();
                if self.peek().kind != TokenKind::RBrace {
                    loop {
                        let key = self.advance();
                        let TokenKind::Str(name) = &key.kind else {
                            return Err(self.error_at("Expected a key in single quotes", key.span));
                        };
                        self.expect(&TokenKind::Colon, ":")?;
                        entries.push((name.clone(), self.nested_literal(format!(".{name}"))?));
                        if !self.next_if(&TokenKind::Comma) {
                            break;
                        }
                    }
                }
                let close = self.expect(&TokenKind::RBrace, "}")?;
                let map: Map = entries.into_iter().collect();
                return Ok((Value::M(map), Span::new(token.span.start, close.span.end)));
            }
            TokenKind::LBag => return self.bag(token.span),
            TokenKind::Unterminated => return Err(self.error_at("", token.span)),
            _ => return Err(self.error_at("Expected an expression", token.span)),
        };
        Ok((value, token.span))
    }

    /// A literal inside a list or map, at `step` (`[0]`, `.name`) under
    /// the one it is in: `?` is not allowed there, and it may nest no
    /// deeper than DynamoDB's [`MAX_NESTING`] levels.
    fn nested_literal(&mut self, step: String) -> Result<Value> {
        self.literal_path.push(step);
        let value = self.nested_literal_here();
        self.literal_path.pop();
        value
    }

    fn nested_literal_here(&mut self) -> Result<Value> {
        let token = self.peek().clone();
        if token.kind == TokenKind::Param {
            // DynamoDB names the step inside the innermost list or map
            // (`root[0]` for `{'l': [?]}`), but the whole path when a
            // literal nests too deep.
            let step = self.literal_path.last().map_or("", String::as_str);
            return Err(Error::at(
                format!(
                    "Unsupported data type: Parameter under key root{step} at 1:{}:1",
                    token.span.start + 1
                ),
                PARAMETER,
                token.span,
            ));
        }
        // The outermost literal is level 1, as a top-level attribute is
        // (an INSERT's item is level 0, as its attributes are level 1).
        let level = self.literal_path.len() + usize::from(!self.reading_item);
        if level > MAX_NESTING {
            return Err(Error::at(
                format!(
                    "Nesting Levels have exceeded supported limits under root{}",
                    self.literal_path.concat()
                ),
                PARAMETER,
                token.span,
            ));
        }
        match self.operand()? {
            Operand::Literal(value, _) => Ok(value),
            _ => Err(self.error_at("Expected a value", token.span)),
        }
    }

    /// `<<'a', 'b'>>` or `<<1, 2>>`: a string or number set.
    fn bag(&mut self, open: Span) -> Result<(Value, Span)> {
        let mut members = Vec::new();
        if self.peek().kind != TokenKind::RBag {
            loop {
                if self.peek().kind == TokenKind::Param {
                    return Err(self.at_next("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags"));
                }
                // A set's members are the set's own level, not one below.
                members.push(self.nested_literal_here()?);
                if !self.next_if(&TokenKind::Comma) {
                    break;
                }
            }
        }
        let close = self.expect(&TokenKind::RBag, ">>")?;
        let span = Span::new(open.start, close.span.end);
        let unsupported = || {
            Error::at(
                "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags",
                PARAMETER,
                span,
            )
        };
        let value = match members.first() {
            None => return Err(Error::at("Empty bags are not supported", PARAMETER, span)),
            Some(Value::S(_)) => {
                let mut strings = Vec::new();
                for m in &members {
                    let Value::S(s) = m else {
                        return Err(unsupported());
                    };
                    strings.push(s.to_string());
                }
                if has_duplicates(&strings) {
                    return Err(Error::invalid_parameter(format!(
                        "Input collection [{}] contains duplicates.",
                        strings.join(", ")
                    ))
                    .or_at(PARAMETER, span));
                }
                Value::SS(strings)
            }
            Some(Value::N(_)) => {
                let mut numbers = Vec::new();
                for m in &members {
                    let Value::N(n) = m else {
                        return Err(unsupported());
                    };
                    numbers.push(n.clone());
                }
                if has_duplicates(&numbers) {
                    let shown: Vec<String> = numbers.iter().map(ToString::to_string).collect();
                    return Err(Error::invalid_parameter(format!(
                        "Input collection [{}] contains duplicates! under root",
                        shown.join(", ")
                    ))
                    .or_at(PARAMETER, span));
                }
                Value::NS(numbers)
            }
            Some(_) => return Err(unsupported()),
        };
        Ok((value, span))
    }
}

fn is_predicate_function(word: &str) -> bool {
    [
        "begins_with",
        "contains",
        "attribute_type",
        "attribute_exists",
        "attribute_not_exists",
        "exists",
    ]
    .iter()
    .any(|f| f.eq_ignore_ascii_case(word))
}

/// A path as it was written, for messages.
fn written(path: &Path) -> String {
    let mut out = String::new();
    for segment in &path.segments {
        match segment {
            Segment::Name(name) if out.is_empty() => out.push_str(name),
            Segment::Name(name) => {
                out.push('.');
                out.push_str(name);
            }
            Segment::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fails(source: &str) -> String {
        parse(source).unwrap_err().to_string()
    }

    #[test]
    fn a_select_with_an_index_a_projection_and_conditions() {
        let Statement::Select(select) = parse(
            r#"SELECT a, "x-y".b[2] FROM "Orders"."ByStatus" WHERE pk = ? AND (n BETWEEN 1 AND -2 OR s IN ['a', 'b']) AND m IS NOT MISSING AND begins_with(sk, 'O') = true ORDER BY sk DESC;"#,
        )
        .unwrap() else {
            panic!("not a select")
        };
        assert_eq!(select.table.text, "Orders");
        assert_eq!(select.index.as_ref().unwrap().text, "ByStatus");
        let Projection::Paths(paths) = &select.projection else {
            panic!("not paths")
        };
        assert_eq!(
            paths[1].segments,
            [
                Segment::Name("x-y".into()),
                Segment::Name("b".into()),
                Segment::Index(2)
            ]
        );
        assert_eq!(select.order_by.len(), 1);
        assert!(select.order_by[0].1);
        assert!(matches!(select.condition, Some(Expr::And(..))));
    }

    #[test]
    fn writes_with_their_values() {
        let Statement::Insert(insert) =
            parse("INSERT INTO t VALUE {'pk': 'a', 'n': 1.50, 'tags': <<'x','y'>>, 'l': [1, 'two', NULL]}").unwrap()
        else {
            panic!()
        };
        let InsertValue::Item(entries, _) = insert.value else {
            panic!()
        };
        let literal = |name: &str| match entries.iter().find(|(n, _)| n == name) {
            Some((_, Operand::Literal(value, _))) => Some(value.clone()),
            _ => None,
        };
        assert_eq!(literal("n"), Some(Value::N(Number::parse("1.5").unwrap())));
        assert_eq!(
            literal("tags"),
            Some(Value::SS(vec!["x".into(), "y".into()]))
        );
        let Statement::Insert(insert) = parse("INSERT INTO t VALUE {'pk': ?, 'n': ?}").unwrap()
        else {
            panic!()
        };
        let InsertValue::Item(entries, _) = insert.value else {
            panic!()
        };
        assert!(matches!(entries[1], (_, Operand::Param(1, _))));
        let Statement::Update(update) =
            parse("UPDATE t SET n = n + 1 SET l = list_append(l, [2]) REMOVE old WHERE pk = 'a' RETURNING MODIFIED NEW *").unwrap()
        else {
            panic!()
        };
        assert_eq!(update.changes.len(), 3);
        assert_eq!(
            update.returning.map(|(r, _)| r),
            Some(Returning::ModifiedNew)
        );
        assert!(matches!(
            parse("DELETE FROM t WHERE pk = 'a'"),
            Ok(Statement::Delete(_))
        ));
    }

    #[test]
    fn what_dynamodb_refuses_is_refused_with_its_message() {
        let not_formed = |detail: &str| format!("{NOT_WELL_FORMED}{detail}");
        assert_eq!(
            fails("SELECT * FROM t WHERE a = 1 b"),
            not_formed("Unexpected token after expression")
        );
        assert_eq!(
            fails("FETCH * FROM t"),
            not_formed("Expected data manipulation")
        );
        assert_eq!(fails("SELECT * FROM t WHERE s = 'open"), not_formed(""));
        assert_eq!(
            fails("SELECT * FROM t WHERE pad = 'x'"),
            not_formed("Expected an attribute name")
        );
        assert!(parse(r#"SELECT * FROM t WHERE "pad" = 'x'"#).is_ok());
        assert_eq!(
            fails("SELECT COUNT(*) FROM t"),
            "Unexpected path component at 1:8:5"
        );
        assert_eq!(
            fails("SELECT *, a FROM t"),
            "Other attributes should not be present in the projection when '*' is used."
        );
        assert_eq!(
            fails("SELECT a, a FROM t"),
            "Duplicate identifiers in select clause: a"
        );
        assert_eq!(
            fails("SELECT * FROM t GROUP BY a"),
            "Unsupported clause: GROUP BY"
        );
        assert_eq!(
            fails("SELECT DISTINCT a FROM t"),
            "Unsupported token in expression: DISTINCT"
        );
        assert_eq!(
            fails(r#"SELECT * FROM "a"."b"."c""#),
            "A path may contain at most 2 components in the FROM clause"
        );
        assert_eq!(
            fails(r#"SELECT * FROM """#),
            "Path component cannot be an empty string"
        );
        assert_eq!(fails("SELECT * FROM t AS x"), "Aliasing is not supported");
        assert_eq!(
            fails("SELECT * FROM t WHERE a = MISSING"),
            "MISSING must be compared using IS operator"
        );
        assert_eq!(
            fails("SELECT a[-1] FROM t"),
            "List index is not within the allowable range; index: [-1] at 1:11:1"
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'pk': 'a'}, {'pk': 'b'}"),
            "Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO tableName VALUE item\" instead"
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'pk': 'a'} RETURNING ALL OLD *"),
            "RETURNING is not supported in INSERT"
        );
        assert_eq!(
            fails("UPDATE t ADD n 1 WHERE pk = 'a'"),
            "Only SET and REMOVE are supported in update expressions at this time"
        );
        assert_eq!(
            fails("DELETE FROM t WHERE pk = 'a' RETURNING MODIFIED OLD *"),
            "Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in DELETE statements."
        );
        assert_eq!(
            fails("UPDATE t SET a = 1 WHERE pk = 'a' RETURNING ALL NEW"),
            "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause"
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'s': <<>>}"),
            "Empty bags are not supported"
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'s': <<'a', 1>>}"),
            "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags"
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'s': <<'b', 'b'>>}"),
            "One or more parameter values were invalid: Input collection [b, b] contains duplicates."
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'s': <<2, 2.0>>}"),
            "One or more parameter values were invalid: Input collection [2, 2] contains duplicates! under root"
        );
        assert_eq!(
            fails("INSERT INTO t VALUE {'l': [?]}"),
            "Unsupported data type: Parameter under key root[0] at 1:28:1"
        );
    }

    #[test]
    fn keywords_and_functions_ignore_case_and_names_keep_it() {
        let Statement::Select(select) =
            parse("select Name from T where ATTRIBUTE_EXISTS(Name) and NOT contains(Tags, 'x')")
                .unwrap()
        else {
            panic!()
        };
        assert_eq!(select.table.text, "T");
        let Projection::Paths(paths) = &select.projection else {
            panic!()
        };
        assert_eq!(paths[0].top(), "Name");
        let Some(Expr::And(left, _)) = &select.condition else {
            panic!()
        };
        assert!(matches!(&**left, Expr::Call(name, _, _) if name == "attribute_exists"));
    }

    /// A statement of `n` levels built by `level` around `inner`.
    fn nested(n: usize, open: &str, close: &str, inner: &str) -> String {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    }

    #[test]
    fn a_statement_nested_past_the_limit_is_refused_at_every_kind_of_level() {
        let too_deep = format!("{NOT_WELL_FORMED}{TOO_DEEP}");
        let deep = MAX_PARSE_DEPTH + 1;
        let cases = [
            format!("SELECT * FROM t WHERE {}", nested(deep, "(", ")", "a = 1")),
            format!(
                "SELECT * FROM t WHERE {}",
                nested(deep, "NOT ", "", "a = 1")
            ),
            format!("SELECT * FROM t WHERE a = {}", nested(deep, "(", ")", "1")),
            format!("SELECT * FROM t WHERE a = {}1", "- ".repeat(deep)),
            format!(
                "SELECT * FROM t WHERE a = {}",
                nested(deep, "size(", ")", "b")
            ),
            format!(
                "SELECT * FROM t WHERE {}",
                vec!["a = 1"; deep + 1].join(" OR ")
            ),
            format!(
                "SELECT * FROM t WHERE {}",
                vec!["a = 1"; deep + 1].join(" AND ")
            ),
            format!(
                "SELECT * FROM t WHERE a = {}",
                vec!["1"; deep + 1].join(" + ")
            ),
            format!(
                "SELECT * FROM t WHERE a = {}",
                vec!["1"; deep + 1].join(" - ")
            ),
            format!("SELECT * FROM t WHERE a = {}", nested(4_000, "(", ")", "1")),
        ];
        for statement in &cases {
            assert_eq!(fails(statement), too_deep, "{}", &statement[..60]);
        }
        // One level less still parses.
        let within = MAX_PARSE_DEPTH - 8;
        for statement in [
            format!(
                "SELECT * FROM t WHERE {}",
                nested(within, "(", ")", "a = 1")
            ),
            format!(
                "SELECT * FROM t WHERE {}",
                vec!["a = 1"; within].join(" OR ")
            ),
            format!(
                "SELECT * FROM t WHERE a = {}",
                vec!["1"; within].join(" + ")
            ),
        ] {
            assert!(parse(&statement).is_ok(), "{}", &statement[..60]);
        }
    }

    #[test]
    fn a_literal_nested_past_32_levels_is_refused_with_dynamodbs_message_and_path() {
        // An INSERT's attribute is level 1: 31 lists in it, and the number
        // in the last at level 32.
        let at_limit = format!(
            "INSERT INTO t VALUE {{'pk': {}}}",
            nested(31, "[", "]", "1")
        );
        assert!(parse(&at_limit).is_ok());
        let lists = format!(
            "INSERT INTO t VALUE {{'pk': {}}}",
            nested(32, "[", "]", "1")
        );
        assert_eq!(
            fails(&lists),
            format!(
                "Nesting Levels have exceeded supported limits under root.pk{}",
                "[0]".repeat(32)
            )
        );
        let maps = format!(
            "SELECT * FROM t WHERE a = {}",
            nested(40, "{'a': ", "}", "1")
        );
        assert_eq!(
            fails(&maps),
            format!(
                "Nesting Levels have exceeded supported limits under root{}",
                ".a".repeat(32)
            )
        );
        // A set at the deepest level is still one level.
        let set = format!(
            "INSERT INTO t VALUE {{'pk': {}}}",
            nested(31, "[", "]", "<<1, 2>>")
        );
        assert!(parse(&set).is_ok());
    }

    #[test]
    fn a_statement_over_8192_characters_is_refused_before_it_is_read() {
        let long = format!("SELECT * FROM t WHERE a = '{}'", "x".repeat(9_000));
        assert!(fails(&long).ends_with("Member must have length less than or equal to 8192"));
    }

    #[test]
    fn duplicate_set_members_are_found_in_a_large_set() {
        let members: Vec<String> = (0..1_000).map(|i| format!("'{}'", i % 999)).collect();
        let statement = format!("SELECT * FROM t WHERE a = <<{}>>", members.join(","));
        assert!(fails(&statement).contains("contains duplicates."));
    }
}
