//! What a change to the table sets off: its stream and time to live.
//!
//! 1. [`stream_handler`] is the function the learner attaches to the
//!    stream: on one kind of change to one kind of item, one UpdateItem on
//!    another item, to keep an aggregate;
//! 2. [`backfill`] applies it to every item already there, as when a
//!    handler is deployed on a table that is not empty;
//! 3. [`change_log`] shows the stream's records, newest first, and
//!    delivers them to the handler — all pending, or the last one again;
//! 4. [`ttl`] moves the engine's clock and deletes what is due, each
//!    deletion a REMOVE record as DynamoDB's background process makes it.

pub mod backfill;
pub mod change_log;
pub mod stream_handler;
pub mod ttl;
