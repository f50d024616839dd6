//! DescribeLimits and DescribeEndpoints: what the account may provision and
//! where to send requests — the calls SDKs and tools make before they touch
//! a table.

use super::Engine;

/// DescribeLimits' answer: DynamoDB's default quotas for a Region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `AccountMaxReadCapacityUnits`.
    pub account_max_read: u64,
    /// `AccountMaxWriteCapacityUnits`.
    pub account_max_write: u64,
    /// `TableMaxReadCapacityUnits`.
    pub table_max_read: u64,
    /// `TableMaxWriteCapacityUnits`.
    pub table_max_write: u64,
}

/// The default quotas: 80,000 read and write units for the account, 40,000
/// for one table (developer guide, "Service, account, and table quotas").
pub const DEFAULT_LIMITS: Limits = Limits {
    account_max_read: 80_000,
    account_max_write: 80_000,
    table_max_read: 40_000,
    table_max_write: 40_000,
};

/// How long a client may keep DescribeEndpoints' answer, as DynamoDB says.
pub const ENDPOINT_CACHE_MINUTES: u64 = 1440;

/// Where requests go when no server has said otherwise.
pub const DEFAULT_ENDPOINT: &str = "localhost:8000";

impl Engine {
    /// DescribeLimits.
    pub fn describe_limits(&self) -> Limits {
        DEFAULT_LIMITS
    }

    /// DescribeEndpoints: the address requests should go to.
    pub fn describe_endpoints(&self) -> &str {
        self.endpoint.as_deref().unwrap_or(DEFAULT_ENDPOINT)
    }

    /// Tells the engine the address it is served on (`host:port`), for
    /// DescribeEndpoints.
    pub fn set_endpoint(&mut self, address: impl Into<String>) {
        self.endpoint = Some(address.into());
    }
}
