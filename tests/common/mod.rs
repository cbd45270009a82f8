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

/// A game against the computer (Master) whose last move is the longest chain of laps
/// found after 16 to 30 quiet moves: the "Last move" box and the move list as a player sees
/// them after it (issue 41.5).
pub fn chain_game() -> omweso::savefile::SavedGame {
    let laps = |g: &omweso::game::Game, mv: &omweso_rules::Move| g.current().play(mv).map_or(0, |(_, t)| t.laps.len());
    let mut best: Option<(usize, omweso::savefile::SavedGame)> = None;
    for n in 16..=30 {
        let mut saved = long_game(n);
        let omweso::savefile::Phase::Play(game) = &mut saved.phase else { panic!("a game") };
        let Some(mv) = game.current().legal_moves().into_iter().max_by_key(|m| laps(game, m)) else { continue };
        let most = laps(game, &mv);
        if game.current().play(&mv).is_ok_and(|(s, _)| s.outcome().is_none())
            && best.as_ref().is_none_or(|b| most > b.0)
        {
            game.play(&mv).expect("legal");
            best = Some((most, saved));
        }
    }
    let mut saved = best.expect("a long move").1;
    saved.players[1] = omweso::savefile::Player { name: "Computer (Master)".into(), computer: None };
    saved
}
