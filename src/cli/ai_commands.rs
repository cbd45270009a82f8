//! `omweso analyse` and the lines it prints, which the engine protocol shares.

use omweso_engine::{self as ai, Level, Limits, SearchInfo};
use omweso_rules::{GameState, Move};
use std::io::Write;
use std::sync::atomic::AtomicBool;

pub(crate) fn io(e: std::io::Error) -> String {
    format!("cannot write the output: {e}")
}

/// A principal variation as `m1 | m2 | …` (a move's own text may contain commas).
pub fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" | ")
}

/// `omweso analyse`: prints `info depth D score S nodes N nps R pv …` after each iteration
/// and finally `bestmove <move>`.
pub fn analyse(state: &GameState, level: Level, limits: Limits, seed: u64, out: &mut dyn Write) -> Result<(), String> {
    if let Some(o) = state.outcome() {
        return Err(format!("no legal moves: the game is over ({o})"));
    }
    let stop = AtomicBool::new(false);
    let mut failed = None;
    let mut on_info = |i: &SearchInfo| {
        if let Err(e) = writeln!(out, "{}", info_line(i)).and_then(|_| out.flush()) {
            failed.get_or_insert(io(e));
        }
    };
    let result = ai::search(state, level, limits, seed, &stop, &mut on_info);
    if let Some(e) = failed {
        return Err(e);
    }
    match result {
        Some(r) => writeln!(out, "{}", bestmove_line(&r.best)).map_err(io),
        None => Err("no legal moves".to_string()),
    }
}

/// The report of one completed iteration: `info depth D score S nodes N nps R pv …`, as
/// `analyse` and the engine protocol print it.
pub fn info_line(i: &SearchInfo) -> String {
    format!("info depth {} score {} nodes {} nps {} pv {}", i.depth, i.score, i.nodes, i.nps, pv_text(&i.pv))
}

/// The answer of a search: `bestmove <move>`.
pub fn bestmove_line(best: &Move) -> String {
    format!("bestmove {best}")
}
