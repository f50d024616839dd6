//! DynamoDB numbers: exact decimals of at most 38 significant digits.
//!
//! A [`Number`] is kept normalised — sign, significant digits without leading or
//! trailing zeros, and the decimal exponent of the first digit — so equality is
//! numeric (`1` = `1.0` = `1e0`), ordering is numeric, and the stored text is
//! DynamoDB's: exponents expanded, zeros trimmed, `-0` stored as `0`.
//! No floating point is ever involved.

use std::cmp::Ordering;
use std::fmt;

pub use crate::limits::MAX_DIGITS;
/// Largest decimal exponent of the first digit (`9.99…E+125`).
const MAX_EXPONENT: i64 = 125;
/// Smallest decimal exponent of the first digit (`1E-130`).
const MIN_EXPONENT: i64 = -130;

/// Why a text is not a DynamoDB number. `Display` is DynamoDB's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a decimal literal, e.g. `NaN`, `" 1"` or `""`.
    NotNumeric,
    /// More than 38 significant digits, e.g. `1.2345678901234567890123456789012345678901`.
    TooPrecise,
    /// Magnitude of `1E126` or more.
    Overflow,
    /// Magnitude below `1E-130` (other than zero).
    Underflow,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberError::NotNumeric => "The parameter cannot be converted to a numeric value",
            NumberError::TooPrecise => {
                "Attempting to store more than 38 significant digits in a Number"
            }
            NumberError::Overflow => {
                "Number overflow. Attempting to store a number with magnitude larger than supported range"
            }
            NumberError::Underflow => {
                "Number underflow. Attempting to store a number with magnitude smaller than supported range"
            }
        })
    }
}

/// An exact decimal number in DynamoDB's range, stored inline in 24 bytes.
///
/// Invariant: the significant digits (no leading or trailing `0`) are packed
/// two to a byte in `packed`, first digit in the high nibble of byte 0, the
/// rest zero; `len` counts them. Zero has `len` 0, is not negative and has
/// exponent 0. The value is `d1.d2d3… × 10^exponent`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Number {
    negative: bool,
    exponent: i16,
    len: u8,
    packed: [u8; MAX_DIGITS / 2],
}

impl Number {
    /// Zero.
    pub fn zero() -> Number {
        Number {
            negative: false,
            exponent: 0,
            len: 0,
            packed: [0; MAX_DIGITS / 2],
        }
    }

    /// The significant digits, as ASCII.
    fn digits(&self) -> String {
        (0..usize::from(self.len))
            .map(|i| {
                let byte = self.packed[i / 2];
                let nibble = if i % 2 == 0 { byte >> 4 } else { byte & 0x0f };
                char::from(b'0' + nibble)
            })
            .collect()
    }

    /// Parses a number as DynamoDB accepts it on the wire (`3`, `-7.12`, `.5`,
    /// `+3`, `0001.23`, `-17e5`, `0e1000`), normalising it.
    pub fn parse(text: &str) -> Result<Number, NumberError> {
        let bytes = text.as_bytes();
        let mut pos = 0;
        let mut negative = false;
        if let Some(&sign) = bytes.first()
            && (sign == b'+' || sign == b'-')
        {
            negative = sign == b'-';
            pos = 1;
        }
        let int_start = pos;
        while pos < bytes.len() && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        let int_part = &text[int_start..pos];
        let mut frac_part = "";
        if pos < bytes.len() && bytes[pos] == b'.' {
            pos += 1;
            let frac_start = pos;
            while pos < bytes.len() && bytes[pos].is_ascii_digit() {
                pos += 1;
            }
            frac_part = &text[frac_start..pos];
        }
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(NumberError::NotNumeric);
        }
        let mut exp_adjust: i64 = 0;
        if pos < bytes.len() && (bytes[pos] == b'e' || bytes[pos] == b'E') {
            pos += 1;
            let mut exp_negative = false;
            if pos < bytes.len() && (bytes[pos] == b'+' || bytes[pos] == b'-') {
                exp_negative = bytes[pos] == b'-';
                pos += 1;
            }
            let exp_start = pos;
            while pos < bytes.len() && bytes[pos].is_ascii_digit() {
                // Saturate: any exponent this large over- or underflows anyway,
                // unless the mantissa is zero.
                exp_adjust = (exp_adjust * 10 + i64::from(bytes[pos] - b'0')).min(1 << 40);
                pos += 1;
            }
            if pos == exp_start {
                return Err(NumberError::NotNumeric);
            }
            if exp_negative {
                exp_adjust = -exp_adjust;
            }
        }
        if pos != bytes.len() {
            return Err(NumberError::NotNumeric);
        }
        Number::from_parts(negative, int_part, frac_part, exp_adjust)
    }

    /// Builds a number from decimal digit strings: `int_part.frac_part × 10^exp_adjust`.
    fn from_parts(
        negative: bool,
        int_part: &str,
        frac_part: &str,
        exp_adjust: i64,
    ) -> Result<Number, NumberError> {
        let int_trimmed = int_part.trim_start_matches('0');
        let (digits_untrimmed, first_exponent) = if !int_trimmed.is_empty() {
            let mut all = String::with_capacity(int_trimmed.len() + frac_part.len());
            all.push_str(int_trimmed);
            all.push_str(frac_part);
            (all, int_trimmed.len() as i64 - 1)
        } else {
            let frac_trimmed = frac_part.trim_start_matches('0');
            if frac_trimmed.is_empty() {
                return Ok(Number::zero());
            }
            let leading_zeros = (frac_part.len() - frac_trimmed.len()) as i64;
            (frac_trimmed.to_string(), -leading_zeros - 1)
        };
        let digits = digits_untrimmed.trim_end_matches('0');
        let exponent = first_exponent + exp_adjust;
        if digits.len() > MAX_DIGITS {
            return Err(NumberError::TooPrecise);
        }
        if exponent > MAX_EXPONENT {
            return Err(NumberError::Overflow);
        }
        if exponent < MIN_EXPONENT {
            return Err(NumberError::Underflow);
        }
        let mut packed = [0u8; MAX_DIGITS / 2];
        for (i, digit) in digits.bytes().enumerate() {
            let nibble = digit - b'0';
            packed[i / 2] |= if i % 2 == 0 { nibble << 4 } else { nibble };
        }
        Ok(Number {
            negative,
            exponent: exponent as i16,
            len: digits.len() as u8,
            packed,
        })
    }

    /// Converts an integer (used for `size()` results and counters).
    pub fn from_i64(value: i64) -> Number {
        // Invariant: every i64 has at most 19 digits and is in range.
        Number::parse(&value.to_string()).expect("an i64 is always a valid number")
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.len == 0
    }

    /// True for numbers below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Bytes this number costs in an item, by DynamoDB's base-100 encoding:
    /// digits are grouped in pairs outward from the decimal point, all-zero
    /// pairs at either end are dropped, each pair left costs a byte, plus one
    /// byte for the exponent and one more for a negative sign. Zero costs 1.
    pub fn size_bytes(&self) -> usize {
        if self.is_zero() {
            return 1;
        }
        let n = usize::from(self.len);
        let straddles = n.is_multiple_of(2) && self.exponent % 2 == 0;
        1 + n.div_ceil(2) + usize::from(straddles) + usize::from(self.negative)
    }

    /// If the number is a non-negative integer that fits in `u64`, returns it.
    pub fn to_u64(&self) -> Option<u64> {
        if self.negative {
            return None;
        }
        if self.is_zero() {
            return Some(0);
        }
        let int_digits = self.exponent as i64 + 1;
        if int_digits < i64::from(self.len) || int_digits > 20 {
            return None;
        }
        self.to_string().parse().ok()
    }

    /// The nearest `f64` (for comparisons that need no exactness, such as a
    /// TTL time against a clock).
    pub fn to_f64(&self) -> Option<f64> {
        self.to_string().parse().ok()
    }

    /// The number with its sign flipped.
    pub fn negated(&self) -> Number {
        Number {
            negative: !self.negative && !self.is_zero(),
            ..self.clone()
        }
    }

    /// Exact decimal sum. A result needing more than 38 significant digits
    /// or outside the range fails with DynamoDB's overflow error (DynamoDB
    /// reports both as overflow).
    pub fn checked_add(&self, other: &Number) -> Result<Number, NumberError> {
        if self.is_zero() {
            return Ok(other.clone());
        }
        if other.is_zero() {
            return Ok(self.clone());
        }
        // Align both on the exponent of their lowest digit, as little-endian digit vectors.
        let low = |n: &Number| i64::from(n.exponent) - (i64::from(n.len) - 1);
        let base = low(self).min(low(other));
        let spread = |n: &Number| -> Vec<u8> {
            let mut v: Vec<u8> = vec![0; (low(n) - base) as usize];
            v.extend(n.digits().bytes().rev().map(|b| b - b'0'));
            v
        };
        let (a, b) = (spread(self), spread(other));
        let (negative, magnitude) = if self.negative == other.negative {
            (self.negative, add_digits(&a, &b))
        } else {
            match compare_digits(&a, &b) {
                Ordering::Equal => return Ok(Number::zero()),
                Ordering::Greater => (self.negative, sub_digits(&a, &b)),
                Ordering::Less => (other.negative, sub_digits(&b, &a)),
            }
        };
        let text: String = magnitude
            .iter()
            .rev()
            .map(|d| char::from(b'0' + d))
            .collect();
        Number::from_parts(negative, &text, "", base).map_err(|e| match e {
            NumberError::TooPrecise => NumberError::Overflow,
            other => other,
        })
    }

    /// Exact decimal difference.
    pub fn checked_sub(&self, other: &Number) -> Result<Number, NumberError> {
        self.checked_add(&other.negated())
    }

    fn cmp_magnitude(&self, other: &Number) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            (false, false) => {}
        }
        // Without trailing zeros, zero-padded digit strings compare like the mantissas.
        self.exponent
            .cmp(&other.exponent)
            .then_with(|| self.packed.cmp(&other.packed))
    }
}

fn compare_digits(a: &[u8], b: &[u8]) -> Ordering {
    let significant = |v: &[u8]| v.len() - v.iter().rev().take_while(|d| **d == 0).count();
    let (la, lb) = (significant(a), significant(b));
    la.cmp(&lb)
        .then_with(|| a[..la].iter().rev().cmp(b[..lb].iter().rev()))
}

fn add_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
    let mut carry = 0;
    for i in 0..a.len().max(b.len()) {
        let sum = a.get(i).unwrap_or(&0) + b.get(i).unwrap_or(&0) + carry;
        out.push(sum % 10);
        carry = sum / 10;
    }
    if carry > 0 {
        out.push(carry);
    }
    out
}

/// `a - b` for `a >= b`.
fn sub_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i8;
    for (i, digit) in a.iter().enumerate() {
        let mut d = *digit as i8 - *b.get(i).unwrap_or(&0) as i8 - borrow;
        borrow = 0;
        if d < 0 {
            d += 10;
            borrow = 1;
        }
        out.push(d as u8);
    }
    out
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.cmp_magnitude(other),
            (true, true) => other.cmp_magnitude(self),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Number {
    /// DynamoDB's stored form: plain decimal notation, no exponent.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let digits = self.digits();
        let mut out = String::with_capacity(digits.len() + 8);
        if self.negative {
            out.push('-');
        }
        let n = digits.len() as i64;
        let e = i64::from(self.exponent);
        if e < 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-e - 1) as usize));
            out.push_str(&digits);
        } else if e >= n - 1 {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', (e - (n - 1)) as usize));
        } else {
            let split = (e + 1) as usize;
            out.push_str(&digits[..split]);
            out.push('.');
            out.push_str(&digits[split..]);
        }
        f.write_str(&out)
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "N({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap()
    }

    #[test]
    fn accepts_every_literal_form_dynamodb_accepts() {
        for text in [
            "3", "-7.1234", "-17e5", "-17.4E37", "+3", ".123", "0001.23", "1e+5", "0e1000",
        ] {
            assert!(Number::parse(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn rejects_non_numeric_text() {
        for text in [
            "NaN",
            "Infinity",
            "-Infinity",
            "dog",
            " 1",
            "1 ",
            "",
            "1e",
            ".",
            "-",
            "1.2.3",
            "0x10",
        ] {
            assert_eq!(Number::parse(text), Err(NumberError::NotNumeric), "{text}");
        }
    }

    #[test]
    fn normalises_to_dynamodb_stored_form() {
        assert_eq!(n("0042.1200").to_string(), "42.12");
        assert_eq!(n("-0").to_string(), "0");
        assert_eq!(n("1e3").to_string(), "1000");
        assert_eq!(n("-1.5e-3").to_string(), "-0.0015");
        assert_eq!(n("1E125").to_string(), format!("1{}", "0".repeat(125)));
        assert_eq!(n(".5").to_string(), "0.5");
        assert_eq!(n("0e1000").to_string(), "0");
    }

    #[test]
    fn enforces_range_and_precision() {
        assert_eq!(Number::parse("1E126"), Err(NumberError::Overflow));
        assert_eq!(Number::parse("-1E126"), Err(NumberError::Overflow));
        assert_eq!(Number::parse("1E-131"), Err(NumberError::Underflow));
        assert!(Number::parse("9.9999999999999999999999999999999999999E+125").is_ok());
        assert!(Number::parse("1E-130").is_ok());
        assert_eq!(
            Number::parse("123456789012345678901234567890123456789"),
            Err(NumberError::TooPrecise)
        );
        assert!(Number::parse("12345678901234567890123456789012345678").is_ok());
        assert!(Number::parse("1000000000000000000000000000000000000000000").is_ok());
    }

    #[test]
    fn equality_and_order_are_numeric() {
        assert_eq!(n("1"), n("1.0"));
        assert_eq!(n("1"), n("1e0"));
        assert!(n("9") < n("10"));
        assert!(n("-10") < n("-9"));
        assert!(n("-0.001") < n("0"));
        assert!(n("0.1") < n("0.11"));
        assert!(n("1.2") < n("12"));
    }

    #[test]
    fn is_stored_inline_in_24_bytes() {
        assert_eq!(std::mem::size_of::<Number>(), 24);
    }

    #[test]
    fn arithmetic_is_exact() {
        assert_eq!(
            n("1").checked_add(&n("1E22")).unwrap().to_string(),
            "10000000000000000000001"
        );
        assert_eq!(n("0.1").checked_add(&n("0.2")).unwrap().to_string(), "0.3");
        assert_eq!(n("5").checked_sub(&n("7.5")).unwrap().to_string(), "-2.5");
        assert_eq!(n("-5").checked_add(&n("5")).unwrap().to_string(), "0");
        assert_eq!(n("99").checked_add(&n("1")).unwrap().to_string(), "100");
        assert_eq!(n("1E50").checked_sub(&n("1")), Err(NumberError::Overflow));
        assert_eq!(
            n("9.9999999999999999999999999999999999999E+125").checked_add(&n("1E125")),
            Err(NumberError::Overflow)
        );
    }

    #[test]
    fn size_matches_the_captured_literals() {
        let cases = [
            ("0", 1),
            ("1", 2),
            ("12", 2),
            ("123", 3),
            ("1234", 3),
            ("0042", 2),
            ("100", 2),
            ("1010", 3),
            ("0.0000001", 2),
            ("1E125", 2),
            ("1E-100", 2),
            ("1.5", 3),
            ("15", 2),
            ("1.2", 3),
            ("1.200", 3),
            ("1.234", 4),
            ("3.14159", 5),
            ("123456", 4),
            ("100.5", 4),
            ("0.15", 2),
            ("-42", 3),
            ("-0", 1),
            ("12345678901234567890123456789012345678", 20),
        ];
        for (text, size) in cases {
            assert_eq!(n(text).size_bytes(), size, "{text}");
        }
    }
}
