//! Whether two key templates can render the same text: the test behind
//! the chart's "these entities can get the same primary key" warning.
//!
//! A template is a pattern: fixed characters, and fields that stand for
//! any text — or any text without the separator `#`, when the attribute's
//! values never hold one. Two patterns meet when some text matches both,
//! which is when a walk through both at once can reach both ends: a
//! position `(i, j)` of the walk has read `i` tokens of the first pattern
//! and `j` of the second, and from it
//!
//! - two equal characters step both (`(i+1, j+1)`);
//! - a field may end (`(i+1, j)` for the first's field, `(i, j+1)` for the
//!   second's);
//! - a field may take the other side's next character, if it may hold it
//!   (`(i, j+1)` for the first's field, `(i+1, j)` for the second's).
//!
//! The positions are walked a row `i` at a time, with the row's reached
//! `j`s as the bits of a few machine words, so a row costs a word
//! operation per 64 positions of the second pattern: steps down to the
//! next row are masks and a shift, and the steps along a row — through
//! every position a field lets through — are one carrying addition (a
//! reached bit followed by a run of allowed bits sets the run and the bit
//! after it). Memory is a row, plus one mask per distinct character of
//! the first pattern; time is the two lengths multiplied over 64, which
//! the chart's bound on all its templates ([`crate::limits`]) holds to a
//! few milliseconds for the whole chart.

use std::collections::BTreeMap;

/// The separator of composite keys, which a field of ids never holds.
pub const SEPARATOR: char = '#';

/// One token of a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A character of fixed text.
    Char(char),
    /// A field; `holds_separator` when its values may hold `#`.
    Field { holds_separator: bool },
}

/// True when some text matches both patterns.
pub fn can_meet(a: &[Token], b: &[Token]) -> bool {
    Walk::over(b).reaches_the_end(a)
}

/// The second pattern, as the masks a walk over it needs: bit `j` of a
/// mask is position `j` of the pattern (positions `0..=len`).
struct Walk<'b> {
    b: &'b [Token],
    words: usize,
    /// Positions before a field.
    fields: Vec<u64>,
    /// Positions before a field that may hold `#`.
    fields_with_separator: Vec<u64>,
    /// Every position before a token.
    before_any: Vec<u64>,
    /// Positions before a token other than the character `#`.
    before_other_than_separator: Vec<u64>,
    /// Per character of the first pattern, where its positions-before
    /// mask is in `masks`.
    chars: BTreeMap<char, usize>,
    masks: Vec<Vec<u64>>,
}

impl<'b> Walk<'b> {
    fn over(b: &'b [Token]) -> Walk<'b> {
        let words = (b.len() + 1).div_ceil(64);
        let mask = |keep: &dyn Fn(&Token) -> bool| {
            let mut bits = vec![0u64; words];
            for (j, token) in b.iter().enumerate() {
                if keep(token) {
                    bits[j / 64] |= 1 << (j % 64);
                }
            }
            bits
        };
        Walk {
            b,
            words,
            fields: mask(&|t| matches!(t, Token::Field { .. })),
            fields_with_separator: mask(&|t| {
                matches!(
                    t,
                    Token::Field {
                        holds_separator: true
                    }
                )
            }),
            before_any: mask(&|_| true),
            before_other_than_separator: mask(&|t| *t != Token::Char(SEPARATOR)),
            chars: BTreeMap::new(),
            masks: Vec::new(),
        }
    }

    /// The positions before the character `c`, worked out once per character.
    fn before_char(&mut self, c: char) -> usize {
        if let Some(at) = self.chars.get(&c) {
            return *at;
        }
        let mut bits = vec![0u64; self.words];
        for (j, token) in self.b.iter().enumerate() {
            if *token == Token::Char(c) {
                bits[j / 64] |= 1 << (j % 64);
            }
        }
        self.masks.push(bits);
        self.chars.insert(c, self.masks.len() - 1);
        self.masks.len() - 1
    }

    fn reaches_the_end(mut self, a: &[Token]) -> bool {
        let mut row = vec![0u64; self.words];
        row[0] = 1;
        let mut next = vec![0u64; self.words];
        for token in a {
            // Along the row: through the second pattern's fields, and
            // through whatever this row's field may take.
            let along = match token {
                Token::Char(_) => &self.fields,
                Token::Field {
                    holds_separator: true,
                } => &self.before_any,
                Token::Field {
                    holds_separator: false,
                } => &self.before_other_than_separator,
            };
            spread(&mut row, along);
            // Down to the next row.
            match *token {
                Token::Field { .. } => next.copy_from_slice(&row),
                Token::Char(c) => {
                    let equal = self.before_char(c);
                    let equal = &self.masks[equal];
                    let down = if c == SEPARATOR {
                        &self.fields_with_separator
                    } else {
                        &self.fields
                    };
                    let mut carry = 0;
                    for w in 0..self.words {
                        let step = row[w] & equal[w];
                        next[w] = (row[w] & down[w]) | (step << 1) | carry;
                        carry = step >> 63;
                    }
                }
            }
            std::mem::swap(&mut row, &mut next);
            if row.iter().all(|w| *w == 0) {
                return false;
            }
        }
        spread(&mut row, &self.fields);
        let end = self.b.len();
        row[end / 64] & (1 << (end % 64)) != 0
    }
}

/// Sets, after every set bit of `row`, the run of bits that `along` lets
/// through and the bit just past it: `row | ((row & along) + along) ^ along`,
/// the addition carried across the words.
fn spread(row: &mut [u64], along: &[u64]) {
    let mut carry = false;
    for (bits, along) in row.iter_mut().zip(along) {
        let seeds = *bits & along;
        let (sum, first) = along.overflowing_add(seeds);
        let (sum, second) = sum.overflowing_add(u64::from(carry));
        carry = first || second;
        *bits |= sum ^ along;
    }
}

/// Held to a reference walk on random patterns, and timed: both need the
/// host (proptest and a clock), so they run natively.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use proptest::prelude::*;

    use super::*;

    /// The walk position by position, as the check was first written: the
    /// reference the word-parallel walk is held to.
    fn reference(a: &[Token], b: &[Token]) -> bool {
        let accepts = |holds: bool, c: char| c != SEPARATOR || holds;
        let mut reached = vec![vec![false; b.len() + 1]; a.len() + 1];
        let mut todo = vec![(0, 0)];
        while let Some((i, j)) = todo.pop() {
            if reached[i][j] {
                continue;
            }
            reached[i][j] = true;
            if let (Some(Token::Char(x)), Some(Token::Char(y))) = (a.get(i), b.get(j))
                && x == y
            {
                todo.push((i + 1, j + 1));
            }
            if let Some(Token::Field { holds_separator }) = a.get(i).copied() {
                todo.push((i + 1, j));
                match b.get(j).copied() {
                    Some(Token::Char(y)) if accepts(holds_separator, y) => todo.push((i, j + 1)),
                    Some(Token::Field { .. }) => todo.push((i, j + 1)),
                    _ => {}
                }
            }
            if let Some(Token::Field { holds_separator }) = b.get(j).copied() {
                todo.push((i, j + 1));
                if let Some(Token::Char(x)) = a.get(i).copied()
                    && accepts(holds_separator, x)
                {
                    todo.push((i + 1, j));
                }
            }
        }
        reached[a.len()][b.len()]
    }

    fn token() -> impl Strategy<Value = Token> {
        prop_oneof![
            4 => prop::sample::select(vec!['A', 'B', '#']).prop_map(Token::Char),
            1 => any::<bool>().prop_map(|holds_separator| Token::Field { holds_separator }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn the_word_parallel_walk_agrees_with_the_walk_position_by_position(
            a in prop::collection::vec(token(), 0..150),
            b in prop::collection::vec(token(), 0..150),
        ) {
            prop_assert_eq!(can_meet(&a, &b), reference(&a, &b));
        }
    }

    #[test]
    fn two_templates_of_2048_characters_are_compared_in_a_moment() {
        let a: Vec<Token> = (0..2048)
            .map(|i| {
                if i % 2 == 0 {
                    Token::Field {
                        holds_separator: true,
                    }
                } else {
                    Token::Char('A')
                }
            })
            .collect();
        let mut b = vec![Token::Char('A'); 2047];
        b.push(Token::Char('B'));
        let started = std::time::Instant::now();
        assert!(!can_meet(&a, &b));
        assert!(started.elapsed() < std::time::Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_carry_across_words() {
        // A field of the second pattern taking 200 characters of the first
        // crosses three word boundaries.
        let text = |s: &str| s.chars().map(Token::Char).collect::<Vec<_>>();
        let field = Token::Field {
            holds_separator: false,
        };
        let long = text(&"A".repeat(200));
        let mut b = text("A");
        b.push(field);
        b.extend(text("A"));
        assert!(can_meet(&long, &b));
        assert!(can_meet(&b, &long));
        let mut with_separator = text(&"A".repeat(100));
        with_separator.extend(text("#"));
        with_separator.extend(text(&"A".repeat(99)));
        assert!(!can_meet(&with_separator, &b));
        assert!(!can_meet(&b, &with_separator));
    }
}
