//! Small pieces of the text the writers make: words a shell reads back as
//! they were, and numbers as people write them.

/// `word` as a shell reads it back: unquoted when every character is one
/// the shell takes literally, else in single quotes (a `'` inside written
/// `'\''`).
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:=,@%+#".contains(c);
    if !word.is_empty() && word.chars().all(plain) && !word.starts_with('#') {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Whether `value` may stand in the aws CLI's shorthand syntax unquoted
/// (`AttributeName=PK,AttributeType=S`).
pub fn shorthand_plain(value: &str) -> bool {
    !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.#:/@".contains(c))
}

/// `n` with commas between thousands: `12,345`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `count` and the noun, singular or plural: `1 item`, `3 items`.
pub fn counted(count: usize, singular: &str, plural: &str) -> String {
    format!(
        "{} {}",
        thousands(count),
        if count == 1 { singular } else { plural }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_only_when_the_shell_would_change_them() {
        assert_eq!(shell_word("Orders"), "Orders");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word("$HOME"), "'$HOME'");
        assert_eq!(shell_word("#x"), "'#x'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(counted(1, "item", "items"), "1 item");
    }
}
