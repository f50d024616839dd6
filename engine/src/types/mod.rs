//! Values, numbers, items, document paths and their sizes, and the hint
//! that asks the processor for memory a read is about to need (`prefetch`).

pub mod map;
pub mod number;
pub mod path;
#[cfg(feature = "persist")]
mod persist;
mod prefetch;
pub mod sets;
pub mod size;
pub mod value;

pub use map::{Map, MapWatch, Text};
pub use number::{Number, NumberError};
pub use path::{Path, PathElement};
pub use prefetch::prefetch;
pub use size::{MAX_ITEM_BYTES, item_size, value_size};
pub use value::{Item, Value, ValueType};
