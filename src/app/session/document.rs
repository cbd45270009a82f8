//! The document: the file behind the game and the game as it was last saved or opened;
//! "changed" compares the game with it, and Save asks it whether another program changed
//! the file since.

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
    /// What the file held when this window last read or wrote it (a hash of its bytes),
    /// so that Save notices a file changed since by another window or program.
    pub stamp: Option<u64>,
}

impl Document {
    /// The document of `path` as it is on disk now, with its `baseline`.
    pub fn new(path: Option<PathBuf>, baseline: Option<SavedGame>) -> Document {
        let stamp = path.as_deref().and_then(file_stamp);
        Document { path, baseline, stamp }
    }

    /// True when `game` differs from the game as last saved or opened (or when that is not
    /// known). The clock's time spent is no change: the game is (a game saved with its clock
    /// running must not come back unsaved after a restart). The one test of "changed", for
    /// the window's title and questions and for the autosave.
    pub fn differs_from(&self, game: &SavedGame) -> bool {
        self.baseline.as_ref().map(SavedGame::without_time_spent) != Some(game.without_time_spent())
    }

    /// True when the file holds something else than when this window last read or wrote
    /// it (a file since removed has not changed: saving makes it again).
    pub fn changed_on_disk(&self) -> bool {
        match (&self.path, self.stamp) {
            (Some(path), Some(stamp)) => file_stamp(path).is_some_and(|now| now != stamp),
            _ => false,
        }
    }
}

/// A hash of the bytes of the file at `path`, if it can be read.
fn file_stamp(path: &std::path::Path) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let bytes = std::fs::read(path).ok()?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    Some(h.finish())
}
