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
            let path = entry.path();
            if !path.to_string_lossy().ends_with(RESUME) {
                continue;
            }
            let text = disk::read_text(&path, MAX_RESUME_BYTES, Links::Refuse).map_err(|e| e.to_string())?;
            match serde_json::from_str::<Kept>(&text) {
                Ok(kept) => games.push(kept),
                Err(e) => log::error!("{}: not a kept game ({e}); left out", path.display()),
            }
        }
        Ok(games)
    }

    /// Removes the game's resume data (so that it is not resumed again); its saved game
    /// stays, for `omweso check`.
    fn forget(&self, code: &str) -> Result<(), String> {
        if omweso_online::code::normalise_code(code).as_deref() != Some(code) {
            return Err(format!("`{}` is not a join code", crate::quote::quoted(code)));
        }
        let path = self.dir.join(format!("{code}{RESUME}"));
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("{}: {e}", path.display())),
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
