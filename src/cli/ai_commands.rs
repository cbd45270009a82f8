//! `omweso analyse` and the lines it prints, which the engine protocol shares.

use super::output::io;
use omweso_engine::{self as ai, Level, Limits, SearchInfo, Solution, SolveLimits, Verdict};
use omweso_rules::{GameState, Move, Side};
use std::io::Write;
use std::sync::atomic::AtomicBool;

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
    let Some(r) = result else { return Err("no legal moves".to_string()) };
    if let Some(proven) = proven_line(r.score, state.to_move()) {
        writeln!(out, "{proven}").map_err(io)?;
    }
    writeln!(out, "{}", bestmove_line(&r.best)).map_err(io)
}

/// `info proven <side> wins in N moves` when a search's final `score` (for `mover`, the
/// side to move) is a forced result ([`ai::PROVEN`] or more in size: a win of `p` points
/// `n` moves ahead scores `WIN + 1000 p - n`, see `search.rs`), the form of `omweso
/// solve`'s `result …` line; `None` for any other score.
pub fn proven_line(score: i32, mover: Side) -> Option<String> {
    if score.abs() < ai::PROVEN {
        return None;
    }
    let winner = if score > 0 { mover } else { mover.opponent() };
    let moves = (ai::WIN - score.abs()).rem_euclid(1000);
    let unit = if moves == 1 { "move" } else { "moves" };
    Some(format!("info proven {} wins in {moves} {unit}", winner.name()))
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

/// `omweso solve`: the solver's verdict on `state` as `result …`, `line …` and `info …`
/// lines; with `proof`, a proven win's proof written there atomically.
///
/// # Errors
/// A finished game, a proof file that cannot be written (nothing is left half-written), a
/// proof larger than the limit when one was asked for, or output that cannot be written.
pub fn solve(
    state: &GameState,
    limits: SolveLimits,
    proof: Option<&std::path::Path>,
    out: &mut dyn Write,
) -> Result<(), String> {
    if let Some(o) = state.outcome() {
        return Err(format!("nothing to prove: the game is over ({o})"));
    }
    let solution = ai::solve(state, limits, &AtomicBool::new(false));
    for line in solve_lines(&solution) {
        writeln!(out, "{line}").map_err(io)?;
    }
    match (&solution.verdict, proof) {
        (Verdict::Win { proof: p, .. }, Some(path)) => crate::disk::write_atomically(path, p.to_text().as_bytes())
            .map_err(|e| format!("cannot write the proof to {}: {e}", path.display())),
        (Verdict::Unknown { too_large: Some(w) }, Some(_)) => Err(format!(
            "{} wins, but its proof holds more than {} positions: no proof written (raise --proof-limit)",
            w.name(),
            limits.proof_positions
        )),
        (_, Some(_)) => Err("no win proven: no proof written".to_string()),
        (_, None) => Ok(()),
    }
}

/// The lines of a solve: `result …`, then `line …` for a proven win, then `info …`.
pub fn solve_lines(s: &Solution) -> Vec<String> {
    let mut lines = Vec::new();
    let positions = match &s.verdict {
        Verdict::Win { winner, proof } => {
            let moves = if proof.moves == 1 { "move" } else { "moves" };
            lines.push(format!("result {} wins in {} {moves}", winner.name(), proof.moves));
            lines.push(format!("line {}", pv_text(&proof.line)));
            proof.steps.len()
        }
        Verdict::Annulled => {
            lines.push("result annulled".to_string());
            0
        }
        Verdict::Unknown { .. } => {
            lines.push("result unknown".to_string());
            0
        }
    };
    lines.push(format!("info nodes {} time-ms {} proof-positions {positions}", s.nodes, s.elapsed.as_millis()));
    lines
}
