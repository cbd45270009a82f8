//! Real windows as processes under Xvfb: a move survives the window being ended (SIGTERM)
//! or killed (SIGKILL); with two windows on one account the second start hands its saved
//! game to the first window and ends, the first opens it, and the first window's log is its
//! own; a move is heard; with Vulkan hidden and OpenGL 2.1 forced the window opens on glow,
//! sows a move and keeps it; and the board looks the same drawn by wgpu and by glow. Needs
//! Xvfb, xdotool, ImageMagick and Mesa (Debian: `apt-get install -y xvfb xdotool imagemagick
//! mesa-vulkan-drivers libgl1-mesa-dri`), so it is ignored by a plain `cargo test`;
//! `.ci/run` installs them and runs `cargo test --release --test window_process -- --ignored`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

mod xvfb;
use xvfb::{Killed, wait_for, xvfb};

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
    let saved = omweso::savefile::SavedGame::from_ron(map.get(omweso::app::model::autosave::AUTOSAVE_KEY)?).ok()?;
    match saved.phase {
        omweso::savefile::Phase::Play(g) => Some(g.cursor()),
        omweso::savefile::Phase::Setup(_) => Some(0),
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

    // A start on a game state is handed over too, and the window plays on from it (a trial
    // found `--state` and `--lesson` ignored while a window was open); a mistyped lesson
    // is said at once, by the start, not handed.
    let later = |args: &[&str]| {
        let out = window(display, data.path(), runtime.path(), args)
            .env("OMWESO_NO_DIALOG", "1")
            .output()
            .expect("a later start");
        (out.status, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (status, stderr) = later(&["--lesson", "nonsense"]);
    assert!(!status.success() && stderr.contains("no lesson `nonsense`"), "{status}: {stderr}");
    let state = "4i-p; 4I-P / L both 0,0";
    let (status, stderr) = later(&["--state", state]);
    assert!(status.success() && stderr.contains("asked to open this"), "{status}: {stderr}");
    wait_for("the first window to play on from the handed state", Duration::from_secs(30), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains(&format!("playing on from {state}")))
    });

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

/// A machine on which wgpu has nothing to draw with (issue 42): no Vulkan driver, no EGL
/// for wgpu's OpenGL ES backend, and OpenGL limited to 2.1 and OpenGL ES to 2.0 (old
/// laptops, virtual machines, remote desktops). Only glow can draw there.
fn without_wgpu(c: &mut Command) -> &mut Command {
    c.env("VK_ICD_FILENAMES", "/nonexistent")
        .env("__EGL_VENDOR_LIBRARY_FILENAMES", "/nonexistent")
        .env("MESA_GL_VERSION_OVERRIDE", "2.1")
        .env("MESA_GLES_VERSION_OVERRIDE", "2.0")
        .env("OMWESO_NO_DIALOG", "1")
}

#[test]
#[ignore = "needs Xvfb and xdotool: .ci/run runs it with --ignored"]
fn with_vulkan_hidden_and_opengl_2_1_the_window_opens_on_glow_and_keeps_a_move() {
    let display = ":84";
    let _xvfb = xvfb(display);
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let omweso = data.path().join("omweso");
    let (log, store) = (omweso.join("omweso.log"), omweso.join("app.ron"));
    let mut w = window(display, data.path(), runtime.path(), &["--state", "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0"]);
    let mut w = Killed(without_wgpu(&mut w).stderr(Stdio::null()).spawn().expect("window"));
    wait_for("the window drawn by glow", Duration::from_secs(60), || {
        std::fs::read_to_string(&log)
            .is_ok_and(|t| t.contains("the window is drawn by glow") && t.contains("the first frame"))
    });
    let text = std::fs::read_to_string(&log).expect("the log");
    assert!(text.contains("wgpu could not draw the window"), "wgpu was tried first and failed: {text}");
    type_key(display, "d");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(unsafe { libc::kill(w.0.id() as i32, libc::SIGTERM) }, 0);
    wait_for("the window to close", Duration::from_secs(15), || w.0.try_wait().is_ok_and(|s| s.is_some()));
    assert!(w.0.wait().expect("ended").success(), "a clean end");
    assert_eq!(moves_kept(&store), Some(1), "the move sown on glow was kept");
}

/// The screen of `display` as an image (ImageMagick's `import`, from the X server's root
/// window: the window drawn by wgpu's EGL is not in its own X window's contents), with the
/// Omweso window shown on it.
fn screenshot(display: &str) -> image::RgbaImage {
    let shown = Command::new("xdotool")
        .args(["search", "--sync", "--onlyvisible", "--name", "Omweso"])
        .env("DISPLAY", display)
        .output()
        .expect("xdotool runs");
    assert!(shown.status.success(), "the window is shown");
    // A frame drawn now, with the pointer on the table below the board (wgpu's first frames
    // on OpenGL can be drawn before the window is mapped, and an idle window draws no more).
    let moved = Command::new("xdotool").args(["mousemove", "12", "790"]).env("DISPLAY", display).status();
    assert!(moved.is_ok_and(|s| s.success()), "xdotool mousemove");
    std::thread::sleep(Duration::from_millis(1500));
    let png = Command::new("import")
        .args(["-window", "root", "png:-"])
        .env("DISPLAY", display)
        .output()
        .expect("import runs (apt-get install -y imagemagick)");
    assert!(png.status.success(), "import: {}", String::from_utf8_lossy(&png.stderr));
    image::load_from_memory(&png.stdout).expect("a PNG").to_rgba8()
}

#[test]
#[ignore = "needs Xvfb, xdotool and ImageMagick: .ci/run runs it with --ignored"]
fn the_board_looks_the_same_drawn_by_wgpu_and_by_glow() {
    let display = ":83";
    let _xvfb = xvfb(display);
    let mut shots = Vec::new();
    for renderer in ["wgpu", "glow"] {
        let data = tempfile::tempdir().expect("data folder");
        let runtime = tempfile::tempdir().expect("runtime folder");
        let log = data.path().join("omweso").join("omweso.log");
        // A position with piles of every size (the seeds' mipmaps) on the whole board.
        let args = [
            "--renderer",
            renderer,
            "--state",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / L none 1,0",
        ];
        let mut w = window(display, data.path(), runtime.path(), &args);
        let w = Killed(w.env("OMWESO_NO_DIALOG", "1").stderr(Stdio::null()).spawn().expect("window"));
        wait_for("the first frame", Duration::from_secs(60), || {
            std::fs::read_to_string(&log)
                .is_ok_and(|t| t.contains(&format!("drawn by {renderer}")) && t.contains("the first frame"))
        });
        std::thread::sleep(Duration::from_secs(2));
        shots.push(screenshot(display));
        drop(w);
    }
    let (wgpu, glow) = (&shots[0], &shots[1]);
    assert_eq!(wgpu.dimensions(), glow.dimensions());
    // The two renderers blend and filter in their own shaders and make their own mipmaps:
    // measured on llvmpipe, the pictures are on average 0.2 levels apart (of 255), and 0.08%
    // of the pixels more than 16 levels, on the rims of the holes and seeds. A texture, a
    // colour space or a layer gone wrong moves whole areas.
    let channels =
        |a: &image::Rgba<u8>, b: &image::Rgba<u8>| a.0.into_iter().zip(b.0).take(3).map(|(x, y)| x.abs_diff(y));
    let pixels = f64::from(wgpu.width()) * f64::from(wgpu.height());
    let apart = wgpu.pixels().zip(glow.pixels()).filter(|(a, b)| channels(a, b).any(|d| d > 16)).count();
    let total: u64 = wgpu.pixels().zip(glow.pixels()).flat_map(|(a, b)| channels(a, b)).map(u64::from).sum();
    let (share, mean) = (apart as f64 / pixels, total as f64 / (3.0 * pixels));
    if share >= 0.0025 || mean >= 1.0 {
        let dir = std::env::temp_dir();
        wgpu.save(dir.join("omweso-wgpu.png")).expect("saved");
        glow.save(dir.join("omweso-glow.png")).expect("saved");
    }
    assert!(
        share < 0.0025 && mean < 1.0,
        "{:.3}% of the pixels more than 16 levels apart, {mean:.2} levels on average (pictures in {})",
        share * 100.0,
        std::env::temp_dir().display()
    );
}

/// The title of a window of `display` named `name`, once it is shown.
fn window_named(display: &str, name: &str) -> bool {
    Command::new("xdotool")
        .args(["search", "--onlyvisible", "--name", name])
        .env("DISPLAY", display)
        .output()
        .is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
}

/// A read-only file system for the data folder (a tmpfs remounted read-only, unmounted when
/// dropped) where the test runs as root; a folder without write permission otherwise.
struct ReadOnly(std::path::PathBuf, bool);

impl ReadOnly {
    fn at(data: &Path) -> ReadOnly {
        let folder = data.join("omweso");
        // SAFETY: geteuid(2) has no arguments and touches no memory.
        if unsafe { libc::geteuid() } == 0 {
            let mount = |args: &[&str]| Command::new("mount").args(args).arg(data).status().is_ok_and(|s| s.success());
            assert!(mount(&["-t", "tmpfs", "-o", "size=1m", "tmpfs"]), "mount a tmpfs");
            std::fs::create_dir(&folder).expect("the data folder");
            assert!(mount(&["-o", "remount,ro"]), "remount it read-only");
            ReadOnly(data.to_path_buf(), true)
        } else {
            std::fs::create_dir(&folder).expect("the data folder");
            std::fs::set_permissions(&folder, std::os::unix::fs::PermissionsExt::from_mode(0o500)).expect("chmod");
            ReadOnly(folder, false)
        }
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        if self.1 {
            let _ = Command::new("umount").arg(&self.0).status();
        } else {
            let _ = std::fs::set_permissions(&self.0, std::os::unix::fs::PermissionsExt::from_mode(0o700));
        }
    }
}

#[test]
#[ignore = "needs Xvfb: .ci/run runs it with --ignored"]
fn the_window_opens_whatever_the_data_folder() {
    // Issue 38: a read-only data folder ended the program before it had a window; issue 40:
    // a FIFO or /dev/zero at app.ron or omweso.log hung the start or grew it by gigabytes.
    let display = ":82";
    let _xvfb = xvfb(display);
    let games = tempfile::tempdir().expect("a folder for the game");
    let game = games.path().join("g.omweso");
    type State = fn(&Path);
    let states: [(&str, State); 8] = [
        ("read-only", |_| {}),
        ("a file", |d| std::fs::write(d.join("omweso"), "not a folder").unwrap()),
        ("a dangling link", |d| std::os::unix::fs::symlink(d.join("nowhere"), d.join("omweso")).unwrap()),
        ("instance.lock a folder", |d| std::fs::create_dir_all(d.join("omweso/instance.lock")).unwrap()),
        ("app.ron a FIFO", |d| fifo_at(&d.join("omweso/app.ron"))),
        ("app.ron linked to /dev/zero", |d| {
            std::fs::create_dir_all(d.join("omweso")).unwrap();
            std::os::unix::fs::symlink("/dev/zero", d.join("omweso/app.ron")).unwrap();
        }),
        ("omweso.log a FIFO", |d| fifo_at(&d.join("omweso/omweso.log"))),
        ("omweso.log a dangling link", |d| {
            std::fs::create_dir_all(d.join("omweso")).unwrap();
            std::os::unix::fs::symlink(d.join("elsewhere.log"), d.join("omweso/omweso.log")).unwrap();
        }),
    ];
    for (name, make) in states {
        let data = tempfile::tempdir().expect("data folder");
        let runtime = tempfile::tempdir().expect("runtime folder");
        let _read_only = (name == "read-only").then(|| ReadOnly::at(data.path()));
        make(data.path());
        std::fs::copy("tests/corpus/good/worked-game.omweso", &game).expect("a saved game");
        let before = std::fs::read(&game).expect("the game");
        let errors = runtime.path().join("stderr.txt");
        let stderr = std::fs::File::create(&errors).expect("a file for standard error");
        let mut w =
            Killed(window(display, data.path(), runtime.path(), &[&game]).stderr(stderr).spawn().expect("window"));
        wait_for(&format!("the window, data folder {name}"), Duration::from_secs(60), || {
            if let Some(status) = w.0.try_wait().expect("the window") {
                let said = std::fs::read_to_string(&errors).unwrap_or_default();
                panic!("data folder {name}: the program ended ({status}): {said}");
            }
            window_named(display, "g.omweso")
        });
        let rss = std::fs::read_to_string(format!("/proc/{}/status", w.0.id())).expect("its status");
        let kb: u64 = rss
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        assert!(kb < 1 << 20, "data folder {name}: {kb} kB resident");
        // The notice goes (Enter), a move is played and the game saved to its own folder.
        type_key(display, "Return");
        type_key(display, "c");
        std::thread::sleep(Duration::from_millis(2500));
        type_key(display, "ctrl+s");
        wait_for(&format!("the save, data folder {name}"), Duration::from_secs(20), || {
            std::fs::read(&game).is_ok_and(|now| now != before)
        });
        assert!(!data.path().join("elsewhere.log").exists(), "data folder {name}: no file made through a link");
        assert!(w.0.try_wait().expect("the window").is_none(), "data folder {name}: still open");
    }
}

fn fifo_at(path: &Path) {
    std::fs::create_dir_all(path.parent().expect("a folder")).unwrap();
    assert!(Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success()), "mkfifo");
}

#[test]
#[ignore = "needs Xvfb: .ci/run runs it with --ignored"]
fn a_fifo_at_the_kept_games_path_neither_hangs_the_start_nor_save() {
    // Issue 40.2: the document's stamp read its whole file: a FIFO there blocked Ctrl+S, and
    // every later start hung on a black screen holding the lock.
    let display = ":81";
    let _xvfb = xvfb(display);
    let data = tempfile::tempdir().expect("data folder");
    let runtime = tempfile::tempdir().expect("runtime folder");
    let log = data.path().join("omweso/omweso.log");
    let game = data.path().join("g.omweso");
    std::fs::copy("tests/corpus/good/worked-game.omweso", &game).expect("a saved game");
    let mut w =
        Killed(window(display, data.path(), runtime.path(), &[&game]).stderr(Stdio::null()).spawn().expect("window"));
    wait_for("the window on the game", Duration::from_secs(60), || window_named(display, "g.omweso"));
    wait_for("the game kept", Duration::from_secs(60), || {
        std::fs::read_to_string(data.path().join("omweso/app.ron")).is_ok_and(|t| t.contains("g.omweso"))
    });
    w.0.kill().expect("kill");
    w.0.wait().expect("ended");
    std::fs::remove_file(&game).unwrap();
    fifo_at(&game);
    let w = Killed(
        window::<&str>(display, data.path(), runtime.path(), &[]).stderr(Stdio::null()).spawn().expect("window"),
    );
    wait_for("the window on the kept game", Duration::from_secs(90), || window_named(display, "g.omweso"));
    type_key(display, "ctrl+s");
    wait_for("Save to refuse the FIFO", Duration::from_secs(20), || {
        std::fs::read_to_string(&log).is_ok_and(|t| t.contains("saving") && t.contains("named pipe"))
    });
    drop(w);
}
