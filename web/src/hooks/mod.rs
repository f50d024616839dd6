//! The page's own hooks: what several components need from the store
//! beyond drawing it.
//!
//! - [`reply::use_reply`] hands a panel each answer to a change it asked
//!   the store for, once (the store runs the change; the panel shows what
//!   it did or why it was refused).

pub mod reply;
