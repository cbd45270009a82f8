//! What every connection task shares: the games the server holds (a map behind one
//! `Mutex`, each game behind its own, none ever held across an `.await`), how the finished
//! ones it let go ended, the store and the configuration.

use crate::address::Addresses;
use crate::archive::Change;
use crate::config::ServerConfig;
use crate::store::{Job, Store};
use crate::sync::lock;
use crate::table::Table;
use crate::tally::Tally;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

pub(crate) use crate::table::Games;

/// What every connection task shares.
pub(crate) struct Shared {
    /// Shared with the store, which lets go of a game it could never keep.
    games: Arc<Mutex<Games>>,
    /// How each finished game the server no longer holds ended (kept in the archive, or
    /// let go): a code of one is answered with its end.
    ended: Mutex<HashMap<String, crate::record::End>>,
    store: Store,
    pub(crate) config: ServerConfig,
    next_id: AtomicU64,
    /// What each address holds.
    pub(crate) addresses: Addresses,
    /// The connections closed unserved since the last summary.
    pub(crate) tally: Tally,
    /// The page served beside the WebSocket.
    pub(crate) page: crate::page::Page,
}

impl Shared {
    /// Shares `games` (resumed from the archive, and shared with `store`), the ends of the
    /// finished games kept, the store and `config`.
    pub(crate) fn new(
        games: Arc<Mutex<Games>>,
        ended: HashMap<String, crate::record::End>,
        store: Store,
        config: ServerConfig,
    ) -> Shared {
        Shared {
            games,
            ended: Mutex::new(ended),
            store,
            addresses: Addresses::new(&config.limits),
            page: crate::page::Page::new(config.web.clone()),
            config,
            next_id: AtomicU64::new(1),
            tally: Tally::default(),
        }
    }

    /// The map of games, locked (only to find or add a game).
    pub(crate) fn games(&self) -> MutexGuard<'_, Games> {
        lock(&self.games)
    }

    /// The game `code`, if the server holds it.
    pub(crate) fn table(&self, code: &str) -> Option<Arc<Mutex<Table>>> {
        self.games().get(code).cloned()
    }

    /// How game `code` ended, if it is a finished game the server no longer holds.
    pub(crate) fn ended(&self, code: &str) -> Option<crate::record::End> {
        lock(&self.ended).get(code).copied()
    }

    /// A fresh connection id.
    pub(crate) fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Hands `table`'s change and the messages it queued to the store (called under the
    /// table's lock, `handle` being the table's own): the messages go out once the change
    /// is kept; not at all, and the players are told so, if it cannot be.
    pub(crate) fn keep(&self, handle: &Arc<Mutex<Table>>, table: &mut Table) {
        let change = Some(table.change());
        self.hand(handle, table, change);
    }

    /// Hands the messages `table` queued, with no change of the game, to the store, which
    /// sends them after the changes handed before (a game sent to a player is one kept).
    pub(crate) fn send(&self, handle: &Arc<Mutex<Table>>, table: &mut Table) {
        self.hand(handle, table, None);
    }

    fn hand(&self, handle: &Arc<Mutex<Table>>, table: &mut Table, change: Option<Change>) {
        let out = table.take_queued();
        if change.is_none() && out.is_empty() {
            return;
        }
        let code = table.record.code.clone();
        self.store.hand(Job { table: Arc::clone(handle), code, epoch: table.epoch, change, out });
    }

    /// Why the store cannot keep games now, if it cannot (no new game is hosted meanwhile).
    pub(crate) fn trouble(&self) -> Option<String> {
        self.store.trouble()
    }
}

impl Shared {
    /// Lets go of the finished games nobody follows any more, once more than half of
    /// [`crate::Limits::max_games`] are held (their ends are remembered).
    pub(crate) fn let_go_finished(&self) {
        let mut games = self.games();
        if games.len() <= self.config.limits.max_games / 2 {
            return;
        }
        let mut ended = lock(&self.ended);
        games.retain(|code, t| {
            let table = lock(t);
            let gone = table.is_over() && table.is_empty();
            if gone && let Some(end) = table.record.end {
                ended.insert(code.clone(), end);
            }
            !gone
        });
    }
}

impl Shared {
    /// The slow chores, every few seconds: lets go of the unfinished games no player came
    /// back to within [`crate::Limits::expire_after`] (the archive forgets them), forgets
    /// the addresses that hold nothing, and logs the connections closed unserved in one
    /// line.
    pub(crate) fn housekeep(&self, now: Instant) {
        let after = self.config.limits.expire_after;
        let mut expired = Vec::new();
        self.games().retain(|code, t| {
            let gone = lock(t).idle_since().is_some_and(|since| now.saturating_duration_since(since) >= after);
            if gone {
                expired.push(code.clone());
            }
            !gone
        });
        for code in &expired {
            self.store.forget(code.clone());
        }
        if !expired.is_empty() {
            log::info!("{} games no player came back to for {after:?} let go", expired.len());
        }
        self.addresses.prune(now);
        if let Some(line) = self.tally.summary() {
            log::warn!("{line}");
        }
    }
}
