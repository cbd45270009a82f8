//! What the server keeps on disk.
//!
//! The crate does not write files itself: the server is given an [`Archive`], which keeps a
//! game ([`Kept`]: its record and the seats' resume tokens) atomically and gives back every
//! game kept when a server starts again. The program's archive (`src/cli/online/archive.rs`)
//! writes each game as a saved game (`<code>.omweso`, read by `omweso check`) through the
//! program's `disk` writer, with the resume data beside it; the crate cannot depend on the
//! program, whose saved-game format it would need. [`MemoryArchive`] keeps games in memory
//! (tests, benchmarks).

use crate::record::Record;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;

/// A game as the server keeps it: the record and the seats' resume tokens (secret: kept by
/// the server only, never sent but to the seat's own client).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    /// The game.
    pub record: Record,
    /// Lower's and Upper's resume tokens, once seated.
    pub tokens: [Option<String>; 2],
}

/// Where the server keeps its games.
pub trait Archive: Send + Sync + 'static {
    /// Keeps `game`, replacing what was kept under its code, atomically (a crash leaves the
    /// old or the new, never a torn file). Called after every change of a game, before the
    /// change is relayed, on the connection's thread: it should take a few milliseconds.
    ///
    /// # Errors
    /// What could not be written, in words (the server logs it and goes on).
    fn keep(&self, game: &Kept) -> Result<(), String>;

    /// Every game kept (for a server started again: the unfinished ones are resumed).
    ///
    /// # Errors
    /// What could not be read, in words; the server does not start.
    fn load(&self) -> Result<Vec<Kept>, String>;

    /// Forgets game `code`: it expired (no player came back to it within
    /// [`crate::Limits::expire_after`]) and is never resumed again. What remains of it (a
    /// record for `omweso check`) is the archive's choice.
    ///
    /// # Errors
    /// What could not be done, in words (the server logs it).
    fn forget(&self, code: &str) -> Result<(), String>;
}

/// Games kept in memory only.
#[derive(Default)]
pub struct MemoryArchive {
    games: Mutex<HashMap<String, Kept>>,
}

impl MemoryArchive {
    /// The game kept under `code`, if any.
    pub fn get(&self, code: &str) -> Option<Kept> {
        self.games.lock().ok()?.get(code).cloned()
    }
}

impl Archive for MemoryArchive {
    fn keep(&self, game: &Kept) -> Result<(), String> {
        let mut games = self.games.lock().map_err(|_| "the archive's lock is poisoned".to_string())?;
        games.insert(game.record.code.clone(), game.clone());
        Ok(())
    }

    fn load(&self) -> Result<Vec<Kept>, String> {
        let games = self.games.lock().map_err(|_| "the archive's lock is poisoned".to_string())?;
        Ok(games.values().cloned().collect())
    }

    fn forget(&self, code: &str) -> Result<(), String> {
        let mut games = self.games.lock().map_err(|_| "the archive's lock is poisoned".to_string())?;
        games.remove(code);
        Ok(())
    }
}
