//! The server's archive on disk (`omweso serve --data DIR`): each game as a saved game,
//! `<code>.omweso` (what `omweso check` and the window read), and beside it the server's own
//! resume data, `<code>.resume.json` (the record with the seats' tokens, owner-only), both
//! written atomically through `disk` (`write_private`: a temporary file, fsync, rename).
//! A restarted server reads the `.resume.json` files back.

use crate::disk::{self, Links};
use crate::game::{Game, TimeEnd};
use crate::savefile::{Phase, Player, SavedGame};
use omweso_online::record::{End, FIRST_TO_MOVE, first_to_lay_out};
use omweso_online::{Archive, Kept};
use omweso_rules::{Position, Side};
use std::path::{Path, PathBuf};

/// The largest resume file read back (a game of thousands of moves is far below it).
const MAX_RESUME_BYTES: u64 = 4 * 1024 * 1024;
/// The end of a resume file's name.
const RESUME: &str = ".resume.json";
/// The folder of the archive where files it cannot read are set aside.
const SET_ASIDE: &str = "set-aside";

/// Games kept as files in one folder.
pub struct DiskArchive {
    dir: PathBuf,
}

impl DiskArchive {
    /// The archive in `dir`, made (owner-only) when missing.
    ///
    /// # Errors
    /// The folder cannot be made or is not a folder.
    pub fn open(dir: &Path) -> Result<DiskArchive, String> {
        disk::private_folder(dir).map_err(|e| e.to_string())?;
        remove_temporary_files(dir);
        Ok(DiskArchive { dir: dir.to_path_buf() })
    }

    /// The saved game of `code` in the archive.
    pub fn saved_game_path(&self, code: &str) -> PathBuf {
        self.dir.join(format!("{code}.omweso"))
    }
}

/// A kept game as a saved game: the names, the rules, the layouts and every move played
/// by the program's own `Game` (so that the file is exactly what the window would save),
/// a resignation or an end on time; a game still being laid out as a setup.
pub fn saved_game(kept: &Kept) -> Result<SavedGame, String> {
    let record = &kept.record;
    let replay = record.replay().map_err(|e| format!("game {}: {e}", record.code))?;
    let name = |side: Side| {
        let n = &record.names[side.index()];
        Player { name: if n.is_empty() { side.name().to_string() } else { n.clone() }, computer: None }
    };
    let phase = match replay.layouts {
        [Some(lower), Some(upper)] => {
            let mut game = Game::from_layouts(lower, upper, FIRST_TO_MOVE, record.rules);
            for mv in &replay.moves {
                game.play(mv).map_err(|e| format!("game {}: {e}", record.code))?;
            }
            match record.end {
                Some(End::Resigned { side }) => game.resign(side).map_err(|e| e.to_string())?,
                Some(End::Time { side }) => {
                    game.end_on_time(TimeEnd::Flagged { loser: side }).map_err(|e| e.to_string())?
                }
                Some(End::Rules { .. }) | None => {}
            }
            Phase::Play(game)
        }
        layouts => {
            let mut board = Position::default();
            for side in Side::BOTH {
                if let Some(layout) = &layouts[side.index()] {
                    board.set_side(side, layout);
                }
            }
            let first = first_to_lay_out(&record.rules);
            let laying_out = if layouts[first.index()].is_some() { first.opponent() } else { first };
            let setup = omweso_rules::Setup::resume(FIRST_TO_MOVE, record.rules, &board, laying_out);
            Phase::Setup(setup.map_err(|e| format!("game {}: setup board: {e}", record.code))?)
        }
    };
    Ok(SavedGame {
        players: [name(Side::Lower), name(Side::Upper)],
        first: FIRST_TO_MOVE,
        rules: record.rules,
        phase,
        clock: None,
        matched: None,
    })
}

impl Archive for DiskArchive {
    fn keep(&self, kept: &Kept) -> Result<(), String> {
        let code = &kept.record.code;
        let json = serde_json::to_string(kept).map_err(|e| e.to_string())?;
        disk::write_private(&self.dir.join(format!("{code}{RESUME}")), json.as_bytes()).map_err(|e| e.to_string())?;
        let saved = saved_game(kept)?;
        disk::write_private(&self.saved_game_path(code), saved.to_ron().as_bytes()).map_err(|e| e.to_string())
    }

    fn load(&self) -> Result<Vec<Kept>, String> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let mut games = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(RESUME) else { continue };
            match read_kept(&entry.path(), stem) {
                Ok(kept) => games.push(kept),
                Err(why) => set_aside(&self.dir, &entry.path(), &why),
            }
        }
        Ok(games)
    }
}

/// The kept game in the resume file `path`, whose name is `stem` and [`RESUME`]; `Err` says
/// what is wrong with it: it cannot be read (not a regular file, too big), is not a kept
/// game, or names a code that is not a join code or not its own (a code is a file name).
fn read_kept(path: &Path, stem: &str) -> Result<Kept, String> {
    let text = disk::read_text(path, MAX_RESUME_BYTES, Links::Refuse).map_err(|e| e.to_string())?;
    let kept = serde_json::from_str::<Kept>(&text).map_err(|e| format!("not a kept game ({e})"))?;
    let code = &kept.record.code;
    if !omweso_online::code::is_code(code) {
        return Err(format!("its code `{}` is not a join code", crate::quote::quoted(code)));
    }
    if code != stem {
        return Err(format!("its code {code} is not the one its name gives"));
    }
    Ok(kept)
}

/// Moves `path` out of the way, into the folder `set-aside` of the archive `dir`, with a
/// log line saying why (as the window does with a store file it cannot read): one odd file
/// never stops a server from starting.
fn set_aside(dir: &Path, path: &Path, why: &str) {
    let aside = dir.join(SET_ASIDE);
    let moved = disk::private_folder(&aside).map_err(|e| e.to_string()).and_then(|()| {
        let to = aside.join(path.file_name().unwrap_or_default());
        std::fs::rename(path, &to).map(|()| to).map_err(|e| e.to_string())
    });
    match moved {
        Ok(to) => log::error!("{}: {why}; set aside as {}", path.display(), to.display()),
        Err(e) => log::error!("{}: {why}; left out (it could not be set aside: {e})", path.display()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_online::Record;
    use omweso_rules::{Outcome, RuleOptions};

    fn kept(layouts: [Option<&str>; 2], moves: &[&str], end: Option<End>) -> Kept {
        let mut record = Record::new("ABCDEFGHJK".into(), RuleOptions::default(), None);
        record.layouts = layouts.map(|l| l.map(str::to_string));
        record.moves = moves.iter().map(|m| m.to_string()).collect();
        record.end = end;
        Kept { record, tokens: [None, None] }
    }

    /// Every shape a kept game takes reads back as a saved game (`omweso check` passes).
    #[test]
    fn every_kept_game_is_a_saved_game_that_reads_back() {
        let both = [Some("4i-p"), Some("4I-P")];
        let games = [
            kept([None, None], &[], None),
            kept([None, Some("4I-P")], &[], None),
            kept(both, &["i"], None),
            kept(both, &["i"], Some(End::Resigned { side: Side::Upper })),
            kept(both, &[], Some(End::Time { side: Side::Lower })),
        ];
        for game in &games {
            let saved = saved_game(game).unwrap();
            let back = SavedGame::from_ron(&saved.to_ron()).unwrap_or_else(|e| panic!("{game:?}: {e}"));
            assert_eq!(back.summary(), saved.summary());
        }
        let time = SavedGame::from_ron(&saved_game(&games[4]).unwrap().to_ron()).unwrap();
        assert!(time.summary().contains("upper wins"), "{}", time.summary());
        let bad = kept(both, &["i"], Some(End::Rules { outcome: Outcome::Annulled }));
        assert!(saved_game(&bad).is_err());
    }

    #[test]
    fn the_archive_keeps_and_gives_back_its_games() {
        let dir = tempfile::tempdir().unwrap();
        let archive = DiskArchive::open(&dir.path().join("games")).unwrap();
        let game = kept([Some("4i-p"), Some("4I-P")], &["i"], None);
        archive.keep(&game).unwrap();
        assert_eq!(archive.load().unwrap(), [game]);
        assert!(SavedGame::load(&archive.saved_game_path("ABCDEFGHJK")).is_ok());
    }
}
