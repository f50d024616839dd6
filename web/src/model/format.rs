//! Numbers as the page writes them: bytes, counts, dollars and capacity
//! units as DynamoDB prints them.

/// Bytes in words: `912 B`, `2.1 KB`, `1.9 MB`.
pub fn human_bytes(bytes: usize) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{:.1} KB", b as f64 / 1024.0),
        b => format!("{:.1} MB", b as f64 / (1024.0 * 1024.0)),
    }
}

/// A count with thousands separators: `2,413`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Dollars as the page prints them: `$0.31`, `$662.50`, `$12,450.00`.
pub fn dollars(amount: f64) -> String {
    let cents = (amount * 100.0).round() as u64;
    format!("${}.{:02}", thousands((cents / 100) as usize), cents % 100)
}

/// Read units as DynamoDB prints them: `0.5`, `243.5`, `12`.
pub fn units(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}
