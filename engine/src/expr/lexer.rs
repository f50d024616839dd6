//! Splits an expression into tokens, each with its byte span.

use crate::error::Span;

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// A bare name: an attribute name, a keyword (`AND`, `SET`…) or a function name.
    Name(String),
    /// `#alias`.
    NameRef(String),
    /// `:value`.
    ValueRef(String),
    /// Decimal digits (list indexes).
    Integer(String),
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Dot,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    /// A character no token starts with; always a syntax error.
    Invalid(char),
    /// End of input.
    Eof,
}

/// A token and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The kind and text.
    pub kind: TokenKind,
    /// Its bytes in the source.
    pub span: Span,
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Tokenises a whole expression; the last token is always [`TokenKind::Eof`].
pub fn tokenize(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    // About one token per three bytes of a typical expression.
    let mut tokens = Vec::with_capacity(bytes.len() / 3 + 2);
    let mut pos = 0;
    while pos < bytes.len() {
        let b = bytes[pos];
        if b.is_ascii_whitespace() {
            pos += 1;
            continue;
        }
        let start = pos;
        let take_name = |from: usize| {
            let mut end = from;
            while end < bytes.len() && is_name_byte(bytes[end]) {
                end += 1;
            }
            end
        };
        let kind = match b {
            b'(' => single(&mut pos, TokenKind::LParen),
            b')' => single(&mut pos, TokenKind::RParen),
            b'[' => single(&mut pos, TokenKind::LBracket),
            b']' => single(&mut pos, TokenKind::RBracket),
            b',' => single(&mut pos, TokenKind::Comma),
            b'.' => single(&mut pos, TokenKind::Dot),
            b'=' => single(&mut pos, TokenKind::Eq),
            b'+' => single(&mut pos, TokenKind::Plus),
            b'-' => single(&mut pos, TokenKind::Minus),
            b'<' => match bytes.get(pos + 1) {
                Some(b'=') => double(&mut pos, TokenKind::Le),
                Some(b'>') => double(&mut pos, TokenKind::Ne),
                _ => single(&mut pos, TokenKind::Lt),
            },
            b'>' => match bytes.get(pos + 1) {
                Some(b'=') => double(&mut pos, TokenKind::Ge),
                _ => single(&mut pos, TokenKind::Gt),
            },
            b'#' | b':' => {
                let end = take_name(pos + 1);
                if end == pos + 1 {
                    single(&mut pos, TokenKind::Invalid(b as char))
                } else {
                    let text = source[start..end].to_string();
                    pos = end;
                    if b == b'#' {
                        TokenKind::NameRef(text)
                    } else {
                        TokenKind::ValueRef(text)
                    }
                }
            }
            b'0'..=b'9' => {
                let end = take_name(pos);
                let text = &source[start..end];
                pos = end;
                if text.bytes().all(|c| c.is_ascii_digit()) {
                    TokenKind::Integer(text.to_string())
                } else {
                    TokenKind::Name(text.to_string())
                }
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let end = take_name(pos);
                let text = source[start..end].to_string();
                pos = end;
                TokenKind::Name(text)
            }
            _ => {
                // Invariant: `pos` is on a char boundary (all branches above consume ASCII).
                let c = source[pos..].chars().next().unwrap_or('\u{fffd}');
                pos += c.len_utf8();
                TokenKind::Invalid(c)
            }
        };
        tokens.push(Token {
            kind,
            span: Span::new(start, pos),
        });
    }
    tokens.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(source.len(), source.len()),
    });
    tokens
}

fn single(pos: &mut usize, kind: TokenKind) -> TokenKind {
    *pos += 1;
    kind
}

fn double(pos: &mut usize, kind: TokenKind) -> TokenKind {
    *pos += 2;
    kind
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<TokenKind> {
        tokenize(source).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn splits_comparisons_names_and_placeholders() {
        assert_eq!(
            kinds("#s <> :v AND a.b[10] >= :w"),
            vec![
                TokenKind::NameRef("#s".into()),
                TokenKind::Ne,
                TokenKind::ValueRef(":v".into()),
                TokenKind::Name("AND".into()),
                TokenKind::Name("a".into()),
                TokenKind::Dot,
                TokenKind::Name("b".into()),
                TokenKind::LBracket,
                TokenKind::Integer("10".into()),
                TokenKind::RBracket,
                TokenKind::Ge,
                TokenKind::ValueRef(":w".into()),
                TokenKind::Eof,
            ]
        );
    }

    #[test]
    fn spans_are_byte_ranges() {
        let tokens = tokenize("é = :v");
        assert_eq!(tokens[0].kind, TokenKind::Invalid('é'));
        assert_eq!(tokens[0].span, Span::new(0, 2));
        assert_eq!(tokens[1].span, Span::new(3, 4));
    }
}
