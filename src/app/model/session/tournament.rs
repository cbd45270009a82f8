//! The session's questions about tournament play (issue 21): the match under way, whether
//! its rules hold now, the clock of the game on the board and what it asks for.

use super::{Phase, Session};
use crate::tournament::{Clock, Match, MatchGoal};

impl Session {
    /// The match under way, if any.
    pub fn matched(&self) -> Option<&Match> {
        self.matched.as_ref()
    }

    /// True while a game of a tournament match is on: no take-backs, no hint, coach,
    /// analysis or threat marks (issue 21). Review after it is over is fine.
    pub fn tournament_on(&self) -> bool {
        // Online tournament play (the server's clock) holds the same rules.
        self.seats.online().is_some_and(|o| o.timed() && o.end.is_none())
            || (self.matched.as_ref().is_some_and(|m| m.settings.tournament)
                && match &self.phase {
                    Phase::Setup(_) => true,
                    Phase::Play(p) => p.is_game() && p.game.result().is_none(),
                })
    }

    /// True when no move may be taken back: while a game of a tournament match is on,
    /// and once it is over too, for its result stands in the match (issue 21). A game
    /// over is looked at again through its review, not by Undo.
    pub fn takebacks_barred(&self) -> bool {
        // Online, a take-back is offered to the other side, never taken (`online.rs`).
        self.seats.online().is_some()
            || self.tournament_on()
            || (self.matched.as_ref().is_some_and(|m| m.settings.tournament)
                && matches!(&self.phase, Phase::Play(p) if p.is_game()))
    }

    /// The clock of the game on the board, if it is timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.play().and_then(|p| p.clock.as_ref())
    }

    /// True when the clock is running now (not paused, no animation, game on).
    pub fn clock_running(&self) -> bool {
        !self.paused() && self.play().is_some_and(|p| p.clock_runs(self.now))
    }

    /// The match's standing with the game on the board once its result is shown: points,
    /// or wins for a match played to wins.
    pub fn match_standing(&self) -> Option<[u32; 2]> {
        let m = self.match_with_shown()?;
        Some(match m.settings.goal {
            MatchGoal::Points(_) => m.points(),
            MatchGoal::Wins(_) => m.wins(),
        })
    }

    /// The match with the game on the board counted once its result is shown.
    pub fn match_with_shown(&self) -> Option<Match> {
        let m = self.matched.as_ref()?;
        Some(match self.game() {
            Some(game) => m.with_game_over(game, self.shown_result().is_some()),
            None => m.clone(),
        })
    }
}
