//! Two real windows on one account, as processes under Xvfb: the second start hands its
//! saved game to the first window and ends, the first opens it, and the first window's log
//! is its own. Needs Xvfb and a GL driver (Debian: `apt-get install -y xvfb
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

fn window(display: &str, data: &Path, runtime: &Path, args: &[&Path]) -> Command {
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

#[test]
#[ignore = "needs Xvfb: .ci/run runs it with --ignored"]
fn a_second_start_hands_its_game_to_the_open_window() {
    let display = ":87";
    let _xvfb = Killed(
        Command::new("Xvfb")
            .args([display, "-screen", "0", "1280x800x24"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb runs (apt-get install -y xvfb)"),
    );
    std::thread::sleep(Duration::from_secs(2));
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let omweso = data.path().join("omweso");
    let mut first =
        Killed(window(display, data.path(), runtime.path(), &[]).stderr(Stdio::null()).spawn().expect("first window"));
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
    let mut again =
        Killed(window(display, data.path(), runtime.path(), &[]).stderr(Stdio::null()).spawn().expect("next window"));
    wait_for("the next window to take the lock", Duration::from_secs(60), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("starts the window"))
            && omweso.join("omweso.previous.log").exists()
    });
    assert!(again.0.try_wait().expect("next window").is_none(), "a killed window left no stuck lock");
}
