//! Issue 36's "Done when", from outside, over the real binary and loopback only: `omweso
//! serve` on 127.0.0.1:0; four games at once by `omweso online host/join --computer`;
//! garbage and a huge frame sent to the port, then another game; the server killed
//! mid-game and started again on the same port and folder (the game finishes); both sides
//! report the same outcome; every game kept passes `omweso check` and replays by the
//! reference sower (`crates/omweso-rules/tests/reference`, written from RULES.md alone).

#[path = "../crates/omweso-rules/tests/reference/mod.rs"]
mod reference;

use omweso::savefile::{Phase, SavedGame};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_omweso");

/// A child process whose standard output is read line by line on a thread; killed when
/// dropped.
struct Running {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
    stderr_reader: Option<std::thread::JoinHandle<()>>,
    /// Standard input, held open (no line sent) when asked for.
    _input: Option<std::process::ChildStdin>,
}

impl Running {
    fn start(args: &[&str]) -> Running {
        Running::started(args, false)
    }

    /// A player reading standard input that stays open and silent: it waits at its prompt.
    fn waiting(args: &[&str]) -> Running {
        Running::started(args, true)
    }

    fn started(args: &[&str], open_input: bool) -> Running {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(if open_input { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let mut stderr_pipe = child.stderr.take().unwrap();
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let said = std::sync::Arc::clone(&stderr);
        let stderr_reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                said.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Running { child, lines, seen: Vec::new(), stderr, stderr_reader: Some(stderr_reader), _input: input }
    }

    /// The next line within `limit`.
    fn line(&mut self, limit: Duration) -> String {
        let line =
            self.lines.recv_timeout(limit).unwrap_or_else(|_| panic!("no line within {limit:?}: {:?}", self.seen));
        self.seen.push(line.clone());
        line
    }

    /// Every line to the end, and the exit status (within `limit`).
    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    fn finish(&mut self, limit: Duration) -> (Vec<String>, bool) {
        let until = Instant::now() + limit;
        loop {
            match self.lines.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => self.seen.push(line),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
                Err(_) if Instant::now() > until => {
                    panic!("not finished within {limit:?}: {:?}\n{}", self.seen, self.stderr())
                }
                Err(_) => {}
            }
        }
        let status = self.child.wait().unwrap();
        // All the program said on standard error, read to its end.
        if let Some(reader) = self.stderr_reader.take() {
            let _ = reader.join();
        }
        (self.seen.clone(), status.success())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(listen: &str, data: &Path) -> (Running, String) {
    let mut server = Running::start(&["serve", "--listen", listen, "--data", data.to_str().unwrap()]);
    let line = server.line(Duration::from_secs(10));
    let addr = line.strip_prefix("listening ").unwrap_or_else(|| panic!("not an address: {line}")).to_string();
    (server, addr)
}

/// A host and a guest played by the engine; the host's code read from its first line.
fn pair(addr: &str, time_ms: &str, seed: u32) -> (Running, Running) {
    let seed = seed.to_string();
    let common = ["--server", addr, "--computer", "beginner", "--time-ms", time_ms, "--reconnect-s", "30"];
    let mut host = Running::start(&[&["online", "host", "--seed", &seed], &common[..]].concat());
    let first = host.line(Duration::from_secs(10));
    let code = first.strip_prefix("code ").unwrap_or_else(|| panic!("the first line is not the code: {first}"));
    assert!(code.len() >= 8, "{code}: at least 40 bits");
    let guest = Running::start(&[&["online", "join", "--code", code, "--seed", &seed], &common[..]].concat());
    (host, guest)
}

/// Both sides end with status 0 and the same outcome line, after the same moves.
fn same_outcome(host: &mut Running, guest: &mut Running) -> String {
    let (a, a_ok) = host.finish(Duration::from_secs(180));
    assert!(a_ok, "the host failed: {a:?}\n{}", host.stderr());
    let (b, b_ok) = guest.finish(Duration::from_secs(60));
    assert!(b_ok, "the guest failed: {b:?}\n{}", guest.stderr());
    let moves = |lines: &[String]| lines.iter().filter(|l| l.starts_with("move ")).cloned().collect::<Vec<_>>();
    let (end_a, end_b) = (a.last().unwrap().clone(), b.last().unwrap().clone());
    assert_eq!(end_a, end_b);
    assert!(end_a.contains("wins") || end_a == "annulled", "{end_a}");
    // A client that resumed prints the moves it missed when it hears them; the moves each
    // printed are the game's moves in order either way.
    let (ma, mb) = (moves(&a), moves(&b));
    let shorter = ma.len().min(mb.len());
    assert_eq!(ma[ma.len() - shorter..], mb[mb.len() - shorter..]);
    end_a
}

/// A WebSocket handshake by hand, then a frame header that announces 16 MiB.
fn huge_frame(addr: &str) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(
        s,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .unwrap();
    let mut response = [0u8; 512];
    let n = s.read(&mut response).unwrap();
    assert!(String::from_utf8_lossy(&response[..n]).starts_with("HTTP/1.1 101"), "no upgrade");
    // FIN + text, masked, 64-bit length 16 MiB, a mask, then some of it.
    let mut frame = vec![0x81, 0xFF];
    frame.extend_from_slice(&(16u64 << 20).to_be_bytes());
    frame.extend_from_slice(&[1, 2, 3, 4]);
    frame.extend(std::iter::repeat_n(b'x', 64 * 1024));
    let _ = s.write_all(&frame);
    // The server closes the connection (a close frame, then the end of the stream).
    let mut rest = Vec::new();
    let _ = s.read_to_end(&mut rest);
}

fn garbage(addr: &str) {
    let mut s = TcpStream::connect(addr).unwrap();
    let _ = s.write_all(&[0x16, 0x03, 0x01, 0xff, 0xff]);
    let _ = s.write_all(&vec![0xAB; 100_000]);
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut rest = Vec::new();
    let _ = s.read_to_end(&mut rest);
}

/// The game in `file` replayed by the reference sower: each move is one of the reference's
/// moves of the state before it, with the same board and outcome after it.
fn replays_by_the_reference(file: &Path) -> usize {
    let saved = SavedGame::load(file).unwrap();
    let Phase::Play(game) = saved.phase else { panic!("{}: still in setup", file.display()) };
    let mut state = game.start().clone();
    for (i, entry) in game.moves().iter().enumerate() {
        let mv = entry.mv.as_ref().expect("no turn is lost online");
        let key = reference::engine_key(mv);
        let found = reference::reference_moves(&state).into_iter().find(|r| r.key() == key);
        let found =
            found.unwrap_or_else(|| panic!("{}: move {} `{mv}` is not legal by the reference", file.display(), i + 1));
        assert_eq!(found.result.board.to_position(), *entry.after.position(), "move {} `{mv}`", i + 1);
        assert_eq!(found.result.outcome, entry.after.outcome(), "move {} `{mv}`", i + 1);
        state = entry.after.clone();
    }
    assert!(game.result().is_some(), "{}: not finished", file.display());
    game.moves().len()
}

#[test]
fn games_through_omweso_serve_survive_hostile_input_and_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games");
    let (server, addr) = serve("127.0.0.1:0", &data);

    // Four games at once.
    let mut pairs: Vec<(Running, Running)> = (0..4).map(|i| pair(&addr, "5", i)).collect();
    let ends: Vec<String> = pairs.iter_mut().map(|(h, g)| same_outcome(h, g)).collect();
    assert_eq!(ends.len(), 4);

    // Garbage and a huge frame, then another game.
    garbage(&addr);
    huge_frame(&addr);
    let (mut h, mut g) = pair(&addr, "5", 9);
    same_outcome(&mut h, &mut g);

    // The server killed mid-game, and started again on the same port and folder.
    let (mut h, mut g) = pair(&addr, "100", 17);
    let mut moves = 0;
    while moves < 2 {
        if h.line(Duration::from_secs(30)).starts_with("move ") {
            moves += 1;
        }
    }
    drop(server);
    std::thread::sleep(Duration::from_millis(500));
    let (server, again) = serve(&addr, &data);
    assert_eq!(again, addr);
    same_outcome(&mut h, &mut g);
    for side in [&h, &g] {
        let said = side.stderr();
        assert!(said.contains("connection lost") && said.contains("connected again"), "{said}");
    }
    let log = server.stderr();
    assert!(log.contains("resumes game"), "{log}");
    drop(server);

    // Every game kept: `omweso check` passes and the reference replays it.
    let mut kept = 0;
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "omweso") {
            let check = Command::new(BIN).arg("check").arg(&path).output().unwrap();
            let said = String::from_utf8_lossy(&check.stdout);
            assert!(check.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&check.stderr));
            assert!(said.contains("wins") || said.contains("annulled"), "{said}");
            assert!(replays_by_the_reference(&path) > 0);
            kept += 1;
        }
    }
    assert_eq!(kept, 6, "six games kept");
}

#[test]
fn a_player_killed_mid_game_takes_its_seat_again_and_input_that_ends_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = serve("127.0.0.1:0", &dir.path().join("games"));

    let (mut host, mut guest) = pair(&addr, "100", 3);
    let code = host.seen[0].strip_prefix("code ").unwrap().to_string();
    let mut moves = 0;
    while moves < 2 {
        if host.line(Duration::from_secs(30)).starts_with("move ") {
            moves += 1;
        }
    }
    // The host's program is killed mid-game; its token (said on standard error) takes the
    // seat again, and the game ends for both alike.
    let said = host.stderr();
    let token = said
        .split_whitespace()
        .skip_while(|w| *w != "--token")
        .nth(1)
        .unwrap_or_else(|| panic!("no token said: {said}"))
        .to_string();
    drop(host);
    let mut again = Running::start(&[
        "online",
        "resume",
        "--server",
        &addr,
        "--code",
        &code,
        "--token",
        &token,
        "--computer",
        "beginner",
        "--time-ms",
        "5",
    ]);
    same_outcome(&mut again, &mut guest);

    let output = Command::new(BIN)
        .args(["online", "join", "--server", &addr, "--code", "0000000000"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("no game has the code 0000000000"), "{err}");

    // A player reading its layout and moves from an input that ends: Upper lays out
    // first, finds no line, and ends with a one-line error and status 1.
    let mut human = Running::start(&["online", "host", "--server", &addr, "--side", "upper"]);
    assert!(human.line(Duration::from_secs(10)).starts_with("code "));
    let (lines, ok) = human.finish(Duration::from_secs(10));
    assert!(!ok, "{lines:?}");
    assert!(human.stderr().contains("the input ended before the game did"), "{}", human.stderr());
}

/// A host (Lower) and a guest played by the engine, to the end; the host's code.
fn engine_game(addr: &str) -> (Vec<String>, Vec<String>, String) {
    let common = ["--server", addr, "--computer", "beginner", "--time-ms", "5"];
    let mut host = Running::start(&[&["online", "host", "--side", "lower"], &common[..]].concat());
    let code = host.line(Duration::from_secs(10)).strip_prefix("code ").unwrap().to_string();
    let mut guest = Running::start(&[&["online", "join", "--code", &code], &common[..]].concat());
    let (h, h_ok) = host.finish(Duration::from_secs(120));
    let (g, g_ok) = guest.finish(Duration::from_secs(60));
    assert!(h_ok && g_ok, "{h:?}\n{g:?}");
    (h, g, code)
}

#[test]
fn the_side_laying_out_second_is_shown_the_first_layout_before_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = serve("127.0.0.1:0", &dir.path().join("games"));
    let (host, guest, _) = engine_game(&addr);
    // Upper (the guest) lays out first; Lower sees it, then lays out.
    let at = |lines: &[String], prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
    let (seen, own) = (at(&host, "layout upper "), at(&host, "layout lower "));
    assert!(seen.is_some() && seen < own, "{host:?}");
    assert_eq!(host[seen.unwrap()], guest[at(&guest, "layout upper ").unwrap()], "the layout Upper laid out");
}

#[test]
fn a_guest_is_given_no_code_to_pass_on() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = serve("127.0.0.1:0", &dir.path().join("games"));
    let (host, guest, _) = engine_game(&addr);
    assert!(host[0].starts_with("code "), "{host:?}");
    assert_eq!(guest[0], "seat upper", "{guest:?}");
    assert!(!guest.iter().any(|l| l.starts_with("code ")), "{guest:?}");
}

#[test]
fn a_finished_games_code_says_how_it_ended() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = serve("127.0.0.1:0", &dir.path().join("games"));
    let (host, _, code) = engine_game(&addr);
    let end = host.last().unwrap().clone();
    let output = Command::new(BIN)
        .args(["online", "join", "--server", &addr, "--code", &code])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains(&format!("game {code} is over ({end})")), "{err}");
    assert!(!err.contains("taken"), "{err}");
}

#[test]
fn a_player_coming_back_is_told_that_the_other_is_away() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = serve("127.0.0.1:0", &dir.path().join("games"));
    // Upper hosts and waits at its layout prompt (hearing nothing more while it waits);
    // Lower joins and waits too.
    let mut host = Running::waiting(&["online", "host", "--server", &addr, "--side", "upper", "--name", "Ann"]);
    let code = host.line(Duration::from_secs(10)).strip_prefix("code ").unwrap().to_string();
    let mut guest = Running::waiting(&["online", "join", "--server", &addr, "--code", &code, "--name", "Ben"]);
    while guest.line(Duration::from_secs(10)) != "seat lower" {}
    let said = host.stderr();
    let token = said.split_whitespace().skip_while(|w| *w != "--token").nth(1).unwrap().to_string();
    // Both go away; Upper comes back alone.
    drop(guest);
    drop(host);
    let back = Running::waiting(&["online", "resume", "--server", &addr, "--code", &code, "--token", &token]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !back.stderr().contains("lower is away") {
        assert!(Instant::now() < deadline, "nothing said of Lower: {}", back.stderr());
        std::thread::sleep(Duration::from_millis(50));
    }
}
