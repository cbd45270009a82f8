//! What the tests of real windows under Xvfb share: a child killed when the test ends, a
//! bounded wait, and the X server.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the child when the test ends, however it ends.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for `done`, at most `limit`; `what` names it when the wait runs out.
pub fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// An X server on `display` for the test's windows.
pub fn xvfb(display: &str) -> Killed {
    let server = Killed(
        Command::new("Xvfb")
            // -noreset: with the last window gone the server does not reset, so the next
            // window of a test never meets it restarting ("Failed to open connection").
            .args([display, "-noreset", "-screen", "0", "1280x800x24"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb runs (apt-get install -y xvfb)"),
    );
    // Up once it answers (a fixed wait is too short on a loaded machine).
    wait_for("Xvfb", Duration::from_secs(20), || {
        Command::new("xdotool")
            .arg("getdisplaygeometry")
            .env("DISPLAY", display)
            .stderr(Stdio::null())
            .output()
            .is_ok_and(|o| o.status.success())
    });
    server
}
