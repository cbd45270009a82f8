//! What the page's tests in a real browser share (`tests/web_page.rs`): `omweso serve`
//! serving the page, a headless Chromium of its own for each visit, and queries of what
//! the page shows (`window.omweso.state()`), read with the rules crate.

use headless_chrome::browser::tab::point::Point;
use headless_chrome::protocol::cdp::Page;
use headless_chrome::{Browser, LaunchOptions, Tab};
use omweso_rules::GameState;
use serde_json::Value;
use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The page's folder.
pub fn page_dir() -> PathBuf {
    let dir = std::env::var_os("OMWESO_WEB_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/web"), PathBuf::from);
    assert!(dir.join("index.html").is_file(), "no page in {} (build it with .ci/web)", dir.display());
    dir
}

/// `omweso serve` serving the page on a free port of 127.0.0.1 (or the page at
/// `OMWESO_WEB_URL`); stopped when dropped.
pub struct Served {
    pub url: String,
    child: Option<Child>,
    /// The server's store of games.
    _data: Option<tempfile::TempDir>,
}

impl Served {
    pub fn start() -> Served {
        if let Ok(url) = std::env::var("OMWESO_WEB_URL") {
            return Served { url, child: None, _data: None };
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let listen = format!("127.0.0.1:{port}");
        let data = tempfile::tempdir().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_omweso"))
            .args(["serve", "--listen", &listen, "--web"])
            .arg(page_dir())
            .arg("--data")
            .arg(data.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("omweso serve starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(&listen).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "omweso serve never listened on {listen}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Served { url: format!("http://{listen}/"), child: Some(child), _data: Some(data) }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(c) = &mut self.child {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// A headless Chromium of its own (its own profile, so its storage starts empty), with a
/// window of `width`×`height` CSS pixels, drawing WebGL in software (SwiftShader).
pub fn browser(width: u32, height: u32, profile: &tempfile::TempDir) -> Browser {
    let chromium = std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let args: Vec<&OsStr> =
        ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-timer-throttling"]
            .into_iter()
            .map(OsStr::new)
            .collect();
    let options = LaunchOptions::default_builder()
        .path(Some(chromium))
        .headless(true)
        .sandbox(false)
        .window_size(Some((width, height)))
        .user_data_dir(Some(profile.path().to_path_buf()))
        .args(args)
        .idle_browser_timeout(Duration::from_secs(300))
        .build()
        .expect("launch options");
    Browser::new(options).expect("Chromium starts")
}

/// A page's visit: a server of the page, and a browser of its own (its own storage) with
/// one tab on it, of `width`×`height` CSS pixels.
pub struct Visit {
    pub tab: Arc<Tab>,
    _browser: Browser,
    _profile: tempfile::TempDir,
    pub served: Served,
}

pub fn visit(width: u32, height: u32) -> Visit {
    let served = Served::start();
    let profile = tempfile::tempdir().unwrap();
    let browser = browser(width, height, &profile);
    let tab = browser.new_tab().unwrap();
    Visit { tab, _browser: browser, _profile: profile, served }
}

/// What the page shows now (`None` before its first frame, or while it starts again: a
/// link followed in an open page reloads it).
pub fn shown(tab: &Tab) -> Option<Value> {
    let answer = tab.evaluate("window.omweso ? JSON.stringify(window.omweso.state()) : null", false);
    let text = match answer {
        Ok(answer) => answer.value?,
        Err(e) if e.to_string().contains("navigated") => return None,
        Err(e) => panic!("the page answers: {e}"),
    };
    serde_json::from_str(text.as_str()?).ok().filter(|v: &Value| !v.is_null())
}

/// Waits up to `limit` for what the page shows to satisfy `ok`, and gives it.
pub fn wait_for(tab: &Tab, what: &str, limit: Duration, ok: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let now = shown(tab);
        if let Some(v) = now.as_ref().filter(|v| ok(v)) {
            return v.clone();
        }
        if started.elapsed() >= limit {
            let shot = snapshot(tab, &format!("failed-{}", what.replace(' ', "-")));
            panic!("waited {limit:?} for {what}; the page shows {now:?} (see {})", shot.display());
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Keeps a picture of the page as target/web-test/NAME.png, and gives its path.
pub fn snapshot(tab: &Tab, name: &str) -> PathBuf {
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/web-test");
    std::fs::create_dir_all(&out).unwrap();
    let file = out.join(format!("{name}.png"));
    match tab.capture_screenshot(Page::CaptureScreenshotFormatOption::Png, None, None, true) {
        Ok(png) => std::fs::write(&file, png).unwrap(),
        Err(e) => eprintln!("no picture of the page: {e}"),
    }
    file
}

/// The position on the page's board.
pub fn position(v: &Value) -> Option<GameState> {
    v["state"].as_str()?.parse().ok()
}

/// Where hole `name` is on the canvas (CSS pixels).
pub fn hole_at(v: &Value, name: &str) -> Point {
    let at = &v["holes"][name];
    Point { x: at[0].as_f64().expect("the hole's x"), y: at[1].as_f64().expect("the hole's y") }
}

/// The page at `url`, its first frame drawn; gives what it shows and how long it took.
pub fn open(tab: &Arc<Tab>, url: &str) -> (Value, Duration) {
    let started = Instant::now();
    tab.navigate_to(url).expect("navigates");
    let first = wait_for(tab, "the first frame", Duration::from_secs(20), |v| v["frames"].as_u64() >= Some(1));
    (first, started.elapsed())
}

/// Waits for the board to show `start` (in notation) with its holes drawn; gives the
/// position and what the page shows.
pub fn wait_for_position(tab: &Tab, what: &str, start: &str) -> (GameState, Value) {
    let start: GameState = start.parse().unwrap();
    let v = wait_for(tab, what, Duration::from_secs(5), |v| {
        position(v).as_ref() == Some(&start) && v["holes"]["a"].is_array()
    });
    (start, v)
}

/// Plays hole `hole` by a click and waits for the board to show the move's position.
pub fn click_and_see(tab: &Tab, v: &Value, start: &GameState, hole: &str) -> GameState {
    tab.click_point(hole_at(v, hole)).unwrap();
    let expected = after(start, hole);
    wait_for(tab, &format!("the board after {hole}"), Duration::from_secs(10), |v| {
        position(v).as_ref() == Some(&expected)
    });
    expected
}

/// The position after `mv` (notation) is played in `before`.
pub fn after(before: &GameState, mv: &str) -> GameState {
    let m = omweso_rules::notation::parse_move(before, mv).expect("a legal move");
    before.play(&m).expect("it plays").0.state
}

/// The number the page gives for `expression`.
pub fn number(tab: &Tab, expression: &str) -> f64 {
    tab.evaluate(expression, false).unwrap().value.and_then(|v| v.as_f64()).expect("a number")
}
