//! The proof suite: how many positions the solver proves, how fast, and how large the
//! proofs are, beside what today's search proves in the same time.
//!
//! ```text
//! # first-move positions of Master layout pairs (Upper lays out first, Lower sees it and moves first)
//! cargo run --release -p omweso-engine --example proof_suite -- make 24 > crates/omweso-engine/benches/first-moves.txt
//! # the same positions six moves on (Master against itself, a fixed node budget a move)
//! cargo run --release -p omweso-engine --example proof_suite -- deepen crates/omweso-engine/benches/first-moves.txt 6 > crates/omweso-engine/benches/six-moves.txt
//! # solve each for up to 10 s, and search each for 10 s
//! cargo run --release -p omweso-engine --example proof_suite -- run crates/omweso-engine/benches/first-moves.txt 10000 search
//! # each position solved with 1 thread and with 2, alternately, up to 10 s each
//! cargo run --release -p omweso-engine --example proof_suite -- threads crates/omweso-engine/benches/first-moves.txt 10000 1 2
//! ```
//!
//! A measurement, not a test: its times depend on the machine and its load. Each proof is
//! checked by the rules-only checker before it counts.

#[path = "check_proof/proof_checker.rs"]
mod proof_checker;

use omweso_engine::{Level, Limits, PROVEN, SolveLimits, Verdict, choose_layout, search, solve};
use omweso_rules::{GameState, RuleOptions, Side};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn make(n: u64) {
    let options = RuleOptions::default();
    for seed in 1..=n {
        let upper = choose_layout(Side::Upper, Level::Master, None, &options, seed ^ 1);
        let lower = choose_layout(Side::Lower, Level::Master, Some(&upper), &options, seed ^ 2);
        println!("{}", GameState::from_layouts(&lower, &upper, Side::Lower, options));
    }
}

/// Each position of `file` after `moves` moves of Master against itself (a node budget a
/// move, so the same every time); games over by then are left out.
fn deepen(file: &str, moves: u32) {
    let text = std::fs::read_to_string(file).expect("the positions file");
    let stop = AtomicBool::new(false);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut state: GameState = line.parse().expect("a state");
        for _ in 0..moves {
            let limits = Limits { nodes: Some(20_000), threads: 1, ..Limits::default() };
            let Some(r) = search(&state, Level::Master, limits, 0, &stop, &mut |_| {}) else { break };
            state = state.play(&r.best).expect("a legal move").0.state;
        }
        if state.outcome().is_none() {
            println!("{state}");
        }
    }
}

fn run(file: &str, ms: u64, with_search: bool) {
    let text = std::fs::read_to_string(file).expect("the positions file");
    let stop = AtomicBool::new(false);
    let (mut within, mut times, mut steps, mut searched, mut agree) = ([0u32; 3], Vec::new(), Vec::new(), 0, true);
    let states: Vec<GameState> =
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.parse().expect("a state")).collect();
    for state in &states {
        let limits = SolveLimits { time: Some(Duration::from_millis(ms)), ..SolveLimits::default() };
        let s = solve(state, limits, &stop);
        let secs = s.elapsed.as_secs_f64();
        let result = match &s.verdict {
            Verdict::Win { winner, proof } => {
                let checked = proof_checker::check(&proof.to_text(), *state.options());
                assert_eq!(checked.map(|c| c.winner), Ok(*winner), "the proof must hold");
                for (i, limit) in [1.0, 10.0, 60.0].into_iter().enumerate() {
                    within[i] += u32::from(secs <= limit);
                }
                times.push(secs);
                steps.push(proof.steps.len());
                format!("{} wins in {} moves, proof {} positions", winner.name(), proof.moves, proof.steps.len())
            }
            v => format!("{v:?}"),
        };
        let mut line = format!("{:8.3} s {:>10} nodes  {result}", secs, s.nodes);
        if with_search {
            let t = Instant::now();
            let mut first: Option<f64> = None;
            let limits = Limits { time: Some(Duration::from_millis(ms)), ..Limits::default() };
            let r = search(state, Level::Master, limits, 0, &stop, &mut |i| {
                if i.score.abs() >= PROVEN && first.is_none() {
                    first = Some(t.elapsed().as_secs_f64());
                }
            });
            if let (Some(r), Some(f)) = (r, first) {
                searched += 1;
                let winner = if r.score > 0 { state.to_move() } else { state.to_move().opponent() };
                if let Verdict::Win { winner: w, .. } = &s.verdict {
                    agree &= *w == winner;
                }
                line.push_str(&format!("   search: {} wins, proven after {f:.3} s", winner.name()));
            } else {
                line.push_str("   search: not proven");
            }
        }
        println!("{line}");
    }
    let n = states.len();
    times.sort_by(f64::total_cmp);
    steps.sort_unstable();
    let median = |v: &[f64]| v.get(v.len() / 2).copied().unwrap_or(0.0);
    println!(
        "solver: {} of {n} proven (within 1 s {}, 10 s {}, 60 s {}); median time {:.3} s; median proof {} positions, largest {}",
        times.len(),
        within[0],
        within[1],
        within[2],
        median(&times),
        steps.get(steps.len() / 2).copied().unwrap_or(0),
        steps.last().copied().unwrap_or(0)
    );
    if with_search {
        println!("search: {searched} of {n} proven in {ms} ms; results agree where both prove: {agree}");
    }
}

/// Each position of `file` solved with `a` threads and then with `b`, alternately, so that
/// the machine's load falls on both alike: the time to prove with each.
fn threads(file: &str, ms: u64, counts: [usize; 2]) {
    let text = std::fs::read_to_string(file).expect("the positions file");
    let stop = AtomicBool::new(false);
    let mut times = [Vec::new(), Vec::new()];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let state: GameState = line.parse().expect("a state");
        let mut row = String::new();
        for (i, &threads) in counts.iter().enumerate() {
            let limits = SolveLimits { time: Some(Duration::from_millis(ms)), threads, ..SolveLimits::default() };
            let s = solve(&state, limits, &stop);
            if let Verdict::Win { winner, proof } = &s.verdict {
                let checked = proof_checker::check(&proof.to_text(), *state.options());
                assert_eq!(checked.map(|c| c.winner), Ok(*winner), "the proof must hold");
                times[i].push(s.elapsed.as_secs_f64());
            }
            row.push_str(&format!(
                "  {threads} threads: {:8.3} s {:>10} nodes {:?}",
                s.elapsed.as_secs_f64(),
                s.nodes,
                kind(&s.verdict)
            ));
        }
        println!("{row}");
    }
    for (i, t) in times.iter().enumerate() {
        println!("{} threads: {} proven, {:.3} s in all on the proven", counts[i], t.len(), t.iter().sum::<f64>());
    }
}

/// The verdict without its proof.
fn kind(v: &Verdict) -> String {
    match v {
        Verdict::Win { winner, proof } => format!("{} wins in {}", winner.name(), proof.moves),
        other => format!("{other:?}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["make", n] => make(n.parse().expect("a count")),
        ["deepen", file, moves] => deepen(file, moves.parse().expect("a number of moves")),
        ["run", file, ms] => run(file, ms.parse().expect("milliseconds"), false),
        ["run", file, ms, "search"] => run(file, ms.parse().expect("milliseconds"), true),
        ["threads", file, ms, a, b] => {
            let count = |t: &str| t.parse().expect("a number of threads");
            threads(file, ms.parse().expect("milliseconds"), [count(a), count(b)]);
        }
        _ => {
            eprintln!(
                "usage: proof_suite make <count> | deepen <file> <moves> | run <file> <time-ms> [search] | threads <file> <time-ms> <a> <b>"
            );
            std::process::exit(2);
        }
    }
}
