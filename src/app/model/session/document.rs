//! The document: the file behind the game and the game as it was last saved or opened;
//! "changed" compares the game with it, and Save asks it whether another program changed
//! the file since.

use crate::app::services::files::Stamp;
use crate::savefile::SavedGame;
use std::path::PathBuf;

/// The file behind the game and the game as it was last saved or opened.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    /// The file the game was opened from or saved to; `None`: Untitled.
    pub path: Option<PathBuf>,
    /// The game as last saved or opened (or as started); `None` when that is not known
    /// (a restored game that had unsaved changes): then the game counts as changed.
    pub baseline: Option<SavedGame>,
    /// What the file was when this window last read or wrote it (its size, time and
    /// identity, asked without opening it: a named pipe or a device put there never blocks
    /// the window), so that Save notices a file changed since by another window or program.
    pub stamp: Option<Stamp>,
}

impl Document {
    /// The document of `path` with its `baseline`, and the file's `stamp` as read or
    /// written (the files' service gives it). A relative `path` is made absolute against the
    /// folder the program runs in now, so that the document is the same file whatever
    /// folder a later run starts in.
    pub fn new(path: Option<PathBuf>, baseline: Option<SavedGame>, stamp: Option<Stamp>) -> Document {
        let path = path.map(|p| std::path::absolute(&p).unwrap_or(p));
        Document { path, baseline, stamp }
    }

    /// True when `game` differs from the game as last saved or opened (or when that is not
    /// known). The clock's time spent is no change: the game is (a game saved with its clock
    /// running must not come back unsaved after a restart). The one test of "changed", for
    /// the window's title and questions and for the autosave.
    pub fn differs_from(&self, game: &SavedGame) -> bool {
        self.baseline.as_ref().map(SavedGame::without_time_spent) != Some(game.without_time_spent())
    }

    /// True when the file, stamped `now`, holds something else than when this window last
    /// read or wrote it (a file since removed has not changed: saving makes it again).
    pub fn changed_on_disk(&self, now: Option<Stamp>) -> bool {
        match (&self.path, self.stamp, now) {
            (Some(_), Some(then), Some(now)) => now != then,
            _ => false,
        }
    }
}

/// Whether the window is closing, and which game is kept for the next run when it does
/// (one value where two flags stood: closing, and discarded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Closing {
    /// The window stays open.
    #[default]
    Open,
    /// Closing, the game on the board kept as it is, unsaved changes included (Quit with
    /// nothing to lose or after a save, or the system ending the program).
    Keeping,
    /// Closing after "Discard" on Quit: the game as last saved (or started) is kept.
    Discarding,
}
