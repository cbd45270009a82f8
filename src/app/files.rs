//! Opening and saving games: the file dialogs sit behind [`FileDialogs`] so that tests can
//! stand in for them; the file format is [`crate::savefile`].

use super::{App, Stage};
use crate::rules::{Position, Side};
use crate::savefile::{Phase, Player, SavedGame};
use std::path::PathBuf;

/// Asks the user for a file to open or a place to save.
pub trait FileDialogs {
    /// A saved game to open; `None` when cancelled.
    fn open(&mut self) -> Option<PathBuf>;
    /// Where to save, suggesting `name`; `None` when cancelled.
    fn save(&mut self, name: &str) -> Option<PathBuf>;
}

/// The system's file dialogs (rfd).
pub struct SystemDialogs;

impl FileDialogs for SystemDialogs {
    fn open(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new().add_filter("Omweso game", &["omweso"]).pick_file()
    }

    fn save(&mut self, name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new().add_filter("Omweso game", &["omweso"]).set_file_name(name).save_file()
    }
}

/// The game on the board as a saved game.
pub fn to_saved(app: &App) -> SavedGame {
    let players = Side::BOTH.map(|side| Player {
        name: app.names[side.index()].clone(),
        computer: app.computer.as_ref().filter(|c| c.opponent.side == side).map(|c| c.opponent.level),
    });
    match &app.stage {
        Stage::Setup(s) => {
            let mut board = Position::default();
            for (i, &c) in s.board().iter().enumerate() {
                board.set(crate::rules::Hole::from_index(i), c);
            }
            SavedGame { players, first: s.first, rules: s.options, phase: Phase::Setup { board, laying_out: s.laying } }
        }
        Stage::Play => SavedGame {
            players,
            first: app.game.start().to_move(),
            rules: *app.game.options(),
            phase: Phase::Game(app.game.clone()),
        },
    }
}
