//! What the engine's jobs of a game share, on a computer's threads and in the page's
//! workers alike (`analysis.rs` starts the jobs, `web/jobs.rs` runs them in a worker; both
//! import this and neither the other): the judgements kept by position ([`Judgements`]), a
//! finished review of a game ([`ReviewDone`]) and the solver's pass over a game's positions
//! ([`prove_positions`]).

use crate::app::services::proof::Proven;
use omweso_engine::Judgement;
use omweso_engine::review::MoveReview;
use omweso_rules::{GameState, Move};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The time the review of a whole game gives the solver on each of its positions.
pub const REVIEW_PROVE_TIME: Duration = Duration::from_millis(200);

/// Judgements kept at most (then the oldest game's are forgotten at once).
const KEPT: usize = 4096;

/// The judgements made in this session, by position: the first judgement of a position
/// is the one every verdict on it uses from then on.
#[derive(Clone, Debug, Default)]
pub struct Judgements(HashMap<GameState, Arc<Judgement>>);

impl Judgements {
    /// The judgement of `state`, when it has been judged.
    pub fn get(&self, state: &GameState) -> Option<&Arc<Judgement>> {
        self.0.get(state)
    }

    /// Replaces the kept judgement of `state` with a deeper one (Think longer).
    pub fn replace(&mut self, state: GameState, judgement: Judgement) {
        self.0.insert(state, Arc::new(judgement));
    }

    /// Keeps `judgement` of `state`, unless `state` has one already (which stays).
    pub fn keep(&mut self, state: GameState, judgement: Judgement) {
        if self.0.len() >= KEPT {
            self.0.clear();
        }
        self.0.entry(state).or_insert_with(|| Arc::new(judgement));
    }
}

/// A finished review of a game.
#[derive(Clone, Debug, Default)]
pub struct ReviewDone {
    /// The verdict on each move reviewed.
    pub verdicts: Vec<MoveReview>,
    /// The judgements made for them (positions that had none).
    pub judged: Vec<(GameState, Judgement)>,
    /// The positions of the game the solver proved (each within [`REVIEW_PROVE_TIME`]).
    pub proven: Vec<(GameState, Proven)>,
}

/// The positions of the game from `start` through `moves` that the solver proves, each
/// within [`REVIEW_PROVE_TIME`]: each with its number (0 the start, `n` after move `n`).
pub(crate) fn prove_positions(start: &GameState, moves: &[Move], stop: &AtomicBool) -> Vec<(usize, GameState, Proven)> {
    let mut proven = Vec::new();
    let mut state = start.clone();
    for (n, mv) in std::iter::once(None).chain(moves.iter().map(Some)).enumerate() {
        if let Some(mv) = mv {
            let Ok((next, _)) = state.play(mv) else { break };
            state = next.state;
        }
        if state.outcome().is_none() && !stop.load(Ordering::Relaxed) {
            let limits = omweso_engine::SolveLimits { time: Some(REVIEW_PROVE_TIME), ..Default::default() };
            if let Some(p) = Proven::of(omweso_engine::solve(&state, limits, stop)) {
                proven.push((n, state.clone(), p));
            }
        }
    }
    proven
}
