//! The command line against hostile paths (issue 40), run as a process with a time limit: a
//! FIFO, `/dev/zero` or a 2 GB sparse file as a ballot of openings, links planted in
//! `desktop --share`'s folder, a saved game quoting a 15 MB string. Unix only.
#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `omweso args`, killing it after `limit`: (success, stdout, stderr, time taken).
fn omweso_within(args: &[&std::ffi::OsStr], limit: Duration) -> (bool, String, String, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    while child.try_wait().expect("the child").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("omweso {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let o = child.wait_with_output().expect("its output");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (o.status.success(), text(o.stdout), text(o.stderr), start.elapsed())
}

fn fifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().expect("mkfifo runs").success();
    assert!(ok, "mkfifo {}", path.display());
}

#[test]
fn a_ballot_of_openings_that_is_a_fifo_dev_zero_or_huge_ends_with_an_error_at_once() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let pipe = dir.path().join("openings.txt");
    fifo(&pipe);
    let sparse = dir.path().join("sparse.txt");
    std::fs::File::create(&sparse).unwrap().set_len(2 << 30).unwrap();
    for (file, says) in
        [(pipe.as_path(), "named pipe"), (Path::new("/dev/zero"), "character device"), (&sparse, "larger than")]
    {
        let args = ["match", "--a", "beginner", "--b", "beginner", "--openings"].map(std::ffi::OsStr::new);
        let mut args = args.to_vec();
        args.push(file.as_os_str());
        let (ok, _, err, took) = omweso_within(&args, Duration::from_secs(5));
        assert!(!ok && err.contains(says) && err.contains(&*file.to_string_lossy()), "{err}");
        assert!(took < Duration::from_secs(5), "{took:?}");
    }
}

#[test]
fn desktop_share_writes_through_no_link_planted_in_its_folder() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (share, outside) = (dir.path().join("share"), dir.path().join("outside"));
    std::fs::create_dir_all(share.join("man/man6")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let precious = outside.join("precious");
    std::fs::write(&precious, "keep me").unwrap();
    symlink(&precious, share.join("man/man6/omweso.6")).unwrap();
    let args = ["desktop", "--share"].map(std::ffi::OsStr::new);
    let (ok, _, err, _) = omweso_within(&[args[0], args[1], share.as_os_str()], Duration::from_secs(30));
    assert!(!ok && err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me", "the linked file outside is untouched");
    // A folder below it linked outside: nothing lands there either.
    std::fs::remove_file(share.join("man/man6/omweso.6")).unwrap();
    std::fs::remove_dir_all(share.join("man")).unwrap();
    symlink(&outside, share.join("man")).unwrap();
    let (ok, _, err, _) = omweso_within(&[args[0], args[1], share.as_os_str()], Duration::from_secs(30));
    assert!(!ok && err.contains("not a folder"), "{err}");
    let outside_now: Vec<_> = std::fs::read_dir(&outside).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(outside_now, vec![std::ffi::OsString::from("precious")]);
    // And a FIFO in the way is refused at once.
    std::fs::remove_file(share.join("man")).unwrap();
    std::fs::create_dir_all(share.join("metainfo")).unwrap();
    let metainfo = share.join("metainfo/io.github.omweso.Omweso.metainfo.xml");
    let _ = std::fs::remove_file(&metainfo);
    fifo(&metainfo);
    let (ok, _, err, _) = omweso_within(&[args[0], args[1], share.as_os_str()], Duration::from_secs(30));
    assert!(!ok && err.contains("named pipe"), "{err}");
}

#[test]
fn check_quotes_a_15_mb_string_in_under_4_kb() {
    let good = std::fs::read_to_string("tests/corpus/good/worked-game.omweso").expect("the corpus");
    let dir = tempfile::tempdir().expect("temporary folder");
    let huge = "x".repeat(15 * 1024 * 1024);
    for (name, text) in [
        ("format", good.replacen("format: \"omweso-game\"", &format!("format: \"{huge}\""), 1)),
        ("result", good.replacen("result: None", &format!("result: Some(\"{huge}\")"), 1)),
        ("control", good.replacen("format: \"omweso-game\"", "format: \"a\\nb\\u{1b}[2J\"", 1)),
    ] {
        let file = dir.path().join(format!("{name}.omweso"));
        std::fs::write(&file, text).unwrap();
        let (ok, out, err, _) = omweso_within(&["check".as_ref(), file.as_os_str()], Duration::from_secs(30));
        assert!(!ok, "{name}: {out}");
        assert!(err.len() < 4096, "{name}: {} bytes: {}…", err.len(), &err[..200.min(err.len())]);
        assert!(!err.contains('\u{1b}') && err.trim_end().lines().count() == 1, "{name}: one line, escaped: {err}");
    }
}

#[test]
fn numbers_the_engine_would_refuse_are_refused_on_the_command_line() {
    // Issue 40.8: `analyse --nodes 0` played a move where the protocol's `go nodes 0` is an
    // error, and `match --opening-moves 4294967295` was accepted.
    fn os<'a>(a: &[&'a str]) -> Vec<&'a std::ffi::OsStr> {
        a.iter().map(|s| std::ffi::OsStr::new(*s)).collect()
    }
    let (ok, _, err, _) =
        omweso_within(&os(&["analyse", "--position", "2a-p; 2A-P", "--nodes", "0"]), Duration::from_secs(30));
    assert!(!ok && err.contains("--nodes"), "{err}");
    let (ok, _, err, _) = omweso_within(
        &os(&["match", "--a", "random", "--b", "random", "--opening-moves", "4294967295"]),
        Duration::from_secs(30),
    );
    assert!(!ok && err.contains("--opening-moves"), "{err}");
}

#[test]
fn a_move_typed_with_a_newline_or_an_escape_is_quoted_on_one_line() {
    let (ok, _, err, _) = omweso_within(
        &["apply", "--position", "2a-p; 2A-P", "d\ne\u{1b}[2J"].map(std::ffi::OsStr::new),
        Duration::from_secs(30),
    );
    assert!(!ok, "{err}");
    assert!(err.trim_end().lines().count() == 1 && !err.contains('\u{1b}') && err.contains("d\\ne"), "{err}");
}
