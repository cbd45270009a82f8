//! The tables and bit tricks of the lap engine ([`super::Laps`]): what a lap drops into
//! each hole (less the seeds lifted from its origin, for a relay or a start), and the masks
//! of the holes a lap may capture from or start a clockwise lap from (RULES.md 3.2–3.5).

use crate::hole::Direction;

/// The most seeds in hand: every seed of the board (RULES.md §1).
pub(super) const MOST_SEEDS: usize = 64;

/// The laps of one section of [`DROPS`]: every seed count (0 to 64) from every origin.
const SECTION: usize = (MOST_SEEDS + 1) * 16;

/// The seeds a lap drops into each of the mover's 16 holes (by track index), for every
/// direction, seed count (0 to 64: a lap of 16 or more goes round and passes its origin
/// too, RULES.md 3.2) and origin; at [`lap_index`]`(direction, origin, seeds)`. One vector
/// add of bytes sows a whole lap, laps that go round included (a count never exceeds 64, so
/// no byte overflows).
///
/// A third section, at [`lifted_lap_index`], holds the anticlockwise laps sown from an
/// origin whose seeds are in hand but still counted on the board (a relay, or the start
/// hole): the same drops, less the seeds lifted from the origin (wrapping, so that the one
/// add also empties the origin). A lap then costs one add rather than a store of its own to
/// empty the origin, which a processor cannot forward to the 16 bytes the lap reads, or a
/// mask.
pub(super) static DROPS: [[u8; 16]; 3 * SECTION] = {
    let mut table = [[0u8; 16]; 3 * SECTION];
    let mut i = 0;
    while i < 2 * SECTION {
        // Each entry is the one with a seed fewer plus the hole of the new last seed.
        let (clockwise, seeds, origin) = (i >= SECTION, (i / 16) % (MOST_SEEDS + 1), i % 16);
        if seeds != 0 {
            table[i] = table[i - 16];
            table[i][last_hole(clockwise, origin, seeds as u32)] += 1;
        }
        i += 1;
    }
    while i < 3 * SECTION {
        let (seeds, origin) = ((i / 16) % (MOST_SEEDS + 1), i % 16);
        table[i] = table[i - 2 * SECTION];
        table[i][origin] = table[i][origin].wrapping_sub(seeds as u8);
        i += 1;
    }
    table
};

/// The index of a lap into [`DROPS`]: one flat table, so that the direction costs an index
/// rather than a choice between tables.
#[inline(always)]
pub(super) const fn lap_index(direction: Direction, origin: usize, seeds: u32) -> usize {
    (direction as usize * (MOST_SEEDS + 1) + seeds as usize) * 16 + (origin & 15)
}

/// The index into [`DROPS`] of an anticlockwise lap of `seeds` seeds from `origin`, when
/// `lifted` says the origin still holds those seeds on the board (exactly `seeds` of them):
/// the lap's add then empties it too.
#[inline(always)]
pub(super) const fn lifted_lap_index(lifted: bool, origin: usize, seeds: u32) -> usize {
    lifted as usize * 2 * SECTION + lap_index(Direction::Anticlockwise, origin, seeds)
}

/// The track where a lap of `seeds` seeds from `origin` drops its last seed, clockwise or
/// anticlockwise (RULES.md 3.2, 3.5).
#[inline(always)]
pub(super) const fn last_hole(clockwise: bool, origin: usize, seeds: u32) -> usize {
    let step = if clockwise { (seeds as usize).wrapping_neg() } else { seeds as usize };
    origin.wrapping_add(step) & 15
}

/// Bit `t` set for the tracks of the four leftmost holes a, b, i, j (A, B, I, J), the only
/// origins of a clockwise lap ([`crate::hole::is_leftmost_track`]).
pub(super) const LEFTMOST_TRACKS: u16 = (1 << 0) | (1 << 1) | (1 << 14) | (1 << 15);

/// Adds `drops` to the counts of `holes`, byte by byte (one vector add).
#[inline(always)]
pub(super) fn sow_bytes(holes: &mut [u8; 16], drops: &[u8; 16]) {
    for (count, drop) in holes.iter_mut().zip(drops) {
        *count = count.wrapping_add(*drop);
    }
}

/// A `u128` with the byte `b` for each of a side's 16 holes.
pub(super) const fn every_byte(b: u8) -> u128 {
    u128::from_le_bytes([b; 16])
}

/// The mover's front tracks (8..16) from which a lap's capture would take seeds against
/// the opponent's holes `theirs` (RULES.md 3.3): bit `t` set when both holes opposite track
/// `t` hold seeds.
#[inline(always)]
pub(super) fn capturable(theirs: &[u8; 16]) -> u16 {
    let side = u128::from_le_bytes(*theirs);
    // Opposite the mover's front track 8 + c: the opponent's back track c (byte c of the
    // low half) and front track 15 - c (byte 7 - c of the high half, byte c once swapped).
    let (back, front) = (side as u64, ((side >> 64) as u64).swap_bytes());
    // Per byte: the high bit set when the byte is nonzero; then both, gathered by a multiply.
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let nonzero = |x: u64| (((x & LOW7) + LOW7) | x) & !LOW7;
    let both = nonzero(back) & nonzero(front);
    (((both >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16) << 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hole::is_leftmost_track;

    #[test]
    fn the_leftmost_tracks_are_those_of_a_b_i_j() {
        for track in 0..16 {
            assert_eq!((LEFTMOST_TRACKS >> track) & 1 != 0, is_leftmost_track(track), "{track}");
        }
    }

    #[test]
    fn the_capturable_mask_is_the_front_holes_facing_two_occupied_holes() {
        for seed in 0..300u32 {
            let theirs: [u8; 16] = std::array::from_fn(|t| ((seed * 31 + t as u32 * 17 + seed / 5) % 4) as u8 * 7 % 5);
            let expected = (0..16).fold(0u16, |mask, t| match crate::hole::opposite_tracks(t) {
                Some((front, back)) if theirs[front] != 0 && theirs[back] != 0 => mask | 1 << t,
                _ => mask,
            });
            assert_eq!(capturable(&theirs), expected, "{theirs:?}");
        }
    }
}
