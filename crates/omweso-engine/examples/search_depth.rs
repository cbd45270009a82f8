//! Measures the search on positions from engine games: plays Master against Master
//! (layouts chosen by Strong, 20,000 nodes a move, deterministic), takes the position after
//! 8–12 moves of each game, and searches each for a fixed time with 1 and with 2 threads.
//! Prints the depth and nodes per second of every search and the medians (positions with a
//! proven result, where the search ends early, are left out of the depth's median).
//!
//! `cargo run --release --example search_depth -- [positions] [time-ms]` (default 12, 1000).
//! A measurement, not a test: its figures depend on the machine and its load.

use omweso_engine::{self as ai, Level, Limits, choose_layout};
use omweso_rules::{GameState, RuleOptions, Side};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The position after `plies` moves of a Master-against-Master game from seed `game`.
fn engine_game_position(game: u64, plies: u32) -> Option<GameState> {
    let options = RuleOptions::default();
    let upper = choose_layout(Side::Upper, Level::Strong, None, &options, game * 2 + 1);
    let lower = choose_layout(Side::Lower, Level::Strong, Some(&upper), &options, game * 2 + 2);
    let mut state = GameState::from_layouts(&lower, &upper, Side::Lower, options);
    let stop = AtomicBool::new(false);
    for ply in 0..plies {
        let limits = Limits { time: None, depth: None, nodes: Some(20_000), threads: 1 };
        let r = ai::search(&state, Level::Master, limits, game ^ ply as u64, &stop, &mut |_| {})?;
        let (next, _) = state.play(&r.best).ok()?;
        if next.outcome().is_some() {
            return None;
        }
        state = next.state;
    }
    // A position with one legal move is answered without a search.
    (state.outcome().is_none() && state.successors().len() > 1).then_some(state)
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let count = args.first().copied().unwrap_or(12) as usize;
    let time = Duration::from_millis(args.get(1).copied().unwrap_or(1000));
    let mut positions = Vec::new();
    let mut game = 0;
    while positions.len() < count && game < 10 * count as u64 {
        if let Some(s) = engine_game_position(game, 8 + (game % 5) as u32) {
            positions.push(s);
        }
        game += 1;
    }
    let stop = AtomicBool::new(false);
    let (mut depths, mut nps1, mut nps2) = (Vec::new(), Vec::new(), Vec::new());
    for s in &positions {
        let mut line = format!("{s}");
        for threads in [1, 2] {
            let limits = Limits { time: Some(time), depth: None, nodes: None, threads };
            let mut last = None;
            ai::search(s, Level::Master, limits, 0, &stop, &mut |i| last = Some((i.depth, i.nps, i.score)));
            let (depth, nps, score) = last.unwrap_or((0, 0, 0));
            line += &format!("  | {threads} thread(s): depth {depth} score {score} nps {nps}");
            if threads == 1 {
                // A proven result ends the search early: not a measure of depth.
                if score.abs() < ai::PROVEN {
                    depths.push(depth as u64);
                }
                nps1.push(nps);
            } else {
                nps2.push(nps);
            }
        }
        println!("{line}");
    }
    println!(
        "{} positions, {} ms each: median depth (1 thread, unproven positions) {}; median nodes/s: 1 thread {}, 2 threads {}",
        positions.len(),
        time.as_millis(),
        median(depths),
        median(nps1),
        median(nps2)
    );
}
