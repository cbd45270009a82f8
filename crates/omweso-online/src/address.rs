//! What one address (IP) holds on the server, so that no single client can fill it: its open
//! connections ([`crate::Limits::connections_per_address`]), the unfinished games it hosted
//! ([`crate::Limits::games_per_address`]) and its tries at join codes and resume tokens
//! ([`crate::Limits::wrong_codes_per_second`]: a token bucket that only a wrong code takes
//! from, so that players coming back all at once after a restart are never held up).

use crate::config::Limits;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Every address's holdings, behind one lock (held for a few map operations, never across
/// an `.await` or another lock).
pub(crate) struct Addresses {
    usage: Mutex<HashMap<IpAddr, Usage>>,
    connections: usize,
    rate: f64,
    burst: f64,
}

/// One address's holdings.
struct Usage {
    connections: usize,
    /// Codes of the games it hosted that may still be unfinished (checked when it hosts
    /// again).
    hosted: Vec<String>,
    /// Tries left at codes, as of `tried`.
    tries: f64,
    tried: Instant,
}

impl Addresses {
    /// No address holds anything yet; `limits` gives the bounds.
    pub(crate) fn new(limits: &Limits) -> Addresses {
        Addresses {
            usage: Mutex::new(HashMap::new()),
            connections: limits.connections_per_address,
            rate: f64::from(limits.wrong_codes_per_second),
            burst: f64::from(limits.wrong_codes_burst.max(1)),
        }
    }

    fn with<T>(&self, ip: IpAddr, f: impl FnOnce(&mut Usage) -> T) -> T {
        let mut usage = crate::sync::lock(&self.usage);
        let burst = self.burst;
        let entry = usage.entry(ip).or_insert_with(|| Usage {
            connections: 0,
            hosted: Vec::new(),
            tries: burst,
            tried: Instant::now(),
        });
        f(entry)
    }

    /// Counts a new connection from `ip`; false (not counted) when it holds as many as it
    /// may already.
    pub(crate) fn connect(&self, ip: IpAddr) -> bool {
        let most = self.connections;
        self.with(ip, |u| {
            if u.connections >= most {
                return false;
            }
            u.connections += 1;
            true
        })
    }

    /// A connection from `ip` counted by [`Addresses::connect`] closed.
    pub(crate) fn disconnect(&self, ip: IpAddr) {
        self.with(ip, |u| u.connections = u.connections.saturating_sub(1));
    }

    /// The codes of the games `ip` hosted that may still be unfinished.
    pub(crate) fn hosted(&self, ip: IpAddr) -> Vec<String> {
        self.with(ip, |u| u.hosted.clone())
    }

    /// Notes the games `ip` hosted that are still unfinished (`open`, as the caller found
    /// them) and one more it has just hosted.
    pub(crate) fn host(&self, ip: IpAddr, open: Vec<String>, code: String) {
        self.with(ip, |u| {
            u.hosted = open;
            u.hosted.push(code);
        });
    }

    /// Whether `ip` has a try at a code left at `now`.
    pub(crate) fn may_try(&self, ip: IpAddr, now: Instant) -> bool {
        let (rate, burst) = (self.rate, self.burst);
        self.with(ip, |u| refill(u, rate, burst, now) >= 1.0)
    }

    /// `ip` got a code or a token wrong at `now`: a try is spent.
    pub(crate) fn wrong(&self, ip: IpAddr, now: Instant) {
        let (rate, burst) = (self.rate, self.burst);
        self.with(ip, |u| {
            u.tries = (refill(u, rate, burst, now) - 1.0).max(0.0);
        });
    }

    /// Forgets the addresses that hold nothing (no connection, no game hosted, every try
    /// back) as of `now`, so that the map stays as small as the clients it serves.
    pub(crate) fn prune(&self, now: Instant) {
        let (rate, burst) = (self.rate, self.burst);
        crate::sync::lock(&self.usage)
            .retain(|_, u| u.connections > 0 || !u.hosted.is_empty() || refill(u, rate, burst, now) < burst);
    }
}

/// `u`'s tries refilled up to `now`.
fn refill(u: &mut Usage, rate: f64, burst: f64, now: Instant) -> f64 {
    let passed = now.saturating_duration_since(u.tried).as_secs_f64();
    u.tried = now;
    u.tries = (u.tries + passed * rate).min(burst);
    u.tries
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn an_address_holds_its_connections_and_tries_and_no_more() {
        let limits =
            Limits { connections_per_address: 2, wrong_codes_per_second: 1, wrong_codes_burst: 2, ..Limits::default() };
        let a = Addresses::new(&limits);
        let ip: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        assert!(a.connect(ip) && a.connect(ip));
        assert!(!a.connect(ip));
        assert!(a.connect(other));
        a.disconnect(ip);
        assert!(a.connect(ip));
        let t = Instant::now();
        assert!(a.may_try(ip, t));
        a.wrong(ip, t);
        a.wrong(ip, t);
        assert!(!a.may_try(ip, t));
        assert!(a.may_try(ip, t + Duration::from_millis(1100)));
        a.disconnect(other);
        a.prune(t + Duration::from_secs(5));
        assert_eq!(crate::sync::lock(&a.usage).len(), 1, "the address holding nothing is forgotten");
    }
}
