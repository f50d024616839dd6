//! Which `Host` headers the server answers: the names of the address it
//! listens on, and no others.
//!
//! A web page can make the browser send requests to 127.0.0.1, but not
//! with 127.0.0.1 as the `Host`: a page served from `evil.example` that
//! rebinds that name to 127.0.0.1 still sends `Host: evil.example`. So a
//! request is answered only when its host is
//!
//! - a loopback name or address: `localhost`, `127.0.0.1` (any of
//!   127.0.0.0/8), `[::1]`;
//! - the address the server is bound to, and, when it is bound to every
//!   interface (`0.0.0.0` or `[::]`), any IP address — a literal address
//!   names no domain a page could rebind;
//! - a name given with `--allow-host` (for a container's or a machine's
//!   own name).
//!
//! The port in the header is not checked: clients behind a forwarded port
//! name the port they connected to.

use std::net::{IpAddr, SocketAddr};

/// The hosts a server answers.
#[derive(Clone, Debug)]
pub struct Hosts {
    bound: IpAddr,
    allowed: Vec<String>,
}

impl Hosts {
    /// The hosts of a server listening on `address`, with the extra names
    /// of `--allow-host`.
    pub fn for_address(address: SocketAddr, allowed: &[String]) -> Hosts {
        Hosts {
            bound: address.ip(),
            allowed: allowed.iter().map(|h| h.to_ascii_lowercase()).collect(),
        }
    }

    /// True when a request with this `Host` header is answered.
    pub fn allows(&self, host: &str) -> bool {
        let name = without_port(host).to_ascii_lowercase();
        if name == "localhost" || name.ends_with(".localhost") {
            return true;
        }
        if self.allowed.contains(&name) {
            return true;
        }
        // An IPv6 address is written in brackets, whole.
        let literal = match name.strip_prefix('[') {
            Some(rest) => match rest.strip_suffix(']') {
                Some(inside) => inside,
                None => return false,
            },
            None => name.as_str(),
        };
        match literal.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || ip == self.bound || self.bound.is_unspecified(),
            Err(_) => false,
        }
    }
}

/// `host:port`, `[v6]:port`, `[v6]` or `host`, without the port.
fn without_port(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return match rest.find(']') {
            Some(end) => &host[..end + 2],
            None => host,
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(address: &str, allowed: &[&str]) -> Hosts {
        let allowed: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        Hosts::for_address(address.parse().unwrap(), &allowed)
    }

    #[test]
    fn loopback_names_are_answered_with_any_port() {
        let hosts = on("127.0.0.1:8000", &[]);
        for host in [
            "127.0.0.1:8000",
            "127.0.0.1",
            "localhost:8000",
            "LOCALHOST",
            "[::1]:8000",
            "[::1]",
            "127.0.0.2:9",
            "app.localhost:8000",
        ] {
            assert!(hosts.allows(host), "{host}");
        }
    }

    #[test]
    fn a_rebound_name_or_another_address_is_refused() {
        let hosts = on("127.0.0.1:8000", &[]);
        for host in [
            "evil.example",
            "evil.example:8000",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "192.168.1.20:8000",
            "",
            "[::1",
        ] {
            assert!(!hosts.allows(host), "{host}");
        }
    }

    #[test]
    fn allowed_names_and_a_server_on_every_interface() {
        let hosts = on("127.0.0.1:8000", &["ddb.internal"]);
        assert!(hosts.allows("DDB.internal:8000"));
        assert!(!hosts.allows("other.internal"));
        let everywhere = on("0.0.0.0:8000", &[]);
        assert!(everywhere.allows("192.168.1.20:8000"));
        assert!(everywhere.allows("[fe80::1]:8000"));
        assert!(!everywhere.allows("evil.example"));
        let bound = on("192.168.1.20:8000", &[]);
        assert!(bound.allows("192.168.1.20"));
        assert!(!bound.allows("192.168.1.21"));
    }
}
