//! What the server keeps on disk.
//!
//! The crate does not write files itself: the server is given an [`Archive`], which keeps
//! the [`Change`]s of games in batches, each batch all or nothing (one commit), and gives
//! back every game kept when a server starts again. The server's store
//! ([`crate::store`]) calls it from a thread of its own, never from the runtime's threads
//! and never under a table's lock, and relays a change only once its batch is kept. The
//! program's archive (`src/cli/online/archive.rs`) is an SQLite database in the data folder,
//! which exports each finished game as a saved game (`<code>.omweso`, read by `omweso
//! check`); the crate cannot depend on the program, whose saved-game format it would need.
//! [`MemoryArchive`] keeps games in memory (tests, benchmarks), and can be told to fail.

use crate::record::Record;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

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

/// One change of one game: the game as it is now without its moves (a small record, kept
/// whole each time), and the moves from number `from` on, which replace any kept under
/// those numbers (a move played appends one; a take-back accepted cuts them back).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The game after the change, its `record.moves` left empty.
    pub head: Kept,
    /// The number of the first move of `moves` (the moves before it are kept already).
    pub from: usize,
    /// The moves from `from` on, in order.
    pub moves: Vec<String>,
}

impl Change {
    /// The game's join code.
    pub fn code(&self) -> &str {
        &self.head.record.code
    }

    /// `kept` (the game as kept before, if it was) with this change made.
    ///
    /// # Errors
    /// The change starts past the moves kept (a move in between was never kept).
    pub fn apply(&self, kept: Option<Kept>) -> Result<Kept, ArchiveError> {
        let mut moves = kept.map(|k| k.record.moves).unwrap_or_default();
        if self.from > moves.len() {
            return Err(ArchiveError(format!(
                "game {}: a change from move {} with only {} moves kept",
                self.code(),
                self.from,
                moves.len()
            )));
        }
        moves.truncate(self.from);
        moves.extend(self.moves.iter().cloned());
        let mut game = self.head.clone();
        game.record.moves = moves;
        Ok(game)
    }
}

/// Why an archive could not keep or read games, in words (a full disk, a read-only folder,
/// no file descriptor left…).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ArchiveError(pub String);

/// Where the server keeps its games.
pub trait Archive: Send + Sync + 'static {
    /// Keeps `changes` (of one or more games, in the order they were made), all or nothing,
    /// durably (what it returns `Ok` for survives a crash of the process or the machine).
    /// Called from the store's own thread with every change made since the last call (group
    /// commit).
    ///
    /// # Errors
    /// Nothing of the batch is kept; the server refuses the changes, tells the players and
    /// takes new games no more until a batch is kept again.
    fn commit(&self, changes: &[Change]) -> Result<(), ArchiveError>;

    /// Every game kept (for a server started again: the unfinished ones are resumed, and a
    /// finished one's code is answered with its end). A finished game may come without its
    /// moves.
    ///
    /// # Errors
    /// What could not be read; the server does not start.
    fn load(&self) -> Result<Vec<Kept>, ArchiveError>;

    /// The game `code` as last kept, whole (the server's table goes back to it when a change
    /// could not be kept).
    ///
    /// # Errors
    /// What could not be read.
    fn get(&self, code: &str) -> Result<Option<Kept>, ArchiveError>;

    /// Forgets game `code`: it expired (no player came back to it within
    /// [`crate::Limits::expire_after`]) and is never resumed again. What remains of it (a
    /// record for `omweso check`) is the archive's choice.
    ///
    /// # Errors
    /// What could not be done (the server logs it).
    fn forget(&self, code: &str) -> Result<(), ArchiveError>;
}

/// Games kept in memory only.
#[derive(Default)]
pub struct MemoryArchive {
    games: Mutex<HashMap<String, Kept>>,
    failing: Mutex<Option<String>>,
}

impl MemoryArchive {
    /// The game kept under `code`, if any.
    pub fn get(&self, code: &str) -> Option<Kept> {
        self.games().get(code).cloned()
    }

    /// From now on every commit fails with `reason` (as a full disk would), until called
    /// again with `None`.
    pub fn fail(&self, reason: Option<&str>) {
        *self.failing.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = reason.map(str::to_string);
    }

    fn games(&self) -> MutexGuard<'_, HashMap<String, Kept>> {
        self.games.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Archive for MemoryArchive {
    fn commit(&self, changes: &[Change]) -> Result<(), ArchiveError> {
        if let Some(reason) = self.failing.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone() {
            return Err(ArchiveError(reason));
        }
        let mut games = self.games();
        let mut after: HashMap<String, Kept> = HashMap::new();
        for change in changes {
            let before = after.remove(change.code()).or_else(|| games.get(change.code()).cloned());
            after.insert(change.code().to_string(), change.apply(before)?);
        }
        games.extend(after);
        Ok(())
    }

    fn load(&self) -> Result<Vec<Kept>, ArchiveError> {
        Ok(self.games().values().cloned().collect())
    }

    fn get(&self, code: &str) -> Result<Option<Kept>, ArchiveError> {
        Ok(MemoryArchive::get(self, code))
    }

    fn forget(&self, code: &str) -> Result<(), ArchiveError> {
        self.games().remove(code);
        Ok(())
    }
}
