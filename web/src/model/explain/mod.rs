//! Numbers into words: how each figure came about and what it means.
//!
//! 1. [`derivation`] shows every number of a run step by step, page by
//!    page, from the engine's own figures;
//! 2. [`sentences`] writes the sentences under a run: what it read, what it
//!    returned, what it cost;
//! 3. [`review`] holds every pattern to its budget — served by a key,
//!    within its units, returning what it reads — with a hint where it
//!    fails, and [`answers`] holds a keyed read to its question: what it
//!    returns against what the Scan that asks the same finds, and why an
//!    item it misses is left out;
//! 4. [`hints`] adds to DynamoDB's error what to do about it, from the
//!    request and the table design;
//! 5. [`changes`] says what a change did: the patterns' numbers that moved,
//!    and how many patterns it fixed and broke.

pub mod answers;
pub mod changes;
pub mod derivation;
pub mod hints;
pub mod review;
pub mod sentences;
