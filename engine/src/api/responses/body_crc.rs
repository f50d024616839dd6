//! The CRC-32 of a body put together from pieces whose CRCs are known,
//! without reading the pieces again: `ddbplay serve` sends every answer
//! with its body's CRC-32 (`x-amz-crc32`), and a page of kept item texts
//! ([`super::item_texts`]) knows each text's CRC from when it was kept.
//!
//! The CRC is zlib's (reflected, polynomial 0xEDB88320, as crc32fast
//! computes). Of two pieces, `crc(A‖B) = crc(A) · x^(8·|B|) ^ crc(B)`, the
//! product taken modulo the polynomial (zlib's `crc32_combine`): a kept
//! piece carries its CRC and its `x^(8·|B|)`, so appending it costs one
//! multiplication of two 32-bit polynomials — one carry-less multiply
//! where the processor has it, 32 shifts where it does not — instead of
//! reading a kilobyte.

/// The polynomial, reflected.
const POLYNOMIAL: u32 = 0xEDB8_8320;

/// The reflected form of the polynomial 1 (`x^0`).
const ONE: u32 = 0x8000_0000;

/// `a · b` modulo the polynomial, both reflected (zlib's `multmodp`).
const fn multiply_portable(a: u32, mut b: u32) -> u32 {
    let mut product = 0;
    let mut bit = ONE;
    while bit != 0 {
        if a & bit != 0 {
            product ^= b;
        }
        bit >>= 1;
        b = if b & 1 != 0 {
            (b >> 1) ^ POLYNOMIAL
        } else {
            b >> 1
        };
    }
    product
}

/// `x^(8·2^k)` modulo the polynomial, for `k` in `0..64`.
const X_TO_8_TIMES_2_TO: [u32; 64] = {
    let mut table = [0; 64];
    // x^8, reflected.
    table[0] = ONE >> 8;
    let mut k = 1;
    while k < 64 {
        table[k] = multiply_portable(table[k - 1], table[k - 1]);
        k += 1;
    }
    table
};

/// The byte-at-a-time table of reflected CRC-32: entry `i` is `i·x^32`
/// modulo the polynomial, `i` read as a reflected polynomial of degree
/// below 8 placed at the top.
const BYTE_TABLE: [u32; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut k = 0;
        while k < 8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ POLYNOMIAL
            } else {
                crc >> 1
            };
            k += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
};

/// `a · b` modulo the polynomial with one carry-less multiply: the 63-bit
/// product, shifted to 64 reflected bits, is its low-degree half (the
/// upper 32 bits) plus its high-degree half times `x^32`, reduced four
/// bytes at a time as a CRC reduces data.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
fn multiply_carry_less(a: u32, b: u32) -> u32 {
    use std::arch::x86_64::{_mm_clmulepi64_si128, _mm_cvtsi64_si128, _mm_cvtsi128_si64};
    let product = _mm_clmulepi64_si128::<0>(
        _mm_cvtsi64_si128(i64::from(a)),
        _mm_cvtsi64_si128(i64::from(b)),
    );
    let product = (_mm_cvtsi128_si64(product) as u64) << 1;
    let mut high_degrees = product as u32;
    for _ in 0..4 {
        high_degrees = (high_degrees >> 8) ^ BYTE_TABLE[(high_degrees & 0xFF) as usize];
    }
    high_degrees ^ (product >> 32) as u32
}

/// `a · b` modulo the polynomial.
fn multiply(a: u32, b: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("pclmulqdq") {
        // SAFETY: the processor has the instruction, just checked.
        return unsafe { multiply_carry_less(a, b) };
    }
    multiply_portable(a, b)
}

/// `x^(8·bytes)` modulo the polynomial: what appending `bytes` bytes
/// multiplies the CRC before them by.
fn shift_of(bytes: usize) -> u32 {
    let mut shift = ONE;
    let mut rest = bytes as u64;
    let mut k = 0;
    while rest != 0 {
        if rest & 1 != 0 {
            shift = multiply(shift, X_TO_8_TIMES_2_TO[k]);
        }
        rest >>= 1;
        k += 1;
    }
    shift
}

/// A piece's CRC-32 and what appending it multiplies the CRC before it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceCrc {
    crc: u32,
    shift: u32,
}

impl PieceCrc {
    /// Reads `bytes` once.
    pub fn of(bytes: &[u8]) -> PieceCrc {
        PieceCrc {
            crc: crc32fast::hash(bytes),
            shift: shift_of(bytes.len()),
        }
    }
}

/// The CRC-32 of a body so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunningCrc(u32);

impl RunningCrc {
    /// Appends bytes not kept, reading them.
    pub fn bytes(&mut self, bytes: &[u8]) {
        let mut hasher = crc32fast::Hasher::new_with_initial(self.0);
        hasher.update(bytes);
        self.0 = hasher.finalize();
    }

    /// Appends one byte (a comma between items), a step of zlib's table.
    pub fn byte(&mut self, byte: u8) {
        let register = !self.0;
        let step = BYTE_TABLE[((register ^ u32::from(byte)) & 0xFF) as usize];
        self.0 = !((register >> 8) ^ step);
    }

    /// Appends a piece whose CRC is known, without reading it.
    pub fn piece(&mut self, piece: PieceCrc) {
        self.0 = multiply(self.0, piece.shift) ^ piece.crc;
    }

    /// The CRC-32 of everything appended.
    pub fn value(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn pieces_appended_give_the_crc_of_the_whole() {
        let mut running = RunningCrc::default();
        running.bytes(b"{\"Items\":[");
        running.piece(PieceCrc::of(b"{\"PK\":{\"S\":\"A\"}}"));
        running.byte(b',');
        running.piece(PieceCrc::of(b""));
        running.bytes(b"]}");
        // zlib.crc32(b'{"Items":[{"PK":{"S":"A"}},]}') in Python.
        assert_eq!(running.value(), 0x8354_7C4D);
        assert_eq!(
            running.value(),
            crc32fast::hash(b"{\"Items\":[{\"PK\":{\"S\":\"A\"}},]}")
        );
    }

    #[test]
    fn a_kilobyte_shifts_by_x_to_the_8192() {
        // x^8192 mod P, reflected: 1 multiplied by x 8,192 times in Python.
        assert_eq!(shift_of(1024), 0x6427_800E);
        assert_eq!(shift_of(0), ONE);
        assert_eq!(shift_of(1), 0x0080_0000);
    }

    proptest! {
        #[test]
        fn both_multiplications_agree(a in any::<u32>(), b in any::<u32>()) {
            prop_assert_eq!(multiply(a, b), multiply_portable(a, b));
            prop_assert_eq!(multiply(a, ONE), a);
        }

        #[test]
        fn any_split_of_a_body_gives_its_crc(
            pieces in proptest::collection::vec(
                (proptest::collection::vec(any::<u8>(), 0..3000), 0..3u8), 0..8)
        ) {
            let mut running = RunningCrc::default();
            let mut whole = Vec::new();
            for (piece, how) in &pieces {
                match how {
                    0 => running.piece(PieceCrc::of(piece)),
                    1 => running.bytes(piece),
                    _ => piece.iter().for_each(|&b| running.byte(b)),
                }
                whole.extend_from_slice(piece);
            }
            prop_assert_eq!(running.value(), crc32fast::hash(&whole));
        }
    }
}
