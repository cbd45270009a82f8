//! Helpers shared by the program's test crates and benches: a long game to save and show.
#![allow(dead_code)] // each crate that includes this module uses part of it

use omweso_rules::GameState;

/// A game of `n` moves from the worked-game start, each the move that captures least (so
/// that the game goes on).
pub fn long_game(n: usize) -> omweso::savefile::SavedGame {
    let start: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().expect("state");
    let mut game = omweso::game::Game::from_state(start.clone());
    for _ in 0..n {
        let mut least: Option<(u32, omweso_rules::Move)> = None;
        for s in game.current().successors() {
            let taken = s.captured_seeds + if s.outcome().is_some() { 1000 } else { 0 };
            if least.as_ref().is_none_or(|(t, _)| taken < *t) {
                least = Some((taken, s.mv));
            }
        }
        let Some((_, mv)) = least else { break };
        game.play(&mv).expect("a legal move");
    }
    assert!(game.cursor() >= n.min(40), "a long game: {} moves", game.cursor());
    let player = |name: &str| omweso::savefile::Player { name: name.into(), computer: None };
    omweso::savefile::SavedGame {
        players: [player("Lower"), player("Upper")],
        first: start.to_move(),
        rules: *start.options(),
        phase: omweso::savefile::Phase::Play(game),
        clock: None,
        matched: None,
    }
}
