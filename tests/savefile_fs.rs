//! Saved games at the edges of the file system (Unix): paths that are not regular files
//! are refused before anything is read, and saving never follows a planted link, keeps the
//! permissions of the file it replaces and writes through a symlink to the file it names.
#![cfg(unix)]

use omweso::game::Game;
use omweso::savefile::{LoadError, Phase, Player, SavedGame};
use omweso_rules::{RuleOptions, Side};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("omweso-fs-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn game(moves: &[&str]) -> SavedGame {
    let mut g = Game::from_state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap());
    for m in moves {
        g.play_text(m).unwrap();
    }
    let players = [Player { name: "Nakato".into(), computer: None }, Player { name: "Okello".into(), computer: None }];
    SavedGame {
        players,
        first: Side::Lower,
        rules: RuleOptions::default(),
        phase: Phase::Play(g),
        clock: None,
        matched: None,
    }
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Runs `omweso check path`, killing it if it has not answered within `limit`.
fn check_within(path: &Path, limit: Duration) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .arg("check")
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while started.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            let out = child.wait_with_output().unwrap();
            return (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    (None, String::new(), started.elapsed())
}

#[test]
fn check_on_a_fifo_with_no_writer_answers_at_once() {
    let dir = Folder::new("fifo");
    let fifo = dir.join("game.omweso");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let (code, err, took) = check_within(&fifo, Duration::from_secs(5));
    assert!(took < Duration::from_secs(1), "check on a FIFO took {took:?}");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is a named pipe (FIFO), not a saved game file"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn folders_devices_and_sockets_are_refused_by_kind() {
    let dir = Folder::new("kinds");
    let socket = dir.join("game.omweso");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    for (path, kind) in
        [(dir.0.clone(), "a folder"), (PathBuf::from("/dev/null"), "a character device"), (socket.clone(), "a socket")]
    {
        let err = SavedGame::load(&path).unwrap_err();
        assert!(matches!(err, LoadError::NotAFile { .. }), "{}: {err:?}", path.display());
        assert_eq!(err.to_string(), format!("{} is {kind}, not a saved game file", path.display()));
    }
}

#[test]
fn a_missing_file_is_told_in_words() {
    let dir = Folder::new("missing");
    let missing = dir.join("no-such-game.omweso");
    let err = SavedGame::load(&missing).unwrap_err();
    assert!(matches!(err, LoadError::Io { .. }), "{err:?}");
    assert_eq!(err.to_string(), format!("cannot read {}: there is no such file", missing.display()));
}

#[test]
fn saving_never_writes_through_a_link_planted_at_a_temporary_name() {
    let dir = Folder::new("planted");
    let path = dir.join("game.omweso");
    let victim = dir.join("victim.txt");
    fs::write(&victim, "keep me").unwrap();
    game(&["d"]).save(&path).unwrap();
    // The names the old saver used (`.<name>.<pid>.tmp`), each a link to the victim.
    let planted = dir.join(&format!(".game.omweso.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let second = game(&["d", "F"]);
    second.save(&path).unwrap();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me", "the link's target is untouched");
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_file(), "the game is a regular file");
    assert_eq!(SavedGame::load(&path).unwrap(), second);
}

#[test]
fn saving_keeps_the_permissions_of_the_file_it_replaces() {
    let dir = Folder::new("mode");
    let path = dir.join("game.omweso");
    game(&["d"]).save(&path).unwrap();
    let plain = dir.join("plain.txt");
    fs::File::create(&plain).unwrap();
    assert_eq!(mode(&path), mode(&plain), "a new game gets what any new file gets (the umask applies)");
    for wanted in [0o600, 0o640, 0o664] {
        fs::set_permissions(&path, fs::Permissions::from_mode(wanted)).unwrap();
        game(&["d", "F"]).save(&path).unwrap();
        assert_eq!(mode(&path), wanted, "mode {wanted:o} kept");
    }
}

#[test]
fn saving_through_a_symlink_writes_the_file_it_names() {
    let dir = Folder::new("link");
    fs::create_dir_all(dir.join("games")).unwrap();
    let target = dir.join("games/real.omweso");
    game(&["d"]).save(&target).unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.join("game.omweso");
    std::os::unix::fs::symlink("games/real.omweso", &link).unwrap();
    let second = game(&["d", "F"]);
    second.save(&link).unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_eq!(SavedGame::load(&target).unwrap(), second, "the file it names has the new game");
    assert_eq!(mode(&target), 0o600);
    let leftovers: Vec<_> = fs::read_dir(dir.join("games")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left beside the target: {leftovers:?}");
    // A link to a file not yet there: the save creates it.
    let dangling = dir.join("new.omweso");
    std::os::unix::fs::symlink("games/new-real.omweso", &dangling).unwrap();
    second.save(&dangling).unwrap();
    assert!(fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    assert_eq!(SavedGame::load(&dir.join("games/new-real.omweso")).unwrap(), second);
}

#[test]
fn saving_never_replaces_a_pipe_a_socket_or_a_folder_with_a_file() {
    let dir = Folder::new("save-kinds");
    let fifo = dir.join("pipe.omweso");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
    let socket = dir.join("socket.omweso");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let folder = dir.join("folder.omweso");
    fs::create_dir(&folder).unwrap();
    for (path, kind) in [(&fifo, "a named pipe (FIFO)"), (&socket, "a socket"), (&folder, "a folder")] {
        let err = game(&["d"]).save(path).unwrap_err();
        assert_eq!(err.to_string(), format!("cannot save to {}: it is {kind}, not a file to replace", path.display()));
        let still = fs::symlink_metadata(path).unwrap().file_type();
        assert!(!still.is_file(), "{} was replaced by a file", path.display());
    }
    assert_eq!(fs::read_dir(&dir.0).unwrap().count(), 3, "no temporary file is left");
}
