//! The game's file: opening a saved game, saving (asking where when there is no file, or
//! when "Save as"), and the questions a save may ask first (the file changed on disk, the
//! typed path names another file).

use super::{Document, Session};
use super::{Effect, SaveAsked};
use super::{Phase, Play};
use crate::app::model::modal::Modal;
use crate::app::model::seat::{Across, Seats};
use crate::app::services::files::{DialogAnswer, FileAction, Look, PathPrompt, PendingDialog, Stamp};
use crate::game::Game;
use crate::savefile::{self, Player, SavedGame};
use crate::tournament::{Clock, Stage};
use omweso_rules::Side;
use std::path::PathBuf;

impl Session {
    /// The session's game as a saved game (setup or play).
    pub fn to_saved(&self) -> SavedGame {
        let players = Side::BOTH
            .map(|side| Player { name: self.seats.names()[side.index()].clone(), computer: self.seats.level(side) });
        match &self.phase {
            Phase::Setup(s) => SavedGame {
                players,
                first: s.first,
                rules: s.options,
                phase: savefile::Phase::Setup(s.setup.clone()),
                clock: s.clock.map(Clock::new),
                matched: self.matched.clone(),
            },
            Phase::Play(p) => SavedGame {
                players,
                first: p.game.start().to_move(),
                rules: *p.game.options(),
                phase: savefile::Phase::Play(p.game.clone()),
                // A move stopped at a decision point is not in the game, and is not kept:
                // nor is the time spent on it (the player starts the turn again).
                clock: p.clock.clone().map(|mut c| {
                    if c.stage == Stage::Finishing {
                        c.stage = Stage::Starting;
                        c.spent = 0.0;
                    }
                    c
                }),
                matched: self.matched.clone(),
            },
        }
    }

    /// Opens a saved game; on failure the game on the board is kept and the error shown.
    /// Replaces the document by a game from `state` between two people at one computer
    /// (what `omweso --state` opens on), over the New Game dialog or the lesson list.
    pub(super) fn play_from_state(&mut self, state: omweso_rules::GameState) {
        log::info!("playing on from {state}");
        self.play_on(Game::from_state(state));
    }

    /// Plays on from the game of a link: `moves` played from `start`
    /// ([`crate::app::model::link::game_of`]); moves that cannot be played are said, and the
    /// game on the board stays.
    pub(super) fn play_game(&mut self, start: omweso_rules::GameState, moves: &str) {
        match crate::app::model::link::game_of(start, moves) {
            Ok(game) => {
                log::info!("playing on from a link's game of {} moves", game.moves().len());
                self.play_on(game);
            }
            Err(e) => self.notify(format!("The link's game cannot be played: {e}.")),
        }
    }

    /// `game` on the board, two people at one computer: a new document.
    fn play_on(&mut self, game: Game) {
        self.seat_anew(Seats::new(self.settings.form.names.clone(), Across::People));
        self.banked = [0, 0];
        self.matched = None;
        self.modals.close(|m| matches!(m, Modal::NewGame(_) | Modal::Learn));
        self.enter(Phase::Play(Box::new(Play::new(game))), None);
    }

    /// Opens the saved game at `path`: the files' service reads it
    /// ([`Effect::Read`]), and [`Session::opened`] takes its answer.
    pub(super) fn open_file(&mut self, path: PathBuf) {
        self.effects.push(Effect::Read(path));
    }

    /// The answer to [`Effect::Read`]: the game read becomes the document (its players,
    /// its phase, its file and the file's stamp); a file that could not be read leaves the
    /// game on the board as it was, and the player is told why.
    pub(super) fn opened(&mut self, path: PathBuf, read: Result<(Box<SavedGame>, Option<Stamp>), String>) {
        match read {
            Ok((saved, stamp)) => {
                let saved = *saved;
                self.matched = saved.matched.clone();
                let (names, opponent, phase) = Session::parts_of(saved);
                self.seat_anew(Seats::against(names, opponent));
                self.banked = [0, 0];
                self.seat_computer();
                log::info!("opened {}", path.display());
                self.settings.last_folder = path.parent().map(std::path::Path::to_path_buf);
                // A game opened over the New Game dialog or the lesson list (a file handed
                // over by a later start) is what the player wants to see.
                self.modals.close(|m| matches!(m, Modal::NewGame(_) | Modal::Learn));
                self.enter(phase, Some(path));
                self.document.stamp = stamp;
            }
            Err(e) => {
                log::warn!("cannot open {}: {e}", path.display());
                // The message names the file, whatever went wrong.
                let shown = path.display().to_string();
                self.notify(if e.contains(&shown) { e } else { format!("Cannot open {shown}: {e}") })
            }
        }
    }

    /// Open: the system's dialog on its thread (its answer comes as
    /// [`crate::app::model::command::Command::DialogAnswered`]), the dialogs that answer at once, or the
    /// typed-path prompt where no dialog can be shown. Never two dialogs at once.
    pub(super) fn ask_open(&mut self) {
        if self.files.pending.is_some() {
            return;
        }
        match self.files.dialogs.ask_later(FileAction::Open, "") {
            Some(Ok(answer)) => self.wait_for_dialog(FileAction::Open, answer),
            Some(Err(why)) => self.ask_for_a_path(FileAction::Open, why),
            None => match self.files.dialogs.open() {
                Ok(Some(path)) => self.open_file(path),
                Ok(None) => {}
                Err(why) => self.ask_for_a_path(FileAction::Open, why),
            },
        }
    }

    /// Where no dialog can be shown (`why`): the typed-path prompt, starting from the
    /// game's file for a save, else the last folder used.
    pub(super) fn ask_for_a_path(&mut self, action: FileAction, why: String) {
        let current = match action {
            FileAction::Save => self.document.path.as_deref(),
            FileAction::Open => None,
        };
        let prompt = PathPrompt::new(action, current, self.settings.last_folder.as_deref(), why);
        self.modals.open(Modal::Path(prompt));
    }

    fn wait_for_dialog(&mut self, action: FileAction, answer: std::sync::mpsc::Receiver<DialogAnswer>) {
        self.files.pending = Some(PendingDialog::new(action, answer));
        self.modals.open(Modal::FileDialog(action));
    }

    /// The file dialog's answer, once it has come, as the command that carries it out.
    pub fn poll_dialog(&mut self) -> Option<crate::app::model::command::Command> {
        let answer = self.files.pending.as_ref()?.poll()?;
        Some(crate::app::model::command::Command::DialogAnswered(answer))
    }

    /// True while the system's file dialog is open.
    pub fn waiting_for_dialog(&self) -> bool {
        self.files.pending.is_some()
    }

    /// The dialog that answered: it is no longer waited for.
    pub(super) fn take_dialog(&mut self) -> Option<FileAction> {
        self.modals.close(|m| matches!(m, Modal::FileDialog(_)));
        self.files.pending.take().map(|d| d.action)
    }

    /// Saves to the game's file, asking for one first when there is none or `ask`.
    pub(super) fn save(&mut self, ask: bool) {
        if self.files.pending.is_some() {
            return;
        }
        if self.document.path.is_none() || ask {
            match self.files.dialogs.ask_later(FileAction::Save, &self.suggested_name()) {
                Some(Ok(answer)) => return self.wait_for_dialog(FileAction::Save, answer),
                Some(Err(why)) => return self.ask_for_a_path(FileAction::Save, why),
                None => {}
            }
        }
        let path = match (&self.document.path, ask) {
            (Some(p), false) => Some(p.clone()),
            _ => match self.files.dialogs.save(&self.suggested_name()) {
                Ok(p) => p,
                Err(why) => return self.ask_for_a_path(FileAction::Save, why),
            },
        };
        if let Some(path) = path {
            self.save_to(path);
        }
    }

    /// Saves the game to `path` (the game's own file, or one chosen in the system's
    /// dialog): what is there is looked at first ([`Effect::Look`]).
    pub(super) fn save_to(&mut self, path: PathBuf) {
        self.effects.push(Effect::Look { path, asked: SaveAsked::Chosen });
    }

    /// The answer to [`Effect::Look`]: a typed path naming another file asks before it is
    /// replaced; the game's own file changed on disk since this window read or wrote it
    /// (another window or program) asks before it is overwritten; otherwise the game is
    /// written.
    pub(super) fn looked(&mut self, path: PathBuf, asked: SaveAsked, look: Look) {
        if asked == SaveAsked::Typed {
            if self.document.path.as_ref() != Some(&path) && look.exists {
                self.modals.open(Modal::Replace(path));
                return;
            }
            self.modals.close(|m| matches!(m, Modal::Path(_)));
        }
        if self.document.path.as_ref() == Some(&path) && self.document.changed_on_disk(look.stamp) {
            log::warn!("{} changed on disk since it was read or written here", path.display());
            self.modals.open(Modal::ChangedOnDisk(path));
            return;
        }
        self.write_to(path);
    }

    /// Writes the game to `path` ([`Effect::Write`]); [`Session::written`] takes the answer.
    pub(super) fn write_to(&mut self, path: PathBuf) {
        self.effects.push(Effect::Write { path, game: Box::new(self.to_saved()) });
    }

    /// The answer to [`Effect::Write`]: the game as written is the document's from now on,
    /// and the command that waited for the save is carried out; a write that failed is
    /// told, and nothing else changes.
    pub(super) fn written(&mut self, path: PathBuf, saved: SavedGame, written: Result<Option<Stamp>, String>) {
        match written {
            Ok(stamp) => {
                log::info!("saved {}", path.display());
                self.settings.last_folder = path.parent().map(std::path::Path::to_path_buf);
                self.document = Document::new(Some(path), Some(saved), stamp);
                if let Some(Modal::Unsaved(c)) = self.modals.close(|m| matches!(m, Modal::Unsaved(_))) {
                    self.carry_out(*c);
                }
            }
            Err(e) => {
                log::error!("saving {}: {e}", path.display());
                self.notify(e)
            }
        }
    }
}
