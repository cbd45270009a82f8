//! The server's store: a thread of its own between the tables and the [`Archive`], so that
//! no runtime thread ever waits on the disk and no table's lock is held across it.
//!
//! A table changed under its lock hands the store a [`Job`] (the change to keep, if any, and
//! the messages it queued) and lets go at once; the jobs go through one channel in the order
//! the tables made them. The store's thread takes every job waiting, keeps their changes in
//! one commit (group commit: one disk flush for the whole batch), and only then sends their
//! messages: nothing is relayed that is not kept, and the messages go out in the order they
//! were made. When a commit fails (a full disk, a read-only folder, no file descriptor), the
//! batch's messages are not sent: every connection of each game changed in it is told that
//! the change is refused and taken off its table, the table goes back to the game as last
//! kept, and the server takes no new game until a commit succeeds again.

use crate::archive::{Archive, Change};
use crate::protocol::ServerMessage;
use crate::sync::lock;
use crate::table::{Outgoing, Table};
use std::collections::HashSet;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most jobs kept in one commit.
const MAX_BATCH: usize = 8192;
/// How long after a failed commit no new game is hosted (then a new game's first commit
/// tries the disk again).
const HOLD: Duration = Duration::from_secs(10);

/// The games a server holds, by code (shared with the store, which drops a game that could
/// not be kept even once).
type Games = Arc<Mutex<crate::table::Games>>;

/// What a table hands the store after a change.
pub(crate) struct Job {
    /// The table.
    pub table: Arc<Mutex<Table>>,
    /// Its code.
    pub code: String,
    /// The table's epoch when the job was made: a job made before the table went back to
    /// what was kept is dropped.
    pub epoch: u64,
    /// The change to keep before the messages go out, if the game changed.
    pub change: Option<Change>,
    /// The messages, sent once the change is kept.
    pub out: Vec<Outgoing>,
}

/// What the store's thread is handed: a table's change and messages, or a game to forget.
enum Task {
    /// A table's change and messages.
    Job(Box<Job>),
    /// A game that expired (no player came back to it): the archive forgets it.
    Forget(String),
}

/// The handle the server holds on its store.
pub(crate) struct Store {
    jobs: Mutex<Sender<Task>>,
    trouble: Trouble,
}

/// Why the last commit failed, and when, while no commit has succeeded since.
type Trouble = Arc<Mutex<Option<(String, Instant)>>>;

impl Store {
    /// Starts the store's thread over `archive`.
    pub fn start(archive: Arc<dyn Archive>, games: Games) -> std::io::Result<Store> {
        let (tx, rx) = channel();
        let trouble = Arc::new(Mutex::new(None));
        let writer = Writer { archive, games, trouble: Arc::clone(&trouble) };
        std::thread::Builder::new().name("omweso-store".into()).spawn(move || writer.run(&rx))?;
        Ok(Store { jobs: Mutex::new(tx), trouble })
    }

    /// Hands `job` to the store (never waits; called under the table's lock, so that the
    /// jobs keep the order in which the tables changed).
    pub fn hand(&self, job: Job) {
        if lock(&self.jobs).send(Task::Job(Box::new(job))).is_err() {
            log::error!("the store's thread has stopped; a change is not kept");
        }
    }

    /// Has the archive forget game `code` (it expired), after the changes handed before.
    pub fn forget(&self, code: String) {
        if lock(&self.jobs).send(Task::Forget(code)).is_err() {
            log::error!("the store's thread has stopped; an expired game is not forgotten");
        }
    }

    /// Why the last commit failed, if it failed less than [`HOLD`] ago and no commit has
    /// succeeded since.
    pub fn trouble(&self) -> Option<String> {
        lock(&self.trouble).as_ref().filter(|(_, at)| at.elapsed() < HOLD).map(|(why, _)| why.clone())
    }
}

/// The store's thread.
struct Writer {
    archive: Arc<dyn Archive>,
    games: Games,
    trouble: Trouble,
}

impl Writer {
    fn run(self, tasks: &Receiver<Task>) {
        while let Ok(first) = tasks.recv() {
            let (mut batch, mut forget) = (Vec::new(), Vec::new());
            let mut next = Some(first);
            while let Some(task) = next.take() {
                match task {
                    Task::Job(job) => batch.push(*job),
                    Task::Forget(code) => forget.push(code),
                }
                if batch.len() < MAX_BATCH {
                    next = tasks.try_recv().ok();
                }
            }
            self.commit(batch);
            for code in forget {
                if let Err(e) = self.archive.forget(&code) {
                    log::error!("game {code} expired but the archive cannot forget it: {e}");
                }
            }
        }
    }

    /// Keeps the changes of `batch` in one commit, then sends its messages (or refuses the
    /// changes of a commit that failed).
    fn commit(&self, mut batch: Vec<Job>) {
        // A job made before its table went back to what was kept is void.
        batch.retain(|job| lock(&job.table).epoch == job.epoch);
        let changes: Vec<Change> = batch.iter_mut().filter_map(|job| job.change.take()).collect();
        let kept = if changes.is_empty() { Ok(()) } else { self.archive.commit(&changes) };
        match kept {
            Ok(()) => {
                if !changes.is_empty() {
                    lock(&self.trouble).take();
                }
                for job in batch {
                    deliver(&job.table, job.out);
                }
            }
            Err(e) => {
                let why = e.to_string();
                log::error!("cannot keep {} changes of games: {why}; they are refused", changes.len());
                *lock(&self.trouble) = Some((why.clone(), Instant::now()));
                let refused: HashSet<&str> = changes.iter().map(Change::code).collect();
                let mut done = HashSet::new();
                for job in &batch {
                    if refused.contains(job.code.as_str()) {
                        if done.insert(job.code.clone()) {
                            self.refuse(job, &why);
                        }
                    } else {
                        deliver(&job.table, job.out.clone());
                    }
                }
            }
        }
    }

    /// Tells everyone at `job`'s table that its last change could not be kept, takes them
    /// off it, and sets the table back to the game as last kept (or lets go of a game never
    /// kept).
    fn refuse(&self, job: &Job, why: &str) {
        let message = ServerMessage::Error {
            message: format!(
                "the server cannot keep game {}'s last change ({why}): it is refused, and the game is as it was \
                 before it; come back later",
                job.code
            ),
        };
        let back = match self.archive.get(&job.code) {
            Ok(Some(kept)) => Table::resume(kept).map_err(|e| e.to_string()),
            Ok(None) => Err("it was never kept".to_string()),
            Err(e) => Err(e.to_string()),
        };
        let let_go = {
            let mut table = lock(&job.table);
            let epoch = table.epoch + 1;
            table.refuse_everyone(message);
            for (tx, _, message) in table.take_queued() {
                let _ = tx.try_send(message);
            }
            let let_go = match back {
                Ok(kept) => {
                    *table = kept;
                    None
                }
                Err(e) => Some(e),
            };
            table.epoch = epoch;
            let_go
        };
        // The map's lock is taken with no table's held (the server takes the map's first).
        if let Some(e) = let_go {
            log::error!("game {} is let go: {e}", job.code);
            lock(&self.games).remove(&job.code);
        }
    }
}

/// Sends `out`; a connection whose outbox is full has fallen behind: it is taken off its
/// table (its outbox dropped), which ends it; its player resumes and gets the whole game
/// again. What its leaving tells the others goes out at once (who is connected is not kept).
fn deliver(table: &Mutex<Table>, out: Vec<Outgoing>) {
    let mut behind = Vec::new();
    for (tx, id, message) in out {
        if let Err(tokio::sync::mpsc::error::TrySendError::Full(_)) = tx.try_send(message) {
            behind.push(id);
        }
    }
    if behind.is_empty() {
        return;
    }
    let mut table = lock(table);
    for id in behind {
        log::warn!("connection {id}: fell behind by a whole outbox; taken off its table");
        table.leave(id);
    }
    for (tx, _, message) in table.take_queued() {
        let _ = tx.try_send(message);
    }
}
