//! The round-trip properties of the readers and writers, shared by the property tests
//! (`tests/rules_properties.rs`, stable toolchain) and the fuzz targets (`../fuzz/`,
//! `#[path]`-included): whatever text a reader accepts, writing the value read and reading
//! that again gives the same value, and writing is canonical (a fixed point). Each function
//! panics when a property fails and never otherwise.
#![allow(dead_code)] // each crate that includes this module uses part of it

use omweso_rules::notation::{MoveText, parse_move};
use omweso_rules::{GameState, Position};

/// Position notation (RULES.md §5): `text` → position → canonical text → the same position.
pub fn position(text: &str) {
    let Ok(p) = text.parse::<Position>() else { return };
    let written = p.to_string();
    let back: Position = written.parse().unwrap_or_else(|e| panic!("`{text}` reads, but its form `{written}`: {e}"));
    assert_eq!(back, p, "`{text}` → `{written}`");
    assert_eq!(back.to_string(), written, "`{written}` is canonical");
}

/// Game-state notation (RULES.md §5): `text` → state → canonical text → the same state,
/// which holds 64 seeds. Returns the state read, if any.
pub fn game_state(text: &str) -> Option<GameState> {
    let s = text.parse::<GameState>().ok()?;
    assert_eq!(s.position().total(), 64, "`{text}`");
    let written = s.to_string();
    let back: GameState = written.parse().unwrap_or_else(|e| panic!("`{text}` reads, but its form `{written}`: {e}"));
    assert_eq!(back, s, "`{text}` → `{written}`");
    assert_eq!(back.to_string(), written, "`{written}` is canonical");
    Some(s)
}

/// Move notation (RULES.md §5), as text and as a move of `state`: the text read is written
/// back and read again to the same value; a legal move's canonical text reads back to the
/// same move, which plays.
pub fn move_in(state: &GameState, text: &str) {
    if let Ok(mt) = text.parse::<MoveText>() {
        let written = mt.to_string();
        let back: MoveText = written.parse().unwrap_or_else(|e| panic!("`{text}` reads, but `{written}`: {e}"));
        assert_eq!(back, mt, "`{text}` → `{written}`");
    }
    let Ok(mv) = parse_move(state, text) else { return };
    let written = mv.to_string();
    let back = parse_move(state, &written).unwrap_or_else(|e| panic!("{state}: `{text}` reads, but `{written}`: {e}"));
    assert_eq!(back, mv, "{state}: `{text}` → `{written}`");
    let (next, _) = state.play(&mv).unwrap_or_else(|e| panic!("{state}: `{written}` reads but does not play: {e}"));
    assert_eq!(next.state.position().total(), 64);
}
