//! What the board shows now, as the session answers it: the animation or the move at a
//! decision point, the position shown (live or in review) and whose it is, which way the
//! board is turned, the result once it is sown, the game-over card, the hinted holes.

use super::{Phase, Play, Session};
use crate::app::model::animation::Animation;
use crate::app::model::settings::BoardTurn;
use crate::game::GameResult;
use omweso_rules::{GameState, Hole, Side, Sowing};

impl Session {
    /// The animation running now, if any.
    pub fn animation(&self) -> Option<&Animation> {
        self.play().and_then(|p| p.animation(self.now))
    }

    /// True while a move is being animated.
    pub fn animating(&self) -> bool {
        self.animation().is_some()
    }

    /// The side whose move is being animated, while it is.
    pub fn sowing_side(&self) -> Option<Side> {
        self.animation().map(Animation::mover)
    }

    /// The move waiting at a decision point, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        self.play().and_then(Play::sowing)
    }

    /// The number of moves of the position shown read-only, in review.
    pub fn review(&self) -> Option<usize> {
        self.play().and_then(|p| p.review)
    }

    /// The state shown on the board when no move is under way (review or live).
    pub fn shown_state(&self) -> Option<&GameState> {
        self.play().map(|p| p.game.state_at(p.shown()))
    }

    /// The game state shown, in RULES.md §5 notation.
    pub fn shown_state_text(&self) -> String {
        self.shown_state().map(ToString::to_string).unwrap_or_default()
    }

    /// Seeds per hole as the board shows them now: mid-animation, mid-move or at rest.
    pub fn shown_counts(&self) -> [u8; 32] {
        match &self.phase {
            Phase::Setup(s) => self.layout_coach.board(s),
            Phase::Play(p) => match (p.animation(self.now), p.sowing()) {
                (Some(a), _) => *a.frame(self.now).position.counts(),
                (None, Some(s)) => *s.position().counts(),
                (None, None) => *p.game.state_at(p.shown()).position().counts(),
            },
        }
    }

    /// The side that acts now: the player laying out, or the player to move.
    pub fn acting_side(&self) -> Side {
        match &self.phase {
            Phase::Setup(s) => s.laying,
            Phase::Play(p) => p.game.state_at(p.shown()).to_move(),
        }
    }

    /// The side whose half of the board is at the bottom: online, the seat's (or, flipped,
    /// the other's); else as the settings turn it.
    pub fn bottom_side(&self) -> Side {
        if let Some(o) = self.online()
            && let Some(seat) = o.seat()
        {
            return if o.turned() { seat.opponent() } else { seat };
        }
        match self.settings.board_turn {
            BoardTurn::Fixed(side) => side,
            BoardTurn::FollowsMover => self.acting_side(),
        }
    }

    /// True when the board shows Upper at the bottom.
    pub fn flipped(&self) -> bool {
        self.bottom_side() == Side::Upper
    }

    /// The result as the player sees it: once the last move has been sown on the board.
    pub fn shown_result(&self) -> Option<GameResult> {
        let p = self.play()?;
        if p.animation(self.now).is_some() {
            return None;
        }
        p.game.result()
    }

    /// True when the game-over card is showing.
    pub fn game_over_open(&self) -> bool {
        self.shown_result().is_some()
            && self.play().is_some_and(|p| !p.game_over_dismissed() && p.review.is_none() && p.is_game())
    }

    /// The hole the hinted move starts from, while no move is under way (ringed on the
    /// board: the hole to sow).
    pub fn hint_start(&self) -> Option<Hole> {
        self.play().filter(|p| p.review.is_none()).and_then(|p| p.hint()).map(|mv| mv.start())
    }

    /// The hinted move while it can be followed, and, at the decision point the move under
    /// way waits at, the way the hint chose there (marked on its arrow).
    pub fn hint_followed(&self) -> Option<(&omweso_rules::Move, Option<omweso_rules::Direction>)> {
        let p = self.play().filter(|p| p.review.is_none())?;
        Some((p.hint_followed()?, p.hint_choice()))
    }
}
