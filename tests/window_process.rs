//! Real windows as processes under Xvfb: a move survives the window being ended (SIGTERM)
//! or killed (SIGKILL); and with two windows on one account the second start hands its
//! saved game to the first window and ends, the first opens it, and the first window's
//! log is its own. Needs Xvfb and a GL driver (Debian: `apt-get install -y xvfb
//! mesa-vulkan-drivers`), so it is ignored by a plain `cargo test`; `.ci/run` installs them
//! and runs `cargo test --release --test window_process -- --ignored`.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the child when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn window<A: AsRef<std::ffi::OsStr>>(display: &str, data: &Path, runtime: &Path, args: &[A]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_omweso"));
    c.args(args)
        .env("DISPLAY", display)
        .env("XDG_DATA_HOME", data)
        .env("XDG_RUNTIME_DIR", runtime)
        .env("WGPU_BACKEND", "gl")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null());
    c
}

/// An X server on `display` for the test's windows.
fn xvfb(display: &str) -> Killed {
    let server = Killed(
        Command::new("Xvfb")
            .args([display, "-screen", "0", "1280x800x24"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb runs (apt-get install -y xvfb)"),
    );
    std::thread::sleep(Duration::from_secs(2));
    server
}

/// Types `key` into the Omweso window on `display` (xdotool, as a person would).
fn type_key(display: &str, key: &str) {
    let xdotool = |args: &[&str]| {
        let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("xdotool runs");
        assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let id = xdotool(&["search", "--sync", "--onlyvisible", "--name", "Omweso"]);
    let id = id.lines().next().expect("the window");
    xdotool(&["windowfocus", "--sync", id]);
    xdotool(&["key", key]);
}

/// How many moves the game kept between runs holds, as the storage file has it now.
fn moves_kept(store: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(store).ok()?;
    let map: std::collections::HashMap<String, String> = ron::from_str(&text).ok()?;
    let saved = omweso::savefile::SavedGame::from_ron(map.get(omweso::app::autosave::AUTOSAVE_KEY)?).ok()?;
    match saved.phase {
        omweso::savefile::Phase::Game(g) => Some(g.cursor()),
        omweso::savefile::Phase::Setup { .. } => Some(0),
    }
}

#[test]
#[ignore = "needs Xvfb and xdotool: .ci/run runs it with --ignored"]
fn a_move_survives_the_window_being_ended_or_killed() {
    let display = ":88";
    let _xvfb = xvfb(display);
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let omweso = data.path().join("omweso");
    let (log, store) = (omweso.join("omweso.log"), omweso.join("app.ron"));
    let open = |args: &[&str]| {
        let child =
            Killed(window(display, data.path(), runtime.path(), args).stderr(Stdio::null()).spawn().expect("window"));
        wait_for("the window", Duration::from_secs(60), || {
            std::fs::read_to_string(&log).is_ok_and(|t| t.contains("starts the window"))
        });
        child
    };

    // A move, then the system ends the program (a logout): it closes by itself, at once.
    let mut w = open(&["--state", "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0"]);
    type_key(display, "d");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(unsafe { libc::kill(w.0.id() as i32, libc::SIGTERM) }, 0);
    wait_for("the window to end on SIGTERM", Duration::from_secs(15), || w.0.try_wait().is_ok_and(|s| s.is_some()));
    assert!(w.0.wait().expect("ended").success(), "a clean end");
    assert_eq!(moves_kept(&store), Some(1), "the move was kept");
    // One data folder: eframe made none of its own beside it (issue 44).
    let folders: Vec<_> =
        std::fs::read_dir(data.path()).expect("the data folder").map(|e| e.expect("an entry").file_name()).collect();
    assert_eq!(folders, ["omweso"], "the only folder in the data folder");

    // The next start has it, and the next move; then the window dies without a word.
    let mut w = open(&[]);
    wait_for("the kept game to be restored", Duration::from_secs(30), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("restored") && t.contains("moves: 1 on the board"))
    });
    type_key(display, "a");
    std::thread::sleep(Duration::from_millis(1500));
    w.0.kill().expect("SIGKILL");
    w.0.wait().expect("ended");
    assert_eq!(moves_kept(&store), Some(2), "the move before the kill was kept");
    let _w = open(&[]);
    wait_for("both moves after the kill", Duration::from_secs(30), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("moves: 2 on the board"))
    });
}

#[test]
#[ignore = "needs Xvfb: .ci/run runs it with --ignored"]
fn a_second_start_hands_its_game_to_the_open_window() {
    let display = ":87";
    let _xvfb = xvfb(display);
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let omweso = data.path().join("omweso");
    let mut first = Killed(
        window::<&str>(display, data.path(), runtime.path(), &[]).stderr(Stdio::null()).spawn().expect("first window"),
    );
    let log = omweso.join("omweso.log");
    wait_for("the first window's lock and log", Duration::from_secs(60), || {
        omweso.join("instance.sock").exists()
            && std::fs::read_to_string(&log).is_ok_and(|t| t.contains("starts the window"))
    });

    let game = data.path().join("handed.omweso");
    std::fs::copy("tests/corpus/good/worked-game.omweso", &game).expect("a saved game");
    let mut second = Killed(
        window(display, data.path(), runtime.path(), &[&game]).stderr(Stdio::piped()).spawn().expect("second start"),
    );
    // A second start that opened a window of its own would not end: it is killed then.
    wait_for("the second start to end", Duration::from_secs(20), || second.0.try_wait().is_ok_and(|s| s.is_some()));
    let status = second.0.wait().expect("second start");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut second.0.stderr.take().expect("stderr"), &mut stderr).expect("stderr");
    assert!(status.success() && stderr.contains("already open"), "{status}: {stderr}");
    assert!(first.0.try_wait().expect("first window").is_none(), "the first window is still open");
    wait_for("the first window to open the handed game", Duration::from_secs(30), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains(&format!("opened {}", game.display())))
    });
    assert!(!omweso.join("omweso.previous.log").exists(), "the second start left the first window's log alone");

    // The first window ends in the worst way: the next start is a first window again.
    first.0.kill().expect("kill");
    first.0.wait().expect("ended");
    let mut again = Killed(
        window::<&str>(display, data.path(), runtime.path(), &[]).stderr(Stdio::null()).spawn().expect("next window"),
    );
    wait_for("the next window to take the lock", Duration::from_secs(60), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("starts the window"))
            && omweso.join("omweso.previous.log").exists()
    });
    assert!(again.0.try_wait().expect("next window").is_none(), "a killed window left no stuck lock");
}

/// The sound card of a test: ALSA's default device for a window is its `file` plugin over
/// its `null` device, writing raw samples into a FIFO that a thread of the test reads at
/// the pace of a real card (48,000 stereo frames of 32-bit floats a second: the null device
/// alone takes samples as fast as they come, 400 MB a second). Returns how many bytes that
/// were not zero it has read so far. No sound server is reachable for the window
/// (`PULSE_SERVER` points nowhere), so the sound comes out through ALSA, the second backend.
fn a_sound_card_in_a_fifo(home: &Path) -> std::sync::Arc<std::sync::atomic::AtomicUsize> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let fifo = home.join("card.fifo");
    let path = std::ffi::CString::new(fifo.to_str().expect("a UTF-8 path")).expect("no NUL");
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo");
    let conf = format!(
        "pcm.!default {{\n  type file\n  slave.pcm \"null\"\n  file \"{}\"\n  format \"raw\"\n}}\n",
        fifo.display()
    );
    std::fs::write(home.join(".asoundrc"), conf).expect("the ALSA configuration");
    let heard = std::sync::Arc::new(AtomicUsize::new(0));
    let count = heard.clone();
    std::thread::spawn(move || {
        let mut card = std::fs::File::open(&fifo).expect("the FIFO");
        let mut buf = vec![0u8; 48_000 * 2 * 4 / 50];
        // A fiftieth of a second at a time; it ends when the window does.
        while let Ok(n @ 1..) = std::io::Read::read(&mut card, &mut buf) {
            count.fetch_add(buf[..n].iter().filter(|&&b| b != 0).count(), Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    heard
}

#[test]
#[ignore = "needs Xvfb and xdotool: .ci/run runs it with --ignored"]
fn a_move_sown_is_heard_through_the_systems_sound_library() {
    let display = ":86";
    let _xvfb = xvfb(display);
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let home = tempfile::tempdir().expect("home");
    let heard = a_sound_card_in_a_fifo(home.path());
    let log = data.path().join("omweso").join("omweso.log");
    let mut w = window(display, data.path(), runtime.path(), &["--state", "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0"]);
    w.env("HOME", home.path()).env("PULSE_SERVER", "unix:/nonexistent").stderr(Stdio::null());
    let _w = Killed(w.spawn().expect("window"));
    wait_for("sound on through ALSA", Duration::from_secs(60), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("sound on: ALSA"))
    });
    let nonzero = || heard.load(std::sync::atomic::Ordering::Relaxed);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(nonzero(), 0, "silence before the move");
    type_key(display, "d");
    wait_for("the seeds' clicks on the card", Duration::from_secs(15), || nonzero() > 1000);
}

#[test]
#[ignore = "needs Xvfb and xdotool: .ci/run runs it with --ignored"]
fn with_no_sound_device_the_window_plays_on_in_silence() {
    let display = ":85";
    let _xvfb = xvfb(display);
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let home = tempfile::tempdir().expect("home");
    // No sound server, and ALSA's default device a sound card that is not there.
    std::fs::write(
        home.path().join(".asoundrc"),
        "pcm.!default { type hw card 97 }\nctl.!default { type hw card 97 }\n",
    )
    .expect("the ALSA configuration");
    let omweso = data.path().join("omweso");
    let log = omweso.join("omweso.log");
    let mut w = window(display, data.path(), runtime.path(), &["--state", "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0"]);
    w.env("HOME", home.path()).env("PULSE_SERVER", "unix:/nonexistent").stderr(Stdio::null());
    let mut w = Killed(w.spawn().expect("window"));
    wait_for("sound off, said in the log", Duration::from_secs(60), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("no audio device: sound is off"))
    });
    type_key(display, "d");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(unsafe { libc::kill(w.0.id() as i32, libc::SIGTERM) }, 0);
    wait_for("the window to end on SIGTERM", Duration::from_secs(15), || w.0.try_wait().is_ok_and(|s| s.is_some()));
    assert_eq!(moves_kept(&omweso.join("app.ron")), Some(1), "the move was played and kept");
    let text = std::fs::read_to_string(&log).expect("the log");
    assert_eq!(text.matches("sound is off").count(), 1, "one line in the log: {text}");
}
