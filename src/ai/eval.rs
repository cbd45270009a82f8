//! Static evaluation: how good a state is for the player to move, in hundredths of a seed
//! (a seed on one's own side is worth [`SEED`]).
//!
//! Terms (RULES.md §3–§4): material; mobility (holes with 2+ seeds, the only playable ones —
//! a side without any has lost); the biggest capture each side could make with the first lap
//! of a move, anticlockwise or, from a, b, i, j, clockwise (reverse capture); and exposed
//! columns (own front and back hole in one column both occupied: capturable).

use crate::rules::GameState;

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

    if !pending[me] {
        score += best_capture(&mine, &theirs) * SEED * THREAT_MOVER_PCT / 100;
    }
    // The waiting side's first move may capture only if it has already moved once.
    if !pending[opp] {
        score -= best_capture(&theirs, &mine) * SEED * THREAT_WAITER_PCT / 100;
    }
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
            // Own front hole t shares its column with own back hole 15 - t.
            let back = 15 - t;
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
            if t >= 8 && mine[t] as usize + passes > 0 {
                let (f, b) = (theirs[23 - t], theirs[t - 8]);
                if f > 0 && b > 0 {
                    best = best.max((f + b) as i32);
                }
            }
        };
        check((h + n) & 15);
        if matches!(h, 0 | 1 | 14 | 15) {
            check((h + 16 - n % 16) & 15);
        }
    }
    best
}
