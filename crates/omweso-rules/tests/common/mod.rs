//! Helpers shared by the test crates, the benches and the examples of the rules and the
//! engine (`#[path]`-included by the benches, the examples and the engine's tests): seeded
//! random games.
#![allow(dead_code)] // each crate that includes this module uses part of it

use omweso_rules::{GameState, Layout, RuleOptions, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::Range;

/// `count` unfinished game states from seeded random games: random layouts, a random first
/// player, then a number of random moves drawn from `plies` for each game. The same `seed`
/// always gives the same states.
pub fn random_states(seed: u64, count: usize, plies: Range<usize>) -> Vec<GameState> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (lower, upper) = (Layout::random(&mut rng), Layout::random(&mut rng));
        let first = if rng.random_bool(0.5) { Side::Lower } else { Side::Upper };
        let mut state = GameState::from_layouts(&lower, &upper, first, RuleOptions::default());
        for _ in 0..rng.random_range(plies.clone()) {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = &moves[rng.random_range(0..moves.len())];
            let (next, _) = state.play(mv).expect("a generated move is legal");
            if next.outcome().is_some() {
                break;
            }
            state = next.state;
        }
        if state.outcome().is_none() {
            out.push(state);
        }
    }
    out
}

/// Every position met in `games` seeded random games of at most 80 moves (random layouts,
/// Lower first, uniformly random moves): the positions of the move-generation bench and of
/// `examples/movegen_count.rs`, which counts its instructions.
pub fn game_positions(games: u64) -> Vec<GameState> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut state = GameState::from_layouts(
            &Layout::random(&mut rng),
            &Layout::random(&mut rng),
            Side::Lower,
            RuleOptions::default(),
        );
        for _ in 0..80 {
            let successors = state.successors();
            if successors.is_empty() {
                break;
            }
            out.push(state.clone());
            let pick = successors[rng.random_range(0..successors.len())].clone();
            if pick.outcome().is_some() {
                break;
            }
            state = pick.state;
        }
    }
    out
}

/// A game state from its RULES.md §5 text.
pub fn state(text: &str) -> GameState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// §4.1's akawumbi position (that of `rules_each.rs`): Upper has seeds in all 16 holes.
pub const AKAWUMBI: &str = "1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P / L none 0,0";
/// The same, with Upper's seeds placed so that the eighth capture is made at b, not at an end
/// column.
pub const AKAWUMBI_ENDING_AT_B: &str = "1a-h, 10i, 2o; 2AB, 3CD, 4E, 5F, 1G, 4H, 1I, 2JK, 3LM, 4N, 1O, 4P / L none 0,0";
