//! What requests cost: on-demand prices per million request units, and
//! how many times a month the application makes each request.

use crate::limits::{MAX_PRICE, MAX_REQUESTS_PER_MONTH};

/// On-demand prices, in dollars per million request units, and how many
/// times a month the application makes the request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prices {
    pub read_per_million: f64,
    pub write_per_million: f64,
    pub requests_per_month: f64,
}

impl Default for Prices {
    fn default() -> Prices {
        Prices {
            read_per_million: 0.125,
            write_per_million: 0.625,
            requests_per_month: 1_000_000.0,
        }
    }
}

impl Prices {
    /// True for a price the page works with: 0 to [`MAX_PRICE`] dollars.
    pub fn is_price(price: f64) -> bool {
        price.is_finite() && (0.0..=MAX_PRICE).contains(&price)
    }

    /// True for a number of requests a month the page works with: 0 to
    /// [`MAX_REQUESTS_PER_MONTH`].
    pub fn is_requests_per_month(n: f64) -> bool {
        n.is_finite() && (0.0..=MAX_REQUESTS_PER_MONTH).contains(&n)
    }

    /// Dollars a month for a request that costs `per_million` dollars per
    /// million requests.
    pub fn monthly(&self, per_million: f64) -> f64 {
        per_million * self.requests_per_month / 1_000_000.0
    }
}
