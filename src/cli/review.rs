//! The analysis subcommands: `threats` (what the opponent could capture next) and `review`
//! (each move against the engine's best, with a mark).

use super::StateArgs;
use super::output::io;
use crate::savefile::{Phase, SavedGame};
use omweso_engine::Limits;
use omweso_engine::review::review_game;
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Move};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// `omweso threats`: `<move>\t<captured holes>\t<seeds>` for every opponent move that would
/// capture from the side to move; nothing when nothing is under threat.
///
/// # Errors
/// A failed write.
pub fn threats(state: &GameState, out: &mut dyn Write) -> Result<(), String> {
    for t in state.threats() {
        let holes: String = t.captured.iter().map(|h| h.letter()).collect();
        writeln!(out, "{}\t{holes}\t{}", t.mv, t.seeds).map_err(io)?;
    }
    Ok(())
}

/// `omweso review`: from `state` with the moves in `args`, or (no state) from the saved game
/// named by `args[0]`, one line per move.
///
/// # Errors
/// A bad position, an illegal move (named with its number), a saved game that does not
/// load, or a failed write.
pub fn review(state: Option<StateArgs>, args: &[String], limits: Limits, out: &mut dyn Write) -> Result<(), String> {
    let (start, moves) = match state {
        Some(s) => {
            let start = s.state().map_err(|e| e.to_string())?;
            let mut moves: Vec<Move> = Vec::new();
            let mut at = start.clone();
            for (i, text) in args.iter().enumerate() {
                let mv = parse_move(&at, text).map_err(|e| format!("move {}: {e}", i + 1))?;
                let (succ, _) = at.play(&mv).map_err(|e| format!("move {}: {e}", i + 1))?;
                at = succ.state;
                moves.push(mv);
            }
            (start, moves)
        }
        None => {
            let [file] = args else {
                return Err("review: give a saved game's file, or --position with moves".into());
            };
            let saved = SavedGame::load(std::path::Path::new(file)).map_err(|e| format!("{file}: {e}"))?;
            match saved.phase {
                Phase::Play(g) => (g.start().clone(), g.moves().iter().map_while(|e| e.mv.clone()).collect()),
                Phase::Setup(_) => return Err(format!("{file}: the game is still being set out: no moves")),
            }
        }
    };
    let stop = AtomicBool::new(false);
    for r in review_game(&start, &moves, limits, &stop) {
        writeln!(out, "{}\t{}\t{}\t{}\t{}\t{}", r.number, r.played, r.score_before, r.best, r.loss, r.mark)
            .map_err(io)?;
    }
    Ok(())
}
