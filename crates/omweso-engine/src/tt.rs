//! Zobrist hashing of a whole game state and the transposition table.

use omweso_rules::{GameState, TOTAL_SEEDS};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// SplitMix64: a fast, well-mixed 64-bit generator, used for the Zobrist keys and for
/// deterministic noise.
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const COUNTS: usize = TOTAL_SEEDS as usize + 1;

struct Keys {
    /// One key per hole and count 0..=64 (the count 0 key is 0 so empty holes cost nothing).
    holes: [[u64; COUNTS]; 32],
    upper_to_move: u64,
    first_move: [u64; 2],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Box<Keys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut k = Box::new(Keys { holes: [[0; COUNTS]; 32], upper_to_move: 0, first_move: [0; 2] });
        let mut x = 0x0A17_E550_u64;
        let mut next = || {
            x = splitmix(x);
            x
        };
        for hole in k.holes.iter_mut() {
            for key in hole.iter_mut().skip(1) {
                *key = next();
            }
        }
        k.upper_to_move = next();
        k.first_move = [next(), next()];
        k
    })
}

/// The Zobrist key of a full game state: the 32 counts, the side to move, the first-move
/// flags and both capture counts. The rule options are the same throughout a search and
/// are not hashed.
pub fn hash(state: &GameState) -> u64 {
    let k = keys();
    let mut h = 0u64;
    for (i, &c) in state.position().counts().iter().enumerate() {
        h ^= k.holes[i][(c as usize).min(COUNTS - 1)];
    }
    if state.to_move().index() == 1 {
        h ^= k.upper_to_move;
    }
    for (i, pending) in state.first_moves().pending().into_iter().enumerate() {
        if pending {
            h ^= k.first_move[i];
        }
    }
    let [l, u] = state.captures();
    if (l, u) != (0, 0) {
        h ^= splitmix(0xC0FF_EE00_0000 ^ (l as u64) ^ ((u as u64) << 16));
    }
    h
}

/// How a stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing stored.
    None,
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full key, to detect collisions of the index.
    pub key: u64,
    /// Score, with win distances relative to this node.
    pub score: i32,
    /// Remaining depth searched.
    pub depth: u8,
    /// How `score` bounds the true score.
    pub bound: Bound,
    /// Index of the best move in generation order ([`GameState::generate`], for a
    /// `Successor` or a `Child` alike).
    pub best: u8,
}

impl Entry {
    /// The entry without its key, in 64 bits: score (32), depth (8), bound (2), best (8).
    /// A stored entry never packs to 0 (its bound is never `None`), so 0 is an empty slot.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::None => 0u64,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        (self.score as u32 as u64) | (self.depth as u64) << 32 | bound << 40 | (self.best as u64) << 42
    }

    fn unpack(key: u64, data: u64) -> Entry {
        let bound = match (data >> 40) & 3 {
            0 => Bound::None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry { key, score: data as u32 as i32, depth: (data >> 32) as u8, bound, best: (data >> 42) as u8 }
    }
}

/// One slot: the packed entry and the key XOR the packed entry. A slot written by two
/// threads at once, or read while written, has halves that do not match: its key check
/// fails and it reads as empty (the "lockless" table of chess engines).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size, always-replace-unless-deeper transposition table, shared by the threads
/// of one search without locks.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table { slots: (0..size).map(|_| Slot::default()).collect(), mask: size - 1 }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data != 0 && check ^ data == key).then(|| Entry::unpack(key, data))
    }

    /// Stores a result; an entry of the same key is always replaced, another key only by a
    /// result at least nearly as deep.
    #[inline]
    pub fn store(&self, entry: Entry) {
        let slot = &self.slots[entry.key as usize & self.mask];
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
        let old_depth = (old >> 32) as u8;
        if old == 0 || old_key == entry.key || entry.depth as u32 + 2 >= old_depth as u32 {
            let data = entry.pack();
            slot.check.store(entry.key ^ data, Ordering::Relaxed);
            slot.data.store(data, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(text: &str) -> GameState {
        text.parse().unwrap()
    }

    #[test]
    fn hash_sees_every_part_of_the_state() {
        let base = state("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");
        let h = hash(&base);
        assert_eq!(h, hash(&base.clone()));
        for other in [
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / L none 1,0",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 2,0",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,1",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U upper 1,0",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JK, 5P / U none 1,0",
        ] {
            assert_ne!(h, hash(&state(other)), "{other}");
        }
    }

    #[test]
    fn table_stores_and_probes() {
        let t = Table::new(4);
        assert!(t.probe(17).is_none());
        t.store(Entry { key: 17, score: 5, depth: 3, bound: Bound::Exact, best: 2 });
        let e = t.probe(17).unwrap();
        assert_eq!((e.score, e.depth, e.best), (5, 3, 2));
        assert!(t.probe(17 + 16).is_none());
        // Negative scores, every bound and the largest fields survive packing.
        for (score, bound) in [(-123_456, Bound::Lower), (99_000, Bound::Upper), (i32::MIN + 1, Bound::Exact)] {
            t.store(Entry { key: 99, score, depth: 255, bound, best: 254 });
            let e = t.probe(99).unwrap();
            assert_eq!((e.score, e.depth, e.bound, e.best), (score, 255, bound, 254));
        }
        // A shallower result for another key in the same slot does not replace a deep one.
        t.store(Entry { key: 99 + 16, score: 1, depth: 1, bound: Bound::Exact, best: 0 });
        assert!(t.probe(99).is_some() && t.probe(99 + 16).is_none());
    }
}
