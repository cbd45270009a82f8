//! The engine's work on one game, held by the [`Play`](super::Play) it serves: the position
//! being judged, the solver at work, the review of the whole game, and the questions they
//! answer (the hint asked for, "Think longer"). A new game is a new `Play`, so the work on
//! the old one goes with it and no handler has to remember to stop it.

use crate::app::services::analysis::{GameReview, Judging, Proving};
use omweso_rules::GameState;

/// The engine's jobs on the game of one [`Play`](super::Play) (see the module
/// documentation). A copy of a play starts with none.
#[derive(Default)]
pub struct EngineJobs {
    /// The position being judged (for the hint, the coach or the analysis panel).
    pub(super) judging: Option<Judging>,
    /// The solver at work on the position shown (the analysis panel) or around the coached
    /// move.
    pub(super) proving: Option<Proving>,
    /// The position whose hint was asked for, until its judgement comes.
    pub(super) hint_asked: Option<GameState>,
    /// The position shown when "Think longer" was asked, until its deeper judgement comes.
    pub(super) thinking_longer: Option<GameState>,
    /// The review of the whole game, while it runs.
    pub(super) game_review: Option<GameReview>,
}

impl EngineJobs {
    /// Stops every job (tournament rules: no coach, hint or analysis while a game of the
    /// match is on).
    pub(super) fn stop(&mut self) {
        *self = EngineJobs { thinking_longer: self.thinking_longer.take(), ..EngineJobs::default() };
    }
}

impl Clone for EngineJobs {
    /// A copy of a play has no jobs: a thread is never shared between two plays.
    fn clone(&self) -> EngineJobs {
        EngineJobs::default()
    }
}

impl std::fmt::Debug for EngineJobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineJobs")
            .field("judging", &self.judging.as_ref().map(Judging::state))
            .field("proving", &self.proving.as_ref().map(Proving::state))
            .field("hint_asked", &self.hint_asked)
            .field("thinking_longer", &self.thinking_longer)
            .field("game_review", &self.game_review.as_ref().map(|r| r.progress))
            .finish()
    }
}
