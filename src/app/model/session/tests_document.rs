//! The document's commands on the model: opening, saving and the questions they ask,
//! on a disk in memory (`model/test_disk.rs`).

use super::tests::{DECISION, WORKED, cursor, on, play, quiet, start_form, with_dialogs};
use super::*;
use crate::app::model::command::Command as C;
use crate::app::model::test_disk::Disk;

#[test]
fn a_new_game_after_open_is_untitled_and_save_asks_where() {
    let disk = Disk::default();
    // Defect 1: New game kept the old game's file and Save overwrote it.
    let dir = PathBuf::from("/games");
    let a = dir.join("a.omweso");
    let (mut s, d) = with_dialogs(on(WORKED));
    play(&mut s, "d");
    d.answers.borrow_mut().push(a.clone());
    disk.apply(&mut s, C::Save);
    let saved_a = disk.text(&a).unwrap();
    assert_eq!(s.document().path.as_deref(), Some(a.as_path()));
    disk.apply(&mut s, C::OpenNewGame);
    start_form(&mut s, Some("4i-p; 4I-P / L both 0,0"));
    assert_eq!(s.document().path, None, "a new game is Untitled");
    assert!(s.title().starts_with("Untitled"), "{}", s.title());
    play(&mut s, "m");
    let b = dir.join("b.omweso");
    d.answers.borrow_mut().push(b.clone());
    disk.apply(&mut s, C::Save);
    assert_eq!(d.saves_asked.borrow().last().map(String::as_str), Some("game.omweso"), "Save asked where");
    assert_eq!(disk.text(&a).unwrap(), saved_a, "a.omweso untouched");
    assert!(disk.text(&b).is_some());
    // A rematch is Untitled too.
    let mut s = on("2i, 46p; 1A-P / L none 0,0");
    s.document.path = Some(a.clone());
    play(&mut s, "i");
    s.document.baseline = Some(s.to_saved());
    disk.apply(&mut s, C::Rematch);
    assert!(s.game().is_some_and(|g| g.cursor() == 0), "from the same position again");
    assert_eq!(s.document().path, None);
}

#[test]
fn opening_a_bad_file_keeps_the_game_and_says_why() {
    let disk = Disk::default();
    let dir = PathBuf::from("/games");
    let bad = dir.join("bad.omweso");
    disk.put(&bad, "(not a game");
    let (mut s, d) = with_dialogs(on(WORKED));
    play(&mut s, "d");
    s.document.baseline = Some(s.to_saved());
    d.answers.borrow_mut().push(bad);
    disk.apply(&mut s, C::Open);
    assert_eq!(cursor(&s), 1);
    assert!(matches!(s.modals().top(), Some(Modal::Problem(_))));
}

#[test]
fn saving_over_a_file_another_window_changed_asks_first() {
    let disk = Disk::default();
    // Two windows on one file: each Save silently replaced the other's.
    let dir = PathBuf::from("/games");
    let file = dir.join("shared.omweso");
    let mut mine = on(WORKED);
    disk.apply(&mut mine, C::SavePath(file.clone()));
    let mut theirs = Session::new(quiet());
    assert!(matches!(theirs.modals().top(), Some(Modal::NewGame(_))));
    disk.apply(&mut theirs, C::OpenHanded(file.clone()));
    assert!(theirs.modals().top().is_none(), "the opened game replaces the New Game dialog");
    play(&mut theirs, "d");
    assert_eq!(theirs.game().map(|g| g.moves().len()), Some(1), "{:?}", theirs.modals().top());
    disk.apply(&mut theirs, C::Save);
    assert!(!theirs.changed(), "the other window saved its move");
    let their_text = disk.text(&file).unwrap();
    play(&mut mine, "e");
    disk.apply(&mut mine, C::Save);
    assert!(matches!(mine.modals().top(), Some(Modal::ChangedOnDisk(p)) if *p == file), "{:?}", mine.modals().top());
    assert_eq!(disk.text(&file).unwrap(), their_text, "nothing written yet");
    assert!(mine.changed());
    // Cancel keeps both; Overwrite replaces the file with this window's game.
    disk.apply(&mut mine, C::CancelModal);
    assert_eq!(disk.text(&file).unwrap(), their_text);
    disk.apply(&mut mine, C::Save);
    disk.apply(&mut mine, C::OverwriteChanged);
    assert!(mine.modals().top().is_none());
    assert!(!mine.changed());
    assert_ne!(disk.text(&file).unwrap(), their_text);
    // Now the other window's copy is the stale one: its next Save asks; Reload takes the file.
    play(&mut theirs, "F");
    disk.apply(&mut theirs, C::Save);
    assert!(matches!(theirs.modals().top(), Some(Modal::ChangedOnDisk(_))));
    disk.apply(&mut theirs, C::CancelModal);
    disk.apply(&mut theirs, C::OpenPath(file.clone()));
    assert_eq!(theirs.game().unwrap().moves().len(), mine.game().unwrap().moves().len());
    // A window's own saves never ask.
    play(&mut mine, "F");
    disk.apply(&mut mine, C::Save);
    disk.apply(&mut mine, C::Save);
    assert!(mine.modals().top().is_none() && !mine.changed());
}

#[test]
fn a_file_handed_over_by_a_later_start_asks_about_unsaved_changes_first() {
    let disk = Disk::default();
    let dir = PathBuf::from("/games");
    let file = dir.join("other.omweso");
    let mut other = on(DECISION);
    disk.apply(&mut other, C::SavePath(file.clone()));
    let mut s = on(WORKED);
    play(&mut s, "d");
    disk.apply(&mut s, C::OpenHanded(file.clone()));
    assert!(matches!(s.modals().top(), Some(Modal::Unsaved(_))), "the move is not dropped unasked");
    assert_eq!(s.game().unwrap().moves().len(), 1);
    disk.apply(&mut s, C::Discard);
    assert_eq!(s.document().path.as_deref(), Some(file.as_path()), "then the handed file opens");
    assert_eq!(s.game().unwrap().moves().len(), 0);
}

#[test]
fn every_name_new_game_takes_is_one_the_saved_file_reads_back() {
    let disk = Disk::default();
    // A 65-character name saved, then Open, check and the restore all refused it.
    let dir = PathBuf::from("/games");
    let file = dir.join("names.omweso");
    let mut s = on(WORKED);
    let mut form = s.settings().form.clone();
    form.names = ["N".repeat(200), "\u{202E}evil\u{200B} name\n".into()];
    disk.apply(&mut s, C::StartGame(Box::new(form)));
    disk.apply(&mut s, C::SavePath(file.clone()));
    let back = disk.game(&file).ok_or("no game").expect("reads back");
    let names = back.players.clone().map(|p| p.name);
    assert_eq!(names[0], "N".repeat(crate::savefile::MAX_NAME_CHARS));
    assert_eq!(names[1], "evil name");
}
