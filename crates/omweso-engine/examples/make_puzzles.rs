//! Makes the window's puzzles (`assets/puzzles/puzzles.ron`, issue 20): positions from engine
//! games in which exactly one move wins by force, each with the proof of that move and, for
//! every other legal move, the opponent's proof of a win after it.
//!
//! ```text
//! cargo run --release -p omweso-engine --example make_puzzles -- --count 24 --seed 1 --out assets/puzzles/puzzles.ron
//! ```
//!
//! The games: Master (Upper lays out first) against Strong, or the other way round, each move
//! a search of a fixed node budget on one thread, so that a seed always plays the same games.
//! At each position of a game the solver is asked, within a node budget (not a time: the
//! output is the same for a seed on any machine), whether the side to move wins, and then
//! whether each other legal move loses to a proven win of the opponent. A position is kept
//! when exactly one move wins, every proof is checked by the rules-only checker, and all its
//! proofs together hold at most `--max-positions` positions. Grades follow the length of the
//! answer's proof in moves (1–3 easy, 4–8 medium, longer hard); each grade takes at most a
//! third of the count (fewer when the games run out first: `--games 400` of seed 1 give 5
//! easy, 4 medium and 8 hard ones).

#[path = "check_proof/proof_checker.rs"]
mod proof_checker;

use omweso_engine::{Level, Limits, Proof, SolveLimits, Verdict, choose_layout, search, solve};
use omweso_rules::{GameState, RuleOptions, Side};
use std::sync::atomic::AtomicBool;

/// One puzzle as the window's file holds it (`src/puzzles.rs` reads the same fields).
#[derive(serde::Serialize)]
struct PuzzleText {
    id: String,
    state: String,
    answer: String,
    moves: u32,
    line: Vec<String>,
    proof: Vec<String>,
    refutations: Vec<RefutationText>,
}

/// The opponent's proven win after one wrong move.
#[derive(serde::Serialize)]
struct RefutationText {
    wrong: String,
    moves: u32,
    line: Vec<String>,
    proof: Vec<String>,
}

struct Args {
    count: usize,
    seed: u64,
    out: String,
    nodes: u64,
    max_positions: usize,
    games: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        count: 24,
        seed: 1,
        out: "assets/puzzles/puzzles.ron".into(),
        nodes: 200_000,
        max_positions: 1_500,
        games: 400,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|_| format!("{flag}: `{value}` is not a number"));
        match flag.as_str() {
            "--count" => a.count = number()? as usize,
            "--seed" => a.seed = number()?,
            "--out" => a.out = value.clone(),
            "--nodes" => a.nodes = number()?,
            "--max-positions" => a.max_positions = number()? as usize,
            "--games" => a.games = number()?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(a)
}

/// 0 easy (1–3 moves), 1 medium (4–8), 2 hard (9 and more).
fn grade(moves: u32) -> usize {
    match moves {
        0..=3 => 0,
        4..=8 => 1,
        _ => 2,
    }
}

/// Why a position was left out, with `MAKE_PUZZLES_LOG` set.
fn log(id: &str, why: &str) {
    if std::env::var_os("MAKE_PUZZLES_LOG").is_some() {
        eprintln!("{id}: {why}");
    }
}

fn lines(proof: &Proof) -> Vec<String> {
    proof.to_text().lines().map(str::to_owned).collect()
}

/// The puzzle at `state`, if exactly one move wins and every proof is small and checked.
fn puzzle(id: String, state: &GameState, a: &Args, stop: &AtomicBool) -> Option<PuzzleText> {
    let limits = SolveLimits { time: None, nodes: Some(a.nodes), ..SolveLimits::default() };
    let options = *state.options();
    let Verdict::Win { winner, proof } = solve(state, limits, stop).verdict else { return None };
    if winner != state.to_move() || proof.steps.len() > a.max_positions {
        log(&id, "root lost or too large");
        return None;
    }
    let checked = |p: &Proof, w: Side| proof_checker::check(&p.to_text(), options).map(|c| c.winner) == Ok(w);
    if !checked(&proof, winner) {
        eprintln!("{id}: a proof the checker refuses; left out");
        return None;
    }
    let answer = proof.steps[0].1.clone();
    let mut positions = proof.steps.len();
    let mut refutations = Vec::new();
    for s in state.successors() {
        if s.mv == answer {
            continue;
        }
        if s.outcome().is_some() {
            return None;
        }
        let Verdict::Win { winner: w, proof: r } = solve(&s.state, limits, stop).verdict else {
            log(&id, "a wrong move unproven");
            return None;
        };
        positions += r.steps.len();
        if w != winner.opponent() {
            log(&id, "two winning moves");
            return None;
        }
        if positions > a.max_positions || !checked(&r, w) {
            log(&id, "too large");
            return None;
        }
        let line = r.line.iter().map(ToString::to_string).collect();
        refutations.push(RefutationText { wrong: s.mv.to_string(), moves: r.moves, line, proof: lines(&r) });
    }
    if refutations.is_empty() {
        return None; // one legal move is no puzzle
    }
    Some(PuzzleText {
        id,
        state: state.to_string(),
        answer: answer.to_string(),
        moves: proof.moves,
        line: proof.line.iter().map(ToString::to_string).collect(),
        proof: lines(&proof),
        refutations,
    })
}

fn main() {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "make_puzzles: {e}\nusage: make_puzzles [--count N] [--seed N] [--out FILE] [--nodes N] [--max-positions N] [--games N]"
            );
            std::process::exit(2);
        }
    };
    let options = RuleOptions::default();
    let stop = AtomicBool::new(false);
    // Each grade takes a third of the count; the games end when all three are full.
    let quota = [a.count.div_ceil(3), a.count.div_ceil(3), a.count / 3];
    let mut found: [Vec<PuzzleText>; 3] = Default::default();
    'games: for g in 0..a.games {
        let game_seed = a.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let upper = choose_layout(Side::Upper, Level::Master, None, &options, game_seed ^ 1);
        let lower = choose_layout(Side::Lower, Level::Master, Some(&upper), &options, game_seed ^ 2);
        let mut state = GameState::from_layouts(&lower, &upper, Side::Lower, options);
        let levels = if g % 2 == 0 { [Level::Master, Level::Strong] } else { [Level::Strong, Level::Master] };
        let mut last_kept = 0;
        for ply in 1..=300u32 {
            if state.outcome().is_some() {
                break;
            }
            // Two puzzles of one game are at least four moves apart.
            if ply > 2 && ply >= last_kept + 4 {
                let id = format!("s{}g{}m{}", a.seed, g, ply);
                if let Some(p) = puzzle(id, &state, &a, &stop) {
                    let gr = grade(p.moves);
                    if found[gr].len() < quota[gr] {
                        eprintln!("{}: {} in {} moves ({} wrong moves)", p.id, p.answer, p.moves, p.refutations.len());
                        found[gr].push(p);
                        last_kept = ply;
                    }
                    if found.iter().zip(quota).all(|(f, q)| f.len() >= q) {
                        break 'games;
                    }
                }
            }
            let level = levels[usize::from(state.to_move() == Side::Upper)];
            let limits = Limits { nodes: Some(20_000), threads: 1, ..Limits::default() };
            let Some(r) = search(&state, level, limits, game_seed ^ u64::from(ply), &stop, &mut |_| {}) else { break };
            let Ok((next, _)) = state.play(&r.best) else { break };
            state = next.state;
        }
    }
    let mut all: Vec<PuzzleText> = found.into_iter().flatten().collect();
    all.sort_by_key(|p| p.moves);
    let pretty = ron::ser::PrettyConfig::new().depth_limit(3);
    let text = match ron::ser::to_string_pretty(&all, pretty) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("make_puzzles: {e}");
            std::process::exit(1);
        }
    };
    let header = format!(
        "// Puzzles made by `cargo run --release -p omweso-engine --example make_puzzles -- --count {} --seed {} --out {} --nodes {} --max-positions {} --games {}`.\n// Each: the state (RULES.md §5), the one winning move, the length of its proof in moves, its main line and proof (the lines of `omweso solve --proof`), and the opponent's proof after every other legal move.\n",
        a.count, a.seed, a.out, a.nodes, a.max_positions, a.games
    );
    if let Err(e) = std::fs::write(&a.out, header + &text + "\n") {
        eprintln!("make_puzzles: {}: {e}", a.out);
        std::process::exit(1);
    }
    eprintln!("{} puzzles written to {}", all.len(), a.out);
}
