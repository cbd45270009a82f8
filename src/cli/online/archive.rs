//! The server's archive on disk (`omweso serve --data DIR`): an SQLite database,
//! `games.sqlite3` (rusqlite, SQLite built in; WAL journal, every commit flushed to disk),
//! with one row a game (its record without the moves and the seats' tokens, as JSON) and
//! one row a move; the server's store hands it every change made since its last commit in
//! one transaction (group commit). Each finished game is exported as a saved game,
//! `<code>.omweso` (what `omweso check` and the window read), through `disk`.
//!
//! A folder of the format before (a `<code>.resume.json` a game beside its `.omweso`) is
//! taken in when the archive opens: each resume file read is put in the database and moved
//! to `migrated/`; one that cannot be read, or whose code is not a join code or not its own
//! (a code names a file), is moved to `set-aside/` with a log line, and the server starts.
//! The temporary files of a write cut short (`kill -9`) are removed.

mod export;

pub use export::saved_game;

use crate::disk::{self, Links};
use omweso_online::{Archive, ArchiveError, Change, Kept};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The largest resume file read back (a game of thousands of moves is far below it).
const MAX_RESUME_BYTES: u64 = 4 * 1024 * 1024;
/// The end of a resume file's name (the format before the database).
const RESUME: &str = ".resume.json";
/// The folder of the archive where files it cannot read are set aside.
const SET_ASIDE: &str = "set-aside";
/// The folder of the archive where the resume files taken into the database are moved.
const MIGRATED: &str = "migrated";
/// The database's file in the archive's folder.
const DATABASE: &str = "games.sqlite3";

/// The tables: a game's head (its record without the moves, with the tokens) and whether it
/// is over; its moves by number.
const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS games (
        code TEXT PRIMARY KEY NOT NULL,
        over INTEGER NOT NULL,
        head TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS moves (
        code TEXT NOT NULL,
        number INTEGER NOT NULL,
        mv TEXT NOT NULL,
        PRIMARY KEY (code, number)
    ) WITHOUT ROWID;
";

/// The games of one folder, in its database.
pub struct DiskArchive {
    dir: PathBuf,
    db: Mutex<Connection>,
}

impl DiskArchive {
    /// The archive in `dir`, made (owner-only) when missing; the temporary files of a write
    /// cut short are removed, and resume files of the format before are taken in.
    ///
    /// # Errors
    /// The folder cannot be made or is not a folder, or the database cannot be opened.
    pub fn open(dir: &Path) -> Result<DiskArchive, String> {
        disk::private_folder(dir).map_err(|e| e.to_string())?;
        remove_temporary_files(dir);
        let path = dir.join(DATABASE);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_NOFOLLOW;
        let fail = |e: rusqlite::Error| format!("{}: {e}", path.display());
        let db = Connection::open_with_flags(&path, flags).map_err(fail)?;
        owner_only(&path);
        let journal: String = db.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(fail)?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Err(format!("{}: the journal is {journal}, not WAL", path.display()));
        }
        db.execute_batch("PRAGMA synchronous = FULL;").map_err(fail)?;
        db.execute_batch(SCHEMA).map_err(fail)?;
        let archive = DiskArchive { dir: dir.to_path_buf(), db: Mutex::new(db) };
        archive.migrate()?;
        Ok(archive)
    }

    /// The saved game of `code` in the archive (exported when the game ended).
    pub fn saved_game_path(&self, code: &str) -> PathBuf {
        self.dir.join(format!("{code}.omweso"))
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes the resume files of the format before into the database (one transaction),
    /// then moves them to `migrated/`; odd ones are set aside.
    fn migrate(&self) -> Result<(), String> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let mut found = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(RESUME) else { continue };
            match read_kept(&entry.path(), stem) {
                Ok(kept) => found.push((entry.path(), kept)),
                Err(why) => set_aside(&self.dir, &entry.path(), SET_ASIDE, &why),
            }
        }
        if found.is_empty() {
            return Ok(());
        }
        let changes: Vec<Change> = found.iter().map(|(_, kept)| whole(kept)).collect();
        self.commit(&changes).map_err(|e| format!("cannot take in the resume files: {e}"))?;
        for (path, _) in &found {
            set_aside(&self.dir, path, MIGRATED, "taken into the database");
        }
        log::info!("{} games of the format before taken into {}", found.len(), DATABASE);
        Ok(())
    }

    /// Writes the finished game `code` as a saved game, `<code>.omweso`; a failure is
    /// logged (the game is kept in the database all the same).
    fn export(&self, code: &str) {
        let written = match self.get(code) {
            Ok(Some(kept)) => saved_game(&kept).and_then(|saved| {
                disk::write_private(&self.saved_game_path(code), saved.to_ron().as_bytes()).map_err(|e| e.to_string())
            }),
            Ok(None) => Err("it is not kept".into()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = written {
            log::error!("game {code} is kept, but not exported as a saved game: {e}");
        }
    }
}

/// A whole game as one change.
fn whole(kept: &Kept) -> Change {
    let mut head = kept.clone();
    let moves = std::mem::take(&mut head.record.moves);
    Change { head, from: 0, moves }
}

impl Archive for DiskArchive {
    fn commit(&self, changes: &[Change]) -> Result<(), ArchiveError> {
        let fail = |e: rusqlite::Error| ArchiveError(format!("{}: {e}", self.dir.join(DATABASE).display()));
        {
            let mut db = self.db();
            let tx = db.transaction().map_err(fail)?;
            {
                let mut head = tx
                    .prepare_cached(
                        "INSERT INTO games (code, over, head) VALUES (?1, ?2, ?3)
                         ON CONFLICT (code) DO UPDATE SET over = excluded.over, head = excluded.head",
                    )
                    .map_err(fail)?;
                let mut cut = tx.prepare_cached("DELETE FROM moves WHERE code = ?1 AND number >= ?2").map_err(fail)?;
                let mut add =
                    tx.prepare_cached("INSERT INTO moves (code, number, mv) VALUES (?1, ?2, ?3)").map_err(fail)?;
                for change in changes {
                    let code = change.code();
                    let json = serde_json::to_string(&change.head).map_err(|e| ArchiveError(e.to_string()))?;
                    head.execute((code, change.head.record.end.is_some(), json)).map_err(fail)?;
                    cut.execute((code, change.from as i64)).map_err(fail)?;
                    for (n, mv) in change.moves.iter().enumerate() {
                        add.execute((code, (change.from + n) as i64, mv)).map_err(fail)?;
                    }
                }
            }
            tx.commit().map_err(fail)?;
        }
        for change in changes.iter().filter(|c| c.head.record.end.is_some()) {
            if omweso_online::code::is_code(change.code()) {
                self.export(change.code());
            }
        }
        Ok(())
    }

    fn load(&self) -> Result<Vec<Kept>, ArchiveError> {
        let fail = |e: rusqlite::Error| ArchiveError(format!("{}: {e}", self.dir.join(DATABASE).display()));
        let db = self.db();
        let mut games = std::collections::HashMap::new();
        let mut heads = db.prepare("SELECT code, head FROM games").map_err(fail)?;
        let rows = heads.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))).map_err(fail)?;
        for row in rows {
            let (code, head) = row.map_err(fail)?;
            match read_head(&code, &head) {
                Ok(kept) => {
                    games.insert(code, kept);
                }
                Err(why) => log::error!("game `{}` in {DATABASE}: {why}; left out", crate::quote::quoted(&code)),
            }
        }
        let mut moves = db
            .prepare(
                "SELECT moves.code, number, mv FROM moves JOIN games ON games.code = moves.code
                 WHERE games.over = 0 ORDER BY moves.code, number",
            )
            .map_err(fail)?;
        let rows = moves
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?)))
            .map_err(fail)?;
        let mut broken = std::collections::HashSet::new();
        for row in rows {
            let (code, number, mv) = row.map_err(fail)?;
            if let Some(kept) = games.get_mut(&code) {
                if usize::try_from(number).ok() == Some(kept.record.moves.len()) {
                    kept.record.moves.push(mv);
                } else {
                    broken.insert(code);
                }
            }
        }
        for code in broken {
            log::error!("game {code} in {DATABASE}: a move is missing; left out");
            games.remove(&code);
        }
        Ok(games.into_values().collect())
    }

    fn get(&self, code: &str) -> Result<Option<Kept>, ArchiveError> {
        let fail = |e: rusqlite::Error| ArchiveError(format!("{}: {e}", self.dir.join(DATABASE).display()));
        let db = self.db();
        let head: Option<String> =
            db.query_row("SELECT head FROM games WHERE code = ?1", [code], |r| r.get(0)).optional().map_err(fail)?;
        let Some(head) = head else { return Ok(None) };
        let mut kept = read_head(code, &head).map_err(ArchiveError)?;
        let mut moves = db.prepare_cached("SELECT mv FROM moves WHERE code = ?1 ORDER BY number").map_err(fail)?;
        for mv in moves.query_map([code], |r| r.get::<_, String>(0)).map_err(fail)? {
            kept.record.moves.push(mv.map_err(fail)?);
        }
        Ok(Some(kept))
    }

    /// Exports the game as a saved game (`<CODE>.omweso`, for `omweso check`), then takes it
    /// out of the database, so that it is never resumed again.
    fn forget(&self, code: &str) -> Result<(), ArchiveError> {
        let fail = |e: rusqlite::Error| ArchiveError(format!("{}: {e}", self.dir.join(DATABASE).display()));
        if omweso_online::code::is_code(code) {
            self.export(code);
        }
        let mut db = self.db();
        let tx = db.transaction().map_err(fail)?;
        tx.execute("DELETE FROM moves WHERE code = ?1", [code]).map_err(fail)?;
        tx.execute("DELETE FROM games WHERE code = ?1", [code]).map_err(fail)?;
        tx.commit().map_err(fail)
    }
}

/// A game's head read from the database: a kept game without moves, under its own code,
/// which must be a join code.
fn read_head(code: &str, head: &str) -> Result<Kept, String> {
    let kept = serde_json::from_str::<Kept>(head).map_err(|e| format!("not a kept game ({e})"))?;
    check_code(&kept, code)?;
    Ok(kept)
}

/// The kept game in the resume file `path`, whose name is `stem` and [`RESUME`]; `Err` says
/// what is wrong with it: it cannot be read (not a regular file, too big), is not a kept
/// game, or names a code that is not a join code or not its own (a code is a file name).
fn read_kept(path: &Path, stem: &str) -> Result<Kept, String> {
    let text = disk::read_text(path, MAX_RESUME_BYTES, Links::Refuse).map_err(|e| e.to_string())?;
    let kept = serde_json::from_str::<Kept>(&text).map_err(|e| format!("not a kept game ({e})"))?;
    check_code(&kept, stem)?;
    Ok(kept)
}

/// `kept`'s code must be a join code (it names files), and `expected`.
fn check_code(kept: &Kept, expected: &str) -> Result<(), String> {
    let code = &kept.record.code;
    if !omweso_online::code::is_code(code) {
        return Err(format!("its code `{}` is not a join code", crate::quote::quoted(code)));
    }
    if code != expected {
        return Err(format!("its code {code} is not the one it is kept under"));
    }
    Ok(())
}

/// Moves `path` out of the way, into the folder `into` of the archive `dir`, with a log
/// line saying why (as the window does with a store file it cannot read): one odd file
/// never stops a server from starting.
fn set_aside(dir: &Path, path: &Path, into: &str, why: &str) {
    let aside = dir.join(into);
    let moved = disk::private_folder(&aside).map_err(|e| e.to_string()).and_then(|()| {
        let to = aside.join(path.file_name().unwrap_or_default());
        disk::move_aside(path, &to).map(|_| to).map_err(|e| e.to_string())
    });
    match moved {
        Ok(to) if into == MIGRATED => log::info!("{}: {why}; moved to {}", path.display(), to.display()),
        Ok(to) => log::error!("{}: {why}; set aside as {}", path.display(), to.display()),
        Err(e) => log::error!("{}: {why}; left as it is (it could not be moved: {e})", path.display()),
    }
}

/// Removes the temporary files a write cut short (a `kill -9` between the temporary file's
/// creation and its rename) left in `dir`: `.<name>.<random>.tmp`, as the `disk` writer
/// names them.
fn remove_temporary_files(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file && name.starts_with('.') && name.ends_with(".tmp") {
            match std::fs::remove_file(entry.path()) {
                Ok(()) => log::warn!("{}: a write cut short left it; removed", entry.path().display()),
                Err(e) => log::error!("{}: a write cut short left it; cannot remove it: {e}", entry.path().display()),
            }
        }
    }
}

/// Makes the database's file owner-only (SQLite gives its journal files the same mode);
/// on Windows the user's folder is already the user's own: nothing to do.
#[cfg_attr(not(unix), allow(unused_variables))]
fn owner_only(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Err(e) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)) {
            log::warn!("{}: cannot make it owner-only: {e}", path.display());
        }
    }
}

#[cfg(test)]
mod tests;
