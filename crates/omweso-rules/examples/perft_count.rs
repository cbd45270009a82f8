//! Perft from the back-row fours (`4i-p; 4I-P / L both 0,0`) to a depth (default 6), with
//! the moves generated: made to be counted with cachegrind, where wall-clock time means
//! little on a loaded machine:
//!
//! ```text
//! cargo build --release -p omweso-rules --example perft_count
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/perft_count 6
//! ```
//!
//! The instructions counted divided by the moves printed is the cost of one move at
//! perft's pace (most of them at its last level, counted by `GameState::count_moves`).
//! Without valgrind it also prints the moves a second.

use omweso_rules::GameState;
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let start: GameState = "4i-p; 4I-P / L both 0,0".parse().expect("a valid state");
    let started = Instant::now();
    let p = start.perft(depth);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {} sequences, {} moves in {seconds:.3} s: {:.2} M moves/s",
        p.leaves,
        p.generated,
        p.generated as f64 / seconds.max(1e-9) / 1e6
    );
}
