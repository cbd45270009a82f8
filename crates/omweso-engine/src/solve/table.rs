//! The solver's tables of proof and disproof numbers, keyed by the Zobrist key of a
//! position ([`crate::hash`]): [`Local`] for one thread, [`Shared`] for several searching
//! together, as the search's threads share theirs. Both are bounded: when full, the
//! positions neither proven nor disproven are dropped (a proven or disproven one is kept
//! while there is room: the proof is taken out of them).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

/// Proof and disproof numbers of one position.
pub(super) type Numbers = (u32, u32);

/// What the search asks of a table.
pub(super) trait Table {
    /// The numbers kept for `key`, if any.
    fn get(&self, key: u64) -> Option<Numbers>;
    /// Keeps `numbers` for `key` (or nothing, when the table is full of settled positions).
    fn put(&mut self, key: u64, numbers: Numbers);
    /// Another handle on the same table for a helper thread; `None` when it cannot be
    /// shared.
    fn share(&self) -> Option<Self>
    where
        Self: Sized;
}

/// The map's hasher: the keys are Zobrist keys already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(*b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Map = HashMap<u64, Numbers, BuildHasherDefault<KeyHasher>>;

/// Keeps `numbers` in `map`, bounded by `limit` positions.
fn put_bounded(map: &mut Map, limit: usize, key: u64, numbers: Numbers) {
    if map.len() >= limit && !map.contains_key(&key) {
        map.retain(|_, (pn, dn)| *pn == 0 || *dn == 0);
        if map.len() >= limit {
            return;
        }
    }
    map.insert(key, numbers);
}

/// One thread's table: at most `limit` positions.
pub(super) struct Local {
    map: Map,
    limit: usize,
}

impl Local {
    pub(super) fn new(limit: usize) -> Local {
        Local { map: Map::default(), limit }
    }
}

impl Table for Local {
    fn get(&self, key: u64) -> Option<Numbers> {
        self.map.get(&key).copied()
    }
    fn put(&mut self, key: u64, numbers: Numbers) {
        put_bounded(&mut self.map, self.limit, key, numbers);
    }
    fn share(&self) -> Option<Local> {
        None
    }
}

/// Shards of the shared table: threads rarely meet on one lock.
const SHARDS: usize = 64;

/// A table for several threads: shards of maps, each behind its own lock, together at
/// most `limit` positions.
pub(super) struct Shared {
    shards: Vec<Mutex<Map>>,
    limit: usize,
}

impl Shared {
    pub(super) fn new(limit: usize) -> Shared {
        Shared { shards: (0..SHARDS).map(|_| Mutex::new(Map::default())).collect(), limit: (limit / SHARDS).max(1) }
    }

    /// The shard of `key`: bits the maps themselves use little (they take the low bits
    /// for the bucket and the top seven for the tag).
    fn shard(&self, key: u64) -> std::sync::MutexGuard<'_, Map> {
        // A thread that panicked mid-insert leaves a map that is still a map.
        self.shards[(key >> 40) as usize % SHARDS].lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Table for &Shared {
    fn get(&self, key: u64) -> Option<Numbers> {
        self.shard(key).get(&key).copied()
    }
    fn put(&mut self, key: u64, numbers: Numbers) {
        put_bounded(&mut self.shard(key), self.limit, key, numbers);
    }
    fn share(&self) -> Option<Self> {
        Some(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(table: &mut impl Table, limit: u64) {
        // Settled positions first, then open ones beyond the limit.
        table.put(1 << 40, (0, u32::MAX));
        table.put(2 << 40, (u32::MAX, 0));
        for k in 3..limit * 2 {
            table.put(k << 40, (1, 1));
        }
    }

    #[test]
    fn a_full_table_drops_open_positions_and_keeps_settled_ones() {
        let mut local = Local::new(64);
        fill(&mut local, 64);
        assert_eq!(local.get(1 << 40), Some((0, u32::MAX)));
        assert_eq!(local.get(2 << 40), Some((u32::MAX, 0)));
        assert!(local.map.len() <= 64, "{}", local.map.len());
        let shared = Shared::new(64 * SHARDS);
        let mut handle = &shared;
        fill(&mut handle, 64 * SHARDS as u64);
        assert_eq!(handle.get(1 << 40), Some((0, u32::MAX)));
        assert_eq!(handle.get(2 << 40), Some((u32::MAX, 0)));
        let kept: usize = shared.shards.iter().map(|s| s.lock().map(|m| m.len()).unwrap_or(0)).sum();
        assert!(kept <= 64 * SHARDS, "{kept}");
        assert!(local.share().is_none() && handle.share().is_some());
    }

    #[test]
    fn a_shared_table_is_one_table_for_every_handle() {
        let shared = Shared::new(1 << 16);
        let (mut a, b) = (&shared, (&shared).share().expect("shared"));
        a.put(12345, (3, 4));
        assert_eq!(b.get(12345), Some((3, 4)));
        assert_eq!(b.get(54321), None);
    }
}
