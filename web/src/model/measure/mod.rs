//! Measuring a pattern on the data, with the engine's own numbers.
//!
//! 1. [`reads`] runs a read to its last page, as an application pages it,
//!    and sums what every page read, returned and cost; [`partition_load`]
//!    says on which partitions the units landed.
//! 2. [`compare`] measures a pattern as itself and the other ways it could
//!    be served — Query + filter, Scan + filter — for the comparison;
//!    [`statement_runs`] does the same for PartiQL, [`write_cost`] for a
//!    write and [`transaction_cost`] for a transaction, each undone after.
//! 3. [`request_run`] runs the request the learner typed in the runner,
//!    as itself, as PartiQL or over a sharded key, and says what it read
//!    and which keys it wrote.
//! 4. [`sharding`] spreads a hot key over N suffixes: a write goes to one
//!    shard, a Query gathers them all.
//! 5. [`throughput`] sets every partition's units a second, at the
//!    patterns' request rates, against DynamoDB's per-partition limits;
//!    [`prices`] turns units into dollars a month.
//! 6. [`coverage`] checks that a keyed read still answers its question:
//!    the items it returns against those the Scan that asks the same
//!    finds, matched by key.

pub mod compare;
pub mod coverage;
pub mod partition_load;
pub mod prices;
pub mod reads;
pub mod request_run;
pub mod sharding;
pub mod statement_runs;
pub mod throughput;
pub mod transaction_cost;
pub mod write_cost;
