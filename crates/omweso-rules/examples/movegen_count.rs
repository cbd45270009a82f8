//! Generates every complete legal move of the movegen bench's positions (`benches/movegen.rs`:
//! every position of 200 seeded random games of at most 80 moves), `passes` times, and prints
//! the number of moves. Made to be counted with callgrind, where wall-clock time means
//! little on a loaded machine:
//!
//! ```text
//! cargo build --release --example movegen_count
//! valgrind --tool=callgrind --toggle-collect='*generate_all*' target/release/examples/movegen_count 1
//! ```
//!
//! The instructions collected divided by the moves printed is the cost of one move.
//! With `STATS=1` it also prints the laps and the decision points of those moves; with
//! `COUNT=1` it counts the moves (`GameState::count_moves`, perft's last level) instead of
//! building their successors.

use omweso_rules::{GameState, Successor};
use std::hint::black_box;
use std::ops::ControlFlow;

#[path = "../tests/common/mod.rs"]
mod common;

/// One pass of generation over `positions` (the function callgrind collects).
#[inline(never)]
fn generate_all(positions: &[GameState]) -> u64 {
    if std::env::var_os("COUNT").is_some() {
        return positions.iter().map(GameState::count_moves).sum();
    }
    let mut n = 0u64;
    for p in positions {
        let _ = p.generate(|s: Successor| -> ControlFlow<()> {
            black_box(&s);
            n += 1;
            ControlFlow::Continue(())
        });
    }
    n
}

fn main() {
    let passes: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let positions = common::game_positions(200);
    let mut moves = 0;
    for _ in 0..passes {
        moves += generate_all(black_box(&positions));
    }
    println!("{} positions, {moves} moves generated", positions.len());
    if std::env::var_os("STATS").is_some() {
        // What the moves are made of: laps in all, and moves by number of decision points.
        let (mut laps, mut by_choices) = (0u64, [0u64; 8]);
        for p in &positions {
            for s in p.successors() {
                laps += u64::from(s.laps);
                by_choices[s.mv.choices().len().min(7)] += 1;
            }
        }
        println!("{laps} laps; moves by decision points (0, 1, .., 7+): {by_choices:?}");
    }
}
