//! What requests cost: on-demand prices per million request units, and
//! how many times a month the application makes each request.

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
    /// Dollars a month for a request that costs `per_million` dollars per
    /// million requests.
    pub fn monthly(&self, per_million: f64) -> f64 {
        per_million * self.requests_per_month / 1_000_000.0
    }
}
