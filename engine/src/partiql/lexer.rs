//! Splits a PartiQL statement into tokens, each with its byte span.
//!
//! Keywords are bare identifiers compared without case; table and
//! attribute names keep theirs. `"…"` quotes an identifier (`""` inside
//! is a quote), `'…'` a string (`''` inside). `--` comments run to the end
//! of the line and `/* … */` comments may appear wherever whitespace may.

use crate::error::Span;

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// A bare identifier: a keyword, a function or a name.
    Word(String),
    /// A double-quoted identifier.
    Quoted(String),
    /// A single-quoted string.
    Str(String),
    /// A number as written (`1`, `-` is its own token, `1.5e3`).
    Number(String),
    /// `?`
    Param,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    /// `<<`
    LBag,
    /// `>>`
    RBag,
    Comma,
    Dot,
    Colon,
    Semicolon,
    Star,
    Eq,
    /// `<>` or `!=`.
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    /// A string or quoted identifier that never ends.
    Unterminated,
    /// A character no token starts with.
    Invalid(char),
    Eof,
}

/// A token and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

impl Token {
    /// True for the keyword `word` (without case).
    pub fn is_word(&self, word: &str) -> bool {
        matches!(&self.kind, TokenKind::Word(w) if w.eq_ignore_ascii_case(word))
    }
}

/// Reads a quoted run starting after its opening `quote`: its text with
/// doubled quotes undone, and where it ends; `None` when it never does.
fn quoted(source: &str, from: usize, quote: char) -> Option<(String, usize)> {
    let mut text = String::new();
    let mut chars = source[from..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == quote {
            if chars.peek().is_some_and(|(_, next)| *next == quote) {
                chars.next();
                text.push(quote);
                continue;
            }
            return Some((text, from + i + 1));
        }
        text.push(c);
    }
    None
}

/// Tokenises a whole statement; the last token is always [`TokenKind::Eof`].
pub fn tokenize(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::with_capacity(bytes.len() / 3 + 2);
    let mut pos = 0;
    while pos < bytes.len() {
        let b = bytes[pos];
        if b.is_ascii_whitespace() {
            pos += 1;
            continue;
        }
        if source[pos..].starts_with("--") {
            pos = source[pos..]
                .find('\n')
                .map_or(bytes.len(), |n| pos + n + 1);
            continue;
        }
        if source[pos..].starts_with("/*") {
            pos = source[pos + 2..]
                .find("*/")
                .map_or(bytes.len(), |n| pos + 2 + n + 2);
            continue;
        }
        let start = pos;
        let two = source.get(pos..pos + 2).unwrap_or("");
        let (kind, end) = match b {
            b'"' | b'\'' => {
                let quote = b as char;
                match quoted(source, pos + 1, quote) {
                    Some((text, end)) if quote == '"' => (TokenKind::Quoted(text), end),
                    Some((text, end)) => (TokenKind::Str(text), end),
                    None => (TokenKind::Unterminated, bytes.len()),
                }
            }
            b'0'..=b'9' => {
                let mut end = pos;
                while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
                    end += 1;
                }
                if end < bytes.len() && (bytes[end] == b'e' || bytes[end] == b'E') {
                    let mut exp = end + 1;
                    if exp < bytes.len() && (bytes[exp] == b'+' || bytes[exp] == b'-') {
                        exp += 1;
                    }
                    if exp < bytes.len() && bytes[exp].is_ascii_digit() {
                        end = exp;
                        while end < bytes.len() && bytes[end].is_ascii_digit() {
                            end += 1;
                        }
                    }
                }
                (TokenKind::Number(source[pos..end].to_string()), end)
            }
            b if b.is_ascii_alphabetic() || b == b'_' || b == b'$' => {
                let mut end = pos;
                while end < bytes.len()
                    && (bytes[end].is_ascii_alphanumeric()
                        || bytes[end] == b'_'
                        || bytes[end] == b'$')
                {
                    end += 1;
                }
                (TokenKind::Word(source[pos..end].to_string()), end)
            }
            _ if two == "<<" => (TokenKind::LBag, pos + 2),
            _ if two == ">>" => (TokenKind::RBag, pos + 2),
            _ if two == "<>" || two == "!=" => (TokenKind::Ne, pos + 2),
            _ if two == "<=" => (TokenKind::Le, pos + 2),
            _ if two == ">=" => (TokenKind::Ge, pos + 2),
            b'?' => (TokenKind::Param, pos + 1),
            b'(' => (TokenKind::LParen, pos + 1),
            b')' => (TokenKind::RParen, pos + 1),
            b'[' => (TokenKind::LBracket, pos + 1),
            b']' => (TokenKind::RBracket, pos + 1),
            b'{' => (TokenKind::LBrace, pos + 1),
            b'}' => (TokenKind::RBrace, pos + 1),
            b',' => (TokenKind::Comma, pos + 1),
            b'.' => (TokenKind::Dot, pos + 1),
            b':' => (TokenKind::Colon, pos + 1),
            b';' => (TokenKind::Semicolon, pos + 1),
            b'*' => (TokenKind::Star, pos + 1),
            b'=' => (TokenKind::Eq, pos + 1),
            b'<' => (TokenKind::Lt, pos + 1),
            b'>' => (TokenKind::Gt, pos + 1),
            b'+' => (TokenKind::Plus, pos + 1),
            b'-' => (TokenKind::Minus, pos + 1),
            _ => {
                // Invariant: `pos` is at a character boundary (every token
                // ends on one).
                let c = source[pos..].chars().next().unwrap_or('\u{fffd}');
                (TokenKind::Invalid(c), pos + c.len_utf8())
            }
        };
        tokens.push(Token {
            kind,
            span: Span::new(start, end),
        });
        pos = end;
    }
    tokens.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(bytes.len(), bytes.len()),
    });
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<TokenKind> {
        tokenize(source).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn quotes_comments_bags_and_operators() {
        use TokenKind::*;
        assert_eq!(
            kinds(
                r#"SELECT "a-b"."x" FROM t -- note
                WHERE s = 'it''s' /* and */ AND n <> -1.5e2 AND b IN <<1>> AND ? != x"#
            ),
            [
                Word("SELECT".into()),
                Quoted("a-b".into()),
                Dot,
                Quoted("x".into()),
                Word("FROM".into()),
                Word("t".into()),
                Word("WHERE".into()),
                Word("s".into()),
                Eq,
                Str("it's".into()),
                Word("AND".into()),
                Word("n".into()),
                Ne,
                Minus,
                Number("1.5e2".into()),
                Word("AND".into()),
                Word("b".into()),
                Word("IN".into()),
                LBag,
                Number("1".into()),
                RBag,
                Word("AND".into()),
                Param,
                Ne,
                Word("x".into()),
                Eof,
            ]
        );
        assert_eq!(kinds("'never"), [Unterminated, Eof]);
        assert_eq!(kinds("a ~ b").get(1), Some(&Invalid('~')));
        let spans: Vec<Span> = tokenize("a = 'x'").into_iter().map(|t| t.span).collect();
        assert_eq!(spans[2], Span::new(4, 7));
    }
}
