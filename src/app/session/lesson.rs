//! A lesson being followed on the board: which lesson and step, and what was said about the
//! move just played. The board, the sowing and the decisions are those of [`Play`]; a
//! lesson only decides which moves it waits for and what it says about them.

use super::Play;
use crate::game::Game;
use crate::lessons::{Lesson, Step, Task};

/// What the lesson says about the move just played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The move asked for: why it is right.
    Right(String),
    /// Another move: what it did and what was asked (it is taken back to try again).
    Wrong(String),
}

/// A lesson under way.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonRun {
    /// The lesson's number in the course (from 0).
    pub index: usize,
    /// The lesson.
    pub lesson: Lesson,
    /// The step shown (from 0).
    pub step: usize,
    /// What was said about the move just played, once it has been sown.
    pub feedback: Option<Feedback>,
}

impl LessonRun {
    /// The play of step `step` of `lesson` (number `index` of the course).
    pub fn start(index: usize, lesson: Lesson, step: usize) -> Play {
        let state = lesson.steps[step].state.clone();
        let mut play = Play::new(Game::from_state(state));
        play.lesson = Some(LessonRun { index, lesson, step, feedback: None });
        play
    }

    /// The step shown.
    pub fn current(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// True when the step waits for the player's move on this play's board.
    pub fn awaits_move(&self, play: &Play) -> bool {
        matches!(self.current().task, Task::Play(_)) && play.game.cursor() == 0 && self.feedback.is_none()
    }

    /// True when the step may be left for the next: a step to read, or a move that was
    /// right.
    pub fn can_go_on(&self) -> bool {
        match self.current().task {
            Task::Look => true,
            Task::Play(_) => matches!(self.feedback, Some(Feedback::Right(_))),
            Task::PlayBeginner => false,
        }
    }
}

impl Play {
    /// In a lesson: once the player's move has been sown on the board, says what the lesson
    /// thinks of it.
    pub fn judge_lesson_move(&mut self) {
        let ready = self.ready();
        let Some(run) = self.lesson.as_mut() else { return };
        if run.feedback.is_some() || !ready || self.game.cursor() != 1 {
            return;
        }
        let Some(entry) = self.game.moves().first() else { return };
        let step = run.current();
        let text = step.feedback(&entry.mv, &entry.trace);
        run.feedback = Some(if step.accepts(&entry.mv) { Feedback::Right(text) } else { Feedback::Wrong(text) });
    }
}
