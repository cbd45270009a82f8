use super::*;
use crate::savefile::SavedGame;
use omweso_online::Record;
use omweso_online::record::End;
use omweso_rules::{Outcome, RuleOptions, Side};

const CODE: &str = "ABCDEFGHJK";

fn kept(layouts: [Option<&str>; 2], moves: &[&str], end: Option<End>) -> Kept {
    let mut record = Record::new(CODE.into(), RuleOptions::default(), None);
    record.layouts = layouts.map(|l| l.map(str::to_string));
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    record.end = end;
    Kept { record, tokens: [Some("t".repeat(32)), None] }
}

fn change(game: &Kept, from: usize) -> Change {
    let mut head = game.clone();
    let moves = head.record.moves.split_off(from);
    head.record.moves.clear();
    Change { head, from, moves }
}

const BOTH: [Option<&str>; 2] = [Some("4i-p"), Some("4I-P")];

/// Every shape a kept game takes reads back as a saved game (`omweso check` passes).
#[test]
fn every_kept_game_is_a_saved_game_that_reads_back() {
    let games = [
        kept([None, None], &[], None),
        kept([None, Some("4I-P")], &[], None),
        kept(BOTH, &["i"], None),
        kept(BOTH, &["i"], Some(End::Resigned { side: Side::Upper })),
        kept(BOTH, &[], Some(End::Time { side: Side::Lower })),
    ];
    for game in &games {
        let saved = saved_game(game).unwrap();
        let back = SavedGame::from_ron(&saved.to_ron()).unwrap_or_else(|e| panic!("{game:?}: {e}"));
        assert_eq!(back.summary(), saved.summary());
    }
    let time = SavedGame::from_ron(&saved_game(&games[4]).unwrap().to_ron()).unwrap();
    assert!(time.summary().contains("upper wins"), "{}", time.summary());
    let bad = kept(BOTH, &["i"], Some(End::Rules { outcome: Outcome::Annulled }));
    assert!(saved_game(&bad).is_err());
}

/// Moves appended change by change, a take-back cutting them back, read back whole by a
/// new archive on the same folder; a finished game exported as a saved game.
#[test]
fn changes_are_kept_move_by_move_and_read_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    let archive = DiskArchive::open(&games).unwrap();
    let laid = kept(BOTH, &[], None);
    archive.commit(&[change(&laid, 0)]).unwrap();
    let one = kept(BOTH, &["i"], None);
    let two = kept(BOTH, &["i", "I"], None);
    archive.commit(&[change(&one, 0), change(&two, 1)]).unwrap();
    assert_eq!(archive.get(CODE).unwrap(), Some(two.clone()));
    // The take-back of the second move, then another second move.
    let other = kept(BOTH, &["i", "J"], None);
    archive.commit(&[change(&one, 1), change(&other, 1)]).unwrap();
    drop(archive);
    let archive = DiskArchive::open(&games).unwrap();
    assert_eq!(archive.load().unwrap(), std::slice::from_ref(&other));
    assert!(!archive.saved_game_path(CODE).exists());
    let over = kept(BOTH, &["i", "J"], Some(End::Resigned { side: Side::Lower }));
    archive.commit(&[change(&over, 2)]).unwrap();
    let saved = SavedGame::load(&archive.saved_game_path(CODE)).unwrap();
    assert!(saved.summary().contains("upper wins"), "{}", saved.summary());
    // A finished game comes back without its moves, with its end.
    let loaded = archive.load().unwrap();
    assert_eq!(loaded[0].record.end, over.record.end);
}

/// A folder of the format before (resume files) is taken in and its files moved to
/// `migrated/`; an odd one and one whose code is not a join code are set aside.
#[test]
fn a_folder_of_resume_files_is_taken_in() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    let game = kept(BOTH, &["i"], None);
    std::fs::write(games.join(format!("{CODE}.resume.json")), serde_json::to_string(&game).unwrap()).unwrap();
    let mut bad = game.clone();
    bad.record.code = "../x".into();
    std::fs::write(games.join("X.resume.json"), serde_json::to_string(&bad).unwrap()).unwrap();
    std::fs::write(games.join("Y.resume.json"), "{").unwrap();
    let archive = DiskArchive::open(&games).unwrap();
    assert_eq!(archive.load().unwrap(), [game]);
    assert!(games.join(format!("migrated/{CODE}.resume.json")).is_file());
    assert!(games.join("set-aside/X.resume.json").is_file());
    assert!(games.join("set-aside/Y.resume.json").is_file());
    assert!(!games.join(format!("{CODE}.resume.json")).exists());
}

/// A change that does not follow the moves kept (one in between was never kept) leaves a
/// game that does not load whole: it is left out, never resumed with a move missing.
#[test]
fn a_game_with_a_move_missing_is_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let archive = DiskArchive::open(dir.path()).unwrap();
    let two = kept(BOTH, &["i", "I"], None);
    archive.commit(&[change(&two, 1)]).unwrap();
    assert_eq!(archive.load().unwrap(), []);
}

/// A database that cannot be written (here its connection made read-only) fails the
/// commit with the reason and keeps nothing of the batch.
#[test]
fn a_commit_that_cannot_be_written_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let archive = DiskArchive::open(dir.path()).unwrap();
    archive.commit(&[change(&kept(BOTH, &[], None), 0)]).unwrap();
    let db = archive.db();
    db.execute_batch("PRAGMA query_only = ON;").unwrap();
    drop(db);
    let error = archive.commit(&[change(&kept(BOTH, &["i"], None), 0)]).unwrap_err();
    assert!(error.to_string().contains("games.sqlite3"), "{error}");
    assert_eq!(archive.get(CODE).unwrap(), Some(kept(BOTH, &[], None)));
}
