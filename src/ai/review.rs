//! Reviewing moves with the engine: for each move of a game, the score before it, the
//! engine's best move, what the move played gave away against it (the loss) and a mark a
//! player understands (best, good, inaccuracy, mistake, blunder). Scores are in the units
//! `omweso analyse` prints: hundredths of a seed for the side to move, forced results near
//! ±[`super::WIN`].

pub use crate::review::{Mark, MoveReview};

use super::search::outcome_score;
use super::{Level, Limits, search};
use crate::rules::{GameState, Move};
use std::sync::atomic::AtomicBool;

/// The score of `mv` in `state` for its mover: the end of the game if it ends it, else the
/// negated score of the reply.
fn score_after(state: &GameState, mv: &Move, limits: Limits, seed: u64, stop: &AtomicBool) -> Option<i32> {
    let (succ, _) = state.play(mv).ok()?;
    let mover = state.to_move();
    if let Some(o) = succ.outcome.or(succ.state.outcome()) {
        return Some(outcome_score(&o, mover, &state.options().points, 1));
    }
    let r = search(&succ.state, Level::Master, limits, seed, stop, &mut |_| {})?;
    Some(-r.score)
}

/// Reviews move `mv` (number `number`) played in `state`, with `limits` for each search.
/// `None` when the state has no legal move or `mv` is not legal there.
pub fn review_move(
    state: &GameState,
    mv: &Move,
    number: usize,
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Option<MoveReview> {
    state.play(mv).ok()?;
    let r = search(state, Level::Master, limits, seed, stop, &mut |_| {})?;
    let (loss, mark) = if r.best == *mv {
        (0, Mark::Best)
    } else {
        let best = score_after(state, &r.best, limits, seed, stop).unwrap_or(r.score).max(r.score);
        let played = score_after(state, mv, limits, seed, stop)?;
        ((best - played).max(0), Mark::of(best, played))
    };
    Some(MoveReview { number, played: mv.to_string(), score_before: r.score, best: r.best.to_string(), loss, mark })
}

/// Reviews every move of a game from `start`, calling `progress(done, total)` after each;
/// stops early (with the moves reviewed so far) when `stop` is set.
pub fn review_game(
    start: &GameState,
    moves: &[Move],
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<MoveReview> {
    let mut out = Vec::new();
    let mut state = start.clone();
    for (i, mv) in moves.iter().enumerate() {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        if let Some(r) = review_move(&state, mv, i + 1, limits, seed, stop) {
            out.push(r);
        }
        progress(i + 1, moves.len());
        match state.play(mv) {
            Ok((succ, _)) => state = succ.state,
            Err(_) => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::PROVEN;
    use crate::notation::parse_move;

    #[test]
    fn the_engines_choice_is_best_and_missing_a_win_in_one_is_a_blunder() {
        // Lower wins by akakyala with any capture here (g, c, h, n, o, b5xB); e does not.
        let state: GameState =
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0".parse().unwrap();
        let stop = AtomicBool::new(false);
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let best = search(&state, Level::Master, limits, 1, &stop, &mut |_| {}).unwrap().best;
        let r = review_move(&state, &best, 7, limits, 1, &stop).unwrap();
        assert_eq!((r.number, r.mark, r.loss), (7, Mark::Best, 0));
        assert!(r.score_before >= PROVEN, "a forced win: {}", r.score_before);
        let e = parse_move(&state, "e").unwrap();
        let r = review_move(&state, &e, 7, limits, 1, &stop).unwrap();
        assert_eq!(r.mark, Mark::Blunder, "{r:?}");
        assert!(r.loss > 800);
    }
}
