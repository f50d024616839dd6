//! What every answer carries beside its body, as DynamoDB sends it: a
//! request id of its own (`x-amzn-RequestId`, 52 characters of `A-Z` and
//! `0-9`, never the same twice in a server's life) and the CRC32 of the
//! body as a decimal number (`x-amz-crc32`), which SDKs check — botocore
//! retries a DynamoDB answer whose body does not match it, then fails.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, HeaderValue};

/// Letters of a request id.
const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// Length of DynamoDB's request ids.
pub const REQUEST_ID_LENGTH: usize = 52;

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// SplitMix64's step: a bijection of 64-bit numbers that scatters their
/// bits, so consecutive seeds give ids that look unrelated.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A process-wide start, so two servers' ids differ too.
fn start() -> u64 {
    static START: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *START.get_or_init(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        mix(now ^ u64::from(std::process::id()).rotate_left(32))
    })
}

/// The id of request number `n` of a server that started at `start`:
/// the first 13 characters spell `mix(start + n)` in base 36 whole (36^13
/// is over 2^64, and `mix` is a bijection, so no two numbers share them);
/// the rest continue the mix.
fn request_id_of(start: u64, n: u64) -> String {
    let mut id = String::with_capacity(REQUEST_ID_LENGTH);
    let mut state = start.wrapping_add(n);
    while id.len() < REQUEST_ID_LENGTH {
        state = mix(state);
        let mut word = state;
        for _ in 0..13 {
            if id.len() == REQUEST_ID_LENGTH {
                break;
            }
            id.push(ALPHABET[(word % 36) as usize] as char);
            word /= 36;
        }
    }
    id
}

/// A request id no earlier answer of this server had.
pub fn request_id() -> String {
    request_id_of(start(), COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// Puts the request id and the body's CRC32 on an answer's headers: the
/// CRC the engine gave with the body when it did (a page of kept item
/// texts), else read from the body.
pub fn stamp(headers: &mut HeaderMap, request_id: &str, body: &[u8], crc32: Option<u32>) {
    if let Ok(id) = HeaderValue::from_str(request_id) {
        headers.insert("x-amzn-requestid", id);
    }
    let crc32 = crc32.unwrap_or_else(|| crc32fast::hash(body));
    headers.insert("x-amz-crc32", HeaderValue::from(crc32));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_fifty_two_letters_and_digits_and_never_repeat() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..100_000 {
            let id = request_id_of(7, n);
            assert_eq!(id.len(), 52);
            assert!(id.bytes().all(|b| ALPHABET.contains(&b)), "{id}");
            assert!(seen.insert(id[..13].to_string()), "{n}");
        }
        assert_ne!(request_id(), request_id());
    }

    #[test]
    fn the_checksum_is_the_bodys_crc32_in_decimal() {
        let mut headers = HeaderMap::new();
        stamp(&mut headers, "ID", b"{}", None);
        // zlib.crc32(b"{}") in Python.
        assert_eq!(headers["x-amz-crc32"], "2745614147");
    }
}
