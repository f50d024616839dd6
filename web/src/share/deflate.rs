//! Raw DEFLATE with a preset dictionary, for format 2's links.
//!
//! Most playgrounds are the example with a few changes, so the compressor
//! starts out knowing the example: before the document, it compresses
//! [`DICTIONARY`] — the example's own document in format 2, frozen with the
//! format — and flushes to a byte boundary; only what follows goes into the
//! link, and it refers back into the dictionary wherever the document
//! repeats it. Reading does the reverse: the dictionary compressed the same
//! way, then the link's bytes, inflated as one ordinary DEFLATE stream,
//! minus the dictionary in front. Nothing here is special to a library: it
//! works with any DEFLATE implementation, so the format does not depend on
//! this one (only on the dictionary's bytes, which are committed).
//!
//! Measured on the example (`link_sizes` in the tests): with the
//! dictionary its link is a few dozen characters; a learner's changes add
//! only what they change.

use miniz_oxide::deflate::core::{
    CompressorOxide, TDEFLFlush, TDEFLStatus, compress_to_output, create_comp_flags_from_zip_params,
};
use miniz_oxide::inflate::{TINFLStatus, decompress_to_vec_with_limit};

/// The example's document in format 2, postcard-encoded: the preset
/// dictionary of format 2, frozen with it.
pub const DICTIONARY: &[u8] = include_bytes!("dictionary-v2.bin");

/// DEFLATE's strongest level in miniz_oxide.
const LEVEL: i32 = 10;

/// Why inflating failed.
#[derive(Debug, PartialEq)]
pub enum InflateError {
    /// The data does not unpack.
    Damaged,
    /// It unpacks to more than the limit.
    TooBig,
}

/// Compresses `dictionary` then `data` with one compressor; the bytes for
/// the dictionary end at a byte boundary (a sync flush) and are returned
/// apart from the rest.
fn compress_after(dictionary: &[u8], data: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut compressor = CompressorOxide::new(create_comp_flags_from_zip_params(LEVEL, 0, 0));
    let mut prefix = Vec::new();
    let (status, _) = compress_to_output(&mut compressor, dictionary, TDEFLFlush::Sync, |out| {
        prefix.extend_from_slice(out);
        true
    });
    debug_assert_eq!(status, TDEFLStatus::Okay);
    let mut rest = Vec::new();
    let (status, _) = compress_to_output(&mut compressor, data, TDEFLFlush::Finish, |out| {
        rest.extend_from_slice(out);
        true
    });
    debug_assert_eq!(status, TDEFLStatus::Done);
    (prefix, rest)
}

/// `data` compressed as if [`DICTIONARY`] had come first.
pub fn deflate(data: &[u8]) -> Vec<u8> {
    compress_after(DICTIONARY, data).1
}

/// What [`deflate`] made, unpacked to at most `limit` bytes.
pub fn inflate(compressed: &[u8], limit: usize) -> Result<Vec<u8>, InflateError> {
    let (mut stream, _) = compress_after(DICTIONARY, &[]);
    stream.extend_from_slice(compressed);
    let mut all = decompress_to_vec_with_limit(&stream, DICTIONARY.len() + limit).map_err(|e| {
        match e.status {
            TINFLStatus::HasMoreOutput => InflateError::TooBig,
            _ => InflateError::Damaged,
        }
    })?;
    if all.len() < DICTIONARY.len() || all[..DICTIONARY.len()] != *DICTIONARY {
        return Err(InflateError::Damaged);
    }
    Ok(all.split_off(DICTIONARY.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anything_comes_back_and_the_dictionary_makes_its_like_small() {
        for data in [&b""[..], b"hello", DICTIONARY, &DICTIONARY[100..900]] {
            assert_eq!(inflate(&deflate(data), 1 << 20).unwrap(), data);
        }
        let plain = miniz_oxide::deflate::compress_to_vec(DICTIONARY, 10);
        assert!(deflate(DICTIONARY).len() * 20 < plain.len());
    }

    #[test]
    fn damaged_and_oversized_data_is_refused() {
        let packed = deflate(DICTIONARY);
        assert_eq!(inflate(&packed, 100), Err(InflateError::TooBig));
        assert_eq!(
            inflate(&packed[..packed.len() / 2], 1 << 20),
            Err(InflateError::Damaged)
        );
    }
}
