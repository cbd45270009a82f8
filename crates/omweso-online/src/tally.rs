//! Connections refused or closed before they were seated, counted and logged in summary (one
//! line every few seconds, with the address that caused the most), never a line each: a
//! flood of them must not fill the server's log.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// Why a connection was closed unserved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Unserved {
    /// [`crate::Limits::max_connections`] were open.
    ServerFull,
    /// Its address held [`crate::Limits::connections_per_address`].
    AddressFull,
    /// No TLS, WebSocket or hello in time, or not a WebSocket handshake at all.
    Handshake,
    /// Its hello was refused (a wrong code, a game full, another version, a limit).
    Refused,
    /// It broke a rule before it was seated.
    Broken,
}

impl Unserved {
    const ALL: [Unserved; 5] =
        [Unserved::ServerFull, Unserved::AddressFull, Unserved::Handshake, Unserved::Refused, Unserved::Broken];

    fn words(self) -> &'static str {
        match self {
            Unserved::ServerFull => "over the server's connection limit",
            Unserved::AddressFull => "over an address's connection limit",
            Unserved::Handshake => "with no handshake or hello in time",
            Unserved::Refused => "refused at their hello",
            Unserved::Broken => "broke a rule before being seated",
        }
    }
}

/// The addresses counted between two summaries, at most (past it, only the totals grow).
const MAX_ADDRESSES: usize = 10_000;

/// The counts since the last summary.
#[derive(Default)]
pub(crate) struct Tally {
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    by_kind: HashMap<Unserved, u64>,
    by_address: HashMap<IpAddr, u64>,
    /// The last reason seen of each kind, for the summary.
    example: HashMap<Unserved, String>,
}

impl Tally {
    /// Counts one connection from `ip` closed unserved, and why (`reason`, made only when
    /// it is kept as the example).
    pub(crate) fn count(&self, kind: Unserved, ip: IpAddr, reason: impl FnOnce() -> String) {
        let mut counts = crate::sync::lock(&self.counts);
        *counts.by_kind.entry(kind).or_default() += 1;
        if counts.by_address.len() < MAX_ADDRESSES || counts.by_address.contains_key(&ip) {
            *counts.by_address.entry(ip).or_default() += 1;
        }
        counts.example.entry(kind).or_insert_with(reason);
    }

    /// The summary of the counts since the last one (and starts again), if there were any.
    pub(crate) fn summary(&self) -> Option<String> {
        let counts = std::mem::take(&mut *crate::sync::lock(&self.counts));
        let total: u64 = counts.by_kind.values().sum();
        if total == 0 {
            return None;
        }
        let parts: Vec<String> = Unserved::ALL
            .into_iter()
            .filter_map(|k| {
                let n = counts.by_kind.get(&k)?;
                let example = counts.example.get(&k).map(|e| format!(" (e.g. {e})")).unwrap_or_default();
                Some(format!("{n} {}{example}", k.words()))
            })
            .collect();
        let top = counts.by_address.iter().max_by_key(|(_, n)| **n).map(|(ip, n)| format!("; most from {ip}: {n}"));
        Some(format!("{total} connections closed unserved: {}{}", parts.join(", "), top.unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_is_one_line() {
        let t = Tally::default();
        let ip: IpAddr = [10, 0, 0, 1].into();
        for _ in 0..1000 {
            t.count(Unserved::AddressFull, ip, || "x".into());
        }
        t.count(Unserved::Refused, [10, 0, 0, 2].into(), || "no game has the code 0000000000".into());
        let line = t.summary().unwrap();
        assert!(line.starts_with("1001 connections closed unserved: 1000 over an address's"), "{line}");
        assert!(line.contains("most from 10.0.0.1: 1000") && !line.contains('\n'), "{line}");
        assert_eq!(t.summary(), None);
    }
}
