//! Makes the ballot of openings `benches/openings.txt` (for `omweso match --openings`):
//! Master's layout pairs with varying seeds (Upper first, Lower seeing it, RULES.md §2),
//! then two moves of Master's search, kept only when the solver does not prove them within
//! a second and a 4-move search scores them within 15 seeds of even.
//!
//! `cargo run --release -p omweso-engine --example make_ballot -- [COUNT] > benches/openings.txt`

use omweso_engine::{Level, Limits, SEED, SolveLimits, Verdict, choose_layout, search, solve};
use omweso_rules::{GameState, RuleOptions, Side};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let count: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(24);
    let options = RuleOptions::default();
    let stop = AtomicBool::new(false);
    println!("# A ballot of openings for `omweso match --openings` (one game state a line, RULES.md §5).");
    println!("# Made by `cargo run --release -p omweso-engine --example make_ballot -- {count}`: Master's");
    println!("# layout pairs (seed k), two moves of Master's search, kept when the solver proves nothing");
    println!("# within 1 s and a 4-move search scores the position within 15 seeds of even.");
    let (mut kept, mut seed) = (0, 0u64);
    while kept < count && seed < 40 * count as u64 {
        seed += 1;
        let upper = choose_layout(Side::Upper, Level::Master, None, &options, seed ^ 1);
        let lower = choose_layout(Side::Lower, Level::Master, Some(&upper), &options, seed ^ 2);
        let mut state = GameState::from_layouts(&lower, &upper, Side::Lower, options);
        let moves = Limits { time: None, depth: None, nodes: Some(2_000), threads: 1 };
        for ply in 0..2 {
            let Some(r) = search(&state, Level::Master, moves, seed + ply, &stop, &mut |_| {}) else { break };
            match state.play(&r.best) {
                Ok((next, _)) if next.outcome().is_none() => state = next.state,
                _ => break,
            }
        }
        if state.outcome().is_some() {
            continue;
        }
        let limits = SolveLimits { time: Some(Duration::from_secs(1)), ..SolveLimits::default() };
        if !matches!(solve(&state, limits, &stop).verdict, Verdict::Unknown { .. }) {
            eprintln!("seed {seed}: proven, dropped");
            continue;
        }
        let judge = Limits { time: None, depth: Some(4), nodes: Some(200_000), threads: 1 };
        match search(&state, Level::Master, judge, 0, &stop, &mut |_| {}) {
            Some(r) if r.score.abs() < 15 * SEED => {
                println!("{state}  # seed {seed}, score {}", r.score);
                kept += 1;
                eprintln!("seed {seed}: kept ({kept}/{count})");
            }
            _ => eprintln!("seed {seed}: one-sided, dropped"),
        }
    }
}
