//! Static evaluation: how good a state is for the player to move, in hundredths of a seed
//! (a seed on one's own side is worth [`SEED`]).
//!
//! Terms (RULES.md §3–§4): material; mobility (holes with 2+ seeds, the only playable ones —
//! a side without any has lost); the biggest capture each side could make with the first lap
//! of a move, anticlockwise or, from a, b, i, j, clockwise (reverse capture); and exposed
//! columns (own front and back hole in one column both occupied: capturable).

use omweso_rules::{GameState, column_partner_track, is_leftmost_track, opposite_tracks};

/// The value of one seed.
pub const SEED: i32 = 100;

/// The terms of the evaluation, each from the point of view of the player to move (`me`)
/// against the other (`them`); [`WEIGHTS`] gives each its value in hundredths of a seed.
pub const FEATURES: usize = 19;

/// Names of the terms, in the order of [`features`] (for the tuner's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "material",
    "mobility",
    "my mobility 0",
    "my mobility 1",
    "my mobility 2",
    "my mobility 3",
    "their mobility 0",
    "their mobility 1",
    "their mobility 2",
    "their mobility 3",
    "my threat",
    "their threat",
    "my exposed",
    "their exposed",
    "front row",
    "singletons",
    "capturing holes",
    "to move",
    "empty holes",
];

/// The weight of each term of [`features`], in hundredths of a seed per unit.
pub const WEIGHTS: [i32; FEATURES] =
    [SEED, 34, -400, -180, -69, -30, 400, 180, 69, 16, 92, -15, 38, -5, -21, 25, 59, -87, -29];

/// The evaluation of `state` for the player to move.
pub fn evaluate(state: &GameState) -> i32 {
    evaluate_with(&WEIGHTS, state)
}

/// The evaluation of `state` for the player to move with other weights (for tuning).
pub fn evaluate_with(weights: &[i32; FEATURES], state: &GameState) -> i32 {
    features(state).iter().zip(weights).map(|(f, w)| f * w).sum()
}

/// The terms of the evaluation of `state` (RULES.md §3–§4), from the point of view of the
/// player to move: see [`FEATURE_NAMES`].
pub fn features(state: &GameState) -> [i32; FEATURES] {
    let c = state.position().counts();
    let me = state.to_move().index();
    let opp = 1 - me;
    let pending = state.first_moves().pending();
    let (mine, theirs) = (side(c, me), side(c, opp));
    let mut f = [0; FEATURES];

    let own = mine.iter().map(|&x| x as i32).sum::<i32>();
    f[0] = 2 * own - 64;
    let (mob_me, mob_opp) = (mobility(&mine), mobility(&theirs));
    f[1] = mob_me - mob_opp;
    if mob_me < 4 {
        f[2 + mob_me as usize] = 1;
    }
    if mob_opp < 4 {
        f[6 + mob_opp as usize] = 1;
    }
    // The waiting side's first move may capture only if it has already moved once.
    let (my_threat, my_capturing) = if pending[me] { (0, 0) } else { best_capture(&mine, &theirs) };
    let (their_threat, their_capturing) = if pending[opp] { (0, 0) } else { best_capture(&theirs, &mine) };
    f[10] = my_threat;
    f[11] = their_threat;
    f[12] = exposed(&mine);
    f[13] = exposed(&theirs);
    f[14] = front_row(&mine) - front_row(&theirs);
    f[15] = count(&mine, 1) - count(&theirs, 1);
    f[16] = my_capturing - their_capturing;
    f[17] = 1;
    f[18] = count(&mine, 0) - count(&theirs, 0);
    f
}

fn side(c: &[u8; 32], s: usize) -> [u8; 16] {
    let mut out = [0; 16];
    out.copy_from_slice(&c[s * 16..s * 16 + 16]);
    out
}

fn mobility(holes: &[u8; 16]) -> i32 {
    holes.iter().filter(|&&x| x >= 2).count() as i32
}

fn count(holes: &[u8; 16], seeds: u8) -> i32 {
    holes.iter().filter(|&&x| x == seeds).count() as i32
}

/// Seeds in the front row (tracks 8..16).
fn front_row(holes: &[u8; 16]) -> i32 {
    holes[8..].iter().map(|&x| x as i32).sum()
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

/// The most seeds the first lap of one move could capture for the owner of `mine`, and
/// the number of holes from which a first lap captures.
fn best_capture(mine: &[u8; 16], theirs: &[u8; 16]) -> (i32, i32) {
    let (mut best, mut holes) = (0, 0);
    for (h, &n) in mine.iter().enumerate() {
        let n = n as usize;
        if n < 2 || n.is_multiple_of(16) {
            continue;
        }
        let passes = (n - 1) / 16;
        let mut captures = false;
        let mut check = |t: usize| {
            if let Some((front, back)) = opposite_tracks(t)
                && mine[t] as usize + passes > 0
            {
                let (f, b) = (theirs[front], theirs[back]);
                if f > 0 && b > 0 {
                    best = best.max((f + b) as i32);
                    captures = true;
                }
            }
        };
        check((h + n) & 15);
        if is_leftmost_track(h) {
            check((h + 16 - n % 16) & 15);
        }
        holes += i32::from(captures);
    }
    (best, holes)
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
        assert_eq!(best_capture(&mine, &theirs), (2, 1));
    }
}
