//! Never losing an online seat (issue 48): every path of the window that would leave an
//! online game that is on (New game's Start, Open, a lesson or a puzzle, Play online…,
//! Game → Leave online play, Quit) asks first ("Leave the game?"), and the seat's resume
//! token is kept in the player's list of unfinished online games (the settings'
//! `online_games`) from the moment the server welcomes it until the game ends. Game →
//! Online games resumes any of them: the board becomes that game, rebuilt from what the
//! server keeps, and the server's resume replaces any stale connection of the seat. Also:
//! the note on the board when a window over it keeps it from taking a click.

use super::{Closing, Effect, Phase, Session};
use crate::app::model::command::{Command, ModalKind};
use crate::app::model::modal::Modal;
use crate::app::model::online::{Online, OnlineCommand, OnlineForm, OnlinePlace, OnlineTab, ToServer};
use crate::app::model::seat::Seats;
use crate::app::model::setup_board::SetupBoard;
use omweso_rules::{RuleOptions, Side};

impl Session {
    /// True while this window holds the seat of an online game that is on: leaving it is
    /// asked first, and no unsaved-changes prompt is asked about it (the server keeps it).
    pub fn seated_online(&self) -> bool {
        self.seats.online().is_some_and(Online::seated)
    }

    /// The player's unfinished online games (Game → Online games), each with its seat's
    /// token.
    pub fn online_games(&self) -> &[OnlinePlace] {
        &self.settings.online_games
    }

    /// The window over the board that kept it from taking the player's last click on it,
    /// while that window is open (the board says so, rather than doing nothing silently).
    pub fn blocked_by(&self) -> Option<ModalKind> {
        self.modals.blocked_by()
    }

    /// Before `command` is carried out: a click on the board while a window keeps it
    /// from taking clicks is noted ([`Session::blocked_by`]); a command that would leave
    /// an online game that is on opens the leave question and waits there (true).
    pub(super) fn ask_before(&mut self, command: &Command) -> bool {
        if self.modals.paused() && on_the_board(command) {
            self.modals.note_blocked_click();
        }
        let asking = self.modals.iter().any(|m| matches!(m, Modal::Leave(_)));
        if asking || !self.seated_online() || !self.leaves_online(command) {
            return false;
        }
        self.modals.open(Modal::Leave(Box::new(command.clone())));
        true
    }

    /// True when `command` would take this window away from its online game.
    fn leaves_online(&self, command: &Command) -> bool {
        use Command as C;
        match command {
            C::Open
            | C::OpenHanded(_)
            | C::Quit
            | C::StartGame(_)
            | C::StartGuidedGame(_)
            | C::StartLesson(_)
            | C::StartLessonAt { .. }
            | C::StartPuzzle(_)
            | C::PlayFromState(_)
            | C::PlayGame { .. }
            | C::Online(OnlineCommand::Leave | OnlineCommand::Connect(_) | OnlineCommand::Follow(..)) => true,
            C::Online(OnlineCommand::Resume(place)) => !self.on_the_board(place),
            _ => false,
        }
    }

    /// True when `place` is the online game on the board.
    fn on_the_board(&self, place: &OnlinePlace) -> bool {
        self.seats
            .online()
            .is_some_and(|o| o.code.as_deref() == Some(place.code.as_str()) && o.server == place.server.trim())
    }

    /// The window asks to close during an online game that is on: the leave question
    /// (never "not been saved": the server keeps the game). True when it asked.
    pub(super) fn ask_before_closing(&mut self) -> bool {
        if self.closing != Closing::Open || !self.seated_online() {
            return false;
        }
        if !self.modals.iter().any(|m| matches!(m, Modal::Leave(_))) {
            self.modals.open(Modal::Leave(Box::new(Command::Quit)));
        }
        true
    }

    /// The list's and the leave question's commands; gives back the others.
    pub(super) fn seat_command(&mut self, command: OnlineCommand) -> Option<OnlineCommand> {
        match command {
            OnlineCommand::ShowGames => self.modals.open(Modal::OnlineGames),
            OnlineCommand::Resume(place) => self.resume_online(&place),
            OnlineCommand::Forget(code) => {
                self.settings.online_games.retain(|p| p.code != code);
            }
            OnlineCommand::ConfirmLeave => {
                if let Some(Modal::Leave(c)) = self.modals.close(|m| matches!(m, Modal::Leave(_))) {
                    self.keep_seat();
                    self.carry_out(*c);
                }
            }
            OnlineCommand::ResignInstead => {
                self.modals.close(|m| matches!(m, Modal::Leave(_)));
                if self.seats.online().is_some_and(|o| o.end.is_none() && o.connected_or_coming()) {
                    self.effects.push(Effect::Network(ToServer::Resign));
                }
            }
            other => return Some(other),
        }
        None
    }

    /// Takes the seat kept with the autosave again, on the board the autosave kept (the
    /// connection starts at the next frame).
    pub fn reconnect_online(&mut self, place: &OnlinePlace) {
        self.network_sits(Online::resume(place));
        self.keep_seat();
    }

    /// Takes `place`'s seat again (Game → Online games): on this board when it is that
    /// game (its connection made again), else on a board of its own, rebuilt from what the
    /// server keeps (no computer, no match; the dialogs of a game at one computer close).
    pub fn resume_online(&mut self, place: &OnlinePlace) {
        self.modals.close(|m| matches!(m, Modal::OnlineGames));
        if self.on_the_board(place) {
            let facing = self.seats.online().map(|o| o.facing).unwrap_or_default();
            // Dropping the old link closes its connection; the server's resume replaces
            // whatever connection still holds the seat.
            self.network_sits(Online { facing, ..Online::resume(place) });
            return;
        }
        self.modals.close(|m| matches!(m, Modal::NewGame(_) | Modal::Learn | Modal::Puzzles | Modal::Online(_)));
        self.seat_anew(Seats::by_sides());
        self.matched = None;
        self.banked = [0, 0];
        let first = omweso_online::record::FIRST_TO_MOVE;
        self.enter(Phase::Setup(SetupBoard::new(first, RuleOptions::default())), None);
        self.network_sits(Online::resume(place));
        self.keep_seat();
    }

    /// Seats others at the board (a new game, a lesson, a file opened): the online seat
    /// that was is kept in Game → Online games first, then the old seats go (the
    /// computer's search cancelled, the connection closed).
    pub(super) fn seat_anew(&mut self, seats: Seats) {
        self.keep_seat();
        self.network_leaves();
        self.seats.replace(seats);
    }

    /// The network sits across the board as `online` (its connection asked for at the next
    /// frame); a connection of the game that sat there before is closed first.
    pub(super) fn network_sits(&mut self, online: Online) {
        self.network_leaves();
        self.seats.network_sits(online);
    }

    /// The network leaves the board (the names stay): its connection is closed, and the
    /// server keeps the game and the seat.
    pub(super) fn network_leaves(&mut self) {
        if self.seats.network_leaves().is_some() {
            self.effects.push(Effect::Network(ToServer::Disconnect));
        }
    }

    /// Keeps the seat on the board in the list of unfinished online games (or, once its
    /// game is over, takes it out).
    pub(super) fn keep_seat(&mut self) {
        let Some(o) = self.seats.online() else { return };
        let Some(code) = o.code.clone() else { return };
        let games = &mut self.settings.online_games;
        if o.end.is_some() {
            games.retain(|p| !(p.code == code && p.server == o.server));
            return;
        }
        if o.token.is_none() {
            return;
        }
        let against = o
            .seat()
            .map(|s| s.opponent())
            .filter(|other| o.joined(*other))
            .map(|other| self.seats.names()[other.index()].clone())
            .filter(|n| Side::BOTH.iter().all(|s| *n != s.to_string()))
            .unwrap_or_default();
        let Some(mut place) = o.place(&against) else { return };
        match games.iter_mut().find(|p| p.same_game(&place)) {
            Some(kept) => {
                // What is known stays known (a resumed seat before its welcome).
                place.side = place.side.or(kept.side);
                if place.against.is_empty() {
                    place.against = kept.against.clone();
                }
                *kept = place;
            }
            None => games.push(place),
        }
    }

    /// Rematch after an online game: never a game at this computer. A player gets the
    /// Play online dialog ready to host a new game with the same rules on the same server;
    /// a spectator, nothing.
    pub(super) fn rematch_online(&mut self) {
        let Some(o) = self.seats.online() else { return };
        if o.seat().is_none() {
            return;
        }
        let form = OnlineForm {
            tab: OnlineTab::Host,
            server: o.server.clone(),
            name: self.settings.form.names[0].clone(),
            rules: self.game().map_or(self.settings.form.options, |g| *g.options()),
            timed: o.timed(),
            ..OnlineForm::default()
        };
        self.modals.open(Modal::Online(Box::new((form, None))));
    }
}

/// True for a click on the board or its layout tools (a hole, a direction, a preset,
/// Done).
fn on_the_board(command: &Command) -> bool {
    matches!(
        command,
        Command::SetupAdd(_)
            | Command::SetupRemove(_)
            | Command::SetupPreset(_)
            | Command::SetupDone
            | Command::PlayHole { .. }
            | Command::Choose(_)
            | Command::BoardBlocked
    )
}
