//! Move notation (RULES.md §5): the input is `<game state>\n<move text>` (a first line that
//! is not a game state stands for the reverse-capture example of RULES.md §6); the move
//! text read round-trips as text and, when legal, as a move of that state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use omweso_rules::GameState;

#[path = "../../tests/common/round_trip.rs"]
mod round_trip;

const REVERSE_CAPTURE: &str = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (first, mv) = text.split_once('\n').unwrap_or(("", text));
    let state = first.parse::<GameState>().or_else(|_| REVERSE_CAPTURE.parse()).expect("the §6 state reads");
    round_trip::move_in(&state, mv);
});
