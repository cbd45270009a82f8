//! Carrying out commands, by group: the play phase (`apply_play`), setting out, lessons
//! and puzzles (`teach`), the document (new games, files, the windows that ask) and the
//! view. Each group matches on the command and the phase and gives back what is not its
//! own; a command that means nothing in this phase (or while play is paused, or while a
//! move is under way) reaches the view's catch-all arm and changes nothing.

use super::teach::means_nothing_in_a_lesson;
use super::{Closing, Document, Effect, Phase, Play, SaveAsked, Session};
use crate::app::model::command::Command;
use crate::app::model::layout_coach::{Ask, Question};
use crate::app::model::modal::{Modal, ModalKind};
use crate::app::model::online::{Facing, OnlineCommand};
use crate::app::model::seat::{Seat, Seats};
use crate::app::model::settings::BoardTurn;
use crate::app::model::setup::NewGameForm;
use crate::app::model::setup_board::SetupBoard;
use crate::app::services::files::{DialogAnswer, FileAction};
use crate::game::Game;
use crate::tournament::Clock;
use omweso_rules::Side;
use std::path::PathBuf;

impl Session {
    /// Carries out `command`. Commands that would drop unsaved changes (New game, Open,
    /// Rematch, Quit) first ask, through the unsaved-changes prompt.
    pub fn apply(&mut self, command: Command) {
        // Leaving an online game that is on asks first (`leaving.rs`).
        if self.ask_before(&command) {
            self.touch();
            return;
        }
        let replaces_document = matches!(
            command,
            Command::OpenNewGame
                | Command::Open
                | Command::OpenHanded(_)
                | Command::Quit
                | Command::Rematch
                | Command::StartLesson(_)
                | Command::StartLessonAt { .. }
                | Command::StartPuzzle(_)
                | Command::PlayFromState(_)
                | Command::PlayGame { .. }
        ) || (matches!(command, Command::NewGameFromState(_))
            && self.modals.new_game().is_none());
        let asking = self.modals.iter().any(|m| matches!(m, Modal::Unsaved(_)));
        // The server keeps an online game that is on (leaving it was asked about), and a
        // rematch online only opens the Play online dialog: nothing to save first.
        let kept_online =
            self.seated_online() || (self.seats.online().is_some() && matches!(command, Command::Rematch));
        if replaces_document && !asking && !kept_online && self.changed() {
            self.modals.open(Modal::Unsaved(Box::new(command)));
            return;
        }
        self.touch();
        self.carry_out(command);
        // Again after: what was worked out during the command is not kept for after it.
        self.touch();
    }

    /// Lets the play clock run to `now` (seconds) and gives back what time asks for, as
    /// commands for [`Session::apply`]: a finished animation ends, a timed game's clock
    /// runs for the player to move while it may ([`Play::clock_runs`]), a limit passed
    /// asks for [`Command::ClockRanOut`], and a lesson's or puzzle's move played to its
    /// end asks to be judged ([`Command::JudgeMove`]). Nothing kept between runs changes
    /// here, so the revision stays: the clock's running figures are kept with the game
    /// when something else is (a move, a pause, a limit passed, the window's periodic
    /// save and its closing).
    #[must_use = "the commands time asks for are carried out by `apply`"]
    pub fn tick(&mut self, now: f64) -> Vec<Command> {
        let seconds = now - self.now;
        self.now = now;
        let mut asked = Vec::new();
        if let Phase::Play(p) = &mut self.phase {
            if p.clock_runs(now) && seconds > 0.0 && !self.modals.paused() {
                let side = p.game.current().to_move();
                if let Some(clock) = &mut p.clock {
                    asked.extend(clock.run(side, seconds).map(Command::ClockRanOut));
                }
            }
            p.tick(now);
        }
        if self.to_judge() {
            asked.push(Command::JudgeMove);
        }
        asked
    }

    /// True when a lesson's or puzzle's move waits to be judged, or its end to be noted.
    fn to_judge(&self) -> bool {
        let Phase::Play(p) = &self.phase else { return false };
        let noted = |id: &String, list: &[String]| list.contains(id);
        p.to_judge()
            || p.lesson().is_some_and(|run| {
                run.step + 1 == run.lesson.steps.len()
                    && matches!(run.feedback, Some(super::Feedback::Right(_)))
                    && !noted(&run.lesson.id, &self.settings.lessons_done)
            })
            || p.puzzle().is_some_and(|run| run.solved() && !noted(&run.puzzle.id, &self.settings.puzzles_solved))
    }

    /// Judges a lesson's or puzzle's move played to its end ([`Command::JudgeMove`]); the
    /// lesson's last step done right counts the lesson as finished however it is left,
    /// and a puzzle solved is kept as solved.
    pub(super) fn judge_move(&mut self) {
        if let Phase::Play(p) = &mut self.phase {
            p.judge_lesson_move();
            p.judge_puzzle_move();
            if let Some(run) = p.lesson()
                && run.step + 1 == run.lesson.steps.len()
                && matches!(run.feedback, Some(super::Feedback::Right(_)))
                && !self.settings.lessons_done.contains(&run.lesson.id)
            {
                self.settings.lessons_done.push(run.lesson.id.clone());
            }
        }
        self.note_solved_puzzle();
    }

    /// The system asks the program to end (a logout, a shutdown, a signal): the window
    /// closes without the unsaved-changes prompt, and the game is kept between runs as it
    /// is, unsaved changes included, as after a crash.
    pub fn close_for_the_system(&mut self) {
        self.closing = Closing::Keeping;
        if let Some(c) = self.seats.computer_mut() {
            c.cancel();
        }
        self.touch();
    }

    /// The window asks to close. Returns true when it may: the computer's search is
    /// cancelled at once, and an unchanged game (or one whose changes were just saved or
    /// discarded for Quit) closes without a prompt; otherwise the unsaved-changes prompt
    /// opens (its Discard closes).
    pub fn close_requested(&mut self) -> bool {
        self.seats.cancel_computer();
        // The clock's figures as they stand are kept with the closing (a running clock is
        // kept with changes, never on its own).
        self.touch();
        if self.ask_before_closing() {
            return false;
        }
        if self.closing != Closing::Open || !self.changed() {
            return true;
        }
        if !self.modals.iter().any(|m| matches!(m, Modal::Unsaved(_))) {
            self.modals.open(Modal::Unsaved(Box::new(Command::Quit)));
        }
        false
    }
    pub(super) fn carry_out(&mut self, command: Command) {
        if self.teaching() && means_nothing_in_a_lesson(&command) {
            return;
        }
        if matches!(command, Command::JudgeMove) {
            return self.judge_move();
        }
        // Each group carries out its own commands and gives back the others.
        let Some(command) = self.online_command(command) else { return };
        let Some(command) = self.play_command(command) else { return };
        let Some(command) = self.setup_command(command) else { return };
        let Some(command) = self.teaching_command(command) else { return };
        let Some(command) = self.document_command(command) else { return };
        self.view_command(command);
    }

    /// Laying out the seeds (RULES.md §2): the human lays out only their own side; the
    /// computer's comes from its thread.
    fn setup_command(&mut self, command: Command) -> Option<Command> {
        use Command as C;
        let paused = self.paused();
        let tournament = self.tournament_on();
        // An untitled game the human has not touched yet: the computer's layout is part of
        // starting it, nothing the unsaved-changes prompt should ask about.
        let untouched = matches!(command, C::ComputerLayout(_)) && self.document.path.is_none() && !self.changed();
        match (&mut self.phase, command) {
            (Phase::Setup(s), C::SetupAdd(h)) if !paused && self.seats.seat(s.laying) == Seat::Here => {
                s.add(h);
            }
            (Phase::Setup(s), C::SetupRemove(h)) if !paused && self.seats.seat(s.laying) == Seat::Here => {
                s.remove(h);
            }
            (Phase::Setup(s), C::SetupPreset(preset)) if !paused && self.seats.seat(s.laying) == Seat::Here => {
                s.preset(preset);
            }
            (Phase::Setup(s), C::ComputerLayout(layout))
                if !paused && self.seats.computer().is_some_and(|c| c.opponent.side == s.laying) =>
            {
                s.lay(layout.counts());
                self.setup_done();
                if untouched {
                    self.document.baseline = Some(self.to_saved());
                }
            }
            (Phase::Setup(s), C::SetupDone) if !paused && self.seats.seat(s.laying) == Seat::Here => self.setup_done(),
            (Phase::Setup(s), C::AskLayoutCoach) if !paused && self.seats.seat(s.laying) == Seat::Here => {
                if let Some(q) = Question::of(s, Ask::of(s)).filter(|_| !tournament) {
                    // A fixed seed: the same layout gets the same answer each time.
                    self.layout_coach.ask(q, 0, self.waker.clone());
                }
            }
            (Phase::Setup(s), C::UseProposedLayout) if !paused && self.seats.seat(s.laying) == Seat::Here => {
                if let Some(reply) = self.layout_coach.answer(Ask::Propose).and_then(|a| a.winning_reply()) {
                    s.lay(reply.counts());
                }
            }
            (Phase::Setup(s), C::StepThroughReply(ask)) if !paused && self.seats.seat(s.laying) == Seat::Here => {
                if let Some(game) = self.layout_coach.answer(ask).and_then(|a| a.main_line_game()) {
                    // Both sides' moves are the line's, stepped through by hand: the
                    // computer's seat, if any, is left to the player (it would otherwise
                    // answer the first move and drop the line).
                    self.seats.computer_leaves();
                    self.next_in_document(Phase::Play(Box::new(Play::new(game))));
                }
            }
            (_, command) => return Some(command),
        }
        None
    }

    /// New games, files and the windows that ask (unsaved changes, paths, problems).
    fn document_command(&mut self, command: Command) -> Option<Command> {
        use Command as C;
        match (&mut self.phase, command) {
            // ---- New games ----
            (_, C::OpenNewGame) => self.modals.open(Modal::NewGame(Box::new(self.settings.form.clone()))),
            (_, C::StartGame(form)) => self.start_game(*form),
            (_, C::NewGameFromState(text)) => {
                if self.modals.new_game().is_none() {
                    self.modals.open(Modal::NewGame(Box::new(self.settings.form.clone())));
                }
                if let Some(form) = self.modals.new_game_mut() {
                    form.from_position = true;
                    form.state_text = text.trim().to_string();
                    form.error = None;
                }
            }
            (_, C::PlayFromState(state)) => self.play_from_state(*state),
            (_, C::PlayGame { start, moves }) => self.play_game(*start, &moves),
            // ---- Files ----
            (_, C::Open) => self.ask_open(),
            (_, C::DialogAnswered(answer)) => {
                let dialog = self.take_dialog();
                match (dialog, answer) {
                    (Some(FileAction::Open), DialogAnswer::Chosen(path)) => self.open_file(path),
                    (Some(FileAction::Save), DialogAnswer::Chosen(path)) => self.save_to(path),
                    (Some(action), DialogAnswer::NotShown) => self.ask_for_a_path(
                        action,
                        "The desktop's file dialog did not open (no desktop portal answered).".into(),
                    ),
                    // Cancelled: a prompt that waited for the save goes on asking.
                    _ => {}
                }
            }
            (_, C::OpenPath(path)) => {
                self.modals.close(|m| matches!(m, Modal::Path(_)));
                self.open_file(path);
            }
            (_, C::OpenHanded(path)) => self.open_file(path),
            (_, C::OverwriteChanged) => {
                if let Some(Modal::ChangedOnDisk(path)) = self.modals.close(|m| matches!(m, Modal::ChangedOnDisk(_))) {
                    self.write_to(path);
                }
            }
            (_, C::Save) => self.save(false),
            (_, C::SaveAs) => self.save(true),
            // Another file at a typed path is replaced only when the player says so: what is
            // there is looked at first.
            (_, C::SavePath(path)) => self.effects.push(Effect::Look { path, asked: SaveAsked::Typed }),
            (_, C::Looked { path, asked, look }) => self.looked(path, asked, look),
            (_, C::FileRead { path, read }) => self.opened(path, read),
            (_, C::FileWritten { path, game, written }) => self.written(path, *game, written),
            (_, C::Stamped { path, stamp }) => {
                if self.document.path.as_ref() == Some(&path) && self.document.stamp.is_none() {
                    self.document.stamp = stamp;
                }
            }
            (_, C::ReplaceFile) => {
                if let Some(Modal::Replace(path)) = self.modals.close(|m| matches!(m, Modal::Replace(_))) {
                    self.modals.close(|m| matches!(m, Modal::Path(_)));
                    self.write_to(path);
                }
            }
            (_, C::Quit) => {
                if self.closing == Closing::Open {
                    self.closing = Closing::Keeping;
                }
                if let Some(c) = self.seats.computer_mut() {
                    c.cancel();
                }
                self.effects.push(Effect::Close);
            }
            (_, C::Discard) => {
                if let Some(Modal::Unsaved(c)) = self.modals.close(|m| matches!(m, Modal::Unsaved(_))) {
                    // Closing without saving: the changes are not kept for the next run either.
                    if matches!(*c, Command::Quit) {
                        self.closing = Closing::Discarding;
                    }
                    self.carry_out(*c);
                }
            }
            // Closing the typed-path prompt: a save asked for by the unsaved-changes prompt
            // did not happen, and that prompt keeps asking.
            (_, C::CloseModal(ModalKind::FileDialog)) => {}
            (_, C::CloseModal(kind)) => {
                self.modals.close(|m| m.kind() == kind);
            }
            // The system's file dialog answers for itself; Esc here does not close it.
            (_, C::CancelModal) if matches!(self.modals.top(), Some(Modal::FileDialog(_))) => {}
            (_, C::CancelModal) => {
                self.modals.pop();
            }
            (_, C::ConfirmModal) => {
                if let Some(c) = self.default_button() {
                    self.carry_out(c);
                }
            }
            (_, command) => return Some(command),
        }
        None
    }

    /// The view and the settings: what is shown and how; anything else means nothing now.
    fn view_command(&mut self, command: Command) {
        use Command as C;
        match (&mut self.phase, command) {
            // ---- View ----
            (_, C::Flip) => match self.seats.online_mut().filter(|o| o.seat().is_some()) {
                Some(o) => {
                    o.facing = match o.facing {
                        Facing::OwnSide => Facing::Turned,
                        Facing::Turned => Facing::OwnSide,
                    }
                }
                None => self.settings.board_turn = BoardTurn::Fixed(self.bottom_side().opponent()),
            },
            // Turned off, the board stays as it is shown now.
            (_, C::ToggleAutoFlip) => {
                self.settings.board_turn = match self.settings.board_turn {
                    BoardTurn::Fixed(_) => BoardTurn::FollowsMover,
                    BoardTurn::FollowsMover => BoardTurn::Fixed(self.bottom_side()),
                }
            }
            (_, C::ToggleLetters) => self.settings.letters ^= true,
            (_, C::TogglePlayable) => self.settings.show_playable ^= true,
            (phase, C::ToggleAnimation) => {
                self.settings.animate ^= true;
                if let Phase::Play(p) = phase {
                    p.tick(f64::INFINITY);
                }
            }
            (_, C::SetSpeed(speed)) => self.settings.speed = speed,
            (_, C::SetMuted(muted)) => self.settings.muted = muted,
            (_, C::SetVolume(v)) => self.settings.volume = crate::app::model::settings::volume(v),
            (_, C::SetThreads(n)) => {
                self.settings.threads = n.clamp(1, 256);
                if let Some(c) = self.seats.computer_mut() {
                    c.set_threads(self.settings.threads);
                }
            }
            (_, C::ToggleAnalysis) => {
                self.settings.analysis ^= true;
                if self.settings.analysis {
                    self.settings.panel_tab = crate::app::model::settings::PanelTab::Analysis;
                }
            }
            (_, C::SetTheme(t)) => self.settings.theme = t,
            (_, C::SetRenderer(r)) => self.settings.renderer = r,
            (_, C::ShowPanelTab(t)) => self.settings.panel_tab = t,
            (_, C::ToggleThreats) => self.settings.threats ^= true,
            (_, C::ToggleCoach) => self.settings.coach ^= true,
            (_, C::TogglePlainCoach) => self.settings.plain_coach ^= true,
            (Phase::Play(p), C::StopAnalysingGame) => p.jobs.game_review = None,
            (_, C::ToggleHelp) => self.toggle_help(),
            (_, C::ToggleAbout) => self.toggle_about(),
            (_, C::ToggleTeaching(t)) => self.toggle_teaching(t),
            (_, C::CopyState) => self.effects.push(Effect::Copy(self.shown_state_text())),
            (_, C::CopyRecord) => self.effects.push(Effect::Copy(self.record_text())),
            (_, C::CopyGameLink) => {
                if let Some(link) = self.game_link() {
                    self.effects.push(Effect::Copy(link));
                }
            }
            // Everything else means nothing in this phase, or not now.
            _ => {}
        }
    }

    /// Opens the keyboard help, or closes it when it is open.
    fn toggle_help(&mut self) {
        if self.modals.close(|m| matches!(m, Modal::Help)).is_none() {
            self.modals.open(Modal::Help);
        }
    }

    fn toggle_about(&mut self) {
        if self.modals.close(|m| matches!(m, Modal::About)).is_none() {
            self.modals.open(Modal::About);
        }
    }

    /// What Enter does in the window on top.
    fn default_button(&self) -> Option<Command> {
        match self.modals.top()? {
            Modal::NewGame(form) => {
                (!form.from_position || form.parse_state().is_ok()).then(|| Command::StartGame(form.clone()))
            }
            Modal::Unsaved(_) => Some(Command::Save),
            Modal::Path(p) if !p.text.trim().is_empty() => {
                let path = crate::app::services::files::typed_path(&p.text);
                Some(match p.action {
                    FileAction::Open => Command::OpenPath(path),
                    FileAction::Save => Command::SavePath(path),
                })
            }
            Modal::Path(_) => None,
            Modal::Resign(side) => Some(Command::Resign(*side)),
            Modal::ChangedOnDisk(_) | Modal::Replace(_) | Modal::FileDialog(_) => None,
            Modal::Problem(_)
            | Modal::Help
            | Modal::About
            | Modal::Learn
            | Modal::Puzzles
            | Modal::Rules
            | Modal::Legend
            | Modal::Summary => Some(Command::CancelModal),
            Modal::Online(f) => Some(Command::Online(OnlineCommand::Connect(Box::new(f.0.clone())))),
            Modal::Leave(_) => Some(Command::Online(OnlineCommand::ConfirmLeave)),
            Modal::OnlineGames => Some(Command::CancelModal),
        }
    }

    /// Replaces the phase and starts a new document (Untitled unless `path`), whose
    /// baseline is the game as it is now. Everything of the old phase goes with it.
    pub(super) fn enter(&mut self, phase: Phase, path: Option<PathBuf>) {
        // A new document leaves online play: the server keeps the game, and the seat stays
        // in Game → Online games.
        self.keep_seat();
        self.network_leaves();
        self.next_in_document(phase);
        self.document = Document::new(path, Some(self.to_saved()), None);
    }

    /// Replaces the phase by the next game of the match, in the same document: the file
    /// holds the whole match, so the game just over stays in it and the new one is a
    /// change to save.
    pub(super) fn next_in_document(&mut self, phase: Phase) {
        if let Some(c) = self.seats.computer_mut() {
            c.cancel();
        }
        // The engine's work on the old game goes with its play.
        self.phase = phase;
    }

    pub(super) fn start_game(&mut self, mut form: NewGameForm) {
        let state = if form.from_position {
            match form.parse_state() {
                Ok(s) => Some(s),
                Err(e) => {
                    form.error = Some(e);
                    self.modals.open(Modal::NewGame(Box::new(form)));
                    return;
                }
            }
        } else {
            None
        };
        // Only what the saved file can hold and show: no control or bidirectional format
        // characters, at most the loader's length.
        let mut names = form.names.clone().map(|n| crate::app::model::setup::player_name(&n));
        // No name typed: the side's own, never a blank.
        for side in Side::BOTH {
            if names[side.index()].is_empty() {
                names[side.index()] = side.to_string();
            }
        }
        if let Some(o) = form.opponent() {
            // The computer's seat is named after its level, unless a name was typed for it.
            let typed = &names[o.side.index()];
            if typed.trim().is_empty() || *typed == o.side.to_string() || typed.starts_with("Computer (") {
                names[o.side.index()] = format!("Computer ({})", o.level);
            }
        }
        // The match score runs across the games of the same two players; new players
        // start a new match.
        self.banked = if &names == self.seats.names() && self.matched.is_none() { self.match_score() } else { [0, 0] };
        self.matched = form.match_settings().map(crate::tournament::Match::new);
        self.seat_anew(Seats::against(names, form.opponent()));
        self.seat_computer();
        self.modals.close(|m| matches!(m, Modal::NewGame(_)));
        let clock = form.clock();
        let phase = match state {
            Some(s) => Phase::Play(Box::new(Play::timed(Game::from_state(s), clock.map(Clock::new)))),
            None => Phase::Setup(SetupBoard { clock, ..SetupBoard::new(form.first_mover(), form.options) }),
        };
        self.enter(phase, None);
        form.error = None;
        self.settings.form = form;
    }

    fn setup_done(&mut self) {
        let Phase::Setup(s) = &mut self.phase else { return };
        // A lesson's set-out step: the lesson says what was laid out.
        if let Some(run) = s.lesson.as_deref().cloned() {
            if let Some(play) = run.set_out_done(s, false) {
                self.phase = Phase::Play(Box::new(play));
            }
            return;
        }
        if s.done().is_some()
            && let (Some(lower), Some(upper)) = (s.layout(Side::Lower), s.layout(Side::Upper))
        {
            // The same document: laying out was part of this game.
            let game = Game::from_layouts(lower, upper, s.first, s.options);
            self.phase = Phase::Play(Box::new(Play::timed(game, s.clock.map(Clock::new))));
        }
    }
}
