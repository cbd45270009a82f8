//! The round-trip property of saved games, shared by `tests/savefile.rs` and the fuzz target
//! (`fuzz/`, `#[path]`-included; the readers of the rules have theirs in
//! `crates/omweso-rules/tests/common/round_trip.rs`). The function panics when the property
//! fails and never otherwise.

use omweso::savefile::SavedGame;

/// Saved games: a file that loads, saved again and loaded, gives the same game, and its
/// saved text is a fixed point.
pub fn saved_game(text: &str) {
    let Ok(game) = SavedGame::from_ron(text) else { return };
    let written = game.to_ron();
    let back =
        SavedGame::from_ron(&written).unwrap_or_else(|e| panic!("a loaded game, saved, does not load: {e}\n{written}"));
    assert_eq!(back, game, "{written}");
    assert_eq!(back.to_ron(), written, "the saved text is canonical");
}
