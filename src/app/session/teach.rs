//! Lessons in the session: opening the teaching windows, starting a lesson on a board of
//! its own, going on from a step, and what a lesson does not allow.

use super::{LessonRun, Phase, Session};
use crate::app::command::{Command, Teaching};
use crate::app::modal::Modal;
use crate::app::setup::Setup;
use crate::lessons::Task;
use omweso_rules::Side;

impl Session {
    /// Opens one of the teaching windows, or closes it when it is open.
    pub(super) fn toggle_teaching(&mut self, t: Teaching) {
        let modal = match t {
            Teaching::Learn => Modal::Learn,
            Teaching::Rules => Modal::Rules,
            Teaching::Legend => Modal::Legend,
            Teaching::Puzzles => Modal::Puzzles,
        };
        if self.modals.close(|m| *m == modal).is_none() {
            self.modals.open(modal);
        }
    }

    /// Starts lesson `n` of the course at `step`: a board of its own, no computer, not a
    /// document.
    pub(super) fn start_lesson(&mut self, n: usize, step: usize) {
        let Some(lesson) = self.lessons.as_ref().ok().and_then(|l| l.get(n)).cloned() else { return };
        if step >= lesson.steps.len() {
            return;
        }
        self.enter_teaching(LessonRun::start(n, lesson, step));
    }

    /// Puts a lesson's or a puzzle's `play` on a board of its own: the lists and New Game
    /// close, no computer, one person on both sides, no match score, not a document.
    pub(super) fn enter_teaching(&mut self, play: super::Play) {
        self.modals.close(|m| matches!(m, Modal::Learn | Modal::Puzzles | Modal::NewGame(_)));
        if let Some(c) = self.computer.as_mut() {
            c.cancel();
        }
        self.computer = None;
        self.names = Side::BOTH.map(|s| s.to_string());
        self.banked = [0, 0];
        self.enter(Phase::Play(Box::new(play)), None);
    }

    /// Goes on from a lesson step: the next step, or, after the last, the lesson is done
    /// and the next one starts (the list after the last lesson). A first game against the
    /// Beginner level starts from its step.
    pub(super) fn lesson_next(&mut self, run: LessonRun) {
        let done = |s: &mut Session| {
            if !s.settings.lessons_done.contains(&run.lesson.id) {
                s.settings.lessons_done.push(run.lesson.id.clone());
            }
        };
        if matches!(run.current().task, Task::PlayBeginner) {
            done(self);
            let mut form = self.settings.form.clone();
            form.from_position = false;
            form.computer = true;
            form.computer_side = Side::Upper;
            form.level = omweso_engine::Level::Beginner;
            form.first = crate::app::setup::FirstChoice::Lower;
            self.start_game(form);
            return;
        }
        if !run.can_go_on() {
            if let Phase::Play(p) = &mut self.phase {
                p.lesson = Some(run);
            }
            return;
        }
        if run.step + 1 < run.lesson.steps.len() {
            self.start_lesson(run.index, run.step + 1);
            return;
        }
        done(self);
        let next = run.index + 1;
        if self.lessons.as_ref().is_ok_and(|l| next < l.len()) {
            self.start_lesson(next, 0);
        } else {
            self.enter(Phase::Setup(Setup::new(Side::Lower, self.settings.form.options)), None);
            self.modals.open(Modal::Learn);
        }
    }
}

/// Commands about the game as a document or a record, which mean nothing in a lesson.
pub(super) fn means_nothing_in_a_lesson(c: &Command) -> bool {
    matches!(
        c,
        Command::Undo
            | Command::Redo
            | Command::RedoTo(_)
            | Command::AskResign(_)
            | Command::Resign(_)
            | Command::Hint
            | Command::ReviewAt(_)
            | Command::ReviewPrev
            | Command::ReviewNext
            | Command::ReviewFirst
            | Command::PlayFromHere
            | Command::Rematch
            | Command::Save
            | Command::SaveAs
            | Command::AnalyseGame
    )
}
