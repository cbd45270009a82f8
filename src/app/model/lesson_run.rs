//! A lesson under way: which lesson and step, and what was said about the move just played
//! (data the setup and the play both hold; how a lesson starts and judges a move is in
//! the session's `lesson.rs`).

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
    /// The move was played by "Show me", not by the player.
    pub shown: bool,
}

impl LessonRun {
    /// The step shown.
    pub fn current(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// True when the step may be left for the next: a step to read, or a move that was
    /// right.
    pub fn can_go_on(&self) -> bool {
        match self.current().task {
            Task::Look => true,
            Task::Play(_) | Task::SetOut => matches!(self.feedback, Some(Feedback::Right(_))),
            Task::PlayBeginner => false,
        }
    }
}
