//! The reader and the writer against real FIFOs, links, devices and folders.

use super::testing::{fifo, within};
use super::*;
use std::os::unix::fs::{PermissionsExt, symlink};

fn kind_refused(e: DiskError) -> FileKind {
    match e {
        DiskError::NotAFile { kind, .. } => kind,
        other => panic!("not refused for its kind: {other:?}"),
    }
}

#[test]
fn the_reader_refuses_a_fifo_a_device_a_folder_and_a_link_it_does_not_follow_unread() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    fifo(&pipe);
    let p = pipe.clone();
    let e = within(5, move || read(&p, 1024, Links::Follow).unwrap_err());
    assert_eq!(kind_refused(e), FileKind::Fifo);
    let zero = dir.path().join("zero");
    symlink("/dev/zero", &zero).unwrap();
    let z = zero.clone();
    assert_eq!(kind_refused(within(5, move || read(&z, 1024, Links::Follow).unwrap_err())), FileKind::CharDevice);
    assert_eq!(kind_refused(read(&zero, 1024, Links::Refuse).unwrap_err()), FileKind::Link);
    assert_eq!(kind_refused(read(dir.path(), 1024, Links::Follow).unwrap_err()), FileKind::Folder);
    let e = read(&pipe, 1024, Links::Follow).unwrap_err().to_string();
    assert!(e.contains("pipe") && e.contains("named pipe (FIFO)"), "the path and what it is: {e}");
}

#[test]
fn the_reader_reads_at_most_its_cap() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sparse");
    // A sparse file of 2 GB costs nothing on disk; it must cost nothing in memory either.
    std::fs::File::create(&file).unwrap().set_len(2 << 30).unwrap();
    assert!(matches!(read(&file, 1 << 20, Links::Follow), Err(DiskError::TooLarge { limit, .. }) if limit == 1 << 20));
    std::fs::write(&file, "text").unwrap();
    assert_eq!(read_text(&file, 4, Links::Refuse).unwrap(), "text");
    assert!(matches!(read(&file, 3, Links::Follow), Err(DiskError::TooLarge { .. })));
    std::fs::write(&file, b"a\xffb").unwrap();
    assert!(matches!(read_text(&file, 10, Links::Follow), Err(DiskError::NotText { at: 1, .. })));
}

#[test]
fn a_private_write_is_owner_only_and_never_goes_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("omweso");
    let file = data.join("app.ron");
    write_private(&file, b"one").unwrap();
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(std::fs::metadata(&data).unwrap().permissions().mode() & 0o777, 0o700);
    // A link put in its place, dangling or not, is refused: its target is neither made nor
    // written.
    std::fs::remove_file(&file).unwrap();
    let target = dir.path().join("target");
    symlink(&target, &file).unwrap();
    assert_eq!(kind_refused(write_private(&file, b"two").unwrap_err()), FileKind::Link);
    assert!(!target.exists(), "a dangling link's target is not created");
    std::fs::write(&target, "theirs").unwrap();
    assert_eq!(kind_refused(write_private(&file, b"two").unwrap_err()), FileKind::Link);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "theirs");
    std::fs::remove_file(&file).unwrap();
    fifo(&file);
    let f = file.clone();
    assert_eq!(kind_refused(within(5, move || write_private(&f, b"two").unwrap_err())), FileKind::Fifo);
}

#[test]
fn writing_under_a_folder_follows_no_link_planted_in_it() {
    // Issue 40.6: `desktop --share DIR` wrote through links inside DIR.
    let dir = tempfile::tempdir().unwrap();
    let (share, outside) = (dir.path().join("share"), dir.path().join("outside"));
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(share.join("man")).unwrap();
    std::fs::write(outside.join("omweso.6"), "precious").unwrap();
    // A folder below the root that is a link to another folder.
    symlink(&outside, share.join("man/man6")).unwrap();
    let e = write_under(&share, Path::new("man/man6/omweso.6"), b"page").unwrap_err();
    assert!(matches!(e, DiskError::NotAFolder { kind: Some(FileKind::Link), .. }), "{e:?}");
    // The file itself a link.
    std::fs::create_dir_all(share.join("applications")).unwrap();
    symlink(outside.join("omweso.6"), share.join("applications/x.desktop")).unwrap();
    let e = write_under(&share, Path::new("applications/x.desktop"), b"entry").unwrap_err();
    assert_eq!(kind_refused(e), FileKind::Link);
    assert_eq!(std::fs::read_to_string(outside.join("omweso.6")).unwrap(), "precious", "untouched");
    // A FIFO in the way is refused at once.
    fifo(&share.join("applications/y.desktop"));
    let s = share.clone();
    let e = within(5, move || write_under(&s, Path::new("applications/y.desktop"), b"entry").unwrap_err());
    assert_eq!(kind_refused(e), FileKind::Fifo);
    // Folders made where missing, the file written whole.
    let written = write_under(&share, Path::new("icons/hicolor/16x16/apps/x.png"), b"png").unwrap();
    assert_eq!(std::fs::read(&written).unwrap(), b"png");
}

#[test]
fn the_lock_is_a_regular_file_never_made_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let lock = dir.path().join("instance.lock");
    std::fs::create_dir(&lock).unwrap();
    assert_eq!(kind_refused(open_lock(&lock).unwrap_err()), FileKind::Folder);
    std::fs::remove_dir(&lock).unwrap();
    let target = dir.path().join("target");
    symlink(&target, &lock).unwrap();
    assert_eq!(kind_refused(open_lock(&lock).unwrap_err()), FileKind::Link);
    assert!(!target.exists());
    std::fs::remove_file(&lock).unwrap();
    fifo(&lock);
    let l = lock.clone();
    assert_eq!(kind_refused(within(5, move || open_lock(&l).unwrap_err())), FileKind::Fifo);
}

#[test]
fn a_stamp_sees_a_file_replaced_by_a_fifo_without_opening_it() {
    // Issue 40.2: the stamp read the whole file, and a FIFO there blocked the window.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.omweso");
    std::fs::write(&file, "a game").unwrap();
    let before = Stamp::of(&file).unwrap();
    assert_eq!(Stamp::of(&file), Some(before));
    std::fs::remove_file(&file).unwrap();
    fifo(&file);
    let f = file.clone();
    assert_ne!(within(5, move || Stamp::of(&f)), Some(before));
}

#[test]
fn saved_games_are_the_regular_omweso_files_of_a_folder_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    std::fs::write(at("old.omweso"), "x").unwrap();
    std::fs::write(at("notes.txt"), "x").unwrap();
    std::fs::create_dir(at("folder.omweso")).unwrap();
    fifo(&at("pipe.omweso"));
    symlink("/dev/zero", at("zero.omweso")).unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options().write(true).open(at("old.omweso")).unwrap().set_modified(old).unwrap();
    std::fs::write(at("new.omweso"), "x").unwrap();
    let d = dir.path().to_path_buf();
    let games = within(5, move || saved_games(&d, 10));
    assert_eq!(games, vec![at("new.omweso"), at("old.omweso")]);
    assert_eq!(saved_games(dir.path(), 1), vec![at("new.omweso")]);
    assert!(saved_games(&at("missing"), 10).is_empty());
    assert!(saved_games(&at("notes.txt"), 10).is_empty(), "a file is no folder");
}

/// A save into a folder that is not there names the folder, never the temporary file.
#[test]
fn a_write_into_a_missing_folder_names_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing").join("game.omweso");
    let e = write_atomically(&path, b"x").unwrap_err().to_string();
    assert!(e.contains("does not exist") && e.contains("missing"), "{e}");
    assert!(!e.contains(".game.omweso."), "no temporary file's name: {e}");
}

#[test]
fn move_aside_moves_a_link_unfollowed_and_a_fifo_unopened_and_says_when_nothing_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let (link, target, aside) = (dir.path().join("log"), dir.path().join("target"), dir.path().join("log.old"));
    std::fs::write(&target, "kept").unwrap();
    symlink(&target, &link).unwrap();
    assert!(move_aside(&link, &aside).unwrap());
    assert!(std::fs::symlink_metadata(&aside).unwrap().file_type().is_symlink(), "the link itself moved");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept", "its target untouched");
    assert!(!move_aside(&link, &aside).unwrap(), "nothing is there now");
    let pipe = dir.path().join("pipe");
    fifo(&pipe);
    let (p, a) = (pipe.clone(), aside.clone());
    assert!(within(5, move || move_aside(&p, &a).unwrap()), "a FIFO is moved, never opened");
    assert!(std::fs::symlink_metadata(&pipe).is_err());
    std::fs::create_dir(&pipe).unwrap();
    std::fs::create_dir(dir.path().join("full")).unwrap();
    std::fs::write(dir.path().join("full/file"), "x").unwrap();
    let e = move_aside(&pipe, &dir.path().join("full")).unwrap_err();
    assert!(e.to_string().contains("full"), "the error names where it could not go: {e}");
}
