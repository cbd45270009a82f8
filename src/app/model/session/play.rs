//! The play phase: the game, what is shown of it (review, hint) and the move in progress.

use super::jobs::EngineJobs;
use crate::app::model::animation::Animation;
use crate::app::model::lesson_run::LessonRun;
use crate::app::model::puzzle_run::PuzzleRun;
use crate::game::Game;
use crate::tournament::{Clock, Stage};
use omweso_rules::{Move, Sowing};

/// The move in progress on the board.
#[derive(Clone, Debug, Default)]
pub enum Turn {
    /// Nothing under way: the player to move may start a move.
    #[default]
    Ready,
    /// A move stopped at a decision point (RULES.md 3.5), waiting for the player's choice;
    /// the laps sown so far may still be animated.
    Deciding {
        /// The move so far.
        sowing: Box<Sowing>,
        /// The animation of the laps sown since the start or the last choice.
        anim: Option<Animation>,
    },
    /// A finished move (already in the game) being shown seed by seed.
    Animating(Animation),
}

/// The point a game's history is at ([`Game::changes`]). A hint and a closed game-over
/// card belong to the point they were given at; a move, an undo, a redo, a resignation or
/// the clock moves the history on, and what belonged to the old point is gone by itself
/// (no command resets it by hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing(u64);

/// The game being played (or over), and how it is shown.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game record (undo/redo/resign live there).
    pub game: Game,
    /// Review: the number of moves of the position shown read-only.
    pub review: Option<usize>,
    /// A suggested move, for the position it was found for.
    hint: Option<(Standing, Move)>,
    /// The move in progress.
    pub turn: Turn,
    /// The game-over card was closed, at the end it showed.
    game_over_dismissed: Option<Standing>,
    /// What this board is for: a game, a lesson's step or a puzzle.
    pub kind: PlayKind,
    /// The game's clock, when it is timed (issue 21).
    pub clock: Option<Clock>,
    /// The engine's work on this game (judging, solving, the review), which goes with it.
    pub(super) jobs: EngineJobs,
    /// The guide of the guided first game (issue 41), when this is that game.
    pub guide: Option<crate::app::model::guide::Guide>,
}

/// What a board in play is for. A game is a document (saved, undone, hinted, analysed); a
/// lesson's step and a puzzle are boards of their own that teach, and none of that.
#[derive(Clone, Debug, Default)]
pub enum PlayKind {
    /// A game between two players (or a player and the computer).
    #[default]
    Game,
    /// A step of a lesson.
    Lesson(LessonRun),
    /// A puzzle.
    Puzzle(PuzzleRun),
}

impl Play {
    /// Play of `game`, shown live, with nothing under way.
    pub fn new(game: Game) -> Play {
        Play {
            game,
            review: None,
            hint: None,
            turn: Turn::Ready,
            game_over_dismissed: None,
            kind: PlayKind::Game,
            clock: None,
            jobs: EngineJobs::default(),
            guide: None,
        }
    }

    /// Play of `game` with `clock`, when it is timed.
    pub fn timed(game: Game, clock: Option<Clock>) -> Play {
        Play { clock, ..Play::new(game) }
    }

    /// True when the clock runs now: a timed game not over, a turn to start or a move at
    /// a decision point, and no animation under way (the clock never runs while a move
    /// is shown being sown).
    pub fn clock_runs(&self, now: f64) -> bool {
        self.clock.is_some()
            && self.game.result().is_none()
            && self.animation(now).is_none()
            && matches!(self.turn, Turn::Ready | Turn::Deciding { .. })
    }

    /// Tells the clock what the command just carried out did to the turn: a move (or a
    /// turn) added to the game ends the turn; a move stopped at its first decision point
    /// starts the time to finish it.
    pub fn note_turn(&mut self, cursor_before: usize) {
        let Some(clock) = &mut self.clock else { return };
        if self.game.cursor() > cursor_before {
            let mover = self.game.moves()[self.game.cursor() - 1].mover;
            clock.turn_done(mover);
        } else if matches!(self.turn, Turn::Deciding { .. }) && clock.stage == Stage::Starting {
            clock.move_started();
        }
    }

    /// The number of moves of the position on the board: the one reviewed, else the
    /// game's own (its cursor).
    pub fn shown(&self) -> usize {
        self.review.unwrap_or(self.game.cursor())
    }

    /// The point the live game's history is at now.
    pub fn standing(&self) -> Standing {
        Standing(self.game.changes())
    }

    /// The suggested move, while the position it was found for is on the board with no
    /// move under way from it.
    pub fn hint(&self) -> Option<&Move> {
        let (at, mv) = self.hint.as_ref()?;
        (self.sowing().is_none() && *at == self.standing()).then_some(mv)
    }

    /// The suggested move while it can still be followed: before the move, or while the
    /// move under way has made the hint's choices so far (from the same start). A move that
    /// went another way leaves it behind.
    pub fn hint_followed(&self) -> Option<&Move> {
        let (at, mv) = self.hint.as_ref()?;
        if *at != self.standing() {
            return None;
        }
        let Some(s) = self.sowing() else { return Some(mv) };
        let so_far = s.move_so_far();
        let made = so_far.choices();
        let follows = so_far.start() == mv.start()
            && so_far.is_split() == mv.is_split()
            && mv.choices().get(..made.len()) == Some(made);
        follows.then_some(mv)
    }

    /// At the decision point the move under way waits at, the direction the followed hint
    /// chose there (RULES.md 3.5).
    pub fn hint_choice(&self) -> Option<omweso_rules::Direction> {
        let mv = self.hint_followed()?;
        let s = self.sowing()?;
        let dp = s.decision()?;
        let c = mv.choices().get(s.move_so_far().choices().len())?;
        (c.hole == dp.hole && c.lap == dp.lap).then_some(c.direction)
    }

    /// Suggests `mv` for the position the live game stands at now.
    pub fn set_hint(&mut self, mv: Move) {
        self.hint = Some((self.standing(), mv));
    }

    /// True when the game-over card was closed at the end the game stands at now.
    pub fn game_over_dismissed(&self) -> bool {
        self.game_over_dismissed.as_ref().is_some_and(|at| *at == self.standing())
    }

    /// Closes the game-over card for the end the game stands at now.
    pub fn dismiss_game_over(&mut self) {
        self.game_over_dismissed = Some(self.standing());
    }

    /// True when this board holds a game (not a lesson or a puzzle).
    pub fn is_game(&self) -> bool {
        matches!(self.kind, PlayKind::Game)
    }

    /// The lesson followed on this board, if it is a lesson.
    pub fn lesson(&self) -> Option<&LessonRun> {
        match &self.kind {
            PlayKind::Lesson(run) => Some(run),
            _ => None,
        }
    }

    /// The puzzle on this board, if it is a puzzle.
    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        match &self.kind {
            PlayKind::Puzzle(run) => Some(run),
            _ => None,
        }
    }

    /// The animation running at `now`, if any.
    pub fn animation(&self, now: f64) -> Option<&Animation> {
        match &self.turn {
            Turn::Animating(a) | Turn::Deciding { anim: Some(a), .. } => Some(a).filter(|a| !a.finished(now)),
            _ => None,
        }
    }

    /// The move waiting at a decision point.
    pub fn sowing(&self) -> Option<&Sowing> {
        match &self.turn {
            Turn::Deciding { sowing, .. } => Some(sowing),
            _ => None,
        }
    }

    /// Lets the clock run to `now`: a finished animation ends.
    pub fn tick(&mut self, now: f64) {
        match &mut self.turn {
            Turn::Animating(a) if a.finished(now) => self.turn = Turn::Ready,
            Turn::Deciding { anim, .. } if anim.as_ref().is_some_and(|a| a.finished(now)) => *anim = None,
            _ => {}
        }
    }

    /// True when nothing is under way and the live game is shown: the only time the game
    /// may change by anything but Undo.
    pub fn ready(&self) -> bool {
        matches!(self.turn, Turn::Ready) && self.review.is_none()
    }
}
