//! Static evaluation: how good a state is for the player to move, in hundredths of a seed
//! (a seed on one's own side is worth [`SEED`]).
//!
//! Terms (RULES.md §3–§4): material; mobility (holes with 2+ seeds, the only playable ones —
//! a side without any has lost); the biggest capture each side could make with the first lap
//! of a move, anticlockwise or, from a, b, i, j, clockwise (reverse capture); and exposed
//! columns (own front and back hole in one column both occupied: capturable).

use crate::rules::{GameState, column_partner_track, is_leftmost_track, opposite_tracks};

/// The value of one seed.
pub const SEED: i32 = 100;
const MOBILITY: i32 = 30;
const LOW_MOBILITY: [i32; 4] = [400, 180, 70, 20];
const THREAT_MOVER_PCT: i32 = 60;
const THREAT_WAITER_PCT: i32 = 25;
const EXPOSED_PCT: i32 = 6;

/// The evaluation of `state` for the player to move.
pub fn evaluate(state: &GameState) -> i32 {
    let c = state.position().counts();
    let me = state.to_move().index();
    let opp = 1 - me;
    let pending = state.first_moves().pending();
    let (mine, theirs) = (side(c, me), side(c, opp));

    let own = mine.iter().map(|&x| x as i32).sum::<i32>();
    let mut score = (2 * own - 64) * SEED;

    let (mob_me, mob_opp) = (mobility(&mine), mobility(&theirs));
    score += (mob_me - mob_opp) * MOBILITY;
    score -= LOW_MOBILITY.get(mob_me as usize).copied().unwrap_or(0);
    score += LOW_MOBILITY.get(mob_opp as usize).copied().unwrap_or(0);

    let my_threat = if pending[me] { 0 } else { best_capture(&mine, &theirs) };
    // The waiting side's first move may capture only if it has already moved once.
    let their_threat = if pending[opp] { 0 } else { best_capture(&theirs, &mine) };
    score += my_threat * SEED * THREAT_MOVER_PCT / 100;
    score -= their_threat * SEED * THREAT_WAITER_PCT / 100;
    score -= exposed(&mine) * SEED * EXPOSED_PCT / 100;
    score += exposed(&theirs) * SEED * EXPOSED_PCT / 100;
    score
}

fn side(c: &[u8; 32], s: usize) -> [u8; 16] {
    let mut out = [0; 16];
    out.copy_from_slice(&c[s * 16..s * 16 + 16]);
    out
}

fn mobility(holes: &[u8; 16]) -> i32 {
    holes.iter().filter(|&&x| x >= 2).count() as i32
}

/// Seeds in columns whose front and back holes are both occupied.
fn exposed(holes: &[u8; 16]) -> i32 {
    (8..16)
        .map(|t| {
            let back = column_partner_track(t);
            if holes[t] > 0 && holes[back] > 0 { (holes[t] + holes[back]) as i32 } else { 0 }
        })
        .sum()
}

/// The most seeds the first lap of one move could capture for the owner of `mine`.
fn best_capture(mine: &[u8; 16], theirs: &[u8; 16]) -> i32 {
    let mut best = 0;
    for (h, &n) in mine.iter().enumerate() {
        let n = n as usize;
        if n < 2 || n.is_multiple_of(16) {
            continue;
        }
        let passes = (n - 1) / 16;
        let mut check = |t: usize| {
            if let Some((front, back)) = opposite_tracks(t)
                && mine[t] as usize + passes > 0
            {
                let (f, b) = (theirs[front], theirs[back]);
                if f > 0 && b > 0 {
                    best = best.max((f + b) as i32);
                }
            }
        };
        check((h + n) & 15);
        if is_leftmost_track(h) {
            check((h + 16 - n % 16) & 15);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(text: &str) -> GameState {
        text.parse().unwrap()
    }

    #[test]
    fn symmetric_between_the_sides() {
        // The same board seen from the other side: Lower's holes become Upper's.
        let a = state("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,1");
        let b = state("5de, 3g, 1jl, 5p; 11A, 5B, 2C, 1D, 5E, 2G, 7H, 1JK, 3N-P / L none 1,1");
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn more_seeds_is_better() {
        let rich = state("4a-h, 2i-p; 1A-P / L none 1,1");
        assert!(evaluate(&rich) > 10 * SEED);
        let poor = state("4a-h, 2i-p; 1A-P / U none 1,1");
        assert!(evaluate(&poor) < -10 * SEED);
    }

    #[test]
    fn sees_a_capture_by_the_first_lap() {
        // Lower's o (2 seeds) ends in h (occupied), facing A and I: a threat worth 2.
        let c = state("1h, 2o, 29p; 1A, 1I, 30P / L none 1,1").position().counts().to_owned();
        let (mine, theirs) = (side(&c, 0), side(&c, 1));
        assert_eq!(best_capture(&mine, &theirs), 2);
    }
}
