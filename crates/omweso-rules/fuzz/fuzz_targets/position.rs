//! Position notation (RULES.md §5): any text a reader accepts round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/round_trip.rs"]
mod round_trip;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        round_trip::position(text);
    }
});
