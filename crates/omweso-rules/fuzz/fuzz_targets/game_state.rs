//! Game-state notation (RULES.md §5): any text a reader accepts round-trips, and every
//! legal move of the state read is written and read back to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/round_trip.rs"]
mod round_trip;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Some(state) = round_trip::game_state(text) else { return };
    for mv in state.legal_moves() {
        round_trip::move_in(&state, &mv.to_string());
    }
});
