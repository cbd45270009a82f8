//! Helpers shared by the test crates and the benches (`#[path]`-included by benches).
#![allow(dead_code)] // each crate that includes this module uses part of it

use omweso::ai::random_move;
use omweso::rules::{GameState, Layout, RuleOptions, Side};
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
            let Some(mv) = random_move(&state, &mut rng) else { break };
            let (next, _) = state.play(&mv).expect("a generated move is legal");
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

/// A game of `n` moves from the worked-game start, each the move that captures least (so
/// that the game goes on).
pub fn long_game(n: usize) -> omweso::savefile::SavedGame {
    let start: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().expect("state");
    let mut game = omweso::game::Game::from_state(start.clone());
    for _ in 0..n {
        let mut least: Option<(u32, omweso::rules::Move)> = None;
        game.current().for_each_successor(|s| {
            let taken = s.captured_seeds + if s.outcome().is_some() { 1000 } else { 0 };
            if least.as_ref().is_none_or(|(t, _)| taken < *t) {
                least = Some((taken, s.mv));
            }
        });
        let Some((_, mv)) = least else { break };
        game.play(&mv).expect("a legal move");
    }
    assert!(game.cursor() >= n.min(40), "a long game: {} moves", game.cursor());
    let player = |name: &str| omweso::savefile::Player { name: name.into(), computer: None };
    omweso::savefile::SavedGame {
        players: [player("Lower"), player("Upper")],
        first: start.to_move(),
        rules: *start.options(),
        phase: omweso::savefile::Phase::Game(game),
    }
}
