//! Lessons and puzzles in the session: opening the teaching windows, starting a lesson or
//! a puzzle on a board of its own, their commands (go on, try again, show me, leave), and
//! what a teaching board does not allow.

use super::apply_play::animation;
use super::{LessonRun, Phase, PlayKind, PuzzleRun, Session, Turn};
use crate::app::model::command::{Command, Teaching};
use crate::app::model::modal::Modal;
use crate::app::model::seat::Seats;
use crate::app::model::setup_board::SetupBoard;
use crate::lessons::Task;
use omweso_rules::Side;

impl Session {
    /// Opens one of the teaching windows, or closes it when it is open.
    pub(super) fn toggle_teaching(&mut self, t: Teaching) {
        let modal = match t {
            Teaching::Learn => Modal::Learn,
            Teaching::Rules => Modal::Rules,
            Teaching::Legend => Modal::Legend,
            Teaching::Summary => Modal::Summary,
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

    /// Carries out a lesson's or a puzzle's command; gives back any other command.
    pub(super) fn teaching_command(&mut self, command: Command) -> Option<Command> {
        use Command as C;
        let paused = self.paused();
        match command {
            C::StartLesson(n) => self.start_lesson(n, 0),
            C::StartLessonAt { lesson, step } => self.start_lesson(lesson, step),
            C::LessonNext if !paused => {
                if let Some(run) = self.lesson().cloned() {
                    self.lesson_next(run);
                }
            }
            C::LessonRetry if !paused => {
                if let Some(run) = self.lesson().cloned() {
                    self.phase = LessonRun::start(run.index, run.lesson, run.step);
                }
            }
            C::LessonShowMe if !paused => self.lesson_show_me(),
            C::StartGuidedGame(preset) if !paused => self.start_guided_game(preset),
            C::LeaveLesson if self.lesson().is_some() => self.leave_teaching(Modal::Learn),
            C::StartPuzzle(n) => self.start_puzzle(n),
            C::PuzzleRetry if !paused => {
                if let Some(run) = self.puzzle().cloned() {
                    self.phase = Phase::Play(Box::new(PuzzleRun::start(run.index, run.puzzle)));
                }
            }
            C::PuzzleNext => {
                if let Some(index) = self.puzzle().map(|r| r.index) {
                    self.puzzle_next(index);
                }
            }
            C::LeavePuzzle if self.puzzle().is_some() => self.leave_teaching(Modal::Puzzles),
            command => return Some(command),
        }
        None
    }

    /// "Show me": the step again, with the move it asks for sown (or for a set-out step,
    /// its layout laid out), said to be the lesson's and not the player's.
    fn lesson_show_me(&mut self) {
        let Some(run) = self.lesson().cloned() else { return };
        let animate = self.settings.animate.then_some(self.settings.speed.rate());
        let now = self.now;
        match run.current().task.clone() {
            Task::Play(moves) => {
                let mut play = match LessonRun::start(run.index, run.lesson, run.step) {
                    Phase::Play(p) => p,
                    Phase::Setup(_) => return,
                };
                if let PlayKind::Lesson(run) = &mut play.kind {
                    run.shown = true;
                }
                if let Ok(trace) = play.game.play(&moves[0]) {
                    play.turn = animation(&trace, animate, now).map_or(Turn::Ready, Turn::Animating);
                }
                self.phase = Phase::Play(play);
            }
            Task::SetOut => {
                let Phase::Setup(mut setup) = LessonRun::start(run.index, run.lesson.clone(), run.step) else { return };
                setup.counts[Side::Lower.index()] = run.current().state.position().side_counts(Side::Lower);
                if let Some(play) = run.set_out_done(&setup, true) {
                    self.phase = Phase::Play(Box::new(play));
                }
            }
            Task::Look | Task::PlayBeginner => {}
        }
    }

    /// Leaves a lesson or a puzzle for an empty setup board, with its list (`list`) open.
    fn leave_teaching(&mut self, list: Modal) {
        self.enter(Phase::Setup(SetupBoard::new(Side::Lower, self.settings.form.options)), None);
        self.modals.open(list);
    }

    /// Puts a lesson's or a puzzle's board (`phase`) on its own: the lists and New Game
    /// close, no computer, one person on both sides, no match score, not a document.
    pub(super) fn enter_teaching(&mut self, phase: Phase) {
        self.modals.close(|m| matches!(m, Modal::Learn | Modal::Puzzles | Modal::NewGame(_)));
        self.seat_anew(Seats::by_sides());
        self.banked = [0, 0];
        self.matched = None;
        self.enter(phase, None);
    }

    /// The course's first game, guided (issue 41): started from `preset` against the
    /// Beginner level, from the first-game step only; the lesson counts as done.
    fn start_guided_game(&mut self, preset: crate::app::model::setup_board::Preset) {
        let Some(run) = self.lesson().cloned() else { return };
        let Some(form) = crate::app::model::guide::form(&self.settings.form, preset) else { return };
        if !matches!(run.current().task, Task::PlayBeginner) {
            return;
        }
        if !self.settings.lessons_done.contains(&run.lesson.id) {
            self.settings.lessons_done.push(run.lesson.id.clone());
        }
        self.start_game(form);
        // The next New Game lays out again, as before.
        self.settings.form.from_position = false;
        if let Phase::Play(p) = &mut self.phase {
            p.guide = Some(Default::default());
        }
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
            form.first = crate::app::model::setup::FirstChoice::Lower;
            self.start_game(form);
            return;
        }
        if !run.can_go_on() {
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
            self.leave_teaching(Modal::Learn);
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
            | Command::NextMatchGame
            | Command::Save
            | Command::SaveAs
            | Command::AnalyseGame
    )
}
