//! A lesson on the board: its first board (a step in play, or a setup for a step that
//! practises setting out), and what it says of the move played. The board, the sowing and
//! the decisions are those of [`Play`]; a lesson only decides which moves it waits for and
//! what it says about them. The lesson under way itself is [`LessonRun`].

use super::{Phase, Play, PlayKind};
use crate::app::model::lesson_run::{Feedback, LessonRun};
use crate::app::model::setup_board::SetupBoard;
use crate::game::Game;
use crate::lessons::{Lesson, Task};
use omweso_rules::Side;

impl LessonRun {
    /// The board of step `step` of `lesson` (number `index` of the course): the step's
    /// state in play, or for a step that practises setting out, a setup board on which
    /// Lower lays out against Upper's layout.
    pub fn start(index: usize, lesson: Lesson, step: usize) -> Phase {
        let state = lesson.steps[step].state.clone();
        let set_out = matches!(lesson.steps[step].task, Task::SetOut);
        let run = LessonRun { index, lesson, step, feedback: None, shown: false };
        if set_out {
            let mut setup = SetupBoard::new(Side::Lower, *state.options());
            // Upper has laid out: Lower, who moves first, lays out seeing it (RULES.md §2).
            setup.laying = Side::Upper;
            setup.counts[Side::Upper.index()] = state.position().side_counts(Side::Upper);
            setup.done();
            setup.lesson = Some(Box::new(run));
            return Phase::Setup(setup);
        }
        let mut play = Play::new(Game::from_state(state));
        play.kind = PlayKind::Lesson(run);
        Phase::Play(Box::new(play))
    }

    /// The board in play after a set-out step's layout is done: the game from `setup`'s
    /// layouts, and what the lesson says of Lower's (`shown` when "Show me" laid it out).
    pub fn set_out_done(mut self, setup: &SetupBoard, shown: bool) -> Option<Play> {
        let state = setup.clone().done()?;
        self.feedback = Some(Feedback::Right(crate::lessons::set_out_feedback(&state)));
        self.shown = shown;
        let mut play = Play::new(Game::from_state(state));
        play.kind = PlayKind::Lesson(self);
        Some(play)
    }

    /// True when the step waits for the player's move on this play's board.
    pub fn awaits_move(&self, play: &Play) -> bool {
        matches!(self.current().task, Task::Play(_)) && play.game.cursor() == 0 && self.feedback.is_none()
    }
}

impl Play {
    /// True when the one move of a lesson's step or a puzzle is played to its end and not
    /// judged yet ([`Play::judge_lesson_move`], [`Play::judge_puzzle_move`] would say something).
    pub fn to_judge(&self) -> bool {
        if !self.ready() || self.game.cursor() != 1 {
            return false;
        }
        match &self.kind {
            PlayKind::Lesson(run) => {
                run.feedback.is_none() && self.game.moves().first().is_some_and(|e| e.mv.is_some())
            }
            PlayKind::Puzzle(run) => {
                run.feedback.is_none()
                    && self
                        .game
                        .moves()
                        .first()
                        .and_then(|e| e.mv.as_ref())
                        .is_some_and(|mv| run.puzzle.verdict(mv).is_some())
            }
            _ => false,
        }
    }

    /// In a lesson: once the player's move has been sown on the board, says what the lesson
    /// thinks of it.
    pub fn judge_lesson_move(&mut self) {
        let ready = self.ready();
        let PlayKind::Lesson(run) = &mut self.kind else { return };
        if run.feedback.is_some() || !ready || self.game.cursor() != 1 {
            return;
        }
        let Some(entry) = self.game.moves().first() else { return };
        let Some(mv) = &entry.mv else { return };
        let step = run.current();
        let text = step.feedback(mv, &entry.trace);
        run.feedback = Some(if step.accepts(mv) { Feedback::Right(text) } else { Feedback::Wrong(text) });
    }
}
